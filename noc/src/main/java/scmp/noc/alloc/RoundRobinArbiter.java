package scmp.noc.alloc;

/**
 * A round-robin arbiter: the requester after the last winner has the highest priority, wrapping around.
 * Any requester that keeps requesting is granted within {@code size()} grants of this arbiter.
 */
public final class RoundRobinArbiter implements Arbiter {
    private final int size;
    private int next;

    /**
     * Creates an arbiter whose first priority is requester 0.
     *
     * @param size the number of requesters, 1..64
     */
    public RoundRobinArbiter(int size) {
        this.size = Arbiter.checkSize(size);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int pick(long requests) {
        if (requests == 0) {
            return -1;
        }
        long fromNext = requests & (-1L << next);
        return Long.numberOfTrailingZeros(fromNext != 0 ? fromNext : requests);
    }

    @Override
    public void update(int winner) {
        next = winner + 1 == size ? 0 : winner + 1;
    }

    @Override
    public String toString() {
        return "round-robin(" + size + ", next " + next + ")";
    }
}
