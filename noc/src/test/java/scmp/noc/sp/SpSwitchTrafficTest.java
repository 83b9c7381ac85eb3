package scmp.noc.sp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import scmp.noc.Flit;
import scmp.noc.NocConfig;
import scmp.noc.traffic.BookSimConfig;
import scmp.noc.traffic.Injection;
import scmp.noc.traffic.SeedRuns;
import scmp.noc.traffic.TrafficPattern;
import scmp.noc.traffic.TrafficResult;
import scmp.noc.traffic.TrafficStudy;

/** The SP switch under {@code scmpsim noc}'s synthetic traffic (docs/noc.md, "The SP switch"). */
class SpSwitchTrafficTest {

    private static TrafficStudy study(int nodes, double rate, int flits, double step) {
        return TrafficStudy.of(new TrafficStudy.Settings(String.valueOf(nodes), TrafficPattern.UNIFORM,
                Injection.BERNOULLI, rate, flits, NocConfig.defaults(), null, 1, 1, 20000, 100000, 200000, step, 5000));
    }

    /** A lone packet's latency on each route is the formula of docs/sp.md's "Timing": P + 332 + 42 * 2e + S(P). */
    @Test
    void lonePacketsTakeTheirRoutesLatency() {
        SpSwitchNetwork net = new SpSwitchNetwork(4);
        int flits = 3;
        long s = MultistageSwitch.linkCycles(flits, 332, 160);   // (8 + 12) * 332 / 160 rounded up = 42
        assertEquals(42, s);
        long[] expected = {flits + 332 + s, flits + 332 + 4 * 42 + s, flits + 332 + 2 * 42 + s, flits + 332 + 6 * 42 + s};
        for (int k = 0; k < 4; k++) {
            // packet k of the pair 0 -> 1 takes route k
            assertEquals(k, net.core().nextRoute(0, 1));
            long head = net.cycle();
            for (int f = 0; f < flits; f++) {
                long flit = f == 0 ? net.headFlit(0, 1, 0, 1) : Flit.of(f, false, false);
                net.inject(0, Flit.withTag(f == flits - 1 ? flit | Flit.TAIL : flit, 7));
                net.step();
            }
            long tail = Flit.NONE;
            int got = 0;
            while (tail == Flit.NONE || !Flit.isTail(tail)) {
                long f = net.pollEject(1);
                if (f == Flit.NONE) {
                    net.step();
                    continue;
                }
                got++;
                assertEquals(7, Flit.tag(f));
                tail = f;
            }
            assertEquals(flits, got);
            assertEquals(expected[k], net.cycle() - head, "route " + k);
            assertEquals(expected[k], net.zeroLoadLatency(flits, MultistageSwitch.extraChips(k, 4)));
            assertTrue(net.isIdle());
        }
    }

    /** At a low rate the mean network latency is the zero-load formula averaged over the routes. */
    @Test
    void lowRateMatchesTheZeroLoadFormula() {
        TrafficStudy st = study(16, 0.001, 1, 0.01);
        assertEquals(1 + 332 + 3 * 42 + 25, st.zeroLoadLatency(), 1e-9);
        TrafficResult r = st.once(0.001).mean();
        assertTrue(r.packets() > 1000, "packets " + r.packets());
        assertEquals(0, r.minExcess());
        // the routes' latencies spread over 0..252 cycles (standard deviation 94): the mean's sampling error
        double error = 94 / Math.sqrt(r.packets());
        assertEquals(st.zeroLoadLatency(), r.avgNetworkLatency(), 3 * error + 1,
                "measured " + r.avgNetworkLatency() + " against " + st.zeroLoadLatency());
    }

    /** A sweep saturates near the links' ideal throughput, P / S(P) flits per node per cycle under uniform traffic. */
    @Test
    void sweepSaturatesAtTheLinksThroughput() {
        TrafficStudy st = study(16, 0.01, 16, 0.01);
        double ideal = 16.0 / 150;
        assertEquals(ideal, st.analysis().idealThroughput(), 1e-9);
        TrafficStudy.Sweep sw = st.sweep(p -> { });
        assertNotNull(sw.knee(), "no saturation: " + sw.reason());
        assertTrue(sw.peak() > 0.85 * ideal && sw.peak() <= ideal * 1.02, "peak " + sw.peak());
        assertTrue(sw.lastStable() >= 0.08, "last stable " + sw.lastStable());
    }

    /** A BookSim-style configuration names the switch with {@code topology = sp} and its nodes with {@code k}. */
    @Test
    void configurationKey() {
        var o = BookSimConfig.parse("topology = sp; k = 8; packet_size = 4;", "t.cfg").options();
        assertEquals("sp", o.get("--topology"));
        assertEquals("8", o.get("--mesh"));
        assertThrows(IllegalArgumentException.class, () -> BookSimConfig.parse("topology = sp; n = 2;", "t.cfg").options());
    }

    /** The JSON of a run names the topology and leaves out the routers' settings. */
    @Test
    void jsonOfARun() {
        TrafficStudy st = study(8, 0.01, 4, 0.01);
        SeedRuns runs = st.once(0.01);
        JsonObject o = st.json(runs);
        assertEquals("sp", o.getAsJsonObject("settings").get("topology").getAsString());
        assertEquals("8", o.getAsJsonObject("settings").get("mesh").getAsString());
        assertTrue(!o.getAsJsonObject("settings").has("num_vcs"));
        assertTrue(o.getAsJsonObject("result").toString().contains("avg_network_latency"), o.toString());
    }
}
