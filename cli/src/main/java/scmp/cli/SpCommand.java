package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.SpTables;

/** {@code scmpexp sp}: the options of {@link SpTables}, the MPI-LAPI paper's measurements on the SP model. */
@Command(name = "sp", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = VersionLines.class,
        description = {"Runs the measurements of the MPI-LAPI paper (seed 003, section 6) on the IBM SP model "
                + "(docs/sp.md): raw LAPI against MPI-LAPI's base, counters and enhanced versions (Figures 13-15), "
                + "the native MPI stack (--env MP_MPI_STACK=native) against MPI-LAPI in polling and interrupt "
                + "mode (Figures 16-18) and the NAS IS kernel on 4 nodes (Table 3), and writes OUT/sp-tables.md, "
                + "OUT/sp-tables.csv and the plots in OUT/sp-tables/ (docs/sp-tables.md)."})
final class SpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--max", paramLabel = "BYTES",
            description = "The longest message, 4..262144; sizes are 4 bytes times powers of 4 (default 65536).")
    private int max = 65536;

    @Option(names = "--reps", paramLabel = "N",
            description = "Timed round trips per size, after a warm-up one (default 4).")
    private int reps = 4;

    @Option(names = "--stream", paramLabel = "N", description = "Messages per bandwidth stream, 1..64 (default 32).")
    private int stream = 32;

    @Option(names = "--is", split = ",", paramLabel = "K,M,B",
            description = "IS's size: log2 of the keys, of the largest key and of the buckets (default 16,11,9: "
                    + "class S).")
    private List<Integer> is = new ArrayList<>(List.of(16, 11, 9));

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
    private int jobs = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the files go (default: .).")
    private Path out = Path.of(".");

    @Option(names = "--dry-run", description = "Print the runs and the estimated host time; run nothing.")
    private boolean dryRun;

    @Override
    public Integer call() throws Exception {
        String err = max < 4 || max > 262144 ? "--max: " + max + " is not 4..262144"
                : reps < 1 || reps > 1000 ? "--reps: " + reps + " is not 1..1000"
                : stream < 1 || stream > 64 ? "--stream: " + stream + " is not 1..64"
                : is.size() != 3 || is.get(0) < 8 || is.get(0) > 20 || is.get(1) < 4 || is.get(1) > 20
                        || is.get(2) < 1 || is.get(2) > is.get(1) ? "--is: " + is + " is not K,M,B with K 8..20, "
                        + "M 4..20 and B 1..M"
                : jobs < 1 ? "--jobs: " + jobs + " is not 1 or more" : null;
        if (err != null) {
            spec.commandLine().getErr().println("scmpexp sp: " + err);
            return 2;
        }
        SpTables t = new SpTables(new SpTables.Options(max, reps, stream, is, jobs, out), spec.commandLine().getOut());
        return dryRun ? t.dryRun() : t.run(ExperimentsMain.commandLine(spec));
    }
}
