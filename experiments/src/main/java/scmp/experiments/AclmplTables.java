package scmp.experiments;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The six ACLMPL benchmark cases of the paper's section 5 (programs/aclmpl/bench, docs/aclmpl.md "Benchmarks")
 * across partition sizes and message sizes, with the paper's Table 1 (one-word latency) and Table 2 (1 KB on
 * 32 PEs) beside ours: writes OUT/aclmpl-scmp.md, OUT/aclmpl-scmp.csv and, per case that moves data, a figure
 * of MB/s by message size on the largest partition (OUT/aclmpl-scmp/CASE.png and .svg). The runs are on the SCMP chip;
 * the paper's machine is the T3D, so the paper's figures are there for comparison, not as a target.
 */
public final class AclmplTables {
    /** The cases and the protocols each has (the global operations are synchronous only). */
    static final Map<String, List<String>> CASES = new LinkedHashMap<>();

    static {
        CASES.put("latency", List.of("sync", "async", "put"));
        CASES.put("onetoall", List.of("sync", "async", "put"));
        CASES.put("alltoone", List.of("sync", "async", "put"));
        CASES.put("alltoall", List.of("sync", "async", "put"));
        CASES.put("bcast", List.of("sync"));
        CASES.put("reduce", List.of("sync", "tree", "swap"));
    }

    /** The paper's Table 1, microseconds: ACLMPL sync, async (PVM 25, MPI sync 47, async 40). */
    static final Map<String, Double> TABLE1 = Map.of("sync", 5.0, "async", 15.0);
    /** The paper's Table 2, ACLMPL sync and async, 1 KB on 32 PEs: MB/s, or seconds for bcast and reduce. */
    static final Map<String, double[]> TABLE2 = new LinkedHashMap<>();

    static {
        TABLE2.put("alltoall", new double[] {19.00, 7.93});
        TABLE2.put("alltoone", new double[] {61.90, 36.43});
        TABLE2.put("onetoall", new double[] {74.00, 60.61});
        TABLE2.put("bcast", new double[] {0.000076, Double.NaN});
        TABLE2.put("reduce", new double[] {0.000162, Double.NaN});
    }

    /**
     * What to run.
     *
     * @param pes   partition sizes
     * @param sizes message sizes in bytes (multiples of 4)
     * @param reps  timed repetitions per run
     * @param jobs  simulations at once
     * @param out   where the table and CSV go
     */
    public record Options(List<Integer> pes, List<Integer> sizes, int reps, int jobs, Path out) {
    }

    /** One run's line: case, protocol, PEs, bytes, cycles, microseconds, MB/s (NaN: none or skipped). */
    record Point(String name, String protocol, int pes, int bytes, long cycles, double us, double mbps) {
    }

    private final Options options;
    private final PrintWriter log;

    /**
     * Creates the experiment.
     *
     * @param options what to run
     * @param log     where progress goes
     */
    public AclmplTables(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
    }

    /** The SCMP mesh for p nodes: x by y with y the largest divisor of p not above its square root. */
    static int[] mesh(int p) {
        int y = (int) Math.sqrt(p);
        while (p % y != 0) {
            y--;
        }
        return new int[] {p / y, y};
    }

    /** Parses a benchmark's line: {@code CASE PROTOCOL pes=P bytes=B reps=R cycles=C us=U [MBps=M]}. */
    static Point parse(String line) {
        String[] f = line.strip().split("\\s+");
        Map<String, String> kv = new LinkedHashMap<>();
        for (int i = 2; i < f.length; i++) {
            int eq = f[i].indexOf('=');
            if (eq > 0) {
                kv.put(f[i].substring(0, eq), f[i].substring(eq + 1));
            }
        }
        int pes = Integer.parseInt(kv.get("pes"));
        int bytes = Integer.parseInt(kv.get("bytes"));
        if (!kv.containsKey("cycles")) {
            return new Point(f[0], f[1], pes, bytes, -1, Double.NaN, Double.NaN);
        }
        return new Point(f[0], f[1], pes, bytes, Long.parseLong(kv.get("cycles")), Double.parseDouble(kv.get("us")),
                kv.containsKey("MBps") ? Double.parseDouble(kv.get("MBps")) : Double.NaN);
    }

