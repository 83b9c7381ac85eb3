package scmp.noc;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;
import scmp.noc.traffic.LatencyPlot;
import scmp.noc.traffic.SyntheticTraffic;
import scmp.noc.traffic.TrafficPattern;
import scmp.noc.traffic.TrafficResult;

/**
 * The synthetic-traffic front end of the network model ({@code scmpsim noc ...}): one run at a given rate,
 * or a sweep of increasing rates to saturation with a CSV and a latency-against-load plot. Exit code 0 on
 * success, 2 on bad options.
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

    /** Runs the command line and returns the exit code, for the machine's CLI and tests. */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new NocMain());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl.execute(args);
    }

    /** Builds the configuration the options describe. */
    NocConfig config(Mesh2D m) {
        FlitFormat f = format != null ? format : FlitFormat.smallestFor(m.width(), m.height());
        return NocConfig.defaults().withVcs(vcs).withBufferDepth(buffer).withRouterDelay(routerDelay)
                .withLinkDelay(linkDelay).withCreditDelay(creditDelay)
                .withEjectionBuffer(ejectionBuffer != null ? ejectionBuffer : buffer).withFormat(f)
                .withAllocation(arbiter, vcAllocator);
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        Mesh2D m;
        NocConfig cfg;
        try {
            check(rate >= 0 && rate <= 1, "--rate: must be 0..1 flits/node/cycle, got " + rate);
            check(packetFlits >= 1, "--packet-flits: must be at least 1, got " + packetFlits);
            check(warmup >= 0 && drain >= 0, "--warmup and --drain: must not be negative");
            check(measure >= 1, "--measure: must be at least 1 cycle, got " + measure);
            check(step > 0 && step <= 1, "--step: must be more than 0 and at most 1, got " + step);
            check(latencyLimit > 0, "--latency-limit: must be positive, got " + latencyLimit);
            m = Mesh2D.parse(mesh);
            cfg = config(m);
            traffic.check(m);
            new DimensionOrderRouting(m, cfg.format());
            Network.mesh(m.width(), m.height(), cfg);   // the router's own limits (ports x VCs)
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("noc: " + e.getMessage());
            return 2;
        }
        o.printf("%s, %s traffic, %d-flit packets, seed %d%n%s%n", m.name(), name(traffic), packetFlits, seed, cfg.summary());
        o.printf(Locale.ROOT, "zero-load latency of a %d-flit packet over h hops: %d + %d h network cycles%n", packetFlits,
                cfg.zeroLoadLatency(packetFlits, 0), cfg.routerDelay() + cfg.linkDelay());
        if (!sweep) {
            TrafficResult r = once(m, cfg, rate);
            o.println(r.report());
            o.printf(Locale.ROOT, "(one core cycle = %d network cycles: average packet latency %.2f core cycles)%n",
                    cfg.clockRatio(), r.avgPacketLatency() / cfg.clockRatio());
            return 0;
        }
        List<TrafficResult> points = new ArrayList<>();
        o.println(TrafficResult.csvHeader());
        TrafficResult knee = null;
        for (int k = 1; k * step <= 1.0 + 1e-9; k++) {
            TrafficResult r = once(m, cfg, k * step);
            points.add(r);
            o.println(r.csv());
            o.flush();
            if (!r.stable() || r.avgPacketLatency() > latencyLimit || r.accepted() < 0.95 * r.offered()) {
                knee = r;
                break;
            }
        }
        Files.createDirectories(out);
        String base = "noc-sweep-" + name(traffic) + "-" + m.width() + "x" + m.height();
        Path csv = out.resolve(base + ".csv");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println(TrafficResult.csvHeader());
            for (TrafficResult r : points) {
                w.println(r.csv());
            }
        }
        Path png = out.resolve(base + ".png");
        String title = String.format(Locale.ROOT, "%s, %s, %d-flit packets, %d VCs x %d flits, D=%d, L=%d", m.name(),
                name(traffic), packetFlits, cfg.vcs(), cfg.bufferDepth(), cfg.routerDelay(), cfg.linkDelay());
        LatencyPlot.write(points, title, Math.max(latencyLimit, 100), png);
        double peak = 0;
        for (TrafficResult r : points) {
            peak = Math.max(peak, r.accepted());
        }
        if (knee != null) {
            o.printf(Locale.ROOT, "saturation between %.3f and %.3f flits/node/cycle offered (latency above %.0f, "
                    + "accepted below 95%% of offered, or unstable); peak accepted throughput %.4f%n", knee.rate() - step,
                    knee.rate(), latencyLimit, peak);
        } else {
            o.printf(Locale.ROOT, "no saturation up to rate %.3f; peak accepted throughput %.4f%n",
                    points.get(points.size() - 1).rate(), peak);
        }
        o.println("wrote " + csv + " and " + png);
        return 0;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    private TrafficResult once(Mesh2D m, NocConfig cfg, double r) {
        Network net = Network.mesh(m.width(), m.height(), cfg);
        return new SyntheticTraffic(net, traffic, r, packetFlits, seed).run(warmup, measure, drain);
    }

    private static String name(TrafficPattern p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
