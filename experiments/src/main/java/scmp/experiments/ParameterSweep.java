package scmp.experiments;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import scmp.experiments.sweep.Grid;
import scmp.experiments.sweep.Measurement;
import scmp.experiments.sweep.Point;
import scmp.experiments.sweep.PointRunner;
import scmp.experiments.sweep.ResultStore;
import scmp.experiments.sweep.Slurm;
import scmp.experiments.sweep.Sweep;

/**
 * A parameter sweep as {@code scmpexp sweep} runs it (docs/benchmarks.md, "Sweeps"): every point of a grid of
 * settings run on threads of this process or as a Slurm job array, each point's result kept as it ends, all of
 * them gathered into a CSV and a JSON file with a column per setting.
 */
public final class ParameterSweep {
    /**
     * What to run.
     *
     * @param file   the grid file, or null
     * @param sets   settings and their values, {@code key=value,value}, replacing the file's
     * @param jobs   points simulated at once, on threads
     * @param out    where the results go
     * @param name   the results' name, or null for the grid file's name without extension, or {@code sweep}
     * @param dryRun print the points, which have results, and the estimated cost; run nothing
     * @param fresh  forget the results of earlier runs first
     * @param slurm  whether and how the points go to Slurm
     */
    public record Options(Path file, List<String> sets, int jobs, Path out, String name, boolean dryRun, boolean fresh,
                          Slurm.Options slurm) {
        /** Copies the list. */
        public Options {
            sets = List.copyOf(sets);
        }
    }

    private final Path file;
    private final List<String> sets;
    private final int jobs;
    private final Path out;
    private String name;
    private final boolean dryRun;
    private final boolean fresh;
    private final Slurm.Options slurm;
    private final PrintWriter outw;
    private final PrintWriter err;

    /**
     * Prepares a sweep.
     *
     * @param o   what to run
     * @param out where the plan and the final summary go
     * @param err where the progress and the messages go
     */
    public ParameterSweep(Options o, PrintWriter out, PrintWriter err) {
        this.file = o.file();
        this.sets = o.sets();
        this.jobs = o.jobs();
        this.out = o.out();
        this.name = o.name();
        this.dryRun = o.dryRun();
        this.fresh = o.fresh();
        this.slurm = o.slurm();
        this.outw = out;
        this.err = err;
    }

