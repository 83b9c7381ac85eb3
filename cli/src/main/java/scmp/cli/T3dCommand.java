package scmp.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import scmp.experiments.AclmplTables;

/** {@code scmpexp t3d}: the experiments on the T3D model (docs/t3d.md); {@code scmpexp t3d aclmpl} for now. */
@Command(name = "t3d", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        subcommands = {T3dCommand.Aclmpl.class},
        description = "Runs experiments on the Cray T3D model (docs/t3d.md).")
final class T3dCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scmpexp t3d: which experiment? (aclmpl)");
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
}
