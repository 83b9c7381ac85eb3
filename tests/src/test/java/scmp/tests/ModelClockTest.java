package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code time()} and {@code clock()} run at the machine model's clock (docs/libc.md, "Time"): across a
 * {@code sleep(2)}, {@code time()} goes from 0 to 2 and {@code clock()} advances by 2 s (within 1 ms) on SCMP
 * (1000 MHz), the T3D (150 MHz) and the SP (332 MHz), where counting 1 GHz cycles made 0.3 and 0.66 s of it, and
 * both agree with {@code clock_gettime}, which reads the model's clock too.
 */
class ModelClockTest {
    @TempDir
    Path dir;

    private static final String PROGRAM = """
            #include <stdio.h>
            #include <time.h>
            #include <unistd.h>

            int main(void) {
                struct timespec ts;
                clock_t c0 = clock();
                time_t t0 = time(NULL);
                sleep(2);
                clock_t c1 = clock();
                time_t t1 = time(NULL);
                clock_gettime(CLOCK_MONOTONIC, &ts);
                long long g = ts.tv_sec * 1000000000LL + ts.tv_nsec;
                printf("time %ld -> %ld, clock %s, clock_gettime - clock in [0, 1 ms]: %d\\n", (long)t0, (long)t1,
                       c1 - c0 >= 2000000000LL && c1 - c0 < 2001000000LL ? "2 s" : "wrong",
                       g - c1 >= 0 && g - c1 <= 1000000);
                return 0;
            }
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"scmp", "t3d", "sp"})
    void timeAndClockCountSecondsOfTheModel(String model) throws IOException {
        Path src = dir.resolve("clock.c");
        Files.writeString(src, PROGRAM);
        Path exe = dir.resolve("clock-" + model);
        E2e.Cc cc = E2e.scmpcc("-O1", "-mmachine=" + model, "-o", exe.toString(), src.toString());
        assertEquals(0, cc.status(), cc.stderr());
        E2e.Sim s = E2e.scmpsim("--machine", model, "-n", "1", exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("time 0 -> 2, clock 2 s, clock_gettime - clock in [0, 1 ms]: 1\n", s.stdout());
    }
}
