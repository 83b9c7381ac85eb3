package scmp.model.scmp;

import scmp.machine.ClockedNetwork;
import scmp.noc.NocConfig;

/**
 * The SCMP chip's network as the machine clocks it: the wormhole mesh of {@code scmp.noc} with one NIU per node
 * ({@link Interconnect}), timed as docs/timing.md sections 3 and 4 specify, behind the machine's
 * {@link ClockedNetwork} seam. Its clock runs {@link NocConfig#clockRatio()} network cycles per core cycle.
 */
final class MeshNetwork implements ClockedNetwork {
    private final Interconnect ic;
    private final int ratio;
    private final long stallWindow;

    /**
     * Puts the interconnect behind the seam.
     *
     * @param ic the NIUs and routers
     */
    MeshNetwork(Interconnect ic) {
        this.ic = ic;
        NocConfig c = ic.network().config();
        this.ratio = c.clockRatio();
        long quiet = 4L * (c.routerDelay() + c.linkDelay() + c.creditDelay()) + 64;
        this.stallWindow = (quiet + ratio - 1) / ratio;
    }

    @Override
    public long time() {
        return ic.time();
    }

    @Override
    public boolean busy() {
        return ic.busy();
    }

    @Override
    public long nextActivity() {
        return ic.nextActivity();
    }

    @Override
    public void advanceTo(long cycle) {
        while (ic.time() < cycle) {
            long a = ic.nextActivity();
            if (a > ic.time()) {
                ic.skipTo(Math.min(a, cycle));
            } else {
                ic.runCoreCycle(ic.time());
            }
        }
    }

    /**
     * {@inheritDoc} Here: flits in the network, none moved for longer than the stall window, and every NIU only
     * waits ({@link Interconnect#stalled()}).
     */
    @Override
    public boolean stalled() {
        return ic.busy() && ic.time() - lastProgressCycle() > stallWindow && ic.stalled();
    }

    /**
     * {@inheritDoc} Here: an NIU acts on its node (writes its memory, starts or wakes its threads, changes its
     * status) only in its own network cycles ({@link scmp.niu.Niu#networkCycle}, run while it sends or receives) and
     * at the end of a core cycle in which it has blocked threads ({@link scmp.niu.Niu#endCoreCycle});
     * {@link Interconnect} names the node before each.
     */
    @Override
    public boolean reportReach(java.util.function.IntConsumer before) {
        ic.setReach(before);
        return true;
    }

    /** {@inheritDoc} Here: the node's NIU sends, receives or has blocked threads. */
    @Override
    public boolean mayActOn(int node) {
        scmp.niu.Niu u = ic.niu(node);
        return u.sending() || u.receiving() || u.blockedCount() != 0;
    }

    @Override
    public void skipStalled(long cycle) {
        ic.skipStalled(cycle);
    }

    /** {@inheritDoc} {@code 4 (D + L + C) + 64} network cycles, in core cycles (docs/simulator.md). */
    @Override
    public long stallWindow() {
        return stallWindow;
    }

    @Override
    public long lastProgressCycle() {
        return ic.lastProgressCycle() / ratio;
    }

    /**
     * {@inheritDoc} A flit that enters the router in network cycle {@code k t} reaches another node's NIU at the
     * earliest in network cycle {@code k t + T(1, 1)} (timing.md section 4: one hop, alone), which the NIU's
     * node sees from core cycle {@code floor((k t + T(1, 1)) / k) + 1}.
     */
    @Override
    public long lookahead() {
        return ic.network().config().zeroLoadLatency(1, 1) / ratio + 1;
    }
}
