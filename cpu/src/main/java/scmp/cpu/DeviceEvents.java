package scmp.cpu;

/**
 * Receives what a node's network device does, for a timeline of the run ({@code scmpsim --timeline},
 * docs/simulator.md "Timelines"): messages sent and received, DMA blocks, the occupancy of the injection queues
 * and the load of the links. A device calls it only when one is set, so that a run without a timeline pays
 * nothing but a null check. Every cycle is a core cycle.
 */
public interface DeviceEvents {

    /**
     * A thread started a message: its head entered the injection queue.
     *
     * @param cycle  the core cycle of the instruction
     * @param node   the sending node
     * @param thread the sending thread context
     * @param seq    the message's number on the sending node, from 0
     * @param type   0 for a THREAD message, 1 for a DATA message
     * @param dest   the destination node
     */
    void sent(long cycle, int node, int thread, int seq, int type, int dest);

    /**
     * A message's tail reached its destination's device, which has delivered it.
     *
     * @param first  the core cycle in which the device took the message's head
     * @param cycle  the core cycle in which it took the tail
     * @param node   the receiving node
     * @param from   the sending node
     * @param seq16  the low 16 bits of the message's number on the sending node
     * @param type   0 for a THREAD message, 1 for a DATA message
     * @param flits  the message's flits, head included
     */
    void received(long first, long cycle, int node, int from, int seq16, int type, int flits);

    /**
     * A DMA block ended: the device has read its last word into the injection queue.
     *
     * @param first  the core cycle from which the block could be read
     * @param cycle  the core cycle of its last word
     * @param node   the node
     * @param thread the thread context whose instruction started it
     * @param words  the block's words
     */
    void dma(long first, long cycle, int node, int thread, int words);

    /**
     * The number of flits in a node's injection queue changed.
     *
     * @param cycle  the core cycle
     * @param node   the node
     * @param flits  the flits now in the queue
     */
    void queue(long cycle, int node, int flits);

    /**
     * The flits the network's links have carried so far, sampled now and then while the network is busy and when
     * it becomes idle.
     *
     * @param cycle   the core cycle the network has reached
     * @param carried the flits all router-to-router links have carried since the start
     * @param links   the number of such links
     * @param ratio   the network cycles per core cycle
     */
    void links(long cycle, long carried, int links, int ratio);
}
