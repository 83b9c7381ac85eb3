package scmp.noc.traffic;

import java.util.Arrays;
import java.util.SplittableRandom;
import scmp.isa.MessageType;
import scmp.noc.Flit;
import scmp.noc.Mesh2D;
import scmp.noc.RouterNetwork;

/**
 * Drives a mesh network with synthetic traffic, as BookSim does. Every node runs a Bernoulli process: each
 * network cycle it creates a packet of {@code packetFlits} flits with probability {@code rate / packetFlits},
 * so {@code rate} is the offered load in flits per node per cycle. Packets wait in an unbounded source queue
 * and are injected one flit per cycle when the network accepts; ejection ports are drained every cycle.
 *
 * <p>Three phases: warm-up (nothing measured), measurement (packets created in it are labelled; throughputs
 * count flits created and ejected in it), drain (traffic continues, unlabelled, until every labelled packet
 * has arrived, or the drain limit passes and the run is reported unstable).
 *
 * <p>Packets are DATA messages: a head flit, then flits whose payload is their index in the packet, the last
 * with the tail bit. The packet's number travels in the flits' simulator-only tag.
 */
public final class SyntheticTraffic {
    private final RouterNetwork net;
    private final Mesh2D mesh;
    private final TrafficPattern pattern;
    private final double rate;
    private final int packetFlits;
    private final SplittableRandom rng;

    // packet pool, indexed by tag
    private long[] created = new long[1024];
    private long[] injected = new long[1024];
    private int[] dest = new int[1024];
    private int[] hops = new int[1024];
    private boolean[] labelled = new boolean[1024];
    private int[] freeTags = new int[1024];
    private int freeCount;
    private int nextTag = 1;

    // per-node source queues (rings of tags) and the packet being injected
    private final int[][] queue;
    private final int[] queueHead;
    private final int[] queueSize;
    private final int[] current;
    private final int[] sentFlits;

    private int[] packetLatencies = new int[4096];
    private int[] networkLatencies = new int[4096];
    private int samples;
    private long hopSum;
    private long atZeroLoad;
    private long excessSum;
    private long minExcess = Long.MAX_VALUE;

