package scmp.noc.traffic;

/**
 * Hears of every packet of a {@link TrafficDriver} run, measured or not: to record a trace
 * ({@link NetTrace.Writer}) or to log per-packet latencies ({@link PacketLog}). Times are network cycles.
 */
public interface PacketListener {

    /**
     * A packet was created and queued at its source.
     *
     * @param id    the packet's number in the run, from 0 in order of creation
     * @param cycle the cycle
     * @param src   the source node
     * @param dst   the destination node
     * @param flits its length
     */
    default void created(long id, long cycle, int src, int dst, int flits) {
    }

    /**
     * A packet's tail was taken from the ejection port.
     *
     * @param id       the packet's number
     * @param src      the source node
     * @param dst      the destination node
     * @param flits    its length
     * @param created  the cycle it was created
     * @param injected the cycle its head entered the network
     * @param arrived  the cycle its tail was taken
     */
    default void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
    }

    /**
     * Returns a listener that tells two others, in order.
     *
     * @param a the first, or null
     * @param b the second, or null
     * @return both, one of them when the other is null, or null when both are
     */
    static PacketListener both(PacketListener a, PacketListener b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new PacketListener() {
            @Override
            public void created(long id, long cycle, int src, int dst, int flits) {
                a.created(id, cycle, src, dst, flits);
                b.created(id, cycle, src, dst, flits);
            }

            @Override
            public void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
                a.delivered(id, src, dst, flits, created, injected, arrived);
                b.delivered(id, src, dst, flits, created, injected, arrived);
            }
        };
    }
}
