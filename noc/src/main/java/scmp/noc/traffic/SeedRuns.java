package scmp.noc.traffic;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One setting run with several seeds (seeds {@code S, S + 1, ...}): the runs, their mean as one result, and
 * confidence intervals for the measurements a study compares.
 *
 * @param seed the first seed
 * @param runs one result per seed, in seed order, at least one
 */
public record SeedRuns(long seed, List<TrafficResult> runs) {

    /** Checks that there is a run. */
    public SeedRuns {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        runs = List.copyOf(runs);
    }

    /** Estimates a measurement over the runs. */
    public Estimate estimate(ToDoubleFunction<TrafficResult> measurement) {
        return Estimate.of(runs.stream().mapToDouble(measurement).toArray());
    }

    /** The average packet latency over the seeds. */
    public Estimate packetLatency() {
        return estimate(TrafficResult::avgPacketLatency);
    }

    /** The average network latency over the seeds. */
    public Estimate networkLatency() {
        return estimate(TrafficResult::avgNetworkLatency);
    }

    /** The accepted throughput over the seeds. */
    public Estimate accepted() {
        return estimate(TrafficResult::accepted);
    }

    /**
     * Returns the runs as one result: means of the averages, percentiles and throughputs; packets, cycles and
     * packets at the zero-load latency summed; the mean latency rise; stable only if every run was; the least excess of all.
     */
    public TrafficResult mean() {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        TrafficResult f = runs.get(0);
        return new TrafficResult(f.rate(), m(TrafficResult::offered), m(TrafficResult::accepted),
                runs.stream().mapToLong(TrafficResult::packets).sum(), m(TrafficResult::avgPacketLatency),
                m(TrafficResult::p99PacketLatency), m(TrafficResult::avgNetworkLatency),
                m(TrafficResult::p99NetworkLatency), m(TrafficResult::avgHops),
                runs.stream().allMatch(TrafficResult::stable), runs.stream().mapToLong(TrafficResult::cycles).sum(),
                runs.stream().mapToLong(TrafficResult::atZeroLoad).sum(), m(TrafficResult::avgExcess),
                runs.stream().mapToLong(TrafficResult::minExcess).min().orElse(0), m(TrafficResult::latencyRise));
    }

    private double m(ToDoubleFunction<TrafficResult> f) {
        return runs.stream().mapToDouble(f).average().orElse(0);
    }
}
