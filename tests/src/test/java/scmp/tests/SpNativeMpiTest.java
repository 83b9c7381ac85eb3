package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SP libmpi's native stack, MPCI over Pipes over HAL (docs/mpi-sp.md, "The native stack"), chosen with
 * {@code MP_MPI_STACK=native}: the SCMP MPI test programs print what MPICH prints and end as under MPICH, messages across the eager limit
 * arrive whole, the byte streams put right packets that the switch reorders and loses, the one-word ping-pong
 * takes the cycles the doc gives, and an unknown stack is one clear line.
 */
class SpNativeMpiTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=sp", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    private static E2e.Sim native_(String... args) {
        String[] all = new String[args.length + 4];
        all[0] = "--machine";
        all[1] = "sp";
        all[2] = "--env";
        all[3] = "MP_MPI_STACK=native";
        System.arraycopy(args, 0, all, 4, args.length);
        return E2e.scmpsim(all);
    }

    /**
     * The programs SpMpiTest's -n 4 cases leave to the native stack, the ones it shares with them, and a spread
     * at -n 16 (SpMpiTest's whole matrix holds the rest).
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"groups, 4", "ops, 4", "comms, 4", "coll, 4", "completion, 4", "mpi2funcs, 4", "nbcoll, 4",
        "persistent, 4", "groups, 16", "bsend, 16", "fatal, 16"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        SpMpiTest.assertAsUnderMpich(name, n, native_("-n", String.valueOf(n), exe.toString()));
    }

    /**
     * Interrupt mode: when the handler's thread is suspended in the middle of sending MPCI's list (a rendezvous's
     * data, waiting for the adapter), the program's wait loop gives it the core instead of spinning; bsend.c's ring
     * of buffered sends did not end before.
     */
    @ParameterizedTest(name = "bsend -n {0}, interrupt mode")
    @CsvSource({"4", "16"})
    void aWaitLetsTheInterruptHandlerFinishSendingTheList(int n) throws IOException {
        Path exe = build("programs/mpi/bsend.c");
        SpMpiTest.assertAsUnderMpich("bsend", n, native_("--env", "MP_CSS_INTERRUPT=yes", "--max-cycles=50000000", "-n",
                String.valueOf(n), exe.toString()));
    }

    @Test
    void messagesAcrossTheEagerLimitArriveWholeAndInOrder() {
        E2e.Sim s = native_("-n", "2", build("programs/sp-mpi/sizes.c").toString());
        assertEquals("sizes: 61 checks, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @Test
    void theStreamsPutRightPacketsTheSwitchReordersAndLoses() throws IOException {
        Path exe = build("programs/sp-mpi/stream.c");
        // no loss: one copy more at each end of a message, and acknowledgements ride on the answers but a few
        E2e.Sim s = native_("-n", "2", exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("stream: 8 messages each way, 0 error(s); sent again 0, duplicates 0, out of order 0, "
            + "acknowledgements alone 14, bytes copied 192530 (alone after half a window 9, delayed 5; polls with the "
            + "window full 10)\n", s.stdout());
        // every 7th packet lost, and longer routes slow enough for full packets to overtake: every byte still right
        Path stats = dir.resolve("lost.json");
        E2e.Sim d = native_("-n", "2", "--param", "hopCycles=1000", "--param", "dropEvery=7", "--stats=" + stats,
            exe.toString());
        assertEquals(0, d.exit(), d.stderr());
        assertEquals("stream: 8 messages each way, 0 error(s); sent again 68, duplicates 25, out of order 144, "
            + "acknowledgements alone 33, bytes copied 256538 (alone after half a window 2, delayed 14; polls with the "
            + "window full 2664)\n", d.stdout());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"packets_dropped\": 79"), json);
        assertTrue(json.contains("\"packets_overtaken\": 66"), json);
        // under MPI-LAPI the Pipes counts stay 0
        E2e.Sim l = E2e.scmpsim("--machine", "sp", "-n", "2", exe.toString());
        assertEquals("stream: 8 messages each way, 0 error(s); sent again 0, duplicates 0, out of order 0, "
            + "acknowledgements alone 0, bytes copied 0 (alone after half a window 0, delayed 0; polls with the window "
            + "full 0)\n", l.stdout());
    }

    /**
     * Pipes' acknowledgements in interrupt mode, where HAL's interrupt handler takes the packets: every kind of
     * acknowledgement is used (carried by the answers, alone after half a window, alone from the delayed
     * acknowledgement's timer) and writes wait with the window full, with and without lost packets.
     */
    @Test
    void theAcknowledgementPathsInInterruptMode() throws IOException {
        Path exe = build("programs/sp-mpi/stream.c");
        E2e.Sim s = native_("-n", "2", "--env", "MP_CSS_INTERRUPT=yes", exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("stream: 8 messages each way, 0 error(s); sent again 0, duplicates 0, out of order 0, "
            + "acknowledgements alone 14, bytes copied 192530 (alone after half a window 9, delayed 5; polls with the "
            + "window full 6)\n", s.stdout());
        E2e.Sim d = native_("-n", "2", "--env", "MP_CSS_INTERRUPT=yes", "--param", "hopCycles=1000", "--param",
            "dropEvery=7", exe.toString());
        assertEquals(0, d.exit(), d.stderr());
        assertEquals("stream: 8 messages each way, 0 error(s); sent again 83, duplicates 32, out of order 138, "
            + "acknowledgements alone 25, bytes copied 259586 (alone after half a window 5, delayed 8; polls with the "
            + "window full 2634)\n", d.stdout());
    }

    @Test
    void sizesSurviveLostPackets() {
        E2e.Sim s = native_("-n", "2", "--param", "dropEvery=7", build("programs/sp-mpi/sizes.c").toString());
        assertEquals("sizes: 61 checks, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0}: {1} cycles")
    @CsvSource({"native, 11542"})
    void aOneWordPingPongTakesTheDocumentedCycles(String stack, int cycles) {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "2", "--env", "MP_MPI_STACK=" + stack,
            build("programs/sp-mpi/pingpong.c").toString());
        assertEquals("pingpong: 4 round trips, word 4, last round trip " + cycles + " cycles, one way " + cycles / 2
            + " cycles\n", s.stdout());
    }

    @Test
    void anUnknownStackIsOneClearLine() {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "2", "--env", "MP_MPI_STACK=pipes",
            build("programs/sp-mpi/pingpong.c").toString());
        assertEquals(1, s.exit());
        assertEquals("MPI on node 0: MP_MPI_STACK must be lapi or native\n",
            s.stderr().lines().filter(l -> l.startsWith("MPI on node 0")).findFirst().orElse("") + "\n");
    }
}
