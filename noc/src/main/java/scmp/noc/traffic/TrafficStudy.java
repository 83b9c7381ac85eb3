package scmp.noc.traffic;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import scmp.noc.DimensionOrderRouting;
import scmp.noc.FlitFormat;
import scmp.noc.FlitNetwork;
import scmp.noc.Mesh2D;
import scmp.noc.Topology;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;
import scmp.noc.sp.SpSwitchNetwork;

/**
 * BookSim-style experiments on the SCMP mesh network, on the 3D torus of the T3D model or on the SP's multistage
 * switch ({@code scmpsim noc}, docs/noc.md section 7): one run at
 * a given offered load, over one or several seeds (mean and 95% confidence interval); a sweep of increasing
 * loads until saturation, written as a CSV and a plot of latency and accepted throughput against offered load;
 * or the replay of a packet trace ({@link NetTrace}).
 */
public final class TrafficStudy {

    /**
     * What to run.
     *
     * @param mesh         the mesh, {@code WxH}, the torus, {@code XxYxZ} (docs/noc.md section 7, "The torus"), or
     *                     the SP switch's node count, {@code N} ("The SP switch")
     * @param traffic      the traffic pattern
     * @param injection    the injection process
     * @param rate         the offered load of a single run, flits/node/cycle
     * @param packetFlits  flits per packet
     * @param router       the router and link parameters; its head format is replaced by {@code format}
     * @param format       the head flit format, or null for the smallest that fits the mesh
     * @param seed         the first random seed
     * @param seeds        how many seeds each point runs with ({@code seed, seed + 1, ...})
     * @param warmup       warm-up cycles
     * @param measure      measurement cycles
     * @param drain        most cycles to wait for measured packets after the measurement
     * @param step         the rate increment of a sweep
     * @param latencyLimit a sweep stops once average packet latency exceeds this
     */
    public record Settings(String mesh, TrafficPattern traffic, Injection injection, double rate, int packetFlits,
                           NocConfig router, FlitFormat format, long seed, int seeds, long warmup, long measure,
                           long drain, double step, double latencyLimit) {
    }

    /**
     * The points of a sweep.
     *
     * @param points every rate run, in order
     * @param knee   the first point past saturation, or null when none was reached
     * @param reason why the sweep stopped there, or why it stopped early without saturating, or null
     */
    public record Sweep(List<SeedRuns> points, SeedRuns knee, String reason) {
        /** The highest mean accepted throughput of the sweep. */
        public double peak() {
            double peak = 0;
            for (SeedRuns r : points) {
                peak = Math.max(peak, r.mean().accepted());
            }
            return peak;
        }

        /** The highest offered load the network kept up with: the point before the knee, or 0. */
        public double lastStable() {
            int k = knee == null ? points.size() : points.indexOf(knee);
            return k == 0 ? 0 : points.get(k - 1).mean().rate();
        }
    }

    private final Settings s;
    private final Mesh2D mesh;        // null on the torus
    private final int[] torus;        // X, Y, Z; null on the mesh
    private final int spNodes;        // the SP switch's nodes; 0 on the mesh and the torus
    private final Topology topology;
    private final NocConfig config;
    private PatternAnalysis analysis;

    private TrafficStudy(Settings s, Mesh2D mesh, int[] torus, int spNodes, NocConfig config) {
        this.s = s;
        this.mesh = mesh;
        this.torus = torus;
        this.spNodes = spNodes;
        this.config = config;
        this.topology = network().topology();
    }

    /**
     * Reads a torus size {@code XxYxZ}.
     *
     * @param text the size
     * @return X, Y and Z, each positive
     * @throws IllegalArgumentException on malformed text
     */
    public static int[] parseTorus(String text) {
        String[] p = text.trim().split("x");
        try {
            if (p.length == 3) {
                int[] xyz = {Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2])};
                if (xyz[0] > 0 && xyz[1] > 0 && xyz[2] > 0) {
                    return xyz;
                }
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("torus size must read XxYxZ, for example 4x4x4: " + text);
    }

    /** Builds a fresh network of the study's topology and router. */
    public FlitNetwork network() {
        return spNodes > 0 ? new SpSwitchNetwork(spNodes) : torus != null ? RouterNetwork.torus(torus[0], torus[1], torus[2], config)
                : RouterNetwork.mesh(mesh.width(), mesh.height(), config);
    }

