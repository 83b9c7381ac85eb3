package scmp.machine;

import java.io.PrintStream;
import java.util.List;
import java.util.function.IntFunction;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.niu.Interconnect;
import scmp.niu.NiuConfig;
import scmp.niu.NiuStats;
import scmp.niu.Watch;
import scmp.noc.LinkLoad;
import scmp.noc.NocConfig;

/**
 * The SCMP chip's network: the wormhole mesh of {@code scmp.noc} with one NIU per node ({@link Interconnect}),
 * timed as docs/timing.md sections 3 and 4 specify, behind the machine's {@link Network} seam.
 */
final class MeshNetwork implements Network {
    private final Interconnect ic;
    private final int ratio;
    private final long stallWindow;

    MeshNetwork(MachineConfig cfg, IntFunction<Node> nodes, PrintStream trace, IntFunction<String> where) {
        scmp.noc.Network net = scmp.noc.Network.mesh(cfg.xdim(), cfg.ydim(), cfg.noc());
        Watch watch = cfg.watches().isEmpty() ? null : new Watch(cfg.watches(), trace, where);
        this.ic = new Interconnect(net, new NiuConfig(cfg.niuQueue()), cfg.contexts(), nodes, watch);
        NocConfig c = cfg.noc();
        this.ratio = c.clockRatio();
        long quiet = 4L * (c.routerDelay() + c.linkDelay() + c.creditDelay()) + 64;
        this.stallWindow = (quiet + ratio - 1) / ratio;
    }

    @Override
    public NetworkPort port(int node) {
        return ic.port(node);
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

    @Override
    public long stallWindow() {
        return stallWindow;
    }

    @Override
    public long lastProgressCycle() {
        return ic.lastProgressCycle() / ratio;
    }

    @Override
    public String blockedReason(int node, int context) {
        return ic.niu(node).blockedReason(context);
    }

    @Override
    public String stateReport() {
        return ic.stateReport();
    }

    @Override
    public NiuStats niuStats(int node) {
        return ic.niu(node).stats();
    }

    @Override
    public List<LinkLoad> linkLoads() {
        return ic.network().linkLoads();
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

    @Override
    public void nodeExited(int node) {
        ic.niu(node).nodeExited();
    }

    @Override
    public long networkCycles() {
        return ic.network().cycle();
    }
}
