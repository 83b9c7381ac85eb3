package scmp.model.sp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scmp.elf.MachineKind;
import scmp.machine.Guest;
import scmp.machine.Params;
import scmp.machine.Simulation;

/**
 * Exact cycles of packets through the adapters and an idle switch, derived from docs/sp.md ("Timing") with the
 * default constants. Node 0 reads the cycle counter right before a send's tail instruction (so the tail issues at
 * {@code t}, one cycle later) and sends that reading as the packet's payload; node 1, blocked in a wait for a
 * packet, is woken when the packet lands at {@code l}, issues the wait again three cycles later and reads the cycle
 * counter one cycle after that, at {@code l + 4}. Node 1 ends the run with {@code 100 + measured - expected}, plus 50
 * when what it checks (the order the packets landed in) is wrong.
 */
class SwitchTimingTest {
    @TempDir
    Path dir;

    // docs/sp.md defaults
    static final int DMA_START = 66, DMA_WORD = 4, LATENCY = 332, HOP = 42;

    /** Cycles a packet of w payload words occupies a link: (8 + 4w) bytes at 160 MB/s and 332 MHz, rounded up. */
    static long link(int w) {
        return ((8 + 4L * w) * 332 + 159) / 160;
    }

    private static final String PROGRAM = """
                .text
                .globl _start
            _start:
                rdsr t0, nodeid
                li t1, 1
                beq t0, t1, receiver
                bnez t0, idle
                li t1, 1
            %s
            idle:
                j idle
            receiver:
                la s2, ring
                li t3, 8
                sendh_r zero, 2, s2, 0
                sende t3
            %s
                rdsr s1, cycle
                lw t4, 8(s2)
                sub a0, s1, t4
                li t4, %d
                sub a0, a0, t4
                addi a0, a0, 100
            %s
                hcall terminate
                .bss
                .align 2
            ring:
                .space 8192
            """;

    /** Node 1 waits for one packet. */
    private static final String WAIT = "    sendh_i zero, 6, 2";

    private void check(int nodes, String sender, String receiver, long expected, String after) throws Exception {
        check(nodes, sender, receiver, expected, after, List.of());
    }

