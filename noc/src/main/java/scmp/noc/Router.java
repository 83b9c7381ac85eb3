package scmp.noc;

/**
 * A clocked router, stepped by the {@link RouterNetwork} in two phases each cycle: first {@link #read} for every
 * active router, then {@link #evaluate} for every active router. Routers talk only through {@link Channel}s
 * whose latencies are at least one cycle, so the order in which routers are stepped cannot change results.
 * {@link VcRouter} is the model of the SCMP router; a machine with other switches supplies its own
 * {@link Factory}.
 */
public interface Router {

    /** Creates the routers of a network once its channels exist. */
    @FunctionalInterface
    interface Factory {
        /**
         * Creates one router.
         *
         * @param id the router's index in the topology
         * @param config the network parameters
         * @param routing the routing function
         * @param in input channels by port, null for unconnected ports
         * @param out output channels by port, null for unconnected ports
         * @param fabric the shared clocking state
         * @return the router
         */
        Router create(int id, NocConfig config, RoutingFunction routing, Channel[] in, Channel[] out, Fabric fabric);
    }

    /** Returns the router's index in the topology. */
    int id();

    /** Phase one: takes in the flits and credits due by cycle {@code now}. */
    void read(long now);

    /** Phase two: runs the pipeline stages and sends flits and credits, all arriving after {@code now}. */
    void evaluate(long now);

    /**
     * Tells whether the router must be stepped in the cycles after {@code now}, in which it has just been stepped:
     * false when it holds nothing ({@link #busy()} false), and also when nothing it holds can move until a flit or a
     * credit reaches it (then it sleeps: the network steps it again from the cycle the flit or credit is sent, see
     * {@link Fabric}). The default is {@link #busy()}: a router that never sleeps.
     *
     * @param now the cycle just stepped
     * @return whether stepping it in the next cycle could change anything without a flit or credit sent to it
     */
    default boolean mustStep(long now) {
        return busy();
    }

    /** Tells whether the router holds flits or flits are on their way to it: it must be stepped. */
    boolean busy();

    /** Returns the number of flits in the router's input buffers. */
    int bufferedFlits();

    /** Returns the flits held in one input virtual channel's buffer. */
    int buffered(int inPort, int vc);

    /** Returns the credits held for one output virtual channel (free slots downstream, as far as known). */
    int credits(int outPort, int vc);

    /** Appends a description of every occupied virtual channel, for deadlock reports. */
    void describe(StringBuilder out, Topology topology);
}
