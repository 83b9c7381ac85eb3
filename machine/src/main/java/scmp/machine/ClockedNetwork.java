package scmp.machine;

import java.util.List;
import scmp.cpu.NetworkPort;
import scmp.niu.NiuStats;
import scmp.noc.LinkLoad;

/**
 * The on-chip network as the machine drives it: it hands each node's core a {@link NetworkPort} and runs the
 * network cycles of each core cycle after the cores have acted in it (docs/timing.md section 3).
 *
 * <h2>Contract with the machine's loop</h2>
 * The network keeps its own clock, {@link #time()}: it has run the network cycles of every core cycle below
 * it. {@link #advanceTo(long) advanceTo(c)} runs core cycles {@code time() .. c - 1}; the machine calls it only
 * once every core has executed its instructions of those cycles, and no core has executed an instruction that
 * those network cycles could affect (a word written into its memory, a thread started or woken, the NIU state
 * a network instruction or {@code rdsr niustat} reads). So:
 * <ul>
 *   <li>while {@link #busy()} (anything in flight), cores and network advance in lockstep, one core cycle at a
 *       time;</li>
 *   <li>while not busy, the network can do nothing until a core sends, so cores run ahead of it without
 *       limit, each stopping right after a network instruction; the network then jumps to that cycle
 *       ({@link #nextActivity()}), which costs nothing however far.</li>
 * </ul>
 * Everything the network does depends only on the simulated history, so runs are deterministic.
 */
public interface ClockedNetwork {

    /**
     * Returns the port of a node's NIU.
     *
     * @param node the node number
     * @return its port
     */
    NetworkPort port(int node);

    /**
     * Returns the special registers of a node that its network defines.
     *
     * @param node the node number
     * @return its registers
     */
    scmp.cpu.SpecialRegisters registers(int node);

    /** Returns the core cycles the network has run. */
    long time();

    /** Tells whether anything is in flight: flits in the network or in an NIU's queue, a DMA block being read. */
    boolean busy();

    /**
     * Returns the first core cycle, at or after {@link #time()}, in whose network cycles anything can happen
     * ({@code time()} while a flit is in the network; {@link Long#MAX_VALUE} when nothing is in flight).
     */
    long nextActivity();

    /**
     * Runs the network cycles of core cycles {@link #time()} up to {@code cycle - 1}, jumping over cycles in which
     * nothing can happen.
     *
     * @param cycle the new time, at or after {@link #time()}
     * @throws scmp.cpu.GuestFault when a DMA read or a delivery faults
     */
    void advanceTo(long cycle);

    /**
     * Returns the core cycles after which a network that has not moved, while no thread can run on any node,
     * never moves again: longer than any pause of a flit in a router or on a link.
     */
    long stallWindow();

    /** Returns the core cycle in which anything last moved in the network (a flit, a DMA read). */
    long lastProgressCycle();

    /**
     * Describes why a blocked thread waits, or returns null when it is not blocked on the network.
     *
     * @param node    the node
     * @param context the thread context
     * @return a few words
     */
    String blockedReason(int node, int context);

    /** Describes the NIUs not at rest and every flit in the network, one line each, for deadlock reports. */
    String stateReport();

    /**
     * Returns a node's NIU statistics.
     *
     * @param node the node
     * @return its counters
     */
    NiuStats niuStats(int node);

    /** Returns the flits each router-to-router link carried. */
    List<LinkLoad> linkLoads();

    /** Returns the network cycles run so far. */
    long networkCycles();

    /**
     * Returns the network's lookahead: the fewest core cycles {@code W} such that nothing a core does at cycle
     * {@code t} (a network instruction) can be seen by another node's core before cycle {@code t + W}. 1 is
     * always safe.
     */
    default long lookahead() {
        return 1;
    }

    /**
     * Tells the network that a node's program has exited (an SPMD rank's {@code exit}): no thread of the node
     * waits on its NIU any more.
     *
     * @param node the node
     */
    void nodeExited(int node);
}
