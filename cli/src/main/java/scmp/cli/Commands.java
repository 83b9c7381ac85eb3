package scmp.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/** What several tools' command lines share. */
final class Commands {
    private Commands() {
    }

    /**
     * Puts a command on its streams and makes its failures one line each: a bad command line prints
     * {@code PREFIX message (try 'TOOL --help')} and exits with 2; an exception, which is a bug and not bad input,
     * prints {@code TOOL: internal error: ...} and exits with 70, a status apart from the ordinary failures.
     *
     * @param cl          the command line
     * @param tool        the tool's name
     * @param usagePrefix what starts a usage error's line, such as {@code "scmpas: error: "}
     * @param out         where help and version go
     * @param err         where the failures go
     * @return {@code cl}
     */
    static CommandLine oneLineFailures(CommandLine cl, String tool, String usagePrefix, PrintStream out,
                                       PrintStream err) {
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println(usagePrefix + ex.getMessage() + " (try '" + tool + " --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println(tool + ": internal error: " + ex);
            return 70;
        });
        return cl;
    }
}
