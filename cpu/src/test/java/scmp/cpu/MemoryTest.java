package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The access map of a node's memory and its allocation in pages. */
class MemoryTest {

    @Test
    void textPageSharedWithDataIsCheckedByteExactly() {
        Memory m = new Memory(64 << 10);
        m.mapText(0x1000, 0x1208);            // the page 0x1000..0x13ff holds text up to 0x1207
        m.sw(0x1208, 7);                      // the data after the text is writable
        assertEquals(7, m.lw(0x1208));
        GuestFault g = assertThrows(GuestFault.class, () -> m.sw(0x1204, 1));
        assertEquals(GuestFault.Kind.WRITE_TO_TEXT, g.kind());
        GuestFault d = assertThrows(GuestFault.class, () -> m.sd(0x1200, 1));
        assertEquals(GuestFault.Kind.WRITE_TO_TEXT, d.kind());
        assertEquals(0x1200, d.address());
        assertEquals(0, m.lw(0x1200));        // text is readable
    }

    @Test
    void dmaFollowsTheSameRules() {
        Memory m = new Memory(64 << 10);
        m.mapNullGuard(0, 0x1000);
        m.mapText(0x1000, 0x2000);
        m.dmaWrite(0x3000, 5);
        assertEquals(5, m.dmaRead(0x3000));
        assertEquals("DMA write into the program text",
                assertThrows(GuestFault.class, () -> m.dmaWrite(0x1000, 1)).description());
        assertEquals("misaligned 4-byte DMA read", assertThrows(GuestFault.class, () -> m.dmaRead(0x3002)).description());
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.dmaRead(0x10000)).kind());
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.dmaRead(0x0)).kind());
    }

    @Test
    void hostCopiesCheckEveryPage() {
        Memory m = new Memory(64 << 10);
        m.mapStackGuard(0x4000, 0x400, 3);
        byte[] buf = new byte[0x800];
        m.hostRead(0x3000, buf, 0, 0x1000 - 0x800);
        GuestFault g = assertThrows(GuestFault.class, () -> m.hostWrite(0x3F00, buf, 0, 0x200));
        assertEquals(GuestFault.Kind.STACK_OVERFLOW, g.kind());
        assertEquals(0x4000, g.address());
        assertEquals(GuestFault.Kind.UNMAPPED,
                assertThrows(GuestFault.class, () -> m.hostRead(0xFF00, buf, 0, 0x200)).kind());
        m.load(0x5000, "hi\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("hi", m.hostReadCString(0x5000, 10));
        assertEquals(null, m.hostReadCString(0x5000, 2));
    }

    @Test
    void pagesAreAllocatedAtTheirFirstWriteOnly() {
        Memory m = new Memory(8 << 20);
        assertEquals(0, m.allocatedBytes());
        assertEquals(0, m.lw(0x7FFFFC));                  // never written: zero, through the shared zero page
        assertEquals(0L, m.ld(0x400000));
        assertEquals(0, m.dmaRead(0x2000));
        assertEquals(0, m.peek(0x2000));
        m.zero(0x10000, 0x80000);                         // a NOBITS section allocates nothing
        byte[] buf = new byte[3000];
        buf[0] = 1;
        m.hostRead(0x3F00, buf, 0, buf.length);           // across three unwritten pages
        assertEquals(0, buf[0]);
        assertEquals(0, m.allocatedBytes());

        m.sb(0x5001, 0x7F);
        assertEquals(Memory.PAGE_SIZE, m.allocatedBytes());
        assertEquals(0x7F00, m.lw(0x5000));
        assertEquals(0x7F, m.lbu(0x5001));
        m.sd(0x5008, -2L);
        m.sh(0x53FE, 0x1234);                             // the page's last halfword
        assertEquals(Memory.PAGE_SIZE, m.allocatedBytes());
        assertEquals(-2L, m.ld(0x5008));
        assertEquals(0x1234, m.lhu(0x53FE));
        assertEquals(0, m.lw(0x5400));                    // the next page is still unwritten

        m.dmaWrite(0x6000, 9);
        assertEquals(10, m.dmaReadModifyWrite(0x6000, 1, true) + 1);
        assertEquals(10, m.lw(0x6000));
        byte[] text = new byte[Memory.PAGE_SIZE + 8];
        java.util.Arrays.fill(text, (byte) 0x55);
        m.hostWrite(0x7FFC, text, 0, text.length);        // three pages, two of them partly
        assertEquals(0x55555555, m.lw(0x7FFC));
        assertEquals(0x55555555, m.lw(0x8400));
        assertEquals(0, m.lw(0x8404));
        assertEquals(5 * Memory.PAGE_SIZE, m.allocatedBytes());
    }

    @Test
    void guardsAndTextKeepTheirRulesOverUnwrittenAndWrittenPages() {
        Memory m = new Memory(64 << 10);
        m.load(0x1000, new byte[] {1, 2, 3, 4});
        m.mapNullGuard(0, 0x1000);
        m.mapText(0x1000, 0x1004);
        m.mapStackGuard(0x8000, 0x400, 2);
        assertEquals(0x04030201, m.lw(0x1000));
        assertEquals(GuestFault.Kind.WRITE_TO_TEXT, assertThrows(GuestFault.class, () -> m.sw(0x1000, 0)).kind());
        m.sw(0x1004, 6);                                  // the rest of the text's last page
        assertEquals(6, m.lw(0x1004));
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.lw(0x10)).kind());
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.sb(0x10, 0)).kind());
        assertEquals(GuestFault.Kind.STACK_OVERFLOW, assertThrows(GuestFault.class, () -> m.lb(0x8004)).kind());
        assertEquals(GuestFault.Kind.STACK_OVERFLOW, assertThrows(GuestFault.class, () -> m.sd(0x8008, 0)).kind());
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.sw(0x10000, 0)).kind());
        assertEquals(GuestFault.Kind.UNMAPPED, assertThrows(GuestFault.class, () -> m.lw(-4)).kind());
        assertEquals(GuestFault.Kind.MISALIGNED, assertThrows(GuestFault.class, () -> m.sw(0x2002, 0)).kind());
        m.poke(0x8000, 42);                               // raw writes ignore the map; the guard still faults
        assertEquals(42, m.peek(0x8000));
        assertEquals(GuestFault.Kind.STACK_OVERFLOW, assertThrows(GuestFault.class, () -> m.lw(0x8000)).kind());
        assertEquals(2 * Memory.PAGE_SIZE, m.allocatedBytes()); // the text's page and the guard's
    }

    @Test
    void trackedStoresAreComparedWithThePagesBeforeThem() {
        Memory m = new Memory(64 << 10);
        m.mapText(0x1000, 0x1208);
        m.sw(0x2000, 5);
        m.track(true);
        assertTrue(m.unchangedSinceTracked());
        m.sw(0x2000, 9);                      // a frame pushed ...
        m.sb(0x2004, 1);
        m.sw(0x3000, 0);                      // a page never written, written with what it read as
        assertFalse(m.unchangedSinceTracked());
        m.sw(0x2000, 5);                      // ... and popped
        m.sb(0x2004, 0);
        assertTrue(m.unchangedSinceTracked());
        m.sd(0x3008, 1);
        assertFalse(m.unchangedSinceTracked(), "a word left behind on a page allocated while tracked");
        assertThrows(GuestFault.class, () -> m.sw(0x1204, 1), "the map still holds while tracked");
        m.track(false);
        assertTrue(m.unchangedSinceTracked(), "nothing tracked");
        m.sw(0x1208, 3);
        assertEquals(3, m.lw(0x1208));
        assertEquals(1, m.lw(0x3008));
    }
}
