package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.noc.Mesh2D;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;

/**
 * Every pattern at low load on the 8x8 mesh meets the zero-load latency (docs/noc.md section 7, BookSim's
 * formula in this model's delays): {@code T0 = (h + 1) D + h L + 2 + (P - 1)} at the pattern's mean hop count
 * {@code h}, within 2% on average; packet by packet, none is faster than {@code T(P, h)} for its own hops and
 * at least nine in ten are exactly at it (at 5% of the ideal throughput some still meet another packet).
 */
class ZeroLoadPatternTest {

    @Test
    void everyPatternMeetsTheZeroLoadLatency() {
        Mesh2D mesh = new Mesh2D(8, 8);
        NocConfig cfg = NocConfig.defaults();
        StringBuilder report = new StringBuilder();
        for (TrafficPattern p : new TrafficPattern[] {TrafficPattern.UNIFORM, TrafficPattern.TRANSPOSE,
            TrafficPattern.BITCOMP, TrafficPattern.BITREV, TrafficPattern.SHUFFLE, TrafficPattern.BITROT,
            TrafficPattern.TORNADO, TrafficPattern.NEIGHBOR, TrafficPattern.HOTSPOT,
            TrafficPattern.parse("hotspot({0,63},{1,1})")}) {
            int flits = 4;
            PatternAnalysis a = PatternAnalysis.of(mesh, p);
            // low load: at most 5% of the pattern's ideal throughput, long enough for 8000 packets or so
            double rate = Math.min(0.004, 0.05 * a.idealThroughput());
            long window = Math.max(150_000, (long) (8000 * flits / (64 * rate)));
            TrafficResult r = new SyntheticTraffic(RouterNetwork.mesh(8, 8, cfg), p, rate, flits, 5).run(1000, window, 5000);
            double h = a.meanHops();
            double t0 = (h + 1) * cfg.routerDelay() + h * cfg.linkDelay() + 2 + flits - 1;
            String line = String.format("%s: T0 %.2f, measured %.2f (hops %.3f, predicted %.3f), %d packets, %.1f%% exact%n",
                    p, t0, r.avgNetworkLatency(), r.avgHops(), h, r.packets(), 100.0 * r.atZeroLoad() / r.packets());
            report.append(line);
            assertTrue(r.stable() && r.packets() > 7000, line);
            assertEquals(t0, r.avgNetworkLatency(), 0.02 * t0, line);
            assertEquals(r.avgNetworkLatency(), r.avgPacketLatency(), 0.05, line);   // no source queueing to speak of
            assertEquals(0, r.minExcess(), line);
            assertTrue(r.atZeroLoad() > 0.9 * r.packets(), line);
        }
        System.out.print(report);
    }
}
