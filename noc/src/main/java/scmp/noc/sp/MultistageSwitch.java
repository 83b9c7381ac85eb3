package scmp.noc.sp;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * The timing core of the IBM SP's multistage switch (docs/sp.md, "Timing"): each node's link into the switch, the
 * pair's four routes of different lengths chosen round-robin per packet, the last link of each route into the
 * target's switch chip (shared by every source's packets on that route to the target), the target's link out of
 * the switch and the room in its receive FIFO. Packets of one pair overtake each other when a later one takes a
 * shorter route, or a route less busy with other sources' packets.
 *
 * <p>What lies around the switch is a {@link Client}'s: the SP machine's adapters (send and receive DMA, node
 * memory, interrupts) or {@code scmpsim noc}'s traffic driver. Both share this class's event queue, so that the
 * client's own events and the switch's run in one network cycle order (events of one cycle in the order they were
 * scheduled), which keeps runs deterministic; nothing is stepped per cycle.
 */
public final class MultistageSwitch {
    /** The bytes of a packet's header: the route and length word and the sender's user word. */
    public static final int HEADER_BYTES = 8;
    /** The first event kind a client may schedule; the switch's own kinds are below it. */
    public static final int CLIENT_KIND = 16;

    private static final int TX_FREE = 1, LAST_LINK = 2, HEAD = 3, TAIL = 4;

    /** A packet on its way; clients extend it with what they carry. */
    public static class Packet {
        /** The source node. */
        public int src;
        /** The target node. */
        public int dst;
        /** Payload words, header not counted. */
        public int words;
        /** The route, set by {@link #route}. */
        public int route;
        /** The packet's number within its pair, from 0, set by {@link #route}. */
        public long seq;
    }

    /** What surrounds the switch: it hears of packets leaving the node's link and arriving at the target. */
    public interface Client {
        /**
         * Runs one of the client's own events.
         *
         * @param kind   its kind, at least {@link #CLIENT_KIND}
         * @param packet the packet it was scheduled with, or null
         * @param node   the node it was scheduled with
         * @param at     its cycle
         */
        void run(int kind, Packet packet, int node, long at);

        /** The packet's tail has left its node's link into the switch at {@code at}: the send FIFO has room. */
        void left(Packet packet, long at);

        /**
         * The packet's tail is in the target's receive FIFO at {@code at}; the client calls {@link #release} when
         * it has taken the packet out.
         */
        void arrived(Packet packet, long at);
    }

    /**
     * An event due in cycle {@code at}. With {@linkplain #orderByCaller ordering by caller}, {@code from} is twice the
     * cycle that scheduled it, plus one when the switch's own events did (a client's call from a core comes before the
     * switch's cycle), and {@code who} the node of a call from a core (0 for the switch's own), so that events due
     * in one cycle run in the order of the simulated time and node that scheduled them, however the calls
     * interleaved; else both are 0 and they run in the order of the calls.
     */
    private record Event(long at, long from, int who, long seq, int kind, Packet packet, int node) {
    }

