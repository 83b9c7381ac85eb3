package scmp.model.sp;

import java.util.ArrayDeque;
import java.util.PriorityQueue;
import scmp.cpu.GuestFault;
import scmp.cpu.Node;
import scmp.machine.ClockedNetwork;
import scmp.machine.MachineModel;

/**
 * The SP's multistage switch with the adapters' DMA engines and FIFOs around it (docs/sp.md, "Timing"). A packet
 * is read from node memory by its adapter's send DMA, waits in the send FIFO for the node's link into the switch,
 * crosses the switch on one of the pair's routes (chosen round-robin per pair, each route of its own length, so
 * packets of one pair can overtake each other), waits for the target's link out of the switch and its receive FIFO,
 * and is written by the target adapter's receive DMA into the next slot of the receive ring in node memory.
 *
 * <p>The model is event-driven: every step is computed when the step before it happens, from the state of that
 * cycle, and runs in network cycle order (events of one cycle in the order they were scheduled). Memory is read and
 * written through the nodes' remote ports one cycle after the event that does it, a cycle no core has run yet.
 * Three links are contended: the node's link into the switch, the last link of each route into the target's switch
 * chip (route {@code r} of every source to one target ends in the same link), and the target's link out of the
 * switch; the other links inside the switch are taken to be free. So packets of one pair overtake each other on an
 * idle switch when a later one takes a shorter route, and under load when a route is busy with other sources'
 * packets.
 */
final class SpSwitch implements ClockedNetwork {
    /** The bytes of a packet's header: the route and length word and the sender's user word. */
    static final int HEADER_BYTES = 8;
    /** The valid bit of a receive slot's first word. */
    static final int SLOT_VALID = 0x80000000;

    private static final int READ = 0, TX_FREE = 1, LAST_LINK = 2, HEAD = 3, TAIL = 4, LAND = 5, INTERRUPT = 6;

    /** A packet on its way. */
    static final class Packet {
        int src;
        int dst;
        int user;
        int route;
        int words;
        int address;
        int[] payload;
        long seq;
    }

    private record Event(long at, long seq, int kind, Packet packet, int node) {
    }

    private final SpParams params;
    private final MachineModel.Context context;
    private final int nodes;
    private final SpAdapter[] adapters;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.at != b.at
            ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private long seq;
    private long time;
    private long lastProgress;

    // per node: the send DMA and the link into the switch, free again at these cycles
    private final long[] txDmaFree;
    private final long[] injectFree;
    // per pair (src * nodes + dst): packets sent so far, which picks the next route
    private final int[] pairPackets;
    // per (target, route): the last link of the route, shared by every source's packets on that route to the target
    private final long[] lastLinkFree;
    // per node: the link out of the switch, the receive FIFO, the receive DMA
    private final long[] ejectFree;
    private final int[] rxHeld;
    private final ArrayDeque<Packet>[] waitingOut;
    private final ArrayDeque<Packet>[] rxFifo;
    private final boolean[] rxBusy;
    private final long[] rxDmaFree;

    private long packetsDelivered;
    private long bytesDelivered;
    private long overtaken;
    private long entered;
    private long dropped;
    private final long[] lastSeqLanded;

    @SuppressWarnings("unchecked")
    SpSwitch(SpParams params, MachineModel.Context context, SpAdapter[] adapters) {
        this.params = params;
        this.context = context;
        this.nodes = params.nodes();
        this.adapters = adapters;
        this.txDmaFree = new long[nodes];
        this.injectFree = new long[nodes];
        this.pairPackets = new int[nodes * nodes];
        this.lastLinkFree = new long[nodes * params.routes()];
        this.ejectFree = new long[nodes];
        this.rxHeld = new int[nodes];
        this.waitingOut = new ArrayDeque[nodes];
        this.rxFifo = new ArrayDeque[nodes];
        for (int k = 0; k < nodes; k++) {
            waitingOut[k] = new ArrayDeque<>();
            rxFifo[k] = new ArrayDeque<>();
        }
        this.rxBusy = new boolean[nodes];
        this.rxDmaFree = new long[nodes];
        this.lastSeqLanded = new long[nodes * nodes];
        java.util.Arrays.fill(lastSeqLanded, -1);
    }

