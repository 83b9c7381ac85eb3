package scmp.noc.traffic;

/**
 * The measurements of one synthetic-traffic run, BookSim style: latencies of the packets created during the
 * measurement window, throughputs over that window. Times in network cycles, throughputs in flits per node per
 * network cycle.
 *
 * @param rate the offered injection rate asked for
 * @param offered flits created per node per cycle in the window
 * @param accepted flits ejected per node per cycle in the window
 * @param packets measured packets delivered
 * @param avgPacketLatency mean creation-to-tail-ejection latency, source queueing included
 * @param p99PacketLatency 99th percentile of the packet latency
 * @param avgNetworkLatency mean head-injection-to-tail-ejection latency
 * @param p99NetworkLatency 99th percentile of the network latency
 * @param avgHops mean router-to-router hops of measured packets
 * @param stable whether every measured packet arrived within the drain limit
 * @param cycles network cycles simulated in all
 * @param atZeroLoad measured packets whose network latency is exactly the zero-load latency of their hops
 *                   ({@link scmp.noc.NocConfig#zeroLoadLatency}, docs/timing.md section 4)
 * @param avgExcess mean network latency above the zero-load latency of each packet's hops (contention)
 * @param minExcess the smallest such excess: 0 when some packet met no contention; never negative
 */
public record TrafficResult(double rate, double offered, double accepted, long packets, double avgPacketLatency,
        double p99PacketLatency, double avgNetworkLatency, double p99NetworkLatency, double avgHops, boolean stable,
        long cycles, long atZeroLoad, double avgExcess, long minExcess) {

    /** Returns the CSV header matching {@link #csv()}. */
    public static String csvHeader() {
        return "rate,offered,accepted,packets,avg_packet_latency,p99_packet_latency,avg_network_latency,"
                + "p99_network_latency,avg_hops,stable,cycles,at_zero_load,avg_excess";
    }

    /** Returns the result as one CSV line. */
    public String csv() {
        return String.format(java.util.Locale.ROOT, "%.4f,%.4f,%.4f,%d,%.2f,%.1f,%.2f,%.1f,%.3f,%b,%d,%d,%.3f", rate,
                offered, accepted, packets, avgPacketLatency, p99PacketLatency, avgNetworkLatency, p99NetworkLatency,
                avgHops, stable, cycles, atZeroLoad, avgExcess);
    }

    /** Returns a human-readable report. */
    public String report() {
        return String.format(java.util.Locale.ROOT,
                "offered %.4f  accepted %.4f flits/node/cycle%n"
                        + "packet latency   avg %.2f  p99 %.1f cycles%n"
                        + "network latency  avg %.2f  p99 %.1f cycles%n"
                        + "zero-load check  %.1f%% of packets exactly at the formula for their hops, %.3f cycles above it on "
                        + "average, least %d%n"
                        + "%d packets measured, %.3f hops on average, %s, %d cycles simulated",
                offered, accepted, avgPacketLatency, p99PacketLatency, avgNetworkLatency, p99NetworkLatency,
                packets == 0 ? 0.0 : 100.0 * atZeroLoad / packets, avgExcess, minExcess, packets, avgHops, stable ? "stable (all measured packets drained)" : "UNSTABLE (measured packets did not drain: "
                        + "beyond saturation)", cycles);
    }
}
