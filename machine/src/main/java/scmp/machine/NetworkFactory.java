package scmp.machine;

import scmp.cpu.Core;

/**
 * Builds the network of a machine once its cores exist; the seam through which a network model (the
 * placeholder {@link IdealNetwork} today, the NIU and mesh model later) plugs into the machine.
 */
@FunctionalInterface
public interface NetworkFactory {

    /** The placeholder network. */
    NetworkFactory IDEAL = (cores, cfg) -> new IdealNetwork(cores, cfg.xdim());

    /**
     * Creates the network.
     *
     * @param cores the nodes' cores, indexed by node number ({@code y * xdim + x})
     * @param cfg   the machine configuration
     * @return the network
     */
    Network create(Core[] cores, MachineConfig cfg);
}
