package scmp.cpu;

/**
 * A direct-mapped, write-through, read-allocate data cache beside a node's {@link Memory}, as the Cray T3D's 8 KB
 * cache of the Alpha 21064 (docs/t3d.md, "Data cache"): the engine {@link CachedInterpreter} sends the core's loads
 * and stores through it; everything else (remote writes through the {@link RemotePort}, DMA, the host) writes the
 * memory alone, so a cached word goes stale until the program invalidates it ({@link #invalidate},
 * {@link #invalidateAll}). That is the coherence caveat of the T3D's remote writes.
 *
 * <p>Lines are 32 bytes; a line keeps a valid bit per word, filled word by word as loads miss, so that a fill
 * never reads memory a load could not (a guard page next to the word). A load that misses reads memory exactly as
 * it would without a cache (and faults the same way); a store writes memory first, then updates the words of its
 * line that are cached. The cache decides which value a load sees, not when: loads keep the core's timing.
 */
public final class DataCache {
    /** Bytes per line. */
    public static final int LINE_BYTES = 32;
    private static final int WORDS = LINE_BYTES / 4;

    private final int mask;
    private final int[] tag;
    private final int[] word;
    private final boolean[] valid;
    private long hits;
    private long misses;

    /**
     * Creates an empty cache.
     *
     * @param bytes its size: a power of two, at least one line
     */
    public DataCache(int bytes) {
        if (bytes < LINE_BYTES || Integer.bitCount(bytes) != 1) {
            throw new IllegalArgumentException("a data cache of " + bytes + " bytes: a power of two of at least "
                    + LINE_BYTES + " is needed");
        }
        int lines = bytes / LINE_BYTES;
        this.mask = lines - 1;
        this.tag = new int[lines];
        java.util.Arrays.fill(tag, -1);
        this.word = new int[lines * WORDS];
        this.valid = new boolean[lines * WORDS];
    }

    /** Returns the slot of the word at {@code addr} when it is cached, else -1. */
    private int cached(int addr) {
        int line = (addr >>> 5) & mask;
        int w = (line << 3) | ((addr >>> 2) & (WORDS - 1));
        return tag[line] == addr >>> 5 && valid[w] ? w : -1;
    }

    /** Puts the word {@code v} at word-aligned {@code addr} in the cache, replacing the line if another holds it. */
    private void fill(int addr, int v) {
        int line = (addr >>> 5) & mask;
        if (tag[line] != addr >>> 5) {
            tag[line] = addr >>> 5;
            java.util.Arrays.fill(valid, line << 3, (line + 1) << 3, false);
        }
        int w = (line << 3) | ((addr >>> 2) & (WORDS - 1));
        word[w] = v;
        valid[w] = true;
    }

    /** The word holding {@code addr}, from the cache or, on a miss, from memory (after {@code check} faulted). */
    private int wordOf(Memory mem, int addr) {
        int a = addr & ~3;
        int w = cached(a);
        if (w >= 0) {
            hits++;
            return word[w];
        }
        misses++;
        int v = mem.lw(a);
        fill(a, v);
        return v;
    }

    /** Loads a word. */
    public int lw(Memory mem, int addr) {
        if ((addr & 3) != 0) {
            return mem.lw(addr);    // the alignment fault
        }
        return wordOf(mem, addr);
    }

    /** Loads a sign-extended byte. */
    public int lb(Memory mem, int addr) {
        if (cached(addr & ~3) < 0) {
            mem.lb(addr);           // a fault, as without a cache
        }
        return (byte) (wordOf(mem, addr) >>> (8 * (addr & 3)));
    }

    /** Loads a zero-extended byte. */
    public int lbu(Memory mem, int addr) {
        return lb(mem, addr) & 0xFF;
    }

    /** Loads a sign-extended halfword. */
    public int lh(Memory mem, int addr) {
        if ((addr & 1) != 0 || cached(addr & ~3) < 0) {
            mem.lh(addr);
        }
        return (short) (wordOf(mem, addr) >>> (8 * (addr & 2)));
    }

    /** Loads a zero-extended halfword. */
    public int lhu(Memory mem, int addr) {
        return lh(mem, addr) & 0xFFFF;
    }

    /** Loads a double word. */
    public long ld(Memory mem, int addr) {
        if ((addr & 7) != 0 || cached(addr) < 0 || cached(addr + 4) < 0) {
            mem.ld(addr);
        }
        long lo = wordOf(mem, addr) & 0xFFFF_FFFFL;
        return lo | (long) wordOf(mem, addr + 4) << 32;
    }

    /** Stores a byte: memory, then the cached word if any. */
    public void sb(Memory mem, int addr, int v) {
        mem.sb(addr, v);
        int w = cached(addr & ~3);
        if (w >= 0) {
            int s = 8 * (addr & 3);
            word[w] = (word[w] & ~(0xFF << s)) | ((v & 0xFF) << s);
        }
    }

    /** Stores a halfword. */
    public void sh(Memory mem, int addr, int v) {
        mem.sh(addr, v);
        int w = cached(addr & ~3);
        if (w >= 0) {
            int s = 8 * (addr & 2);
            word[w] = (word[w] & ~(0xFFFF << s)) | ((v & 0xFFFF) << s);
        }
    }

    /** Stores a word. */
    public void sw(Memory mem, int addr, int v) {
        mem.sw(addr, v);
        int w = cached(addr);
        if (w >= 0) {
            word[w] = v;
        }
    }

    /** Stores a double word. */
    public void sd(Memory mem, int addr, long v) {
        mem.sd(addr, v);
        int w = cached(addr);
        if (w >= 0) {
            word[w] = (int) v;
        }
        w = cached(addr + 4);
        if (w >= 0) {
            word[w] = (int) (v >>> 32);
        }
    }

    /**
     * Invalidates the lines that hold any byte of {@code [addr, addr + bytes)}.
     *
     * @param addr  the first byte
     * @param bytes the length; 0 or less invalidates nothing
     */
    public void invalidate(int addr, int bytes) {
        if (bytes <= 0) {
            return;
        }
        long first = (addr & 0xFFFF_FFFFL) >>> 5;
        long last = ((addr & 0xFFFF_FFFFL) + bytes - 1) >>> 5;
        if (last - first > mask) {
            invalidateAll();
            return;
        }
        for (long la = first; la <= last; la++) {
            int line = (int) la & mask;
            if (tag[line] == (int) la) {
                tag[line] = -1;
                java.util.Arrays.fill(valid, line << 3, (line + 1) << 3, false);
            }
        }
    }

    /** Invalidates every line. */
    public void invalidateAll() {
        java.util.Arrays.fill(tag, -1);
        java.util.Arrays.fill(valid, false);
    }

    /**
     * Returns a copy of everything in the cache that decides what later loads see and how long they take: each
     * line's tag, and each word's valid bit and value (the counters are not included). Two equal copies mean the
     * cache holds the same, stale words included; the machine's livelock proof compares them
     * ({@code Hardware#silentState}).
     *
     * @return the copy
     */
    public long[] state() {
        long[] out = new long[tag.length + word.length];
        for (int i = 0; i < tag.length; i++) {
            out[i] = tag[i];
        }
        for (int i = 0; i < word.length; i++) {
            out[tag.length + i] = valid[i] ? word[i] & 0xFFFF_FFFFL : -1;
        }
        return out;
    }

    /** Returns the loads that found their word cached. */
    public long hits() {
        return hits;
    }

    /** Returns the loads that read memory. */
    public long misses() {
        return misses;
    }
}