    /**
     * Runs every case, protocol, partition size and message size (latency: 2 PEs, one word), and writes the
     * table and the CSV.
     *
     * @return 0, or 1 when a run failed
     * @throws Exception when a file cannot be written or a run is interrupted
     */
    public int run() throws Exception {
        Runner runner = new Runner(1);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.jobs()));
        List<Future<Point>> futures = new ArrayList<>();
        try {
            for (Map.Entry<String, List<String>> c : CASES.entrySet()) {
                boolean latency = c.getKey().equals("latency");
                for (String protocol : c.getValue()) {
                    for (int p : latency ? List.of(2) : options.pes()) {
                        for (int bytes : latency ? List.of(4) : options.sizes()) {
                            int reps = latency ? 20 * options.reps() : options.reps();
                            String program = "aclmpl/bench/" + c.getKey() + ".c";
                            List<String> args = Runner.args(protocol, bytes, reps);
                            futures.add(pool.submit(() -> point(runner, program, p, args)));
                        }
                    }
                }
            }
            List<Point> points = new ArrayList<>();
            int status = 0;
            for (Future<Point> f : futures) {
                Point pt = f.get();
                if (pt == null) {
                    status = 1;
                } else {
                    points.add(pt);
                }
            }
            Files.createDirectories(options.out());
            writeCsv(points, options.out().resolve("aclmpl-scmp.csv"));
            Files.writeString(options.out().resolve("aclmpl-scmp.md"), markdown(points));
            plot(points, options.out().resolve("aclmpl-scmp"));
            log.println("wrote " + options.out().resolve("aclmpl-scmp.md") + ", aclmpl-scmp.csv and the figures in "
                    + options.out().resolve("aclmpl-scmp"));
            log.flush();
            return status;
        } finally {
            pool.shutdown();
            runner.close();
        }
    }

    private Point point(Runner runner, String program, int p, List<String> args) {
        int[] m = mesh(p);
        Runner.Result r = runner.run(new Runner.Job(program, m[0], m[1], args, Runner.Protocol.NONE), 0);
        synchronized (log) {
            if (!r.ok()) {
                log.println(program + " " + String.join(" ", args) + " on " + p + ": " + r.failure());
                log.flush();
                return null;
            }
            log.print(r.stdout());
            log.flush();
        }
        return parse(r.stdout().lines().reduce((a, b) -> b).orElse(""));
    }

    static void writeCsv(List<Point> points, Path file) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(Files.newBufferedWriter(file), CSVFormat.DEFAULT.builder()
                .setHeader("case", "protocol", "pes", "bytes", "cycles", "us", "MBps").build())) {
            for (Point p : points) {
                csv.printRecord(p.name(), p.protocol(), p.pes(), p.bytes(), p.cycles(), fmt(p.us()), fmt(p.mbps()));
            }
        }
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static Point find(List<Point> points, String name, String protocol, int pes, int bytes) {
        for (Point p : points) {
            if (p.name().equals(name) && p.protocol().equals(protocol) && p.pes() == pes && p.bytes() == bytes) {
                return p;
            }
        }
        return null;
    }

    static String markdown(List<Point> points) {
        StringBuilder b = new StringBuilder();
        b.append("# ACLMPL's benchmarks on the SCMP chip\n\n");
        b.append("Written by `scmpexp aclmpl` (docs/aclmpl.md, \"Benchmarks\"). The paper measured a T3D "
                + "(150 MHz); these runs are on the SCMP chip (1 GHz core, 2D mesh), so the paper's figures are "
                + "there for scale. `put` is the reference: the portability layer's signalled puts.\n\n");
        b.append("## Table 1: one-word latency, PE 0 and PE 1 (microseconds)\n\n");
        b.append("| protocol | paper (T3D) | SCMP, cycles | SCMP, us |\n|---|---|---|---|\n");
        for (String protocol : List.of("sync", "async", "put")) {
            Point p = find(points, "latency", protocol, 2, 4);
            Double paper = TABLE1.get(protocol);
            b.append("| ").append(protocol).append(" | ").append(paper == null ? "-" : fmt(paper)).append(" | ")
                    .append(p == null ? "-" : String.valueOf(p.cycles())).append(" | ")
                    .append(p == null ? "-" : fmt(p.us())).append(" |\n");
        }
        b.append("\nFigures, MB/s by message size on the largest partition: [one-to-all](aclmpl-scmp/onetoall.png), "
                + "[all-to-one](aclmpl-scmp/alltoone.png), [all-to-all](aclmpl-scmp/alltoall.png).\n");
        b.append("\n## Table 2: 1 KB messages on 32 PEs (MB/s; broadcast and reduce: seconds)\n\n");
        b.append("| case | paper sync | paper async | SCMP sync | SCMP async | SCMP put | MPI | PVM |\n");
        b.append("|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<String, double[]> e : TABLE2.entrySet()) {
            boolean time = e.getKey().equals("bcast") || e.getKey().equals("reduce");
            b.append("| ").append(e.getKey()).append(" | ").append(paperCell(e.getValue()[0], time)).append(" | ")
                    .append(paperCell(e.getValue()[1], time));
            for (String protocol : List.of("sync", "async", "put")) {
                Point p = find(points, e.getKey(), protocol, 32, 1024);
                b.append(" | ").append(p == null || p.cycles() < 0 ? "-"
                        : time ? String.format(Locale.ROOT, "%.6f", p.us() / 1e6) : fmt(p.mbps()));
            }
            b.append(" | later | later |\n");
        }
        b.append("\n## Every run\n\n| case | protocol | PEs | bytes | cycles | us | MB/s |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Point p : points) {
            b.append("| ").append(p.name()).append(" | ").append(p.protocol()).append(" | ").append(p.pes())
                    .append(" | ").append(p.bytes()).append(" | ")
                    .append(p.cycles() < 0 ? "skipped" : String.valueOf(p.cycles())).append(" | ")
                    .append(fmt(p.us())).append(" | ").append(fmt(p.mbps())).append(" |\n");
        }
        return b.toString();
    }

    /** One figure per case that moves data: MB/s by message size on the largest partition, a line per protocol. */
    static void plot(List<Point> points, Path dir) throws IOException {
        int pes = points.stream().filter(p -> !p.name().equals("latency")).mapToInt(Point::pes).max().orElse(0);
        double[] xs = points.stream().filter(p -> p.pes() == pes && p.name().equals("onetoall"))
                .mapToDouble(Point::bytes).distinct().sorted().toArray();
        if (xs.length == 0) {
            return;
        }
        for (String name : List.of("onetoall", "alltoone", "alltoall")) {
            org.knowm.xchart.XYChart c = Charts.lines(name + " on " + pes + " SCMP nodes", "message size (bytes)",
                    "MB/s", true, true, true);
            int k = 0;
            for (String protocol : CASES.get(name)) {
                double[] ys = new double[xs.length];
                for (int i = 0; i < xs.length; i++) {
                    Point p = find(points, name, protocol, pes, (int) xs[i]);
                    ys[i] = p == null ? Double.NaN : p.mbps();
                }
                Charts.add(c, protocol, Charts.PALETTE[k], protocol.equals("put") ? Charts.Style.DOTTED
                        : Charts.Style.SOLID, k, xs, ys);
                k++;
            }
            Charts.write(c, dir.resolve(name));
        }
    }

    private static String paperCell(double v, boolean time) {
        return Double.isNaN(v) ? "-" : time ? String.format(Locale.ROOT, "%.6f", v) : String.format(Locale.ROOT,
                "%.2f", v);
    }
}