    /**
     * Runs the sweep.
     *
     * @return 0 when every point ran and ended normally (or, with Slurm and no waiting, the array was submitted),
     *         1 when a point failed, could not run or has no result, 2 for a bad grid or options (the reason
     *         printed on the error stream, one line)
     * @throws IOException          when a result cannot be written
     * @throws InterruptedException when interrupted while waiting
     */
    public int run() throws IOException, InterruptedException {
        Sweep sweep;
        try {
            if (jobs < 1) {
                throw new IllegalArgumentException("--jobs must be at least 1");
            }
            slurm.check();
            Grid grid = file == null ? new Grid() : Grid.parse(read(file), file.toString());
            sets.forEach(grid::set);
            if (!grid.settings().containsKey("program")) {
                throw new IllegalArgumentException("the grid has no program (program = cg/cg_mpi.c, a C source or "
                        + "an executable)");
            }
            if (name == null) {
                name = file == null ? "sweep" : file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
            }
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw new IllegalArgumentException("--name '" + name + "': letters, digits, '.', '_' and '-' only");
            }
            // relative program paths are taken from the grid file's directory, or the current one
            Path base = file == null ? Path.of("") : file.toAbsolutePath().getParent();
            sweep = new Sweep(grid.points(), new ResultStore(out.resolve(name + ".points")), base);
            sweep.validate();
        } catch (IllegalArgumentException | IOException e) {
            err.println("scmpexp sweep: " + e.getMessage());
            return 2;
        }
        if (fresh && !dryRun) {
            sweep.store().clear();
        }
        List<Point> todo = fresh ? sweep.points() : sweep.todo();
        if (dryRun) {
            plan(outw, sweep, todo);
            return 0;
        }
        String reason = slurm.unavailable();
        if (reason != null) {
            err.println("scmpexp sweep: " + reason);
            return 2;
        }
        try (PointRunner runner = new PointRunner(sweep.base())) {
            // compile errors show now, before any point runs or any task is queued
            try {
                for (Point p : todo) {
                    runner.prepare(p);
                }
            } catch (IllegalStateException e) {
                err.println("scmpexp sweep: " + e.getMessage());
                return 2;
            }
            return run(sweep, todo, runner, err, outw);
        }
    }

    private int run(Sweep sweep, List<Point> todo, PointRunner runner, PrintWriter err, PrintWriter outw)
            throws IOException, InterruptedException {
        err.printf(Locale.ROOT, "%s: %d points, %d with results, %d to run%n", name, sweep.points().size(),
                sweep.points().size() - todo.size(), todo.size());
        err.flush();
        if (slurm.use()) {
            if (slurm.submit(sweep, todo, "scmp-" + name, "scmpexp sweep", err) && !slurm.await()) {
                return 0;
            }
        } else if (!todo.isEmpty()) {
            int[] done = {0};
            sweep.runLocal(runner, todo, jobs, null, (p, m) -> {
                done[0]++;
                err.printf(Locale.ROOT, "[%d/%d] %s: %s%n", done[0], todo.size(), p, describe(m));
                err.flush();
            });
        }
        return gather(sweep, outw);
    }

    private int gather(Sweep sweep, PrintWriter outw) throws IOException {
        Path csv = out.resolve(name + ".csv");
        Path json = out.resolve(name + ".json");
        Map<Point, Measurement> results = sweep.results();
        int rows = sweep.gather(csv, json);
        long ok = results.values().stream().filter(Measurement::ok).count();
        int missing = sweep.points().size() - rows;
        outw.printf(Locale.ROOT, "scmpexp sweep: wrote %s and %s: %d points, %d ok, %d failed%s%n", csv, json, rows, ok,
                rows - ok, missing > 0 ? ", " + missing + " without a result yet" : "");
        outw.flush();
        return ok == sweep.points().size() ? 0 : 1;
    }

    static String describe(Measurement m) {
        if (!m.ok()) {
            return m.status() + ": " + m.note();
        }
        return String.format(Locale.ROOT, "ok, %,d cycles%s, %.1f s CPU", m.cycles(),
                m.timedCycles() >= 0 ? String.format(Locale.ROOT, " (%,d timed)", m.timedCycles()) : "", m.cpuSeconds());
    }

    /** --dry-run: every point, whether it has a result, and the estimated cost of the rest. */
    private void plan(PrintWriter o, Sweep sweep, List<Point> todo) {
        Map<Point, Measurement> results = sweep.results();
        for (Point p : sweep.points()) {
            Measurement m = fresh ? null : results.get(p);
            o.println((m == null ? "to run  " : "done    ") + p + (m == null ? "" : "  (" + describe(m) + ")"));
        }
        double total = 0;
        int estimated = 0;
        for (Point p : todo) {
            double e = estimate(p, fresh ? Map.of() : results);
            if (e >= 0) {
                total += e;
                estimated++;
            }
        }
        o.printf(Locale.ROOT, "%d points, %d with results, %d to run%n", sweep.points().size(),
                sweep.points().size() - todo.size(), todo.size());
        if (todo.isEmpty()) {
            o.println("nothing to run");
        } else if (estimated == 0) {
            o.println("no estimate yet: no point of these programs has run (the first results give one)");
        } else {
            o.printf(Locale.ROOT, "estimated %s of host CPU for %d of them (%s with -j %d), from the CPU time of the "
                    + "finished points of the same program%n", ThesisTables.duration(total), estimated,
                    ThesisTables.duration(total / jobs), jobs);
        }
        o.flush();
    }

    /** The mean CPU seconds of the finished points with the same program, or -1. */
    private static double estimate(Point p, Map<Point, Measurement> results) {
        String program = p.settings().get("program");
        return results.entrySet().stream().filter(e -> e.getValue().ok()
                        && program.equals(e.getKey().settings().get("program")))
                .mapToDouble(e -> e.getValue().cpuSeconds()).average().orElse(-1);
    }

    private static String read(Path f) throws IOException {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException(f + ": cannot read: " + e.getMessage(), e);
        }
    }
}
