package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.ThesisTables;

/** {@code scmpexp thesis-tables}: the options of {@link ThesisTables}, the reproduction of Tables 5.1 and 5.2. */
@Command(name = "thesis-tables", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionLines.class,
        description = {"Runs the configurations of the thesis's Tables 5.1 (CG: 2000 to 500000 nonzeros on 4, 8 and "
                + "16 nodes) and 5.2 (QR: 8x8 to 1024x1024 on 4 to 64 nodes): the native program, the MPI program "
                + "with the thesis's protocol family, with that family on the chip with the hardware handshake "
                + "(thesis-hw) and with ours, and CG's thesis-faithful MPI program with the thesis family, on threads of this process or as a Slurm job "
                + "array. Writes OUT/thesis-tables.md, OUT/thesis-tables.csv and the figures "
                + "OUT/thesis-tables/fig5_*.png and .svg, and the figures of OUT/benchmarks.md between its markers when "
                + "that file exists; the hand-written end of OUT/thesis-tables.md is kept. Each run's result is kept in OUT/thesis-tables.points/ as "
                + "it ends, so that an interrupted command run again runs only the rest; the results of earlier "
                + "commands (from the CSV) stand for the configurations not selected this time.",
            "Runs whose estimated host CPU time exceeds --budget are not run but listed with the estimate; the "
                + "estimate scales the thesis's time for the configuration by the CPU time per thesis cycle "
                + "measured on the runs done so far."})
final class ThesisTablesCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--bench", split = ",", paramLabel = "B", description = "cg, qr (default: both).")
    private List<String> benches = new ArrayList<>();

    @Option(names = "--nodes", split = ",", paramLabel = "N", description = "Only these processor counts.")
    private List<Integer> nodes = new ArrayList<>();

    @Option(names = "--size", split = ",", paramLabel = "S", description = "Only these sizes (CG nonzeros, QR order).")
    private List<Integer> sizes = new ArrayList<>();

    @Option(names = "--variant", split = ",", paramLabel = "V",
            description = "native, thesis, faithful-thesis, thesis-hw, ours (default: all five).")
    private List<String> variantNames = new ArrayList<>();

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once, on host threads (default 1).")
    private int jobs = 1;

    @Option(names = "--budget", paramLabel = "SECONDS",
            description = "Skip runs estimated to need more host CPU seconds than this (default 1800).")
    private double budget = 1800;

    @Option(names = "--all", description = "Run every selected configuration, whatever its estimate.")
    private boolean all;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the table, CSV, figures and results go (default: the current directory).")
    private Path out = Path.of(".");

    @Option(names = "--fresh", description = "Forget the results of earlier runs (OUT/thesis-tables.csv and .points).")
    private boolean fresh;

    @Option(names = "--dry-run", description = "Print the plan with estimates and their total; run nothing, write nothing.")
    private boolean dryRun;

    @Mixin
    private SlurmOptions slurm = new SlurmOptions();

    @Option(names = "--max-cycles", paramLabel = "N", description = "Stop any run after N simulated cycles.")
    private long maxCycles;

    @Override
    public Integer call() throws Exception {
        ThesisTables.Options o = new ThesisTables.Options(benches, nodes, sizes, variantNames, jobs, budget, all, out,
                fresh, dryRun, maxCycles, slurm.options());
        return new ThesisTables(o, spec.commandLine().getOut(), spec.commandLine().getErr(),
                ExperimentsMain.commandLine(spec)).run();
    }
}
