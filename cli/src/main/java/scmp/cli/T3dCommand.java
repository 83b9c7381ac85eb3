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
import scmp.experiments.T3dMsgKernels;

/** {@code scmpexp t3d}: the experiments on the T3D model (docs/t3d.md); {@code scmpexp t3d aclmpl}, {@code scmpexp t3d mpi} and {@code scmpexp t3d msg}. */
@Command(name = "t3d", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        subcommands = {T3dCommand.Aclmpl.class, T3dCommand.Mpi.class, T3dCommand.Msg.class},
        description = "Runs experiments on the Cray T3D model (docs/t3d.md).")
final class T3dCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scmpexp t3d: which experiment? (aclmpl, mpi, msg)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return CommandLine.ExitCode.USAGE;
    }

    /** {@code scmpexp t3d aclmpl}: {@code scmpexp aclmpl}'s cases and options, on the T3D model. */
    @Command(name = "aclmpl", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = VersionLines.class,
            description = {"Runs the six ACLMPL benchmark cases of programs/aclmpl/bench (one-to-all, all-to-one, "
                    + "all-to-all, broadcast, reduce, one-word latency) with the synchronous and asynchronous "
                    + "protocols and the portability layer's puts (SHMEM) as the reference, and under MPI (blocking "
                    + "and nonblocking) and PVM's psend/precv (programs/aclmpl/bench/others.c), on T3D partitions of "
                    + "the given sizes (4 MB per PE), and writes OUT/t3d-tables.md (the paper's Tables 1 and 2 beside "
                    + "ours, and every run; the file's other experiments' sections are kept), OUT/t3d-tables.csv and "
                    + "the figures in OUT/t3d-tables/."})
    static final class Aclmpl extends AclmplCommand {
        @Override
        AclmplTables.Target target() {
            return AclmplTables.Target.T3D;
        }
    }

    /** {@code scmpexp t3d msg}: the options of {@link T3dMsgKernels}, Stricker et al.'s kernels. */
    @Command(name = "msg", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = VersionLines.class,
            description = {"Runs the 2D-FFT and SOR kernels of programs/t3d-msg under PVM, RRMSG and DMSG "
                    + "(docs/t3d-msg.md) on T3D partitions of the given sizes (4 MB per PE) and writes their section "
                    + "of OUT/t3d-tables.md: MFLOPS and MB/s per node beside Stricker et al.'s Table 1, and every run, "
                    + "and their Figures 3 to 10 for the model in OUT/t3d-kernels/."})
    static final class Msg implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--pes", split = ",", paramLabel = "P",
                description = "Partition sizes, powers of 2 (default 8,16,32,64).")
        private List<Integer> pes = new ArrayList<>(List.of(8, 16, 32, 64));

        @Option(names = "--fft", paramLabel = "N", description = "The 2D-FFT's N, a power of 2 (default 128).")
        private int fftN = 128;

        @Option(names = "--sor", paramLabel = "N", description = "The SOR's N (default 256).")
        private int sorN = 256;

        @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
        private int jobs = 1;

        @Option(names = "--out", paramLabel = "DIR", description = "Where t3d-tables.md is (default: .).")
        private Path out = Path.of(".");

        @Override
        public Integer call() throws Exception {
            for (int p : pes) {
                if (p < 1 || p > 64 || (p & (p - 1)) != 0 || fftN % p != 0 || sorN % p != 0) {
                    spec.commandLine().getErr().println(spec.qualifiedName() + ": --pes: " + p
                            + " is not a power of 2 up to 64 that divides --fft and --sor");
                    return 2;
                }
            }
            if (fftN < 2 || (fftN & (fftN - 1)) != 0) {
                spec.commandLine().getErr().println(spec.qualifiedName() + ": --fft: " + fftN + " is not a power of 2");
                return 2;
            }
            return new T3dMsgKernels(new T3dMsgKernels.Options(pes, fftN, sorN, jobs, out),
                    spec.commandLine().getOut()).run();
        }
    }

    /** {@code scmpexp t3d mpi}: the options of {@link T3dMpiTables}, the CRI/EPCC MPI benchmarks. */
    @Command(name = "mpi", mixinStandardHelpOptions = true, sortOptions = false,
            versionProvider = VersionLines.class,
            description = {"Runs the MPI benchmarks of the CRI/EPCC paper (seed 001 section 4) on the T3D model: "
                    + "COMMS1 (ping-pong, standard and synchronous mode) and COMMS2 (exchange) from 8 bytes to "
                    + "--max on PEs 0 and 1, and the collective timings (barrier, broadcast, reduce, all-to-all) on "
                    + "each --pes partition, and beside them PVM's (pack and send, psend/precv: COMMS1, COMMS2 and "
                    + "pvm_barrier; programs/t3d-msg); writes its section of OUT/t3d-tables.md (the seeds' numbers "
                    + "beside "
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
