package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.isa.Instruction.*;

import org.junit.jupiter.api.Test;

/** Another node's hardware reads and writes a node's memory through its remote port, at cycles it has not run past. */
class RemotePortTest {
    static final int ZERO = 0, A0 = 4, T0 = 12, T1 = 13;
    static final int WORD = Harness.DATA;

    /** Loads the word at DATA at cycle 10 (into t0) and at cycle 20 (into a0), and exits with the second. */
    private static Harness.Run loader() {
        Harness h = new Harness().li(T1, WORD);   // lui 0, ori 1
        for (int k = 0; k < 8; k++) {
            h.op(ADDI, ZERO, ZERO, 0);            // 2..9
        }
        h.op(LW, T0, 0, T1);                      // 10
        for (int k = 0; k < 9; k++) {
            h.op(ADDI, ZERO, ZERO, 0);            // 11..19
        }
        h.op(LW, A0, 0, T1).exit();               // lw 20, hcall 22
        return h.prepare();
    }

    @Test
    void aWriteIsSeenByTheLoadsAtAndAfterItsLandingCycle() {
        Harness.Run r = loader();
        r.node.boot(Harness.BASE, 0, 0);
        r.node.runUntil(10);
        assertEquals(10, r.node.ranTo());
        r.node.remote().write(10, WORD, 77);       // lands at 10: the lw at 10 sees it
        r.node.runUntil(21);
        assertEquals(77, r.reg(T0));
        assertEquals(77, r.reg(A0));
        r.node.remote().write(21, WORD, 99);       // lands after the lw at 20, before the hcall at 22
        r.finish();
        assertEquals(77, (int) r.exitStatus);
        assertEquals(99, r.mem.peek(WORD));
        assertEquals(new RemoteStats(0, 2, 0, 0), r.node.remote().stats());
        assertEquals(2, r.node.remote().effects());
    }

    @Test
    void anAccessLandingWhereTheNodeHasRunIsABug() {
        Harness.Run r = loader();
        r.node.boot(Harness.BASE, 0, 0);
        r.node.runUntil(11);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.node.remote().write(10, WORD, 1));
        assertEquals("a remote access landing at cycle 10 on node 0, which has already run to cycle 11", e.getMessage());
        assertThrows(IllegalStateException.class, () -> r.node.remote().read(3, WORD));
        assertEquals(0, r.node.remote().effects(), "nothing was written");
    }

    @Test
    void swapFetchAndAddAndStridedBlocks() {
        Harness.Run r = loader();
        RemotePort p = r.node.remote();
        p.write(0, WORD, 5);
        assertEquals(5, p.swap(0, WORD, 8));
        assertEquals(8, p.fetchAdd(0, WORD, 1));
        assertEquals(9, p.fetchAdd(0, WORD, -3));
        assertEquals(6, p.read(0, WORD));
        p.writeBlock(0, WORD + 16, 2, new int[] {0, 1, 2, 3}, 1, 3);   // words 1, 2, 3 at +16, +24, +32
        assertEquals(2, r.mem.peek(WORD + 24));
        int[] back = new int[4];
        p.readBlock(0, WORD + 32, -2, back, 0, 3);                     // +32, +24, +16
        assertArrayEquals(new int[] {3, 2, 1, 0}, back);
        assertEquals(new RemoteStats(4, 4, 1, 2), p.stats());
    }

    @Test
    void remoteAccessesFollowTheRulesOfDma() {
        Harness.Run r = loader();
        GuestFault text = assertThrows(GuestFault.class, () -> r.node.remote().write(0, Harness.BASE, 1));
        assertEquals(GuestFault.Kind.WRITE_TO_TEXT, text.kind());
        assertEquals("DMA write into the program text", text.description());
        GuestFault odd = assertThrows(GuestFault.class, () -> r.node.remote().swap(0, WORD + 2, 1));
        assertEquals(GuestFault.Kind.MISALIGNED, odd.kind());
        GuestFault guard = assertThrows(GuestFault.class, () -> r.node.remote().fetchAdd(0, 0x10, 1));
        assertTrue(guard.description().contains("null pointer"), guard.description());
        assertEquals(0, r.node.remote().effects(), "a refused access counts nothing");
    }
}
