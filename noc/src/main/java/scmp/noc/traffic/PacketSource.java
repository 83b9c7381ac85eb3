package scmp.noc.traffic;

/**
 * Where the packets of a {@link TrafficDriver} run come from: BookSim's synthetic generator
 * ({@link SyntheticTraffic}) or a recorded trace ({@link NetTrace}).
 */
public interface PacketSource {

    /**
     * Creates the packets of a cycle, calling {@link TrafficDriver#create} for each, in a fixed order.
     *
     * @param now    the network cycle; called once per simulated cycle, in increasing order
     * @param driver the driver that takes them
     */
    void emit(long now, TrafficDriver driver);

    /**
     * Returns the first cycle, at or after {@code now}, in which this source may create a packet, or
     * {@link Long#MAX_VALUE} when it never will again; lets the driver skip quiet stretches of a trace.
     *
     * @param now the network cycle
     * @return that cycle
     */
    long nextCycle(long now);

    /** Returns the offered load asked for, in flits per node per cycle, as results report it. */
    double rate();
}
