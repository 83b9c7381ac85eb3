package scmp.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.cc.Driver;
import scmp.machine.Machine;
import scmp.machine.Simulation;

/**
 * libmpi's point to point, datatypes and error handlers through MPI programs in the standard form (every rank
 * runs main), run as scmpsim -n 4 and -n 16 runs them (2x2 and 4x4 meshes): each must print exactly what MPICH prints
 * for it on 4 and 16 processes (programs/mpi/expected, made by expected/regenerate.sh) and end with the same
 * status; under protocol family "ours" (the default) on both meshes, under "thesis" on the 2x2. A deadlocked
 * program must end with the per-rank MPI report and a non-zero status. Runs concurrently (the programs are
 * compiled once, see MpiRunner).
 */
@Execution(ExecutionMode.CONCURRENT)
class MpiPointToPointTest {

    static String expected(String name, int procs, String what) throws Exception {
        return Files.readString(MpiRunner.programs().resolve("expected").resolve(name + ".n" + procs + "." + what));
    }

    /** Runs programs/mpi/NAME.c on an X x Y mesh, SPMD, and checks it prints what MPICH prints and ends with its
     *  status. The point-to-point programs (datatypes.c, probe.c, bsend.c, persistent.c, completion.c, errors.c,
     *  pmpi.c) run under scmpsim -n 4 and -n 16 under both families in the tests module's identity corpus
     *  (IdentityCorpusTest, on both engines), whose golden records are checked there against programs/mpi/expected
     *  (mpiGoldenRecordIsMpichsOutput); they no longer run here too. */
    void printsWhatMpichPrints(String name, int x, int y, String protocol) throws Exception {
        MpiRunner.Run r = MpiRunner.run(name + ".c", 1, x, y, protocol, 0, true);
        int procs = x * y;
        assertEquals(expected(name, procs, "out"), r.stdout(),
                () -> name + " stdout; scmpsim said: " + r.result().message() + "\nstderr:\n" + r.stderr());
        assertEquals(Integer.parseInt(expected(name, procs, "status").strip()), r.result().exitCode(),
                () -> name + " exit status; stderr:\n" + r.stderr());
        assertEquals(Machine.Outcome.EXIT, r.result().outcome(), () -> String.valueOf(r.result().message()));
    }

    /**
     * Messages at and beyond the 16-bit word count of a DMA block (65535, 65536, 65537 words and more) in
     * every kind of send and receive and derived types (bigmsg.c on 4 ranks), collectives of such blocks (bigmsg.c on
     * 4 and 16 ranks), and a ping-pong of every power
     * of two from 1 byte to 512 KiB, the sizes beside a block's limit and one of four blocks with a tail
     * (bigpingpong.c): under both protocol families on 4 and 16 ranks, each
     * printing what MPICH prints for it (on 4 ranks under "ours" in the identity corpus, IdentityCorpusTest).
     */
    @ParameterizedTest(name = "{0}.c on {1}x{2}, protocol {3}")
    @CsvSource({
        "bigmsg, 4, 4, ours", "bigmsg, 2, 2, thesis", "bigmsg, 4, 4, thesis",
        "bigpingpong, 4, 4, ours", "bigpingpong, 2, 2, thesis", "bigpingpong, 4, 4, thesis",
    })
    void messagesOfEverySize(String name, int x, int y, String protocol) throws Exception {
        printsWhatMpichPrints(name, x, y, protocol);
    }

    /**
     * Every rank floods every other with rendezvous and eager messages before posting its receives: with two
     * thread contexts per node (one for the waiting rank, one for the handlers) neither protocol family may
     * deadlock, since their handlers never wait on the network while holding the last free context (docs/mpi.md,
     * "Thread contexts"): with 2 the user thread sends every reply from the outbox.
     */
    @ParameterizedTest(name = "storm.c on {0}x{1}, protocol {2}, {3} contexts")
    @CsvSource({"2, 2, ours, 2", "4, 4, ours, 2", "2, 2, thesis, 0", "2, 2, thesis, 2", "4, 4, thesis, 2"})
    void aStormOfMessagesWithFewContexts(int x, int y, String protocol, int contexts) throws Exception {
        MpiRunner.Run r = MpiRunner.run("storm.c", 1, x, y, protocol, contexts, true);
        int procs = x * y;
        assertEquals(expected("storm", procs, "out"), r.stdout(), () -> "scmpsim said: " + r.result().message());
        assertEquals(0, r.result().exitCode());
    }

