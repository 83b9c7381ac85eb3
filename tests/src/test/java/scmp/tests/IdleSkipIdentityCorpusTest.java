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
 *
 * <p>By default the suite runs the SPMD cases at 4 ranks (every MPI program under both protocol families, CG, QR)
 * and, at 16 ranks, only the deadlock and fault reports: the 16-rank runs of every program without skipping took
 * over four minutes of the suite for little more coverage (the same loops, more of them). {@code
 * -Dscmp.identity.full=true} runs every SPMD case.
 */
@Execution(ExecutionMode.CONCURRENT)
class IdleSkipIdentityCorpusTest {
    private static final List<String> SKIP = List.of("--idle-skip=off");
    /** Every SPMD case, at 16 ranks too. */
    private static final boolean FULL = Boolean.getBoolean("scmp.identity.full");
    /** The programs also run at 16 ranks by default: the reports of a deadlock, a fault, MPI errors and a program that ends with messages in flight. */
    private static final List<String> AT_16 = List.of("mpi/deadlock.c", "mpi/fatal.c", "mpi/errors.c", "mpi/leftover.c");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases().stream()
                .filter(c -> c.simArgs().stream().anyMatch(a -> a.startsWith("-n=")))
                .filter(c -> FULL || !c.simArgs().contains("-n=16") || AT_16.stream().anyMatch(c.name()::startsWith))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runWithoutSkippingIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, SKIP), SKIP);
    }
}
