package scmp.machine;

/**
 * A network as the machine clocks it: the SCMP mesh of routers and NIUs, the T3D's data torus or its barrier
 * network. A machine model lists its networks ({@link Hardware#networks()}); the machine runs them after the cores
 * within each core cycle, in list order, and asks each what it needs to interleave them with the cores
 * deterministically.
 *
 * <h2>Contract with the machine's loop</h2>
 * A network keeps its own clock, {@link #time()}: it has run every core cycle below it. {@link #advanceTo(long)
 * advanceTo(c)} runs core cycles {@code time() .. c - 1}; the machine calls it only once every core has executed
 * its instructions of those cycles, and no core has executed an instruction that those cycles could affect (a word
 * written into its memory, a thread started or woken, the device state a network instruction or {@code rdsr}
 * reads). So:
 * <ul>
 *   <li>while {@link #busy()} (anything in flight), cores and networks advance in lockstep, one core cycle at a
 *       time, or up to the least of the networks' {@linkplain #horizon() horizons} at once;</li>
 *   <li>while no network is busy, none can do anything until a core issues a network instruction, so cores run
 *       ahead without limit, each stopping right after a network instruction; the networks then jump to that
 *       cycle ({@link #nextActivity()}), which must cost nothing however far.</li>
 * </ul>
 * What a network does must depend only on the simulated history, so that runs are deterministic. Everything it
 * changes in a node's memory goes through the node's {@link scmp.cpu.RemotePort}, landing at a cycle the node
 * has not run past.
 */
public interface ClockedNetwork {

    /** Returns the core cycles the network has run. */
    long time();

    /** Tells whether anything is in flight: while it is, a core's future can depend on the network at every cycle. */
    boolean busy();

    /**
     * Returns the first core cycle, at or after {@link #time()}, in which the network can do anything
     * ({@code time()} while something moves; {@link Long#MAX_VALUE} when nothing is in flight).
     */
    long nextActivity();

    /**
     * Runs core cycles {@link #time()} up to {@code cycle - 1}, jumping over cycles in which nothing can happen.
     *
     * @param cycle the new time, at or after {@link #time()}
     * @throws scmp.cpu.GuestFault when a device faults (located where its model says)
     */
    void advanceTo(long cycle);

    /**
     * Returns the core cycles after which a network that has not moved, while no thread can run on any node,
     * never moves again: longer than any pause it can make while something is still on its way.
     */
    long stallWindow();

    /** Returns the core cycle in which anything last moved in the network. */
    long lastProgressCycle();

    /**
     * Tells whether the network, busy, has stopped: nothing has moved in it for longer than its {@linkplain
     * #stallWindow() stall window}, and it holds nothing that moves or changes by itself, so that each further cycle
     * leaves it exactly as it is until a core acts on it (a network instruction, a thread's end that frees the
     * context a waiting THREAD message needs, a host call). False when the network cannot tell.
     */
    default boolean stalled() {
        return false;
    }

    /**
     * Moves the clock of a {@linkplain #stalled() stalled} network to core cycle {@code cycle} without running the
     * cycles in between, which would change nothing but the clock.
     *
     * @param cycle the new time, at or after {@link #time()}; no core has acted on the network before it
     */
    default void skipStalled(long cycle) {
        throw new UnsupportedOperationException("this network cannot skip stalled cycles");
    }

    /**
     * Asks the network to tell, from now on, before anything it does can affect a node: before each step of its
     * model that may change what the node's cores can see (a word written into the node's memory, a thread started
     * or woken there, the node's device changing what {@code rdsr} or a network instruction answers), it calls
     * {@code before.accept(node)}, with the network's clock in the core cycle of that step and the node's device and
     * memory as they were before it. Steps that cannot affect a node (flits crossing routers, another node's
     * device acting on its own state) need no call. Idle skipping keeps a waiting node virtual through a busy
     * network's cycles with it and brings the node to its position only when it is named (docs/performance.md,
     * "Idle skipping").
     *
     * @param before what to call, with the node's number (the machine's node id)
     * @return whether the network will call it; false (the default) when it cannot tell which nodes its cycles
     *         affect: the machine then brings every waiting node to its position before the network acts
     */
    default boolean reportReach(java.util.function.IntConsumer before) {
        return false;
    }

    /**
     * A hint for idle skipping, for a network that {@linkplain #reportReach names the nodes it acts on}: whether it
     * may act on node {@code node} in its next cycle. A node it may act on is not made virtual in a lockstep round
     * (it would likely be named and brought back at once); the answer changes no result, only what it costs.
     *
     * @param node the machine's node id
     * @return false when the network will not act on the node in its next cycle unless a core acts first
     */
    default boolean mayActOn(int node) {
        return true;
    }

    /**
     * Returns the network's lookahead: the fewest core cycles {@code W} such that nothing a core does at cycle
     * {@code t} (a network instruction) can be seen by another node's core before cycle {@code t + W}. 1 is
     * always safe.
     */
    default long lookahead() {
        return 1;
    }

    /**
     * Returns the network's horizon: the first core cycle, at or after {@link #time()}, in which it may do anything
     * that a node's cores can see (a word written into a node's memory or read from it, a thread started or woken,
     * the device state a network instruction or {@code rdsr} reads), counting only what is in the network now
     * (what cores hand it later is bounded by {@link #reactionCycles()}); {@link Long#MAX_VALUE} when nothing is in
     * flight. While every busy network's horizon is ahead, the cores run up to it in one round instead of one cycle
     * at a time, no more than {@link #reactionCycles()} cycles (docs/simulator.md, "How the machine runs"). A
     * network that answers more than {@link #time()} while busy also promises that nothing a core hands it at cycle
     * {@code t} acts on any node, the core's own included, before {@code t + }{@link #reactionCycles()} (the T3D's
     * shell: every request waits its start latency), and that what a core's network instruction or {@code rdsr} reads
     * of its state changes only in what the horizon counts. The default, {@link #time()} while busy, is always safe.
     */
    default long horizon() {
        return busy() ? time() : Long.MAX_VALUE;
    }

    /**
     * Returns the fewest core cycles {@code R} such that nothing a core hands the network at cycle {@code t} acts on
     * any node, the core's own included, before cycle {@code t + R}: the longest a busy window may be ({@link
     * #horizon()}). The default is the {@linkplain #lookahead() lookahead}, for a network whose requests act on their
     * own node no sooner than on others.
     */
    default long reactionCycles() {
        return lookahead();
    }
}
