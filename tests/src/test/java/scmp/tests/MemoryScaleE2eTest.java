package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.cli.SimMain;

/**
 * Node memory in proportion to use (docs/performance.md, "Memory in proportion to use"): every node of a 32x32
 * SPMD run has the default 8 MiB, 8 GiB in all, yet a small program runs in a JVM of 2 GiB, because a node's
 * memory takes host memory only for the pages it writes.
 */
class MemoryScaleE2eTest {
    /** Each rank writes a static table and a stack buffer (a few pages beyond what the C start-up writes). */
    private static final String PROGRAM = """
            #include <stdio.h>
            #include <string.h>
            #include <scmp.h>
            static int table[1024];
            int main(void) {
                char local[2048];
                memset(local, 7, sizeof local);
                for (int i = 0; i < 1024; i++) {
                    table[i] = i + local[i];
                }
                if (scmp_nodeid() == 1023) {
                    printf("last rank: %d\\n", table[1023]);
                }
                return 0;
            }
            """;

    @Test
    void aThirtyTwoByThirtyTwoSpmdRunFitsInTwoGigabytes(@TempDir Path dir) throws Exception {
        Path exe = E2e.buildDebug(dir, "small", PROGRAM);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(List.of(java, "-Xmx2g", "-XX:+UseSerialGC", "-Xss16m", "-cp", cp,
                SimMain.class.getName(), "--mesh", "32x32", "--spmd", "--cycles", exe.toString()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the run did not end: " + out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("last rank: 1030\n"), out);
        assertTrue(out.contains("cycles: "), out);
    }
}
