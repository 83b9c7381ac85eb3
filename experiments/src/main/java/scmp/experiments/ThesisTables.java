package scmp.experiments;

import java.awt.Color;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import scmp.experiments.ThesisData.Bench;
import scmp.experiments.ThesisData.Row;
import scmp.experiments.sweep.Measurement;
import scmp.experiments.sweep.Point;
import scmp.experiments.sweep.PointRunner;
import scmp.experiments.sweep.ResultStore;
import scmp.experiments.sweep.Slurm;
import scmp.experiments.sweep.Sweep;

/**
 * The reproduction of the thesis's Tables 5.1 (CG) and 5.2 (QR) ({@code scmpexp thesis-tables}): runs their
 * configurations, native and MPI, through the sweep runner (on threads of this process or as a Slurm job array),
 * and writes beside the thesis's numbers our cycles, with both MPI protocol families, and the ratios: a markdown
 * table, a CSV and figures in the style of the thesis's Figures 5.2 and 5.4-5.6. Each run's result is kept as it
 * ends, so that an interrupted reproduction run again runs only the rest. Runs whose estimated host CPU time
 * exceeds the budget are not run but listed with the estimate; the estimate scales the thesis's time for the
 * configuration by the CPU time per thesis cycle measured on the runs done so far, and the results of earlier
 * runs (from the CSV) are kept for the configurations not run.
 */
public final class ThesisTables {
    /**
     * The programs a configuration runs: the native program, the tuned MPI program under each of libmpi's three
     * protocol families, and the thesis-faithful MPI program (as the thesis's chapter 5 describes its MPI
     * version: CG packs and unpacks around each broadcast of p) under the thesis family.
     */
    enum Variant {
        NATIVE("native", "native", Runner.Protocol.NONE, "_native.c"),
        THESIS("mpi_thesis", "MPI thesis", Runner.Protocol.THESIS, "_mpi.c"),
        FAITHFUL("faithful_thesis", "faithful MPI thesis", Runner.Protocol.THESIS, "_mpi_faithful.c"),
        THESIS_HW("mpi_thesis_hw", "MPI thesis-hw", Runner.Protocol.THESIS_HW, "_mpi.c"),
        OURS("mpi_ours", "MPI ours", Runner.Protocol.OURS, "_mpi.c");

        final String column;
        final String title;
        final Runner.Protocol protocol;
        final String suffix;

        Variant(String column, String title, Runner.Protocol protocol, String suffix) {
            this.column = column;
            this.title = title;
            this.protocol = protocol;
            this.suffix = suffix;
        }

        /** Whether the benchmark has this program: QR's MPI program is already the thesis's (docs/thesis-tables.md). */
        boolean runs(Bench b) {
            return this != FAITHFUL || b == Bench.CG;
        }

        static Variant parse(String s) {
            String v = s.trim().toLowerCase(Locale.ROOT);
            for (Variant x : values()) {
                if (v.equals(x.column) || v.equals(x.column.replaceFirst("^mpi_", "").replace('_', '-'))) {
                    return x;
                }
            }
            throw new IllegalArgumentException("unknown variant '" + s + "' (native, thesis, faithful-thesis, "
                    + "thesis-hw, ours)");
        }
    }

    /** CG's matrix order (docs/benchmarks.md explains the choice). */
    static final int CG_N = 1000;

    /** A default CPU cost, seconds per thesis-kilocycle per node, until runs have measured one. */
    private static final double DEFAULT_COST = 2e-4;

    /**
     * What to run.
     *
     * @param benches   cg, qr (empty: both)
     * @param nodes     only these processor counts (empty: all)
     * @param sizes     only these sizes, CG nonzeros or QR order (empty: all)
     * @param variants  native, thesis, ours (empty: all three)
     * @param jobs      simulations run at once, on host threads
     * @param budget    skip runs estimated to need more host CPU seconds than this
     * @param all       run every selected configuration, whatever its estimate
     * @param out       where the table, CSV, figures and the runs' results go
     * @param fresh     forget the results of earlier runs (OUT/thesis-tables.csv and OUT/thesis-tables.points)
     * @param dryRun    print the plan with estimates and their total; run nothing, write nothing
     * @param maxCycles stop any run after this many simulated cycles (0: no limit)
     * @param slurm     whether and how the runs go to Slurm instead of this host's threads
     */
    public record Options(List<String> benches, List<Integer> nodes, List<Integer> sizes, List<String> variants,
                          int jobs, double budget, boolean all, Path out, boolean fresh, boolean dryRun,
                          long maxCycles, Slurm.Options slurm) {
    }

