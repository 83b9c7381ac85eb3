package scmp.model.t3d;

import java.util.PriorityQueue;
import scmp.cpu.GuestFault;
import scmp.cpu.Node;
import scmp.machine.ClockedNetwork;
import scmp.machine.MachineModel;
import scmp.noc.Flit;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;
import scmp.noc.RouterNetwork;
import scmp.noc.Torus3D;
import scmp.noc.TorusRouting;
import scmp.noc.VcSelection;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;

/**
 * The T3D's data torus with the shells' transfer engines around it (docs/t3d.md, "Timing"): the requests the
 * PEs' {@link Shell}s hand over become packets, which the engines read from memory, the torus of {@code noc}
 * routers ({@link Torus3D}, {@link TorusRouting}) carries phit by phit, and the target shells land in memory
 * through the nodes' remote ports, acknowledge and answer. One network cycle is one core cycle.
 *
 * <p>Within network cycle {@code n}: every PE's shell takes at most one phit from its ejection port (PE order)
 * and acts on a packet whose tail it took; then the timed events of cycle {@code n} run (words read by an
 * engine, words landing at {@code n + 1}), in the order they were scheduled; then every PE whose next packet is
 * ready injects one phit; then the routers step. Nothing here depends on anything but the simulated history.
 */
final class ShellNetwork implements ClockedNetwork {
    /** Packet kinds. */
    static final int PUT = 0, PUT_ACK = 1, GET_REQ = 2, GET_REPLY = 3, SWAP_REQ = 4, SWAP_REPLY = 5, FINC_REQ = 6,
            FINC_REPLY = 7, FISET_REQ = 8, FISET_ACK = 9;
    private static final String[] KIND_NAMES = {"put", "put ack", "get request", "get reply", "swap request",
        "swap reply", "fetch-and-increment request", "fetch-and-increment reply", "fetch-and-increment set",
        "fetch-and-increment set ack"};
    private static final int READ = 0, LAND = 1;

    /**
     * A request of a PE, complete when its last part (acknowledgement or reply) is in; it remembers the thread and
     * the instruction that handed it over, where a fault of its accesses is located.
     */
    static final class Request {
        final int pe;
        final int context;
        final int pc;
        int parts = 1;

        Request(int pe, int context, int pc) {
            this.pe = pe;
            this.context = context;
            this.pc = pc;
        }
    }

    /** A packet: what it carries and where it is. */
    static final class Packet {
        int kind;
        int src;
        int dst;
        int address;
        int stride;
        int count;
        int localAddress;
        int localStride;
        int[] words;
        Request request;
        int phits;
        long ready;
        long seq;
        int sent;
        int tag;
    }

    /**
     * A read or landing due in network cycle {@code at}; {@code from} is twice the cycle it was scheduled in, plus one
     * when the network scheduled it (a core's request comes before the network's cycle): events due in one cycle
     * happen in the order of the simulated time that scheduled them, however the machine interleaved the cores' and
     * the network's calls ({@link #horizon()}), then in the order of the calls.
     */
    private record Event(long at, long from, long seq, int kind, Packet packet) {
    }

