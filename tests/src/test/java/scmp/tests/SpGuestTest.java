package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Guest programs on the SP model with HAL (programs/sp, docs/sp.md): packets between 2 and 4 nodes with every
 * payload checked and the out-of-order arrivals the switch's routes of different lengths cause reported by the
 * program, interrupt mode with the interrupt's cost and the handler's hysteresis, and LAPI over HAL on 2 to 4
 * tasks, also with packets that overtake each other.
 */
class SpGuestTest {
    @TempDir
    Path dir;

    private Path build(String name) {
        return E2e.buildProgram(dir, "sp", "sp", name);
    }

    @ParameterizedTest(name = "{0} nodes")
    @ValueSource(ints = {2, 4})
    void packetsArriveIntactAndSomeOvertake(int nodes) {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", String.valueOf(nodes), "--mem", "1M",
                build("hal_packets").toString());
        assertEquals(0, s.exit(), s.stderr());
        StringBuilder want = new StringBuilder();
        for (int k = 1; k < nodes; k++) {
            // packet 3 takes route 3 (6 chips more), packet 4 route 0 (the shortest): 252 cycles more than 4 trails 3
            want.append("node ").append(k).append(" got: 0 1 2 4 3 5 6 7 8 9 10 11; late 1, bad 0\n");
        }
        for (int k = 1; k < nodes; k++) {
            want.append("from node ").append(k).append(": 0 1 2 3 4 5 6 7 8 9 10 11; late 0\n");
        }
        want.append("bad payloads at node 0: 0\n");
        want.append("ping-pong of one word with node 1: 1541 cycles (4.64 us round trip)\n");
        assertEquals(want.toString(), s.stdout());
    }

    @ParameterizedTest(name = "{0} tasks")
    @ValueSource(ints = {2, 3, 4})
    void lapiPutGetAmsendCountersAndFencesWorkInBothModes(int tasks) throws Exception {
        Path exe = build("lapi");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(tasks), "--mem", "1M", exe.toString());
        assertEquals("LAPI on " + tasks + " tasks: 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0} tasks")
    @ValueSource(ints = {2, 4, 16})
    void lapiRmwIsAtomicUnderContention(int tasks) {
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(tasks), "--mem", "1M", build("lapi_rmw").toString());
        assertEquals(0, s.exit(), s.stderr());
        int total = tasks * 20;
        assertEquals("FETCH_AND_ADD: " + tasks + " tasks x 20: counter " + total
                + ", fetched values out of range 0, repeated 0; tasks interleaved " + tasks + "\n"
                + "COMPARE_AND_SWAP: 1 winner(s), final value is the winner's: 1\n"
                + "SWAP: the values taken out and the one left are 0.." + tasks + " once each: 1\n"
                + "FETCH_AND_OR: final 0x" + Integer.toHexString((1 << tasks) - 1) + ", no task saw its own bit: 1\n",
                s.stdout());
    }

    @Test
    void completionHandlersRunInTheirOwnThreadAtItsCostUnlessInline() {
        E2e.Sim s = E2e.scmpsim("-n", "2", "--mem", "1M", build("lapi_compl").toString());
        assertEquals(0, s.exit(), s.stderr());
        // per message: the thread's start (an adapter head), the switch to it and back (S = 3 each), its loop, and
        // the waiting program's suspends in place of its wait in the adapter
        assertEquals("inline (COMPL_INLINE 1): 7847 cycles a round trip, 16 handler(s), 0 in a thread of their own\n"
                + "completion-handler thread: 8153 cycles a round trip, 16 handler(s), 16 in a thread of their own\n"
                + "the thread costs 153 cycles a message; a handler's Put answered 42\n", s.stdout());
    }

    @Test
    void lapiReassemblesMessagesWhosePacketsOvertakeEachOther() throws Exception {
        // longer routes 1000 cycles a chip slower: full packets of one message overtake each other
        Path exe = build("lapi");
        Path stats = dir.resolve("stats.json");
        E2e.Sim s = E2e.scmpsim("-n", "2", "--mem", "1M", "--param", "hopCycles=1000", "--stats=" + stats,
                exe.toString());
        assertEquals("LAPI on 2 tasks: 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"switch_packets\": 108"), json);
        assertTrue(json.contains("\"packets_overtaken\": 18"), json);
    }

    @Test
    void anInterruptCostsItsCyclesAndTheHysteresisSavesInterrupts() {
        Path exe = build("hal_interrupts");
        E2e.Sim s = E2e.scmpsim("-n", "2", exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        // the polling round trip (1541 cycles) plus the interrupt (3320) and the handler's own instructions
        assertEquals("ping-pong with node 1 in interrupt mode: 5004 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 2 interrupts\n", s.stdout());
        E2e.Sim none = E2e.scmpsim("-n", "2", "--param", "hysteresisCycles=0", exe.toString());
        assertEquals("ping-pong with node 1 in interrupt mode: 5004 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 5 interrupts\n", none.stdout());
        E2e.Sim cheap = E2e.scmpsim("-n", "2", "--param", "interruptCycles=332", exe.toString());
        assertEquals("ping-pong with node 1 in interrupt mode: 2019 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 2 interrupts\n", cheap.stdout());
    }
}
