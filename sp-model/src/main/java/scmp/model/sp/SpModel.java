package scmp.model.sp;

import scmp.elf.MachineKind;
import scmp.machine.ConfigException;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;

/**
 * The IBM SP as a machine model (docs/simulator.md, "Machine models"; docs/sp.md): nodes, each with a switch
 * adapter ({@link SpAdapter}), on a multistage packet switch with four routes per node pair ({@link SpSwitch}).
 * Its parameters are {@link SpParams}. Every node runs {@code main}, as {@code poe} starts it. The special
 * registers describe the system as a line of nodes: {@code xdim} is the number of nodes, {@code ydim} 1;
 * {@code niustat} is the adapter's status.
 */
public final class SpModel implements MachineModel<SpParams> {

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
        return new SpHardware(params, context);
    }
}
