package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The identity corpus with the machine's look-ahead: every SCMP run of several nodes without ranks (node 0 starts
 * threads on the others on a mesh: the native programs, the mesh programs, the {@code parExecute} MPI programs, CG
 * and QR) runs again with {@code scmpsim --look-ahead=on}, once with idle skipping and once without, and must give
 * the same golden record byte for byte (exit code, cycles, instructions, digests of stdout, stderr and the
 * statistics): bringing the busy nodes to the cycle at which their shadows found the next interaction, in long runs,
 * leaves every result as the rounds of the lookahead give it (docs/performance.md, "Look-ahead"). The SPMD cases
 * ({@code -n}) look ahead by default (the other corpus classes run them so); {@link InterpreterIdentityCorpusTest}
 * runs every one of them, at 4 and 16 ranks, on the interpreter with {@code --look-ahead=off}, in the rounds alone,
 * against the same records.
 */
@Execution(ExecutionMode.CONCURRENT)
class LookAheadIdentityCorpusTest {
    private static final List<String> AHEAD = List.of("--look-ahead=on");
    private static final List<String> AHEAD_NO_SKIP = List.of("--look-ahead=on", "--idle-skip=off");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases().stream()
                .filter(c -> !c.simArgs().contains("--mesh=1x1"))
                .filter(c -> c.simArgs().stream().noneMatch(a -> a.startsWith("-n") || a.equals("--spmd")))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runLookingAheadIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, AHEAD), AHEAD);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runLookingAheadWithoutSkippingIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, AHEAD_NO_SKIP), AHEAD_NO_SKIP);
    }
}
