package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.noc.NocConfig;
import scmp.noc.RouterNetwork;
import scmp.noc.VcSelection;

/**
 * Synthetic traffic on the 3D torus (docs/noc.md section 7, "The torus"): the T3D model's dimension-order routing
 * with dateline virtual channels under BookSim's measurement, the zero-load latency of docs/timing.md section 4
 * at the torus's hop counts, saturation under a sweep, and the patterns that need a 2D mesh refused.
 */
class TorusTrafficTest {

    private static final NocConfig ANY = NocConfig.defaults().withVcSelection(VcSelection.ANY);

    private static TrafficStudy study(String size, TrafficPattern p, double step) {
        return TrafficStudy.of(new TrafficStudy.Settings(size, p, Injection.BERNOULLI, 0.01, 5, ANY, null, 1, 1, 1000,
                4000, 4000, step, 500));
    }

    @Test
    void uniformHopsOnAFourAryThreeCube() {
        // each ring of 4 is 0, 1, 2 or 1 hops away from a node, 1 on average; three rings
        PatternAnalysis a = study("4x4x4", TrafficPattern.UNIFORM, 0.1).analysis();
        assertEquals(3.0, a.meanHops(), 1e-12);
        // T(5, 3) = (h + 1) D + h L + 2 + (P - 1) = 16 + 3 + 2 + 4
        assertEquals(25.0, study("4x4x4", TrafficPattern.UNIFORM, 0.1).zeroLoadLatency(), 1e-12);
    }

    @Test
    void lowLoadLatencyIsTheZeroLoadFormula() {
        TrafficStudy s = study("4x4x4", TrafficPattern.UNIFORM, 0.1);
        TrafficResult r = s.run(0.01, 1, null);
        assertTrue(r.stable(), r.report());
        // T(5, h) = (h + 1) 4 + h + 2 + 4 = 10 + 5 h, packet by packet at each packet's torus hops
        assertEquals(10 + 5 * r.avgHops(), r.avgNetworkLatency(), 0.5, r.report());
        assertEquals(0, r.minExcess(), r.report());
        assertTrue(r.atZeroLoad() > 0.9 * r.packets(), r.report());
        assertEquals(3.0, r.avgHops(), 0.1, r.report());
        assertEquals(s.zeroLoadLatency(), r.avgNetworkLatency(), 0.5, r.report());
    }

    @Test
    void wrapAroundLinksShortenTheRoute() {
        // bitcomp sends node n to 63 - n: on the 4x4x4 torus every coordinate c goes to 3 - c, 1 or 3 places
        // forward, so 1 hop the short way round (a 3-hop trip on a mesh of 4)
        TrafficResult r = study("4x4x4", TrafficPattern.BITCOMP, 0.1).run(0.01, 1, null);
        assertEquals(3.0, r.avgHops(), 1e-12, r.report());
        assertEquals(0, r.minExcess(), r.report());
    }

    @Test
    void sweepSaturates() {
        TrafficStudy.Sweep sw = study("4x4x4", TrafficPattern.UNIFORM, 0.1).sweep(p -> { });
        assertNotNull(sw.knee(), "no saturation up to 1 flit/node/cycle");
        assertTrue(sw.lastStable() >= 0.3, "saturated already at " + sw.knee().mean().rate());
        assertTrue(sw.peak() < 1.0 && sw.peak() > 0.3, "peak " + sw.peak());
    }

    @Test
    void meshPatternsAreRefusedWithOneLine() {
        for (TrafficPattern p : new TrafficPattern[] {TrafficPattern.TRANSPOSE, TrafficPattern.TORNADO,
            TrafficPattern.NEIGHBOR}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> study("4x4x4", p, 0.1));
            assertEquals(p.kind().label() + " traffic is defined on a 2D mesh's coordinates, not on the torus 4x4x4; "
                    + "use uniform, bitcomp, bitrev, shuffle, bitrot or hotspot", e.getMessage());
        }
    }

    @Test
    void perFlowVirtualChannelsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RouterNetwork.torus(4, 4, 4, NocConfig.defaults().withVcSelection(VcSelection.FLOW)));
        assertEquals("the torus's dateline classes need --vc-select any, not flow", e.getMessage());
    }
}