    private final int nodes;
    private final int routes;
    private final int clockMhz;
    private final int pairMBps;
    private final int switchLatencyCycles;
    private final int hopCycles;
    private final int fifoPackets;
    private final int dropEvery;
    private Client client;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.at != b.at
            ? Long.compare(a.at, b.at) : a.from != b.from ? Long.compare(a.from, b.from)
            : a.who != b.who ? Integer.compare(a.who, b.who) : Long.compare(a.seq, b.seq));
    private boolean byCaller;
    /** Whether {@link #advanceTo} is running events. */
    private boolean running;
    /** The cycle of the client's current call from a core ({@link #caller}). */
    private long callCycle;
    private long seq;
    private long time;
    private long lastProgress;

    private final long[] injectFree;
    private final int[] pairPackets;
    private final long[] lastLinkFree;
    private final long[] ejectFree;
    private final int[] rxHeld;
    private final ArrayDeque<Packet>[] waitingOut;
    private final long[] lastSeqLanded;
    private long entered;
    private long dropped;
    private long overtaken;

    /**
     * Builds an idle switch.
     *
     * @param nodes               nodes attached
     * @param routes              routes between each pair of nodes
     * @param clockMhz            the clock in MHz, of which cycles are counted
     * @param pairMBps            a link's data rate in MB/s
     * @param switchLatencyCycles cycles a head takes through the idle switch on the shortest route
     * @param hopCycles           cycles each further switch chip of a longer route adds
     * @param fifoPackets         packets a receive FIFO holds
     * @param dropEvery           0: no loss; N: every N-th packet entering the switch is lost
     */
    @SuppressWarnings("unchecked")
    public MultistageSwitch(int nodes, int routes, int clockMhz, int pairMBps, int switchLatencyCycles, int hopCycles,
            int fifoPackets, int dropEvery) {
        this.nodes = nodes;
        this.routes = routes;
        this.clockMhz = clockMhz;
        this.pairMBps = pairMBps;
        this.switchLatencyCycles = switchLatencyCycles;
        this.hopCycles = hopCycles;
        this.fifoPackets = fifoPackets;
        this.dropEvery = dropEvery;
        this.injectFree = new long[nodes];
        this.pairPackets = new int[nodes * nodes];
        this.lastLinkFree = new long[nodes * routes];
        this.ejectFree = new long[nodes];
        this.rxHeld = new int[nodes];
        this.waitingOut = new ArrayDeque[nodes];
        for (int k = 0; k < nodes; k++) {
            waitingOut[k] = new ArrayDeque<>();
        }
        this.lastSeqLanded = new long[nodes * nodes];
        Arrays.fill(lastSeqLanded, -1);
    }

    /** Sets what surrounds the switch; before the first event. */
    public void setClient(Client client) {
        this.client = client;
    }

    /** Returns the nodes attached. */
    public int nodes() {
        return nodes;
    }

    /**
     * Returns the cycles a packet of {@code words} payload words occupies a link: its bytes, header included, at
     * {@code pairMBps} and {@code clockMhz}, rounded up.
     */
    public static long linkCycles(int words, int clockMhz, int pairMBps) {
        long bytes = HEADER_BYTES + 4L * words;
        return (bytes * clockMhz + pairMBps - 1) / pairMBps;
    }

    /**
     * Returns the cycles a head takes through the idle switch on route {@code r}: route {@code r} goes {@code e =
     * (2r mod routes) + (2r div routes)} stages further into the switch and back than the shortest, so it crosses
     * {@code 2e} switch chips more (for four routes: 0, 4, 2 and 6 more).
     */
    public static long routeCycles(int r, int routes, int switchLatencyCycles, int hopCycles) {
        return switchLatencyCycles + (long) extraChips(r, routes) * hopCycles;
    }

    /** Returns the switch chips route {@code r} crosses beyond the shortest route's: {@code 2e}. */
    public static int extraChips(int r, int routes) {
        return 2 * ((2 * r) % routes + (2 * r) / routes);
    }

    /** Returns {@link #linkCycles(int, int, int)} of this switch. */
    public long linkCycles(int words) {
        return linkCycles(words, clockMhz, pairMBps);
    }

    /** Returns {@link #routeCycles(int, int, int, int)} of this switch. */
    public long routeCycles(int r) {
        return routeCycles(r, routes, switchLatencyCycles, hopCycles);
    }

    /**
     * Gives a packet, once its source and target are set, its number within its pair and its route: packet
     * {@code k} of the pair from {@code a} takes route {@code (a + k) mod routes}.
     */
    public void route(Packet p) {
        int pair = p.src * nodes + p.dst;
        p.seq = pairPackets[pair];
        p.route = nextRoute(p.src, p.dst);
        pairPackets[pair]++;
    }

    /** Returns the route the next packet from {@code src} to {@code dst} takes. */
    public int nextRoute(int src, int dst) {
        return (src + pairPackets[src * nodes + dst]) % routes;
    }

    /**
     * The packet, routed, is in its node's send FIFO at {@code at}: it enters the node's link into the switch when
     * the link is free, and goes on to its route's last link (unless the switch loses it, {@code dropEvery}).
     */
    public void enter(Packet p, long at) {
        long inject = Math.max(at, injectFree[p.src]);
        injectFree[p.src] = inject + linkCycles(p.words);
        schedule(inject, TX_FREE, p, p.src);
        entered++;
        if (dropEvery > 0 && entered % dropEvery == 0) {
            dropped++;   // lost inside the switch: it has used the node's link in, and goes no further
            return;
        }
        schedule(inject + routeCycles(p.route), LAST_LINK, p, p.dst);
    }

    /** The client has taken a packet out of node {@code dst}'s receive FIFO at {@code at}: another may leave. */
    public void release(int dst, long at) {
        rxHeld[dst]--;
        eject(dst, at);
    }

    /**
     * Notes that a packet has been delivered, to count those that came after a later packet of their pair.
     *
     * @return whether it did
     */
    public boolean delivered(Packet p) {
        int pair = p.src * nodes + p.dst;
        boolean late = p.seq < lastSeqLanded[pair];
        if (late) {
            overtaken++;
        }
        lastSeqLanded[pair] = Math.max(lastSeqLanded[pair], p.seq);
        return late;
    }

    /**
     * Schedules an event.
     *
     * @param at   its cycle
     * @param kind its kind; a client's are at least {@link #CLIENT_KIND}
     * @param p    its packet, or null
     * @param node its node
     */
    public void schedule(long at, int kind, Packet p, int node) {
        long from = !byCaller ? 0 : running ? 2 * time + 1 : 2 * callCycle;
        int who = !byCaller || running ? 0 : node;
        events.add(new Event(at, from, who, seq++, kind, p, node));
    }

    /**
     * Orders the events due in one cycle by the simulated time and node that scheduled them ({@link #caller}),
     * not by the order of the calls: for a client whose calls from several nodes may come out of cycle order.
     */
    public void orderByCaller() {
        byCaller = true;
    }

    /**
     * Tells the switch the cycle of the client's call from a core that follows, made for the node the events it
     * schedules name ({@link #orderByCaller}).
     */
    public void caller(long cycle) {
        callCycle = cycle;
    }

    /** Notes that the client made progress at {@code cycle} (for stall detection). */
    public void progress(long cycle) {
        lastProgress = Math.max(lastProgress, cycle);
    }

    /** Returns the cycle the switch has reached. */
    public long time() {
        return time;
    }

    /** Tells whether events are pending. */
    public boolean busy() {
        return !events.isEmpty();
    }

    /** Returns the cycle of the next event, or {@link Long#MAX_VALUE}. */
    public long nextActivity() {
        return events.isEmpty() ? Long.MAX_VALUE : Math.max(time, events.peek().at);
    }

    /** Returns the last cycle something happened. */
    public long lastProgressCycle() {
        return lastProgress;
    }

    /** Runs every event before {@code cycle}, in order. */
    public void advanceTo(long cycle) {
        running = true;
        try {
            while (!events.isEmpty() && events.peek().at < cycle) {
                Event e = events.poll();
                time = Math.max(time, e.at);
                run(e);
                lastProgress = Math.max(lastProgress, e.at);
            }
        } finally {
            running = false;
        }
        time = Math.max(time, cycle);
    }

    private void run(Event e) {
        Packet p = e.packet;
        long n = e.at;
        switch (e.kind) {
            case TX_FREE -> client.left(p, n);
            case LAST_LINK -> {
                // the head at route r's last link, into the target's switch chip, which every packet of a route
                // to this target crosses: it waits while another packet's bytes stream through
                int link = p.dst * routes + p.route;
                long start = Math.max(n, lastLinkFree[link]);
                lastLinkFree[link] = start + linkCycles(p.words);
                schedule(start, HEAD, p, p.dst);
            }
            case HEAD -> {
                waitingOut[p.dst].add(p);
                eject(p.dst, n);
            }
            case TAIL -> client.arrived(p, n);
            default -> {
                if (e.kind < CLIENT_KIND) {
                    throw new IllegalStateException("event " + e.kind);
                }
                client.run(e.kind, p, e.node, n);
            }
        }
    }

    /** Starts packets waiting at node {@code dst}'s link out of the switch while its receive FIFO has room. */
    private void eject(int dst, long n) {
        while (!waitingOut[dst].isEmpty() && rxHeld[dst] < fifoPackets) {
            Packet p = waitingOut[dst].poll();
            rxHeld[dst]++;
            long start = Math.max(n, ejectFree[dst]);
            long tail = start + linkCycles(p.words);
            ejectFree[dst] = tail;
            schedule(tail, TAIL, p, dst);
        }
    }

    /** Returns the packets waiting in the switch for node {@code k}'s link out. */
    public int waiting(int k) {
        return waitingOut[k].size();
    }

    /** Returns the packets the switch has lost ({@code dropEvery}). */
    public long dropped() {
        return dropped;
    }

    /** Returns the packets delivered after a later packet of the same pair ({@link #delivered}). */
    public long overtaken() {
        return overtaken;
    }
}
