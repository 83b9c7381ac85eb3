package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.Executable;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;

/**
 * Idle skipping (docs/performance.md, "Idle skipping"): ranks that wait in MPI while one rank computes are advanced in
 * whole periods of their wait loops, and the run is the same as without skipping, counter by counter.
 */
class IdleSkipTest {
    /** Rank 0 computes long; the others wait for it in a barrier, then everyone exchanges a word. */
    private static final String PROGRAM = """
            #include <mpi.h>
            #include <stdio.h>
            int main(int argc, char **argv) {
                int rank, size, i, v = 0, w = 0;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Comm_size(MPI_COMM_WORLD, &size);
                if (rank == 0) {
                    for (i = 0; i < 200000; i++) {
                        v = v * 3 + i;
                    }
                }
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Allreduce(&v, &w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                printf("rank %d of %d: %d\\n", rank, size, w);
                MPI_Finalize();
                return 0;
            }
            """;

    /**
     * Rank 0 computes after the last collective while the 15 others enter MPI_Finalize's barrier: their THREAD
     * messages to node 0 outnumber its free contexts, and the last ones stay blocked in the network until rank 0
     * joins (docs/performance.md, "Stalled networks").
     */
    private static final String STALL = """
            #include <mpi.h>
            #include <stdio.h>
            int main(int argc, char **argv) {
                int rank, i, v = 0, w = 0;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Allreduce(&rank, &w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                if (rank == 0) {
                    for (i = 0; i < 100000; i++) {
                        v = v * 3 + i;
                    }
                    printf("%d %d\\n", w, v);
                }
                MPI_Finalize();
                return 0;
            }
            """;

    /**
     * Rank 0 makes gets of 64 KiB from rank 1 between two fences while the others wait in MPI_Win_fence, whose loop
     * calls a function ({@code idle}) that saves its return address on the stack at every turn: the network streams
     * between nodes 0 and 1 for most of the epoch, and the waiting ranks' period has stores that undo themselves.
     */
    private static final String GETS = """
            #include <mpi.h>
            #include <stdio.h>
            #include <stdlib.h>
            #define WORDS 16384
            int main(int argc, char **argv) {
                int rank, size, i, bad = 0, *mem, *buf;
                MPI_Win win;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Comm_size(MPI_COMM_WORLD, &size);
                mem = (int *)malloc(WORDS * sizeof(int));
                buf = (int *)malloc(WORDS * sizeof(int));
                for (i = 0; i < WORDS; i++) {
                    mem[i] = rank * 1000003 + i;
                    buf[i] = -1;
                }
                MPI_Win_create(mem, WORDS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
                MPI_Win_fence(0, win);
                for (i = 0; rank == 0 && i < 3; i++)
                    MPI_Get(buf, WORDS, MPI_INT, 1, 0, WORDS, MPI_INT, win);
                MPI_Win_fence(0, win);
                for (i = 0; rank == 0 && i < WORDS; i++)
                    if (buf[i] != 1000003 + i)
                        bad++;
                if (rank == 0)
                    printf("%d words wrong\\n", bad);
                MPI_Win_free(&win);
                MPI_Finalize();
                return 0;
            }
            """;

    /**
     * On the SP model (docs/sp.md): rank 0 computes while the others wait in MPI_Barrier, whose wait loop under
     * either stack polls the receive ring in memory without a {@code suspend}; then rank 1 computes while the others
     * wait in the next barrier.
     */
    private static final String SP_POLL = """
            #include <mpi.h>
            #include <stdio.h>
            int main(int argc, char **argv) {
                int rank, i, v = 0, w = 0;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                if (rank == 0) {
                    for (i = 0; i < 20000; i++) {
                        v = v * 3 + i;
                    }
                }
                MPI_Barrier(MPI_COMM_WORLD);
                if (rank == 1) {
                    for (i = 0; i < 10000; i++) {
                        v = v * 5 + i;
                    }
                }
                MPI_Allreduce(&v, &w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                printf("rank %d: %d\\n", rank, w);
                MPI_Finalize();
                return 0;
            }
            """;

    private record Outcome(Machine.Result result, String stdout, List<String> counters, long skipped,
                           long[] runAhead, long[] idle) {
    }

    private static Outcome run(Executable exe, boolean skip) throws Exception {
        return run(exe, skip, 2, 2);
    }

