package scmp.model.scmp;

import java.util.function.IntFunction;
import scmp.cpu.DeviceEvents;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.niu.Niu;
import scmp.niu.NiuConfig;
import scmp.niu.NiuContext;
import scmp.niu.Watch;
import scmp.noc.RouterNetwork;

/**
 * The chip's clock and network as the cores see it: the router network ({@link RouterNetwork}) and one {@link Niu}
 * per node, clocked together core cycle by core cycle (docs/timing.md section 3): within core cycle {@code c} the cores
 * act first, then {@link #runCoreCycle(long) runCoreCycle(c)} runs the network cycles {@code k c .. k c + k - 1}
 * (every NIU, then the routers, per network cycle) and wakes the threads whose NIU condition became true.
 *
 * <p>Idle parts cost nothing: an NIU is visited only while it has flits to send, a DMA block to read, flits
 * arriving or threads blocked on it; routers are stepped only while they hold flits; and while nothing is in
 * flight at all ({@link #busy()} false) the clock jumps ({@link #skipTo}).
 *
 * <p>Nodes are created lazily: the NIU asks for its node only when a message arrives there, through the
 * function given at construction, so a machine can leave nodes no message reaches unbuilt.
 */
public final class Interconnect implements NiuContext {
    private final RouterNetwork net;
    private final NiuConfig config;
    private final Niu[] nius;
    private final IntFunction<Node> nodes;
    private final Watch watch;
    private final int ratio;
    private final int[] senders;
    private final boolean[] listed;
    /** The nodes the network marked ({@link RouterNetwork#takeNodeMarks}): their NIUs stop waiting. */
    private final long[] marks;
    /**
     * One bit per node: every NIU that is parked, sending or receiving has its bit set (others may too), so that a
     * busy network cycle visits only those. A bit is set when the NIU starts sending ({@link #sending}) and when the
     * network marks its node (a flit entered its ejection channel, a credit its injection channel); it is cleared
     * when a busy network cycle finds the NIU neither parked nor sending nor receiving, which only those two events
     * change (an NIU parks, and takes up a message, only in its own network cycles).
     */
    private final long[] engaged;
    /** Per node, the network cycles its NIU did not run while it waited for the network ({@link Niu#parked}). */
    private final long[] parkedCycles;
    private int senderCount;
    private int blockedTotal;
    private long time;
    private long lastProgress;
    /** What sees the devices' events for a timeline, or null; the core cycle of its next sample of the links. */
    private DeviceEvents events;
    private long nextSample;
    /** What is told before an NIU may act on its node ({@link #setReach}), or null. */
    private java.util.function.IntConsumer reach;

    /** Core cycles between two samples of the links' load for a timeline while the network is busy. */
    public static final int LINK_SAMPLE_CYCLES = 100;

    /**
     * Builds the NIUs of every node of a network.
     *
     * @param net      the router network; its clock must be at 0
     * @param config   the NIU parameters
     * @param contexts thread contexts per node
     * @param nodes    returns a node, creating it on first use
     * @param watch    the trace of selected messages, or null
     */
    public Interconnect(RouterNetwork net, NiuConfig config, int contexts, IntFunction<Node> nodes, Watch watch) {
        if (net.cycle() != 0) {
            throw new IllegalArgumentException("the network has already run");
        }
        this.net = net;
        this.config = config;
        this.nodes = nodes;
        this.watch = watch;
        this.ratio = net.config().clockRatio();
        int n = net.nodes();
        this.nius = new Niu[n];
        for (int node = 0; node < n; node++) {
            nius[node] = new Niu(node, this, contexts);
        }
        this.senders = new int[n];
        this.listed = new boolean[n];
        this.marks = new long[(n + 63) >>> 6];
        this.engaged = new long[(n + 63) >>> 6];
        for (int node = 0; node < n; node++) {
            engaged[node >>> 6] |= 1L << node;      // the first busy network cycle keeps only those that act
        }
        this.parkedCycles = new long[n];
        if (watch != null) {
            watch.attach(net.topology());
            net.setTracer(watch);
        }
    }

    @Override
    public RouterNetwork network() {
        return net;
    }

    @Override
    public NiuConfig config() {
        return config;
    }

    /** Returns the number of nodes. */
    public int nodes() {
        return nius.length;
    }

