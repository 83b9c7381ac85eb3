package scmp.experiments;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import scmp.isa.Version;

/**
 * {@code scmpexp}: the benchmarks of programs/cg, programs/qr and programs/micro on the simulator, in this
 * process: {@code thesis-tables} reproduces the thesis's Tables 5.1 and 5.2, {@code micro} runs the OSU-style
 * micro-benchmarks. See docs/benchmarks.md.
 */
@Command(name = "scmpexp", mixinStandardHelpOptions = true, versionProvider = ExperimentsMain.VersionLines.class,
        subcommands = {ThesisTables.class, Micro.class, SweepCommand.class},
        description = "Runs the benchmarks of programs/cg, programs/qr and programs/micro on the simulator and "
                + "writes their tables (docs/benchmarks.md).")
public final class ExperimentsMain implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /**
     * Runs scmpexp.
     *
     * @param argv the command line
     */
    public static void main(String[] argv) {
        System.exit(run(argv));
    }

    /**
     * Parses a command line and runs it.
     *
     * @param argv the command line
     * @return the exit code
     */
    public static int run(String... argv) {
        CommandLine cl = new CommandLine(new ExperimentsMain())
                .setExecutionExceptionHandler((ex, line, parsed) -> {
                    line.getErr().println("scmpexp: " + ex);
                    return 70;
                });
        return cl.execute(argv);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** The version lines every scmp tool prints. */
    static final class VersionLines implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return Version.lines("scmpexp");
        }
    }
}