    private final T3dParams params;
    private final MachineModel.Context context;
    private final RouterNetwork net;
    private final int pes;
    private final Shell[] shells;
    private final long[] engineFree;
    private final int[] fetchInc;
    private final PriorityQueue<Packet>[] ready;
    private final Packet[] injecting;
    private final Packet[] byTag;
    private int nextTag;
    /** The scheduled reads and landings, in (at, from, seq) order. */
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at)
            : a.from != b.from ? Long.compare(a.from, b.from) : Long.compare(a.seq, b.seq));
    private long seq;
    private int queued;
    /** Packets in the network of the {@linkplain #urgent(int) kinds} whose arrival acts at once; see {@link #horizon()}. */
    private int urgent;

    /**
     * Whether a packet's arrival acts at once on what a PE sees or hands over: an acknowledgement completes a request
     * (which a waiting thread or {@code rdsr} sees); a get's request takes its target's engine (which the target's
     * own requests wait for) and makes replies; a fetch-and-increment makes its reply, a set its acknowledgement.
     * The other packets' arrivals only schedule a landing, {@code landCycles} later.
     */
    private static boolean urgent(int kind) {
        return kind == PUT_ACK || kind == FISET_ACK || kind == FISET_REQ || kind == GET_REQ || kind == FINC_REQ;
    }
    private long time;
    private long lastProgress;
    private long packetsDelivered;
    private long phitsInjected;

    @SuppressWarnings("unchecked")
    ShellNetwork(T3dParams params, MachineModel.Context context, Shell[] shells) {
        this.params = params;
        this.context = context;
        this.pes = params.pes();
        this.shells = shells;
        T3dParams.Torus t = params.torus();
        Torus3D torus = new Torus3D(t.x(), t.y(), t.z(), params.pesPerNode());
        // one-cycle routers (switch traversal) and links of hopCycles - 1: a hop is hopCycles cycles
        NocConfig cfg = new NocConfig(2, params.bufferPhits(), 0, 0, 0, 1, params.hopCycles() - 1, 1,
                params.bufferPhits(), 1, FlitFormat.SCMP, ArbiterKind.ROUND_ROBIN, AllocatorKind.INPUT_FIRST,
                VcSelection.ANY);
        this.net = new RouterNetwork(torus, new TorusRouting(torus, 2, params.turnCycles()), cfg);
        this.engineFree = new long[pes];
        this.fetchInc = new int[pes];
        this.ready = new PriorityQueue[pes];
        for (int p = 0; p < pes; p++) {
            ready[p] = new PriorityQueue<>((a, b) -> a.ready != b.ready ? Long.compare(a.ready, b.ready)
                    : Long.compare(a.seq, b.seq));
        }
        this.injecting = new Packet[pes];
        this.byTag = new Packet[1 << 16];
    }

    /** Returns the torus of routers. */
    RouterNetwork torus() {
        return net;
    }

    // ---- requests, from the shells at the issue cycle of their tail instruction ----

    private long start(int pe, long cycle) {
        lastProgress = Math.max(lastProgress, cycle);   // a request handed over is movement (the machine's checks)
        return Math.max(cycle, engineFree[pe]) + params.startCycles();
    }

    private int packets(int words) {
        return (words + params.packetWords() - 1) / params.packetWords();
    }

    private Packet packet(int kind, int src, int dst, Request r, int dataWords) {
        Packet p = new Packet();
        p.kind = kind;
        p.src = src;
        p.dst = dst;
        p.request = r;
        p.phits = params.headerPhits() + params.wordPhits() * dataWords;
        p.seq = seq++;
        if (urgent(kind)) {
            urgent++;
        }
        return p;
    }

    /**
     * A put: {@code n} words to {@code address} (stride in words) of PE {@code dst}, from {@code words} when not
     * null, else from local memory at {@code localAddress} (stride {@code localStride}).
     */
    void put(Request r, long cycle, int dst, int address, int stride, int[] words, int localAddress, int localStride,
            int n) {
        int pe = r.pe;
        int pw = params.packetWords();
        r.parts = packets(n);
        long s = start(pe, cycle);
        for (int off = 0, k = 0; off < n; off += pw, k++) {
            int w = Math.min(pw, n - off);
            Packet p = packet(PUT, pe, dst, r, w);
            p.address = address + 4 * stride * off;
            p.stride = stride;
            p.count = w;
            if (words != null) {
                p.words = java.util.Arrays.copyOfRange(words, off, off + w);
            } else {
                p.localAddress = localAddress + 4 * localStride * off;
                p.localStride = localStride;
            }
            schedule(s + (long) params.wordCycles() * (off + w) - 1, 2 * cycle, READ, p);
        }
        engineFree[pe] = s + (long) params.wordCycles() * n;
    }

    /** A get of {@code n} words from {@code address} (stride) of PE {@code src} to local {@code localAddress}. */
    void get(Request r, long cycle, int src, int address, int stride, int localAddress, int n) {
        int pe = r.pe;
        r.parts = packets(n);
        Packet p = packet(GET_REQ, pe, src, r, 2);
        p.address = address;
        p.stride = stride;
        p.count = n;
        p.localAddress = localAddress;
        queue(p, start(pe, cycle));
        engineFree[pe] = p.ready;
    }

    /** A swap of {@code value} into {@code address} of PE {@code dst}, the old word to local {@code localAddress}. */
    void swap(Request r, long cycle, int dst, int address, int value, int localAddress) {
        int pe = r.pe;
        Packet p = packet(SWAP_REQ, pe, dst, r, 1);
        p.address = address;
        p.words = new int[] {value};
        p.localAddress = localAddress;
        queue(p, start(pe, cycle));
        engineFree[pe] = p.ready;
    }

    /** A fetch-and-increment of PE {@code dst}'s register, the old value to local {@code localAddress}. */
    void fetchInc(Request r, long cycle, int dst, int localAddress) {
        int pe = r.pe;
        Packet p = packet(FINC_REQ, pe, dst, r, 0);
        p.localAddress = localAddress;
        queue(p, start(pe, cycle));
        engineFree[pe] = p.ready;
    }

    /** Sets PE {@code dst}'s fetch-and-increment register. */
    void fetchIncSet(Request r, long cycle, int dst, int value) {
        int pe = r.pe;
        Packet p = packet(FISET_REQ, pe, dst, r, 1);
        p.words = new int[] {value};
        queue(p, start(pe, cycle));
        engineFree[pe] = p.ready;
    }

    /** Returns the current value of a PE's fetch-and-increment register (for tests and reports). */
    int fetchIncRegister(int pe) {
        return fetchInc[pe];
    }

    private void queue(Packet p, long at) {
        p.ready = at;
        ready[p.src].add(p);
        queued++;
    }

    private void schedule(long at, long from, int kind, Packet p) {
        events.add(new Event(at, from, seq++, kind, p));
    }

    // ---- the clock ----

    @Override
    public long time() {
        return time;
    }

    @Override
    public boolean busy() {
        return !events.isEmpty() || queued != 0 || !net.isIdle();
    }

    @Override
    public long nextActivity() {
        if (!net.isIdle()) {
            return time;
        }
        long next = events.isEmpty() ? Long.MAX_VALUE : events.peek().at;
        if (queued != 0) {
            for (int p = 0; p < pes; p++) {
                if (injecting[p] != null) {
                    return time;
                }
                if (!ready[p].isEmpty()) {
                    next = Math.min(next, ready[p].peek().ready);
                }
            }
        }
        return next == Long.MAX_VALUE ? next : Math.max(time, next);
    }

    /**
     * {@inheritDoc} The first scheduled read or landing; while packets are on their way, the earliest cycle their
     * arrival can reach a PE: at once for the {@linkplain #urgent(int) kinds} that act on arrival, else a landing
     * {@code landCycles} after the arrival, which is at or after {@link #time()}.
     */
    @Override
    public long horizon() {
        long h = events.isEmpty() ? Long.MAX_VALUE : events.peek().at;
        if (queued != 0 || !net.isIdle()) {
            if (urgent != 0) {
                return time;
            }
            h = Math.min(h, time + Math.max(0, params.landCycles() - 1));
        }
        return h == Long.MAX_VALUE ? h : Math.max(time, h);
    }

    @Override
    public void advanceTo(long cycle) {
        while (time < cycle) {
            long next = nextActivity();
            if (next > time) {
                long to = Math.min(next, cycle);
                net.advanceIdle(to - time);
                time = to;
                continue;
            }
            runCycle(time);
            net.step();
            time++;
        }
    }

    private void runCycle(long n) {
        if (!net.isIdle()) {
            for (int p = 0; p < pes; p++) {
                long f = net.pollEject(p);
                if (f != Flit.NONE && Flit.isTail(f)) {
                    int tag = Flit.tag(f);
                    Packet pk = byTag[tag];
                    byTag[tag] = null;
                    arrived(pk, n);
                }
            }
        }
        while (!events.isEmpty() && events.peek().at <= n) {
            Event e = events.poll();
            try {
                if (e.kind == READ) {
                    read(e.packet, n + 1);
                } else {
                    land(e.packet, n + 1);
                }
            } catch (GuestFault g) {
                throw located(g, e.packet, n);
            }
            lastProgress = Math.max(lastProgress, n);
        }
        if (queued != 0) {
            for (int p = 0; p < pes; p++) {
                inject(p, n);
            }
        }
    }

    /**
     * A memory access of a packet faulted (a remote block in the text or a guard): the fault of the request's
     * instruction on its PE, in the network cycle it happened.
     */
    private GuestFault located(GuestFault g, Packet p, long n) {
        Request r = p.request;
        String what = "T3D shell of PE " + r.pe + ": a " + KIND_NAMES[p.kind] + " between PE " + p.src + " and PE "
                + p.dst + ": " + g.description();
        GuestFault f = g.hasAddress() ? new GuestFault(g.kind(), what, g.address()) : new GuestFault(g.kind(), what);
        return f.locate(r.pe, r.context, r.pc, n);
    }

    /** The engine has read a packet's words (they are those of memory before {@code landing}); it may go. */
    private void read(Packet p, long landing) {
        if (p.words == null) {
            p.words = new int[p.count];
            if (p.kind == PUT) {
                node(p.src).remote().readBlock(landing, p.localAddress, p.localStride, p.words, 0, p.count);
            } else {
                node(p.src).remote().readBlock(landing, p.address, p.stride, p.words, 0, p.count);
            }
        }
        queue(p, landing);
    }

    private void inject(int pe, long n) {
        Packet p = injecting[pe];
        if (p == null) {
            if (ready[pe].isEmpty() || ready[pe].peek().ready > n) {
                return;
            }
            p = ready[pe].peek();
        }
        if (!net.canInject(pe)) {
            return;
        }
        long flit;
        if (p.sent == 0) {
            ready[pe].poll();
            injecting[pe] = p;
            p.tag = freeTag();
            byTag[p.tag] = p;
            flit = Flit.withTag(net.headFlit(pe, p.dst, 0, 0), p.tag);
        } else {
            flit = Flit.withTag(Flit.of(0, false, false), p.tag);
        }
        p.sent++;
        if (p.sent == p.phits) {
            flit |= Flit.TAIL;
            injecting[pe] = null;
            queued--;
        }
        net.inject(pe, flit);
        phitsInjected++;
    }

    private int freeTag() {
        for (int k = 0; k < byTag.length; k++) {
            int t = nextTag;
            nextTag = (nextTag + 1) & (byTag.length - 1);
            if (t != 0 && byTag[t] == null) {
                return t;
            }
        }
        throw new IllegalStateException("more than " + byTag.length + " packets in the torus");
    }

    /** A packet's tail has left the torus at its target in network cycle {@code e}. */
    private void arrived(Packet p, long e) {
        lastProgress = Math.max(lastProgress, e);
        packetsDelivered++;
        if (urgent(p.kind)) {
            urgent--;
        }
        int target = p.dst;
        switch (p.kind) {
            case PUT, SWAP_REQ, GET_REPLY, SWAP_REPLY, FINC_REPLY -> schedule(e + params.landCycles() - 1, 2 * e + 1, LAND, p);
            case GET_REQ -> {
                long s = Math.max(e, engineFree[target]);
                int pw = params.packetWords();
                for (int off = 0; off < p.count; off += pw) {
                    int w = Math.min(pw, p.count - off);
                    Packet q = packet(GET_REPLY, target, p.src, p.request, w);
                    q.address = p.address + 4 * p.stride * off;
                    q.stride = p.stride;
                    q.count = w;
                    q.localAddress = p.localAddress + 4 * off;
                    schedule(s + (long) params.getWordCycles() * (off + w) - 1, 2 * e + 1, READ, q);
                }
                engineFree[target] = s + (long) params.getWordCycles() * p.count;
            }
            case FINC_REQ -> {
                Packet q = packet(FINC_REPLY, target, p.src, p.request, 1);
                q.words = new int[] {fetchInc[target]++};
                q.localAddress = p.localAddress;
                queue(q, e + 1);
            }
            case FISET_REQ -> {
                fetchInc[target] = p.words[0];
                queue(packet(FISET_ACK, target, p.src, p.request, 0), e + 1);
            }
            case PUT_ACK, FISET_ACK -> complete(p.request, e);
            default -> throw new IllegalStateException("packet kind " + p.kind);
        }
    }

    /** A packet's words land at its target at {@code landing}. */
    private void land(Packet p, long landing) {
        Node target = node(p.dst);
        switch (p.kind) {
            case PUT -> {
                target.remote().writeBlock(landing, p.address, p.stride, p.words, 0, p.count);
                queue(packet(PUT_ACK, p.dst, p.src, p.request, 0), landing);
            }
            case SWAP_REQ -> {
                Packet q = packet(SWAP_REPLY, p.dst, p.src, p.request, 1);
                q.words = new int[] {target.remote().swap(landing, p.address, p.words[0])};
                q.localAddress = p.localAddress;
                queue(q, landing);
            }
            case GET_REPLY -> {
                target.remote().writeBlock(landing, p.localAddress, 1, p.words, 0, p.count);
                complete(p.request, landing - 1);
            }
            case SWAP_REPLY, FINC_REPLY -> {
                target.remote().write(landing, p.localAddress, p.words[0]);
                complete(p.request, landing - 1);
            }
            default -> throw new IllegalStateException("packet kind " + p.kind);
        }
    }

    /** One part of a request is in, in network cycle {@code c}. */
    private void complete(Request r, long c) {
        if (--r.parts == 0) {
            shells[r.pe].completed(c);
        }
    }

    private Node node(int pe) {
        return context.node(pe);
    }

    @Override
    public long stallWindow() {
        return params.startCycles() + params.landCycles()
                + (long) params.packetWords() * Math.max(params.wordCycles(), params.getWordCycles()) + 64;
    }

    @Override
    public long lastProgressCycle() {
        return Math.max(lastProgress, net.lastProgressCycle());
    }

    /** {@inheritDoc} Every request waits {@code startCycles} in its shell before anything of it moves. */
    @Override
    public long lookahead() {
        return params.startCycles();
    }

    /** Returns the packets delivered so far. */
    long packetsDelivered() {
        return packetsDelivered;
    }

    /** Returns the phits injected so far. */
    long phitsInjected() {
        return phitsInjected;
    }

    /** Describes the packets waiting or in flight, for deadlock reports. */
    String stateReport() {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < pes; p++) {
            if (!ready[p].isEmpty() || injecting[p] != null) {
                sb.append("  PE ").append(p).append(": ").append(ready[p].size() + (injecting[p] != null ? 1 : 0))
                        .append(" packet(s) to send");
                Packet next = injecting[p] != null ? injecting[p] : ready[p].peek();
                sb.append(", next a ").append(KIND_NAMES[next.kind]).append(" to PE ").append(next.dst).append('\n');
            }
        }
        if (!net.isIdle()) {
            sb.append(net.stateReport());
        }
        return sb.toString();
    }
}
