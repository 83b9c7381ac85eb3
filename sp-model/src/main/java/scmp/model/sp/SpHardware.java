package scmp.model.sp;

import java.util.List;
import scmp.cpu.Node;
import scmp.cpu.RemoteStats;
import scmp.machine.ClockedNetwork;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;
import scmp.machine.StatsLayout;

/**
 * The hardware of an SP system (docs/sp.md): every node's {@link SpAdapter} behind its network instructions and
 * special registers, and the {@link SpSwitch} with the adapters' DMA engines, the one clocked network.
 */
final class SpHardware implements Hardware, StatsLayout {
    private final SpParams params;
    private final MachineModel.Context context;
    private final SpAdapter[] adapters;
    private final SpSwitch network;
    private final List<ClockedNetwork> networks;

    SpHardware(SpParams params, MachineModel.Context context) {
        this.params = params;
        this.context = context;
        this.adapters = new SpAdapter[params.nodes()];
        this.network = new SpSwitch(params, context, adapters);
        this.networks = List.of(network);
    }

    @Override
    public void attach(Node node) {
        int k = node.nodeId();
        SpAdapter a = new SpAdapter(k, params.nodes(), context.run().memSize(), context.run().contexts(), params,
                node);
        a.connect(network);
        adapters[k] = a;
        node.setNetworkPort(a);
        node.setSpecialRegisters(a);
    }

    /** {@inheritDoc} True: a node waits in LAPI's polling loops, without {@code suspend}. */
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
        return "the switch adapter";
    }

    @Override
    public String blockedReason(int node, int ctx) {
        return adapters[node] == null ? null : adapters[node].waitReason(ctx);
    }

    @Override
    public String stateReport() {
        return network.stateReport();
    }

    @Override
    public StatsLayout stats() {
        return this;
    }

    @Override
    public List<Field> shape() {
        return List.of(Field.of("routes", params.routes()), Field.of("packet_bytes", params.packetBytes()));
    }

    @Override
    public List<Field> totals(long cycles) {
        return List.of(Field.of("switch_packets", network.packetsDelivered()),
                Field.of("switch_bytes", network.bytesDelivered()),
                Field.of("packets_overtaken", network.overtaken()),
                Field.of("packets_dropped", network.dropped()));
    }

    @Override
    public List<Field> counters(int node, RemoteStats remote) {
        List<Field> f = new java.util.ArrayList<>(StatsLayout.super.counters(node, remote));
        SpAdapter a = adapters[node];
        f.add(Field.of("packets_sent", a == null ? 0 : a.sent()));
        f.add(Field.of("packets_received", a == null ? 0 : a.received()));
        f.add(Field.of("interrupts", a == null ? 0 : a.interrupts()));
        return f;
    }

    @Override
    public String summaryShape(int nodes) {
        return nodes + " node" + (nodes == 1 ? "" : "s") + " on a switch of " + params.routes() + " routes per pair";
    }
}
