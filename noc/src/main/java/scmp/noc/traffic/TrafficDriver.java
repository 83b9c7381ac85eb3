package scmp.noc.traffic;

import java.util.Arrays;
import scmp.isa.MessageType;
import scmp.noc.Flit;
import scmp.noc.FlitNetwork;
import scmp.noc.Topology;

/**
 * Drives a network (the mesh, the torus or the SP switch) with packets from a {@link PacketSource} (BookSim's synthetic generator,
 * {@link SyntheticTraffic}, or a recorded trace, {@link NetTrace}) and measures them as BookSim does. Packets
 * wait in an unbounded queue at their source and are injected one flit per cycle when the network accepts;
 * ejection ports are drained every cycle.
 *
 * <p>Every network cycle: the source creates the cycle's packets; then, node by node, the next flit of the
 * node's packet is injected and the node's ejection port is drained; then the network steps. A packet's
 * latency runs from its creation to the cycle its tail is taken, source queueing included; its network
 * latency from the cycle its head is injected.
 *
 * <p>Three phases: warm-up (nothing measured), measurement (packets created in it are labelled; throughputs
 * count flits created and ejected in it; the rise of packet latency over the window, from the least-squares line
 * of latency against creation cycle, tells a network still filling up from one in a steady state), drain (the source goes on, its packets unlabelled, until every
 * labelled packet has arrived, or the drain limit passes and the run is reported unstable). While the network
 * is empty and the source has nothing to create for a while (a trace's quiet stretches), the clock jumps.
 *
 * <p>Packets are DATA messages: a head flit, then flits whose payload is their index in the packet, the last
 * with the tail bit. A packet's slot number travels in the flits' simulator-only tag.
 */
public final class TrafficDriver {
    private final FlitNetwork net;
    private final Topology topology;
    private final PacketSource source;
    private PacketListener listener;

    // packet pool, indexed by tag
    private long[] serial = new long[1024];
    private long[] created = new long[1024];
    private long[] injected = new long[1024];
    private int[] from = new int[1024];
    private int[] dest = new int[1024];
    private int[] size = new int[1024];
    private int[] hops = new int[1024];
    private boolean[] labelled = new boolean[1024];
    private int[] freeTags = new int[1024];
    private int freeCount;
    private int nextTag = 1;
    private long packetsCreated;

    // per-node source queues (rings of tags) and the packet being injected
    private final int[][] queue;
    private final int[] queueHead;
    private final int[] queueSize;
    private final int[] current;
    private final int[] sentFlits;
    private int queued;         // packets waiting in source queues
    private int sending;        // nodes part-way through injecting a packet

    // the current run's window and counts
    private boolean labelNew;
    private long createdFlits;
    private long labelledOut;

    private int[] packetLatencies = new int[4096];
    private int[] networkLatencies = new int[4096];
    private int samples;
    private long hopSum;
    private long atZeroLoad;
    private long excessSum;
    private long minExcess = Long.MAX_VALUE;
    // least-squares line of packet latency against creation time (relative to the window's start)
    private long windowStart;
    private double sumT;
    private double sumTT;
    private double sumL;
    private double sumTL;

    /**
     * Prepares a run on a network; the network must be fresh.
     *
     * @param net    the network
     * @param source where packets come from
     */
    public TrafficDriver(FlitNetwork net, PacketSource source) {
        Topology m = net.topology();
        this.net = net;
        this.topology = m;
        this.source = source;
        int n = m.nodes();
        this.queue = new int[n][16];
        this.queueHead = new int[n];
        this.queueSize = new int[n];
        this.current = new int[n];
        Arrays.fill(current, -1);
        this.sentFlits = new int[n];
    }

    /** Sets who hears of every packet created and delivered; null for nobody. */
    public void setListener(PacketListener listener) {
        this.listener = listener;
    }

    /** Returns the network's wiring. */
    public Topology topology() {
        return topology;
    }

    /**
     * Runs warm-up, measurement and drain.
     *
     * @param warmup     warm-up cycles
     * @param measure    measurement cycles, at least 1
     * @param drainLimit the most cycles to wait for labelled packets after the measurement
     * @return the measurements
     */
    public TrafficResult run(long warmup, long measure, long drainLimit) {
        if (measure < 1) {
            throw new IllegalArgumentException("measurement window must be at least 1 cycle");
        }
        int n = topology.nodes();
        long start = net.cycle();
        long measureFrom = start + warmup;
        long measureTo = measureFrom + measure;
        long drainTo = measureTo + drainLimit;
        long ejectedFlits = 0;
        windowStart = measureFrom;
        createdFlits = 0;
        labelledOut = 0;
        for (long now = start; ; now = net.cycle()) {
            boolean inWindow = now >= measureFrom && now < measureTo;
            if (now >= measureTo && (labelledOut == 0 || now >= drainTo)) {
                break;
            }
            if (queued == 0 && sending == 0 && net.isIdle()) {
                long next = source.nextCycle(now);
                long stop = now < measureFrom ? measureFrom : now < measureTo ? measureTo : drainTo;
                if (next > now) {
                    net.advanceIdle(Math.min(next, stop) - now);
                    continue;
                }
            }
            labelNew = inWindow;
            source.emit(now, this);
            for (int node = 0; node < n; node++) {
                if (current[node] >= 0 || queueSize[node] > 0) {
                    injectNext(node, now);
                }
                long f;
                while ((f = net.pollEject(node)) != Flit.NONE) {
                    if (inWindow) {
                        ejectedFlits++;
                    }
                    if (Flit.isTail(f)) {
                        delivered(Flit.tag(f), node, now);
                    }
                }
            }
            net.step();
        }
        return summarise(ejectedFlits, measure, labelledOut == 0, net.cycle() - start);
    }