    /** The most cycles of each phase (warm-up, measurement, drain): 2^60, so that their sum cannot overflow. */
    public static final long MAX_PHASE_CYCLES = 1L << 60;

    /**
     * Checks the settings against each other and against the router's limits.
     *
     * @param s the settings
     * @return the study
     * @throws IllegalArgumentException with a one-line reason when a setting is out of range
     */
    public static TrafficStudy of(Settings s) {
        check(s.rate() >= 0 && s.rate() <= 1, "--rate: must be 0..1 flits/node/cycle, got " + s.rate());
        check(s.packetFlits() >= 1, "--packet-flits: must be at least 1, got " + s.packetFlits());
        check(s.warmup() >= 0 && s.drain() >= 0, "--warmup and --drain: must not be negative");
        // The phases end at cycle warmup + measure + drain, which must not overflow.
        check(s.warmup() <= MAX_PHASE_CYCLES && s.measure() <= MAX_PHASE_CYCLES && s.drain() <= MAX_PHASE_CYCLES,
                "--warmup, --measure and --drain: at most " + MAX_PHASE_CYCLES + " cycles each");
        check(s.measure() >= 1, "--measure: must be at least 1 cycle, got " + s.measure());
        check(s.step() > 0 && s.step() <= 1, "--step: must be more than 0 and at most 1, got " + s.step());
        check(s.latencyLimit() > 0, "--latency-limit: must be positive, got " + s.latencyLimit());
        check(s.seeds() >= 1, "--seeds: must be at least 1, got " + s.seeds());
        s.injection().burstParameters(s.rate() / s.packetFlits());
        if (s.mesh().trim().matches("[0-9]+")) {
            int n = Integer.parseInt(s.mesh().trim());
            check(n >= 2 && n <= 128, "the SP switch connects 2 to 128 nodes, not " + n);
            check(s.packetFlits() <= SpSwitchNetwork.maxPacketFlits(), "--packet-flits: an SP packet carries at most "
                    + SpSwitchNetwork.maxPacketFlits() + " flits (payload words), got " + s.packetFlits());
            TrafficStudy study = new TrafficStudy(s, null, null, n, s.router());
            s.traffic().nodeView(study.topology);
            return study;
        }
        if (s.mesh().trim().split("x").length == 3) {
            int[] t = parseTorus(s.mesh());
            // the torus's heads carry the destination's number, so the head format does not limit its size
            NocConfig cfg = s.format() != null ? s.router().withFormat(s.format()) : s.router();
            TrafficStudy study = new TrafficStudy(s, null, t, 0, cfg);   // the router's own limits (ports x VCs)
            s.traffic().nodeView(study.topology);
            return study;
        }
        Mesh2D m = Mesh2D.parse(s.mesh());
        FlitFormat f = s.format() != null ? s.format() : FlitFormat.smallestFor(m.width(), m.height());
        NocConfig cfg = s.router().withFormat(f);
        s.traffic().check(m);
        new DimensionOrderRouting(m, cfg.format());
        return new TrafficStudy(s, m, null, 0, cfg);   // the router's own limits (ports x VCs)
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The settings. */
    public Settings settings() {
        return s;
    }

    /**
     * The mesh.
     *
     * @throws IllegalArgumentException on the torus, whose runs record and replay no traces
     */
    public Mesh2D mesh() {
        if (mesh == null) {
            throw new IllegalArgumentException("packet traces (--trace, --net-trace) are recorded on the mesh only, not on the "
                    + topology.name());
        }
        return mesh;
    }

    /** The wiring: the mesh or the torus. */
    public Topology topology() {
        return topology;
    }

    /** The size as the command line gives it: {@code WxH} for the mesh, {@code XxYxZ} for the torus, N for the SP. */
    public String size() {
        return spNodes > 0 ? String.valueOf(spNodes) : torus != null ? torus[0] + "x" + torus[1] + "x" + torus[2] : mesh.width() + "x" + mesh.height();
    }

    /** The network's configuration. */
    public NocConfig config() {
        return config;
    }

    /** What the pattern asks of the mesh: mean hops and ideal throughput under dimension-order routing. */
    public PatternAnalysis analysis() {
        if (analysis == null) {
            FlitNetwork net = network();
            analysis = mesh != null ? PatternAnalysis.of(mesh, s.traffic())
                    : net instanceof SpSwitchNetwork sp ? PatternAnalysis.of(sp, s.traffic(), s.packetFlits())
                    : PatternAnalysis.of((RouterNetwork) net, s.traffic());
        }
        return analysis;
    }

    /**
     * Returns the zero-load latency of the pattern's packets: the formula of docs/timing.md section 4 at the
     * pattern's mean hop count, {@code (h + 1) D + h L + 2 + (P - 1)}.
     */
    public double zeroLoadLatency() {
        double h = analysis().meanHops();
        if (spNodes > 0) {
            return zeroLoadLatency(s.packetFlits(), h);
        }
        return (h + 1) * config.routerDelay() + h * config.linkDelay() + 2 * NocConfig.LOCAL_CHANNEL_DELAY
                + s.packetFlits() - 1;
    }

    /**
     * Returns the zero-load latency on the SP switch of a packet of {@code flits} flits whose route crosses {@code h}
     * switch chips beyond the shortest, on average: {@code P + switchLatencyCycles + h hopCycles + S(P)}.
     *
     * @throws IllegalStateException on the mesh and the torus
     */
    public double zeroLoadLatency(int flits, double h) {
        if (!(network() instanceof SpSwitchNetwork sp)) {
            throw new IllegalStateException("not the SP switch: " + topology.name());
        }
        return sp.zeroLoadLatency(flits, h);
    }

    /**
     * Runs one seed on a fresh network.
     *
     * @param rate     the offered load, flits/node/cycle
     * @param seed     the seed
     * @param listener hears of every packet, or null
     * @return the measurements
     */
    public TrafficResult run(double rate, long seed, PacketListener listener) {
        FlitNetwork net = network();
        SyntheticTraffic t = new SyntheticTraffic(net, s.traffic(), s.injection(), rate, s.packetFlits(), seed);
        t.setListener(listener);
        return t.run(s.warmup(), s.measure(), s.drain());
    }

    /**
     * Runs the traffic at a rate with every seed, each on a fresh network.
     *
     * @param rate the offered load, flits/node/cycle
     * @return the runs
     */
    public SeedRuns once(double rate) {
        List<TrafficResult> runs = new ArrayList<>();
        for (int k = 0; k < s.seeds(); k++) {
            runs.add(run(rate, s.seed() + k, null));
        }
        return new SeedRuns(s.seed(), runs);
    }

    /**
     * Replays a trace on a fresh network: every packet is measured, the window is the trace's span, then the
     * drain limit applies.
     *
     * @param trace    the trace
     * @param listener hears of every packet, or null
     * @return the measurements
     */
    public TrafficResult replay(NetTrace trace, PacketListener listener) {
        TrafficDriver d = new TrafficDriver(network(), trace.source(mesh()));
        d.setListener(listener);
        return d.run(0, Math.max(1, trace.span()), s.drain());
    }

    /**
     * Runs rates step, 2 step, ... until saturation: measured packets not drained, average packet latency above
     * the limit, accepted throughput below 95% of offered, or packet latency still rising over the window by more
     * than a quarter of its average ({@link TrafficResult#rising()}); means over the seeds.
     *
     * @param each called with every point as soon as it is measured
     * @return the points
     */
    public Sweep sweep(Consumer<SeedRuns> each) {
        List<SeedRuns> points = new ArrayList<>();
        for (int k = 1; k * s.step() <= 1.0 + 1e-9; k++) {
            double rate = k * s.step();
            try {
                s.injection().burstParameters(rate / s.packetFlits());
            } catch (IllegalArgumentException e) {
                return new Sweep(points, null, "the injection process cannot offer " + rate + ": " + e.getMessage());
            }
            SeedRuns p = once(rate);
            points.add(p);
            each.accept(p);
            TrafficResult r = p.mean();
            String why = !r.stable() ? "measured packets did not drain"
                    : r.avgPacketLatency() > s.latencyLimit() ? "average packet latency above " + fmt(s.latencyLimit())
                    : r.accepted() < 0.95 * r.offered() ? "accepted throughput below 95% of offered"
                    : r.rising() ? "packet latency still rising over the measurement window" : null;
            if (why != null) {
                return new Sweep(points, p, why);
            }
        }
        return new Sweep(points, null, null);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** The base name of a sweep's files: {@code noc-sweep-PATTERN-WxH}, or {@code noc-sweep-PATTERN-torusXxYxZ}. */
    public String baseName() {
        return "noc-sweep-" + s.traffic().kind().label() + "-" + (torus != null ? "torus" : spNodes > 0 ? "sp" : "") + size();
    }

    /**
     * Writes a sweep as {@code noc-sweep-PATTERN-WxH.csv} and its plot as {@code .png} and {@code .svg} in a
     * directory (created if needed). The CSV has one line per rate: the means over the seeds, the number of
     * seeds and the half-widths of the 95% confidence intervals (empty for one seed).
     *
     * @param sweep the sweep
     * @param dir   the directory
     * @return the CSV file, the PNG file and the SVG file
     * @throws IOException when a file cannot be written
     */
    public List<Path> write(Sweep sweep, Path dir) throws IOException {
        String why = checkOutputDirectory(dir);
        if (why != null) {
            throw new IOException(dir + ": " + why);
        }
        Files.createDirectories(dir);
        Path csv = dir.resolve(baseName() + ".csv");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println(csvHeader());
            for (SeedRuns p : sweep.points()) {
                w.println(csv(p));
            }
        }
        Path png = dir.resolve(baseName() + ".png");
        SweepPlot.write(sweep, title(), Math.max(s.latencyLimit(), 100), analysis().idealThroughput(), png);
        return List.of(csv, png, dir.resolve(baseName() + ".svg"));
    }

    /** The CSV header of a sweep: {@link TrafficResult#csvHeader()} and the confidence intervals. */
    public static String csvHeader() {
        return TrafficResult.csvHeader() + ",seeds,avg_packet_latency_ci95,avg_network_latency_ci95,accepted_ci95";
    }

    /** One CSV line of a sweep. */
    public static String csv(SeedRuns p) {
        return p.mean().csv() + "," + p.runs().size() + "," + ci(p.packetLatency(), 3) + ","
                + ci(p.networkLatency(), 3) + "," + ci(p.accepted(), 5);
    }

    private static String ci(Estimate e, int decimals) {
        return Double.isNaN(e.halfWidth()) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", e.halfWidth());
    }

    /** The plot's title: mesh, pattern, injection, packets and router. */
    public String title() {
        String inj = s.injection().kind() == Injection.Kind.BERNOULLI ? "" : ", " + s.injection().describe();
        String seeds = s.seeds() > 1 ? ", " + s.seeds() + " seeds (95% CI)" : "";
        if (spNodes > 0) {
            return String.format(Locale.ROOT, "%s, %s%s, %d-flit packets%s", topology.name(), s.traffic(), inj,
                    s.packetFlits(), seeds);
        }
        return String.format(Locale.ROOT, "%s, %s%s, %d-flit packets, %d VCs x %d flits, D=%d, L=%d%s", topology.name(),
                s.traffic(), inj, s.packetFlits(), config.vcs(), config.bufferDepth(), config.routerDelay(),
                config.linkDelay(), seeds);
    }

    /** The settings as JSON, with the names BookSim gives them where it has one. */
    public JsonObject settingsJson() {
        JsonObject o = new JsonObject();
        if (torus != null || spNodes > 0) {
            o.addProperty("topology", spNodes > 0 ? "sp" : "torus");
        }
        o.addProperty("mesh", size());
        o.addProperty("traffic", s.traffic().spec());
        if (s.traffic().kind() == TrafficPattern.Kind.HOTSPOT) {
            o.addProperty("hotspot_fraction", s.traffic().fraction());
        }
        o.addProperty("injection_process", s.injection().kind().label());
        if (s.injection().kind() == Injection.Kind.ON_OFF) {
            double[] b = s.injection().burstParameters(s.rate() / s.packetFlits());
            o.addProperty("burst_alpha", b[0]);
            o.addProperty("burst_beta", b[1]);
            o.addProperty("burst_r1", b[2]);
        }
        o.addProperty("injection_rate", s.rate());
        o.addProperty("packet_size", s.packetFlits());
        if (spNodes == 0) {
            routerJson(o);
        }
        o.addProperty("seed", s.seed());
        o.addProperty("seeds", s.seeds());
        o.addProperty("warmup", s.warmup());
        o.addProperty("measure", s.measure());
        o.addProperty("drain", s.drain());
        return o;
    }

    private void routerJson(JsonObject o) {
        o.addProperty("num_vcs", config.vcs());
        o.addProperty("vc_buf_size", config.bufferDepth());
        o.addProperty("routing_delay", config.routeDelay());
        o.addProperty("vc_alloc_delay", config.vcAllocDelay());
        o.addProperty("sw_alloc_delay", config.switchAllocDelay());
        o.addProperty("st_final_delay", config.switchTraversalDelay());
        o.addProperty("router_delay", config.routerDelay());
        o.addProperty("link_delay", config.linkDelay());
        o.addProperty("credit_delay", config.creditDelay());
        o.addProperty("ejection_buffer", config.ejectionBuffer());
        o.addProperty("format", config.format().name().toLowerCase(Locale.ROOT));
        o.addProperty("arb_type", config.arbiter().name().toLowerCase(Locale.ROOT));
        o.addProperty("vc_allocator", config.vcAllocator().name().toLowerCase(Locale.ROOT));
        o.addProperty("vc_select", config.vcSelection().name().toLowerCase(Locale.ROOT));
    }

    /** The model's predictions for the pattern: zero-load latency and ideal throughput under DOR, as JSON. */
    public JsonObject analysisJson() {
        JsonObject o = new JsonObject();
        o.addProperty("mean_hops", analysis().meanHops());
        o.addProperty("zero_load_latency", zeroLoadLatency());
        o.addProperty("ideal_throughput", analysis().idealThroughput());
        o.addProperty("bottleneck", analysis().bottleneck());
        return o;
    }

    /**
     * Returns a run over the seeds as JSON: the settings, the predictions, the mean result with 95% confidence
     * intervals, and every seed's result.
     *
     * @param p the runs
     * @return the object
     */
    public JsonObject json(SeedRuns p) {
        JsonObject o = new JsonObject();
        o.add("settings", settingsJson());
        o.add("analysis", analysisJson());
        o.add("result", pointJson(p));
        return o;
    }

    /**
     * Returns a sweep as JSON: settings, predictions, every point and the saturation found.
     *
     * @param sweep the sweep
     * @return the object
     */
    public JsonObject json(Sweep sweep) {
        JsonObject o = new JsonObject();
        o.add("settings", settingsJson());
        o.add("analysis", analysisJson());
        JsonArray a = new JsonArray();
        for (SeedRuns p : sweep.points()) {
            a.add(pointJson(p));
        }
        o.add("points", a);
        JsonObject sat = new JsonObject();
        sat.addProperty("saturated", sweep.knee() != null);
        sat.addProperty("last_stable_rate", sweep.lastStable());
        if (sweep.knee() != null) {
            sat.addProperty("knee_rate", sweep.knee().mean().rate());
        }
        if (sweep.reason() != null) {
            sat.addProperty("reason", sweep.reason());
        }
        sat.addProperty("peak_accepted", sweep.peak());
        o.add("saturation", sat);
        return o;
    }

    private static JsonObject pointJson(SeedRuns p) {
        JsonObject o = p.mean().toJson();
        if (p.runs().size() > 1) {
            JsonObject ci = new JsonObject();
            ci.addProperty("avg_packet_latency", p.packetLatency().halfWidth());
            ci.addProperty("avg_network_latency", p.networkLatency().halfWidth());
            ci.addProperty("accepted", p.accepted().halfWidth());
            o.add("ci95", ci);
            JsonArray runs = new JsonArray();
            for (int k = 0; k < p.runs().size(); k++) {
                JsonObject r = p.runs().get(k).toJson();
                r.addProperty("seed", p.seed() + k);
                runs.add(r);
            }
            o.add("runs", runs);
        }
        return o;
    }

    /**
     * Whether the sweep's files can be written to {@code dir}: it is a writable directory, or one that can be
     * created (and is, by this check).
     *
     * @param dir the directory
     * @return null when it can, else a short lower-case reason ({@code not a directory}, {@code permission denied})
     */
    public static String checkOutputDirectory(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return "not a directory";
        }
        try {
            Files.createDirectories(dir);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return "not a directory";
        } catch (IOException e) {
            if (e instanceof java.nio.file.AccessDeniedException) {
                return "permission denied";
            }
            if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
                return f.getReason();
            }
            return "cannot be created";
        }
        return Files.isWritable(dir) ? null : "permission denied";
    }
}
