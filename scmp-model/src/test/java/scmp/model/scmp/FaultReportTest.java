package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.machine.Machine;

/**
 * Every kind of guest fault ends the run with exit code 139 and exactly one line saying what happened, where
 * (node, thread, pc and symbol) and, for memory and jumps, at which address.
 */
class FaultReportTest {

    private static final String HEAD = """
                .text
                .globl _start
            _start:
            """;

    private static void check(String body, String expected) {
        Sim.Run r = Sim.run(HEAD + body.replace(';', '\n'));
        assertEquals(Machine.Outcome.FAULT, r.result().outcome(), r.message());
        assertEquals(139, r.exit());
        assertEquals(expected, r.message());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        li t0, 16; lw t1, 0(t0)             | load from unmapped memory (a null pointer?) at pc 0x00001004 (_start+0x4), address 0x00000010
        li t0, -4; sw zero, 0(t0)           | store to unmapped memory at pc 0x00001004 (_start+0x4), address 0xfffffffc
        lw t1, 2(sp)                        | misaligned 4-byte load at pc 0x00001000 (_start), address 0x007ff002
        la t0, _start; sh zero, 0(t0)       | store into the program text at pc 0x00001008 (_start+0x8), address 0x00001000
        nop; .word 0xffffffff               | illegal instruction 0xffffffff at pc 0x00001004 (_start+0x4)
        li t0, 1; div t0, t0, zero          | integer division by zero at pc 0x00001004 (_start+0x4)
        jr zero                             | jump to 0x0 outside the program text at pc 0x00001000 (_start), address 0x00000000
        nop                                 | execution ran off the end of the program text at pc 0x00001004, address 0x00001004
        f: addi sp, sp, -1024; sw ra, 0(sp); jal f | stack overflow: store in the guard of thread 0's stack at pc 0x00001004 (_start+0x4), address 0x007ef000
        sende zero                          | NIU misuse: data flit without a head flit (no sendh before it) at pc 0x00001000 (_start)
        sendh_i zero, DATA, 0x100; sendh_i zero, DATA, 0x100 | NIU misuse: sendh while a message is still open (its tail flit was not sent) at pc 0x00001004 (_start+0x4)
        sendh_i zero, DATA, 0x100; sendme sp, zero | NIU misuse: sendme with a word count of 0 cannot end the message at pc 0x00001004 (_start+0x4)
        sendh_i zero, 5, 0x100              | NIU misuse: message of unknown type 5 at pc 0x00001000 (_start)
        li t0, 1; sendh_i t0, DATA, 0x100   | NIU misuse: message to node 1, but the mesh has 1 node at pc 0x00001004 (_start+0x4)
        li t0, 0x40008; addi t1, sp, 2; sendh_i zero, DATA, 0x100; sendm t1, t0 | misaligned 4-byte DMA read at pc 0x00001010 (_start+0x10), address 0x007ff002
        sendh_i zero, DATA, 0x100; endt     | NIU misuse: endt while the thread's message is open (its tail flit was not sent) at pc 0x00001004 (_start+0x4)
        """)
    void faultEndsWithOneLine(String body, String report) {
        check(body, "scmpsim: node 0 thread 0: " + report);
    }

    /**
     * A message the receiving NIU cannot deliver is a fault of the receiving node (docs/timing.md section 3.2); the
     * report names the NIU, the sender and the sender's {@code sendh}.
     */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        sendh_i zero, THREAD, 0x1000; li t0, 13; 1: send2 t0, t0; addi t0, t0, -1; bnez t0, 1b; 2: j 2b | THREAD message from node 0 thread 0 with more than 24 data words, sent at pc 0x00001000 (_start)
        li t0, 3; sendh_i zero, DATA, 0x1000; sende zero; 1: j 1b | DATA message from node 0 thread 0: DMA write into the program text, address 0x00001000, sent at pc 0x00001004 (_start+0x4)
        sendh_i zero, THREAD, 0; sende zero; endt | THREAD message from node 0 thread 0 starts a thread at 0x0, outside the program text, sent at pc 0x00001000 (_start)
        """)
    void undeliverableMessageIsAFaultOfTheReceivingNiu(String body, String report) {
        check(body, "scmpsim: node 0 NIU: " + report);
    }
}