    /**
     * The bandwidth micro-benchmark's window: 64 MPI_Isend from node 0 to node 1, 64 MPI_Irecv there. Under the
     * thesis family as published, node 1's RTS handlers blocked on their CTS and node 0's CTS handlers blocked
     * behind its user thread's next RTS held every context of both nodes (a deadlock); its handlers now leave a
     * reply that could block in the outbox when nctx - 2 of them are sending (docs/mpi.md, "Thread contexts").
     */
    @Test
    void theThesisFamilyStreamsNonblockingSendsBetweenTwoNodes() throws Exception {
        MpiRunner.Run r = MpiRunner.run("../micro/mpi_p2p.c", 1, 2, 1, "thesis", 0, true, List.of("1", "64"));
        assertEquals(0, r.result().exitCode(), () -> "scmpsim said: " + r.result().message());
        for (int size = 4; size <= 64; size *= 2) {      /* every window of 64 messages went through */
            assertTrue(r.stdout().matches("(?s).*\nmicro bandwidth " + size + " [0-9.]+ 64\n.*"), r.stdout());
        }
        assertTrue(r.stdout().endsWith("micro: OK\n"), r.stdout());
    }

    @ParameterizedTest(name = "fatal.c on {0}x{1}, protocol {2}")
    @CsvSource({"2, 2, ours", "4, 4, ours", "2, 2, thesis"})
    void errorsAreFatalByDefault(int x, int y, String protocol) throws Exception {
        MpiRunner.Run r = MpiRunner.run("fatal.c", 1, x, y, protocol, 0, true);
        int procs = x * y;
        assertEquals(expected("fatal", procs, "out"), r.stdout());
        assertEquals(Integer.parseInt(expected("fatal", procs, "status").strip()), r.result().exitCode());
        assertEquals("MPI_ERRORS_ARE_FATAL: MPI_Send: MPI_ERR_RANK: invalid rank (rank " + (procs - 1)
                + " of MPI_COMM_WORLD)\n", r.stderr());
    }

    /**
     * Out of node memory is an MPI error, never a write through a null pointer (nomem.c fills most of a node's
     * 8 MB): under MPI_ERRORS_RETURN the calls return MPI_ERR_NO_MEM, a receive that cannot land its message
     * fails while its sender completes; under the default handler the run ends with status MPI_ERR_NO_MEM
     * (20) and a line on stderr.
     */
    @ParameterizedTest(name = "nomem.c on {0}x{1}, protocol {2}")
    @CsvSource({"2, 2, ours", "4, 4, ours", "2, 2, thesis", "4, 4, thesis"})
    void outOfNodeMemoryIsAnMpiError(int x, int y, String protocol) throws Exception {
        MpiRunner.Run r = MpiRunner.run("nomem.c", 1, x, y, protocol, 0, true);
        assertEquals("""
                MPI_Sendrecv_replace of 5242880 bytes: MPI_ERR_NO_MEM, on every rank: yes
                MPI_Alltoall in place of 5242880 bytes: MPI_ERR_NO_MEM, on every rank: yes
                a truncated receive of 5242880 bytes: MPI_ERR_NO_MEM, buffer untouched: yes; the sender: MPI_SUCCESS
                """, r.stdout(), () -> "scmpsim said: " + r.result().message() + "\nstderr:\n" + r.stderr());
        assertEquals(20, r.result().exitCode(), r::stderr);
        assertTrue(r.stderr().matches("(?s)(MPI_ERRORS_ARE_FATAL: MPI_Sendrecv_replace: MPI_ERR_NO_MEM: out of node "
                + "memory: asked for 5242884 bytes \\(rank \\d+ of MPI_COMM_WORLD\\)\n)+"), r::stderr);
    }

