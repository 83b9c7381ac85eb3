package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.Micro;

/** {@code scmpexp micro}: the options of {@link Micro}, the micro-benchmarks of programs/micro. */
@Command(name = "micro", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionLines.class,
        description = {"Runs the micro-benchmarks of programs/micro: ping-pong latency and streaming bandwidth by "
                + "message size between nodes 0 and 1 of a 2x1 mesh, and barrier, bcast, reduce and alltoall "
                + "times on 4, 16 and 64 nodes, each with the native libscmp primitives, libmpi's thesis protocol "
                + "family, that family on the chip with the hardware handshake (thesis-hw) and its default (ours). Prints the "
                + "tables and writes OUT/microbenchmarks.md, and the host CPU time of each run to "
                + "OUT/microbenchmarks.csv (for --dry-run's estimates)."})
final class MicroCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--iterations", paramLabel = "N", description = "Timed iterations of each measurement (default 20).")
    private int iterations = 20;

    @Option(names = "--max-size", paramLabel = "BYTES",
            description = "Largest point-to-point message, a power of 2 up to 65536 (default 65536).")
    private int maxSize = 65536;

    @Option(names = "--nodes", split = ",", paramLabel = "N", description = "Node counts of the collectives (default 4,16,64).")
    private List<Integer> nodes = new ArrayList<>(List.of(4, 16, 64));

    @Option(names = "--sizes", split = ",", paramLabel = "BYTES",
            description = "Sizes of the collectives, 1 to 3 multiples of 8 up to 4096 (default 8,1024,4096).")
    private List<Integer> sizes = new ArrayList<>(List.of(8, 1024, 4096));

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
    private int jobs = 1;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where microbenchmarks.md goes (default: the current directory).")
    private Path out = Path.of(".");

    @Option(names = "--dry-run",
            description = "Print the runs with their estimated host CPU time (from OUT/microbenchmarks.csv, the times "
                    + "of the last run) and the total; run nothing, write nothing.")
    private boolean dryRun;

    @Override
    public Integer call() throws Exception {
        Micro.Options o = new Micro.Options(iterations, maxSize, nodes, sizes, jobs, out, dryRun);
        return new Micro(o, spec.commandLine().getOut(), spec.commandLine().getErr(),
                ExperimentsMain.commandLine(spec)).run();
    }
}
