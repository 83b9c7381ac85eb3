package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.cpu.Memory;
import scmp.cpu.ThreadContext;
import scmp.noc.NocConfig;
import scmp.niu.Niu;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;

/**
 * Exact cycles of messages through NIUs and routers, derived from docs/timing.md: section 3.4 (a message of
 * {@code n} flits whose instructions issue back to back from core cycle {@code t} has its tail taken in network
 * cycle {@code 2t + T(n, h)}; a word written in network cycle {@code m} is visible from core cycle
 * {@code floor(m / 2) + 1}; a THREAD message's thread is ready at {@code floor(m / 2) + 1} and issues {@code S = 3}
 * cycles later on an idle core), with {@code T(n, h) = 5h + n + 5} (section 4, defaults).
 */
class NiuTimingTest {
    static final int S = 3;

    /** The registers the data words come from, in order: a0..a7, t0..t7. */
    static final String[] REGS = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "t0", "t1", "t2", "t3", "t4",
        "t5", "t6", "t7"};

    /** A program on node 0 sending a DATA message of {@code words} words (101, 102, ...) to {@code dest}'s buf. */
    static String dataSender(int dest, int words) {
        StringBuilder sb = new StringBuilder("""
                    .text
                    .globl _start
                _start:
                """);
        sb.append("    li s0, ").append(dest).append("\n    la s1, buf\n");
        for (int k = 0; k < words; k++) {
            sb.append("    li ").append(REGS[k]).append(", ").append(101 + k).append('\n');
        }
        sb.append("send:\n    sendh_r s0, DATA, s1, 1\n");
        int k = 0;
        while (k < words) {
            boolean last = words - k <= 2;
            if (words - k == 1) {
                sb.append("    sende ").append(REGS[k]).append('\n');
                k++;
            } else {
                sb.append(last ? "    send2e " : "    send2 ").append(REGS[k]).append(", ").append(REGS[k + 1]).append('\n');
                k += 2;
            }
        }
        sb.append("""
                    endt
                    .data
                    .align 4
                buf: .space 64
                """);
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} data words to ({1},{2}) of a {3}x{4} mesh")
    @CsvSource({"1,1,0,4,4", "2,0,0,4,4", "3,2,0,4,4", "8,2,1,4,4", "16,3,3,4,4", "8,7,7,8,8", "5,0,3,4,4",
        "16,0,0,2,2", "4,6,2,8,8"})
    void lastWordOfADataMessageIsVisibleWhenTheFormulaSays(int words, int x, int y, int w, int h) {
        Chip chip = new Chip(dataSender(y * w + x, words), w, h);
        int dest = chip.node(x, y);
        int last = chip.addr("buf") + 4 * (words - 1);
        Memory mem = chip.cores[dest].memory();
        long[] seen = {-1};
        chip.run(10_000, c -> {
            if (seen[0] < 0 && mem.peek(last) == 100 + words) {
                seen[0] = c + 1;
            }
        });
        assertNull(chip.fault);
        long t = chip.firstIssue(0, "send");
        int n = words + 2;
        long visible = (2 * t + Chip.T(n, x + y)) / 2 + 1;
        assertEquals(visible, seen[0], "t = " + t + ", n = " + n + ", h = " + (x + y));
        for (int k = 0; k < words; k++) {
            assertEquals(101 + k, mem.peek(chip.addr("buf") + 4 * k), "word " + k);
        }
    }

    @Test
    void workedExampleTenFlitsCornerToCorner() {
        // docs/timing.md section 4: 10 flits from node 0 to node 63 of the 8x8 mesh, T = 85 network cycles
        assertEquals(85, Chip.T(10, 14));
        Chip chip = new Chip(dataSender(63, 8), 8, 8);
        int last = chip.addr("buf") + 28;
        long[] seen = {-1};
        chip.run(10_000, c -> {
            if (seen[0] < 0 && chip.cores[63].memory().peek(last) == 108) {
                seen[0] = c + 1;
            }
        });
        long t = chip.firstIssue(0, "send");
        assertEquals(t + 42 + 1, seen[0]);
    }

    @Test
    void threadMessageToANeighbourIssuesItsFirstInstructionTenCyclesLater() {
        // docs/timing.md section 3.4: sendh_i + sende (3 flits) at t to a neighbour: T = 13, the thread is ready
        // at floor((2t + 13) / 2) + 1 = t + 7 and, the neighbour's core being idle, issues at t + 10
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    li a0, 42
                send:
                    sendh_i s0, THREAD, worker
                    sende a0
                    endt
                worker:
                    addi a0, a0, 1
                    endt
                """, 2, 1).run();
        long t = chip.firstIssue(0, "send");
        assertEquals(t + 10, chip.firstIssue(1, "worker"));
        assertEquals(43, chip.cores[1].context(0).reg(4));
    }

    @Test
    void aThreadBlockedOnAnotherThreadsOpenMessageWakesTheCycleAfterTheTail() {
        // A opens a DATA message (the NIU is A's until its tail) and suspends; B's sendh blocks. A's tail at
        // t_tail frees the NIU; B is ready at t_tail + 1 and, A ending at t_tail + 1, re-issues its sendh at
        // max(t_tail + 1 + 1 + S, t_tail + 1 + S) = t_tail + 5.
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    la s1, b
                    sendh_r zero, THREAD, s1, 0      # start B on this node
                    sende zero
                    li s0, 1
                    la s2, buf
                    sendh_r s0, DATA, s2, 1          # A owns the NIU
                    li t0, 5
                1:  suspend                          # B runs and blocks on its sendh
                    addi t0, t0, -1
                    bnez t0, 1b
                tail:
                    sende t0                         # frees the NIU
                    endt
                b:  li s0, 1
                    la s2, buf2
                bsend:
                    sendh_r s0, DATA, s2, 1
                    li t1, 7
                    sende t1
                    endt
                    .data
                    .align 4
                buf: .word 0
                buf2: .word 0
                """, 2, 1).run();
        assertNull(chip.fault);
        List<Long> b = chip.issuesAt(0, "bsend", 0);
        assertEquals(2, b.size(), "refused once, then issued: " + b);
        long tail = chip.firstIssue(0, "tail");
        assertTrue(b.get(0) < tail);
        assertEquals(tail + 5, b.get(1));
        assertEquals(7, chip.cores[1].memory().peek(chip.addr("buf2")));
    }

    @Test
    void fullInjectionQueueBlocksTheSenderUntilTheNetworkDrainsIt() {
        // one context per node: node 1 is busy until its endt at e, so node 0's THREAD messages back up from node
        // 1's ejection port: 24 flits fill the ejection buffer and the two router buffers on the way, the rest stay
        // in node 0's 8-flit injection queue, and a send that finds no room blocks (section 3.1). It is woken at the
        // core cycle after the first one whose network cycles leave room for its flits, and re-issues S cycles
        // later since the core is idle.
        StringBuilder p = new StringBuilder("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    sendh_i s0, THREAD, busy
                    sende zero
                    li t0, 20
                1:  addi t0, t0, -1
                    bnez t0, 1b
                    li s1, 2                     # two THREAD messages of 24 words to node 1
                2:  sendh_i s0, THREAD, worker
                """);
        for (int k = 0; k < 11; k++) {
            p.append("    send2 zero, zero\n");
        }
        p.append("""
                last:
                    send2e zero, zero
                    addi s1, s1, -1
                    bnez s1, 2b
                    endt
                busy:
                    li t0, 100
                1:  addi t0, t0, -1
                    bnez t0, 1b
                end:
                    endt
                worker:
                    endt
                """);
        Chip chip = new Chip(p.toString(), 2, 1, 1, NocConfig.defaults(), NiuConfig.defaults(), List.of());
        Niu niu = chip.ic.niu(0);
        long[] queueAfter = new long[10_000];
        boolean[] blockedAfter = new boolean[10_000];
        chip.run(10_000, c -> {
            queueAfter[(int) c] = niu.queued();
            blockedAfter[(int) c] = chip.cores[0].context(0).state() == ThreadContext.State.BLOCKED;
        });
        assertNull(chip.fault);
        long e = chip.firstIssue(1, "end");
        int blocks = 0;
        for (int r = 1; r < (int) chip.cycle; r++) {
            if (blockedAfter[r] && !blockedAfter[r - 1]) {
                blocks++;
                // refused at r: no room for its 2 flits at the start of r
                assertTrue(queueAfter[r - 1] + 2 > 8, "refused at " + r);
                int room = r;
                while (blockedAfter[room]) {
                    assertTrue(queueAfter[room] + 2 > 8, "still no room after " + room);
                    room++;
                }
                assertTrue(queueAfter[room] + 2 <= 8, "woken after " + room);
                // node 1's context frees at e: its NIU takes the head in network cycle 2e; the freed slot's credit
                // lets router 1's waiting flit win switch allocation in 2e + C = 2e + 1, that one's credit lets router
                // 0's in 2e + 2, and the credit back to the NIU lets it inject in 2e + 3 and 2e + 4: after core cycle
                // e + 2 the queue has room for two flits
                assertEquals(e + 2, room);
                long again = Long.MAX_VALUE;
                for (long[] i : chip.issues) {
                    if (i[1] == 0 && i[0] > r) {
                        again = Math.min(again, i[0]);
                    }
                }
                assertEquals(room + 1 + S, again, "re-issued S cycles after the wake-up at " + (room + 1));
            }
        }
        assertEquals(1, blocks);
        assertEquals(3, chip.ic.niu(1).stats().threadsStarted());
        // node 0's NIU, its queue full behind flits that wait for credits, waited for the network without being run
        assertTrue(chip.ic.parkedCycles(0) > 20, "network cycles node 0's NIU was parked: " + chip.ic.parkedCycles(0));
    }

    @Test
    void threadMessageWaitsForAFreeContextAndStartsWhenOneFrees() {
        // one context per node: node 1's only thread runs until its endt at e, so the THREAD message's head waits
        // at node 1's ejection port with its two other flits behind it; the context is free in core cycle e, so the
        // head is taken in network cycle 2e, the address flit in 2e + 1 and the tail in 2e + 2: the thread is
        // ready at floor((2e + 2) / 2) + 1 = e + 2 and issues at max(e + 1 + S, e + 2 + S) = e + 5.
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    sendh_i s0, THREAD, busy
                    sende zero
                    nop
                    nop
                    sendh_i s0, THREAD, second
                    li a0, 9
                    sende a0
                    endt
                busy:
                    li t0, 40
                1:  addi t0, t0, -1
                    bnez t0, 1b
                end:
                    endt
                second:
                    addi a0, a0, 1
                    endt
                """, 2, 1, 1, NocConfig.defaults(), NiuConfig.defaults(), List.of()).run();
        assertNull(chip.fault);
        long e = chip.firstIssue(1, "end");
        assertEquals(e + 5, chip.firstIssue(1, "second"));
        assertEquals(10, chip.cores[1].context(0).reg(4));
        // node 1's NIU, its THREAD head refused, waited for the network (unparked by the endt) without being run
        assertTrue(chip.ic.parkedCycles(1) > 20, "network cycles node 1's NIU was parked: " + chip.ic.parkedCycles(1));
    }

    @Test
    void dmaSendWithSourceAndDestinationStrides() {
        // sendh_rr at t (2 flits), sendme at t + 1: the DMA engine reads one word per network cycle from
        // 2(t + 1), each entering the router in the cycle it is read, so the 7 flits are back to back from 2t:
        // the last word is visible from floor((2t + T(7, 1)) / 2) + 1
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    la s1, dst
                    li s2, 3                     # destination stride 3 words
                    la s3, src
                    li s4, 0x20005               # source stride 2 words : 5 words
                    nop
                send:
                    sendh_rr s0, DATA, s1, s2
                    sendme s3, s4
                    endt
                    .data
                    .align 4
                src: .word 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
                dst: .space 64
                """, 2, 1);
        int last = chip.addr("dst") + 4 * 3 * 4;
        Memory mem = chip.cores[1].memory();
        long[] seen = {-1};
        chip.run(10_000, c -> {
            if (seen[0] < 0 && mem.peek(last) == 9) {
                seen[0] = c + 1;
            }
        });
        long t = chip.firstIssue(0, "send");
        assertEquals((2 * t + Chip.T(7, 1)) / 2 + 1, seen[0]);
        int[] expect = {1, 0, 0, 3, 0, 0, 5, 0, 0, 7, 0, 0, 9, 0};
        for (int k = 0; k < expect.length; k++) {
            assertEquals(expect[k], mem.peek(chip.addr("dst") + 4 * k), "word " + k);
        }
    }

    @Test
    void sendingThreadRunsOnWhileTheDmaEngineReadsAndBlocksOnItsNextNetworkInstruction() {
        // sendm at t starts a 12-word DMA read (network cycles 2t .. 2t + 11); the thread runs on, and its sende at
        // t + 1 waits for the DMA engine: it blocks (switch, S) and is ready at the core cycle after the one whose
        // network cycles read the last word, (2t + 11) / 2 + 1 = t + 6; the core being idle, it re-issues at t + 9
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    la s1, dst
                    la s3, src
                    li s4, 0x1000c
                    sendh_r s0, DATA, s1, 1
                dma:
                    sendm s3, s4
                tail:
                    sende zero
                    endt
                    .data
                    .align 4
                src: .space 48
                dst: .space 64
                """, 2, 1).run();
        long t = chip.firstIssue(0, "dma");
        List<Long> tail = chip.issuesAt(0, "tail", 0);
        assertEquals(List.of(t + 1, t + 9), tail);
    }

    @Test
    void niuStatusShowsTheDmaEngineTheQueueAndTheOpenMessage() {
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    la s3, src
                    li s4, 0x10004
                    rdsr a0, niustat           # nothing: 0
                    sendh_i s0, DATA, 0x2000
                    rdsr a1, niustat           # head and address were injected in the last cycle: open (4)
                    sendm s3, s4
                    rdsr a2, niustat           # DMA reading, queue holds the word read last: 4 + 1 (+ 2 if queued)
                    nop
                    nop
                    nop
                    sende zero
                    rdsr a3, niustat
                    nop
                    rdsr a4, niustat           # the tail has gone: 0
                    endt
                    .data
                    .align 4
                src: .word 1, 2, 3, 4
                """, 2, 1).run();
        ThreadContext t = chip.cores[0].context(0);
        assertEquals(0, t.reg(4));
        assertEquals(4, t.reg(5));
        assertEquals(5, t.reg(6));
        assertEquals(0, t.reg(7));
        assertEquals(0, t.reg(8));
    }

    @Test
    void incomingDataWriteDelaysAnOutgoingDmaReadByOneNetworkCycle() {
        // node 1 streams a 16-word DATA message into node 0 while node 0's DMA engine reads a 16-word block for
        // node 2; every network cycle in which node 0's NIU writes an incoming word, its DMA read waits (section
        // 3.3). Node 0's message therefore reaches node 2 later than without the incoming one by exactly the
        // number of network cycles in which both wanted the port.
        String program = """
                    .text
                    .globl _start
                _start:
                    li s0, 1
                    la s1, helper
                    sendh_r s0, THREAD, s1, 0
                    sende zero
                    li t0, 4                   # node 0's DMA starts while the helper's words arrive
                1:  addi t0, t0, -1
                    bnez t0, 1b
                    li s0, 2
                    la s2, dst
                    la s3, src
                    li s4, 0x10010
                    sendh_r s0, DATA, s2, 1
                    sendme s3, s4
                    endt
                helper:
                    la s2, in
                    la s3, src
                    li s4, 0x10010
                    li s0, HELPER_DEST
                    sendh_r s0, DATA, s2, 1
                    sendme s3, s4
                    endt
                    .data
                    .align 4
                src: .word 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
                in:  .space 64
                dst: .space 64
                """;
        // with HELPER_DEST = 3 the helper's words go elsewhere; with 0 they land on node 0 during its DMA
        List<Watch.Selection> watch = List.of(new Watch.Selection(0, 1), new Watch.Selection(1, 0));
        Chip quiet = new Chip(program.replace("HELPER_DEST", "3"), 2, 2, 8, NocConfig.defaults(), NiuConfig.defaults(),
                watch).run();
        Chip busy = new Chip(program.replace("HELPER_DEST", "0"), 2, 2, 8, NocConfig.defaults(), NiuConfig.defaults(),
                watch).run();
        List<Long> reads = cycles(busy.watchOutput(), "DMA      node 0 NIU");
        List<Long> writes = cycles(busy.watchOutput(), "WRITE    node 0 NIU");
        assertEquals(16, reads.size());
        assertEquals(16, writes.size());
        assertEquals(16, cycles(quiet.watchOutput(), "DMA      node 0 NIU").size());
        // each read happens in the first network cycle, from the cycle it could have happened without the
        // incoming message on, in which node 0's NIU writes no incoming word
        long clash = 0;
        long at = cycles(quiet.watchOutput(), "DMA      node 0 NIU").get(0) - 1;
        for (int k = 0; k < 16; k++) {
            at++;
            while (writes.contains(at)) {
                at++;
                clash++;
            }
            assertEquals(at, reads.get(k), "read " + k);
        }
        assertTrue(clash > 0, "the test must make the two streams meet");
        long quietTail = last(cycles(quiet.watchOutput(), "WRITE    node 2 NIU"));
        long busyTail = last(cycles(busy.watchOutput(), "WRITE    node 2 NIU"));
        assertEquals(quietTail + clash, busyTail);
        for (int k = 0; k < 16; k++) {
            assertEquals(k + 1, busy.cores[2].memory().peek(busy.addr("dst") + 4 * k));
            assertEquals(k + 1, busy.cores[0].memory().peek(busy.addr("in") + 4 * k));
        }
    }

    /** The network cycles of the watch lines containing {@code what}. */
    static List<Long> cycles(String watch, String what) {
        return watch.lines().filter(l -> l.contains(what)).map(l -> Long.parseLong(l.trim().split(" +")[0])).toList();
    }

    static long last(List<Long> l) {
        return l.get(l.size() - 1);
    }
}