    /**
     * Returns a node's NIU, the port its core's network instructions talk to.
     *
     * @param node the node
     * @return its NIU
     */
    @Override
    public Niu niu(int node) {
        return nius[node];
    }

    /**
     * Returns a node's port.
     *
     * @param node the node
     * @return its NIU as a {@link NetworkPort}
     */
    public NetworkPort port(int node) {
        return nius[node];
    }

    @Override
    public Node node(int node) {
        return nodes.apply(node);
    }

    @Override
    public Watch watch() {
        return watch;
    }

    /**
     * Sets what sees the NIUs' events and samples of the links' load (for a timeline), or null for nothing.
     *
     * @param e the events' receiver
     */
    public void setEvents(DeviceEvents e) {
        events = e;
        for (Niu u : nius) {
            u.setEvents(e);
        }
        nextSample = time;
    }

    /** Reports the flits the links have carried so far to the timeline. */
    private void sampleLinks() {
        long carried = 0;
        java.util.List<scmp.noc.LinkLoad> loads = net.linkLoads();
        for (scmp.noc.LinkLoad l : loads) {
            carried += l.flits();
        }
        events.links(time, carried, loads.size(), ratio);
        nextSample = time + LINK_SAMPLE_CYCLES;
    }

    /**
     * Sets what is told, with the node's number, before an NIU may act on its node in a core cycle: before each of
     * its network cycles and before the end of a core cycle in which it has blocked threads. Nothing else here
     * changes what a node's cores see (routers move flits between NIUs; an NIU acts only on its own node and reads
     * no other NIU's state but for reports).
     *
     * @param r the receiver, or null
     */
    public void setReach(java.util.function.IntConsumer r) {
        reach = r;
    }

    @Override
    public void sending(Niu niu) {
        int node = niu.node();
        engaged[node >>> 6] |= 1L << node;
        if (!listed[node]) {
            listed[node] = true;
            senders[senderCount++] = node;
        }
    }

    @Override
    public void blocked(int delta) {
        blockedTotal += delta;
    }

    @Override
    public void progress(long netCycle) {
        lastProgress = Math.max(lastProgress, netCycle);
    }

    /**
     * Returns the network cycles that NIUs waiting for the network did not run ({@link Niu#parked}): each would have
     * done nothing. For measurements and tests.
     */
    public long parkedCycles() {
        long total = 0;
        for (long p : parkedCycles) {
            total += p;
        }
        return total;
    }

    /** Returns the network cycles that node {@code node}'s NIU, waiting for the network, did not run. */
    public long parkedCycles(int node) {
        return parkedCycles[node];
    }

    /** Returns the core cycles the network has run: the network cycles of every core cycle below this are done. */
    public long time() {
        return time;
    }

    /**
     * Tells whether anything is in flight: a flit in the network, a flit in an injection queue, or a DMA block
     * being read. While it is, a core's future can depend on the network at every cycle.
     */
    public boolean busy() {
        return senderCount != 0 || !net.isIdle();
    }

    /**
     * Returns the last network cycle in which anything moved: a flit injected, crossing a router or taken by an
     * NIU, or a word read by a DMA engine.
     */
    public long lastProgressCycle() {
        return Math.max(lastProgress, net.lastProgressCycle());
    }

    /**
     * Returns the first core cycle, at or after {@link #time()}, in whose network cycles anything can happen: now
     * when a flit is in the network, otherwise the core cycle from which the earliest queued flit may enter the
     * router or a DMA engine may read, or {@link Long#MAX_VALUE} when nothing is queued. Blocked threads need no
     * cycle of their own: their conditions change only when flits move or when the core executes a network
     * instruction, which queues a flit.
     */
    public long nextActivity() {
        if (!net.isIdle()) {
            return time;
        }
        long first = Long.MAX_VALUE;
        for (int k = 0; k < senderCount; k++) {
            first = Math.min(first, nius[senders[k]].firstActivity() / ratio);
        }
        return Math.max(first, time);
    }

