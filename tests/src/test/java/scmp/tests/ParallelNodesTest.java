package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.cpu.Engine;
import scmp.cpu.Interpreter;
import scmp.cpu.JitEngine;
import scmp.elf.Executable;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;
import scmp.noc.NocConfig;

/**
 * Parallel nodes (docs/performance.md, "Parallel nodes"): the busy ranks of quiet rounds run on several host threads,
 * and the run is the one host thread gives, counter by counter, on both engines; the parallel path is taken.
 */
class ParallelNodesTest {
    /**
     * Every rank computes long between rare collective operations, and with two arguments or more the last rank ends
     * with a division by zero ({@link ModelParallelNodesTest} runs it too).
     */
    static final String PROGRAM = """
            #include <mpi.h>
            #include <stdio.h>
            #include <stdlib.h>
            int main(int argc, char **argv) {
                int rank, size, i, r, v = 1, w = 0;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Comm_size(MPI_COMM_WORLD, &size);
                for (r = 0; r < 3; r++) {
                    for (i = 0; i < 20000 + 1000 * rank; i++) {
                        v = v * 3 + i + rank;
                    }
                    MPI_Allreduce(&v, &w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                    printf("rank %d round %d: %d\\n", rank, r, w);
                }
                if (argc > 2 && rank == size - 1) {
                    return w / (argc - 3);
                }
                MPI_Finalize();
                return 0;
            }
            """;

    private static Executable exe;

    @BeforeAll
    static void build(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("par.c");
        Files.writeString(src, PROGRAM);
        exe = E2e.build(1, src);
    }

    private record Outcome(Machine.Result result, String output, List<String> counters, long steps) {
    }

    private static Outcome run(NocConfig noc, Engine.Factory engine, int threads, long window, String... args)
            throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("par").args(List.of(args)).mesh(2, 2).ranks(4).noc(noc).engine(engine)
                .maxCycles(50_000_000L).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
        m.setIdleSkip(true);
        m.setThreads(threads);
        m.setParallelMinWindow(window);
        Machine.Result r = m.run();
        return new Outcome(r, out.toString(StandardCharsets.ISO_8859_1) + err.toString(StandardCharsets.ISO_8859_1),
                IdleSkipTest.counters(m), m.parallelSteps());
    }

    private static void assertSame(Outcome one, Outcome many) {
        assertEquals(one.result(), many.result());
        assertEquals(one.output(), many.output());
        assertEquals(one.counters(), many.counters());
    }

    /**
     * A slow network (links of 200 cycles) gives quiet rounds of a hundred cycles, long enough for the default
     * threshold: the ranks' loops run in parallel, on both engines, and the runs equal one thread's.
     */
    @Test
    void longWindowsRunInParallelAndTheRunIsUnchanged() throws Exception {
        NocConfig slow = NocConfig.defaults().withLinkDelay(200);
        for (Engine.Factory engine : List.<Engine.Factory>of(Interpreter::new, JitEngine::new)) {
            Outcome one = run(slow, engine, 1, Machine.PARALLEL_MIN_WINDOW);
            assertEquals(Machine.Outcome.EXIT, one.result().outcome(), one.output());
            assertTrue(one.output().contains("rank 3 round 2:"), one.output());
            assertEquals(0, one.steps());
            for (int threads : new int[] {2, 3}) {
                Outcome many = run(slow, engine, threads, Machine.PARALLEL_MIN_WINDOW);
                assertSame(one, many);
                assertTrue(many.steps() > 100, "parallel steps: " + many.steps());
            }
        }
    }

    /**
     * The default network's 6-cycle rounds are below the threshold and run serially; forced to run in parallel
     * (a threshold of one cycle), every quiet round of several busy ranks does, and a fault of the last rank ends
     * the run with the same report and counts as one thread's.
     */
    @Test
    void shortWindowsStaySerialUnlessForcedAndAFaultIsReportedAlike() throws Exception {
        NocConfig noc = NocConfig.defaults();
        Outcome one = run(noc, JitEngine::new, 1, 1, "x", "y");
        assertEquals(Machine.Outcome.FAULT, one.result().outcome(), one.output());
        assertTrue(one.result().message().contains("division by zero"), one.result().message());
        Outcome unforced = run(noc, JitEngine::new, 2, Machine.PARALLEL_MIN_WINDOW, "x", "y");
        assertSame(one, unforced);
        assertEquals(0, unforced.steps());
        for (Engine.Factory engine : List.<Engine.Factory>of(Interpreter::new, JitEngine::new)) {
            Outcome forced = run(noc, engine, 2, 1, "x", "y");
            assertSame(one, forced);
            assertTrue(forced.steps() > 1000, "parallel steps: " + forced.steps());
        }
    }
}
