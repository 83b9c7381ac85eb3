package scmp.cpu;

/**
 * The way into a node's memory for other hardware than its core: another node's remote write, read, atomic swap
 * or fetch-and-add, a block transfer, or a message whose words a network interface writes (the SCMP NIU's DATA
 * messages). Every access names the core cycle at which it <em>lands</em>: the node's instructions issuing at or
 * after that cycle see it, those before do not. So the machine performs an access once the node has executed its
 * instructions before the landing cycle (when their cycles' networks run) and before it executes any at or after
 * it. The port checks the second half ({@link Node#ranTo()}) and fails loudly when a model breaks it, since the
 * result would depend on the host's scheduling; the first is the machine's loop (docs/architecture.md).
 *
 * <p>Accesses follow the rules of DMA accesses ({@link Memory#dmaRead}, {@link Memory#dmaWrite}): word-aligned,
 * never into the text, the null guard or a stack guard; a violation is a {@link GuestFault} (not located) that
 * the caller locates where its model says the fault belongs. The port counts every access
 * ({@link #stats()}); writes, swaps and fetch-and-adds are the node's {@linkplain #effects() effects}, which the
 * machine's livelock proof watches.
 *
 * <p>A data cache that remote writes do not update (the Cray T3D's) would sit beside the memory, not here: these
 * accesses write the memory alone, which is what makes such a cache stale (docs/architecture.md).
 */
public final class RemotePort {
    private final Node node;
    private final Memory memory;
    private long reads;
    private long writes;
    private long swaps;
    private long fetchAdds;

    RemotePort(Node node, Memory memory) {
        this.node = node;
        this.memory = memory;
    }

    /**
     * Reads a word.
     *
     * @param cycle   the core cycle at which the read lands (it sees the node's stores of earlier cycles)
     * @param address a word-aligned address
     * @return the word
     */
    public int read(long cycle, int address) {
        landing(cycle);
        reads++;
        return memory.dmaRead(address);
    }

    /**
     * Writes a word.
     *
     * @param cycle   the core cycle from which the node's loads see the word
     * @param address a word-aligned address
     * @param value   the word
     */
    public void write(long cycle, int address, int value) {
        landing(cycle);
        memory.dmaWrite(address, value);
        writes++;
    }

    /**
     * Writes a word and returns the one it replaced, atomically.
     *
     * @param cycle   the core cycle at which the swap lands
     * @param address a word-aligned address
     * @param value   the new word
     * @return the old word
     */
    public int swap(long cycle, int address, int value) {
        landing(cycle);
        int old = memory.dmaReadModifyWrite(address, value, false);
        swaps++;
        return old;
    }

    /**
     * Adds to a word and returns its old value, atomically (fetch-and-increment with {@code delta} 1).
     *
     * @param cycle   the core cycle at which the access lands
     * @param address a word-aligned address
     * @param delta   the amount to add
     * @return the old word
     */
    public int fetchAdd(long cycle, int address, int delta) {
        landing(cycle);
        int old = memory.dmaReadModifyWrite(address, delta, true);
        fetchAdds++;
        return old;
    }

    /**
     * Reads {@code count} words {@code stride} words apart into {@code dst}.
     *
     * @param cycle   the core cycle at which the block lands (all its words are read then)
     * @param address the first word's address, word-aligned
     * @param stride  the distance between consecutive words, in words (may be 0 or negative)
     * @param dst     the words read
     * @param off     where in {@code dst} the first goes
     * @param count   the number of words
     */
    public void readBlock(long cycle, int address, int stride, int[] dst, int off, int count) {
        landing(cycle);
        for (int k = 0; k < count; k++) {
            dst[off + k] = memory.dmaRead(address + 4 * k * stride);
            reads++;
        }
    }

    /**
     * Writes {@code count} words of {@code src}, {@code stride} words apart.
     *
     * @param cycle   the core cycle from which the node's loads see the block
     * @param address the first word's address, word-aligned
     * @param stride  the distance between consecutive words, in words (may be 0 or negative)
     * @param src     the words
     * @param off     where in {@code src} the first is
     * @param count   the number of words
     */
    public void writeBlock(long cycle, int address, int stride, int[] src, int off, int count) {
        landing(cycle);
        for (int k = 0; k < count; k++) {
            memory.dmaWrite(address + 4 * k * stride, src[off + k]);
            writes++;
        }
    }

    /** Returns the words written, swapped or added to so far: the accesses that change the node's memory. */
    public long effects() {
        return writes + swaps + fetchAdds;
    }

    /** Returns the accesses counted so far. */
    public RemoteStats stats() {
        return new RemoteStats(reads, writes, swaps, fetchAdds);
    }

    private void landing(long cycle) {
        if (cycle < node.ranTo()) {
            throw new IllegalStateException("a remote access landing at cycle " + cycle + " on node " + node.nodeId()
                    + ", which has already run to cycle " + node.ranTo());
        }
    }
}
