package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.cpu.JitEngine;

/**
 * The identity corpus on the compiled engine: every case of {@link IdentityCorpusTest} run with
 * {@code scmpsim --engine=jit} must give its golden record byte for byte (exit code, cycles, instructions, digests
 * of stdout, stderr and the statistics), as the interpreter does. The tests run with system property
 * {@code scmp.jit.fallback=fail} (the module's pom), so a region the compiler declines fails the run instead of
 * falling back to the interpreter unnoticed, and with every region compiled at its first entry
 * ({@link JitEngine#HOT_PROPERTY} 0) rather than tiered, so that no code of the corpus runs on the interpreter.
 */
@Execution(ExecutionMode.CONCURRENT)
class JitIdentityCorpusTest {
    private static final List<String> ENGINE = List.of("--engine=jit");

    /** Every region compiled at its first entry, so that the corpus runs compiled code throughout. */
    @BeforeAll
    static void compileEverything() {
        System.setProperty(JitEngine.HOT_PROPERTY, "0");
    }

    @AfterAll
    static void tiered() {
        System.clearProperty(JitEngine.HOT_PROPERTY);
    }

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void compiledRunIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, ENGINE), ENGINE);
    }
}
