package scmp.model.sp;

import java.util.List;
import scmp.cpu.GuestFault;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.elf.MachineKind;
import scmp.machine.ClockedNetwork;
import scmp.machine.ConfigException;
import scmp.machine.Hardware;
import scmp.machine.IdleNetwork;
import scmp.machine.MachineModel;

/**
 * The IBM SP as a machine model (docs/simulator.md, "Machine models"): nodes, each with a switch adapter, on a
 * multistage packet switch. Its parameters are {@link SpParams}.
 *
 * <p>This is the skeleton the SP model grows from: the nodes run programs that use no network (every node runs
 * {@code main}, as {@code poe} starts them), the switch exists and is clocked but carries nothing, and the network
 * instructions fault until the adapter (DMA, send and receive FIFOs, interrupts) is modelled. The special registers
 * describe the system as a line of nodes: {@code xdim} is the number of nodes, {@code ydim} 1, {@code niustat} 0.
 */
public final class SpModel implements MachineModel<SpParams> {

    /** A node's adapter as far as it is modelled: nothing yet. */
    private static final NetworkPort ADAPTER = (op, cycle, thread, v0, v1, v2, v3) -> {
        throw new GuestFault(GuestFault.Kind.NIU_MISUSE, "network instruction on the SP, whose switch adapter is not "
                + "modelled yet");
    };

    @Override
    public String name() {
        return "sp";
    }

    @Override
    public MachineKind kind() {
        return MachineKind.SP;
    }

    @Override
    public Class<SpParams> parametersType() {
        return SpParams.class;
    }

    @Override
    public String description() {
        return MachineKind.SP.description() + ": nodes with switch adapters on a multistage packet switch";
    }

    /** {@inheritDoc} Without {@code nodes}, the system has the nodes {@code -n} asks for (1 without). */
    @Override
    public SpParams fit(SpParams params, int ranks) {
        int nodes = params.nodes() > 0 ? params.nodes() : Math.max(1, ranks);
        if (ranks > nodes) {
            throw new ConfigException("-n " + ranks + ": the system has " + nodes + " node" + (nodes == 1 ? "" : "s")
                    + " (--param nodes)");
        }
        return params.withNodes(nodes);
    }

    @Override
    public int nodes(SpParams params) {
        return params.nodes();
    }

    @Override
    public int maxNodes() {
        return SpParams.MAX_NODES;
    }

    /** {@inheritDoc} Every node runs the program, as {@code poe} starts it, unless {@code -n} asks for fewer. */
    @Override
    public int ranks(SpParams params, int ranks) {
        return ranks > 0 ? ranks : params.nodes();
    }

    @Override
    public int defaultMemory(SpParams params) {
        return params.memoryBytes();
    }

    @Override
    public int maxMemory(SpParams params) {
        return SpParams.MAX_MEMORY;
    }

    @Override
    public Hardware build(SpParams params, Context context) {
        // nothing a node sends can reach another before a packet has crossed the switch
        List<ClockedNetwork> networks = List.of(new IdleNetwork("the SP switch", params.switchLatencyCycles()));
        int nodes = params.nodes();
        return new Hardware() {
            @Override
            public void attach(Node node) {
                node.setNetworkPort(ADAPTER);
                node.setSpecialRegisters(SpecialRegisters.line(nodes));
            }

            @Override
            public List<ClockedNetwork> networks() {
                return networks;
            }

            @Override
            public String deviceName() {
                return "the switch adapter";
            }
        };
    }
}
