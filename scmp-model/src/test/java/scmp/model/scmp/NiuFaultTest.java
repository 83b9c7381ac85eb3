package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.cpu.GuestFault;

/**
 * Misuse of the NIU is a guest fault of the sending thread, at the instruction (docs/timing.md section 3.1); a
 * message the receiver cannot deliver is a fault of the receiving node's NIU (thread -1), which names the
 * sender and points at the message's sendh (section 3.2); a DMA read fault is the sending thread's, at its sendm.
 */
class NiuFaultTest {

    private static GuestFault fault(String body) {
        Chip chip = new Chip("""
                    .text
                    .globl _start
                _start:
                    li s0, 1
                """ + body.replace(';', '\n') + """

                1:  j 1b
                worker:
                    endt
                    .data
                    .align 4
                src: .word 1, 2, 3
                """, 2, 1).run(1_000, null);
        assertNotNull(chip.fault, "no fault");
        return chip.fault;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        sende zero                                   | 0 | 0 | 1 | NIU misuse: data flit without a head flit (no sendh before it)
        la t0, src; li t1, 0x10001; sendm t0, t1     | 0 | 0 | 5 | NIU misuse: data flit without a head flit (no sendh before it)
        sendh_i s0, DATA, 0x100; sendh_i s0, DATA, 0x100 | 0 | 0 | 2 | NIU misuse: sendh while a message is still open (its tail flit was not sent)
        sendh_i s0, 7, 0x100                         | 0 | 0 | 1 | NIU misuse: message of unknown type 7
        li t0, 2; sendh_i t0, DATA, 0x100            | 0 | 0 | 2 | NIU misuse: message to node 2, but the mesh has 2 nodes
        sendh_i s0, DATA, 0x100; sendme zero, zero   | 0 | 0 | 2 | NIU misuse: sendme with a word count of 0 cannot end the message
        sendh_i s0, DATA, 0x100; endt                | 0 | 0 | 2 | NIU misuse: endt while the thread's message is open (its tail flit was not sent)
        sendh_i s0, DATA, 0x100; la t0, src; addi t0, t0, 2; li t1, 0x10001; sendme t0, t1 | 0 | 0 | 7 | misaligned 4-byte DMA read
        sendh_i s0, DATA, 0x1000; sende zero         | 1 | -1 | 1 | DATA message from node 0 thread 0: DMA write into the program text
        sendh_i s0, DATA, 0x100; sende zero          | 1 | -1 | 1 | DATA message from node 0 thread 0: DMA write to unmapped memory (a null pointer?)
        sendh_i s0, THREAD, 0x2000; sende zero       | 1 | -1 | 1 | THREAD message from node 0 thread 0 starts a thread at 0x2000, outside the program text
        """)
    void faultIsLocatedAndDescribed(String body, int node, int thread, int pcIndex, String description) {
        GuestFault g = fault(body);
        assertEquals(node, g.node());
        assertEquals(thread, g.thread());
        // the faulting instruction, or for a receiving NIU the message's sendh: the pcIndex-th instruction of _start
        assertEquals(0x1000 + 4 * pcIndex, g.pc(), description);
        assertTrue(g.description().startsWith(description), g.description());
    }
}
