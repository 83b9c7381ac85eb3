package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The data cache beside a memory: what a load sees after stores, writes behind its back and invalidations. */
class DataCacheTest {
    private final Memory mem = new Memory(64 << 10);
    private final DataCache cache = new DataCache(8 << 10);

    @Test
    void aWordWrittenBehindTheCacheStaysStaleUntilInvalidated() {
        mem.sw(0x1000, 5);
        assertEquals(5, cache.lw(mem, 0x1000));
        mem.dmaWrite(0x1000, 9);                    // a remote write: memory only
        assertEquals(5, cache.lw(mem, 0x1000));
        assertEquals(1, cache.hits());
        cache.invalidate(0x101f, 1);                // the line's last byte
        assertEquals(9, cache.lw(mem, 0x1000));
        mem.dmaWrite(0x1000, 11);
        cache.invalidateAll();
        assertEquals(11, cache.lw(mem, 0x1000));
    }

    @Test
    void storesWriteThroughAndUpdateCachedWordsByteByByte() {
        mem.sw(0x2000, 0x11223344);
        assertEquals(0x11223344, cache.lw(mem, 0x2000));
        mem.dmaWrite(0x2000, 0);                    // stale from here on
        cache.sb(mem, 0x2001, 0xAA);
        assertEquals(0x1122AA44, cache.lw(mem, 0x2000), "the byte merges into the stale word");
        assertEquals(0x0000AA00, mem.lw(0x2000), "memory has the byte alone");
        cache.sh(mem, 0x2002, 0xBEEF);
        assertEquals((short) 0xBEEF, cache.lh(mem, 0x2002));
        assertEquals((byte) 0xAA, cache.lb(mem, 0x2001));
        assertEquals(0xAA, cache.lbu(mem, 0x2001));
        cache.sd(mem, 0x2008, 0x0102030405060708L);
        assertEquals(0x0102030405060708L, cache.ld(mem, 0x2008));
    }

    @Test
    void linesEightKilobytesApartEvictEachOther() {
        mem.sw(0x0100, 1);
        mem.sw(0x2100, 2);
        assertEquals(1, cache.lw(mem, 0x0100));
        mem.dmaWrite(0x0100, 3);
        assertEquals(2, cache.lw(mem, 0x2100));     // same line of the direct-mapped cache
        assertEquals(3, cache.lw(mem, 0x0100), "evicted, so read again");
    }

    @Test
    void faultsAreThoseOfTheMemory() {
        assertThrows(GuestFault.class, () -> cache.lw(mem, 0x1002));
        assertThrows(GuestFault.class, () -> cache.lh(mem, 0x1001));
        assertThrows(GuestFault.class, () -> cache.ld(mem, 0x1004));
        assertThrows(GuestFault.class, () -> cache.lw(mem, 64 << 10));
        assertThrows(IllegalArgumentException.class, () -> new DataCache(3000));
    }

    @Test
    void theStateCopyHoldsTagsValidBitsAndWordsStaleOnesIncluded() {
        mem.sw(0x1000, 5);
        long[] empty = cache.state();
        cache.lw(mem, 0x1000);
        long[] filled = cache.state();
        assertFalse(java.util.Arrays.equals(empty, filled), "a fill changes it");
        cache.lw(mem, 0x1000);
        assertArrayEquals(filled, cache.state(), "a hit does not");
        mem.dmaWrite(0x1000, 9);
        assertArrayEquals(filled, cache.state(), "a write behind the cache does not either");
        cache.sw(mem, 0x1000, 9);
        assertFalse(java.util.Arrays.equals(filled, cache.state()), "a store into the stale word does");
    }
}
