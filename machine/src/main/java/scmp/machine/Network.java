package scmp.machine;

import scmp.cpu.NetworkPort;

/**
 * The on-chip network as the machine drives it: it hands each node's core a {@link NetworkPort} and delivers
 * messages (starting threads, writing memory) at cycles it chooses.
 *
 * <h2>Contract with the machine's loop</h2>
 * The machine advances in rounds. A round starts at cycle {@code T}, the earliest pending event of any core
 * or of the network; the machine first calls {@link #deliver(long) deliver(T)}, then runs every core up to a
 * horizon {@code H} no later than {@code T + lookahead()} and no later than the network's next event. So a
 * network must (1) never deliver a flit sent at cycle {@code s} before {@code s + lookahead()}, and (2) deliver
 * in {@code deliver(T)} only what is due at or before {@code T}, in an order that does not depend on anything
 * but the simulated history (determinism).
 */
public interface Network {

    /**
     * Returns the port of a node's NIU.
     *
     * @param node the node number
     * @return its port
     */
    NetworkPort port(int node);

    /** Returns the fewest cycles between a network instruction and any effect it has on another core, at least 1. */
    int lookahead();

    /** Returns the cycle of the earliest pending delivery, or {@link Long#MAX_VALUE} when nothing is in flight. */
    long nextEventCycle();

    /**
     * Performs every delivery due at or before {@code cycle}.
     *
     * @param cycle the round's start
     * @throws scmp.cpu.GuestFault when a delivery faults (located at the sending instruction)
     */
    void deliver(long cycle);

    /** Returns whether nothing is in flight or waiting. */
    boolean idle();
}