    /**
     * Runs the network cycles of core cycle {@code c}: every NIU with work, then the routers, in each network
     * cycle; then wakes blocked threads whose condition holds.
     *
     * @param c the core cycle, equal to {@link #time()}; every core must have executed its instructions of
     *          cycle {@code c} and none later that the network can affect
     * @throws scmp.cpu.GuestFault when a DMA read or a delivery faults
     */
    public void runCoreCycle(long c) {
        if (c != time) {
            throw new IllegalStateException("core cycle " + c + " but the network is at " + time);
        }
        long n = c * ratio;
        for (int j = 0; j < ratio; j++, n++) {
            if (!net.isIdle()) {
                if (net.takeNodeMarks(marks)) {
                    for (int w = 0; w < marks.length; w++) {
                        for (long m = marks[w]; m != 0; m &= m - 1) {
                            nius[(w << 6) + Long.numberOfTrailingZeros(m)].unpark();
                        }
                        engaged[w] |= marks[w];
                        marks[w] = 0;
                    }
                }
                // the engaged NIUs in node order (a bit set meanwhile is seen, as the NIU would be in a pass over all)
                for (int w = 0; w < engaged.length; w++) {
                    for (long m = engaged[w]; m != 0; ) {
                        int b = Long.numberOfTrailingZeros(m);
                        int node = (w << 6) + b;
                        Niu u = nius[node];
                        if (u.parked()) {
                            parkedCycles[node]++;   // it would do nothing (Niu#parked): nor does it act on its node
                        } else if (u.sending() || u.receiving()) {
                            if (reach != null) {
                                reach.accept(node);
                            }
                            u.networkCycle(n, c);
                        } else {
                            engaged[w] &= ~(1L << b);
                        }
                        m = engaged[w] & (-2L << b);
                    }
                }
            } else {
                for (int k = 0; k < senderCount; k++) {
                    if (reach != null) {
                        reach.accept(senders[k]);
                    }
                    nius[senders[k]].networkCycle(n, c);
                }
            }
            net.step();
        }
        if (blockedTotal != 0) {
            for (Niu u : nius) {
                if (reach != null && u.blockedCount() != 0) {
                    reach.accept(u.node());
                }
                u.endCoreCycle(c);
            }
        }
        int kept = 0;
        for (int k = 0; k < senderCount; k++) {
            int node = senders[k];
            if (nius[node].sending()) {
                senders[kept++] = node;
            } else {
                listed[node] = false;
            }
        }
        senderCount = kept;
        time = c + 1;
        if (events != null && time >= nextSample) {
            sampleLinks();
        }
    }

    /**
     * Tells whether, in a network in which nothing has moved for longer than its stall window, every NIU only waits
     * ({@link Niu#onlyWaits()}: no DMA block being read, no CTS job, no message half taken) and no timeline samples
     * the links: then a network cycle changes nothing until a core acts (docs/performance.md, "Stalled networks").
     */
    public boolean stalled() {
        if (events != null) {
            return false;
        }
        for (Niu u : nius) {
            if (!u.onlyWaits()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Moves the clock of a {@linkplain #stalled() stalled} network to core cycle {@code c}: the cycles in between
     * would change nothing (no flit can move, no NIU acts on its node) while no core acts.
     *
     * @param c a core cycle at or after {@link #time()}
     */
    public void skipStalled(long c) {
        if (c < time) {
            throw new IllegalArgumentException("cannot go back from core cycle " + time + " to " + c);
        }
        net.advanceStalled((c - time) * ratio);
        time = c;
    }

    /**
     * Moves the clock to core cycle {@code c}, over cycles in which nothing can happen; costs nothing however
     * far.
     *
     * @param c a core cycle from {@link #time()} to {@link #nextActivity()}
     * @throws IllegalStateException when something could happen before {@code c}
     */
    public void skipTo(long c) {
        if (c < time) {
            throw new IllegalArgumentException("cannot go back from core cycle " + time + " to " + c);
        }
        if (c > nextActivity()) {
            throw new IllegalStateException("cannot skip to core cycle " + c + ": the network has work at "
                    + nextActivity());
        }
        if (events != null && c > time && time > nextSample - LINK_SAMPLE_CYCLES) {
            sampleLinks();      // the load up to the idle stretch; the next sample covers only the stretch
        }
        net.advanceIdle((c - time) * ratio);
        time = c;
    }

    /**
     * Describes every NIU that is not at rest and every flit in the network, for deadlock reports.
     *
     * @return lines, each ending with a newline
     */
    public String stateReport() {
        StringBuilder sb = new StringBuilder();
        for (Niu u : nius) {
            String d = u.describe();
            if (d != null) {
                sb.append("  node ").append(u.node()).append(" NIU: ").append(d).append('\n');
            }
        }
        if (!net.isIdle()) {
            sb.append(net.stateReport());
        }
        return sb.toString();
    }
}
