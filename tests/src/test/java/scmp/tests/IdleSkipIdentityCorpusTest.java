package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The identity corpus without idle skipping: {@link IdentityCorpusTest} runs scmpsim's default, which skips idle
 * nodes in SPMD runs; every SPMD case (those run with {@code -n}, the only runs idle skipping applies to) run again
 * with {@code scmpsim --idle-skip=off}, every instruction executed, must give the same golden record byte for byte
 * (exit code, cycles, instructions, digests of stdout, stderr and the statistics): skipping a waiting node in whole
 * periods of its loop is exact, livelock reports and fault reports included (docs/performance.md, "Idle skipping").
 */
@Execution(ExecutionMode.CONCURRENT)
class IdleSkipIdentityCorpusTest {
    private static final List<String> SKIP = List.of("--idle-skip=off");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases().stream()
                .filter(c -> c.simArgs().stream().anyMatch(a -> a.startsWith("-n=")))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runWithoutSkippingIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, SKIP), SKIP);
    }
}
