package scmp.model.t3d;

import java.util.List;
import scmp.cpu.CachedInterpreter;
import scmp.cpu.DataCache;
import scmp.cpu.Engine;
import scmp.cpu.Node;
import scmp.cpu.RemoteStats;
import scmp.machine.ClockedNetwork;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;
import scmp.machine.StatsLayout;

/**
 * The hardware of a T3D partition (docs/t3d.md): every PE's {@link Shell} behind its network instructions and
 * special registers, the data torus with the shells' transfer engines ({@link ShellNetwork}) and the barrier
 * network ({@link BarrierNetwork}), run in that order within a core cycle, and with {@code dataCache} each PE's
 * data cache and the engine that loads and stores through it.
 */
final class T3dHardware implements Hardware, StatsLayout {
    private final T3dParams params;
    private final MachineModel.Context context;
    private final Shell[] shells;
    private final DataCache[] caches;
    private final ShellNetwork torus;
    private final BarrierNetwork barrier;
    private final List<ClockedNetwork> networks;

    T3dHardware(T3dParams params, MachineModel.Context context) {
        this.params = params;
        this.context = context;
        this.shells = new Shell[params.pes()];
        this.caches = new DataCache[params.pes()];
        int ranks = context.run().ranks();
        this.torus = new ShellNetwork(params, context, shells);
        this.barrier = new BarrierNetwork(ranks > 0 ? Math.min(ranks, params.pes()) : params.pes(), params.pes(),
                params.barrierLatencyCycles());
        barrier.connect(shells);
        this.networks = List.of(torus, barrier);
    }

    @Override
    public void attach(Node node) {
        int pe = node.nodeId();
        Shell s = new Shell(pe, params.pes(), context.run().memSize(), context.run().contexts(), node);
        s.connect(torus, barrier, params.dataCache() ? cache(pe) : null);
        shells[pe] = s;
        node.setNetworkPort(s);
        node.setSpecialRegisters(s);
    }

    /** A PE's data cache, made when its node's engine or shell first needs it. */
    private DataCache cache(int pe) {
        if (caches[pe] == null) {
            caches[pe] = new DataCache(T3dParams.DATA_CACHE_BYTES);
        }
        return caches[pe];
    }

    /**
     * {@inheritDoc} With the data cache, the interpreter's variant whose loads and stores go through the PE's
     * cache ({@link CachedInterpreter}, generated from the same declarations); without it, the interpreter.
     */
    @Override
    public Engine.Factory engines() {
        return params.dataCache() ? c -> new CachedInterpreter(c, cache(c.nodeId())) : Hardware.super.engines();
    }

    @Override
    public boolean needsOwnEngine() {
        return params.dataCache();
    }

    /** {@inheritDoc} The PE's data cache, when it has one: its lines decide what later loads see and cost. */
    @Override
    public long[] silentState(int node) {
        return caches[node] == null ? null : caches[node].state();
    }

    /** {@inheritDoc} True: a PE waits in libmpi's and libshmem's polling loops, without {@code suspend}. */
    @Override
    public boolean waitsBySpinning() {
        return true;
    }

    @Override
    public List<ClockedNetwork> networks() {
        return networks;
    }

    @Override
    public String deviceName() {
        return "the shell";
    }

    @Override
    public String blockedReason(int node, int context) {
        return shells[node] == null ? null : shells[node].waitReason(context);
    }

    @Override
    public String stateReport() {
        StringBuilder sb = new StringBuilder(torus.stateReport());
        if (barrier.arrivals() != 0) {
            sb.append("  barrier: ").append(barrier.arrivals()).append(" of ").append(barrier.participants())
                    .append(" PEs arrived\n");
        }
        return sb.toString();
    }

    @Override
    public StatsLayout stats() {
        return this;
    }

    @Override
    public List<Field> shape() {
        T3dParams.Torus t = params.torus();
        return List.of(new Field("torus", "{\"x\": " + t.x() + ", \"y\": " + t.y() + ", \"z\": " + t.z() + "}"),
                Field.of("pes_per_node", params.pesPerNode()));
    }

    @Override
    public List<Field> totals(long cycles) {
        return List.of(Field.of("torus_packets", torus.packetsDelivered()), Field.of("torus_phits",
                torus.phitsInjected()), Field.of("barriers", barrier.barriers()));
    }

    @Override
    public List<Field> counters(int node, RemoteStats remote) {
        List<Field> f = new java.util.ArrayList<>(StatsLayout.super.counters(node, remote));
        Shell s = shells[node];
        f.add(Field.of("shell_requests", s == null ? 0 : s.requests()));
        f.add(Field.of("fetch_inc_register", torus.fetchIncRegister(node)));
        if (params.dataCache()) {
            DataCache c = caches[node];
            f.add(Field.of("cache_hits", c == null ? 0 : c.hits()));
            f.add(Field.of("cache_misses", c == null ? 0 : c.misses()));
        }
        return f;
    }

    @Override
    public List<Field> position(int node) {
        int[] p = params.position(node);
        return List.of(Field.of("x", p[0]), Field.of("y", p[1]), Field.of("z", p[2]));
    }

    @Override
    public String summaryShape(int nodes) {
        return nodes + " PE" + (nodes == 1 ? "" : "s") + " on a " + params.torus() + " torus";
    }
}