    // ---- from the adapters, at the issue cycle of the guest's instruction ----

    /**
     * A send: {@code words} payload words to node {@code dst} with the user word {@code user}, from
     * {@code payload} when not null, else read by the DMA from node memory at {@code address}. The send DMA
     * starts {@code dmaStartCycles} after the tail, or when it has read the packet before if that is later, and
     * reads a word every {@code dmaWordCycles}.
     */
    void send(long cycle, int src, int dst, int user, int[] payload, int address, int words) {
        Packet p = new Packet();
        p.src = src;
        p.dst = dst;
        p.user = user;
        p.words = words;
        p.payload = payload;
        p.address = address;
        int pair = src * nodes + dst;
        p.seq = pairPackets[pair];
        p.route = (src + pairPackets[pair]) % params.routes();
        pairPackets[pair]++;
        // the adapter prepares a packet's DMA while it reads the one before
        long s = Math.max(cycle + params.dmaStartCycles(), txDmaFree[src]);
        long r = s + (long) params.dmaWordCycles() * words;
        txDmaFree[src] = r;
        lastProgress = Math.max(lastProgress, cycle);
        schedule(r - 1, READ, p, src);
    }

    /** The guest has freed receive slots of node {@code node} at {@code cycle}: a waiting packet may land. */
    void slotsFreed(int node, long cycle) {
        deliver(node, cycle);
    }

    /** Node {@code node}'s interrupt handler has returned at {@code cycle}; packets still there interrupt again. */
    void raiseInterrupt(int node, long cycle) {
        schedule(cycle + params.interruptCycles() - 1, INTERRUPT, null, node);
    }

    private void schedule(long at, int kind, Packet p, int node) {
        events.add(new Event(at, seq++, kind, p, node));
    }

    // ---- the clock ----

    @Override
    public long time() {
        return time;
    }

    @Override
    public boolean busy() {
        return !events.isEmpty();
    }

    @Override
    public long nextActivity() {
        return events.isEmpty() ? Long.MAX_VALUE : Math.max(time, events.peek().at);
    }

    @Override
    public void advanceTo(long cycle) {
        while (!events.isEmpty() && events.peek().at < cycle) {
            Event e = events.poll();
            time = Math.max(time, e.at);
            run(e);
            lastProgress = Math.max(lastProgress, e.at);
        }
        time = Math.max(time, cycle);
    }

    private void run(Event e) {
        Packet p = e.packet;
        long n = e.at;
        switch (e.kind) {
            case READ -> {
                // the words are those of memory at n + 1; the packet is in the send FIFO and may enter the switch
                if (p.payload == null) {
                    p.payload = new int[p.words];
                    try {
                        node(p.src).remote().readBlock(n + 1, p.address, 1, p.payload, 0, p.words);
                    } catch (GuestFault g) {
                        throw new GuestFault(g.kind(), "SP switch adapter of node " + p.src + ": the send DMA: "
                                + g.description());
                    }
                }
                adapters[p.src].sendRead(n + 1);
                long inject = Math.max(n + 1, injectFree[p.src]);
                injectFree[p.src] = inject + params.linkCycles(p.words);
                schedule(inject, TX_FREE, p, p.src);
                entered++;
                if (params.dropEvery() > 0 && entered % params.dropEvery() == 0) {
                    dropped++;   // lost inside the switch: it has used the node's link in, and goes no further
                    break;
                }
                schedule(inject + params.routeCycles(p.route), LAST_LINK, p, p.dst);
            }
            case TX_FREE -> adapters[p.src].sendLeft(n);
            case LAST_LINK -> {
                // the head at route r's last link, into the target's switch chip, which every packet of a route
                // to this target crosses: it waits while another packet's bytes stream through
                int link = p.dst * params.routes() + p.route;
                long start = Math.max(n, lastLinkFree[link]);
                lastLinkFree[link] = start + params.linkCycles(p.words);
                schedule(start, HEAD, p, p.dst);
            }
            case HEAD -> {
                waitingOut[p.dst].add(p);
                eject(p.dst, n);
            }
            case TAIL -> {
                rxFifo[p.dst].add(p);
                deliver(p.dst, n);
            }
            case LAND -> land(p, n + 1);
            case INTERRUPT -> adapters[e.node].startHandler(n + 1);
            default -> throw new IllegalStateException("event " + e.kind);
        }
    }

