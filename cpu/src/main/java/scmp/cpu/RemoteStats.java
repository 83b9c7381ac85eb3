package scmp.cpu;

/**
 * The accesses other hardware made to a node's memory through its {@link RemotePort}, in words.
 *
 * @param reads     words read (single reads and the words of block reads)
 * @param writes    words written (single writes and the words of block writes)
 * @param swaps     atomic swaps
 * @param fetchAdds atomic fetch-and-adds
 */
public record RemoteStats(long reads, long writes, long swaps, long fetchAdds) {
}
