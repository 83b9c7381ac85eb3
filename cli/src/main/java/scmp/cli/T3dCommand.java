package scmp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import scmp.experiments.AclmplTables;
import scmp.experiments.T3dMpiTables;

/** {@code scmpexp t3d}: the experiments on the T3D model (docs/t3d.md): {@code aclmpl} and {@code mpi}. */
@Command(name = "t3d", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        subcommands = {T3dCommand.Aclmpl.class, T3dCommand.Mpi.class},
        description = "Runs experiments on the Cray T3D model (docs/t3d.md).")
final class T3dCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scmpexp t3d: which experiment? (aclmpl, mpi)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return CommandLine.ExitCode.USAGE;
    }

    /** {@code scmpexp t3d aclmpl}: {@code scmpexp aclmpl}'s cases and options, on the T3D model. */
    @Command(name = "aclmpl", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = VersionLines.class,
            description = {"Runs the six ACLMPL benchmark cases of programs/aclmpl/bench (one-to-all, all-to-one, "
                    + "all-to-all, broadcast, reduce, one-word latency) with the synchronous and asynchronous "
                    + "protocols and the portability layer's puts (SHMEM) as the reference, on T3D partitions of the "
                    + "given sizes (4 MB per PE), and writes OUT/t3d-tables.md (the paper's Tables 1 and 2 beside "
                    + "ours, and every run), OUT/t3d-tables.csv and the figures in OUT/t3d-tables/."})
    static final class Aclmpl extends AclmplCommand {
        @Override
        AclmplTables.Target target() {
            return AclmplTables.Target.T3D;
        }
    }

    /** {@code scmpexp t3d mpi}: the options of {@link T3dMpiTables}, the CRI/EPCC MPI benchmarks. */
    @Command(name = "mpi", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = VersionLines.class,
            description = {"Runs the MPI benchmarks of the CRI/EPCC paper (seed 001 section 4) on the T3D model: "
                    + "COMMS1 (ping-pong, standard and synchronous mode) and COMMS2 (exchange) from 8 bytes to "
                    + "--max on PEs 0 and 1, and the collective timings (barrier, broadcast, reduce, all-to-all) on "
                    + "each --pes partition; writes its section of OUT/t3d-tables.md (the seeds' numbers beside "
                    + "ours), OUT/t3d-mpi.csv and the figures in OUT/t3d-mpi/."})
    static final class Mpi implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--pes", split = ",", paramLabel = "P",
                description = "Partition sizes for the collectives (default 2,4,8,16,32).")
        private List<Integer> pes = new ArrayList<>(List.of(2, 4, 8, 16, 32));

        @Option(names = "--max", paramLabel = "BYTES", description = "The longest COMMS message (default 65536).")
        private int max = 65536;

        @Option(names = "--reps", paramLabel = "N", description = "Timed repetitions (default 10).")
        private int reps = 10;

        @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
        private int jobs = 1;

        @Option(names = "--out", paramLabel = "DIR", description = "Where the files go (default: .).")
        private Path out = Path.of(".");

        @Override
        public Integer call() throws Exception {
            for (int p : pes) {
                if (p < 2 || p > 1024) {
                    spec.commandLine().getErr().println("scmpexp t3d mpi: --pes: " + p + " is not 2..1024");
                    return 2;
                }
            }
            if (max < 64 || max > (1 << 20)) {
                spec.commandLine().getErr().println("scmpexp t3d mpi: --max: " + max + " is not 64..1048576");
                return 2;
            }
            T3dMpiTables.Options o = new T3dMpiTables.Options(pes, max, Math.max(1, reps), jobs, out);
            return new T3dMpiTables(o, spec.commandLine().getOut()).run();
        }
    }
}
