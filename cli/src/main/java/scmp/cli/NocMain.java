package scmp.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import scmp.noc.FlitFormat;
import scmp.noc.Mesh2D;
import scmp.noc.sp.SpSwitchNetwork;
import scmp.noc.NocConfig;
import scmp.noc.VcSelection;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;
import scmp.noc.traffic.BookSimConfig;
import scmp.noc.traffic.Injection;
import scmp.noc.traffic.NetTrace;
import scmp.noc.traffic.NocTimeline;
import scmp.noc.traffic.PacketListener;
import scmp.noc.traffic.PacketLog;
import scmp.noc.traffic.PatternAnalysis;
import scmp.noc.traffic.SeedRuns;
import scmp.noc.traffic.TrafficPattern;
import scmp.noc.traffic.TrafficResult;
import scmp.noc.traffic.TrafficStudy;

/**
 * The BookSim-style front end of the network model ({@code scmpsim noc ...}, docs/noc.md section 7): one run
 * at a given rate over one or several seeds, a sweep of increasing rates to saturation with a CSV and a plot, or
 * the replay of a packet trace ({@link TrafficStudy}); options may come from a BookSim configuration file
 * ({@link BookSimConfig}), the command line overriding it. Exit code 0 on success, 2 on bad options or input.
 */
@Command(name = "noc", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs BookSim-style synthetic traffic, or replays a packet trace, on the SCMP mesh network and "
                + "reports latency and throughput.")
public final class NocMain implements Callable<Integer> {

    @Option(names = "--config", paramLabel = "FILE",
            description = "BookSim configuration file (key = value;) for the options shared with BookSim2; options on "
                    + "the command line override it.")
    Path config;

    @Option(names = "--mesh", paramLabel = "WxH", description = "Mesh size (default: ${DEFAULT-VALUE}; a trace's own); "
            + "with --topology torus the torus's size XxYxZ (default: 4x4x4); with --topology sp the switch's nodes N "
            + "(default: 16).")
    String mesh = "8x8";

    /** The wirings `scmpsim noc` can run on. */
    enum TopologyKind {
        /** The SCMP chip's 2D mesh. */
        MESH,
        /** The T3D model's 3D torus. */
        TORUS,
        /** The SP model's multistage switch. */
        SP
    }

    @Option(names = "--topology", paramLabel = "KIND", description = "mesh (the SCMP chip's) or torus (the T3D "
            + "model's 3D torus with dateline virtual channels; needs --vc-select any, its default there) or sp (the "
            + "SP model's multistage switch; a flit is a payload word, cycles are the SP's 332 MHz cycles) "
            + "(default: ${DEFAULT-VALUE}).")
    TopologyKind topology = TopologyKind.MESH;

    @Option(names = "--traffic", paramLabel = "PATTERN", converter = PatternConverter.class,
            description = "uniform, transpose, bitcomp, bitrev, shuffle, bitrot, tornado, neighbor, hotspot or "
                    + "hotspot({n1,n2,...}[,{w1,w2,...}]) (default: uniform).")
    TrafficPattern traffic = TrafficPattern.UNIFORM;

    @Option(names = "--hotspot-fraction", paramLabel = "F",
            description = "Share of packets sent to the hot nodes (default: 0.2 for hotspot, 1 for hotspot({...})).")
    Double hotspotFraction;

    @Option(names = "--injection", paramLabel = "PROCESS",
            description = "bernoulli or on_off (default: bernoulli).")
    Injection.Kind injection = Injection.Kind.BERNOULLI;

    @Option(names = "--burst-alpha", paramLabel = "A",
            description = "on_off: probability per cycle that an off node turns on (default: ${DEFAULT-VALUE}).")
    double burstAlpha = Injection.DEFAULT_ALPHA;

    @Option(names = "--burst-beta", paramLabel = "B",
            description = "on_off: probability per cycle that an on node turns off (default: ${DEFAULT-VALUE}).")
    double burstBeta = Injection.DEFAULT_BETA;

