package scmp.noc;

/**
 * What a traffic driver needs of a network: flits in at each node's network interface, flits out at each node's
 * ejection port, a clock. The routers' mesh and torus ({@link RouterNetwork}) and the SP's multistage switch
 * ({@link scmp.noc.sp.SpSwitchNetwork}) are driven through it by {@code scmpsim noc}'s synthetic traffic.
 */
public interface FlitNetwork {

    /** Returns the wiring; its {@link Topology#nodes()} are the network interfaces. */
    Topology topology();

    /** Returns the current network cycle. */
    long cycle();

    /** Tells whether nothing is on its way. */
    boolean isIdle();

    /** Advances the clock of an idle network by {@code cycles} cycles at once. */
    void advanceIdle(long cycles);

    /** Advances the network one cycle. */
    void step();

    /** Builds the head flit of a message from {@code src} to {@code dst} of a message type and DATA stride. */
    long headFlit(int src, int dst, int type, int stride);

    /** Tells whether {@code node} may inject {@code flit} in this cycle. */
    boolean canInject(int node, long flit);

    /** Injects a flit at {@code node}; the last flit of a message carries the tail bit. */
    void inject(int node, long flit);

    /** Takes the next flit delivered at {@code node}, or {@link Flit#NONE}. */
    long pollEject(int node);

    /**
     * Returns the hops of the next message from {@code src} to {@code dst}, asked just before its head is injected:
     * the router-to-router links of its route (on the SP switch, the switch chips its route crosses beyond the
     * shortest).
     */
    int hops(int src, int dst);

    /** Returns the network latency of a lone message of {@code flits} flits over {@code hops} hops. */
    long zeroLoadLatency(int flits, int hops);
}
