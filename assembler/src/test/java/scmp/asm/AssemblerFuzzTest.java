package scmp.asm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;

/**
 * Fuzz target of the assembler (docs/testing.md, "Fuzzing"): any bytes assemble into an object or end in
 * {@link DiagnosticException}, whose diagnostics are few and short; nothing else is thrown and nothing hangs.
 * The seeds in {@code AssemblerFuzzTestInputs/} run with the tests; {@code JAZZER_FUZZ=1} fuzzes.
 */
class AssemblerFuzzTest {
    @FuzzTest(maxDuration = "2h")
    void assemble(byte[] input) {
        try {
            Assembler.assemble("f.s", input);
        } catch (DiagnosticException e) {
            assertTrue(e.diagnostics().size() <= Assembler.MAX_ERRORS + 1, "errors: " + e.diagnostics().size());
            for (Diagnostic d : e.diagnostics()) {
                assertTrue(d.format().length() < 2000, d.format());
            }
        }
    }
}
