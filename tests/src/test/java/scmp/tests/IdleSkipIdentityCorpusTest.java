package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The identity corpus without idle skipping: {@link IdentityCorpusTest} runs scmpsim's default, which skips idle
 * nodes; every case of several nodes (the SPMD cases, run with {@code -n}, and the SCMP runs on a mesh, in which node
 * 0 starts threads on the others) run again with {@code scmpsim --idle-skip=off}, every instruction executed, must
 * give the same golden record byte for byte (exit code, cycles, instructions, digests of stdout, stderr and the
 * statistics): skipping a waiting node in whole periods of its loop is exact, livelock reports and fault reports
 * included (docs/performance.md, "Idle skipping"). A lone node is never skipped, so the 1x1 cases are left out.
 *
 * <p>By default the suite runs the SPMD cases at 4 ranks (every MPI program under both protocol families, CG, QR),
 * the SCMP runs on meshes of up to 4 nodes and the mesh programs, and, at 16 ranks, only the deadlock and fault
 * reports: the 16-rank runs of every program without skipping took over four minutes of the suite for little more
 * coverage (the same loops, more of them). {@code -Dscmp.identity.full=true} runs every case of several nodes.
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
                .filter(c -> !c.simArgs().contains("--mesh=1x1"))
                .filter(c -> FULL || c.name().startsWith("mesh/") || !(c.simArgs().contains("-n=16")
                        || c.simArgs().contains("--mesh=4x4")) || AT_16.stream().anyMatch(c.name()::startsWith))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runWithoutSkippingIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, SKIP), SKIP);
    }
}