    @ParameterizedTest(name = "deadlock.c on 2x2, protocol {0}")
    @CsvSource({"ours", "thesis"})
    void aDeadlockEndsWithEveryRanksQueues(String protocol) throws Exception {
        MpiRunner.Run r = MpiRunner.run("deadlock.c", 1, 2, 2, protocol, 0, true);
        String report = r.result().message();
        assertEquals(Machine.Outcome.DEADLOCK, r.result().outcome(), () -> report + "\n" + r.stdout() + r.stderr());
        assertEquals(Machine.EXIT_DEADLOCK, r.result().exitCode());
        String mpi = report.substring(report.indexOf("MPI state"));
        boolean ours = protocol.equals("ours");
        /* ours: rank 2's 12 bytes went eager and it went on to its receive; thesis: it waits for the CTS */
        String expected = """
                MPI state (libmpi, protocol family %s), per rank of MPI_COMM_WORLD:
                  rank 0 (node 0):
                    posted receive: source 1, tag 5, MPI_COMM_WORLD, 4 bytes
                    %s
                    announced message: source 3, tag 78, MPI_COMM_WORLD, 400 bytes (rendezvous, payload still at the sender)
                  rank 1 (node 1):
                    posted receive: source 0, tag 5, MPI_COMM_WORLD, 4 bytes
                  rank 2 (node 2):
                    %s
                  rank 3 (node 3):
                    posted receive: source 1, tag 5, MPI_COMM_WORLD, 4 bytes
                    pending send: dest 0, tag 78, MPI_COMM_WORLD, 400 bytes, standard mode, waiting for the receiver's CTS"""
                .formatted(protocol,
                        ours ? "unexpected message: source 2, tag 77, MPI_COMM_WORLD, 12 bytes (eager, payload held here)"
                             : "announced message: source 2, tag 77, MPI_COMM_WORLD, 12 bytes (rendezvous, payload still at the sender)",
                        ours ? "posted receive: source 1, tag 5, MPI_COMM_WORLD, 4 bytes"
                             : "pending send: dest 0, tag 77, MPI_COMM_WORLD, 12 bytes, standard mode, waiting for the receiver's CTS");
        assertEquals(expected, mpi);
        assertTrue(report.startsWith("scmpsim: deadlock at cycle"), report);
    }

    /** scmpsim --mpi-state at the normal end of a run that leaves a message and a receive unmatched. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}x{1}, family {2}")
    @org.junit.jupiter.params.provider.CsvSource({"5,1,ours", "4,4,ours", "3,2,thesis"})
    void fastPathsAgreeWithTheCCode(int x, int y, String protocol) throws Exception {
        int ranks = x * y;
        MpiRunner.Run r = MpiRunner.run("fastpaths.c", 1, x, y, protocol, 0, true);
        StringBuilder want = new StringBuilder();
        for (int root = 0; root < ranks; root += 3) {
            want.append("bcast from ").append(root).append(": ").append(root).append('\n');
        }
        want.append("fastpaths: OK\n");
        assertEquals(want.toString(), r.stdout(), r::stderr);
    }

    @Test
    void mpiStateAtTheEnd() throws Exception {
        Path exe = Files.createTempFile("scmp-mpi-leftover", ".out");
        try {
            ByteArrayOutputStream ccOut = new ByteArrayOutputStream();
            PrintStream cc = new PrintStream(ccOut, true, StandardCharsets.UTF_8);
            int status = Driver.run(Driver.Options.builder().optLevel(1).output(exe.toString())
                    .files(MpiRunner.programs().resolve("leftover.c").toString()).build(), cc, cc);
            assertEquals(0, status, ccOut::toString);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            status = Simulation.run(new Simulation.Options().ranks(2).mpiState(true).program(exe.toString(), List.of()),
                    out, err, new ByteArrayInputStream(new byte[0]));
            assertEquals(0, status, () -> err.toString(StandardCharsets.UTF_8));
            assertEquals("leftover: done\n", out.toString(StandardCharsets.UTF_8));
            assertEquals("""
                    MPI state (libmpi, protocol family ours), per rank of MPI_COMM_WORLD:
                      rank 0 (node 0):
                        posted receive: source MPI_ANY_SOURCE, tag 10, MPI_COMM_WORLD, 4 bytes
                        unexpected message: source 1, tag 9, MPI_COMM_WORLD, 4 bytes (eager, payload held here)
                      rank 1 (node 1): nothing pending
                    """, err.toString(StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(exe);
        }
    }
}
