package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.noc.NocConfig;
import scmp.noc.VcSelection;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;

/** The trace of one message from its sendh through the sending NIU, every router and the receiving NIU. */
class WatchTest {

    static final String PROGRAM = """
                .text
                .globl _start
            _start:
                li s0, 1
                li a0, 42
            send:
                sendh_i s0, THREAD, worker       # message #0 of node 0: watched
                sende a0
                li t0, 20
            1:  addi t0, t0, -1
                bnez t0, 1b
                sendh_i s0, DATA, 0x3000         # message #1 of node 0: not watched
                sende a0
                endt
            worker:
                endt
            """;

    @Test
    void followsAThreadMessageFromSendhToTheNewThread() {
        Chip chip = new Chip(PROGRAM, 2, 1, 8, NocConfig.defaults(), NiuConfig.defaults(),
                List.of(new Watch.Selection(0, 0))).run();
        long t = chip.firstIssue(0, "send");
        List<String> lines = chip.watchOutput().lines().toList();
        String first = lines.get(0);
        assertTrue(first.matches(" *" + 2 * t + " SENDH +node 0 thread 0 pc 0x[0-9a-f]{8}: THREAD message #0 to node 1 "
                + "\\(core cycle " + t + "\\)"), first);
        // the message travels on its flow's virtual channel (node 0 to node 1; docs/noc.md, ordered delivery)
        String vc = "vc " + VcSelection.flowVc(0, 1, NocConfig.defaults().vcs());
        // the head: queued and injected at 2t, then router (0,0) (arrival 2t + 1, RC, VA, SA at 2t + 3, ST), the
        // link, router (1,0) (arrival 2t + 6, ..., SA at 2t + 8), taken by node 1's NIU at 2t + 11; the tail (sende
        // at t + 1) is taken at 2t + T(3, 1) = 2t + 13 and the thread is ready at core cycle t + 7
        assertTrue(lines.contains(line(2 * t, "QUEUE", "node 0 NIU, queue 1/8  H..W 10000001")), chip.watchOutput());
        assertTrue(lines.contains(line(2 * t, "INJECT", "(0,0) L " + vc + "  H.VW 10000001")), chip.watchOutput());
        assertTrue(lines.contains(line(2 * t + 1, "ARRIVE", "(0,0) L " + vc + "  H.VW 10000001")));
        assertTrue(lines.contains(line(2 * t + 1, "ROUTE", "(0,0) L " + vc + " -> E  H.VW 10000001")));
        assertTrue(lines.contains(line(2 * t + 3, "SWITCH", "(0,0) E " + vc + "  H.VW 00000001")));
        assertTrue(lines.contains(line(2 * t + 6, "ARRIVE", "(1,0) W " + vc + "  H.VW 00000001")));
        assertTrue(lines.contains(line(2 * t + 8, "SWITCH", "(1,0) L " + vc + "  H.VW 00000001")));
        assertTrue(lines.contains(line(2 * t + 11, "ACCEPT", "node 1 NIU, context 0 reserved  H.VW 00000001")));
        assertTrue(lines.contains(line(2 * t + 13, "EJECT", "(1,0) L " + vc + "  .TVW 0000002a")));
        assertTrue(lines.contains(line(2 * t + 13, "LOAD", "node 1 NIU, context 0 r4 = 0x0000002a  .TVW 0000002a")));
        assertEquals(String.format("%8d READY    node 1: thread 0 ready at core cycle %d", 2 * t + 13, t + 7),
                lines.get(lines.size() - 1));
        // only the watched message's flits appear
        assertTrue(lines.stream().noneMatch(l -> l.contains("00003000")), chip.watchOutput());
    }

    private static String line(long cycle, String event, String where) {
        return String.format("%8d %-8s %s", cycle, event, where);
    }

    @Test
    void selectionsAreParsedStrictly() {
        assertEquals(new Watch.Selection(3, 7), Watch.Selection.parse("3:7"));
        assertEquals(new Watch.Selection(3, 2, 5), Watch.Selection.parse("3:2-5"));
        assertEquals(new Watch.Selection(3, 0, Integer.MAX_VALUE), Watch.Selection.parse("3:*"));
        assertEquals("3:*", Watch.Selection.parse("3:*").toString());
        assertEquals("3:2-5", Watch.Selection.parse("3:2-5").toString());
        assertEquals("'3' is not NODE:K, NODE:K-L or NODE:* (the K-th message sent by NODE, from 0; messages K to L; "
                + "all of NODE's messages)",
                assertThrows(IllegalArgumentException.class, () -> Watch.Selection.parse("3")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Watch.Selection.parse("3:5-2"));
        assertThrows(IllegalArgumentException.class, () -> Watch.Selection.parse("3:*-2"));
        assertThrows(IllegalArgumentException.class, () -> Watch.Selection.parse("-1:2"));
        assertThrows(IllegalArgumentException.class, () -> Watch.Selection.parse("a:b"));
    }
}
