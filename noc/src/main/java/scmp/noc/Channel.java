package scmp.noc;

/**
 * One direction of a physical channel: flits travel downstream, each tagged with its virtual channel and the
 * cycle it arrives, and credits travel upstream on their own wire with their own latency. A sender writes
 * only arrival times later than the current cycle and a receiver reads only what is due, so routers may be
 * stepped in any order (two-phase clocking).
 *
 * <p>Both directions are FIFO rings of fixed capacity: credit-based flow control bounds the flits in flight
 * plus the credits in flight by the receiver's buffer slots, {@code vcs * depth}. Overflowing a ring is a
 * flow-control bug and throws.
 */
public final class Channel {
    /** Cycles a flit spends on the wire after leaving the sender's switch. */
    public final int latency;
    /** Virtual channels at the receiver. */
    public final int vcs;
    /** Flits per virtual channel at the receiver: the credits the sender starts with. */
    public final int depth;
    /** Sending router, or -1 when a network interface sends. */
    public final int srcRouter;
    /** Sending router's output port, or the sending node when {@code srcRouter} is -1. */
    public final int srcPort;
    /** Receiving router, or -1 when a network interface receives. */
    public final int dstRouter;
    /** Receiving router's input port, or the receiving node when {@code dstRouter} is -1. */
    public final int dstPort;

    private final Fabric fabric;
    private final int capacity;
    private final long[] flits;
    private final int[] flitVcs;
    private final long[] flitTimes;
    private int flitHead;
    private int flitCount;
    private final int[] creditVcs;
    private final long[] creditTimes;
    private int creditHead;
    private int creditCount;
    private long carried;

    /**
     * Creates a channel.
     *
     * @param fabric the network's shared clocking state; the receiving router is woken through it
     * @param latency flit latency on the wire
     * @param vcs virtual channels at the receiver
     * @param depth flits per virtual channel at the receiver
     * @param srcRouter sending router or -1
     * @param srcPort sending port, or node
     * @param dstRouter receiving router or -1
     * @param dstPort receiving port, or node
     */
    public Channel(Fabric fabric, int latency, int vcs, int depth, int srcRouter, int srcPort, int dstRouter,
            int dstPort) {
        this.fabric = fabric;
        this.latency = latency;
        this.vcs = vcs;
        this.depth = depth;
        this.srcRouter = srcRouter;
        this.srcPort = srcPort;
        this.dstRouter = dstRouter;
        this.dstPort = dstPort;
        this.capacity = vcs * depth;
        this.flits = new long[capacity];
        this.flitVcs = new int[capacity];
        this.flitTimes = new long[capacity];
        this.creditVcs = new int[capacity];
        this.creditTimes = new long[capacity];
    }

    /**
     * Puts a flit on the wire.
     *
     * @param flit the flit
     * @param vc its virtual channel at the receiver
     * @param arrival the cycle the receiver may read it, later than the current cycle
     */
    public void sendFlit(long flit, int vc, long arrival) {
        if (flitCount == capacity) {
            throw new IllegalStateException("flow control violated: more flits in flight than buffer slots on " + this);
        }
        int i = flitHead + flitCount;
        if (i >= capacity) {
            i -= capacity;
        }
        flits[i] = flit;
        flitVcs[i] = vc;
        flitTimes[i] = arrival;
        flitCount++;
        carried++;
        fabric.progress();
        if (dstRouter >= 0) {
            fabric.wake(dstRouter);
            fabric.flitPorts[dstRouter] |= 1L << dstPort;
        } else {
            fabric.markNode(dstPort);       // an ejection channel: dstPort is the node
        }
    }

    /** Tells whether a flit has arrived by cycle {@code now}. */
    public boolean flitDue(long now) {
        return flitCount != 0 && flitTimes[flitHead] <= now;
    }

    /** Returns the oldest flit on the wire; only meaningful when one is there. */
    public long frontFlit() {
        return flits[flitHead];
    }

    /** Returns the virtual channel of the oldest flit on the wire. */
    public int frontVc() {
        return flitVcs[flitHead];
    }

    /** Returns the arrival cycle of the oldest flit on the wire. */
    public long frontTime() {
        return flitTimes[flitHead];
    }

    /** Removes the oldest flit from the wire. */
    public void popFlit() {
        flitHead = flitHead + 1 == capacity ? 0 : flitHead + 1;
        flitCount--;
    }

    /** Returns the number of flits on the wire, due or not. */
    public int flitsInFlight() {
        return flitCount;
    }

    /** Returns the number of flits of one virtual channel on the wire. */
    public int flitsInFlight(int vc) {
        int n = 0;
        for (int k = 0, i = flitHead; k < flitCount; k++, i = i + 1 == capacity ? 0 : i + 1) {
            if (flitVcs[i] == vc) {
                n++;
            }
        }
        return n;
    }

    /** Returns the flit at position {@code k} (0 = oldest) on the wire. */
    public long flitAt(int k) {
        int i = flitHead + k;
        return flits[i >= capacity ? i - capacity : i];
    }

    /**
     * Sends a credit upstream.
     *
     * @param vc the virtual channel whose buffer slot was freed
     * @param arrival the cycle the sender may use it, later than the current cycle
     */
    public void sendCredit(int vc, long arrival) {
        if (creditCount == capacity) {
            throw new IllegalStateException("flow control violated: more credits in flight than buffer slots on " + this);
        }
        int i = creditHead + creditCount;
        if (i >= capacity) {
            i -= capacity;
        }
        creditVcs[i] = vc;
        creditTimes[i] = arrival;
        creditCount++;
        if (srcRouter >= 0) {
            fabric.creditPorts[srcRouter] |= 1L << srcPort;
            fabric.creditSent(srcRouter);
        } else {
            fabric.markNode(srcPort);       // an injection channel: srcPort is the node
        }
    }

    /** Tells whether credits are on their way back, due or not. */
    public boolean creditsInFlight() {
        return creditCount != 0;
    }

    /** Tells whether a credit has arrived by cycle {@code now}. */
    public boolean creditDue(long now) {
        return creditCount != 0 && creditTimes[creditHead] <= now;
    }

    /** Removes the oldest credit and returns its virtual channel; only meaningful when one is due. */
    public int popCredit() {
        int vc = creditVcs[creditHead];
        creditHead = creditHead + 1 == capacity ? 0 : creditHead + 1;
        creditCount--;
        return vc;
    }

    /** Returns the number of credits of one virtual channel on their way back. */
    public int creditsInFlight(int vc) {
        int n = 0;
        for (int k = 0, i = creditHead; k < creditCount; k++, i = i + 1 == capacity ? 0 : i + 1) {
            if (creditVcs[i] == vc) {
                n++;
            }
        }
        return n;
    }

    /** Returns the number of flits this channel has carried since the network was built. */
    public long carried() {
        return carried;
    }

    @Override
    public String toString() {
        return (srcRouter >= 0 ? "router " + srcRouter + " port " + srcPort : "node " + srcPort) + " -> "
                + (dstRouter >= 0 ? "router " + dstRouter + " port " + dstPort : "node " + dstPort);
    }
}
