package scmp.model.sp;

import java.util.ArrayDeque;
import scmp.cpu.GuestFault;
import scmp.cpu.Node;
import scmp.machine.ClockedNetwork;
import scmp.machine.MachineModel;
import scmp.noc.sp.MultistageSwitch;

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
 *
 * <p>The links, routes and the event queue are the switch's timing core, {@link MultistageSwitch} (module noc),
 * which {@code scmpsim noc --topology sp} drives with synthetic traffic; this class is the adapters' side of it.
 */
final class SpSwitch implements ClockedNetwork, MultistageSwitch.Client {
    /** The bytes of a packet's header: the route and length word and the sender's user word. */
    static final int HEADER_BYTES = MultistageSwitch.HEADER_BYTES;
    /** The valid bit of a receive slot's first word. */
    static final int SLOT_VALID = 0x80000000;

    private static final int READ = MultistageSwitch.CLIENT_KIND, LAND = READ + 1, INTERRUPT = READ + 2;

    /** A packet on its way. */
    static final class Packet extends MultistageSwitch.Packet {
        int user;
        int address;
        int[] payload;
    }

    private final SpParams params;
    private final MachineModel.Context context;
    private final int nodes;
    private final SpAdapter[] adapters;
    private final MultistageSwitch core;

    // per node: the send DMA, free again at this cycle
    private final long[] txDmaFree;
    // per node: the receive FIFO, the receive DMA
    private final ArrayDeque<Packet>[] rxFifo;
    private final boolean[] rxBusy;
    private final long[] rxDmaFree;

    private long packetsDelivered;
    private long bytesDelivered;

    @SuppressWarnings("unchecked")
    SpSwitch(SpParams params, MachineModel.Context context, SpAdapter[] adapters) {
        this.params = params;
        this.context = context;
        this.nodes = params.nodes();
        this.adapters = adapters;
        this.core = new MultistageSwitch(nodes, params.routes(), params.clockMhz(), params.pairMBps(),
                params.switchLatencyCycles(), params.hopCycles(), params.fifoPackets(), params.dropEvery());
        core.setClient(this);
        core.orderByCaller();
        this.txDmaFree = new long[nodes];
        this.rxFifo = new ArrayDeque[nodes];
        for (int k = 0; k < nodes; k++) {
            rxFifo[k] = new ArrayDeque<>();
        }
        this.rxBusy = new boolean[nodes];
        this.rxDmaFree = new long[nodes];
    }

    // ---- from the adapters, at the issue cycle of the guest's instruction ----

    /**
     * A send: {@code words} payload words to node {@code dst} with the user word {@code user}, from
     * {@code payload} when not null, else read by the DMA from node memory at {@code address}. The send DMA
     * starts {@code dmaStartCycles} after the tail, or when it has read the packet before if that is later, and
     * reads a word every {@code dmaWordCycles}.
     */
    void send(long cycle, int src, int dst, int user, int[] payload, int address, int words) {
        core.caller(cycle);
        Packet p = new Packet();
        p.src = src;
        p.dst = dst;
        p.user = user;
        p.words = words;
        p.payload = payload;
        p.address = address;
        core.route(p);
        // the adapter prepares a packet's DMA while it reads the one before
        long s = Math.max(cycle + params.dmaStartCycles(), txDmaFree[src]);
        long r = s + (long) params.dmaWordCycles() * words;
        txDmaFree[src] = r;
        core.progress(cycle);
        core.schedule(r - 1, READ, p, src);
    }

    /** The guest has freed receive slots of node {@code node} at {@code cycle}: a waiting packet may land. */
    void slotsFreed(int node, long cycle) {
        core.caller(cycle);
        deliver(node, cycle);
    }

    /** Node {@code node}'s interrupt handler has returned at {@code cycle}; packets still there interrupt again. */
    void raiseInterrupt(int node, long cycle) {
        core.caller(cycle);
        core.schedule(cycle + params.interruptCycles() - 1, INTERRUPT, null, node);
    }

    // ---- the clock ----

    @Override
    public long time() {
        return core.time();
    }

    @Override
    public boolean busy() {
        return core.busy();
    }

    @Override
    public long nextActivity() {
        return core.nextActivity();
    }

    @Override
    public void advanceTo(long cycle) {
        core.advanceTo(cycle);
    }

    /**
     * {@inheritDoc} The switch's next event: it changes nothing between events (every step of a packet, and
     * everything a node sees of it, is an event), and its events of one cycle run in the order of the cycle and node
     * that scheduled them ({@link MultistageSwitch#orderByCaller}).
     */
    @Override
    public long horizon() {
        return core.nextActivity();
    }