    private final List<String> benches;
    private final List<Integer> nodes;
    private final List<Integer> sizes;
    private final List<String> variantNames;
    private final int jobs;
    private final double budget;
    private final boolean all;
    private final Path out;
    private final boolean fresh;
    private final boolean dryRun;
    private final long maxCycles;
    private final Slurm.Options slurm;
    private final PrintWriter outw;
    private final PrintWriter err;
    /** The command that made the tables, as the markdown page names it. */
    private final String command;

    /**
     * Prepares a reproduction.
     *
     * @param o       what to run
     * @param out     where the plan and the final message go
     * @param err     where the progress goes
     * @param command the command line, for the page's "Generated by" line
     */
    public ThesisTables(Options o, PrintWriter out, PrintWriter err, String command) {
        this.benches = List.copyOf(o.benches());
        this.nodes = List.copyOf(o.nodes());
        this.sizes = List.copyOf(o.sizes());
        this.variantNames = List.copyOf(o.variants());
        this.jobs = o.jobs();
        this.budget = o.budget();
        this.all = o.all();
        this.out = o.out();
        this.fresh = o.fresh();
        this.dryRun = o.dryRun();
        this.maxCycles = o.maxCycles();
        this.slurm = o.slurm();
        this.outw = out;
        this.err = err;
        this.command = command;
    }

    /** One measured (or not measured) program of one configuration. */
    static final class Cell {
        String status = "";          // ok, failed, not-run; "" = never attempted
        long cycles = -1;
        double cpu = -1;
        long simCycles = -1;
        long instructions = -1;
        double estimate = -1;
        String note = "";
    }

    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private final Map<String, List<Double>> costs = new LinkedHashMap<>();

    private static String cellKey(Row r, Variant v) {
        return r.key() + "/" + v.column;
    }

    private Cell cell(Row r, Variant v) {
        return cells.computeIfAbsent(cellKey(r, v), k -> new Cell());
    }

    /**
     * Runs the selected configurations and writes the table, the CSV and the figures.
     *
     * @return 0, 1 when a run failed, 2 for bad options (the reason printed on the error stream)
     * @throws Exception when a run cannot be scheduled or a file cannot be written
     */
    public int run() throws Exception {
        List<Variant> variants = new ArrayList<>();
        try {
            for (String s : variantNames) {
                variants.add(Variant.parse(s));
            }
            for (String b : benches) {
                if (!b.equalsIgnoreCase("cg") && !b.equalsIgnoreCase("qr")) {
                    throw new IllegalArgumentException("unknown benchmark '" + b + "' (cg, qr)");
                }
            }
            if (jobs < 1) {
                throw new IllegalArgumentException("--jobs must be at least 1");
            }
            slurm.check();
        } catch (IllegalArgumentException e) {
            err.println("scmpexp thesis-tables: " + e.getMessage());
            return 2;
        }
        if (variants.isEmpty()) {
            variants.addAll(Arrays.asList(Variant.values()));
        }
        Path csv = out.resolve("thesis-tables.csv");
        if (!fresh && Files.isRegularFile(csv)) {
            load(csv);
        }
        List<Task> tasks = new ArrayList<>();
        for (Row r : ThesisData.all()) {
            if ((benches.isEmpty() || benches.stream().anyMatch(b -> b.equalsIgnoreCase(r.bench().id())))
                    && (nodes.isEmpty() || nodes.contains(r.nodes()))
                    && (sizes.isEmpty() || sizes.contains(r.size()))) {
                for (Variant v : variants) {
                    if (v.runs(r.bench())) {
                        tasks.add(new Task(r, v, point(r, v)));
                    }
                }
            }
        }
        Map<Point, Task> byPoint = new LinkedHashMap<>();
        tasks.forEach(t -> byPoint.put(t.point, t));
        ResultStore store = new ResultStore(out.resolve("thesis-tables.points"));
        if (fresh && !dryRun) {
            store.clear();
        }
        Sweep sweep = new Sweep(List.copyOf(byPoint.keySet()), store, Path.of(""));
        Map<Point, Measurement> stored = fresh ? Map.of() : sweep.results();
        stored.forEach((p, m) -> apply(byPoint.get(p), m, false));
        calibrateFromLoaded();
        tasks.sort(Comparator.comparingDouble(t -> estimate(t.row, t.variant)));
        List<Point> todo = tasks.stream().map(t -> t.point).filter(p -> !stored.containsKey(p)).toList();
        if (dryRun) {
            plan(outw, tasks, stored);
            return 0;
        }
        String reason = slurm.unavailable();
        if (reason != null) {
            err.println("scmpexp thesis-tables: " + reason);
            return 2;
        }
        int[] done = {0};
        Sweep.Gate gate = p -> {
            Task t = byPoint.get(p);
            Cell c = cell(t.row, t.variant);
            double e = estimate(t.row, t.variant);
            c.estimate = e;
            if (all || e <= budget) {
                return null;
            }
            if (c.status.isEmpty() || c.status.equals("not-run")) {
                c.status = "not-run";
                c.note = "estimated " + duration(e) + " of host CPU, over the budget of " + duration(budget);
            }
            return c.note;
        };
        Sweep.Listener listener = new Sweep.Listener() {
            @Override
            public void done(Point p, Measurement m) {
                apply(byPoint.get(p), m, true);
                report(++done[0], todo.size(), byPoint.get(p));
            }

            @Override
            public void skipped(Point p, String why) {
                report(++done[0], todo.size(), byPoint.get(p));
            }
        };
        if (slurm.use()) {
            List<Point> submit = new ArrayList<>();
            for (Point p : todo) {
                if (gate.skip(p) == null) {
                    submit.add(p);
                } else {
                    listener.skipped(p, null);
                }
            }
            if (slurm.submit(sweep, submit, "scmp-thesis-tables", "scmpexp thesis-tables", err) && slurm.await()) {
                sweep.results().forEach((p, m) -> {
                    if (!stored.containsKey(p)) {
                        apply(byPoint.get(p), m, true);
                    }
                });
            }
        } else {
            try (PointRunner runner = new PointRunner(sweep.base())) {
                sweep.runLocal(runner, todo, jobs, gate, listener);
            }
        }
        write();
        outw.println("scmpexp thesis-tables: wrote " + out.resolve("thesis-tables.md") + ", " + csv + " and "
                + out.resolve("thesis-tables") + "/fig5_*.png and .svg");
        outw.flush();
        long failed = cells.values().stream().filter(c -> c.status.equals("failed")).count();
        return failed > 0 ? 1 : 0;
    }

