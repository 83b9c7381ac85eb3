package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The access map of a node's memory. */
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
}
