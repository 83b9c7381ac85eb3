package scmp.cpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The local memory of one node: little-endian bytes in 1 KiB pages allocated on first write, with an access map
 * at the same granularity.
 *
 * <p>The map marks pages that no one may touch (the null guard at 0..0xFFF and the guard at the bottom of each
 * thread context's stack, docs/abi.md) and the pages of the program text, which are read-only because the core
 * executes a pre-decoded copy of them. A page that holds both the end of the text and the start of the next
 * section is checked byte-exactly on stores.
 *
 * <p>A node's memory costs host memory in proportion to the pages it has written, not to its size (a 32x32 SPMD
 * run has 1024 memories of 8 MiB by default, of which a small program writes a few dozen KiB each;
 * docs/performance.md). A page is allocated at its first write; until then it reads as zero, through one shared
 * page of zeros. Two tables of pages make the checks of the hot paths one lookup each: a load reads through
 * {@code readable}, which holds the page, the shared zero page when the page was never written, or null when no
 * load may read it; a store writes through {@code writable}, which holds the page only when it is allocated and
 * every byte of it may be stored. Everything else (a store to an unwritten page, next to the text, into a guard,
 * misaligned or outside memory) takes the slow path, which allocates or faults.
 *
 * <p>Accesses come in four flavours with the same rules: the core's loads and stores (naturally aligned
 * bytes, halfwords, words and doubles), DMA word accesses (the NIU's DMA engine, and other nodes' hardware
 * through the node's {@link RemotePort}), host-call copies, and the loader's raw writes, which ignore the map. A
 * violation throws a {@link GuestFault} that names the access ("store into the program text", "misaligned 4-byte
 * load") and the address.
 */
public final class Memory {
    /** log2 of the access map's and the allocation's granularity. */
    public static final int PAGE_SHIFT = 10;
    /** The access map's and the allocation's granularity in bytes. */
    public static final int PAGE_SIZE = 1 << PAGE_SHIFT;
    private static final int OFFSET = PAGE_SIZE - 1;

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** What every page never written reads as; shared by all memories, never written. */
    private static final byte[] ZERO_PAGE = new byte[PAGE_SIZE];

    private static final byte NO_READ = 1, NO_WRITE = 2;
    private static final byte RW = 0, TEXT = 1, TEXT_EDGE = 2, NULL_GUARD = 3, STACK_GUARD = 4;

    /** The kinds of access, for fault descriptions. */
    public enum Access {
        LOAD("load", false), STORE("store", true), DMA_READ("DMA read", false), DMA_WRITE("DMA write", true),
        HOST_READ("host call reading guest memory", false), HOST_WRITE("host call writing guest memory", true);

        final String label;
        final boolean write;

        Access(String label, boolean write) {
            this.label = label;
            this.write = write;
        }
    }

    private final int size;
    private final int pages;
    /** Per page: its bytes, or null while it was never written. */
    private final byte[][] data;
    /** Per page: what a load reads (its bytes, or {@link #ZERO_PAGE}), or null when no load may read it. */
    private final byte[][] readable;
    /** Per page: its bytes when it is allocated and a store may write every byte of it, otherwise null. */
    private final byte[][] writable;
    private final byte[] access;
    private final byte[] kind;
    private final byte[] owner;
    private int allocated;
    /**
     * While the node's stores are tracked ({@link #track}): per page, its bytes before the first store since, the
     * shared zero page for a page not allocated then, or null while the page was not stored to; else null.
     */
    private byte[][] before;
    /** The pages {@link #before} holds, in the order of their first store. */
    private int[] beforePages = new int[0];
    private int beforeCount;
    private int textStart;
    private int textEnd;
    /**
     * In a {@linkplain #copyOnWrite() copy}: per page, whether its bytes are still those of the memory it was copied
     * from (copied at the copy's first write to it); else null.
     */
    private final boolean[] shared;
    /** The memory a copy was made from, or null. */
    private final Memory base;
    /** Grows whenever a page's entry of the load or store table changes ({@link #publish}). */
    private long version;
    /** In a copy: the version of the memory it was copied from that it reflects, and the pages it has written. */
    private long synced = -1;
    private int[] dirty = new int[0];
    private int dirtyCount;
    private final boolean[] dirtyFlag;

    /**
     * Creates a zeroed, fully readable and writable memory. No page is allocated yet.
     *
     * @param size bytes, a positive multiple of {@link #PAGE_SIZE}
     */
    public Memory(int size) {
        if (size <= 0 || size % PAGE_SIZE != 0) {
            throw new IllegalArgumentException("memory size must be a positive multiple of " + PAGE_SIZE);
        }
        this.size = size;
        this.pages = size >>> PAGE_SHIFT;
        this.data = new byte[pages][];
        this.readable = new byte[pages][];
        this.writable = new byte[pages][];
        java.util.Arrays.fill(readable, ZERO_PAGE);
        this.access = new byte[pages];
        this.kind = new byte[pages];
        this.owner = new byte[pages];
        this.shared = null;
        this.base = null;
        this.dirtyFlag = null;
    }

    /** The copy of {@code b} that {@link #copyOnWrite()} makes. */
    private Memory(Memory b) {
        this.size = b.size;
        this.pages = b.pages;
        this.data = b.data.clone();
        this.readable = b.readable.clone();
        this.writable = new byte[pages][];
        this.access = b.access;
        this.kind = b.kind;
        this.owner = b.owner;
        this.allocated = b.allocated;
        this.textStart = b.textStart;
        this.textEnd = b.textEnd;
        this.shared = new boolean[pages];
        this.dirtyFlag = new boolean[pages];
        this.synced = b.version;
        this.base = b;
        for (int p = 0; p < pages; p++) {
            shared[p] = data[p] != null;
        }
    }

    /**
     * Makes a {@linkplain #copyOnWrite() copy} what the memory it was copied from holds now again, forgetting its own
     * writes.
     */
    public void refresh() {
        if (base == null) {
            throw new IllegalStateException("not a copy");
        }
        if (synced == base.version) {
            // only the pages written since: the rest still reflect the memory copied from
            for (int i = 0; i < dirtyCount; i++) {
                int p = dirty[i];
                data[p] = base.data[p];
                readable[p] = base.readable[p];
                writable[p] = null;
                shared[p] = data[p] != null;
                dirtyFlag[p] = false;
            }
            dirtyCount = 0;
            allocated = base.allocated;
            return;
        }
        for (int i = 0; i < dirtyCount; i++) {
            dirtyFlag[dirty[i]] = false;
        }
        dirtyCount = 0;
        synced = base.version;
        System.arraycopy(base.data, 0, data, 0, pages);
        System.arraycopy(base.readable, 0, readable, 0, pages);
        java.util.Arrays.fill(writable, null);
        for (int p = 0; p < pages; p++) {
            shared[p] = data[p] != null;
        }
        allocated = base.allocated;
    }

    /**
     * Returns a copy of this memory for a speculative run (the machine's look-ahead, docs/performance.md): it reads
     * what this memory holds and keeps its own writes, sharing each page with this memory until its first write to
     * it, which copies the page. This memory must not be written, nor the map changed, while the copy is in use;
     * the copy's map must not be changed.
     *
     * @return the copy
     */
    public Memory copyOnWrite() {
        return new Memory(this);
    }

    /** Returns the size in bytes. */
    public int size() {
        return size;
    }

    /**
     * Returns the bytes of guest memory allocated on the host so far: {@link #PAGE_SIZE} for every page written
     * at least once (by the program, DMA, a host call or the loader).
     *
     * @return the allocated bytes
     */
    public long allocatedBytes() {
        return (long) allocated << PAGE_SHIFT;
    }

    /**
     * Returns page {@code p}'s bytes, allocating them at the first call, whatever the map says (the slow path of
     * every write).
     */
    private byte[] page(int p) {
        byte[] pg = data[p];
        if (pg == null) {
            pg = new byte[PAGE_SIZE];
            data[p] = pg;
            allocated++;
            publish(p);
        } else if (shared != null && shared[p]) {
            pg = pg.clone();
            data[p] = pg;
            shared[p] = false;
            publish(p);
        }
        if (shared != null && !shared[p] && !isDirty(p)) {
            if (dirtyCount == dirty.length) {
                dirty = java.util.Arrays.copyOf(dirty, Math.max(16, 2 * dirtyCount));
            }
            dirty[dirtyCount++] = p;
            shared[p] = false;
        }
        return pg;
    }

    /** Brings page {@code p}'s entries of the load and store tables in step with its bytes and its map entry. */
    /** In a copy: whether page {@code p} is on the list of pages written since the last {@link #refresh()}. */
    private boolean isDirty(int p) {
        if (dirtyFlag[p]) {
            return true;
        }
        dirtyFlag[p] = true;
        return false;
    }

    /**
     * Takes a {@linkplain #copyOnWrite() copy}'s writes since its last {@link #refresh()} (the copy must reflect this
     * memory as it is, apart from its own writes): this memory then holds what the copy holds, and the copy goes on
     * reflecting it.
     *
     * @param copy a copy of this memory
     */
    public void takeWrites(Memory copy) {
        if (copy.base != this || copy.synced != version) {
            throw new IllegalStateException("not an up-to-date copy of this memory");
        }
        for (int i = 0; i < copy.dirtyCount; i++) {
            int p = copy.dirty[i];
            if (data[p] == null) {
                allocated++;
            }
            data[p] = copy.data[p];
            publish(p);
            copy.readable[p] = readable[p];
            copy.writable[p] = null;
            copy.shared[p] = true;
            copy.dirtyFlag[p] = false;
        }
        copy.dirtyCount = 0;
        copy.synced = version;
    }

    private void publish(int p) {
        version++;
        byte[] pg = data[p];
        readable[p] = (access[p] & NO_READ) != 0 ? null : pg != null ? pg : ZERO_PAGE;
        writable[p] = access[p] == 0 && (before == null || before[p] != null) && (shared == null || !shared[p]) ? pg
                : null;
    }

    // ---------------------------------------------------------------- tracking stores

    /**
     * Starts or stops tracking the core's stores: while tracked, the first store into each page since takes the
     * slow path, which keeps a copy of the page's bytes before it, so that {@link #unchangedSinceTracked()} can tell
     * whether the stores left the memory as it was (the machine's livelock proof: a loop that pushes and pops its
     * frame or rewrites a flag with its own value changes nothing). The hot paths are untouched; only the first
     * store into a page costs a copy of it.
     *
     * @param on whether to track
     */
    public void track(boolean on) {
        before = on ? new byte[pages][] : null;
        beforeCount = 0;
        for (int p = 0; p < pages; p++) {
            publish(p);
        }
    }

    /**
     * Tells whether every byte the core stored since {@link #track track(true)} holds what it held then (DMA,
     * remote and host writes are not tracked: the caller watches those apart).
     *
     * @return true when the stores left the memory as it was, or no tracking runs
     */
    public boolean unchangedSinceTracked() {
        if (before == null) {
            return true;
        }
        for (int i = 0; i < beforeCount; i++) {
            int p = beforePages[i];
            if (!java.util.Arrays.equals(before[p], data[p] == null ? ZERO_PAGE : data[p])) {
                return false;
            }
        }
        return true;
    }

    /** Keeps page {@code p}'s bytes before its first store while stores are tracked. */
    private void tracked(int p) {
        if (before != null && p < pages && before[p] == null) {
            before[p] = data[p] == null ? ZERO_PAGE : data[p].clone();
            if (beforeCount == beforePages.length) {
                beforePages = java.util.Arrays.copyOf(beforePages, Math.max(16, 2 * beforeCount));
            }
            beforePages[beforeCount++] = p;
            publish(p);
        }
    }

    // ---------------------------------------------------------------- the map

    /**
     * Marks {@code [start, start+length)} as the null guard: any access faults.
     *
     * @param start  a multiple of {@link #PAGE_SIZE}
     * @param length a multiple of {@link #PAGE_SIZE}
     */
    public void mapNullGuard(int start, int length) {
        mark(start, length, NULL_GUARD, NO_READ | NO_WRITE, 0);
    }

    /**
     * Marks {@code [start, start+length)} as the guard of a thread context's stack: an access there is a
     * stack overflow.
     *
     * @param start   a multiple of {@link #PAGE_SIZE}
     * @param length  a multiple of {@link #PAGE_SIZE}
     * @param context the thread context whose stack it guards (named in the fault)
     */
    public void mapStackGuard(int start, int length, int context) {
        mark(start, length, STACK_GUARD, NO_READ | NO_WRITE, context);
    }

    /**
     * Marks {@code [start, end)} as program text: readable, not writable. Pages only partly covered keep the
     * rest of their bytes writable.
     *
     * @param start the first byte of text
     * @param end   the byte after the text
     */
    public void mapText(int start, int end) {
        if (start < 0 || end > size || start > end) {
            throw new IllegalArgumentException("text outside memory");
        }
        textStart = start;
        textEnd = end;
        for (int p = start >>> PAGE_SHIFT; p < pages && (p << PAGE_SHIFT) < end; p++) {
            int lo = p << PAGE_SHIFT;
            boolean full = lo >= start && lo + PAGE_SIZE <= end;
            kind[p] = full ? TEXT : TEXT_EDGE;
            access[p] = NO_WRITE;
            publish(p);
        }
    }

    private void mark(int start, int length, byte k, int bits, int ctx) {
        if (start % PAGE_SIZE != 0 || length % PAGE_SIZE != 0 || start < 0 || length < 0
                || (long) start + length > size) {
            throw new IllegalArgumentException("guard not page-aligned or outside memory");
        }
        for (int p = start >>> PAGE_SHIFT; p < (start + length) >>> PAGE_SHIFT; p++) {
            kind[p] = k;
            access[p] = (byte) bits;
            owner[p] = (byte) ctx;
            publish(p);
        }
    }

    // ---------------------------------------------------------------- core accesses

    /** Loads a sign-extended byte. */
    public int lb(int addr) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = readable;
        if (p >= t.length || (pg = t[p]) == null) {
            throw readFault(addr, 1, Access.LOAD);
        }
        return pg[addr & OFFSET];
    }

    /** Loads a zero-extended byte. */
    public int lbu(int addr) {
        return lb(addr) & 0xFF;
    }

    /** Loads a sign-extended halfword. */
    public int lh(int addr) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = readable;
        if ((addr & 1) != 0 || p >= t.length || (pg = t[p]) == null) {
            throw readFault(addr, 2, Access.LOAD);
        }
        return (short) SHORT.get(pg, addr & OFFSET);
    }

    /** Loads a zero-extended halfword. */
    public int lhu(int addr) {
        return lh(addr) & 0xFFFF;
    }

    /** Loads a word. */
    public int lw(int addr) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = readable;
        if ((addr & 3) != 0 || p >= t.length || (pg = t[p]) == null) {
            throw readFault(addr, 4, Access.LOAD);
        }
        return (int) INT.get(pg, addr & OFFSET);
    }

    /** Loads a double word (the bits of a double). */
    public long ld(int addr) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = readable;
        if ((addr & 7) != 0 || p >= t.length || (pg = t[p]) == null) {
            throw readFault(addr, 8, Access.LOAD);
        }
        return (long) LONG.get(pg, addr & OFFSET);
    }

    /** Stores the low byte of {@code v}. */
    public void sb(int addr, int v) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if (p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 1, Access.STORE);
        }
        pg[addr & OFFSET] = (byte) v;
    }

    /** Stores the low halfword of {@code v}. */
    public void sh(int addr, int v) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if ((addr & 1) != 0 || p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 2, Access.STORE);
        }
        SHORT.set(pg, addr & OFFSET, (short) v);
    }

    /** Stores a word. */
    public void sw(int addr, int v) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if ((addr & 3) != 0 || p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 4, Access.STORE);
        }
        INT.set(pg, addr & OFFSET, v);
    }

    /** Stores a double word. */
    public void sd(int addr, long v) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if ((addr & 7) != 0 || p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 8, Access.STORE);
        }
        LONG.set(pg, addr & OFFSET, v);
    }

    // ---------------------------------------------------------------- DMA and host accesses

    /**
     * Reads a word for a DMA engine (the NIU's) or another node's hardware, under the same rules as a load.
     *
     * @param addr a word-aligned address
     * @return the word
     */
    public int dmaRead(int addr) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = readable;
        if ((addr & 3) != 0 || p >= t.length || (pg = t[p]) == null) {
            throw readFault(addr, 4, Access.DMA_READ);
        }
        return (int) INT.get(pg, addr & OFFSET);
    }

    /**
     * Writes a word for a DMA engine or another node's hardware, under the same rules as a store (never into the
     * text).
     *
     * @param addr  a word-aligned address
     * @param value the word
     */
    public void dmaWrite(int addr, int value) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if ((addr & 3) != 0 || p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 4, Access.DMA_WRITE);
        }
        INT.set(pg, addr & OFFSET, value);
    }

    /**
     * Reads and writes a word in one access for another node's hardware (an atomic swap or fetch-and-add), under
     * the rules of a DMA write (never into the text).
     *
     * @param addr  a word-aligned address
     * @param value the word to write ({@code add} false) or to add to the old one ({@code add} true)
     * @param add   whether the new word is the old one plus {@code value}
     * @return the old word
     */
    public int dmaReadModifyWrite(int addr, int value, boolean add) {
        int p = addr >>> PAGE_SHIFT;
        byte[] pg;
        byte[][] t = writable;
        if ((addr & 3) != 0 || p >= t.length || (pg = t[p]) == null) {
            pg = writablePage(addr, 4, Access.DMA_WRITE);
        }
        int old = (int) INT.get(pg, addr & OFFSET);
        INT.set(pg, addr & OFFSET, add ? old + value : value);
        return old;
    }

    /**
     * Copies guest memory out for a host call, checking every byte's page.
     *
     * @param addr the guest address
     * @param dst  the destination
     * @param off  offset in {@code dst}
     * @param len  bytes
     */
    public void hostRead(int addr, byte[] dst, int off, int len) {
        checkRange(addr, len, Access.HOST_READ);
        copyOut(addr, dst, off, len);
    }

    /**
     * Copies bytes into guest memory for a host call, checking every byte's page and the text.
     *
     * @param addr the guest address
     * @param src  the source
     * @param off  offset in {@code src}
     * @param len  bytes
     */
    public void hostWrite(int addr, byte[] src, int off, int len) {
        checkRange(addr, len, Access.HOST_WRITE);
        copyIn(addr, src, off, len);
    }

    /**
     * Reads a NUL-terminated string of at most {@code max} bytes (ISO-8859-1, byte for char) for a host call.
     *
     * @param addr the guest address
     * @param max  the longest string accepted
     * @return the string, or null when no NUL was found within {@code max} bytes
     */
    public String hostReadCString(int addr, int max) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < max; i++) {
            int a = addr + i;
            int p = a >>> PAGE_SHIFT;
            byte[] pg;
            byte[][] t = readable;
            if (p >= t.length || (pg = t[p]) == null) {
                throw readFault(a, 1, Access.HOST_READ);
            }
            byte b = pg[a & OFFSET];
            if (b == 0) {
                return sb.toString();
            }
            sb.append((char) (b & 0xFF));
        }
        return null;
    }

    private void checkRange(int addr, int len, Access acc) {
        if (len == 0) {
            return;
        }
        long end = (addr & 0xFFFFFFFFL) + len;
        if (end > size) {
            int bad = Integer.compareUnsigned(addr, size) >= 0 ? addr : size;
            throw readOrWriteFault(bad, acc);
        }
        for (int p = addr >>> PAGE_SHIFT; (long) p << PAGE_SHIFT < end; p++) {
            int a = Math.max(addr, p << PAGE_SHIFT);
            if (acc.write ? access[p] != 0 : (access[p] & NO_READ) != 0) {
                if (acc.write) {
                    int chunk = (int) (Math.min(end, (long) (p + 1) << PAGE_SHIFT) - a);
                    checkWriteMap(a, chunk, acc);
                } else {
                    throw readFault(a, 1, acc);
                }
            }
        }
    }

    private GuestFault readOrWriteFault(int addr, Access acc) {
        return new GuestFault(GuestFault.Kind.UNMAPPED, acc.label + (acc.write ? " to" : " from") + " unmapped memory",
                addr);
    }

    /** Copies {@code len} bytes from {@code addr} on, page by page, ignoring the map (unwritten pages give zeros). */
    private void copyOut(int addr, byte[] dst, int off, int len) {
        while (len > 0) {
            int o = addr & OFFSET;
            int n = Math.min(len, PAGE_SIZE - o);
            byte[] pg = data[addr >>> PAGE_SHIFT];
            if (pg == null) {
                java.util.Arrays.fill(dst, off, off + n, (byte) 0);
            } else {
                System.arraycopy(pg, o, dst, off, n);
            }
            addr += n;
            off += n;
            len -= n;
        }
    }

    /** Copies {@code len} bytes to {@code addr} on, page by page, allocating pages, ignoring the map. */
    private void copyIn(int addr, byte[] src, int off, int len) {
        while (len > 0) {
            int o = addr & OFFSET;
            int n = Math.min(len, PAGE_SIZE - o);
            System.arraycopy(src, off, page(addr >>> PAGE_SHIFT), o, n);
            addr += n;
            off += n;
            len -= n;
        }
    }

    // ---------------------------------------------------------------- loader (raw) accesses

    /**
     * Copies bytes into memory ignoring the map (the loader's use).
     *
     * @param addr  the address
     * @param bytes the bytes
     */
    public void load(int addr, byte[] bytes) {
        copyIn(addr, bytes, 0, bytes.length);
    }

    /**
     * Zeroes bytes ignoring the map (the loader's use, for NOBITS sections). Pages never written stay unallocated:
     * they read as zero already.
     *
     * @param addr the address
     * @param len  bytes
     */
    public void zero(int addr, int len) {
        while (len > 0) {
            int o = addr & OFFSET;
            int n = Math.min(len, PAGE_SIZE - o);
            byte[] pg = data[addr >>> PAGE_SHIFT];
            if (pg != null) {
                pg = page(addr >>> PAGE_SHIFT);
                java.util.Arrays.fill(pg, o, o + n, (byte) 0);
            }
            addr += n;
            len -= n;
        }
    }

    /**
     * Writes a word ignoring the map (the loader's use, for the argument area).
     *
     * @param addr  a word-aligned address
     * @param value the word
     */
    public void poke(int addr, int value) {
        INT.set(page(addr >>> PAGE_SHIFT), addr & OFFSET, value);
    }

    /**
     * Reads a word ignoring the map (for tests and tools).
     *
     * @param addr a word-aligned address
     * @return the word
     */
    public int peek(int addr) {
        byte[] pg = data[addr >>> PAGE_SHIFT];
        return pg == null ? 0 : (int) INT.get(pg, addr & OFFSET);
    }

    /**
     * Reads a byte ignoring the map (for tests and tools).
     *
     * @param addr the address
     * @return the byte, zero-extended
     */
    public int peekByte(int addr) {
        byte[] pg = data[addr >>> PAGE_SHIFT];
        return pg == null ? 0 : pg[addr & OFFSET] & 0xFF;
    }

    /**
     * Returns the page to write {@code width} bytes at {@code addr} into, allocating it at its first write, or
     * throws unless the access is aligned, inside memory and allowed by the map (the slow path of every store).
     */
    private byte[] writablePage(int addr, int width, Access acc) {
        if ((addr & (width - 1)) != 0) {
            throw new GuestFault(GuestFault.Kind.MISALIGNED, "misaligned " + width + "-byte " + acc.label, addr);
        }
        int p = addr >>> PAGE_SHIFT;
        if (p >= pages || access[p] != 0) {
            checkWriteMap(addr, width, acc);
        }
        tracked(p);
        return page(p);
    }

    // ---------------------------------------------------------------- faults (slow paths)

    private GuestFault readFault(int addr, int width, Access acc) {
        if ((addr & (width - 1)) != 0) {
            return new GuestFault(GuestFault.Kind.MISALIGNED, "misaligned " + width + "-byte " + acc.label, addr);
        }
        return mapFault(addr, acc);
    }

    /** Throws unless the map allows writing {@code [addr, addr+width)}, all within one page. */
    private void checkWriteMap(int addr, int width, Access acc) {
        int p = addr >>> PAGE_SHIFT;
        if (p < pages && kind[p] == TEXT_EDGE) {
            long lo = addr & 0xFFFFFFFFL;
            if (lo + width <= textStart || lo >= textEnd) {
                return;
            }
            throw mapFault(Math.max(addr, textStart), acc);
        }
        throw mapFault(addr, acc);
    }

    private GuestFault mapFault(int addr, Access acc) {
        int p = addr >>> PAGE_SHIFT;
        String dir = acc.write ? " to" : " from";
        if (p >= pages) {
            return new GuestFault(GuestFault.Kind.UNMAPPED, acc.label + dir + " unmapped memory", addr);
        }
        return switch (kind[p]) {
            case NULL_GUARD -> new GuestFault(GuestFault.Kind.UNMAPPED,
                    acc.label + dir + " unmapped memory (a null pointer?)", addr);
            case STACK_GUARD -> new GuestFault(GuestFault.Kind.STACK_OVERFLOW,
                    "stack overflow: " + acc.label + " in the guard of thread " + owner[p] + "'s stack", addr);
            case TEXT, TEXT_EDGE -> new GuestFault(GuestFault.Kind.WRITE_TO_TEXT, acc.label + " into the program text",
                    addr);
            default -> new GuestFault(GuestFault.Kind.UNMAPPED, acc.label + dir + " unmapped memory", addr);
        };
    }
}