    /**
     * One run of a configuration.
     *
     * @param row     the configuration
     * @param variant the program
     * @param point   its settings as a sweep point
     */
    private record Task(Row row, Variant variant, Point point) {
    }

    private static String program(Row r, Variant v) {
        return r.bench().id() + "/" + r.bench().id() + v.suffix;
    }

    static List<String> args(Row r) {
        return r.bench() == Bench.CG ? Runner.args(r.size(), CG_N) : Runner.args(r.size());
    }

    /** The run's settings (docs/benchmarks.md, "Sweeps"): what a result is stored under. */
    private Point point(Row r, Variant v) {
        int[] mesh = ThesisData.mesh(r.nodes());
        Map<String, String> s = new LinkedHashMap<>();
        s.put("program", program(r, v));
        s.put("args", String.join(" ", args(r)));
        s.put("mesh", mesh[0] + "x" + mesh[1]);
        if (v.protocol.value() != null) {
            s.put("protocol", v.protocol.value());
        }
        if (maxCycles > 0) {
            s.put("max-cycles", Long.toString(maxCycles));
        }
        return new Point(s);
    }

    /** Enters a run's measurement in its cell; a run that ended well also calibrates the estimates. */
    private synchronized void apply(Task t, Measurement m, boolean calibrate) {
        Cell c = cell(t.row, t.variant);
        c.cpu = m.cpuSeconds();
        c.simCycles = m.cycles();
        c.instructions = m.instructions();
        if (m.ok() && m.verify().equals("OK") && m.timedCycles() > 0) {
            c.status = "ok";
            c.cycles = m.timedCycles();
            c.note = "";
            if (calibrate) {
                costs.computeIfAbsent(costKey(t.row, t.variant), k -> new ArrayList<>())
                        .add(m.cpuSeconds() / size(t.row, t.variant));
            }
        } else {
            c.status = "failed";
            c.cycles = m.timedCycles();
            c.note = m.ok() ? "the result did not verify" : oneLine(m.note());
        }
    }

    /** --dry-run: every run with its estimate, and the total of those that would run. */
    private void plan(PrintWriter o, List<Task> tasks, Map<Point, Measurement> stored) {
        double total = 0;
        double over = 0;
        int run = 0;
        int skipped = 0;
        for (Task t : tasks) {
            double e = estimate(t.row, t.variant);
            String what;
            if (stored.containsKey(t.point)) {
                what = "has its result (" + duration(stored.get(t.point).cpuSeconds()) + " of host CPU)";
            } else if (!all && e > budget) {
                what = "estimated " + duration(e) + " (over budget: not run)";
                over += e;
                skipped++;
            } else {
                what = "estimated " + duration(e);
                total += e;
                run++;
            }
            o.printf(Locale.ROOT, "%-14s %-10s %s%n", t.row.key(), t.variant.column, what);
        }
        o.printf(Locale.ROOT, "%d runs, %d with results; %d to run, estimated %s of host CPU in all (%s with -j %d)%s%n",
                tasks.size(), tasks.size() - run - skipped, run, duration(total), duration(total / jobs), jobs,
                skipped == 0 ? "" : "; " + skipped + " over the budget, not run (" + duration(over) + ")");
        o.flush();
    }

