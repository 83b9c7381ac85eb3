package scmp.noc.traffic;

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
import scmp.noc.Mesh2D;
import scmp.noc.Network;
import scmp.noc.NocConfig;
import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;

/**
 * BookSim-style synthetic traffic on the SCMP mesh network ({@code scmpsim noc}, docs/noc.md): one run at a
 * given offered load, or a sweep of increasing loads until saturation, written as a CSV and a
 * latency-against-load plot.
 */
public final class TrafficStudy {

    /**
     * What to run.
     *
     * @param mesh           the mesh, {@code WxH}
     * @param traffic        the traffic pattern
     * @param rate           the offered load of a single run, flits/node/cycle
     * @param packetFlits    flits per packet
     * @param vcs            virtual channels per port
     * @param buffer         flits per virtual channel
     * @param routerDelay    router pipeline cycles
     * @param linkDelay      link cycles
     * @param creditDelay    credit return cycles
     * @param ejectionBuffer flits per virtual channel at the ejection port, or null for {@code buffer}
     * @param format         the head flit format, or null for the smallest that fits the mesh
     * @param arbiter        the arbiters' kind
     * @param vcAllocator    the virtual-channel allocator's kind
     * @param seed           the random seed
     * @param warmup         warm-up cycles
     * @param measure        measurement cycles
     * @param drain          most cycles to wait for measured packets after the measurement
     * @param step           the rate increment of a sweep
     * @param latencyLimit   a sweep stops once average packet latency exceeds this
     */
    public record Settings(String mesh, TrafficPattern traffic, double rate, int packetFlits, int vcs, int buffer,
                           int routerDelay, int linkDelay, int creditDelay, Integer ejectionBuffer, FlitFormat format,
                           ArbiterKind arbiter, AllocatorKind vcAllocator, long seed, long warmup, long measure,
                           long drain, double step, double latencyLimit) {
    }

    /**
     * The points of a sweep.
     *
     * @param points every rate run, in order
     * @param knee   the first point past saturation, or null when none was reached
     */
    public record Sweep(List<TrafficResult> points, TrafficResult knee) {
        /** The highest accepted throughput of the sweep. */
        public double peak() {
            double peak = 0;
            for (TrafficResult r : points) {
                peak = Math.max(peak, r.accepted());
            }
            return peak;
        }
    }

    private final Settings s;
    private final Mesh2D mesh;
    private final NocConfig config;

    private TrafficStudy(Settings s, Mesh2D mesh, NocConfig config) {
        this.s = s;
        this.mesh = mesh;
        this.config = config;
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
        Mesh2D m = Mesh2D.parse(s.mesh());
        FlitFormat f = s.format() != null ? s.format() : FlitFormat.smallestFor(m.width(), m.height());
        NocConfig cfg = NocConfig.defaults().withVcs(s.vcs()).withBufferDepth(s.buffer())
                .withRouterDelay(s.routerDelay()).withLinkDelay(s.linkDelay()).withCreditDelay(s.creditDelay())
                .withEjectionBuffer(s.ejectionBuffer() != null ? s.ejectionBuffer() : s.buffer()).withFormat(f)
                .withAllocation(s.arbiter(), s.vcAllocator());
        s.traffic().check(m);
        new DimensionOrderRouting(m, cfg.format());
        Network.mesh(m.width(), m.height(), cfg);   // the router's own limits (ports x VCs)
        return new TrafficStudy(s, m, cfg);
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The mesh. */
    public Mesh2D mesh() {
        return mesh;
    }

    /** The network's configuration. */
    public NocConfig config() {
        return config;
    }

    /**
     * Runs the traffic once, on a fresh network.
     *
     * @param rate the offered load, flits/node/cycle
     * @return the measurements
     */
    public TrafficResult once(double rate) {
        Network net = Network.mesh(mesh.width(), mesh.height(), config);
        return new SyntheticTraffic(net, s.traffic(), rate, s.packetFlits(), s.seed()).run(s.warmup(), s.measure(),
                s.drain());
    }

    /**
     * Runs rates step, 2 step, ... until saturation: average packet latency above the limit, accepted
     * throughput below 95% of offered, or measured packets not drained.
     *
     * @param each called with every point as soon as it is measured
     * @return the points
     */
    public Sweep sweep(Consumer<TrafficResult> each) {
        List<TrafficResult> points = new ArrayList<>();
        TrafficResult knee = null;
        for (int k = 1; k * s.step() <= 1.0 + 1e-9; k++) {
            TrafficResult r = once(k * s.step());
            points.add(r);
            each.accept(r);
            if (!r.stable() || r.avgPacketLatency() > s.latencyLimit() || r.accepted() < 0.95 * r.offered()) {
                knee = r;
                break;
            }
        }
        return new Sweep(points, knee);
    }

    /**
     * Writes a sweep as {@code noc-sweep-PATTERN-WxH.csv} and its plot as {@code .png} and {@code .svg} in a
     * directory (created if needed).
     *
     * @param sweep the sweep
     * @param dir   the directory
     * @return the CSV file, the PNG file and the SVG file
     * @throws IOException when a file cannot be written
     */
    public List<Path> write(Sweep sweep, Path dir) throws IOException {
        String why = checkOutputDirectory(dir);
        if (why != null) {
            throw new IOException(why);
        }
        Files.createDirectories(dir);
        String base = "noc-sweep-" + name(s.traffic()) + "-" + mesh.width() + "x" + mesh.height();
        Path csv = dir.resolve(base + ".csv");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println(TrafficResult.csvHeader());
            for (TrafficResult r : sweep.points()) {
                w.println(r.csv());
            }
        }
        Path png = dir.resolve(base + ".png");
        String title = String.format(Locale.ROOT, "%s, %s, %d-flit packets, %d VCs x %d flits, D=%d, L=%d",
                mesh.name(), name(s.traffic()), s.packetFlits(), config.vcs(), config.bufferDepth(),
                config.routerDelay(), config.linkDelay());
        LatencyPlot.write(sweep.points(), title, Math.max(s.latencyLimit(), 100), png);
        return List.of(csv, png, dir.resolve(base + ".svg"));
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

    /** A pattern's name as the command line spells it. */
    public static String name(TrafficPattern p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
