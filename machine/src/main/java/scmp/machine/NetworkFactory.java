package scmp.machine;

import java.io.PrintStream;
import java.util.function.IntFunction;
import scmp.cpu.Node;

/**
 * Builds the network of a machine; the seam through which a network model plugs into the machine. The SCMP
 * chip's is {@link MeshNetwork}; other machines (the Cray T3D, the IBM SP) would bring their own.
 */
@FunctionalInterface
public interface NetworkFactory {

    /** The SCMP mesh: the noc router network and one NIU per node. */
    NetworkFactory MESH = MeshNetwork::new;

    /**
     * Creates the network.
     *
     * @param cfg   the machine configuration
     * @param nodes returns a node, creating it on first use (nodes no message reaches are never built)
     * @param trace where message traces ({@code --watch}) go
     * @param where describes a code address for traces
     * @return the network
     */
    Network create(MachineConfig cfg, IntFunction<Node> nodes, PrintStream trace, IntFunction<String> where);
}
