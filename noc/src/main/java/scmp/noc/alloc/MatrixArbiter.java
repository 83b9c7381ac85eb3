package scmp.noc.alloc;

/**
 * A matrix arbiter: it grants the least recently granted requester. Row i of the priority matrix holds the
 * requesters that i beats; a winner loses to everybody afterwards. Any requester that keeps requesting is
 * granted within {@code size()} grants of this arbiter.
 */
public final class MatrixArbiter implements Arbiter {
    private final int size;
    private final long[] beats;

    /**
     * Creates an arbiter whose initial order is by index, requester 0 first.
     *
     * @param size the number of requesters, 1..64
     */
    public MatrixArbiter(int size) {
        this.size = Arbiter.checkSize(size);
        this.beats = new long[size];
        for (int i = 0; i < size; i++) {
            beats[i] = size == 64 ? -1L << i : ((1L << size) - 1) & (-1L << i);
            beats[i] &= ~(1L << i);
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int pick(long requests) {
        for (long r = requests; r != 0; r &= r - 1) {
            int i = Long.numberOfTrailingZeros(r);
            if ((requests & ~beats[i] & ~(1L << i)) == 0) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void update(int winner) {
        long bit = 1L << winner;
        beats[winner] = 0;
        for (int j = 0; j < size; j++) {
            if (j != winner) {
                beats[j] |= bit;
            }
        }
    }
}
