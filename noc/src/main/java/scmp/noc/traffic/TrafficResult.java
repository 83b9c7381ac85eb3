package scmp.noc.traffic;

import com.google.gson.JsonObject;

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
 * @param latencyRise how much the packet latency rose over the measurement window: the slope of the
 *                    least-squares line of latency against creation cycle, times the window; near 0 in a steady
 *                    state, comparable to the latency itself when queues grow without bound
 */
public record TrafficResult(double rate, double offered, double accepted, long packets, double avgPacketLatency,
        double p99PacketLatency, double avgNetworkLatency, double p99NetworkLatency, double avgHops, boolean stable,
        long cycles, long atZeroLoad, double avgExcess, long minExcess, double latencyRise) {

    /** The share of the average packet latency by which it may rise over the window in a steady state. */
    public static final double STEADY_RISE = 0.25;

    /**
     * Tells whether packet latency rose over the measurement window by more than {@link #STEADY_RISE} of its
     * average: some queues grow without bound, even if the window was too short for the average to show it
     * (the stand-in for BookSim's test that latency has converged between sample periods).
     */
    public boolean rising() {
        return latencyRise > STEADY_RISE * avgPacketLatency;
    }

    /** Returns the CSV header matching {@link #csv()}. */
    public static String csvHeader() {
        return "rate,offered,accepted,packets,avg_packet_latency,p99_packet_latency,avg_network_latency,"
                + "p99_network_latency,avg_hops,stable,cycles,at_zero_load,avg_excess,latency_rise";
    }

    /** Returns the result as one CSV line. */
    public String csv() {
        return String.format(java.util.Locale.ROOT, "%.4f,%.4f,%.4f,%d,%.2f,%.1f,%.2f,%.1f,%.3f,%b,%d,%d,%.3f,%.2f",
                rate, offered, accepted, packets, avgPacketLatency, p99PacketLatency, avgNetworkLatency,
                p99NetworkLatency, avgHops, stable, cycles, atZeroLoad, avgExcess, latencyRise);
    }

    /** Returns the result as a JSON object whose names are the CSV's columns. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("rate", rate);
        o.addProperty("offered", offered);
        o.addProperty("accepted", accepted);
        o.addProperty("packets", packets);
        o.addProperty("avg_packet_latency", avgPacketLatency);
        o.addProperty("p99_packet_latency", p99PacketLatency);
        o.addProperty("avg_network_latency", avgNetworkLatency);
        o.addProperty("p99_network_latency", p99NetworkLatency);
        o.addProperty("avg_hops", avgHops);
        o.addProperty("stable", stable);
        o.addProperty("cycles", cycles);
        o.addProperty("at_zero_load", atZeroLoad);
        o.addProperty("avg_excess", avgExcess);
        o.addProperty("min_excess", minExcess);
        o.addProperty("latency_rise", latencyRise);
        return o;
    }

    /** Returns a human-readable report. */
    public String report() {
        String state = !stable ? "UNSTABLE (measured packets did not drain: beyond saturation)"
                : rising() ? String.format(java.util.Locale.ROOT, "all measured packets drained, but latency rose by %.1f "
                        + "cycles over the window: not a steady state (at or beyond saturation)", latencyRise)
                : "stable (all measured packets drained, latency steady)";
        return String.format(java.util.Locale.ROOT,
                "offered %.4f  accepted %.4f flits/node/cycle%n"
                        + "packet latency   avg %.2f  p99 %.1f cycles%n"
                        + "network latency  avg %.2f  p99 %.1f cycles%n"
                        + "zero-load check  %.1f%% of packets exactly at the formula for their hops, %.3f cycles above it on "
                        + "average, least %d%n"
                        + "%d packets measured, %.3f hops on average, %s, %d cycles simulated",
                offered, accepted, avgPacketLatency, p99PacketLatency, avgNetworkLatency, p99NetworkLatency,
                packets == 0 ? 0.0 : 100.0 * atZeroLoad / packets, avgExcess, minExcess, packets, avgHops, state, cycles);
    }
}
