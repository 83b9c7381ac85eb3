package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;

/**
 * Random traffic on random small networks with random parameters and network interfaces that drain slowly or
 * not at all for a while: credits are conserved every cycle (so no buffer ever overflows), and every message
 * arrives exactly once, whole, in order and contiguous at its destination; with one virtual channel per flow
 * ({@link VcSelection#FLOW}) the messages of one source to one destination also arrive in the order they were
 * sent.
 */
class DeliveryPropertyTest {

    @Property(tries = 60)
    void creditsConservedAndEveryFlitDeliveredOnceInOrder(
            @ForAll @IntRange(min = 1, max = 4) int w, @ForAll @IntRange(min = 1, max = 4) int h,
            @ForAll @IntRange(min = 1, max = 4) int vcs, @ForAll @IntRange(min = 1, max = 6) int depth,
            @ForAll @IntRange(min = 1, max = 6) int routerDelay, @ForAll @IntRange(min = 1, max = 3) int link,
            @ForAll @IntRange(min = 1, max = 3) int credit, @ForAll @IntRange(min = 1, max = 4) int eject,
            @ForAll ArbiterKind arbiter, @ForAll AllocatorKind allocator, @ForAll VcSelection how, @ForAll long seed) {
        NocConfig cfg = NocConfig.defaults().withVcs(vcs).withBufferDepth(depth).withRouterDelay(routerDelay)
                .withLinkDelay(link).withCreditDelay(credit).withEjectionBuffer(eject).withAllocation(arbiter, allocator)
                .withVcSelection(how);
        RouterNetwork net = RouterNetwork.mesh(w, h, cfg);
        if (seed % 2 == 0) {
            net.stepInReverseOrder(true);
        }
        Random rng = new Random(seed);
        int n = net.nodes();
        List<ArrayDeque<Long>> pending = new ArrayList<>();
        List<List<Long>> expected = new ArrayList<>();
        double[] drainProbability = new double[n];
        for (int k = 0; k < n; k++) {
            pending.add(new ArrayDeque<>());
            drainProbability[k] = rng.nextInt(4) == 0 ? 0.0 : 0.1 + 0.9 * rng.nextDouble();
        }
        int[] openTag = new int[n];
        List<Integer> sourceOf = new ArrayList<>();
        int[][] lastTag = new int[n][n];
        List<List<Long>> received = new ArrayList<>();
        int tag = 1;
        for (int cycle = 0; cycle < 800 || !net.isIdle() || pending.stream().anyMatch(q -> !q.isEmpty()); cycle++) {
            assertTrue(cycle < 200_000, () -> "no progress:\n" + net.stateReport());
            boolean generate = cycle < 800;
            boolean everyoneDrains = cycle >= 800;
            for (int src = 0; src < n; src++) {
                if (generate && rng.nextInt(10) == 0) {
                    int dst = rng.nextInt(n);
                    int len = 1 + rng.nextInt(6);
                    long[] msg = Harness.message(net, src, dst, len, tag);
                    List<Long> exp = new ArrayList<>();
                    for (long f : msg) {
                        pending.get(src).add(f);
                        exp.add(f);
                    }
                    expected.add(exp);
                    sourceOf.add(src);
                    received.add(new ArrayList<>());
                    tag++;
                }
                if (!pending.get(src).isEmpty() && net.canInject(src, pending.get(src).peek())) {
                    net.inject(src, pending.get(src).poll());
                }
                if (everyoneDrains || rng.nextDouble() < drainProbability[src]) {
                    long f = net.pollEject(src);
                    if (f != Flit.NONE) {
                        int t = Flit.tag(f);
                        if (Flit.isHead(f)) {
                            assertEquals(0, openTag[src], "a head arrived inside another message at node " + src);
                            openTag[src] = t;
                            int from = sourceOf.get(t - 1);
                            if (how == VcSelection.FLOW) {
                                assertTrue(t > lastTag[from][src], "message " + t + " from node " + from
                                        + " overtook message " + lastTag[from][src] + " on its way to node " + src);
                            }
                            lastTag[from][src] = Math.max(lastTag[from][src], t);
                        } else {
                            assertEquals(openTag[src], t, "flits of two messages interleaved at node " + src);
                        }
                        if (Flit.isTail(f)) {
                            openTag[src] = 0;
                        }
                        assertTrue(Flit.isValid(f));
                        received.get(t - 1).add(f);
                    }
                }
            }
            net.step();
            net.checkInvariants();
        }
        assertEquals(0, net.activeRouters(), "idle routers must leave the active set");
        for (int k = 0; k < expected.size(); k++) {
            List<Long> exp = expected.get(k);
            List<Long> got = received.get(k);
            assertEquals(exp.size(), got.size(), "message " + (k + 1) + " flit count");
            for (int i = 0; i < exp.size(); i++) {
                long e = exp.get(i);
                long g = got.get(i);
                if (i == 0) {
                    FlitFormat f = cfg.format();
                    assertEquals(0, f.dx(Flit.payload(g)));
                    assertEquals(0, f.dy(Flit.payload(g)));
                    assertEquals(f.type(Flit.payload(e)), f.type(Flit.payload(g)));
                    assertEquals(f.stride(Flit.payload(e)), f.stride(Flit.payload(g)));
                    assertEquals(e & ~Flit.PAYLOAD_MASK | Flit.VALID, g & ~Flit.PAYLOAD_MASK);
                } else {
                    assertEquals(e | Flit.VALID, g, "message " + (k + 1) + " flit " + i);
                }
            }
        }
        assertEquals(net.injectedFlits(), net.ejectedFlits());
    }
}