    private static Outcome run(Executable exe, boolean skip, int x, int y) throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("idle").mesh(x, y).ranks(x * y).maxCycles(50_000_000L).build();
        return runOn((out, err) -> new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0])), skip);
    }

    /** Builds a machine writing to the given streams. */
    private interface Build {
        Machine make(ByteArrayOutputStream out, ByteArrayOutputStream err) throws Exception;
    }

    /** Runs the machine {@code build} makes, idle skipping on or off, and gathers what the tests compare. */
    private static Outcome runOn(Build build, boolean skip) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = build.make(out, err);
        m.setIdleSkip(skip);
        Machine.Result r = m.run();
        return new Outcome(r, out.toString(StandardCharsets.ISO_8859_1) + err.toString(StandardCharsets.ISO_8859_1),
                counters(m), m.skippedCycles(), m.runAheadCounts(), m.idleSkipCounts());
    }

    /** Runs an executable of another model (its ELF's) on {@code ranks} nodes with its default parameters. */
    @SuppressWarnings("unchecked")
    private static <P extends Record> Outcome runModel(Executable exe, int ranks, boolean skip, String stack)
            throws Exception {
        scmp.machine.MachineModel<P> model = (scmp.machine.MachineModel<P>) scmp.machine.Models.of(exe.machine());
        scmp.machine.ModelConfig<P> mc = new scmp.machine.ModelConfig<>(model,
                scmp.machine.Params.defaults(model.parametersType())).fit(ranks);
        int r = model.ranks(mc.params(), ranks);
        scmp.machine.RunConfig run = scmp.machine.RunConfig.builder("sp").ranks(r).maxCycles(50_000_000L)
                .env("SCMP_NPROCS", Integer.toString(r)).env("MP_MPI_STACK", stack).build();
        scmp.machine.MachineSetup setup = new scmp.machine.MachineSetup() {
            @Override
            public scmp.machine.ModelConfig<?> model() {
                return mc;
            }

            @Override
            public scmp.machine.RunConfig run() {
                return run;
            }
        };
        return runOn((out, err) -> new Machine(setup, exe, out, err, new ByteArrayInputStream(new byte[0])), skip);
    }

    /** Every built node's counters: instructions, stalls by cause, bubbles, switches and their cycles, NIU waits. */
    static List<String> counters(Machine m) {
        List<String> counters = new ArrayList<>();
        for (int n = 0; n < m.nodeCount(); n++) {
            if (m.nodeBuilt(n)) {
                scmp.cpu.CoreStats st = m.node(n).stats();
                counters.add(n + ": " + st.instructions() + " " + java.util.Arrays.toString(st.stallCycles()) + " "
                        + st.branchBubbles() + " " + st.switches() + " " + st.switchCycles() + " "
                        + st.niuBlockedCycles());
            }
        }
        return counters;
    }

    @Test
    void waitingRanksAreSkippedAndTheRunIsUnchanged(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("idle.c");
        Files.writeString(src, PROGRAM);
        Executable exe = E2e.build(1, src);
        Outcome on = run(exe, true);
        Outcome off = run(exe, false);
        assertEquals(Machine.Outcome.EXIT, off.result().outcome(), off.stdout());
        assertEquals(off.result(), on.result());
        assertEquals(off.stdout(), on.stdout());
        assertEquals(off.counters(), on.counters());
        assertEquals(0, off.skipped());
        // three ranks wait while rank 0 runs its loop of about a million cycles: most of that is skipped
        assertTrue(on.skipped() > 1_000_000, "skipped node-cycles: " + on.skipped());
    }

    @Test
    void aLoneRankRunsAheadOfAStalledNetworkAndTheRunIsUnchanged(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("stall.c");
        Files.writeString(src, STALL);
        Executable exe = E2e.build(1, src);
        Outcome on = run(exe, true, 4, 4);
        Outcome off = run(exe, false, 4, 4);
        assertEquals(Machine.Outcome.EXIT, off.result().outcome(), off.stdout());
        assertEquals(off.result(), on.result());
        assertEquals(off.stdout(), on.stdout());
        assertEquals(off.counters(), on.counters());
        assertEquals(0, off.runAhead()[0]);
        // rank 0's loop (about 700 000 cycles) runs ahead of the blocked THREAD messages in long stretches
        assertTrue(on.runAhead()[1] > 300_000, "cycles run ahead: " + on.runAhead()[1]);
    }

    @Test
    void waitingRanksStayVirtualWhileTheNetworkStreamsElsewhere(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("gets.c");
        Files.writeString(src, GETS);
        Executable exe = E2e.build(1, src);
        Outcome on = run(exe, true);
        Outcome off = run(exe, false);
        assertEquals(Machine.Outcome.EXIT, off.result().outcome(), off.stdout());
        assertEquals("0 words wrong\n", off.stdout());
        assertEquals(off.result(), on.result());
        assertEquals(off.stdout(), on.stdout());
        assertEquals(off.counters(), on.counters());
        long[] c = on.idle();
        // no virtual node was brought back because a network acted somewhere: only the nodes the mesh named
        assertEquals(0, c[0], "materializations of every node before a network acted");
        // ranks 2 and 3 stayed virtual through the lockstep rounds of the gets' traffic between nodes 0 and 1
        assertTrue(c[5] > 10_000, "virtual node-cycles as the network acted: " + c[5]);
        // and were skipped, though their loop stores (the return address of idle())
        assertTrue(on.skipped() > 2 * 200_000, "skipped node-cycles: " + on.skipped());
    }

    /**
     * SP ranks that poll without a {@code suspend} (MPI-LAPI's and the native stack's waits) are skipped from a
     * period found at a recurring point of their loop, and the run equals {@code --idle-skip off} counter by counter.
     */
    @Test
    void spRanksThatPollWithoutSuspendAreSkipped(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("sppoll.c");
        Files.writeString(src, SP_POLL);
        Path exeFile = dir.resolve("sppoll");
        E2e.Cc cc = E2e.scmpcc("-O1", "-mmachine=sp", "-o", exeFile.toString(), src.toString());
        assertEquals(0, cc.status(), cc.stderr());
        Executable exe = scmp.elf.ElfReader.readExecutable(exeFile.toString(), Files.readAllBytes(exeFile));
        for (String stack : new String[] {"lapi", "native"}) {
            Outcome on = runModel(exe, 3, true, stack);
            Outcome off = runModel(exe, 3, false, stack);
            assertEquals(Machine.Outcome.EXIT, off.result().outcome(), off.stdout());
            assertEquals(off.result(), on.result(), stack);
            assertEquals(off.stdout(), on.stdout(), stack);
            assertEquals(off.counters(), on.counters(), stack);
            assertEquals(0, off.skipped());
            // ranks 1 and 2 wait through rank 0's loop (about 140 000 cycles), then 0 and 2 through rank 1's
            assertTrue(on.skipped() > 150_000, stack + ": skipped node-cycles: " + on.skipped());
        }
    }
}