    private void report(int done, int total, Task t) {
        Cell c = cell(t.row, t.variant);
        String what = c.status.equals("ok")
                ? String.format(Locale.ROOT, "%,d cycles (%.1f s CPU)", c.cycles, c.cpu)
                : c.status + (c.note.isEmpty() ? "" : ": " + c.note);
        err.printf(Locale.ROOT, "[%d/%d] %s %s: %s%n", done, total, t.row.key(), t.variant.column, what);
        err.flush();
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String l = s.lines().findFirst().orElse("");
        return l.replace(',', ';');
    }

    // ---- estimates --------------------------------------------------------------------------------------

    /** The thesis's time for what a variant runs, times the nodes: the size measure the costs are per. */
    private static double size(Row r, Variant v) {
        return (double) (v == Variant.NATIVE ? r.nativ() : r.mpi()) * r.nodes();
    }

    private static String costKey(Row r, Variant v) {
        return r.bench().id() + "/" + (v == Variant.NATIVE ? "native" : "mpi") + "/" + r.nodes();
    }

    private void calibrateFromLoaded() {
        for (Row r : ThesisData.all()) {
            for (Variant v : Variant.values()) {
                Cell c = cells.get(cellKey(r, v));
                if (c != null && c.status.equals("ok") && c.cpu > 0) {
                    costs.computeIfAbsent(costKey(r, v), k -> new ArrayList<>()).add(c.cpu / size(r, v));
                }
            }
        }
    }

    /** Estimated host CPU seconds of a run, from the measured cost of the closest kind of run. */
    synchronized double estimate(Row r, Variant v) {
        Cell c = cells.get(cellKey(r, v));
        if (c != null && c.status.equals("ok") && c.cpu > 0) {
            return c.cpu;
        }
        String kind = r.bench().id() + "/" + (v == Variant.NATIVE ? "native" : "mpi") + "/";
        List<Double> same = costs.get(costKey(r, v));
        double cost;
        if (same != null && !same.isEmpty()) {
            cost = median(same);
        } else {
            List<Double> near = new ArrayList<>();
            for (Map.Entry<String, List<Double>> e : costs.entrySet()) {
                if (e.getKey().startsWith(kind)) {
                    near.addAll(e.getValue());
                }
            }
            if (near.isEmpty()) {
                for (Map.Entry<String, List<Double>> e : costs.entrySet()) {
                    if (e.getKey().startsWith(r.bench().id() + "/")) {
                        near.addAll(e.getValue());
                    }
                }
            }
            cost = near.isEmpty() ? DEFAULT_COST : median(near);
        }
        return cost * size(r, v);
    }

    private static double median(List<Double> l) {
        double[] a = l.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    static String duration(double s) {
        if (s < 120) {
            return String.format(Locale.ROOT, "%.0f s", s);
        }
        if (s < 7200) {
            return String.format(Locale.ROOT, "%.0f min", s / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", s / 3600);
    }

    // ---- CSV --------------------------------------------------------------------------------------------

    private static final String[] VARIANT_FIELDS = {"cycles", "status", "cpu_s", "sim_cycles", "instructions",
        "estimate_s", "note"};

    private static List<String> header() {
        List<String> h = new ArrayList<>(List.of("bench", "size", "nodes", "mesh", "thesis_native_kcycles",
                "thesis_mpi_kcycles", "thesis_ratio"));
        for (Variant v : Variant.values()) {
            for (String f : VARIANT_FIELDS) {
                h.add(v.column + "_" + f);
            }
        }
        h.addAll(List.of("ratio_thesis_protocol", "ratio_faithful_thesis", "ratio_thesis_hw", "ratio_ours"));
        return h;
    }

    private void load(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return;
        }
        List<String> h = Arrays.asList(lines.get(0).split(",", -1));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f.length != h.size()) {
                continue;
            }
            String key = f[h.indexOf("bench")] + "-" + f[h.indexOf("size")] + "-" + f[h.indexOf("nodes")];
            for (Variant v : Variant.values()) {
                int i = h.indexOf(v.column + "_status");
                if (i < 0 || f[i].isEmpty()) {
                    continue;
                }
                Cell c = new Cell();
                c.status = f[i];
                c.cycles = parseLong(f[h.indexOf(v.column + "_cycles")]);
                c.cpu = parseDouble(f[h.indexOf(v.column + "_cpu_s")]);
                c.simCycles = parseLong(f[h.indexOf(v.column + "_sim_cycles")]);
                c.instructions = parseLong(f[h.indexOf(v.column + "_instructions")]);
                c.estimate = parseDouble(f[h.indexOf(v.column + "_estimate_s")]);
                c.note = f[h.indexOf(v.column + "_note")];
                cells.put(key + "/" + v.column, c);
            }
        }
    }

