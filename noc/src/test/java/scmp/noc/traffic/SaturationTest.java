package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;

/**
 * Uniform random traffic on the 8x8 mesh with the default router (docs/timing.md section 4): latency at low
 * load is the zero-load formula averaged over distances, the network keeps up at 0.30 flits/node/cycle, and
 * its saturation throughput lies near 0.40, the low end of what BookSim reports for such meshes (the bisection
 * bound is 0.5).
 */
class SaturationTest {

    private static TrafficResult run(double rate, long measure, long drain) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        return new SyntheticTraffic(net, TrafficPattern.UNIFORM, rate, 5, 1).run(1000, measure, drain);
    }

    @Test
    void lowLoadLatencyIsTheZeroLoadFormula() {
        TrafficResult r = run(0.01, 5000, 2000);
        assertTrue(r.stable());
        // T(5, h) = (h + 1) 4 + h + 2 + 4 = 10 + 5 h, averaged over the measured packets' hops
        double zeroLoad = 10 + 5 * r.avgHops();
        assertEquals(zeroLoad, r.avgNetworkLatency(), 0.5, r.report());
        // packet by packet: none is faster than the formula for its hops, and at 1% load nine in ten meet it exactly
        assertEquals(0, r.minExcess(), r.report());
        assertTrue(r.atZeroLoad() > 0.9 * r.packets(), r.report());
        assertEquals(r.avgNetworkLatency() - zeroLoad, r.avgExcess(), 1e-9, r.report());
    }

    @Test
    void keepsUpBelowSaturation() {
        TrafficResult r = run(0.30, 3000, 5000);
        assertTrue(r.stable(), r.report());
        assertEquals(r.offered(), r.accepted(), 0.01, r.report());
        assertTrue(r.avgPacketLatency() < 2 * (10 + 5 * r.avgHops()), r.report());
    }

    @Test
    void saturationThroughputNearPointFour() {
        // offered load far beyond saturation: the accepted throughput is the saturation throughput
        TrafficResult r = run(0.8, 3000, 0);
        assertFalse(r.stable());
        assertTrue(r.accepted() > 0.38 && r.accepted() < 0.45, r.report());
    }
}
