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
 * thus held to one record: the interpreter is the oracle, the compiled engine must match it. The runs are the
 * reference's in every respect: {@code --look-ahead=off} too, so that the SPMD cases, which look ahead by default
 * (their shadows running ahead to the next interaction), run in the machine's rounds alone; the other identity
 * classes run them looking ahead, on both engines ({@link ParallelIdentityCorpusTest} on the interpreter).
 */
@Execution(ExecutionMode.CONCURRENT)
class InterpreterIdentityCorpusTest {
    private static final List<String> ENGINE = List.of("--engine=interp", "--look-ahead=off");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void interpretedRunIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, ENGINE), ENGINE);
    }
}
