package scmp.noc.sp;

import java.util.ArrayDeque;
import scmp.noc.Flit;
import scmp.noc.FlitNetwork;
import scmp.noc.Topology;

/**
 * The SP's multistage switch ({@link MultistageSwitch}) behind flit ports, so that {@code scmpsim noc --topology
 * sp} drives it with the synthetic traffic of the mesh and the torus (docs/noc.md, "The SP switch"). A flit is one
 * payload word of an SP packet, so a packet of {@code P} flits is {@code 8 + 4P} bytes on the switch's links.
 *
 * <p>Each node's network interface takes a flit per cycle into its send FIFO ({@code fifoPackets} packets); a packet
 * whose tail was written in cycle {@code t} is in the FIFO at {@code t + 1} and enters the node's link into the
 * switch when the link is free. A packet whose tail reaches the target's receive FIFO at {@code T} is taken out
 * whole in cycle {@code T}, freeing its room in the FIFO. There are no send or receive DMAs, node memory or
 * interrupts here: those are the SP machine's adapters', around the same switch. So a lone packet of {@code P}
 * flits on route {@code r} takes {@code P + switchLatencyCycles + 2e(r) hopCycles + S(P)} cycles from its head's
 * injection to its delivery, {@code S(P)} the cycles it occupies a link (docs/sp.md, "Timing").
 */
public final class SpSwitchNetwork implements FlitNetwork, MultistageSwitch.Client {
    /** The SP switch's defaults (docs/sp.md, "Constants and their sources"). */
    public static final int ROUTES = 4, CLOCK_MHZ = 332, PAIR_MBPS = 160, SWITCH_LATENCY = 332, HOP_CYCLES = 42,
            FIFO_PACKETS = 64, PACKET_BYTES = 1024;

    private final MultistageSwitch core;
    private final Topology topology;
    private final int nodes;
    private final int fifoPackets;
    private final int routes;
    private final int hopCycles;
    private final int switchLatency;
    private long cycle;

    // per node: the packet being written into the send FIFO, and the packets in the FIFO or on the link in
    private final TaggedPacket[] writing;
    private final int[] sendHeld;
    // per node: delivered packets and the next flit of the first
    private final ArrayDeque<MultistageSwitch.Packet>[] delivered;
    private final int[] ejectFlit;
    private long inFlight;

    /**
     * Builds the SP's switch with its documented constants.
     *
     * @param nodes the nodes, 2..128
     */
    public SpSwitchNetwork(int nodes) {
        this(nodes, ROUTES, SWITCH_LATENCY, HOP_CYCLES, FIFO_PACKETS);
    }

    /**
     * Builds a switch.
     *
     * @param nodes         the nodes, 2..128
     * @param routes        routes per pair
     * @param switchLatency cycles a head takes through the idle switch on the shortest route
     * @param hopCycles     cycles each further switch chip adds
     * @param fifoPackets   packets a send or receive FIFO holds
     */
    @SuppressWarnings("unchecked")
    public SpSwitchNetwork(int nodes, int routes, int switchLatency, int hopCycles, int fifoPackets) {
        if (nodes < 2 || nodes > 128) {
            throw new IllegalArgumentException("the SP switch connects 2 to 128 nodes, not " + nodes);
        }
        this.core = new MultistageSwitch(nodes, routes, CLOCK_MHZ, PAIR_MBPS, switchLatency, hopCycles, fifoPackets, 0);
        core.setClient(this);
        this.nodes = nodes;
        this.fifoPackets = fifoPackets;
        this.routes = routes;
        this.hopCycles = hopCycles;
        this.switchLatency = switchLatency;
        this.topology = new SwitchTopology(nodes);
        this.writing = new TaggedPacket[nodes];
        this.sendHeld = new int[nodes];
        this.delivered = new ArrayDeque[nodes];
        for (int k = 0; k < nodes; k++) {
            delivered[k] = new ArrayDeque<>();
        }
        this.ejectFlit = new int[nodes];
    }

    /** Returns the most flits of a packet: a 1024-byte packet's payload words. */
    public static int maxPacketFlits() {
        return (PACKET_BYTES - MultistageSwitch.HEADER_BYTES) / 4;
    }

    /** Returns the switch's timing core. */
    public MultistageSwitch core() {
        return core;
    }

