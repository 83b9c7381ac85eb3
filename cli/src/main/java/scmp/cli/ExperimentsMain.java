package scmp.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code scmpexp}: the benchmarks of programs/cg, programs/qr and programs/micro on the simulator, in this
 * process: {@code thesis-tables} reproduces the thesis's Tables 5.1 and 5.2, {@code micro} runs the OSU-style
 * micro-benchmarks, {@code sweep} runs a program over a grid of settings. See docs/benchmarks.md.
 */
@Command(name = "scmpexp", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        subcommands = {ThesisTablesCommand.class, MicroCommand.class, SweepCommand.class, AclmplCommand.class,
            T3dCommand.class, SpCommand.class},
        description = "Runs the benchmarks of programs/cg, programs/qr and programs/micro on the simulator and "
                + "writes their tables, and sweeps of any program over a grid of settings (docs/benchmarks.md).")
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

    /**
     * The command line a subcommand was run with, as the pages it writes quote it: {@code bin/scmpexp} and the
     * arguments.
     *
     * @param spec the subcommand
     * @return the command line
     */
    static String commandLine(CommandSpec spec) {
        return "bin/scmpexp" + String.join("", spec.commandLine().getParseResult().originalArgs().stream()
                .map(a -> " " + a).toList());
    }
}
