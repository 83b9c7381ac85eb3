package scmp.model.t3d;

import java.util.List;
import scmp.cpu.GuestFault;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.machine.ClockedNetwork;
import scmp.machine.Hardware;
import scmp.machine.IdleNetwork;
import scmp.machine.StatsLayout;

/**
 * The hardware of a T3D partition, as a skeleton: every PE's network instructions go to its shell, which does not
 * model any primitive yet (each is a guest fault that says so); the data torus and the barrier network are clocked
 * by the machine and carry nothing. The special registers describe the partition as a line of PEs: {@code xdim}
 * is the number of PEs, {@code ydim} 1, {@code niustat} 0.
 */
final class T3dHardware implements Hardware, StatsLayout {
    private final T3dParams params;
    private final List<ClockedNetwork> networks;

    T3dHardware(T3dParams params) {
        this.params = params;
        // nothing a PE does can reach another before a packet has crossed one node (or a barrier has completed)
        this.networks = List.of(new IdleNetwork("the T3D's data torus " + params.torus(), params.hopCycles() + 1L),
                new IdleNetwork("the T3D's barrier network", params.barrierLatencyCycles()));
    }

    @Override
    public void attach(Node node) {
        node.setNetworkPort(SHELL);
        node.setSpecialRegisters(SpecialRegisters.line(params.pes()));
    }

    /** The shell of a PE as far as it is modelled: no primitive yet. */
    private static final NetworkPort SHELL = (op, cycle, thread, v0, v1, v2, v3) -> {
        throw new GuestFault(GuestFault.Kind.NIU_MISUSE, "network instruction on the T3D, whose shell primitives "
                + "(remote write and read, swap, fetch-and-increment, barrier) are not modelled yet");
    };

    @Override
    public List<ClockedNetwork> networks() {
        return networks;
    }

    @Override
    public String deviceName() {
        return "the shell";
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
    public List<Field> position(int node) {
        int[] p = params.position(node);
        return List.of(Field.of("x", p[0]), Field.of("y", p[1]), Field.of("z", p[2]));
    }

    @Override
    public String summaryShape(int nodes) {
        return nodes + " PE" + (nodes == 1 ? "" : "s") + " on a " + params.torus() + " torus";
    }
}
