package scmp.niu;

import scmp.cpu.Node;
import scmp.noc.RouterNetwork;

/**
 * What an {@link Niu} is attached to: the router network it injects into and ejects from, the other NIUs, its
 * node (built on first use), the message trace, and the clock that runs the NIUs, which an NIU tells when it has
 * work. The SCMP model's interconnect implements it; an NIU reaches nothing else of the chip.
 */
public interface NiuContext {

    /** Returns the router network. */
    RouterNetwork network();

    /** Returns the NIU parameters. */
    NiuConfig config();

    /**
     * Returns a node's processor side (its contexts and memory), building the node on first use.
     *
     * @param node the node number
     * @return the node
     */
    Node node(int node);

    /**
     * Returns another node's NIU (to name the sender of a message in a fault report).
     *
     * @param node the node number
     * @return its NIU
     */
    Niu niu(int node);

    /** Returns the trace of selected messages, or null. */
    Watch watch();

    /**
     * Tells the clock that an NIU has flits to inject or a DMA block to read, so that it runs the NIU's network
     * cycles from now on.
     *
     * @param niu the NIU
     */
    void sending(Niu niu);

    /**
     * Counts threads that block on an NIU (+1) or stop waiting (-1), so that the clock wakes them at the end of
     * each core cycle only while some wait.
     *
     * @param delta +1 or -1
     */
    void blocked(int delta);

    /**
     * Records that something moved in network cycle {@code networkCycle} (a DMA read), for deadlock detection.
     *
     * @param networkCycle the network cycle
     */
    void progress(long networkCycle);
}
