package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.ThesisTables;

/** {@code scmpexp thesis-tables}: the options of {@link ThesisTables}, the reproduction of Tables 5.1 and 5.2. */
@Command(name = "thesis-tables", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionLines.class,
        description = {"Runs the configurations of the thesis's Tables 5.1 (CG: 2000 to 500000 nonzeros on 4, 8 and "
                + "16 nodes) and 5.2 (QR: 8x8 to 1024x1024 on 4 to 64 nodes): the native program and the MPI program "
                + "with the thesis's protocol family and with ours. Writes OUT/thesis-tables.md, "
                + "OUT/thesis-tables.csv and OUT/thesis-tables/fig5_*.png, keeping the results of earlier runs "
                + "(from the CSV) for the configurations not run this time.",
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
            description = "native, thesis, ours (default: all three).")
    private List<String> variantNames = new ArrayList<>();

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once, on host threads (default 1).")
    private int jobs = 1;

    @Option(names = "--budget", paramLabel = "SECONDS",
            description = "Skip runs estimated to need more host CPU seconds than this (default 1800).")
    private double budget = 1800;

    @Option(names = "--all", description = "Run every selected configuration, whatever its estimate.")
    private boolean all;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the table, CSV and plots go (default docs).")
    private Path out = Path.of("docs");

    @Option(names = "--fresh", description = "Ignore the results of earlier runs in OUT/thesis-tables.csv.")
    private boolean fresh;

    @Option(names = "--dry-run", description = "Print the plan with estimates; run nothing, write nothing.")
    private boolean dryRun;

    @Option(names = "--max-cycles", paramLabel = "N", description = "Stop any run after N simulated cycles.")
    private long maxCycles;

    @Override
    public Integer call() throws Exception {
        ThesisTables.Options o = new ThesisTables.Options(benches, nodes, sizes, variantNames, jobs, budget, all, out,
                fresh, dryRun, maxCycles);
        return new ThesisTables(o, spec.commandLine().getOut(), spec.commandLine().getErr(),
                ExperimentsMain.commandLine(spec)).run();
    }
}
