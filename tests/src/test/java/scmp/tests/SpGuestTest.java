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
        // no packet is lost. On 3 tasks a few are sent again: in interrupt mode a target's handler waits while its
        // program computes (checks data) for longer than the timeout, and the duplicates are dropped. (1, 1 and 2
        // on 2, 3 and 4 tasks before a LAPI call that has taken what it waits for sent the acknowledgements it
        // owed before returning, docs/sp.md "Reliability")
        int again = new int[] {0, 0, 0, 6, 0}[tasks];
        assertEquals("LAPI on " + tasks + " tasks: 0 error(s)\npackets sent again " + again + ", duplicates dropped "
                + again + "\n", s.stdout());
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
        // the thread delays a handler by 7060 cycles: the program's thread first sends the acknowledgement of the
        // packet it took (the adapter reads it while the thread waits), then the thread's start, the core's switch
        // (S = 3) and the operating system's switch into the thread (threadSwitchCycles, 6640); the thread's end
        // costs another 6640, so the round trip (two handlers) is 13206 cycles longer than inline
        assertEquals("inline (COMPL_INLINE 1): 16 handler(s), 0 in a thread of their own, 183 cycles from the header "
                + "handler to the completion handler, 6841 a round trip\n"
                + "completion-handler thread: 16 handler(s), 16 in a thread of their own, 7243 cycles from the header "
                + "handler to the completion handler, 20047 a round trip\n"
                + "a handler's Put answered 42\n", s.stdout());
    }

    @Test
    void lapiReassemblesMessagesWhosePacketsOvertakeEachOther() throws Exception {
        // longer routes 1000 cycles a chip slower: full packets of one message overtake each other
        Path exe = build("lapi");
        Path stats = dir.resolve("stats.json");
        E2e.Sim s = E2e.scmpsim("-n", "2", "--mem", "1M", "--param", "hopCycles=1000", "--stats=" + stats,
                exe.toString());
        // no packet is sent again: a LAPI call that has what it waits for sends the acknowledgements it owes before
        // it returns (26 packets timed out here, while their target computed, before it did: docs/sp.md,
        // "Reliability")
        assertEquals("LAPI on 2 tasks: 0 error(s)\npackets sent again 0, duplicates dropped 0\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"switch_packets\": 153"), json);
        assertTrue(json.contains("\"packets_overtaken\": 28"), json);
        assertTrue(json.contains("\"packets_dropped\": 0"), json);
    }

    @Test
    void lapiRecoversLostPacketsThatAlsoArriveOutOfOrder() throws Exception {
        // every 7th packet into the switch is lost, and the longer routes let packets overtake each other
        Path stats = dir.resolve("lost.json");
        E2e.Sim s = E2e.scmpsim("-n", "2", "--mem", "1M", "--param", "hopCycles=1000", "--param", "dropEvery=7",
                "--stats=" + stats, build("lapi").toString());
        // 32 sent again, 15 of them duplicates, before LAPI's calls sent the acknowledgements they owed on return
        assertEquals("LAPI on 2 tasks: 0 error(s)\npackets sent again 22, duplicates dropped 4\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"packets_dropped\": 28"), json);
        assertTrue(json.contains("\"packets_overtaken\": 28"), json);

        // Rmw is applied once per call although requests and replies are lost and sent again
        Path rmwStats = dir.resolve("rmw.json");
        E2e.Sim r = E2e.scmpsim("-n", "4", "--mem", "1M", "--param", "hopCycles=1000", "--param", "dropEvery=5",
                "--stats=" + rmwStats, build("lapi_rmw").toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.stdout().startsWith("FETCH_AND_ADD: 4 tasks x 20: counter 80, fetched values out of range 0, "
                + "repeated 0; tasks interleaved 4\nCOMPARE_AND_SWAP: 1 winner(s), final value is the winner's: 1\n"
                + "SWAP: the values taken out and the one left are 0..4 once each: 1\n"
                + "FETCH_AND_OR: final 0xf, no task saw its own bit: 1\n"), r.stdout());
        json = Files.readString(rmwStats);
        // 109 before an Rmw's answer that waits for room in its window held the packets it took (docs/sp.md, "LAPI"),
        // 110 before an active message's header packet carried its first data
        // (106 since LAPI's calls send the acknowledgements they owe before they return)
        assertTrue(json.contains("\"packets_dropped\": 106"), json);

        // completion handlers run once each, in their thread, and a handler's LAPI call gets through
        E2e.Sim c = E2e.scmpsim("-n", "2", "--mem", "1M", "--param", "dropEvery=5", build("lapi_compl").toString());
        assertEquals(0, c.exit(), c.stderr());
        assertTrue(c.stdout().contains("16 handler(s), 0 in a thread of their own"), c.stdout());
        assertTrue(c.stdout().contains("16 handler(s), 16 in a thread of their own"), c.stdout());
        assertTrue(c.stdout().endsWith("a handler's Put answered 42\n"), c.stdout());
    }

    /**
     * LAPI_Putv, LAPI_Getv and LAPI_Amsendv (programs/sp/lapi_vec.c) with IOVECTOR and strided vectors move every
     * piece and nothing else, raise their counters and are refused for vectors whose pieces differ, in polling
     * mode, interrupt mode and with inline completion handlers; also when the switch reorders and loses packets.
     */
    @ParameterizedTest(name = "{0} tasks")
    @ValueSource(ints = {2, 4})
    void lapiVectorCallsScatterAndGatherTheirPieces(int tasks) throws Exception {
        Path exe = build("lapi_vec");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(tasks), "--mem", "1M", exe.toString());
        assertEquals("LAPI vector calls on " + tasks + " tasks: 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
        if (tasks == 2) {
            Path stats = dir.resolve("vec.json");
            E2e.Sim d = E2e.scmpsim("-n", "2", "--mem", "1M", "--param", "hopCycles=1000", "--param", "dropEvery=7",
                    "--stats=" + stats, exe.toString());
            assertEquals("LAPI vector calls on 2 tasks: 0 error(s)\n", d.stdout());
            assertEquals(0, d.exit(), d.stderr());
            String json = Files.readString(stats);
            assertTrue(json.contains("\"packets_dropped\": 50"), json);
            assertTrue(json.contains("\"packets_overtaken\": 41"), json);
        }
    }

    @Test
    void anInterruptCostsItsCyclesAndTheHysteresisSavesInterrupts() {
        Path exe = build("hal_interrupts");
        E2e.Sim s = E2e.scmpsim("-n", "2", exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        // the polling round trip (1541 cycles) plus the interrupt (3320) and the handler's own instructions
        assertEquals("ping-pong with node 1 in interrupt mode: 4999 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 2 interrupts\n", s.stdout());
        E2e.Sim none = E2e.scmpsim("-n", "2", "--param", "hysteresisCycles=0", exe.toString());
        assertEquals("ping-pong with node 1 in interrupt mode: 4999 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 5 interrupts\n", none.stdout());
        E2e.Sim cheap = E2e.scmpsim("-n", "2", "--param", "interruptCycles=332", exe.toString());
        assertEquals("ping-pong with node 1 in interrupt mode: 2014 cycles, answer 42\n"
                + "node 1 took 17 packets (sum 136) in 2 interrupts\n", cheap.stdout());
    }
}
