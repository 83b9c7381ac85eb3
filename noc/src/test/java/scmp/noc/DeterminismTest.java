package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.noc.traffic.SyntheticTraffic;
import scmp.noc.traffic.TrafficPattern;
import scmp.noc.traffic.TrafficResult;

/** Same seed, same results; and the order in which routers are stepped changes nothing (two-phase clocking). */
class DeterminismTest {

    private static TrafficResult run(long seed, boolean reverse, TrafficPattern p) {
        RouterNetwork net = RouterNetwork.mesh(4, 4, NocConfig.defaults().withVcs(2).withBufferDepth(4));
        net.stepInReverseOrder(reverse);
        return new SyntheticTraffic(net, p, 0.5, 4, seed).run(300, 1500, 5000);
    }

    @Test
    void sameSeedSameResults() {
        assertEquals(run(42, false, TrafficPattern.UNIFORM), run(42, false, TrafficPattern.UNIFORM));
        assertNotEquals(run(42, false, TrafficPattern.UNIFORM), run(43, false, TrafficPattern.UNIFORM));
    }

    @Test
    void steppingOrderDoesNotMatter() {
        for (TrafficPattern p : TrafficPattern.values()) {
            assertEquals(run(7, false, p), run(7, true, p), p.spec());
        }
    }

    @Test
    void idleNetworkSteppsNoRouter() {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        net.inject(0, net.headFlit(0, 9, 1, 1) | Flit.TAIL);
        net.step();
        assertEquals(1, net.activeRouters());
        for (int c = 0; c < 40; c++) {
            net.pollEject(9);
            net.step();
        }
        assertTrue(net.isIdle());
        assertEquals(0, net.activeRouters());
        long links = net.linkLoads().stream().mapToLong(LinkLoad::flits).sum();
        assertEquals(2, links, "one flit over two links: (0,0)->(1,0)->(1,1)");
        assertEquals(1, net.injectedFlits(0));
        assertEquals(1, net.ejectedFlits(9));
    }
}
