package scmp.noc;

import java.util.ArrayList;
import java.util.List;

/** Helpers shared by the network tests: sending whole messages and draining ejection ports. */
final class Harness {
    private Harness() {
    }

    /** The flits of an {@code n}-flit message from src to dst: head, then payloads 1..n-1, tail on the last. */
    static long[] message(RouterNetwork net, int src, int dst, int n, int tag) {
        long[] flits = new long[n];
        flits[0] = net.headFlit(src, dst, 1, 1);
        for (int k = 1; k < n; k++) {
            flits[k] = Flit.of(k, false, false);
        }
        flits[n - 1] |= Flit.TAIL;
        for (int k = 0; k < n; k++) {
            flits[k] = Flit.withTag(flits[k], tag);
        }
        return flits;
    }

    /**
     * Sends one message on an otherwise empty network, injecting as fast as the network accepts and draining
     * every node, and returns the cycles from the head's injection to the cycle the tail could be taken.
     */
    static long latency(RouterNetwork net, int src, int dst, int n) {
        long[] flits = message(net, src, dst, n, 1);
        int sent = 0;
        long start = -1;
        for (int guard = 0; guard < 100_000; guard++) {
            if (sent < n && net.canInject(src, flits[sent])) {
                if (sent == 0) {
                    start = net.cycle();
                }
                net.inject(src, flits[sent++]);
            }
            for (int node = 0; node < net.nodes(); node++) {
                long f;
                while ((f = net.pollEject(node)) != Flit.NONE) {
                    if (Flit.isTail(f)) {
                        if (node != dst) {
                            throw new AssertionError("tail ejected at node " + node + ", expected " + dst);
                        }
                        return net.cycle() - start;
                    }
                }
            }
            net.step();
        }
        throw new AssertionError("message never arrived:\n" + net.stateReport());
    }

    /** Takes every flit waiting at every node, in node order, appending them to {@code sink}. */
    static void drainAll(RouterNetwork net, List<long[]> sink) {
        for (int node = 0; node < net.nodes(); node++) {
            long f;
            while ((f = net.pollEject(node)) != Flit.NONE) {
                sink.add(new long[] {node, f, net.cycle()});
            }
        }
    }

    /** Returns a list to collect (node, flit, cycle) triples in. */
    static List<long[]> sink() {
        return new ArrayList<>();
    }
}
