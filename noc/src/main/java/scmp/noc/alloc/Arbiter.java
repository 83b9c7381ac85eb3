package scmp.noc.alloc;

/**
 * Chooses one requester among up to 64, given as the set bits of a {@code long} (bit i is requester i).
 *
 * <p>Call order: {@code pick} any number of times (it never changes the arbiter), then {@code update} with the
 * requester that was finally granted. Separable allocators rely on this split: an input arbiter's choice
 * moves its priority only if the output stage grants it too. Priority never moves with time alone, so an
 * arbiter that sees no requests (an idle router) need not be touched at all.
 */
public interface Arbiter {

    /** Returns the number of requesters, 1..64. */
    int size();

    /**
     * Chooses a requester without changing the arbiter's state.
     *
     * @param requests the requesters, bit i for requester i; bits at or above {@link #size()} must be clear
     * @return the chosen requester, or -1 when {@code requests} is zero
     */
    int pick(long requests);

    /**
     * Records that a requester was granted, so that the priority moves away from it.
     *
     * @param winner the requester that was granted
     */
    void update(int winner);

    /** Returns the lowest set bit's index of a mask, or -1 for zero; a helper for implementations. */
    static int lowest(long mask) {
        return mask == 0 ? -1 : Long.numberOfTrailingZeros(mask);
    }

    /** Checks an arbiter size. */
    static int checkSize(int size) {
        if (size < 1 || size > 64) {
            throw new IllegalArgumentException("arbiter size must be 1..64: " + size);
        }
        return size;
    }
}
