package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code scmpexp sp}: the dry run lists every run with its scmpsim options and the total estimate, and writes
 * nothing; a bad option is one line and status 2.
 */
class SpCommandTest {
    private static String[] run(int status, String... args) throws Exception {
        Process p = new ProcessBuilder(SweepCommandTest.scmpexp(args)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(status, p.waitFor(), out);
        return out.split("\n");
    }

    @Test
    void theDryRunListsTheRuns() throws Exception {
        String[] lines = run(0, "sp", "--max", "1024", "--reps", "2", "--is", "10,7,5", "--dry-run");
        String all = String.join("\n", lines);
        assertTrue(all.contains("-n 2 --env MPI_LAPI_VERSION=counters sp-bench/mpi_bench.c 2 1024 32"), all);
        assertTrue(all.contains("-n 2 --env MP_MPI_STACK=native sp-bench/mpi_bench.c 2 1024 32   (only if the probe "
                + "finds the native stack)"), all);
        assertTrue(all.contains("--machine t3d -n 4 sp-bench/is.c 10 7 5"), all);
        assertEquals(14, lines.length, all); // the header, the probe, 11 runs and the total
        assertTrue(lines[lines.length - 1].matches("total: about \\d+ s of host CPU \\(.* min\\); -j 1 runs 1 at "
                + "once"), all);
    }

    @Test
    void aBadOptionIsOneLine() throws Exception {
        String[] lines = run(2, "sp", "--is", "10,7", "--dry-run");
        assertEquals(1, lines.length, String.join("\n", lines));
        assertEquals("scmpexp sp: --is: [10, 7] is not K,M,B with K 8..20, M 4..20 and B 1..M", lines[0]);
    }
}
