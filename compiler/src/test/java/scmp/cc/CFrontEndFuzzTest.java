package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import scmp.cc.ast.Program;
import scmp.common.Limits;
import scmp.diag.Diagnostic;

/**
 * Fuzz target of the C compiler's front end (docs/testing.md, "Fuzzing"): any bytes, as a C file, are
 * preprocessed, parsed and checked ({@link Compiler#check}), and the front end either accepts them or reports
 * diagnostics: at most {@link Limits#DEFAULT_MAX_ERRORS} errors, each a
 * few lines long. Nothing is thrown, nothing takes more than {@link #TIME_LIMIT_MS}. It runs on a thread with the driver's stack, as
 * {@code scmpcc} does. The seeds in {@code CFrontEndFuzzTestInputs/} run with the tests.
 */
class CFrontEndFuzzTest {
    /** The time one input may take (a libFuzzer {@code -timeout} bounds it too when fuzzing). */
    private static final long TIME_LIMIT_MS = 60_000;

    @FuzzTest(maxDuration = "2h")
    void compile(byte[] input) throws Throwable {
        Throwable[] thrown = {null};
        Thread t = new Thread(null, () -> {
            try {
                check(input);
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "fuzz", 256L << 20);
        t.start();
        t.join(TIME_LIMIT_MS);
        assertFalse(t.isAlive(), "still compiling after " + TIME_LIMIT_MS + " ms");
        if (thrown[0] != null) {
            throw thrown[0];
        }
    }

    private static void check(byte[] input) {
        Diagnostics diag = new Diagnostics();
        Program p = Compiler.check(Compiler.source("f.c", input), Compiler.Options.defaults(null), diag);
        assertTrue(p != null || diag.hasErrors(), "no program and no error");
        assertTrue(diag.errorCount() <= Limits.DEFAULT_MAX_ERRORS, "errors: " + diag.errorCount());
        for (Diagnostic d : diag.all()) {
            assertTrue(d.format().length() < 6 * Limits.ECHO_WINDOW + 200, d.format());
        }
    }
}
