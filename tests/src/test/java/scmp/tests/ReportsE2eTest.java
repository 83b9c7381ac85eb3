package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deadlock and fault reports name the line of the user's program a thread waits or faults under, beside the
 * library frame it is in (docs/simulator.md, "Faults", "Deadlocks and livelocks").
 */
class ReportsE2eTest {

    @TempDir
    Path dir;

    /** Two ranks that both receive first: each waits in MPI_Recv for ever. */
    static final String BOTH_RECEIVE = """
            #include <mpi.h>
            int main(int argc, char **argv) {
                int rank, v = 0;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Recv(&v, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&v, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
                MPI_Finalize();
                return 0;
            }
            """;

    /** A library function (memset) that faults on the user's bad pointer. */
    static final String BAD_POINTER = """
            #include <string.h>
            int main(void) {
                char *p = (char *) 0x7ffffff0;
                memset(p, 0, 64);
                return 0;
            }
            """;

    @Test
    void aDeadlockReportNamesTheUsersLineOfEachWaitingRank() throws Exception {
        Path exe = E2e.buildDebug(dir, "both", BOTH_RECEIVE);
        E2e.Sim r = E2e.scmpsim("-n", "2", "--max-cycles", "50000000", exe.toString());
        assertEquals(142, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("scmpsim: deadlock at cycle ") || r.stderr().contains("livelock"), r.stderr());
        for (int n = 0; n < 2; n++) {
            assertTrue(r.stderr().matches("(?s).*\n  node " + n + " thread 0: [^\n]*; in the program at main\\+0x[0-9a-f]+, "
                    + "[^\n]*both\\.c:6\n.*"), r.stderr());
        }
    }

    @Test
    void aFaultInTheLibraryNamesTheUsersLine() throws Exception {
        Path exe = E2e.buildDebug(dir, "bad", BAD_POINTER);
        E2e.Sim r = E2e.scmpsim(exe.toString());
        assertEquals(139, r.exit(), r.stderr());
        String first = r.stderr().lines().findFirst().orElse("");
        assertTrue(first.matches("scmpsim: node 0 thread 0: store to unmapped memory at pc 0x[0-9a-f]+ \\(memset[^)]*\\), "
                + "address 0x[0-9a-f]+; in the program at main\\+0x[0-9a-f]+, .*bad\\.c:4"), r.stderr());
    }
}
