package scmp.cc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import scmp.cc.lex.Token;
import scmp.common.Limits;
import scmp.diag.Diagnostic;

/**
 * Collects the diagnostics of one compilation, from every stage, in the order found. Stages go on after an
 * error where they can, so that one run reports several problems as gcc does; the driver prints them all and
 * exits 1 if any is an error. Warnings can be turned into nothing ({@code -w}) but never stop the build. After
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

    /** Turns on the warnings gcc gives only with -Wall (unused variables, missing returns, ...). */
    public void setWallEnabled(boolean on) {
        wall = on;
    }

    /** Whether -Wall's warnings are wanted (and warnings are on at all). */
    public boolean wall() {
        return wall && warningsEnabled;
    }

    public void error(Token at, String message) {
        add(make(at, Diagnostic.Severity.ERROR, message));
    }

    public void warning(Token at, String message) {
        if (warningsEnabled) {
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
