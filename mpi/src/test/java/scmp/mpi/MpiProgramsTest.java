package scmp.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;
import scmp.noc.NocConfig;
import scmp.noc.VcSelection;

/**
 * libmpi through the programs of programs/mpi, each in the thesis's launch form (main calls parExecute on
 * every node, MPI_Init inside start): compiled once in this process by scmpcc (MpiRunner), run on 2x2 and
 * 4x4 meshes (the point-to-point ones under both protocol families), and the whole output compared with the
 * output this test computes from the programs' formulas.
 * Every program also checks its own results and exits 1 on a mismatch. None of the outputs depends on
 * timing or on the order in which separate messages arrive.
 */
@Execution(ExecutionMode.CONCURRENT)
class MpiProgramsTest {
    static final long MAX_CYCLES = 500_000_000L;

    static Path root() {
        String p = System.getProperty("scmp.root");
        return (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
    }

    record Run(Machine.Result result, String stdout, String stderr) {
    }

    static Run run(String name, int opt, int x, int y) throws Exception {
        return run(name, opt, x, y, null);
    }

    /** Compiled once per program and level (MpiRunner); protocol: "ours", "thesis", or null for the default. */
    static Run run(String name, int opt, int x, int y, String protocol) throws Exception {
        MpiRunner.Run r = MpiRunner.run(name, opt, x, y, protocol);
        return new Run(r.result(), r.stdout(), r.stderr());
    }

    static void assertRun(List<String> expected, Run r, String what) {
        assertNull(r.result().message(), () -> what + " did not exit normally: " + r.result().message()
                + "\nstdout:\n" + r.stdout() + "\nstderr:\n" + r.stderr());
        assertEquals(String.join("\n", expected) + "\n", r.stdout(), what + ": stdout");
        assertEquals(0, r.result().exitCode(), () -> what + ": exit status\n" + r.stderr());
    }

    @ParameterizedTest(name = "ring.c on {0}x{1} at -O{2}, protocol {3}")
    @CsvSource({"2,2,1,ours", "4,4,1,ours", "4,4,0,ours", "2,2,1,thesis"})
    void ringPassesTheTokenAndShifts(int x, int y, int opt, String protocol) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("ring: " + p + " processes, 3 laps");
        int token = 0;
        for (int lap = 1; lap <= 3; lap++) {
            token += 1;
            for (int r = 1; r < p; r++) {
                token += r + 1;
            }
            out.add("lap " + lap + ": token " + token + " from rank " + (p - 1) + " tag " + lap);
        }
        for (int r = 0; r < p; r++) {
            int left = (r + p - 1) % p;
            out.add("rank " + r + " got " + (1000 + left * left));
        }
        out.add("ring: OK");
        assertRun(out, run("ring.c", opt, x, y, protocol), "ring.c " + x + "x" + y);
    }