    @Option(names = "--burst-r1", paramLabel = "R1",
            description = "on_off: packet probability per cycle while on; negative to derive it from the rate "
                    + "(default); give it with a negative alpha or beta to derive that one instead.")
    double burstR1 = -1;

    @Option(names = "--rate", paramLabel = "R", description = "Offered load in flits/node/cycle (default: 0.1).")
    Double rate;

    @Option(names = "--packet-rate", paramLabel = "R",
            description = "Offered load in packets/node/cycle, BookSim's unit (instead of --rate).")
    Double packetRate;

    @Option(names = "--packet-flits", paramLabel = "P", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int packetFlits = 5;

    @Option(names = "--vcs", paramLabel = "V", description = "Virtual channels per port (default: ${DEFAULT-VALUE}).")
    int vcs = NocConfig.defaults().vcs();

    @Option(names = "--buffer", paramLabel = "B", description = "Flits per virtual channel (default: ${DEFAULT-VALUE}).")
    int buffer = NocConfig.defaults().bufferDepth();

    @Option(names = "--router-delay", paramLabel = "D", description = "Router pipeline cycles (default: ${DEFAULT-VALUE}).")
    int routerDelay = NocConfig.defaults().routerDelay();

    @Option(names = "--stages", paramLabel = "RC,VA,SA,ST",
            description = "The four stage delays one by one (instead of --router-delay).")
    String stages;

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

    @Option(names = "--vc-select", paramLabel = "HOW", description = "flow (one virtual channel per "
            + "source-destination pair, which keeps point-to-point order) or any (any free one, as BookSim) "
            + "(default: ${DEFAULT-VALUE}).")
    VcSelection vcSelect = NocConfig.defaults().vcSelection();

    @Option(names = "--arbiter", paramLabel = "KIND", description = "round_robin or matrix (default: ${DEFAULT-VALUE}).")
    ArbiterKind arbiter = ArbiterKind.ROUND_ROBIN;

    @Option(names = "--vc-allocator", paramLabel = "KIND",
            description = "input_first or output_first (default: ${DEFAULT-VALUE}).")
    AllocatorKind vcAllocator = AllocatorKind.INPUT_FIRST;

    @Option(names = "--seed", paramLabel = "S", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--seeds", paramLabel = "N",
            description = "Run every point with seeds S, S+1, ..., S+N-1 and report means with 95%% confidence "
                    + "intervals (Student's t) (default: ${DEFAULT-VALUE}).")
    int seeds = 1;

    @Option(names = "--warmup", paramLabel = "C", description = "Warm-up cycles (default: ${DEFAULT-VALUE}; ten times as many "
            + "with --topology sp).")
    long warmup = 2000;

    @Option(names = "--measure", paramLabel = "C", description = "Measurement cycles (default: ${DEFAULT-VALUE}; ten "
            + "times as many with --topology sp).")
    long measure = 10000;

    @Option(names = "--drain", paramLabel = "C",
            description = "Most cycles to wait for measured packets after the measurement (default: ${DEFAULT-VALUE}; "
                    + "ten times as many with --topology sp).")
    long drain = 20000;

    @Option(names = "--sweep", description = "Run rates step, 2 step, ... until saturation (measured packets not drained, "
            + "average packet latency above the limit, accepted throughput below 95%% of offered, or latency still "
            + "rising over the window); write a CSV and a plot (PNG and SVG) of latency and accepted throughput.")
    boolean sweep;

    @Option(names = "--step", paramLabel = "R", description = "Rate increment of a sweep (default: ${DEFAULT-VALUE}; 0.005 with --topology sp).")
    double step = 0.02;

    @Option(names = "--latency-limit", paramLabel = "CYCLES",
            description = "A sweep stops once average packet latency exceeds this (default: ${DEFAULT-VALUE}; 5000 with "
                    + "--topology sp).")
    double latencyLimit = 500;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the sweep's CSV and plot (default: ${DEFAULT-VALUE}).")
    Path out = Path.of(".");

    @Option(names = "--json", description = "Print the result (or the sweep) as JSON instead of text.")
    boolean json;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Replay a packet trace (lines: cycle source destination flits) instead of synthetic traffic.")
    Path trace;

    @Option(names = "--net-trace", paramLabel = "FILE", description = "Record the run's packets as a trace in FILE.")
    Path netTrace;

    @Option(names = "--packet-log", paramLabel = "FILE",
            description = "Write one CSV line per delivered packet (its cycles and latencies) to FILE.")
    Path packetLog;

    @Option(names = "--timeline", paramLabel = "FILE", description = "Write the run's packets to FILE as Chrome "
            + "trace-event JSON (open it in ui.perfetto.dev or chrome://tracing): one process per node, each packet "
            + "a flow arrow from its injection to its arrival.")
    Path timeline;

    @Option(names = "--timeline-window", paramLabel = "FROM:TO",
            description = "Only the network cycles FROM to TO (TO excluded; either may be left out) in the timeline.")
    String timelineWindow;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Options the configuration file may not set once the command line has set one of the same group. */
    private static final List<Set<String>> GROUPS = List.of(Set.of("--rate", "--packet-rate"),
            Set.of("--router-delay", "--stages"));

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

    /** Reads a traffic pattern as BookSim spells it. */
    static final class PatternConverter implements CommandLine.ITypeConverter<TrafficPattern> {
        @Override
        public TrafficPattern convert(String value) {
            try {
                return TrafficPattern.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return execute();
        } catch (IllegalArgumentException e) {
            err.println("noc: " + e.getMessage());
        } catch (IOException e) {
            err.println("noc: " + describe(e));
        } catch (UncheckedIOException e) {
            err.println("noc: " + describe(e.getCause()));
        }
        return 2;
    }

    /** A file error in a few words: the file and what went wrong. */
    private static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) {
            return f.getFile() + ": no such file";
        }
        if (e instanceof FileSystemException f) {
            String why = f.getReason() != null ? f.getReason()
                    : e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
            return f.getFile() + ": " + why;
        }
        return e.getMessage();
    }