    /**
     * {@inheritDoc} Here the least of {@code dmaStartCycles} (a send's read of the node's memory, a freed slot's
     * landing) and {@code interruptCycles} (an interrupt a core enables or returns from).
     */
    @Override
    public long reactionCycles() {
        return Math.min(params.dmaStartCycles(), params.interruptCycles());
    }

    // ---- from the switch ----

    /**
     * {@inheritDoc} Here: the switch acts on a node only in the events of its adapter's DMA engines and interrupts:
     * the send DMA's read of the node's memory (which also changes {@code niustat}'s sending bit and may wake a
     * waiting thread), a packet's leaving the send FIFO (room for a blocked send), a packet's landing in the receive
     * ring (its memory, {@code niustat}'s received bit, a waiting thread woken, an interrupt raised) and an
     * interrupt starting the handler thread. Heads and tails crossing the switch's links and a packet's arrival in
     * the receive FIFO change nothing a core sees; {@link #run} and {@link #left} name the node before each of the
     * others.
     */
    @Override
    public boolean reportReach(java.util.function.IntConsumer before) {
        reach = before;
        return true;
    }

    /** {@inheritDoc} Here: the node's adapter has sends not yet in the switch, a packet to land or an interrupt. */
    @Override
    public boolean mayActOn(int node) {
        return adapters[node] != null && adapters[node].busy() || rxBusy[node] || !rxFifo[node].isEmpty();
    }

    /** What to tell before the switch acts on a node ({@link #reportReach}), or null. */
    private java.util.function.IntConsumer reach;

    @Override
    public void run(int kind, MultistageSwitch.Packet packet, int node, long n) {
        Packet p = (Packet) packet;
        if (reach != null) {
            reach.accept(kind == READ ? p.src : kind == LAND ? p.dst : node);
        }
        switch (kind) {
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
                core.enter(p, n + 1);
            }
            case LAND -> land(p, n + 1);
            case INTERRUPT -> adapters[node].startHandler(n + 1);
            default -> throw new IllegalStateException("event " + kind);
        }
    }

    @Override
    public void left(MultistageSwitch.Packet p, long at) {
        if (reach != null) {
            reach.accept(p.src);
        }
        adapters[p.src].sendLeft(at);
    }

    @Override
    public void arrived(MultistageSwitch.Packet p, long at) {
        rxFifo[p.dst].add((Packet) p);
        deliver(p.dst, at);
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
        core.schedule(land - 1, LAND, p, dst);
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
        core.delivered(p);
        rxBusy[dst] = false;
        adapters[dst].landed(l);
        core.release(dst, l);
        deliver(dst, l);
    }

    private Node node(int k) {
        return context.node(k);
    }

    /**
     * {@inheritDoc} Here {@link SpParams#minDeliveryCycles()}: another node sees a node's network instruction only
     * when a packet it sent lands in that node's receive ring (the one event of the switch that acts on a node
     * other than the request's own), at the earliest that many cycles after the send's tail. The other requests
     * act on their own node alone: the send DMA's read and the packet leaving the send FIFO (the sender's memory,
     * {@code niustat}, a woken thread), a free slot or a new ring starting a waiting packet's receive DMA, an
     * interrupt enabled or returned from starting the handler {@code interruptCycles} later, a thread started in
     * the next cycle; those are bounded otherwise, as every node's own device is: a core stops right after each
     * network instruction, and while an event is pending the rounds are lockstep (docs/performance.md, "The SP
     * switch's lookahead").
     */
    @Override
    public long lookahead() {
        return params.minDeliveryCycles();
    }

    @Override
    public long stallWindow() {
        return params.dmaStartCycles() + params.interruptCycles() + params.routeCycles(params.routes() - 1)
                + 2 * params.linkCycles(params.payloadWords())
                + (long) params.dmaWordCycles() * (params.payloadWords() + 2) + 64;
    }

    @Override
    public long lastProgressCycle() {
        return core.lastProgressCycle();
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
        return core.dropped();
    }

    /** Returns the packets that landed after a later packet of the same pair. */
    long overtaken() {
        return core.overtaken();
    }

    /** Describes the packets on their way, for deadlock reports. */
    String stateReport() {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < nodes; k++) {
            int held = rxFifo[k].size() + core.waiting(k);
            if (held != 0) {
                sb.append("  node ").append(k).append(": ").append(rxFifo[k].size())
                        .append(" packet(s) in the receive FIFO, ").append(core.waiting(k))
                        .append(" waiting in the switch").append(adapters[k] != null && !adapters[k].slotFree()
                                ? " (the receive ring is full)" : "").append('\n');
            }
        }
        return sb.toString();
    }
}
