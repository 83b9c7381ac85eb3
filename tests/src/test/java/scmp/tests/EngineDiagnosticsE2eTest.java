package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A fault, a deadlock and the cycle limit inside compiled code: {@code scmpsim --engine=jit} must report them as the
 * interpreter does, byte for byte — the same pc, function, source line and call stack, the same cycle, the same exit
 * code and output (docs/simulator.md, "Fault report"). The programs are built with {@code -g} so that the reports
 * name source lines.
 */
class EngineDiagnosticsE2eTest {

    @TempDir
    Path dir;

    /** Builds {@code source} with -g at {@code opt}; returns the executable's path. */
    private String build(String name, String source, int opt) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, source);
        Path exe = dir.resolve(name.replace(".c", "") + opt);
        E2e.buildFile(opt, true, exe, src);
        return exe.toString();
    }

    /** Runs scmpsim with both engines; asserts identical exit codes, stdout and stderr; returns the compiled run. */
    private static E2e.Sim sameOnBothEngines(String... args) {
        List<String> interp = new ArrayList<>(List.of("--engine=interp"));
        interp.addAll(List.of(args));
        List<String> jit = new ArrayList<>(List.of("--engine=jit"));
        jit.addAll(List.of(args));
        E2e.Sim reference = E2e.scmpsim(interp.toArray(new String[0]));
        E2e.Sim compiled = E2e.scmpsim(jit.toArray(new String[0]));
        assertEquals(reference.stderr(), compiled.stderr(), "stderr");
        assertEquals(reference.stdout(), compiled.stdout(), "stdout");
        assertEquals(reference.exit(), compiled.exit(), "exit code");
        return compiled;
    }

    static final String FAULT = """
            #include <stdio.h>

            static int *table;

            static int fill(int n)
            {
                int s = 0;
                for (int i = 0; i < n; i++) {
                    s += i * 3;
                    if (i == 1000)
                        table[i] = s;           /* FAULT */
                }
                return s;
            }

            int main(void)
            {
                printf("filling\\n");
                return fill(5000);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1, 2})
    void aFaultInACompiledLoopIsReportedAsByTheInterpreter(int opt) throws Exception {
        String exe = build("fault.c", FAULT, opt);
        E2e.Sim r = sameOnBothEngines("--max-cycles=100000000", exe);
        assertEquals(139, r.exit(), r.stderr());
        String first = r.stderr().lines().findFirst().orElse("");
        assertTrue(first.matches("scmpsim: node 0 thread 0: .* at pc 0x[0-9a-f]{8} \\((fill|main)\\+0x[0-9a-f]+, "
                + ".*fault\\.c:\\d+\\).*"), r.stderr());
        assertEquals("filling\n", r.stdout());
    }

    static final String DIVIDE = """
            static int quotient(int a, int b)
            {
                return a / b;                   /* FAULT */
            }

            int main(int argc, char **argv)
            {
                int s = 0;
                for (int i = 10; i >= 0; i--)
                    s += quotient(100 + argc, i);
                return s;
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void aDivisionByZeroIsReportedWithItsCallStack(int opt) throws Exception {
        String exe = build("divide.c", DIVIDE, opt);
        E2e.Sim r = sameOnBothEngines(exe);
        assertEquals(139, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("division by zero"), r.stderr());
        assertTrue(r.stderr().contains("divide.c:"), r.stderr());
    }

    static final String SPIN = """
            #include <stdio.h>

            static volatile int stop;

            static unsigned spin(unsigned x)
            {
                while (!stop)
                    x = x * 1103515245u + 12345u;
                return x;
            }

            int main(void)
            {
                printf("spinning\\n");
                return (int)spin(7);
            }
            """;

    @Test
    void theCycleLimitStopsAtTheInterpretersInstruction() throws Exception {
        String exe = build("spin.c", SPIN, 1);
        // limits that fall on each instruction of the loop, inside a compiled region
        for (long limit = 100_000; limit < 100_012; limit++) {
            E2e.Sim r = sameOnBothEngines("--max-cycles=" + limit, "--cycles", exe);
            assertEquals(124, r.exit(), r.stderr());
            assertTrue(r.stderr().startsWith("scmpsim: stopped after " + limit + " cycles (--max-cycles): node 0 "
                    + "thread 0 at pc 0x"), r.stderr());
            assertTrue(r.stderr().contains("spin.c:"), r.stderr());
        }
    }

    static final String DEADLOCK = """
            #include <mpi.h>
            #include <stdio.h>

            static int exchange(int rank)
            {
                int v = 0;
                MPI_Recv(&v, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                return v;
            }

            int main(int argc, char **argv)
            {
                int rank;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                printf("rank %d waits\\n", rank);
                exchange(rank);
                MPI_Finalize();
                return 0;
            }
            """;

    @Test
    void aDeadlockIsReportedAsByTheInterpreter() throws Exception {
        String exe = build("deadlock.c", DEADLOCK, 1);
        E2e.Sim r = sameOnBothEngines("-n=2", "--max-cycles=100000000", "--cycles", exe);
        assertEquals(142, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("scmpsim: deadlock at cycle "), r.stderr());
    }
}
