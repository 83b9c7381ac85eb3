package scmp.tests;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parallel nodes against the identity corpus: SPMD cases of {@link IdentityCorpusTest} run with the busy nodes of
 * every quiet round of several busy nodes on 2 or 3 host threads ({@code --threads}, {@code --parallel-window=1},
 * which takes even the SCMP mesh's 6-cycle rounds in parallel), on both engines, must give the golden record byte
 * for byte (docs/performance.md, "Parallel nodes"). The selection keeps the run short: every MPI program of up to
 * 3 million instructions once at {@code -n 4} (protocol family ours), the CG case and four programs at {@code -n 16},
 * the four settings taking turns along the list; the QR case, the fault ({@code mpi/fatal.c}, at 4 and 16) and the
 * deadlock ({@code mpi/deadlock.c}) under all four.
 */
@Execution(ExecutionMode.CONCURRENT)
class ParallelIdentityCorpusTest {
    private static final List<List<String>> SETTINGS = List.of(
            List.of("--threads=2", "--parallel-window=1"),
            List.of("--threads=3", "--parallel-window=1", "--engine=interp"),
            List.of("--threads=3", "--parallel-window=1"),
            List.of("--threads=2", "--parallel-window=1", "--engine=interp"));
    private static final List<String> ALL_SETTINGS = List.of("mpi/fatal.c ours 4", "mpi/deadlock.c ours 4",
            "mpi/fatal.c ours 16", "qr/mpi 16 n4 ours");
    /** Cases run under one setting besides the MPI programs at -n 4. */
    private static final List<String> ONCE = List.of("cg/mpi 2000 n4 ours", "mpi/leftover.c ours 16",
            "mpi/inittwice.c ours 16", "mpi/barrier.c ours 16", "mpi/ring.c ours 16");
    /** MPI programs of more than 3 million instructions at -n 4, which the corpus tests run anyway. */
    private static final List<String> LONG = List.of("mpi/pingpong.c", "mpi/cart.c", "mpi/bigpingpong.c",
            "mpi/bigmsg.c", "mpi/bigreduce.c", "mpi/collbench.c", "mpi/coll.c", "mpi/nbcoll.c", "mpi/colltypes.c");

    static List<Arguments> cases() throws Exception {
        List<Arguments> l = new ArrayList<>();
        int k = 0;
        for (IdentityCorpusTest.Case c : IdentityCorpusTest.cases()) {
            boolean once = ONCE.contains(c.name()) || c.name().startsWith("mpi/") && c.name().endsWith(" ours 4")
                    && !LONG.contains(c.name().substring(0, c.name().indexOf(' ')));
            if (ALL_SETTINGS.contains(c.name())) {
                for (List<String> s : SETTINGS) {
                    l.add(Arguments.of(c, s));
                }
            } else if (once) {
                l.add(Arguments.of(c, SETTINGS.get(k++ % SETTINGS.size())));
            }
        }
        return l;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void parallelRunIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c, List<String> settings) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, settings), settings);
    }
}