    private void check(int nodes, String sender, String receiver, long expected, String after,
            List<Params.Given> params) throws Exception {
        Path p = Guest.file(dir, MachineKind.SP, PROGRAM.formatted(sender, receiver, expected, after));
        for (boolean lockstep : new boolean[] {false, true}) {
            Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(nodes)
                    .params(params).lockstep(lockstep));
            assertEquals("", r.err());
            assertEquals(100, r.code(), "status - 100 = measured - expected (+50 for a wrong order), lockstep "
                    + lockstep);
        }
    }

    @Test
    void onePacketCrossesTheIdleSwitchOnTheShortestRoute() throws Exception {
        // tail at t; DMA read by t + 66 + 4 (ready, injected); head out of the switch 332 later; tail 25 later
        // (12 bytes); the receive DMA starts 66 later and writes 3 words (header, user word, payload): lands at l
        long l = DMA_START + DMA_WORD + LATENCY + link(1) + DMA_START + 3 * DMA_WORD;
        check(2, """
                    sendh_i t1, 1, 0
                    rdsr s0, cycle
                    sende s0
                """, WAIT, l + 4 + 1, "");
    }

    /** Parameter sets for the lookahead's tests: the defaults and others that move every term of it. */
    private static final String[] PARAMS = {"", "dmaStartCycles=9 dmaWordCycles=1 switchLatencyCycles=40",
        "dmaStartCycles=200 dmaWordCycles=7 switchLatencyCycles=3 pairMBps=40 hopCycles=0",
        "switchLatencyCycles=1 dmaStartCycles=1 dmaWordCycles=1 pairMBps=100000 routes=1"};

    private static List<Params.Given> given(String set) {
        return set.isEmpty() ? List.of()
                : java.util.Arrays.stream(set.split(" ")).map(Params.Given::parse).toList();
    }

    /** The switch's lookahead with the parameters {@code set}, read as the machine reads {@code --param}. */
    private static long lookahead(String set) {
        SpParams p = Params.load(SpParams.class, "sp", given(set));
        return new SpSwitch(p.withNodes(2), null, new SpAdapter[2]).lookahead();
    }

    @Test
    void theLookaheadIsTheDefaultsOneWordLatency() {
        assertEquals(DMA_START + DMA_WORD + LATENCY + link(1) + DMA_START + 3 * DMA_WORD, lookahead(""));
        assertEquals(505, lookahead(""));
    }

    /**
     * The lookahead is exactly the fewest cycles from a send's tail to its landing in another node, whatever the
     * parameters: node 1 measures a one-word packet on the shortest route of an idle switch (as {@link
     * #onePacketCrossesTheIdleSwitchOnTheShortestRoute}), and the run must find it at the lookahead's distance,
     * with and without strict lockstep. A lookahead larger than that latency fails here (and would let a core run
     * past a landing); a smaller one is not the fewest.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "2", "3"})
    void theLookaheadIsTheFastestDelivery(String k) throws Exception {
        String set = PARAMS[Integer.parseInt(k)];
        check(2, """
                    sendh_i t1, 1, 0
                    rdsr s0, cycle
                    sende s0
                """, WAIT, lookahead(set) + 4 + 1, "", given(set));
    }

    /**
     * Node 0 sends 40 packets 3000 cycles and more apart, each one cycle later in that rhythm than the one before
     * (it jumps into a row of {@code nop}s), while node 1 polls its ring's valid bit in a loop without waiting: both
     * are busy, so the quiet rounds span the lookahead. The latencies node 1 sees and every counter are those of
     * strict lockstep; a lookahead a few cycles past the latency lets node 1 run past a landing, which the remote
     * port refuses (checked with 3 more: every set fails). Both nodes end by {@code exit}, so that no node runs past
     * the end of the run (a run that {@code terminate} ends lets the busy nodes finish their window).
     */
    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "2", "3"})
    void aPollingNodeSeesEveryPacketWhenStrictLockstepDoes(String k) throws Exception {
        String set = PARAMS[Integer.parseInt(k)];
        String program = """
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    bnez t0, receiver
                    li s3, 0
                1:
                    la t2, 2f
                    slli t3, s3, 2
                    sub t2, t2, t3
                    jr t2
                %s
                2:
                    li t1, 1
                    sendh_i t1, 1, 0
                    rdsr s0, cycle
                    sende s0
                    li t2, 3000
                3:
                    addi t2, t2, -1
                    bnez t2, 3b
                    addi s3, s3, 1
                    li t2, 40
                    blt s3, t2, 1b
                    li a0, 0
                    hcall exit
                receiver:
                    la s2, ring
                    li t3, 1
                    sendh_r zero, 2, s2, 0
                    sende t3
                    li s4, 0
                    li s5, 0
                5:
                    lw t4, 0(s2)
                    bgez t4, 5b
                    rdsr s1, cycle
                    lw t4, 8(s2)
                    sub t4, s1, t4
                    xor s5, s5, t4
                    slli t5, s5, 3
                    add s5, s5, t5
                    sw zero, 0(s2)
                    sendh_i zero, 3, 1
                    addi s4, s4, 1
                    li t2, 40
                    blt s4, t2, 5b
                    andi a0, s5, 127
                    hcall exit
                    .bss
                    .align 2
                ring:
                    .space 1024
                """.formatted("    nop\n".repeat(40));
        Path p = Guest.file(dir, MachineKind.SP, program);
        Guest.Outcome[] r = new Guest.Outcome[2];
        for (int lockstep = 0; lockstep < 2; lockstep++) {
            r[lockstep] = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2)
                    .params(given(set)).lockstep(lockstep == 1).stats("-"));
            assertEquals(r[0].code(), r[lockstep].code(), "the latencies seen, lockstep " + lockstep);
        }
        assertEquals(r[1].err(), r[0].err(), "the statistics");
    }

    /** Sends a one-word packet from node 0 to node 1 with the user word {@code user}, the cycle as its payload. */
    private static String send(int user) {
        return """
                    sendh_i t1, 1, %d
                    rdsr s0, cycle
                    sende s0
                """.formatted(user);
    }

    @Test
    void aPacketOnAShorterRouteOvertakesTheOneSentBeforeIt() throws Exception {
        // three packets of one word from t0, t0 + 3, t0 + 6: routes 0, 1 and 2 of the pair (0, 4 and 2 switch
        // chips more). Their DMA reads end by t0 + 70, 74, 78, so the link into the switch, 25 cycles a packet,
        // sets their injections: t0 + 70, 95, 120. Heads out of the switch: packet 0 at 70 + 332 = 402, packet 1
        // at 95 + 332 + 168 = 595, packet 2 at 120 + 332 + 84 = 536: packet 2 overtakes packet 1. The receive DMA
        // (66 + 3 x 4) lands packet 0 at 427 + 78 = 505 and packet 2, out of the switch by 561, at 639; packet 1,
        // out by 620, waits for the receive DMA and lands at 639 + 78 = 717. Node 1 frees each slot and waits for
        // the next, so it wakes last at t0 + 717.
        long last = 120 + LATENCY + 2 * HOP + link(1) + 78 + 78;
        assertEquals(717, last);
        String order = """
                    lw t5, 4(s2)
                    bnez t5, 9f
                    lw t5, 1028(s2)
                    li t6, 2
                    bne t5, t6, 9f
                    lw t5, 2052(s2)
                    li t6, 1
                    beq t5, t6, 8f
                9:
                    addi a0, a0, 50
                8:
                """;
        String receive = WAIT + "\n    sendh_i zero, 3, 1\n" + WAIT + "\n    sendh_i zero, 3, 1\n" + WAIT;
        check(2, send(0) + send(1) + send(2), receive, last + 4 + 1, order);
    }
}
