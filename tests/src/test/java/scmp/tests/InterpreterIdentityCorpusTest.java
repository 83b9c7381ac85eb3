package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The identity corpus on the reference interpreter: every case of {@link IdentityCorpusTest}, which runs scmpsim's
 * default engine (the compiled one), run again with {@code scmpsim --engine=interp} must give the same golden record
 * byte for byte (exit code, cycles, instructions, digests of stdout, stderr and the statistics). Both engines are
 * thus held to one record: the interpreter is the oracle, the compiled engine must match it.
 */
@Execution(ExecutionMode.CONCURRENT)
class InterpreterIdentityCorpusTest {
    private static final List<String> ENGINE = List.of("--engine=interp");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void interpretedRunIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, ENGINE), ENGINE);
    }
}
