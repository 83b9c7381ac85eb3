package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import scmp.noc.Mesh2D;
import scmp.noc.NocConfig;
import scmp.noc.RouterNetwork;
import scmp.noc.VcSelection;

/**
 * Saturation of the 8x8 mesh with the default router (docs/timing.md section 4, docs/noc.md section 7):
 * uniform traffic keeps up at 0.30 flits/node/cycle and saturates near 0.40 with any virtual channel, the low end
 * of the 0.4-0.5 that BookSim setups report for such meshes (the bisection bound is 0.5), and near 0.38 with one
 * virtual channel per flow; every pattern keeps up at 60% of its ideal throughput under dimension-order routing
 * and is saturated at 120% of it, under both virtual-channel selections.
 */
class SaturationTest {

    private static TrafficResult run(TrafficPattern p, double rate, long measure, long drain) {
        return run(p, rate, measure, drain, NocConfig.defaults().vcSelection());
    }

    private static TrafficResult run(TrafficPattern p, double rate, long measure, long drain, VcSelection how) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults().withVcSelection(how));
        return new SyntheticTraffic(net, p, rate, 5, 1).run(1000, measure, drain);
    }

    @Test
    void lowLoadLatencyIsTheZeroLoadFormula() {
        TrafficResult r = run(TrafficPattern.UNIFORM, 0.01, 5000, 2000);
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
        TrafficResult r = run(TrafficPattern.UNIFORM, 0.30, 3000, 5000);
        assertTrue(r.stable() && !r.rising(), r.report());
        assertEquals(r.offered(), r.accepted(), 0.01, r.report());
        assertTrue(r.avgPacketLatency() < 2 * (10 + 5 * r.avgHops()), r.report());
    }

    @ParameterizedTest(name = "{0}: saturation throughput {1}..{2}")
    @CsvSource({"FLOW, 0.36, 0.40", "ANY, 0.38, 0.45"})
    void saturationThroughputNearPointFour(VcSelection how, double least, double most) {
        // offered load far beyond saturation: the accepted throughput is the saturation throughput
        TrafficResult r = run(TrafficPattern.UNIFORM, 0.8, 3000, 0, how);
        assertFalse(r.stable());
        assertTrue(r.accepted() > least && r.accepted() < most, r.report());
    }

    @ParameterizedTest
    @EnumSource(VcSelection.class)
    void everyPatternSaturatesNearItsIdealThroughput(VcSelection how) {
        Mesh2D mesh = new Mesh2D(8, 8);
        for (TrafficPattern p : TrafficPattern.values()) {
            double ideal = PatternAnalysis.of(mesh, p).idealThroughput();
            TrafficResult below = run(p, 0.6 * ideal, 4000, 20_000, how);
            assertTrue(below.stable() && !below.rising(), p + " at 60% of " + ideal + "\n" + below.report());
            assertEquals(below.offered(), below.accepted(), 0.02 * below.offered(), p + "\n" + below.report());
            if (ideal < 1) {
                TrafficResult above = run(p, 1.2 * ideal, 4000, 5000, how);
                assertTrue(!above.stable() || above.rising() || above.accepted() < 0.95 * above.offered(),
                        p + " at 120% of " + ideal + "\n" + above.report());
            }
        }
    }
}