    /**
     * Prepares a run on a mesh network; the network must be fresh.
     *
     * @param net a network whose topology is a {@link Mesh2D}
     * @param pattern the destinations
     * @param rate offered load in flits per node per cycle, 0..1
     * @param packetFlits flits per packet, at least 1
     * @param seed the random seed; the same seed gives the same results
     */
    public SyntheticTraffic(RouterNetwork net, TrafficPattern pattern, double rate, int packetFlits, long seed) {
        if (!(net.topology() instanceof Mesh2D m)) {
            throw new IllegalArgumentException("synthetic traffic needs a mesh");
        }
        if (rate < 0 || rate > 1) {
            throw new IllegalArgumentException("rate must be 0..1 flits/node/cycle: " + rate);
        }
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet size must be at least 1 flit: " + packetFlits);
        }
        pattern.check(m);
        this.net = net;
        this.mesh = m;
        this.pattern = pattern;
        this.rate = rate;
        this.packetFlits = packetFlits;
        this.rng = new SplittableRandom(seed);
        int n = m.nodes();
        this.queue = new int[n][16];
        this.queueHead = new int[n];
        this.queueSize = new int[n];
        this.current = new int[n];
        Arrays.fill(current, -1);
        this.sentFlits = new int[n];
    }

    /**
     * Runs warm-up, measurement and drain.
     *
     * @param warmup warm-up cycles
     * @param measure measurement cycles, at least 1
     * @param drainLimit the most cycles to wait for labelled packets after the measurement
     * @return the measurements
     */
    public TrafficResult run(long warmup, long measure, long drainLimit) {
        if (measure < 1) {
            throw new IllegalArgumentException("measurement window must be at least 1 cycle");
        }
        int n = mesh.nodes();
        double packetRate = rate / packetFlits;
        long start = net.cycle();
        long measureFrom = start + warmup;
        long measureTo = measureFrom + measure;
        long drainTo = measureTo + drainLimit;
        long createdFlits = 0;
        long ejectedFlits = 0;
        long labelledOut = 0;
        for (long now = start; ; now = net.cycle()) {
            boolean inWindow = now >= measureFrom && now < measureTo;
            if (now >= measureTo && (labelledOut == 0 || now >= drainTo)) {
                break;
            }
            for (int node = 0; node < n; node++) {
                if (packetRate > 0 && rng.nextDouble() < packetRate) {
                    int tag = newPacket(node, now, inWindow);
                    enqueue(node, tag);
                    if (inWindow) {
                        createdFlits += packetFlits;
                        labelledOut++;
                    }
                }
                injectNext(node, now);
                long f;
                while ((f = net.pollEject(node)) != Flit.NONE) {
                    if (inWindow) {
                        ejectedFlits++;
                    }
                    if (Flit.isTail(f)) {
                        int tag = Flit.tag(f);
                        if (labelledOut > 0 && labelled[tag]) {
                            record(tag, now);
                            labelledOut--;
                        }
                        freeTags[freeCount++] = tag;
                    }
                }
            }
            net.step();
        }
        return summarise(createdFlits, ejectedFlits, measure, labelledOut == 0, net.cycle() - start);
    }

    private void injectNext(int node, long now) {
        int tag = current[node];
        if (tag < 0) {
            if (queueSize[node] == 0) {
                return;
            }
            tag = dequeue(node);
            current[node] = tag;
            sentFlits[node] = 0;
        }
        if (!net.canInject(node)) {
            return;
        }
        int k = sentFlits[node];
        long flit;
        if (k == 0) {
            int dst = dest[tag];
            flit = net.headFlit(node, dst, MessageType.DATA.code, 1);
            hops[tag] = mesh.hops(node, dst);
            injected[tag] = now;
        } else {
            flit = Flit.of(k, false, false);
        }
        if (k == packetFlits - 1) {
            flit |= Flit.TAIL;
            current[node] = -1;
        }
        net.inject(node, Flit.withTag(flit, tag));
        sentFlits[node] = k + 1;
    }

    /** Creates a packet from {@code node}, drawing its destination now, as BookSim does. */
    private int newPacket(int node, long now, boolean label) {
        int tag;
        if (freeCount > 0) {
            tag = freeTags[--freeCount];
        } else {
            tag = nextTag++;
            if (tag >= created.length) {
                int len = created.length * 2;
                created = Arrays.copyOf(created, len);
                injected = Arrays.copyOf(injected, len);
                dest = Arrays.copyOf(dest, len);
                hops = Arrays.copyOf(hops, len);
                labelled = Arrays.copyOf(labelled, len);
                freeTags = Arrays.copyOf(freeTags, len);
            }
        }
        created[tag] = now;
        labelled[tag] = label;
        dest[tag] = pattern.destination(mesh, node, rng);
        return tag;
    }

    private void enqueue(int node, int tag) {
        int[] q = queue[node];
        int size = queueSize[node];
        if (size == q.length) {
            int[] bigger = new int[q.length * 2];
            for (int k = 0; k < size; k++) {
                bigger[k] = q[(queueHead[node] + k) % q.length];
            }
            queue[node] = q = bigger;
            queueHead[node] = 0;
        }
        q[(queueHead[node] + size) % q.length] = tag;
        queueSize[node] = size + 1;
    }

    private int dequeue(int node) {
        int[] q = queue[node];
        int tag = q[queueHead[node]];
        queueHead[node] = (queueHead[node] + 1) % q.length;
        queueSize[node]--;
        return tag;
    }

    private void record(int tag, long now) {
        if (samples == packetLatencies.length) {
            packetLatencies = Arrays.copyOf(packetLatencies, samples * 2);
            networkLatencies = Arrays.copyOf(networkLatencies, samples * 2);
        }
        packetLatencies[samples] = (int) (now - created[tag]);
        networkLatencies[samples] = (int) (now - injected[tag]);
        long excess = now - injected[tag] - net.config().zeroLoadLatency(packetFlits, hops[tag]);
        atZeroLoad += excess == 0 ? 1 : 0;
        excessSum += excess;
        minExcess = Math.min(minExcess, excess);
        hopSum += hops[tag];
        samples++;
    }

    private TrafficResult summarise(long createdFlits, long ejectedFlits, long measure, boolean stable, long cycles) {
        double window = (double) mesh.nodes() * measure;
        int[] p = Arrays.copyOf(packetLatencies, samples);
        int[] q = Arrays.copyOf(networkLatencies, samples);
        Arrays.sort(p);
        Arrays.sort(q);
        return new TrafficResult(rate, createdFlits / window, ejectedFlits / window, samples, mean(p), percentile(p, 0.99),
                mean(q), percentile(q, 0.99), samples == 0 ? 0 : (double) hopSum / samples, stable, cycles, atZeroLoad,
                samples == 0 ? 0 : (double) excessSum / samples, samples == 0 ? 0 : minExcess);
    }

    private static double mean(int[] v) {
        long s = 0;
        for (int x : v) {
            s += x;
        }
        return v.length == 0 ? 0 : (double) s / v.length;
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(int[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
