package scmp.cc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import scmp.cc.lex.Token;
import scmp.diag.Diagnostic;

/**
 * Collects the diagnostics of one compilation, from every stage, in the order found. Stages go on after an
 * error where they can, so that one run reports several problems as gcc does; the driver prints them all and
 * exits 1 if any is an error. Warnings can be turned into nothing ({@code -w}) but never stop the build.
 */
public final class Diagnostics {
    /** Past this many errors a run stops reporting; binary garbage would otherwise print one per byte. */
    public static final int MAX_ERRORS = 100;

    private final List<Diagnostic> list = new ArrayList<>();
    private int errors;
    private boolean warningsEnabled = true;

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

    public void add(Diagnostic d) {
        if (d.isError()) {
            errors++;
            if (errors > MAX_ERRORS) {
                return;
            }
        }
        list.add(d);
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
        if (errors > MAX_ERRORS) {
            out.println("scmpcc: too many errors (" + errors + "), only the first " + MAX_ERRORS + " shown");
        }
        out.flush();
    }

    /** Everything printed as {@link #print} would, for tests. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : list) {
            sb.append(d.format()).append('\n');
        }
        return sb.toString();
    }

    /** Thrown to abandon a stage after a fatal error (a missing header, #error is not fatal). */
    public static final class Fatal extends RuntimeException {
        public Fatal() {
            super(null, null, false, false);
        }
    }
}
