package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libmpi's protocol family thesis-hw (docs/mpi.md, "Family thesis-hw") on a chip with the hardware handshake of
 * thesis section 2.3 ({@code --param hwRts=true}, docs/timing.md section 3.5): the MPI test programs print what
 * MPICH prints for them at 4 processes (their .expected files), the rendezvous starts no thread on the sender, a
 * busy sender no longer delays its payload, and a chip without the handshake is refused in one line.
 */
class HwRtsMpiTest {
    static final String[] FAMILY = {"--param", "hwRts=true", "--env", "SCMP_MPI_PROTOCOL=thesis-hw"};

    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    @ParameterizedTest(name = "{0} -n 4")
    @CsvSource({"coll", "comms", "groups", "ops", "colltypes", "cart", "commgroup", "bigreduce", "attrs", "intercomm",
        "mpi2funcs", "nbcoll", "onesided"})
    void aCollectiveOrCommunicatorProgramPrintsWhatMpichPrints(String name) throws IOException {
        E2e.Sim s = E2e.scmpsim(concat(FAMILY, "-n", "4", build("programs/mpi/" + name + ".c").toString()));
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/" + name + ".4.expected")), s.stdout());
    }

    @ParameterizedTest(name = "{0} -n 4")
    @CsvSource({"datatypes", "probe", "bsend", "persistent", "completion", "errors", "bigmsg", "bigpingpong"})
    void aPointToPointProgramPrintsWhatMpichPrints(String name) throws IOException {
        E2e.Sim s = E2e.scmpsim(concat(FAMILY, "-n", "4", build("programs/mpi/" + name + ".c").toString()));
        Path expected = E2e.root().resolve("programs/mpi/expected");
        assertEquals(Files.readString(expected.resolve(name + ".n4.out")), s.stdout(), s.stderr());
        assertEquals(Integer.parseInt(Files.readString(expected.resolve(name + ".n4.status")).strip()), s.exit(),
                s.stderr());
    }

    /** The sum of the nodes' {@code threads_started} in a --stats JSON file. */
    private static long threadsStarted(Path stats) throws IOException {
        Matcher m = Pattern.compile("\"threads_started\": (\\d+)").matcher(Files.readString(stats));
        long sum = 0;
        while (m.find()) {
            sum += Long.parseLong(m.group(1));
        }
        return sum;
    }

    @Test
    void theRendezvousStartsNoThreadOnTheSenderAndABusySenderNoLongerDelaysItsPayload() throws IOException {
        Path exe = build("programs/hwrts/handshake.c");
        Path soft = dir.resolve("thesis.json"), hard = dir.resolve("thesis-hw.json");
        E2e.Sim thesis = E2e.scmpsim("-n", "2", "--mpi-protocol", "thesis", "--stats=" + soft, exe.toString());
        E2e.Sim hw = E2e.scmpsim(concat(FAMILY, "-n", "2", "--stats=" + hard, exe.toString()));
        assertEquals(0, thesis.exit(), thesis.stderr());
        assertEquals(0, hw.exit(), hw.stderr());
        // the same program and messages: every message of the thesis family goes by rendezvous and starts one
        // CTS handler on its sender (ping-pong: 8 sizes x 10 rounds x 2 directions; the busy sender: 3 sends
        // and 3 replies; its barriers are THREAD messages, not rendezvous); thesis-hw starts none
        long saved = threadsStarted(soft) - threadsStarted(hard);
        assertEquals(8 * 10 * 2 + 3 + 3, saved, "CTS handlers the hardware saves");
        // the busy sender: the thesis family's payload waits for the computation; thesis-hw's does not
        long[] soft3 = busy(thesis.stdout()), hard3 = busy(hw.stdout());
        assertTrue(soft3[1] > soft3[0], thesis.stdout());
        assertTrue(hard3[1] < soft3[0] / 4, "delivery " + hard3[1] + " while the sender computed " + soft3[0]
                + " cycles\n" + hw.stdout());
    }

    /** The last line of the busy-sender table: cycles computed, delivery. */
    private static long[] busy(String out) {
        String[] lines = out.strip().split("\n");
        String[] f = lines[lines.length - 1].trim().split("\\s+");
        return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
    }

    @Test
    void aChipWithoutTheHandshakeIsRefusedInOneLine() {
        E2e.Sim s = E2e.scmpsim("-n", "2", "--env", "SCMP_MPI_PROTOCOL=thesis-hw",
                build("programs/mpi/ring.c").toString());
        assertEquals(1, s.exit(), s.stderr());
        assertTrue(s.stderr().contains("MPI: protocol family thesis-hw needs the chip's hardware handshake "
                + "(scmpsim --param hwRts=true)"), s.stderr());
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
