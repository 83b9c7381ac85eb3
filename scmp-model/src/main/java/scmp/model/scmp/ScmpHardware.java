package scmp.model.scmp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scmp.cpu.Node;
import scmp.cpu.RemoteStats;
import scmp.machine.ClockedNetwork;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;
import scmp.machine.RunStats;
import scmp.machine.StatsLayout;
import scmp.niu.Niu;
import scmp.niu.NiuConfig;
import scmp.niu.NiuStats;
import scmp.niu.Watch;
import scmp.noc.LinkLoad;
import scmp.noc.Mesh2D;
import scmp.noc.RouterNetwork;

/**
 * The hardware of one SCMP chip: an NIU per node ({@link Niu}, the device of the network instructions and of
 * {@code niustat}) on the mesh of routers, clocked together by the {@link Interconnect}, which the machine runs
 * as its only network ({@link MeshNetwork}); and the chip's statistics: the mesh, each NIU's counters, the links.
 */
public final class ScmpHardware implements Hardware, StatsLayout {
    private final ScmpParams params;
    private final Interconnect ic;
    private final List<ClockedNetwork> networks;
    private final Mesh2D names;

    ScmpHardware(ScmpParams params, MachineModel.Context context) {
        this.params = params;
        ScmpParams.Mesh m = params.mesh();
        RouterNetwork net = RouterNetwork.mesh(m.x(), m.y(), params.noc());
        Watch watch = params.watch().isEmpty() ? null : new Watch(params.watch(), context.trace(), context::where);
        this.ic = new Interconnect(net, new NiuConfig(params.niuQueueFlits(), params.hwRts()), context.run().contexts(), context::node,
                watch);
        this.networks = List.of(new MeshNetwork(ic));
        this.names = new Mesh2D(m.x(), m.y());
    }

    /**
     * Returns the hardware of a machine of the SCMP model.
     *
     * @param machine a machine of the SCMP model
     * @return its hardware
     * @throws ClassCastException when the machine is of another model
     */
    public static ScmpHardware of(scmp.machine.Machine machine) {
        return (ScmpHardware) machine.hardware();
    }

    /** Returns the NIUs and routers. */
    public Interconnect interconnect() {
        return ic;
    }

    /**
     * Returns a node's NIU statistics.
     *
     * @param node the node
     * @return its counters
     */
    public NiuStats niuStats(int node) {
        return ic.niu(node).stats();
    }

    /** Returns the flits each router-to-router link carried. */
    public List<LinkLoad> linkLoads() {
        return ic.network().linkLoads();
    }

    @Override
    public void attach(Node node) {
        Niu niu = ic.niu(node.nodeId());
        node.setNetworkPort(niu);
        node.setSpecialRegisters(niu.registers(params.mesh().x(), params.mesh().y()));
    }

    @Override
    public List<ClockedNetwork> networks() {
        return networks;
    }

    @Override
    public String blockedReason(int node, int context) {
        return ic.niu(node).blockedReason(context);
    }

    @Override
    public String deviceName() {
        return "the NIU";
    }

    @Override
    public String stateReport() {
        return ic.stateReport();
    }

    /** {@inheritDoc} The network cycle the routers have reached. */
    @Override
    public String clockNote() {
        return " (network cycle " + ic.network().cycle() + ")";
    }

    @Override
    public void setDeviceEvents(scmp.cpu.DeviceEvents events) {
        ic.setEvents(events);
    }

    @Override
    public void nodeExited(int node) {
        ic.niu(node).nodeExited();
    }

    // ---------------------------------------------------------------- statistics (docs/simulator.md)

    @Override
    public StatsLayout stats() {
        return this;
    }

    @Override
    public List<Field> shape() {
        return List.of(new Field("mesh", "{\"x\": " + params.mesh().x() + ", \"y\": " + params.mesh().y() + "}"));
    }

    @Override
    public List<Field> totals(long cycles) {
        return List.of(Field.of("network_cycles", networkCycles(cycles)));
    }

    @Override
    public List<Field> position(int node) {
        return List.of(Field.of("x", node % params.mesh().x()), Field.of("y", node / params.mesh().x()));
    }

    @Override
    public List<Field> counters(int node, RemoteStats remote) {
        NiuStats u = niuStats(node);
        return List.of(Field.of("threads_started", u.threadsStarted()), Field.of("messages_sent", u.messagesSent()),
                Field.of("flits_sent", u.flitsSent()), Field.of("messages_received", u.messagesReceived()),
                Field.of("flits_received", u.flitsReceived()), Field.of("dma_words_read", u.dmaWords()),
                Field.of("words_written", u.wordsWritten()));
    }

    @Override
    public List<Section> sections(long cycles) {
        long networkCycles = networkCycles(cycles);
        List<String> items = new ArrayList<>();
        for (LinkLoad l : linkLoads()) {
            items.add("{\"from\": " + RunStats.quote(names.routerName(l.router())) + ", \"port\": "
                    + RunStats.quote(names.portName(l.port())) + ", \"to\": "
                    + RunStats.quote(names.routerName(l.toRouter())) + ", \"flits\": " + l.flits()
                    + ", \"utilisation\": " + String.format(Locale.ROOT, "%.6f", utilisation(l, networkCycles)) + "}");
        }
        return List.of(new Section("links", items));
    }

    @Override
    public String summaryShape(int nodes) {
        return params.mesh() + " mesh";
    }

    @Override
    public String summaryHeading() {
        return "  msgs out/in     flits out/in";
    }

    @Override
    public String summaryColumns(int node) {
        NiuStats u = niuStats(node);
        return String.format(Locale.ROOT, "  %5d/%-5d %7d/%d", u.messagesSent(), u.messagesReceived(), u.flitsSent(),
                u.flitsReceived());
    }

    @Override
    public String summaryLines(long cycles) {
        List<LinkLoad> links = linkLoads();
        if (links.isEmpty()) {
            return "";
        }
        long networkCycles = networkCycles(cycles);
        LinkLoad busiest = links.get(0);
        long total = 0;
        for (LinkLoad l : links) {
            total += l.flits();
            if (l.flits() > busiest.flits()) {
                busiest = l;
            }
        }
        return String.format(Locale.ROOT, "links: %d, %d flits carried over %d network cycles; mean utilisation "
                + "%.2f%%, busiest %s %s -> %s: %d flits (%.2f%%)%n", links.size(), total, networkCycles,
                100.0 * total / links.size() / Math.max(1, networkCycles), names.routerName(busiest.router()),
                names.portName(busiest.port()), names.routerName(busiest.toRouter()), busiest.flits(),
                100 * utilisation(busiest, networkCycles));
    }

    /** The network cycles of a run of {@code cycles} core cycles: the denominator of the links' utilisation. */
    private long networkCycles(long cycles) {
        return cycles * ic.network().config().clockRatio();
    }

    private static double utilisation(LinkLoad l, long networkCycles) {
        return networkCycles == 0 ? 0 : (double) l.flits() / networkCycles;
    }
}