    /** Starts packets waiting at node {@code dst}'s link out of the switch while its receive FIFO has room. */
    private void eject(int dst, long n) {
        while (!waitingOut[dst].isEmpty() && rxHeld[dst] < params.fifoPackets()) {
            Packet p = waitingOut[dst].poll();
            rxHeld[dst]++;
            long start = Math.max(n, ejectFree[dst]);
            long tail = start + params.linkCycles(p.words);
            ejectFree[dst] = tail;
            schedule(tail, TAIL, p, dst);
        }
    }

    /** Starts the receive DMA of node {@code dst}'s next packet when the DMA is idle and the ring has a free slot. */
    private void deliver(int dst, long n) {
        if (rxBusy[dst] || rxFifo[dst].isEmpty() || !adapters[dst].slotFree()) {
            return;
        }
        Packet p = rxFifo[dst].poll();
        rxBusy[dst] = true;
        long d = Math.max(n, rxDmaFree[dst]) + params.dmaStartCycles();
        long land = d + (long) params.dmaWordCycles() * (p.words + 2);
        rxDmaFree[dst] = land;
        schedule(land - 1, LAND, p, dst);
    }

    /** A packet lands in its slot of the target's receive ring at {@code l}. */
    private void land(Packet p, long l) {
        int dst = p.dst;
        int[] slot = new int[p.words + 2];
        slot[0] = SLOT_VALID | p.src << 16 | p.words;
        slot[1] = p.user;
        System.arraycopy(p.payload, 0, slot, 2, p.words);
        int address = adapters[dst].claimSlot();
        try {
            node(dst).remote().writeBlock(l, address, 1, slot, 0, slot.length);
        } catch (GuestFault g) {
            throw new GuestFault(g.kind(), "SP switch adapter of node " + dst + ": the receive DMA: "
                    + g.description());
        }
        packetsDelivered++;
        bytesDelivered += HEADER_BYTES + 4L * p.words;
        int pair = p.src * nodes + dst;
        if (p.seq < lastSeqLanded[pair]) {
            overtaken++;
        }
        lastSeqLanded[pair] = Math.max(lastSeqLanded[pair], p.seq);
        rxBusy[dst] = false;
        rxHeld[dst]--;
        adapters[dst].landed(l);
        eject(dst, l);
        deliver(dst, l);
    }

    private Node node(int k) {
        return context.node(k);
    }

    @Override
    public long stallWindow() {
        return params.dmaStartCycles() + params.interruptCycles() + params.routeCycles(params.routes() - 1)
                + 2 * params.linkCycles(params.payloadWords())
                + (long) params.dmaWordCycles() * (params.payloadWords() + 2) + 64;
    }

    @Override
    public long lastProgressCycle() {
        return lastProgress;
    }

    /** Returns the packets landed in receive rings so far. */
    long packetsDelivered() {
        return packetsDelivered;
    }

    /** Returns the bytes of those packets, headers included. */
    long bytesDelivered() {
        return bytesDelivered;
    }

    /** Returns the packets the switch has lost ({@code dropEvery}). */
    long dropped() {
        return dropped;
    }

    /** Returns the packets that landed after a later packet of the same pair. */
    long overtaken() {
        return overtaken;
    }

    /** Describes the packets on their way, for deadlock reports. */
    String stateReport() {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < nodes; k++) {
            int held = rxFifo[k].size() + waitingOut[k].size();
            if (held != 0) {
                sb.append("  node ").append(k).append(": ").append(rxFifo[k].size())
                        .append(" packet(s) in the receive FIFO, ").append(waitingOut[k].size())
                        .append(" waiting in the switch").append(adapters[k] != null && !adapters[k].slotFree()
                                ? " (the receive ring is full)" : "").append('\n');
            }
        }
        return sb.toString();
    }
}