    private int execute() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        if (config != null) {
            applyConfig(BookSimConfig.read(config).options());
        }
        NetTrace replay = trace == null ? null : NetTrace.read(trace);
        if (replay != null && replay.mesh() != null && !given("--mesh")) {
            mesh = replay.mesh();
        }
        if (topology == TopologyKind.TORUS) {
            if (mesh.split("x").length != 3) {
                check(!given("--mesh"), "--mesh: the torus's size reads XxYxZ, for example 4x4x4, not " + mesh);
                mesh = "4x4x4";
            }
            if (!given("--vc-select")) {
                vcSelect = VcSelection.ANY;
            }
        } else if (topology == TopologyKind.SP) {
            if (!mesh.matches("[0-9]+")) {
                check(!given("--mesh"), "--mesh: the SP switch's size is its node count, for example 16, not " + mesh);
                mesh = "16";
            }
            // an SP packet's zero-load latency alone is about 500 cycles, and its links carry a tenth of a word a cycle
            if (!given("--latency-limit")) {
                latencyLimit = 5000;
            }
            if (!given("--step")) {
                step = 0.005;
            }
            for (String router : new String[] {"--vcs", "--buffer", "--router-delay", "--stages", "--link-delay",
                "--credit-delay", "--ejection-buffer", "--format", "--vc-select", "--arbiter", "--vc-allocator"}) {
                check(!given(router), router + ": the SP switch has no such routers (docs/sp.md, \"Timing\")");
            }
            // ten times the mesh's phases: a packet takes ten times as long, and a link carries a tenth as much
            warmup = given("--warmup") ? warmup : 20000;
            measure = given("--measure") ? measure : 100000;
            drain = given("--drain") ? drain : 200000;
        } else {
            check(mesh.split("x").length != 3, "--mesh " + mesh + ": a three-dimensional size needs --topology torus");
            check(!mesh.matches("[0-9]+"), "--mesh " + mesh + ": a node count is the size of --topology sp");
        }
        check(!(given("--rate") && given("--packet-rate")), "--rate and --packet-rate: give one");
        check(!(given("--router-delay") && given("--stages")), "--router-delay and --stages: give one");
        check(replay == null || (!sweep && seeds == 1), "--trace replays one run: not with --sweep or --seeds");
        check((netTrace == null && packetLog == null && timeline == null) || (!sweep && seeds == 1),
                "--net-trace, --packet-log and --timeline record one run: not with --sweep or --seeds");
        check(timelineWindow == null || timeline != null, "--timeline-window applies to --timeline only");
        SimMain.window(timelineWindow, "network cycles");
        TrafficPattern pattern = traffic;
        if (hotspotFraction != null) {
            check(pattern.kind() == TrafficPattern.Kind.HOTSPOT || !given("--hotspot-fraction"),
                    "--hotspot-fraction applies to hotspot traffic only");
            if (pattern.kind() == TrafficPattern.Kind.HOTSPOT) {
                pattern = pattern.withFraction(hotspotFraction);
            }
        }
        check(packetRate == null || (packetRate >= 0 && packetRate * packetFlits <= 1), String.format(Locale.ROOT,
                "--packet-rate: must be 0..%.4g packets/node/cycle for %d-flit packets (at most a flit per cycle), got %s",
                1.0 / packetFlits, packetFlits, packetRate));
        double flitRate = packetRate != null ? packetRate * packetFlits : rate != null ? rate : 0.1;
        NocConfig router = NocConfig.defaults().withVcs(vcs).withBufferDepth(buffer).withLinkDelay(linkDelay)
                .withCreditDelay(creditDelay).withEjectionBuffer(ejectionBuffer != null ? ejectionBuffer : buffer)
                .withAllocation(arbiter, vcAllocator).withVcSelection(vcSelect);
        router = stages != null ? withStages(router, stages) : router.withRouterDelay(routerDelay);
        TrafficStudy study = TrafficStudy.of(new TrafficStudy.Settings(mesh, pattern,
                new Injection(injection, burstAlpha, burstBeta, burstR1), flitRate, packetFlits, router, format, seed,
                seeds, warmup, measure, drain, step, latencyLimit));
        if (replay != null) {
            return replay(o, study, replay);
        }
        if (!sweep) {
            return single(o, study, flitRate);
        }
        return sweep(o, study);
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** Sets every option of the configuration the command line did not set (nor one of its group). */
    private void applyConfig(Map<String, String> options) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            String name = e.getKey();
            boolean taken = given(name) || GROUPS.stream().anyMatch(g -> g.contains(name) && g.stream().anyMatch(this::given));
            if (taken) {
                continue;
            }
            CommandLine.Model.OptionSpec opt = spec.findOption(name);
            opt.setValue(convert(opt.type(), e.getValue()));
        }
    }

    private static Object convert(Class<?> type, String v) {
        if (type == int.class || type == Integer.class) {
            return Integer.valueOf(v);
        }
        if (type == long.class || type == Long.class) {
            return Long.valueOf(v);
        }
        if (type == double.class || type == Double.class) {
            return Double.valueOf(v);
        }
        if (type == TrafficPattern.class) {
            return TrafficPattern.parse(v);
        }
        if (type.isEnum()) {
            for (Object c : type.getEnumConstants()) {
                if (((Enum<?>) c).name().equalsIgnoreCase(v)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("'" + v + "' is not one of " + Arrays.toString(type.getEnumConstants()));
        }
        return v;
    }

    private static NocConfig withStages(NocConfig c, String text) {
        String[] p = text.split(",");
        try {
            if (p.length == 4) {
                return c.withStages(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()),
                        Integer.parseInt(p[2].trim()), Integer.parseInt(p[3].trim()));
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("--stages: expected four integers RC,VA,SA,ST, got '" + text + "'");
    }

    private void header(PrintWriter o, TrafficStudy study, String what) {
        NocConfig cfg = study.config();
        if (topology == TopologyKind.SP) {
            o.printf("%s, %s, seed %d%n", study.topology().name(), what, seed);
            o.printf(Locale.ROOT, "zero-load latency of a %d-flit packet on a route of h switch chips beyond the shortest: "
                    + "%.0f + %d h cycles (332 MHz)%n", packetFlits, study.zeroLoadLatency(packetFlits, 0),
                    SpSwitchNetwork.HOP_CYCLES);
            return;
        }
        o.printf("%s, %s, seed %d%n%s%n", study.topology().name(), what, seed, cfg.summary());
        o.printf(Locale.ROOT, "zero-load latency of a %d-flit packet over h hops: %d + %d h network cycles%n", packetFlits,
                cfg.zeroLoadLatency(packetFlits, 0), cfg.routerDelay() + cfg.linkDelay());
    }

    private String describeTraffic(TrafficStudy study) {
        TrafficStudy.Settings s = study.settings();
        String inj = s.injection().kind() == Injection.Kind.BERNOULLI ? "" : ", " + s.injection().describe() + " injection";
        return String.format(Locale.ROOT, "%s traffic%s, %d-flit packets", s.traffic(), inj, s.packetFlits());
    }

    private void prediction(PrintWriter o, TrafficStudy study) {
        PatternAnalysis a = study.analysis();
        o.printf(Locale.ROOT, "this pattern: %.3f hops on average, zero-load latency %.2f network cycles; ideal "
                + "throughput %s %.4f flits/node/cycle (busiest: %s)%n", a.meanHops(), study.zeroLoadLatency(),
                topology == TopologyKind.SP ? "of the switch's links" : "under DOR", a.idealThroughput(), a.bottleneck());
    }

    private int single(PrintWriter o, TrafficStudy study, double flitRate) throws IOException {
        SeedRuns runs;
        if (netTrace != null || packetLog != null || timeline != null) {
            try (NetTrace.Writer tw = netTrace == null ? null : new NetTrace.Writer(netTrace, study.mesh());
                 PacketLog log = packetLog == null ? null : new PacketLog(packetLog);
                 NocTimeline tl = timeline(study)) {
                runs = new SeedRuns(seed, List.of(study.run(flitRate, seed,
                        PacketListener.both(PacketListener.both(tw, log), tl))));
            }
        } else {
            runs = study.once(flitRate);
        }
        if (json) {
            printJson(o, study.json(runs));
            return 0;
        }
        header(o, study, describeTraffic(study));
        prediction(o, study);
        TrafficResult r = runs.mean();
        if (seeds > 1) {
            o.printf("means over seeds %d..%d, with 95%% confidence intervals (Student's t):%n", seed, seed + seeds - 1);
            o.printf(Locale.ROOT, "accepted throughput  %s flits/node/cycle%n", runs.accepted().format(4));
            o.printf(Locale.ROOT, "packet latency avg   %s cycles%n", runs.packetLatency().format(2));
            o.printf(Locale.ROOT, "network latency avg  %s cycles%n", runs.networkLatency().format(2));
        }
        o.println(r.report());
        if (topology != TopologyKind.SP) {
            o.printf(Locale.ROOT, "(one core cycle = %d network cycles: average packet latency %.2f core cycles)%n",
                    study.config().clockRatio(), r.avgPacketLatency() / study.config().clockRatio());
        }
        recorded(o);
        return 0;
    }

    private int replay(PrintWriter o, TrafficStudy study, NetTrace t) throws IOException {
        TrafficResult r;
        try (NetTrace.Writer tw = netTrace == null ? null : new NetTrace.Writer(netTrace, study.mesh());
             PacketLog log = packetLog == null ? null : new PacketLog(packetLog);
             NocTimeline tl = timeline(study)) {
            r = study.replay(t, PacketListener.both(PacketListener.both(tw, log), tl));
        }
        if (json) {
            JsonObject j = new JsonObject();
            JsonObject s = study.settingsJson();
            for (String k : List.of("traffic", "hotspot_fraction", "injection_process", "burst_alpha", "burst_beta",
                    "burst_r1", "injection_rate", "packet_size", "seed", "seeds", "warmup", "measure")) {
                s.remove(k);
            }
            s.addProperty("trace", trace.toString());
            s.addProperty("trace_packets", t.packets());
            s.addProperty("trace_flits", t.flits());
            s.addProperty("trace_span", t.span());
            j.add("settings", s);
            j.add("result", r.toJson());
            printJson(o, j);
            return 0;
        }
        Mesh2D m = study.mesh();
        o.printf("%s, trace %s: %d packets, %d flits over %d cycles%n%s%n", m.name(), trace, t.packets(), t.flits(),
                t.span(), study.config().summary());
        o.println(r.report());
        recorded(o);
        return 0;
    }

    /** Opens the --timeline file, or returns null without one. */
    private NocTimeline timeline(TrafficStudy study) throws IOException {
        if (timeline == null) {
            return null;
        }
        long[] w = SimMain.window(timelineWindow, "network cycles");
        return new NocTimeline(Files.newBufferedWriter(timeline), study.topology().nodes(), w[0], w[1]);
    }

    private void recorded(PrintWriter o) {
        if (netTrace != null) {
            o.println("wrote the trace to " + netTrace);
        }
        if (packetLog != null) {
            o.println("wrote the packet log to " + packetLog);
        }
        if (timeline != null) {
            o.println("wrote the timeline to " + timeline);
        }
    }

    private int sweep(PrintWriter o, TrafficStudy study) throws IOException {
        // Checked before the sweep, which can take minutes, rather than when its files are written.
        String why = TrafficStudy.checkOutputDirectory(out);
        if (why != null) {
            spec.commandLine().getErr().println("noc: --out " + out + ": " + why);
            return 2;
        }
        if (!json) {
            header(o, study, describeTraffic(study));
            prediction(o, study);
            o.println(TrafficStudy.csvHeader());
        }
        TrafficStudy.Sweep points = study.sweep(p -> {
            if (!json) {
                o.println(TrafficStudy.csv(p));
                o.flush();
            }
        });
        List<Path> files = study.write(points, out);
        if (json) {
            JsonObject j = study.json(points);
            j.addProperty("csv", files.get(0).toString());
            j.addProperty("png", files.get(1).toString());
            j.addProperty("svg", files.get(2).toString());
            printJson(o, j);
            return 0;
        }
        if (points.knee() != null) {
            o.printf(Locale.ROOT, "saturation between %.3f and %.3f flits/node/cycle offered (%s); peak accepted "
                    + "throughput %.4f; ideal %.4f%n", points.lastStable(), points.knee().mean().rate(), points.reason(),
                    points.peak(), study.analysis().idealThroughput());
        } else {
            List<SeedRuns> all = points.points();
            double last = all.isEmpty() ? 0 : all.get(all.size() - 1).mean().rate();
            o.printf(Locale.ROOT, "no saturation up to rate %.3f%s; peak accepted throughput %.4f%n", last,
                    points.reason() == null ? "" : " (" + points.reason() + ")", points.peak());
        }
        o.println("wrote " + files.get(0) + ", " + files.get(1) + " and " + files.get(2));
        return 0;
    }

    private static void printJson(PrintWriter o, JsonObject j) {
        o.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeSpecialFloatingPointValues()
                .create().toJson(j));
    }
}
