package scmp.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.AclmplTables;

/** {@code scmpexp aclmpl}: the options of {@link AclmplTables}, the six ACLMPL benchmark cases. */
@Command(name = "aclmpl", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionLines.class,
        description = {"Runs the six ACLMPL benchmark cases of programs/aclmpl/bench (one-to-all, all-to-one, "
                + "all-to-all, broadcast, reduce, one-word latency) with the synchronous and asynchronous protocols "
                + "and the portability layer's puts as the reference, on SCMP meshes of the given sizes, and writes "
                + "OUT/aclmpl-scmp.md (the paper's Tables 1 and 2 beside ours, and every run) and OUT/aclmpl-scmp.csv."})
class AclmplCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--pes", split = ",", paramLabel = "P", description = "Partition sizes (default 2,8,32).")
    private List<Integer> pes = new ArrayList<>(List.of(2, 8, 32));

    @Option(names = "--sizes", split = ",", paramLabel = "BYTES",
            description = "Message sizes, multiples of 4 (default 4,64,1024,8192).")
    private List<Integer> sizes = new ArrayList<>(List.of(4, 64, 1024, 8192));

    @Option(names = "--reps", paramLabel = "N", description = "Timed repetitions of each run (default 4).")
    private int reps = 4;

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
    private int jobs = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the table and CSV go (default: .).")
    private Path out = Path.of(".");

    @Option(names = "--dry-run", description = "Print the runs with estimates and their total; run nothing, write nothing.")
    private boolean dryRun;

    /** The machine the cases run on. */
    AclmplTables.Target target() {
        return AclmplTables.Target.SCMP;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        for (int s : sizes) {
            if (s < 0 || s % 4 != 0) {
                err.println(spec.qualifiedName() + ": --sizes: " + s + " is not a multiple of 4");
                return 2;
            }
        }
        for (int p : pes) {
            if (p < 1 || p > 1024) {
                err.println(spec.qualifiedName() + ": --pes: " + p + " is not 1..1024");
                return 2;
            }
        }
        AclmplTables.Options o = new AclmplTables.Options(pes, sizes, Math.max(1, reps), jobs, out, target(),
                dryRun);
        return new AclmplTables(o, spec.commandLine().getOut()).run();
    }
}