    /** Returns the flits per cycle a link carries with packets of {@code flits} flits: {@code P / S(P)}. */
    public double linkFlitsPerCycle(int flits) {
        return (double) flits / core.linkCycles(flits);
    }

    /** Returns the mean over the routes of the switch chips a route crosses beyond the shortest. */
    public double meanHops() {
        double sum = 0;
        for (int r = 0; r < routes; r++) {
            sum += MultistageSwitch.extraChips(r, routes);
        }
        return sum / routes;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public long cycle() {
        return cycle;
    }

    @Override
    public boolean isIdle() {
        return inFlight == 0;
    }

    @Override
    public void advanceIdle(long cycles) {
        if (inFlight != 0) {
            throw new IllegalStateException("advanceIdle with " + inFlight + " packet(s) in the switch");
        }
        cycle += cycles;
        core.advanceTo(cycle + 1);
    }

    @Override
    public void step() {
        cycle++;
        core.advanceTo(cycle + 1);   // every event up to and including the new cycle has happened
    }

    @Override
    public long headFlit(int src, int dst, int type, int stride) {
        return Flit.of(dst, true, false);
    }

    @Override
    public boolean canInject(int node, long flit) {
        return writing[node] != null || sendHeld[node] < fifoPackets;
    }

    @Override
    public void inject(int node, long flit) {
        TaggedPacket p = writing[node];
        if (p == null) {
            p = new TaggedPacket();
            p.src = node;
            p.dst = Flit.payload(flit);
            core.route(p);
            writing[node] = p;
            sendHeld[node]++;
            inFlight++;
        }
        p.words++;
        if (Flit.isTail(flit)) {
            writing[node] = null;
            p.tag = Flit.tag(flit);
            core.enter(p, cycle + 1);
        }
    }

    @Override
    public long pollEject(int node) {
        MultistageSwitch.Packet p = delivered[node].peek();
        if (p == null) {
            return Flit.NONE;
        }
        int k = ejectFlit[node]++;
        boolean tail = k == p.words - 1;
        if (tail) {
            delivered[node].poll();
            ejectFlit[node] = 0;
            inFlight--;
        }
        return Flit.withTag(Flit.of(k, k == 0, tail), ((TaggedPacket) p).tag);
    }

    @Override
    public int hops(int src, int dst) {
        // the switch chips beyond the shortest of the route the pair's next packet takes
        return MultistageSwitch.extraChips(core.nextRoute(src, dst), routes);
    }

    /**
     * Returns the network latency of a lone packet of {@code flits} flits over a route that crosses {@code hops}
     * switch chips beyond the shortest on average: {@code P + switchLatencyCycles + hops * hopCycles + S(P)}.
     */
    public double zeroLoadLatency(int flits, double hops) {
        return flits + switchLatency + hops * hopCycles + core.linkCycles(flits);
    }

    @Override
    public long zeroLoadLatency(int flits, int hops) {
        return flits + switchLatency + (long) hops * hopCycles + core.linkCycles(flits);
    }

    @Override
    public void run(int kind, MultistageSwitch.Packet packet, int node, long at) {
        throw new IllegalStateException("event " + kind);
    }

    @Override
    public void left(MultistageSwitch.Packet p, long at) {
        sendHeld[p.src]--;
    }

    @Override
    public void arrived(MultistageSwitch.Packet p, long at) {
        core.delivered(p);
        delivered[p.dst].add(p);
        core.release(p.dst, at);
    }

    /** A packet with the driver's tag. */
    private static final class TaggedPacket extends MultistageSwitch.Packet {
        int tag;
    }

    /** The switch as a topology: one stage of nodes on a multistage switch, hops counted beyond the shortest route. */
    private record SwitchTopology(int nodes) implements Topology {
        @Override
        public String name() {
            return "SP switch " + nodes + " nodes";
        }

        @Override
        public int routers() {
            return 1;
        }

        @Override
        public int ports() {
            return nodes;
        }

        @Override
        public int downstream(int router, int outPort) {
            return -1;
        }

        @Override
        public int injectionRouter(int node) {
            return 0;
        }

        @Override
        public int injectionPort(int node) {
            return node;
        }

        @Override
        public int hops(int src, int dst) {
            return 0;
        }

        @Override
        public String routerName(int router) {
            return "the switch";
        }

        @Override
        public String portName(int port) {
            return "node " + port;
        }
    }
}
