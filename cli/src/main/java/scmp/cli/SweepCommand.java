package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import scmp.experiments.ParameterSweep;

/** {@code scmpexp sweep}: the options of {@link ParameterSweep}, a program run over a grid of settings. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = VersionLines.class,
        description = {"Runs a program on every point of a grid of settings, e.g. mesh 2x2,4x4 x vcs 1,2,4 x "
                + "protocol thesis,ours x program arguments, and writes OUT/NAME.csv and OUT/NAME.json with a column "
                + "per setting. Each point's result is kept in OUT/NAME.points/ as it ends: running the same command "
                + "again (after an interruption, or with a larger grid) runs only the points without one.",
            "The grid comes from GRID-FILE (lines 'key = value, value, ...') and --set options. The settings: "
                + "program (a benchmark such as cg/cg_mpi.c, a C source or an SCMP executable), args, opt, defines, "
                + "and scmpsim's mesh, n, protocol, vcs, buffer, router-delay, link-delay, wide-flits, niu-queue, "
                + "contexts, mem, stack, max-cycles, lockstep, env.NAME (docs/benchmarks.md, \"Sweeps\")."},
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
        ParameterSweep.Options o = new ParameterSweep.Options(file, sets, jobs, out, name, dryRun, fresh,
                slurm.options());
        return new ParameterSweep(o, spec.commandLine().getOut(), spec.commandLine().getErr()).run();
    }
}
