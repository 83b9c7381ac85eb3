package scmp.cc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import scmp.cc.lex.Token;
import scmp.common.Limits;
import scmp.diag.Diagnostic;

/**
 * Collects the diagnostics of one compilation, from every stage, in the order found. Stages go on after an
 * error where they can, so that one run reports several problems as gcc does; the driver prints them all and
 * exits 1 if any is an error. Warnings can be turned into nothing ({@code -w}) or into errors ({@code -Werror},
 * which then stop the build as gcc's do); the warnings gcc gives only when asked are named and enabled by their
 * {@code -W} options or by {@code -Wall} ({@link #enabled}). After
 * {@link #maxErrors()} errors the compilation stops, as gcc's {@code -fmax-errors=N} makes it: the error that
 * reaches the limit throws {@link Fatal}, which every stage lets through to {@link Compiler}.
 */
public final class Diagnostics {
    private final List<Diagnostic> list = new ArrayList<>();
    private int errors;
    private boolean warningsEnabled = true;
    private int maxErrors = Limits.DEFAULT_MAX_ERRORS;
    private boolean stopped;

    public void setWarningsEnabled(boolean on) {
        warningsEnabled = on;
    }

    private boolean wall;
    private boolean werror;
    private boolean promoted;
    private final Set<String> enabledByName = new HashSet<>();
    private final Set<String> disabledByName = new HashSet<>();
    /** The named warnings {@code -Wall} turns on (besides those it checks through {@link #wall()}). */
    private static final Set<String> WALL_NAMED = Set.of("format", "uninitialized");

    /** Turns on the warnings gcc gives only with -Wall (unused variables, missing returns, ...). */
    public void setWallEnabled(boolean on) {
        wall = on;
    }

    /**
     * Applies gcc's warning options, in order: {@code -Wall} and {@code -Wextra}, {@code -Werror} and
     * {@code -Wno-error}, and {@code -WNAME} or {@code -Wno-NAME} for a named warning ({@code -Wformat},
     * {@code -Wuninitialized}; {@code -Wformat=N} is {@code -Wformat}, {@code -Wformat=0} its negation). Others
     * are accepted and ignored, as gcc ignores unknown {@code -Wno-} options.
     *
     * @param options the {@code -W} options as given on the command line
     */
    public void configure(List<String> options) {
        for (String o : options) {
            if (o.equals("-Wall") || o.equals("-Wextra")) {
                wall = true;
            } else if (o.equals("-Werror")) {
                werror = true;
            } else if (o.equals("-Wno-error")) {
                werror = false;
            } else if (o.equals("-Wformat=0") || o.startsWith("-Wno-")) {
                String name = o.equals("-Wformat=0") ? "format" : o.substring("-Wno-".length());
                disabledByName.add(name);
                enabledByName.remove(name);
            } else if (o.startsWith("-W")) {
                String name = o.startsWith("-Wformat=") ? "format" : o.substring(2);
                enabledByName.add(name);
                disabledByName.remove(name);
            }
        }
    }

    /**
     * Whether a named warning is wanted: given by its own option ({@code -Wformat}) or by {@code -Wall}, not
     * negated ({@code -Wno-format}), and warnings are on at all.
     *
     * @param name the warning's name without {@code -W}, such as {@code format}
     */
    public boolean enabled(String name) {
        return warningsEnabled && !disabledByName.contains(name)
                && (enabledByName.contains(name) || wall && WALL_NAMED.contains(name));
    }

    /** Whether warnings are errors ({@code -Werror}). */
    public boolean warningsAreErrors() {
        return werror;
    }

    /** Whether -Wall's warnings are wanted (and warnings are on at all). */
    public boolean wall() {
        return wall && warningsEnabled;
    }

    public void error(Token at, String message) {
        add(make(at, Diagnostic.Severity.ERROR, message));
    }

    /**
     * Records a warning; under {@code -Werror} it is an error, its option named as gcc names it
     * ({@code [-Wformat=]} becomes {@code [-Werror=format=]}).
     */
    public void warning(Token at, String message) {
        if (!warningsEnabled) {
            return;
        }
        if (werror) {
            promoted = true;
            add(make(at, Diagnostic.Severity.ERROR, message.replaceFirst(" \\[-W([^\\]]+)\\]$", " [-Werror=$1]")));
        } else {
            add(make(at, Diagnostic.Severity.WARNING, message));
        }
    }

    public void note(Token at, String message) {
        add(make(at, Diagnostic.Severity.NOTE, message));
    }

    /** An error that belongs to no source position, such as a file that cannot be read. */
    public void error(String file, String message) {
        add(new Diagnostic(file, 0, 0, Diagnostic.Severity.ERROR, message, null));
    }

    /**
     * Sets how many errors end the compilation ({@code -fmax-errors=N}).
     *
     * @param n the number of errors, or 0 for no limit
     */
    public void setMaxErrors(int n) {
        maxErrors = Math.max(0, n);
    }

    /** The errors that end the compilation, or 0 for no limit. */
    public int maxErrors() {
        return maxErrors;
    }

    /**
     * Records a diagnostic.
     *
     * @throws Fatal when it is the error that reaches {@link #maxErrors()}
     */
    public void add(Diagnostic d) {
        if (stopped) {
            return; // the compilation was abandoned; what its callers add on the way out is not shown
        }
        list.add(d);
        if (d.isError()) {
            errors++;
            if (maxErrors > 0 && errors >= maxErrors) {
                stopped = true;
                throw new Fatal();
            }
        }
    }

    /**
     * Records an error after which the compilation cannot go on (a missing header, a limit exceeded) and
     * abandons it.
     *
     * @throws Fatal always
     */
    public Fatal fatal(Token at, String message) {
        error(at, message);
        throw new Fatal();
    }

    /** Whether the compilation stopped at {@link #maxErrors()} errors. */
    public boolean stoppedAtLimit() {
        return stopped;
    }

    private static Diagnostic make(Token at, Diagnostic.Severity sev, String message) {
        if (at == null) {
            return new Diagnostic("<unknown>", 0, 0, sev, message, null);
        }
        return new Diagnostic(at.fileName(), at.line(), at.col(), sev, message, at.sourceLine());
    }

    /** What ends the messages of a compilation whose warnings became errors, as gcc's cc1 says it. */
    public static final String ALL_WARNINGS_ERRORS = "scmpcc: all warnings being treated as errors";

    public boolean hasErrors() {
        return errors > 0;
    }

    public int errorCount() {
        return errors;
    }

    public List<Diagnostic> all() {
        return list;
    }

    /** Prints every diagnostic, gcc style, with the source line and caret. */
    public void print(PrintStream out) {
        for (Diagnostic d : list) {
            out.println(d.format());
        }
        if (stopped) {
            out.println("compilation terminated due to -fmax-errors=" + maxErrors + ".");
        }
        if (promoted) {
            out.println(ALL_WARNINGS_ERRORS);
        }
        out.flush();
    }

    /** Everything printed as {@link #print} would, for tests. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : list) {
            sb.append(d.format()).append('\n');
        }
        if (stopped) {
            sb.append("compilation terminated due to -fmax-errors=").append(maxErrors).append(".\n");
        }
        if (promoted) {
            sb.append(ALL_WARNINGS_ERRORS).append('\n');
        }
        return sb.toString();
    }

    /**
     * Thrown to abandon the compilation after a fatal error (a missing header, a limit exceeded; #error is not
     * fatal) or at the error limit; the error itself is already recorded.
     */
    public static final class Fatal extends RuntimeException {
        public Fatal() {
            super(null, null, false, false);
        }
    }
}
