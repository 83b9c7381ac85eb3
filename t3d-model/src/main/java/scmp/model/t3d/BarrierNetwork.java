package scmp.model.t3d;

import scmp.cpu.GuestFault;
import scmp.machine.ClockedNetwork;

/**
 * The T3D's hardware barrier network (docs/t3d.md, "The barrier network"): the PEs that run the program arrive
 * (barrier arrival, a shell operation); when the last has arrived at cycle {@code T}, all are released at
 * {@code T + barrierLatencyCycles}, and the next barrier begins. A PE that arrives again before its release is a
 * misuse.
 */
final class BarrierNetwork implements ClockedNetwork {
    private static final long NONE = Long.MAX_VALUE;

    private final int participants;
    private final long latency;
    private final boolean[] arrived;
    private Shell[] shells;
    private int arrivals;
    private long lastArrival;
    private long releaseAt = NONE;
    private long time;
    private long lastProgress;
    private long barriers;

    BarrierNetwork(int participants, int pes, long latency) {
        this.participants = participants;
        this.latency = latency;
        this.arrived = new boolean[pes];
    }

    void connect(Shell[] s) {
        this.shells = s;
    }

    /** PE {@code pe} arrives at cycle {@code cycle}. */
    void arrive(int pe, long cycle) {
        if (arrived[pe]) {
            throw new GuestFault(GuestFault.Kind.NIU_MISUSE, "T3D shell of PE " + pe
                    + ": a barrier arrival while this PE's previous barrier is pending");
        }
        arrived[pe] = true;
        // PEs' arrivals reach the network in the order the machine runs the cores, not in cycle order
        lastArrival = Math.max(lastArrival, cycle);
        // an arrival is movement: the machine's stall and livelock checks must not count a barrier that is about to
        // release as stuck
        lastProgress = Math.max(lastProgress, cycle);
        if (++arrivals == participants) {
            releaseAt = lastArrival + latency;
        }
    }

    /** Tells whether PE {@code pe} has arrived and is not released for instructions at {@code cycle}. */
    boolean pending(int pe, long cycle) {
        return arrived[pe] && cycle < releaseAt;
    }

    /** Returns the PEs arrived at the current barrier. */
    int arrivals() {
        return arrivals;
    }

    /** Returns the PEs that take part in every barrier. */
    int participants() {
        return participants;
    }

    /** Returns the barriers completed so far. */
    long barriers() {
        return barriers;
    }

    @Override
    public long time() {
        return time;
    }

    @Override
    public boolean busy() {
        return releaseAt != NONE;
    }

    @Override
    public long nextActivity() {
        return releaseAt == NONE ? NONE : Math.max(time, releaseAt - 1);
    }

    /** {@inheritDoc} The release, in the cycle before the PEs' threads go on. */
    @Override
    public long horizon() {
        return nextActivity();
    }

    @Override
    public void advanceTo(long cycle) {
        if (releaseAt != NONE && releaseAt - 1 < cycle) {
            long r = releaseAt;
            lastProgress = r - 1;
            barriers++;
            for (int p = 0; p < shells.length; p++) {
                if (arrived[p]) {
                    shells[p].wake(r);
                }
            }
            java.util.Arrays.fill(arrived, false);
            arrivals = 0;
            lastArrival = 0;
            releaseAt = NONE;
        }
        time = cycle;
    }

    @Override
    public long stallWindow() {
        return latency + 1;
    }

    @Override
    public long lastProgressCycle() {
        return lastProgress;
    }

    /** {@inheritDoc} An arrival is seen by another PE's core no sooner than the release. */
    @Override
    public long lookahead() {
        return latency;
    }
}
