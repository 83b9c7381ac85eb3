package scmp.noc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;

/**
 * The torus of the T3D model (docs/t3d.md, "The data torus"): wiring, the shorter way round each ring, the zero-load
 * latency {@code 2h + c + P + 2} of single-cycle routers with 1-cycle links and a cycle per corner, and freedom
 * from deadlock through dateline virtual channels.
 */
class TorusTest {

    /** The T3D's network: 2 dateline VCs of 8 phits, one-cycle routers and links. */
    private static NocConfig t3d(int buffer) {
        return new NocConfig(2, buffer, 0, 0, 0, 1, 1, 1, 8, 1, FlitFormat.SCMP, ArbiterKind.ROUND_ROBIN,
                AllocatorKind.INPUT_FIRST, VcSelection.ANY);
    }

    private static RouterNetwork torus(int x, int y, int z, int endpoints, NocConfig cfg) {
        Torus3D t = new Torus3D(x, y, z, endpoints);
        return new RouterNetwork(t, new TorusRouting(t, cfg.vcs(), 1), cfg);
    }

    @Test
    void everyLinkLeadsToTheNeighbourItFacesAndBack() {
        Torus3D t = new Torus3D(4, 3, 2, 2);
        assertEquals(8, t.ports());
        assertEquals(48, t.nodes());
        for (int r = 0; r < t.routers(); r++) {
            for (int p = t.firstLink(); p < t.ports(); p++) {
                int d = t.downstream(r, p);
                int dim = t.dimension(p);
                int next = d / t.ports();
                int back = t.plus(p) ? p + 1 : p - 1;
                assertEquals(back, d % t.ports());
                assertEquals(r * t.ports() + p, t.downstream(next, back), "the facing port leads back");
                int step = t.plus(p) ? 1 : t.size(dim) - 1;
                assertEquals((t.coordinate(r, dim) + step) % t.size(dim), t.coordinate(next, dim));
            }
        }
        assertEquals(-1, new Torus3D(4, 1, 1, 1).downstream(0, 1 + Torus3D.PLUS_Y), "a dimension of 1 has no links");
        assertEquals("L1", t.portName(1));
        assertEquals("-Z", t.portName(2 + Torus3D.MINUS_Z));
        assertEquals("(3,2,1)", t.routerName(23));
    }

    @ParameterizedTest(name = "{0} -> {1} on 8x4x2: {2} hops")
    @CsvSource({"0, 14, 1", "0, 1, 0", "0, 8, 4", "0, 6, 3", "0, 63, 2", "18, 47, 3", "0, 126, 3"})
    void hopsGoTheShorterWayRound(int src, int dst, int hops) {
        // endpoints 2: router = node / 2
        assertEquals(hops, new Torus3D(8, 4, 2, 2).hops(src, dst));
    }

    @ParameterizedTest(name = "P={0}: ({1},{2},{3}) -> ({4},{5},{6}), {7} hops, {8} corners")
    @CsvSource({
        "1, 0,0,0, 1,0,0, 1, 0",
        "6, 0,0,0, 3,0,0, 3, 0",
        "6, 0,0,0, 7,0,0, 1, 0",   // the wrap-around link: one hop, not seven
        "12, 0,0,0, 5,0,0, 3, 0",  // 5 = 3 the - way round 8
        "6, 0,0,0, 1,1,0, 2, 1",
        "4, 1,3,1, 0,0,0, 3, 2",   // X, then Y the + way (wrap), then Z: two corners
        "4, 1,1,1, 0,3,0, 4, 2",   // Y two hops either way: the + way
        "12, 7,3,1, 0,0,0, 3, 2",
        "2, 2,0,0, 2,0,0, 0, 0"})
    void zeroLoadLatencyIsTwoCyclesAHopPlusOneACorner(int phits, int x0, int y0, int z0, int x1, int y1, int z1,
            int hops, int corners) {
        RouterNetwork net = torus(8, 4, 2, 1, t3d(8));
        Torus3D t = (Torus3D) net.topology();
        int src = x0 + 8 * (y0 + 4 * z0);
        int dst = x1 + 8 * (y1 + 4 * z1);
        assertEquals(hops, t.hops(src, dst));
        assertEquals(2L * hops + corners + phits + 2, Harness.latency(net, src, dst, phits));
    }

