package scmp.cpu;

import java.util.Arrays;

/**
 * One hardware thread context of a node: its registers, pc, and the scoreboard of the timing model. A switch
 * between contexts saves nothing; each context keeps its own dependences and unit occupancy
 * (docs/timing.md section 2).
 *
 * <p>Integer registers live in {@code x[0..31]} (x[0] is always 0) plus a sink slot {@code x[32]} that
 * absorbs writes to r0; FP registers are kept as IEEE bit patterns in {@code f[0..31]}. The scoreboard
 * {@code ready} holds, per {@link DecodedText} scoreboard index, the first cycle at which a dependent
 * instruction may issue.
 *
 * <p>The arrays, the pc and the next issue cycle are package-private: an {@link Engine}, which lives in this
 * package, reads and writes them directly in its loop; everything else uses the accessors.
 */
public final class ThreadContext {

    /** The life cycle of a context. */
    public enum State {
        /** No thread: available to a THREAD message. */
        FREE,
        /** A thread waits in the node's ready queue. */
        READY,
        /** The thread is the one the node's engine executes. */
        RUNNING,
        /** The thread waits for the NIU to accept a network instruction. */
        BLOCKED,
        /** No thread yet: the NIU has taken a THREAD message's head and holds the context for it. */
        RESERVED
    }

    final int id;
    final int[] x = new int[33];
    final long[] f = new long[32];
    final long[] ready = new long[DecodedText.SB_SIZE];
    /** Per scoreboard index, the {@link StallCause} ordinal of the instruction that set its ready cycle. */
    final byte[] cause = new byte[DecodedText.SB_SIZE];
    int pc;
    /** The earliest cycle at which the next instruction may issue (in-order constraint). */
    long nextIssue;
    /** The cycle at which the thread entered the ready queue. */
    long readyAt;
    State state = State.FREE;
    /**
     * The cycle before which the thread, at its next {@code suspend}, does not become ready again ({@code hcall
     * sleep}, docs/timing.md "Sleeping"), or 0 when it has not asked to sleep.
     */
    long wakeAt;

    ThreadContext(int id) {
        this.id = id;
        cause[DecodedText.SB_DIV] = (byte) StallCause.DIV.ordinal();
        cause[DecodedText.SB_FPDIV] = (byte) StallCause.FP.ordinal();
    }

    /** Clears registers and scoreboard and sets the pc, for a new thread. */
    void reset(int pc) {
        Arrays.fill(x, 0);
        Arrays.fill(f, 0);
        Arrays.fill(ready, 0);
        this.pc = pc;
        this.nextIssue = 0;
        this.wakeAt = 0;
    }

    /**
     * Makes the thread's next {@code suspend} keep it out of the ready queue until {@code cycle}: it becomes ready
     * at {@code max(cycle, the suspend's cycle)} instead of the suspend's cycle. The host's {@code sleep} service
     * sets it; the node clears it at the suspend.
     *
     * @param cycle the first cycle at which the thread may be ready again
     */
    public void sleepUntil(long cycle) {
        wakeAt = cycle;
    }

    /** Returns the context's number, 0..nctx-1. */
    public int id() {
        return id;
    }

    /** Returns the pc: the next instruction, or the one executing during a port or host call. */
    public int pc() {
        return pc;
    }

    /** Returns the state. */
    public State state() {
        return state;
    }

    /**
     * Returns an integer register.
     *
     * @param r 0..31
     * @return its value
     */
    public int reg(int r) {
        return x[r];
    }

    /**
     * Sets an integer register; writes to r0 are ignored.
     *
     * @param r     0..31
     * @param value the value
     */
    public void setReg(int r, int value) {
        if (r != 0) {
            x[r] = value;
        }
    }

    /**
     * Returns the bit pattern of an FP register.
     *
     * @param r 0..31
     * @return the IEEE double bits
     */
    public long fregBits(int r) {
        return f[r];
    }

    /**
     * Sets the bit pattern of an FP register.
     *
     * @param r    0..31
     * @param bits the IEEE double bits
     */
    public void setFregBits(int r, long bits) {
        f[r] = bits;
    }
}