    private static long parseLong(String s) {
        try {
            return s.isEmpty() ? -1 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static double parseDouble(String s) {
        try {
            return s.isEmpty() ? -1 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private long cycles(Row r, Variant v) {
        Cell c = cells.get(cellKey(r, v));
        return c != null && c.status.equals("ok") ? c.cycles : -1;
    }

    private double ratio(Row r, Variant v) {
        long n = cycles(r, Variant.NATIVE);
        long m = cycles(r, v);
        return n > 0 && m > 0 ? (double) m / n : Double.NaN;
    }

    private void writeCsv(Path csv) throws IOException {
        StringBuilder sb = new StringBuilder(String.join(",", header())).append('\n');
        for (Row r : ThesisData.all()) {
            int[] mesh = ThesisData.mesh(r.nodes());
            List<String> f = new ArrayList<>(List.of(r.bench().id(), String.valueOf(r.size()),
                    String.valueOf(r.nodes()), mesh[0] + "x" + mesh[1], String.valueOf(r.nativ()),
                    String.valueOf(r.mpi()), String.format(Locale.ROOT, "%.3f", r.ratio())));
            for (Variant v : Variant.values()) {
                Cell c = cells.get(cellKey(r, v));
                if (c == null) {
                    for (int i = 0; i < VARIANT_FIELDS.length; i++) {
                        f.add("");
                    }
                    continue;
                }
                f.add(c.cycles >= 0 ? String.valueOf(c.cycles) : "");
                f.add(c.status);
                f.add(c.cpu >= 0 ? String.format(Locale.ROOT, "%.2f", c.cpu) : "");
                f.add(c.simCycles >= 0 ? String.valueOf(c.simCycles) : "");
                f.add(c.instructions >= 0 ? String.valueOf(c.instructions) : "");
                f.add(c.estimate >= 0 ? String.format(Locale.ROOT, "%.1f", c.estimate) : "");
                f.add(c.note.replace(',', ';'));
            }
            f.add(fmtRatio(ratio(r, Variant.THESIS)));
            f.add(fmtRatio(ratio(r, Variant.FAITHFUL)));
            f.add(fmtRatio(ratio(r, Variant.THESIS_HW)));
            f.add(fmtRatio(ratio(r, Variant.OURS)));
            sb.append(String.join(",", f)).append('\n');
        }
        Files.createDirectories(csv.toAbsolutePath().getParent());
        Files.writeString(csv, sb.toString(), StandardCharsets.UTF_8);
    }

    private static String fmtRatio(double r) {
        return Double.isNaN(r) ? "" : String.format(Locale.ROOT, "%.3f", r);
    }

    // ---- markdown ---------------------------------------------------------------------------------------

    private String kc(Row r, Variant v) {
        Cell c = cells.get(cellKey(r, v));
        if (c == null || c.status.isEmpty()) {
            return "";
        }
        switch (c.status) {
            case "ok":
                return String.format(Locale.ROOT, "%,d", Math.round(c.cycles / 1000.0));
            case "not-run":
                return "not run (~" + duration(c.estimate) + ")";
            default:
                return "**failed**";
        }
    }

    private String md() {
        StringBuilder sb = new StringBuilder();
        sb.append("# The thesis's Tables 5.1 and 5.2, reproduced\n\n");
        sb.append("Generated by `").append(command).append("` (runs not selected this time keep their earlier ")
                .append("results from `thesis-tables.csv`). [benchmarks.md](benchmarks.md) describes the programs, ")
                .append("the unit and how to read this; the CSV beside this file has every cycle count, the host ")
                .append("CPU time of every run and the reasons for the runs that did not complete.\n\n");
        sb.append("All times are in **thousands of cycles**, the thesis's unit (its section 5: \"thousands of clock ")
                .append("ticks (or microseconds, assuming a 1 GHz system clock)\"). *native*: the libscmp program; ")
                .append("*MPI thesis*: the MPI program with libmpi's thesis protocol family; *faithful MPI thesis*: ")
                .append("the MPI program as the thesis describes its own (CG: `cg_mpi_faithful.c`, which packs and ")
                .append("unpacks around each broadcast of p; QR's MPI program already makes the thesis's calls), with ")
                .append("the thesis family: the like-for-like comparison with the thesis's MPI column; *MPI ")
                .append("thesis-hw*: the MPI program with the thesis family on the chip with the hardware handshake ")
                .append("of thesis section 2.3 (`--mpi-protocol thesis-hw`); *MPI ours*: with libmpi's default ")
                .append("family; ratios are MPI / native of the same row. *halved*: our protocol's ")
                .append("overhead (ratio - 1) is at most half the thesis's and the ratio at most 2.0.\n\n");
        sb.append("## Table 5.1: Conjugate Gradient\n\n");
        table(sb, ThesisData.TABLE_5_1, "nonzeros");
        sb.append("\n![Figure 5.2](thesis-tables/fig5_2.png)\n\n![Figure 5.6](thesis-tables/fig5_6.png)\n\n");
        sb.append("## Table 5.2: QR decomposition\n\n");
        table(sb, ThesisData.TABLE_5_2, "matrix");
        sb.append("\n![Figure 5.4](thesis-tables/fig5_4.png)\n\n![Figure 5.5](thesis-tables/fig5_5.png)\n\n");
        sb.append(notRun());
        sb.append(speed());
        sb.append(kept);
        return sb.toString();
    }

    /** Where the figures {@link #figures()} writes into OUT/benchmarks.md begin and end (when that file has both). */
    static final String FIGURES_BEGIN = "<!-- figures from thesis-tables.csv: scmpexp thesis-tables writes from here -->";
    static final String FIGURES_END = "<!-- end of the figures from thesis-tables.csv -->";

    /**
     * The figures docs/benchmarks.md quotes, computed from the table's cells: each native time next to the
     * thesis's, and the cost per unit of work of both benchmarks' native programs, ours and the thesis's (CG:
     * the slope between 50,000 and 500,000 nonzeros on 4 nodes, per node and per multiply-add of the two sparse
     * products of each of its 15 iterations; QR: the 256x256 time on 4 nodes per multiply-add of Householder QR,
     * 2n^3/3 of them).
     */
    String figures() {
        StringBuilder sb = new StringBuilder();
        sb.append("| figure | thesis | here |\n|---|---:|---:|\n");
        for (Row r : ThesisData.all()) {
            long c = cycles(r, Variant.NATIVE);
            if (c > 0 && (r.key().equals("cg-2000-4") || r.key().equals("qr-8-64") || r.key().equals("qr-128-4"))) {
                sb.append(String.format(Locale.ROOT, "| %s native, thousands of cycles | %,d | %,d |%n",
                        label(r), r.nativ(), Math.round(c / 1000.0)));
            }
        }
        Row lo = row("cg-50000-4");
        Row hi = row("cg-500000-4");
        if (cycles(lo, Variant.NATIVE) > 0 && cycles(hi, Variant.NATIVE) > 0) {
            double per = 4.0 / (2 * CG_ITERATIONS) / (hi.size() - lo.size());
            sb.append(String.format(Locale.ROOT, "| CG native on 4 nodes, cycles per multiply-add of a sparse product "
                    + "(slope from 50,000 to 500,000 nonzeros) | %.1f | %.1f |%n", (hi.nativ() - lo.nativ()) * 1000.0 * per,
                    (cycles(hi, Variant.NATIVE) - cycles(lo, Variant.NATIVE)) * per));
        }
        Row qr = row("qr-256-4");
        if (cycles(qr, Variant.NATIVE) > 0) {
            double madds = 2.0 * Math.pow(qr.size(), 3) / 3;
            sb.append(String.format(Locale.ROOT, "| QR 256x256 native on 4 nodes, node-cycles per multiply-add | %.1f | "
                    + "%.1f |%n", qr.nativ() * 1000.0 * 4 / madds, cycles(qr, Variant.NATIVE) * 4 / madds));
        }
        return sb.toString();
    }

    /** CG's iterations in every configuration of Table 5.1 (docs/benchmarks.md, "The problem"). */
    static final int CG_ITERATIONS = 15;

    private static Row row(String key) {
        return ThesisData.all().stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow();
    }

    private static String label(Row r) {
        return r.bench() == Bench.QR ? String.format(Locale.ROOT, "QR %dx%d on %d nodes,", r.size(), r.size(), r.nodes())
                : String.format(Locale.ROOT, "CG %,d nonzeros on %d nodes,", r.size(), r.nodes());
    }

    /** Starts the hand-written part of thesis-tables.md, which a run keeps as it is. */
    static final String KEPT = "<!-- Written by hand from here on; scmpexp thesis-tables keeps it. -->";

    /** The hand-written part of an earlier thesis-tables.md (from {@link #KEPT} on), or "". */
    private String kept = "";

    private void keep(Path md) throws IOException {
        if (Files.isRegularFile(md)) {
            String text = Files.readString(md, StandardCharsets.UTF_8);
            int at = text.indexOf(KEPT);
            kept = at < 0 ? "" : "\n" + text.substring(at);
        }
    }

    private void table(StringBuilder sb, List<Row> rows, String sizeName) {
        List<Variant> mpi = Arrays.stream(Variant.values())
                .filter(v -> v != Variant.NATIVE && v.runs(rows.get(0).bench())).toList();
        sb.append("| ").append(sizeName).append(" | nodes | thesis native | thesis MPI | thesis ratio | native |");
        mpi.forEach(v -> sb.append(' ').append(v.title).append(" | ratio |"));
        sb.append(" halved |\n|---:|---:|---:|---:|---:|---:|").append("---:|---:|".repeat(mpi.size())).append(":---:|\n");
        for (Row r : rows) {
            String size = r.bench() == Bench.QR ? r.size() + "x" + r.size() : String.format(Locale.ROOT, "%,d", r.size());
            double ro = ratio(r, Variant.OURS);
            String halved = Double.isNaN(ro) ? ""
                    : (ro - 1 <= (r.ratio() - 1) / 2 && ro <= 2.0) ? "yes" : "no";
            sb.append(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %.3f | %s |", size, r.nodes(), r.nativ(),
                    r.mpi(), r.ratio(), kc(r, Variant.NATIVE)));
            for (Variant v : mpi) {
                sb.append(' ').append(kc(r, v)).append(" | ").append(fmtRatio(ratio(r, v))).append(" |");
            }
            sb.append(' ').append(halved).append(" |\n");
        }
    }

    private String notRun() {
        StringBuilder sb = new StringBuilder();
        for (Row r : ThesisData.all()) {
            for (Variant v : Variant.values()) {
                Cell c = cells.get(cellKey(r, v));
                if (c != null && (c.status.equals("not-run") || c.status.equals("failed"))) {
                    sb.append("- ").append(r.key()).append(' ').append(v.column).append(": ").append(c.status)
                            .append(c.note.isEmpty() ? "" : ", " + c.note).append('\n');
                }
            }
        }
        return sb.length() == 0 ? "" : "## Runs that did not complete\n\n" + sb + "\n";
    }

    private String speed() {
        double cpu = 0;
        long nodeCycles = 0;
        long instr = 0;
        int runs = 0;
        for (Row r : ThesisData.all()) {
            for (Variant v : Variant.values()) {
                Cell c = cells.get(cellKey(r, v));
                if (c != null && c.status.equals("ok") && c.cpu > 0 && c.simCycles > 0) {
                    cpu += c.cpu;
                    nodeCycles += c.simCycles * r.nodes();
                    instr += c.instructions;
                    runs++;
                }
            }
        }
        if (runs == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "## Simulation speed%n%n%d completed runs took %s of host CPU time: "
                + "%.1f million simulated instructions and %.1f million node-cycles (simulated cycles of the whole "
                + "run, set-up and checks included, times the nodes) per CPU second.%n", runs, duration(cpu),
                instr / cpu / 1e6, nodeCycles / cpu / 1e6);
    }

    // ---- plots --------------------------------------------------------------------------------------------

    private double[] ys(List<Row> rows, java.util.function.ToDoubleFunction<Row> f) {
        return rows.stream().mapToDouble(f).toArray();
    }

    private void plots(Path dir) throws IOException {
        // Figure 5.2: MPI / native against nonzeros, per processor count.
        XYChart f52 = Charts.lines("Relative performance of MPI to native SCMP versions (CG, Figure 5.2)",
                "nonzero elements", "MPI time / native time", true, false, false);
        int ci = 0;
        for (int p : new int[] {4, 8, 16}) {
            List<Row> rows = ThesisData.TABLE_5_1.stream().filter(r -> r.nodes() == p).toList();
            double[] xs = rows.stream().mapToDouble(Row::size).toArray();
            Color color = Charts.PALETTE[ci++];
            Charts.add(f52, p + " nodes, published", color, Charts.Style.DASHED, 0, xs, ys(rows, Row::ratio));
            Charts.add(f52, p + " nodes, MPI thesis protocol", color, Charts.Style.SOLID, 1, xs,
                    ys(rows, r -> ratio(r, Variant.THESIS)));
            Charts.add(f52, p + " nodes, faithful MPI, thesis protocol", color, Charts.Style.SOLID, 3, xs,
                    ys(rows, r -> ratio(r, Variant.FAITHFUL)));
            Charts.add(f52, p + " nodes, MPI our protocol", color, Charts.Style.DOTTED, 2, xs,
                    ys(rows, r -> ratio(r, Variant.OURS)));
        }
        Charts.write(f52, dir.resolve("fig5_2"));

        // Figure 5.6: CG on 4 nodes, time against nonzeros.
        List<Row> cg4 = ThesisData.TABLE_5_1.stream().filter(r -> r.nodes() == 4).toList();
        double[] xs4 = cg4.stream().mapToDouble(Row::size).toArray();
        XYChart f56 = Charts.lines("Execution time on 4 nodes against nonzero elements (CG, Figure 5.6)",
                "nonzero elements", "thousands of cycles", true, true, true);
        timeSeries(f56, xs4, ys(cg4, r -> r.nativ()), ys(cg4, r -> r.mpi()), ys(cg4, r -> kcycles(r, Variant.NATIVE)),
                ys(cg4, r -> kcycles(r, Variant.THESIS)), ys(cg4, r -> kcycles(r, Variant.THESIS_HW)),
                ys(cg4, r -> kcycles(r, Variant.OURS)));
        Charts.write(f56, dir.resolve("fig5_6"));

        // Figures 5.4 and 5.5: QR speedup against processors, relative to the 4-node native run.
        int fig = 4;
        for (int n : new int[] {256, 512}) {
            List<Row> rows = ThesisData.TABLE_5_2.stream().filter(r -> r.size() == n).toList();
            Row base = rows.stream().filter(r -> r.nodes() == 4).findFirst().orElseThrow();
            double[] xs = rows.stream().mapToDouble(Row::nodes).toArray();
            double ourBase = kcycles(base, Variant.NATIVE);
            XYChart f = Charts.lines("Speedup with a " + n + "x" + n + " matrix (QR, Figure 5." + fig + ")", "nodes",
                    "speedup over the 4-node native run, x 4", false, false, true);
            timeSeries(f, xs, ys(rows, r -> 4.0 * base.nativ() / r.nativ()), ys(rows, r -> 4.0 * base.nativ() / r.mpi()),
                    ys(rows, r -> 4.0 * ourBase / kcycles(r, Variant.NATIVE)),
                    ys(rows, r -> 4.0 * ourBase / kcycles(r, Variant.THESIS)),
                    ys(rows, r -> 4.0 * ourBase / kcycles(r, Variant.THESIS_HW)),
                    ys(rows, r -> 4.0 * ourBase / kcycles(r, Variant.OURS)));
            Charts.write(f, dir.resolve("fig5_" + fig));
            fig++;
        }
    }

    /** The six lines of Figures 5.4-5.6: the published native and MPI, then our four variants. */
    private static void timeSeries(XYChart c, double[] xs, double[] pubNative, double[] pubMpi, double[] nativ,
                                   double[] thesis, double[] thesisHw, double[] ours) {
        Charts.add(c, "native, published", Charts.PALETTE[0], Charts.Style.DASHED, 0, xs, pubNative);
        Charts.add(c, "MPI, published", Charts.PALETTE[1], Charts.Style.DASHED, 0, xs, pubMpi);
        Charts.add(c, "native", Charts.PALETTE[0], Charts.Style.SOLID, 1, xs, nativ);
        Charts.add(c, "MPI, thesis protocol", Charts.PALETTE[1], Charts.Style.SOLID, 1, xs, thesis);
        Charts.add(c, "MPI, thesis-hw protocol", Charts.PALETTE[3], Charts.Style.DOTTED, 3, xs, thesisHw);
        Charts.add(c, "MPI, our protocol", Charts.PALETTE[2], Charts.Style.DOTTED, 2, xs, ours);
    }

    private double kcycles(Row r, Variant v) {
        long c = cycles(r, v);
        return c > 0 ? c / 1000.0 : Double.NaN;
    }

    private void write() throws IOException {
        Files.createDirectories(out);
        writeCsv(out.resolve("thesis-tables.csv"));
        keep(out.resolve("thesis-tables.md"));
        Files.writeString(out.resolve("thesis-tables.md"), md(), StandardCharsets.UTF_8);
        Path bench = out.resolve("benchmarks.md");
        if (Files.isRegularFile(bench)) {
            String text = Files.readString(bench, StandardCharsets.UTF_8);
            int a = text.indexOf(FIGURES_BEGIN);
            int b = text.indexOf(FIGURES_END);
            if (a >= 0 && b > a) {
                Files.writeString(bench, text.substring(0, a + FIGURES_BEGIN.length()) + "\n" + figures()
                        + text.substring(b), StandardCharsets.UTF_8);
            }
        }
        plots(out.resolve("thesis-tables"));
    }
}
