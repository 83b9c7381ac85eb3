package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wormhole behaviour on a 4x1 mesh (nodes 0..3 in a row) whose node 3 stops draining: a long message to node 3
 * stalls in place holding one virtual channel per link; another message sharing a link gets through on
 * another virtual channel, but not when there is only one; the sender is throttled through credits and
 * nothing is lost.
 */
class WormholeTest {

    /** Injects a message as the network accepts it, draining nodes other than 3; returns flits injected. */
    private static int pump(RouterNetwork net, long[] msg, int src, int cycles, List<long[]> sink) {
        int sent = 0;
        for (int c = 0; c < cycles; c++) {
            if (sent < msg.length && net.canInject(src, msg[sent])) {
                net.inject(src, msg[sent++]);
            }
            for (int node = 0; node < 3; node++) {
                long f;
                while ((f = net.pollEject(node)) != Flit.NONE) {
                    sink.add(new long[] {node, f, net.cycle()});
                }
            }
            net.step();
        }
        return sent;
    }

    private static boolean arrived(List<long[]> sink, int node, int tag) {
        return sink.stream().anyMatch(e -> e[0] == node && Flit.tag(e[1]) == tag && Flit.isTail(e[1]));
    }

    @Test
    void blockedMessageDoesNotBlockAnotherVirtualChannel() {
        RouterNetwork net = RouterNetwork.mesh(4, 1, NocConfig.defaults().withVcs(2).withVcSelection(VcSelection.ANY));
        List<long[]> sink = Harness.sink();
        long[] a = Harness.message(net, 0, 3, 60, 1);
        int sentA = pump(net, a, 0, 200, sink);
        assertTrue(sentA < 60, "the blocked message must stall its sender");
        assertFalse(net.canInject(0));
        // B from node 1 to node 2 shares link 1->2 with the stalled A
        long[] b = Harness.message(net, 1, 2, 6, 2);
        pump(net, b, 1, 100, sink);
        assertTrue(arrived(sink, 2, 2), "B must pass A on the other virtual channel:\n" + net.stateReport());
        assertFalse(arrived(sink, 3, 1));
    }

    @Test
    void withOneVirtualChannelTheWormBlocksTheLink() {
        RouterNetwork net = RouterNetwork.mesh(4, 1, NocConfig.defaults().withVcs(1));
        List<long[]> sink = Harness.sink();
        long[] a = Harness.message(net, 0, 3, 60, 1);
        pump(net, a, 0, 200, sink);
        long[] b = Harness.message(net, 1, 2, 6, 2);
        pump(net, b, 1, 300, sink);
        assertFalse(arrived(sink, 2, 2), "B must wait behind A's worm");
        String report = net.stateReport();
        assertTrue(report.contains("all its VCs held by other messages"), report);
        assertTrue(report.contains("waiting for the network interface"), report);
        // node 3 drains: A completes, and only once A's tail has left router (1,0) can B follow
        int sentA = (int) net.injectedFlits(0);
        long tailOfA = -1;
        for (int c = 0; c < 1000 && !(arrived(sink, 2, 2) && arrived(sink, 3, 1)); c++) {
            if (sentA < a.length && net.canInject(0, a[sentA])) {
                net.inject(0, a[sentA++]);
                if (sentA == a.length) {
                    tailOfA = net.cycle();
                }
            }
            for (int node = 0; node < 4; node++) {
                long f;
                while ((f = net.pollEject(node)) != Flit.NONE) {
                    sink.add(new long[] {node, f, net.cycle()});
                }
            }
            net.step();
        }
        assertTrue(arrived(sink, 3, 1) && arrived(sink, 2, 2));
        long bArrival = sink.stream().filter(e -> e[0] == 2 && Flit.isTail(e[1])).findFirst().orElseThrow()[2];
        // A's tail needs D + L + D cycles from injection to cross router (0,0) and win router (1,0)'s switch
        assertTrue(bArrival > tailOfA + 9, "B arrived at " + bArrival + ", A's tail injected at " + tailOfA);
    }

    @Test
    void backpressureStallsTheSenderWithoutLoss() {
        NocConfig cfg = NocConfig.defaults().withVcs(2).withBufferDepth(4).withEjectionBuffer(3);
        RouterNetwork net = RouterNetwork.mesh(4, 1, cfg);
        List<long[]> sink = Harness.sink();
        long[] a = Harness.message(net, 0, 3, 200, 1);
        int sent = 0;
        for (int c = 0; c < 400; c++) {
            if (sent < a.length && net.canInject(0, a[sent])) {
                net.inject(0, a[sent++]);
            }
            net.step();
            net.checkInvariants();
        }
        // one ejection VC of 3 flits, 4 routers x 4 flits on A's VC, and 1 on the injection channel at most
        assertTrue(sent <= 3 + 4 * 4 + 1, "sent " + sent);
        assertEquals(sent, net.flitsInNetwork());
        long stuckSince = net.lastProgressCycle();
        for (int c = 0; c < 100; c++) {
            assertFalse(net.canInject(0));
            net.step();
        }
        assertEquals(stuckSince, net.lastProgressCycle(), "nothing moves while node 3 does not drain");
        assertFalse(net.isIdle());
        // node 3 starts draining: the whole message arrives, in order
        int got = 0;
        for (int c = 0; c < 2000 && got < a.length; c++) {
            if (sent < a.length && net.canInject(0, a[sent])) {
                net.inject(0, a[sent++]);
            }
            long f;
            while ((f = net.pollEject(3)) != Flit.NONE) {
                assertEquals(a[got] & ~Flit.PAYLOAD_MASK | Flit.VALID, f & ~Flit.PAYLOAD_MASK);
                if (got > 0) {
                    assertEquals(a[got] | Flit.VALID, f);
                }
                got++;
            }
            net.step();
            net.checkInvariants();
        }
        assertEquals(a.length, got);
        assertTrue(net.isIdle());
    }

    @Test
    void ejectionHandsOverOneMessageAtATime() {
        // two messages reach node 2 together on different VCs; the interface sees them one after the other
        RouterNetwork net = RouterNetwork.mesh(3, 3, NocConfig.defaults().withVcSelection(VcSelection.ANY));
        long[] a = Harness.message(net, 1, 2, 8, 1);
        long[] b = Harness.message(net, 5, 2, 8, 2);
        int sa = 0;
        int sb = 0;
        for (int c = 0; c < 60; c++) {
            if (sa < a.length && net.canInject(1, a[sa])) {
                net.inject(1, a[sa++]);
            }
            if (sb < b.length && net.canInject(5, b[sb])) {
                net.inject(5, b[sb++]);
            }
            net.step();
        }
        // both are now fully in node 2's ejection buffers (8 flits per VC)
        assertEquals(16, net.flitsInNetwork());
        int first = Flit.tag(net.peekEject(2));
        for (int k = 0; k < 16; k++) {
            long f = net.pollEject(2);
            assertEquals(k < 8 ? first : 3 - first, Flit.tag(f), "flit " + k);
            assertEquals(k % 8 == 0, Flit.isHead(f));
        }
        assertEquals(Flit.NONE, net.pollEject(2));
    }
}
