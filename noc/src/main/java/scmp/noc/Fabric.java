package scmp.noc;

/**
 * The clocking state the routers and channels of one network share: the current cycle, the set of routers
 * that must be stepped, the tracer and the last cycle in which a flit moved. Idle routers are not in the
 * active set and cost nothing; sending a flit to a router wakes it.
 */
public final class Fabric {
    private final boolean[] member;
    private final int[] list;
    /** The routers that hold flits but left the active set because nothing in them can move ({@link #retain}). */
    private final boolean[] sleeping;
    private int size;
    /** Per router, the input ports whose channel holds flits (due or not); read by {@link VcRouter#read}. */
    final long[] flitPorts;
    /** Per router, the output ports whose channel holds credits on their way back. */
    final long[] creditPorts;
    /**
     * One bit per node: the nodes whose ejection channel a flit has entered, or whose injection channel a credit has
     * entered, since {@link RouterNetwork#takeNodeMarks} last took the marks; {@code anyNodeMark} whether any is set.
     */
    final long[] nodeMarks;
    boolean anyNodeMark;
    long now;
    long lastProgress;
    FlitTracer tracer;

    /** Creates the shared state for {@code routers} routers and {@code nodes} nodes, none active, at cycle 0. */
    public Fabric(int routers, int nodes) {
        this.nodeMarks = new long[(nodes + 63) >>> 6];
        this.member = new boolean[routers];
        this.list = new int[routers];
        this.sleeping = new boolean[routers];
        this.flitPorts = new long[routers];
        this.creditPorts = new long[routers];
    }

    /** Returns the current network cycle. */
    public long now() {
        return now;
    }

    /** Returns the tracer watched flits are reported to, or null. */
    public FlitTracer tracer() {
        return tracer;
    }

    /** Records that a flit moved in the current cycle. */
    public void progress() {
        lastProgress = now;
    }

    /** Adds a router to the active set; it is stepped from the next cycle on while it is busy. */
    public void wake(int router) {
        if (!member[router]) {
            member[router] = true;
            sleeping[router] = false;
            list[size++] = router;
        }
    }

    /** Marks a node for {@link RouterNetwork#takeNodeMarks}. */
    void markNode(int node) {
        nodeMarks[node >>> 6] |= 1L << node;
        anyNodeMark = true;
    }

    /** A credit is on its way to {@code router}: a router that sleeps is stepped again (its flits may move). */
    void creditSent(int router) {
        if (sleeping[router]) {
            wake(router);
        }
    }

    int activeCount() {
        return size;
    }

    int active(int k) {
        return list[k];
    }

    /**
     * Keeps only the routers that must still be stepped ({@link Router#mustStep}), in their present order. A router
     * that holds flits none of which can move sleeps: it leaves the set until a flit ({@link Channel#sendFlit}) or a
     * credit ({@link Channel#sendCredit}) is sent to it. Stepping it meanwhile would change nothing: its channels
     * hold nothing on the way, every head waits for an output virtual channel that only its own tails free, and
     * every other flit for a credit (docs/noc.md, section 8).
     */
    void retain(Router[] routers) {
        int kept = 0;
        for (int k = 0; k < size; k++) {
            int r = list[k];
            Router x = routers[r];
            if (x.mustStep(now)) {
                list[kept++] = r;
            } else {
                member[r] = false;
                sleeping[r] = x.busy();
            }
        }
        size = kept;
    }
}
