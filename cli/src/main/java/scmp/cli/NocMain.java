package scmp.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import scmp.noc.FlitFormat;
import scmp.noc.Mesh2D;
import scmp.noc.NocConfig;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;
import scmp.noc.traffic.TrafficPattern;
import scmp.noc.traffic.TrafficResult;
import scmp.noc.traffic.TrafficStudy;

/**
 * The synthetic-traffic front end of the network model ({@code scmpsim noc ...}): one run at a given rate,
 * or a sweep of increasing rates to saturation with a CSV and a latency-against-load plot ({@link TrafficStudy}).
 * Exit code 0 on success, 2 on bad options.
 */
@Command(name = "noc", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs BookSim-style synthetic traffic on the SCMP mesh network and reports latency and throughput.")
public final class NocMain implements Callable<Integer> {

    @Option(names = "--mesh", paramLabel = "WxH", description = "Mesh size (default: ${DEFAULT-VALUE}).")
    String mesh = "8x8";

    @Option(names = "--traffic", paramLabel = "PATTERN",
            description = "uniform, transpose, bitcomp or hotspot (default: ${DEFAULT-VALUE}).")
    TrafficPattern traffic = TrafficPattern.UNIFORM;

    @Option(names = "--rate", paramLabel = "R", description = "Offered load in flits/node/cycle (default: ${DEFAULT-VALUE}).")
    double rate = 0.1;

    @Option(names = "--packet-flits", paramLabel = "P", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int packetFlits = 5;

    @Option(names = "--vcs", paramLabel = "V", description = "Virtual channels per port (default: ${DEFAULT-VALUE}).")
    int vcs = NocConfig.defaults().vcs();

    @Option(names = "--buffer", paramLabel = "B", description = "Flits per virtual channel (default: ${DEFAULT-VALUE}).")
    int buffer = NocConfig.defaults().bufferDepth();

    @Option(names = "--router-delay", paramLabel = "D", description = "Router pipeline cycles (default: ${DEFAULT-VALUE}).")
    int routerDelay = NocConfig.defaults().routerDelay();

    @Option(names = "--link-delay", paramLabel = "L", description = "Link cycles (default: ${DEFAULT-VALUE}).")
    int linkDelay = NocConfig.defaults().linkDelay();

    @Option(names = "--credit-delay", paramLabel = "C", description = "Credit return cycles (default: ${DEFAULT-VALUE}).")
    int creditDelay = NocConfig.defaults().creditDelay();

    @Option(names = "--ejection-buffer", paramLabel = "E",
            description = "Flits per virtual channel at the ejection port (default: the --buffer value).")
    Integer ejectionBuffer;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Head format: scmp (3-bit offsets) or wide (5-bit); default: the smallest that fits the mesh.")
    FlitFormat format;

    @Option(names = "--arbiter", paramLabel = "KIND", description = "round_robin or matrix (default: ${DEFAULT-VALUE}).")
    ArbiterKind arbiter = ArbiterKind.ROUND_ROBIN;

    @Option(names = "--vc-allocator", paramLabel = "KIND",
            description = "input_first or output_first (default: ${DEFAULT-VALUE}).")
    AllocatorKind vcAllocator = AllocatorKind.INPUT_FIRST;

    @Option(names = "--seed", paramLabel = "S", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--warmup", paramLabel = "C", description = "Warm-up cycles (default: ${DEFAULT-VALUE}).")
    long warmup = 2000;

    @Option(names = "--measure", paramLabel = "C", description = "Measurement cycles (default: ${DEFAULT-VALUE}).")
    long measure = 10000;

    @Option(names = "--drain", paramLabel = "C",
            description = "Most cycles to wait for measured packets after the measurement (default: ${DEFAULT-VALUE}).")
    long drain = 20000;

    @Option(names = "--sweep", description = "Run rates step, 2 step, ... until saturation (average packet latency above "
            + "the limit, accepted throughput below 95%% of offered, or measured packets not drained); write a CSV and a "
            + "PNG plot.")
    boolean sweep;

    @Option(names = "--step", paramLabel = "R", description = "Rate increment of a sweep (default: ${DEFAULT-VALUE}).")
    double step = 0.02;

    @Option(names = "--latency-limit", paramLabel = "CYCLES",
            description = "A sweep stops once average packet latency exceeds this (default: ${DEFAULT-VALUE}).")
    double latencyLimit = 500;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the sweep's CSV and PNG (default: ${DEFAULT-VALUE}).")
    Path out = Path.of(".");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code. */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new NocMain());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        TrafficStudy study;
        try {
            study = TrafficStudy.of(new TrafficStudy.Settings(mesh, traffic, rate, packetFlits, vcs, buffer,
                    routerDelay, linkDelay, creditDelay, ejectionBuffer, format, arbiter, vcAllocator, seed, warmup,
                    measure, drain, step, latencyLimit));
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("noc: " + e.getMessage());
            return 2;
        }
        if (sweep) {
            // Checked before the sweep, which can take minutes, rather than when its files are written.
            String why = TrafficStudy.checkOutputDirectory(out);
            if (why != null) {
                spec.commandLine().getErr().println("noc: --out " + out + ": " + why);
                return 2;
            }
        }
        Mesh2D m = study.mesh();
        NocConfig cfg = study.config();
        String pattern = TrafficStudy.name(traffic);
        o.printf("%s, %s traffic, %d-flit packets, seed %d%n%s%n", m.name(), pattern, packetFlits, seed, cfg.summary());
        o.printf(Locale.ROOT, "zero-load latency of a %d-flit packet over h hops: %d + %d h network cycles%n", packetFlits,
                cfg.zeroLoadLatency(packetFlits, 0), cfg.routerDelay() + cfg.linkDelay());
        if (!sweep) {
            TrafficResult r = study.once(rate);
            o.println(r.report());
            o.printf(Locale.ROOT, "(one core cycle = %d network cycles: average packet latency %.2f core cycles)%n",
                    cfg.clockRatio(), r.avgPacketLatency() / cfg.clockRatio());
            return 0;
        }
        o.println(TrafficResult.csvHeader());
        TrafficStudy.Sweep points = study.sweep(r -> {
            o.println(r.csv());
            o.flush();
        });
        List<Path> files;
        try {
            files = study.write(points, out);
        } catch (IOException e) {
            spec.commandLine().getErr().println("noc: cannot write the sweep's files to " + out + ": "
                    + scmp.common.InputFile.reason(e));
            return 1;
        }
        TrafficResult knee = points.knee();
        if (knee != null) {
            o.printf(Locale.ROOT, "saturation between %.3f and %.3f flits/node/cycle offered (latency above %.0f, "
                    + "accepted below 95%% of offered, or unstable); peak accepted throughput %.4f%n", knee.rate() - step,
                    knee.rate(), latencyLimit, points.peak());
        } else {
            List<TrafficResult> all = points.points();
            o.printf(Locale.ROOT, "no saturation up to rate %.3f; peak accepted throughput %.4f%n",
                    all.get(all.size() - 1).rate(), points.peak());
        }
        o.println("wrote " + files.get(0) + ", " + files.get(1) + " and " + files.get(2));
        return 0;
    }
}
