package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.isa.Instruction.*;

import org.junit.jupiter.api.Test;
import scmp.isa.Abi;

/** Guest faults detected by the interpreter and the memory: kind, description, pc, address and cycle. */
class FaultTest {
    static final int ZERO = 0, SP = 2, T0 = 12, T1 = 13;

    private static GuestFault fault(Harness h) {
        Harness.Run r = h.run();
        assertEquals(Node.Stop.FAULT, r.node.stop());
        GuestFault g = r.fault();
        assertTrue(g.isLocated());
        assertEquals(0, g.node());
        return g;
    }

    @Test
    void nullPointerLoad() {
        GuestFault g = fault(new Harness().op(ADDI, T0, ZERO, 0).op(LW, T1, 16, T0));
        assertEquals(GuestFault.Kind.UNMAPPED, g.kind());
        assertEquals(0x10, g.address());
        assertEquals(Harness.BASE + 4, g.pc());
        assertEquals(1, g.cycle());
        assertTrue(g.description().startsWith("load from unmapped memory"), g.description());
    }

    @Test
    void addressBeyondMemory() {
        GuestFault g = fault(new Harness().op(LUI, T0, 0x7000).op(SW, ZERO, 0, T0));
        assertEquals(GuestFault.Kind.UNMAPPED, g.kind());
        assertEquals(0x70000000, g.address());
        assertEquals("store to unmapped memory", g.description());
    }

    @Test
    void misalignedAccess() {
        GuestFault g = fault(new Harness().op(LH, T1, 1, SP));
        assertEquals(GuestFault.Kind.MISALIGNED, g.kind());
        assertEquals("misaligned 2-byte load", g.description());
        assertEquals(Abi.stackTop(Harness.MEM, Harness.STACK, 0) + 1, g.address());
        GuestFault d = fault(new Harness().op(FSD, 1, 4, SP));
        assertEquals("misaligned 8-byte store", d.description());
    }

    @Test
    void storeIntoText() {
        GuestFault g = fault(new Harness().li(T0, Harness.BASE).op(SW, ZERO, 0, T0));
        assertEquals(GuestFault.Kind.WRITE_TO_TEXT, g.kind());
        assertEquals("store into the program text", g.description());
        assertEquals(Harness.BASE, g.address());
    }

    @Test
    void textPagesRemainReadable() {
        Harness.Run r = new Harness().li(T0, Harness.BASE).op(LW, T1, 0, T0).exit().run();
        assertEquals(Node.Stop.HALTED, r.node.stop());
        assertEquals(r.mem.peek(Harness.BASE), r.reg(T1));
    }

    @Test
    void stackOverflowHitsTheGuard() {
        int guard = Abi.stackTop(Harness.MEM, Harness.STACK, 0) - Harness.STACK;
        GuestFault g = fault(new Harness().li(SP, guard + 0x3F8).op(SW, ZERO, 0, SP));
        assertEquals(GuestFault.Kind.STACK_OVERFLOW, g.kind());
        assertEquals("stack overflow: store in the guard of thread 0's stack", g.description());
        assertEquals(guard + 0x3F8, g.address());
    }

    @Test
    void illegalInstruction() {
        GuestFault g = fault(new Harness().op(ADDI, T0, ZERO, 1).word(0xFFFFFFFF));
        assertEquals(GuestFault.Kind.ILLEGAL_INSTRUCTION, g.kind());
        assertEquals("illegal instruction 0xffffffff", g.description());
        assertFalse(g.hasAddress());
        assertEquals(Harness.BASE + 4, g.pc());
    }

    @Test
    void divisionByZero() {
        GuestFault g = fault(new Harness().op(ADDI, T0, ZERO, 1).op(REMU, T1, T0, ZERO));
        assertEquals(GuestFault.Kind.DIVIDE_BY_ZERO, g.kind());
        assertEquals("integer division by zero", g.description());
    }

    @Test
    void jumpOutsideTheText() {
        GuestFault g = fault(new Harness().op(JALR, ZERO, ZERO, 0));
        assertEquals(GuestFault.Kind.BAD_JUMP, g.kind());
        assertEquals("jump to 0x0 outside the program text", g.description());
        assertEquals(0, g.address());
        assertEquals(Harness.BASE, g.pc());
    }

    @Test
    void branchOutsideTheText() {
        GuestFault g = fault(new Harness().op(BEQ, ZERO, ZERO, -8));
        assertEquals(GuestFault.Kind.BAD_JUMP, g.kind());
        assertEquals(Harness.BASE - 8, g.address());
    }

    @Test
    void runningOffTheEndOfTheText() {
        GuestFault g = fault(new Harness().op(ADDI, T0, ZERO, 1));
        assertEquals(GuestFault.Kind.BAD_JUMP, g.kind());
        assertEquals("execution ran off the end of the program text", g.description());
        assertEquals(Harness.BASE + 4, g.pc());
    }

    @Test
    void threadStartOutsideTheText() {
        Harness h = new Harness().op(ENDT);
        Harness.Run r = h.prepare();
        GuestFault g = assertThrows(GuestFault.class, () -> r.node.startThread(5, 0x40, new int[0], 0));
        assertEquals(GuestFault.Kind.BAD_JUMP, g.kind());
        assertEquals(0, g.thread());
        assertEquals(5, g.cycle());
    }

    @Test
    void portMisuseIsLocatedAtTheNetworkInstruction() {
        Harness h = new Harness().op(ADDI, T0, ZERO, 1).op(SENDE, T0);
        Harness.Run r = h.prepare();
        r.node.setNetworkPort(NetworkPort.NONE);
        r.node.boot(Harness.BASE, 0, 0);
        r.finish();
        assertEquals(GuestFault.Kind.NIU_MISUSE, r.fault().kind());
        assertEquals(Harness.BASE + 4, r.fault().pc());
        assertEquals(1, r.fault().cycle());
    }

    @Test
    void hostCallFaultIsLocatedAtTheHcall() {
        // write(1, NULL, 4): the host reads unmapped memory
        Harness h = new Harness().op(ADDI, 4, ZERO, 1).op(ADDI, 5, ZERO, 0).op(ADDI, 6, ZERO, 4)
                .op(HCALL, scmp.isa.HostCall.WRITE.ordinal());
        GuestFault g = fault(h);
        assertEquals(GuestFault.Kind.UNMAPPED, g.kind());
        assertEquals(Harness.BASE + 12, g.pc());
        assertTrue(g.description().startsWith("host call reading guest memory from unmapped memory"), g.description());
    }
}