    @Test
    void theTwoEndpointsOfANodeReachEachOtherThroughTheirRouter() {
        RouterNetwork net = torus(2, 1, 1, 2, t3d(8));
        assertEquals(6 + 2, Harness.latency(net, 0, 1, 6));
        assertEquals(2 + 6 + 2, Harness.latency(torus(2, 1, 1, 2, t3d(8)), 1, 3, 6));
    }

    /** All-to-all traffic of long packets on a ring with buffers much shorter than the packets. */
    private static long allToAllOnARing(RoutingFunction routing, Torus3D ring, NocConfig cfg, int phits) {
        RouterNetwork net = new RouterNetwork(ring, routing, cfg);
        int n = ring.nodes();
        List<ArrayDeque<Long>> queues = new java.util.ArrayList<>();
        long expected = 0;
        for (int s = 0; s < n; s++) {
            ArrayDeque<Long> q = new ArrayDeque<>();
            for (int k = 1; k < n; k++) {
                int d = (s + k) % n;
                for (long f : Harness.message(net, s, d, phits, 1 + s)) {
                    q.add(f);
                }
                expected++;
            }
            queues.add(q);
        }
        long tails = 0;
        for (int cycle = 0; cycle < 200_000; cycle++) {
            for (int s = 0; s < n; s++) {
                if (!queues.get(s).isEmpty() && net.canInject(s)) {
                    net.inject(s, queues.get(s).poll());
                }
                long f;
                while ((f = net.pollEject(s)) != Flit.NONE) {
                    tails += Flit.isTail(f) ? 1 : 0;
                }
            }
            if (tails == expected && net.isIdle()) {
                net.checkInvariants();
                return cycle;
            }
            if (!net.isIdle() && net.cycle() - net.lastProgressCycle() > 1000) {
                return -1;
            }
            net.step();
        }
        return -1;
    }

    @Test
    void datelineVirtualChannelsKeepAllToAllTrafficOnARingFromDeadlock() {
        NocConfig cfg = t3d(2);
        for (int size : new int[] {4, 5, 8}) {
            Torus3D ring = new Torus3D(size, 1, 1, 1);
            long cycles = allToAllOnARing(new TorusRouting(ring, 2, 1), ring, cfg, 24);
            assertTrue(cycles > 0, "ring of " + size + " deadlocked");
        }
        // the same traffic with the classes ignored (any free VC on any link) closes a cycle around the ring
        Torus3D ring = new Torus3D(8, 1, 1, 1);
        TorusRouting dateline = new TorusRouting(ring, 2, 1);
        RoutingFunction anyVc = new RoutingFunction() {
            @Override
            public int route(int router, int inPort, int payload) {
                return dateline.route(router, inPort, payload);
            }

            @Override
            public int forward(int router, int outPort, int payload) {
                return payload;
            }

            @Override
            public int encodeHead(int src, int dst, int type, int stride) {
                return dateline.encodeHead(src, dst, type, stride);
            }

            @Override
            public int destination(int src, int payload) {
                return dateline.destination(src, payload);
            }
        };
        assertEquals(-1, allToAllOnARing(anyVc, ring, cfg, 24), "without datelines the ring deadlocks");
    }

    @Test
    void datelineRoutingNeedsAnEvenNumberOfVirtualChannels() {
        Torus3D t = new Torus3D(2, 2, 2, 2);
        assertThrows(IllegalArgumentException.class, () -> new TorusRouting(t, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> new TorusRouting(t, 1, 1));
    }
}