    /**
     * Creates a packet now; called by the source from {@link PacketSource#emit}.
     *
     * @param src   the source node
     * @param dst   the destination node
     * @param flits its length, at least 1
     * @param now   the current cycle
     */
    public void create(int src, int dst, int flits, long now) {
        int tag;
        if (freeCount > 0) {
            tag = freeTags[--freeCount];
        } else {
            tag = nextTag++;
            if (tag >= created.length) {
                grow(created.length * 2);
            }
        }
        serial[tag] = packetsCreated++;
        created[tag] = now;
        labelled[tag] = labelNew;
        from[tag] = src;
        dest[tag] = dst;
        size[tag] = flits;
        if (labelNew) {
            createdFlits += flits;
            labelledOut++;
        }
        enqueue(src, tag);
        if (listener != null) {
            listener.created(serial[tag], now, src, dst, flits);
        }
    }

    private void grow(int len) {
        serial = Arrays.copyOf(serial, len);
        created = Arrays.copyOf(created, len);
        injected = Arrays.copyOf(injected, len);
        from = Arrays.copyOf(from, len);
        dest = Arrays.copyOf(dest, len);
        size = Arrays.copyOf(size, len);
        hops = Arrays.copyOf(hops, len);
        labelled = Arrays.copyOf(labelled, len);
        freeTags = Arrays.copyOf(freeTags, len);
    }

    private void injectNext(int node, long now) {
        int tag = current[node];
        if (tag < 0) {
            tag = dequeue(node);
            current[node] = tag;
            sentFlits[node] = 0;
            sending++;
        }
        int k = sentFlits[node];
        long flit = k == 0 ? net.headFlit(node, dest[tag], MessageType.DATA.code, 1) : Flit.of(k, false, false);
        if (!net.canInject(node, flit)) {
            return;
        }
        if (k == 0) {
            hops[tag] = net.hops(node, dest[tag]);
            injected[tag] = now;
        }
        if (k == size[tag] - 1) {
            flit |= Flit.TAIL;
            current[node] = -1;
            sending--;
        }
        net.inject(node, Flit.withTag(flit, tag));
        sentFlits[node] = k + 1;
    }

    private void enqueue(int node, int tag) {
        int[] q = queue[node];
        int n = queueSize[node];
        if (n == q.length) {
            int[] bigger = new int[q.length * 2];
            for (int k = 0; k < n; k++) {
                bigger[k] = q[(queueHead[node] + k) % q.length];
            }
            queue[node] = q = bigger;
            queueHead[node] = 0;
        }
        q[(queueHead[node] + n) % q.length] = tag;
        queueSize[node] = n + 1;
        queued++;
    }

    private int dequeue(int node) {
        int[] q = queue[node];
        int tag = q[queueHead[node]];
        queueHead[node] = (queueHead[node] + 1) % q.length;
        queueSize[node]--;
        queued--;
        return tag;
    }

    private void delivered(int tag, int node, long now) {
        if (labelledOut > 0 && labelled[tag]) {
            record(tag, now);
            labelledOut--;
        }
        if (listener != null) {
            listener.delivered(serial[tag], from[tag], node, size[tag], created[tag], injected[tag], now);
        }
        freeTags[freeCount++] = tag;
    }

    private void record(int tag, long now) {
        if (samples == packetLatencies.length) {
            packetLatencies = Arrays.copyOf(packetLatencies, samples * 2);
            networkLatencies = Arrays.copyOf(networkLatencies, samples * 2);
        }
        packetLatencies[samples] = (int) (now - created[tag]);
        double t = created[tag] - windowStart;
        double l = now - created[tag];
        sumT += t;
        sumTT += t * t;
        sumL += l;
        sumTL += t * l;
        networkLatencies[samples] = (int) (now - injected[tag]);
        long excess = now - injected[tag] - net.zeroLoadLatency(size[tag], hops[tag]);
        atZeroLoad += excess == 0 ? 1 : 0;
        excessSum += excess;
        minExcess = Math.min(minExcess, excess);
        hopSum += hops[tag];
        samples++;
    }

    private TrafficResult summarise(long ejectedFlits, long measure, boolean stable, long cycles) {
        double window = (double) topology.nodes() * measure;
        int[] p = Arrays.copyOf(packetLatencies, samples);
        int[] q = Arrays.copyOf(networkLatencies, samples);
        Arrays.sort(p);
        Arrays.sort(q);
        double den = samples * sumTT - sumT * sumT;
        double slope = samples < 2 || den == 0 ? 0 : (samples * sumTL - sumT * sumL) / den;
        return new TrafficResult(source.rate(), createdFlits / window, ejectedFlits / window, samples, mean(p),
                percentile(p, 0.99), mean(q), percentile(q, 0.99), samples == 0 ? 0 : (double) hopSum / samples,
                stable, cycles, atZeroLoad, samples == 0 ? 0 : (double) excessSum / samples, samples == 0 ? 0 : minExcess,
                slope * measure);
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
