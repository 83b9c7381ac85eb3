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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import scmp.experiments.sweep.Grid;
import scmp.experiments.sweep.Measurement;
import scmp.experiments.sweep.Point;
import scmp.experiments.sweep.PointRunner;
import scmp.experiments.sweep.ResultStore;
import scmp.experiments.sweep.Sweep;

/**
 * {@code scmpexp sweep}: runs every point of a grid of settings (docs/benchmarks.md, "Sweeps") on threads of this
 * process or as a Slurm job array, keeping each point's result as it ends, and gathers them into a CSV and a
 * JSON file.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ExperimentsMain.VersionLines.class,
        description = {"Runs a program on every point of a grid of settings, e.g. mesh 2x2,4x4 x vcs 1,2,4 x "
                + "protocol thesis,ours x program arguments, and writes OUT/NAME.csv and OUT/NAME.json with a column "
                + "per setting. Each point's result is kept in OUT/NAME.points/ as it ends: running the same command "
                + "again (after an interruption, or with a larger grid) runs only the points without one.",
            "The grid comes from GRID-FILE (lines 'key = value, value, ...') and --set options. The settings: "
                + "program (a benchmark such as cg/cg_mpi.c, a C source or an SCMP executable), args, cflags, and "
                + "scmpsim's mesh, n, protocol, vcs, buffer, router-delay, link-delay, wide-flits, niu-queue, "
                + "contexts, mem, stack, max-cycles, lockstep, env.NAME."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every point ran and ended normally (or, with --slurm, the array was submitted)",
            "1:a point failed, could not run or has no result", "2:invalid command line or grid"})
final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "GRID-FILE", description = "The grid, one setting a line.")
    private Path file;

    @Option(names = {"-s", "--set"}, paramLabel = "KEY=VALUES",
            description = "A setting and its values, comma-separated (replaces the file's); repeatable.")
    private List<String> sets = new ArrayList<>();

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Points simulated at once, on threads (default 1).")
    private int jobs = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the results go (default: the current directory).")
    private Path out = Path.of(".");

    @Option(names = "--name", paramLabel = "NAME",
            description = "The results' name (default: the grid file's name without extension, or sweep).")
    private String name;

    @Option(names = "--dry-run", description = "Print the points, which have results, and the estimated cost; run nothing.")
    private boolean dryRun;

    @Option(names = "--fresh", description = "Forget the results of earlier runs first.")
    private boolean fresh;

    @Mixin
    private SlurmOptions slurm = new SlurmOptions();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outw = spec.commandLine().getOut();
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
        if (slurm.slurm) {
            if (slurm.submit(sweep, todo, "scmp-" + name, "scmpexp sweep", err) && !slurm.wait) {
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