    @ParameterizedTest(name = "pingpong.c on {0}x{1} at -O{2}, protocol {3}")
    @CsvSource({"2,2,1,ours", "4,4,1,ours", "2,2,1,thesis"})
    void pingPongVerifiesEverySizeAndAlignment(int x, int y, int opt, String protocol) throws Exception {
        List<String> out = new ArrayList<>();
        out.add("pingpong: rank 0 <-> rank " + (x * y - 1));
        for (int n : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 64, 1001, 4096, 300000}) {
            out.add(n + " bytes: back " + n + ", errors 0");
        }
        out.add("truncated receive: OK");
        out.add("pingpong: OK");
        assertRun(out, run("pingpong.c", opt, x, y, protocol), "pingpong.c " + x + "x" + y);
    }

    @ParameterizedTest(name = "anysource.c on {0}x{1} at -O{2}, protocol {3}")
    @CsvSource({"1,1,1,ours", "2,2,1,ours", "4,4,1,ours", "4,4,0,ours", "2,2,1,thesis", "4,4,1,thesis"})
    void anySourceKeepsEachSendersOrder(int x, int y, int opt, String protocol) throws Exception {
        assertRun(anySourceOutput(x * y), run("anysource.c", opt, x, y, protocol), "anysource.c " + x + "x" + y);
    }

    /**
     * One-sided accumulates keep their origin's order on a network that may reorder (docs/mpi.md, "One-sided
     * communication", accumulates in order): accorder.c as scmpsim -n 4 runs it, under both virtual-channel
     * selections (--vc-select flow keeps each pair's messages in order, any does not), with MPICH's output
     * (programs/mpi/accorder.4.expected). With a libmpi that applied a small accumulate before the bulk one made
     * earlier, it failed under any at 16 ranks (23 of 96 bulk parts wrong); at 4 ranks it checks the fallback
     * of MPI_Get_accumulate (the target without room for a bulk message: MPI_ERR_NO_MEM before) under both.
     */
    @ParameterizedTest(name = "accorder.c, scmpsim -n 4, --vc-select {0}")
    @CsvSource({"FLOW", "ANY"})
    void accumulatesApplyInTheirOriginsOrder(VcSelection how) throws Exception {
        printsMpichsOutput("accorder.c", 2, 2, how);
    }

    /** Runs program on an x by y mesh, a rank a node, under how, and compares its output with MPICH's. */
    private static void printsMpichsOutput(String program, int x, int y, VcSelection how) throws Exception {
        int n = x * y;
        ScmpConfig cfg = ScmpConfig.builder(program).mesh(x, y).ranks(n).env("SCMP_NPROCS", String.valueOf(n))
                .maxCycles(MAX_CYCLES).noc(NocConfig.defaults().withVcSelection(how)).build();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        Machine.Result r = new Machine(cfg, MpiRunner.compile(program, 1), out, err,
                new java.io.ByteArrayInputStream(new byte[0])).run();
        String stdout = out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertNull(r.message(), () -> program + " did not exit normally: " + r.message() + "\n" + stdout + err);
        String expected = "programs/mpi/" + program.replace(".c", "." + n + ".expected");
        assertEquals(java.nio.file.Files.readString(root().resolve(expected)), stdout,
                program + " --vc-select " + how);
        assertEquals(0, r.exitCode(), err::toString);
    }

    /**
     * Puts from different origins to the same words of one target in one epoch (docs/mpi.md, "One-sided
     * communication", puts from different origins over one another): putconflict.c as scmpsim -n 16 runs it,
     * under both virtual-channel selections, with MPICH's output (programs/mpi/putconflict.16.expected). With a
     * libmpi whose target watched every announced run's last word whoever else wrote it, a watch never ended and
     * the run did not.
     */
    @ParameterizedTest(name = "putconflict.c, scmpsim -n 16, --vc-select {0}")
    @CsvSource({"FLOW", "ANY"})
    void conflictingPutsComplete(VcSelection how) throws Exception {
        printsMpichsOutput("putconflict.c", 4, 4, how);
    }

    /**
     * The programs of the thesis's launch form also run as scmpsim -n runs them (every rank runs main and
     * starts its own MPI part), with the same output: here the thesis family on 16 ranks, whose many
     * announcements to rank 0 (a send to itself among them) deadlocked its handlers on one node while a
     * send to oneself still went through the network.
     */
    @ParameterizedTest(name = "anysource.c, scmpsim -n {0}, protocol {1}")
    @CsvSource({"16, thesis", "16, ours", "4, thesis"})
    void anySourceAsAnSpmdRun(int n, String protocol) throws Exception {
        int x = n == 16 ? 4 : 2;
        MpiRunner.Run r = MpiRunner.run("anysource.c", 1, x, n / x, protocol, 0, true);
        assertRun(anySourceOutput(n), new Run(r.result(), r.stdout(), r.stderr()), "anysource.c -n " + n);
    }

    /**
     * A program only in the thesis's launch form, run by scmpsim -n: each node is asked to start MPI once per
     * rank. The run ends with MPI_ERR_OTHER's status and lines that say why, each line whole.
     */
    @Test
    void aSecondMpiInitSaysWhy() throws Exception {
        assertRun(List.of("inittwice: OK"), run("inittwice.c", 1, 4, 4, "thesis"), "inittwice.c on 4x4");
        MpiRunner.Run r = MpiRunner.run("inittwice.c", 1, 4, 4, "thesis", 0, true);
        assertEquals(16, r.result().exitCode(), r::stderr);
        String[] lines = r.stderr().split("\n");
        assertTrue(lines.length > 0 && r.stderr().endsWith("\n"), r::stderr);
        for (String line : lines) {
            assertTrue(line.matches("MPI_ERRORS_ARE_FATAL: MPI_Init: MPI_ERR_OTHER: other error: MPI_Init called "
                    + "again on this node \\(every rank of scmpsim -n runs main: does main start MPI_Init on every "
                    + "node with parExecute\\?\\) \\(rank \\d+ of MPI_COMM_WORLD\\)"), line);
        }
    }

    /** What anysource.c prints on p ranks. */
    static List<String> anySourceOutput(int p) {
        List<String> out = new ArrayList<>();
        out.add("anysource: " + p + " processes, 5 messages each");
        if (p > 1) {
            out.add("probe: a message with tag 10 and 1 int(s)");
        }
        out.add("received " + (p - 1) * 5 + ": out of order 0, wrong 0");
        int squares = 0;
        for (int r = 0; r < p; r++) {
            squares += r * r;
        }
        out.add("posted receives: sum of squares " + squares + ", self send done: yes");
        out.add("anysource: OK");
        return out;
    }

    @ParameterizedTest(name = "barrier.c on {0}x{1} at -O{2}")
    @CsvSource({"2,2,1", "4,4,1"})
    void barrierHoldsEveryoneUntilTheLastArrives(int x, int y, int opt) throws Exception {
        List<String> out = new ArrayList<>();
        out.add("barrier: " + x * y + " processes, 4 rounds");
        for (int round = 0; round < 4; round++) {
            out.add("round " + round + ": last entry before first exit: yes");
        }
        out.add("barrier: OK");
        assertRun(out, run("barrier.c", opt, x, y), "barrier.c " + x + "x" + y);
    }

    @ParameterizedTest(name = "bcast.c on {0}x{1} at -O{2}")
    @CsvSource({"2,2,1", "4,4,1"})
    void bcastFromEveryRoot(int x, int y, int opt) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("bcast: " + p + " processes");
        for (int root = 0; root < p; root++) {
            out.add("root " + root + ": \"hello from rank " + root + "\", errors 0");
        }
        out.add("bcast: OK");
        assertRun(out, run("bcast.c", opt, x, y), "bcast.c " + x + "x" + y);
    }

    /** The partial sums of pi.c, combined in the order of the halving reduction (root 0). */
    static double halvingSum(double[] part) {
        int p = part.length;
        double[] acc = part.clone();
        for (int mask = 1; mask < p; mask <<= 1) {
            for (int r = 0; r < p; r += 2 * mask) {
                if (r + mask < p) {
                    acc[r] = acc[r + mask] + acc[r];
                }
            }
        }
        return acc[0];
    }

    @ParameterizedTest(name = "pi.c on {0}x{1} at -O{2}")
    @CsvSource({"2,2,1", "4,4,1", "4,4,0"})
    void piAndTheIntegerReductions(int x, int y, int opt) throws Exception {
        int p = x * y;
        int intervals = 10000;
        double h = 1.0 / intervals;
        double[] part = new double[p];
        for (int r = 0; r < p; r++) {
            double sum = 0.0;
            for (int i = r; i < intervals; i += p) {
                double xi = h * (i + 0.5);
                sum += 4.0 / (1.0 + xi * xi);
            }
            part[r] = h * sum;
        }
        double pi = halvingSum(part);
        int sum = 0, max = 0, prod = 1, bor = 0, bxor = 0, band = -1, squares = 0;
        for (int r = 0; r < p; r++) {
            sum += r + 1;
            max = Math.max(max, r + 1);
            prod *= r % 3 + 1;
            bor |= 1 << r;
            bxor ^= 1 << r;
            band &= ~(1 << r);
            squares += r * r;
        }
        int maxAt = 0, minAt = 0;
        for (int r = 0; r < p; r++) {
            if ((r * 5) % p > (maxAt * 5) % p) {
                maxAt = r;
            }
            if ((r * 5) % p < (minAt * 5) % p) {
                minAt = r;
            }
        }
        List<String> out = new ArrayList<>();
        out.add("pi: " + p + " processes, 10000 intervals");
        out.add(String.format("pi = %.10f, error below 1e-8: yes, ranks disagreeing with allreduce: 0", pi));
        out.add("sum " + sum + " max " + max + " min 1 prod " + prod + " land " + (p > 2 ? 0 : 1) + " lor 1 bor 0x"
                + Integer.toHexString(bor) + " bxor 0x" + Integer.toHexString(bxor) + " band 0x"
                + Integer.toHexString(band));
        out.add("allreduce sum of squares " + squares + ", maxloc " + (maxAt * 5) % p + " at " + maxAt
                + ", minloc " + (minAt * 5) % p + " at " + minAt);
        out.add("pi: OK");
        assertRun(out, run("pi.c", opt, x, y), "pi.c " + x + "x" + y);
    }
}
