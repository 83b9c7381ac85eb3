package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import scmp.cpu.Memory;
import scmp.machine.Machine;

/**
 * THREAD and DATA messages: a node sending to itself and to other nodes, data flits from registers and by DMA,
 * strides. Cycle counts follow docs/timing.md: the core (sections 1, 2), the NIU (section 3) and the routers
 * (section 4; a flit injected at network cycle {@code i} alone in the network can be taken at
 * {@code i + T(1, h)}, {@code T(1, 0) = D + 2 = 6}).
 */
public class MessageTest {
    static final int S = 3;

    @Test
    void threadMessageToSelfStartsAThreadWithArguments() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid          # 0
                    la t1, worker            # 1, 2
                    sendh_r t0, THREAD, t1, 0   # 3
                    li t2, 5                 # 4
                    li t3, 7                 # 5
                    send2 t2, t3             # 6
                    li t4, 11                # 7
                    sende t4                 # 8: the tail
                    endt                     # 9: the core is idle
                worker:
                    add a0, a0, a1           # arrival + S
                    add a0, a0, a2
                    hcall exit
                """);
        assertNull(r.message());
        assertEquals(Machine.Outcome.EXIT, r.result().outcome());
        assertEquals(23, r.exit());
        // the head and address flits (sendh_r at 3) enter the router at network cycles 6 and 7, the data at 12,
        // 13 and the tail (sende at 8) at 16; the tail is taken T(1, 0) = 6 network cycles later, at 22: the
        // thread is ready at floor(22 / 2) + 1 = 12 and issues at 12 + S = 15 (the core has been idle since 9)
        long ready = (2 * 8 + 6) / 2 + 1;
        assertEquals(12, ready);
        assertEquals(ready + S + 2 + 1, r.cycles());
        assertEquals(13, r.result().instructions());
    }

    @Test
    void dataMessageToSelfWithAStrideFromRegisters() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    rdsr t1, nodeid
                    la t0, buf
                    li a0, 7
                    li a1, 8
                    li a2, 9
                    sendh_r t1, DATA, t0, 2
                    send2 a0, a1
                    sende a2
                1:  lw t2, 16(t0)
                    beqz t2, 1b
                    li a0, 0
                    hcall exit
                    .data
                    .align 4
                buf: .space 32
                """);
        assertEquals(0, r.exit());
        int buf = address(r, "buf");
        Memory m = r.machine().node(0).memory();
        int[] expect = {7, 0, 8, 0, 9, 0, 0, 0};
        for (int k = 0; k < expect.length; k++) {
            assertEquals(expect[k], m.peek(buf + 4 * k), "word " + k);
        }
        // the five flits enter the router back to back from network cycle 2 * 6 = 12 (sendh_r at 6, send2 at 7,
        // sende at 8); the tail is taken T(5, 0) = D + 2 + 4 = 10 network cycles after the head, at 22, so the
        // last word is visible from core cycle floor(22 / 2) + 1 = 12; the polling loads issue at 9 and 14
        // (load-use, taken branch): the second sees the data, then beqz 16, li 17, exit 18
        assertEquals(12, (2 * 6 + 10) / 2 + 1);
        assertEquals(14 + 2 + 1 + 1 + 1, r.cycles());
    }

    private static int address(Sim.Run r, String symbol) {
        return r.machine().addressOf(symbol);
    }

    @Test
    void dataMessageByDmaWithSourceAndDestinationStrides() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    rdsr t1, nodeid
                    la t0, dst
                    la t2, src
                    li t3, 0x20004           # stride 2 words : count 4
                    sendh_r t1, DATA, t0, 3  # destination stride 3 words
                    sendme t2, t3
                1:  suspend
                    lw t4, 36(t0)
                    beqz t4, 1b
                    li a0, 0
                    hcall exit
                    .data
                    .align 4
                src: .word 1, 2, 3, 4, 5, 6, 7, 8
                dst: .space 64
                """);
        assertEquals(0, r.exit());
        Memory m = r.machine().node(0).memory();
        int dst = address(r, "dst");
        int[] expect = {1, 0, 0, 3, 0, 0, 5, 0, 0, 7, 0, 0};
        for (int k = 0; k < expect.length; k++) {
            assertEquals(expect[k], m.peek(dst + 4 * k), "word " + k);
        }
    }

    @Test
    void sendhImmediateAndRegisterStrideWithANegativeStride() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    rdsr t1, nodeid
                    la t0, dst
                    addi t0, t0, 12
                    li t5, -1
                    la t2, src
                    li t3, 0x10004
                    sendh_rr t1, DATA, t0, t5    # written backwards
                    sendm t2, t3
                    sendm t2, zero               # an empty DMA adds nothing
                    sende zero
                    sendh_i t1, DATA, flag
                    li t6, 1
                    sende t6
                1:  suspend
                    la t4, flag
                    lw t4, 0(t4)
                    beqz t4, 1b
                    li a0, 0
                    hcall exit
                    .data
                    .align 4
                src: .word 1, 2, 3, 4
                dst: .space 16
                flag: .word 0
                """);
        assertEquals(0, r.exit());
        Memory m = r.machine().node(0).memory();
        int dst = address(r, "dst");
        assertEquals(4, m.peek(dst));
        assertEquals(3, m.peek(dst + 4));
        assertEquals(2, m.peek(dst + 8));
        assertEquals(1, m.peek(dst + 12));
    }

    /** Node 0 starts a worker on each other node; each answers with a DATA message to node 0. */
    public static final String FAN_OUT = """
                .text
                .globl _start
            _start:
                rdsr s0, xdim
                rdsr t0, ydim
                mul s0, s0, t0           # nodes
                li s1, 1
                la s2, worker
            1:  bge s1, s0, 2f
                sendh_r s1, THREAD, s2, 0
                sende s1                 # a0 = the node's own number
                addi s1, s1, 1
                b 1b
            2:  la s3, result
                li s1, 1
            3:  bge s1, s0, 5f
            4:  slli t1, s1, 2
                add t1, t1, s3
                lw t2, 0(t1)
                bnez t2, 6f
                suspend
                b 4b
            6:  li a0, 1
                la a1, digits
                add a1, a1, t2
                li a2, 1
                hcall write
                addi s1, s1, 1
                b 3b
            5:  li a0, 1
                la a1, digits
                li a2, 1
                hcall write
                li a0, 0
                hcall exit
            worker:                      # a0 = node number: result[a0] = a0 on node 0
                la t0, result
                slli t1, a0, 2
                add t0, t0, t1
                sendh_r zero, DATA, t0, 1
                li a2, 1
                li a0, 1
                la a1, digits
                rdsr t3, nodeid
                add a1, a1, t3
                hcall write              # each worker prints its digit
                sende t3
                endt
                .data
                .align 4
            digits: .ascii "0123456789abcdef"
            result: .space 64
            """;

    @Test
    void fanOutOverAMeshIsDeterministic() {
        Sim.Run a = Sim.run(FAN_OUT, b -> b.mesh(2, 2));
        Sim.Run b = Sim.run(FAN_OUT, c -> c.mesh(2, 2));
        assertNull(a.message());
        assertEquals(0, a.exit());
        // workers print in the order their THREAD messages arrive (node 1 and 2 are one hop away, 3 two hops);
        // node 0 then prints the answers in node order and a final 0
        assertEquals("1231230", a.out());
        assertEquals(a.out(), b.out());
        assertEquals(a.cycles(), b.cycles());
        assertEquals(a.result().instructions(), b.result().instructions());
    }

    @Test
    void hostCallsOfSeveralNodesHappenInCycleOrder() {
        // node 0 starts workers on node 2, then node 1 (one hop each); node 2 delays so that it writes one
        // cycle before node 1, in the same round of the machine: the write of the lower cycle comes first
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    la s2, worker
                    la s3, digits
                    li s1, 2
                1:  add t0, s3, s1
                    sendh_r s1, THREAD, s2, 0
                    sende t0
                    addi s1, s1, -1
                    bnez s1, 1b
                    endt
                worker:
                    rdsr t0, nodeid
                    andi t0, t0, 2
                    beqz t0, 1f
                    nop
                    nop
                    nop
                    nop
                    nop
                    nop
                    nop
                    nop
                1:  mv a1, a0
                    li a0, 1
                    li a2, 1
                    hcall write
                    endt
                    .data
                digits: .ascii "0123"
                """, b -> b.mesh(2, 2));
        assertEquals(Machine.Outcome.ALL_ENDED, r.result().outcome());
        assertEquals("21", r.out());
        assertEquals(0, r.exit());
    }
}
