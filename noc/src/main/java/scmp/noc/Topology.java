package scmp.noc;

/**
 * The wiring of a network: how many routers, how many ports each has, which output port feeds which input
 * port, and where each node's network interface attaches. A topology knows nothing of flits, buffers or
 * routing decisions; the {@link RoutingFunction} and the router model are separate pieces, so a 3D torus or
 * a multistage switch is a new implementation of this interface next to {@link Mesh2D}, not a change to it.
 *
 * <p>Every router has the same number of ports. A port with no neighbour (a mesh edge) is unconnected.
 */
public interface Topology {

    /** Returns a short description such as {@code mesh 8x8}. */
    String name();

    /** Returns the number of nodes (network interfaces). */
    int nodes();

    /** Returns the number of routers. */
    int routers();

    /** Returns the number of ports of every router, including the ports to network interfaces. */
    int ports();

    /**
     * Returns where the link leaving a router's output port arrives.
     *
     * @param router the router
     * @param outPort its output port
     * @return {@code downstreamRouter * ports() + inPort}, or -1 when the port leads to no router
     */
    int downstream(int router, int outPort);

    /** Returns the router into which a node injects. */
    int injectionRouter(int node);

    /** Returns the input port of {@link #injectionRouter} that a node injects into. */
    int injectionPort(int node);

    /** Returns the router from which a node receives; the same as the injection router unless overridden. */
    default int ejectionRouter(int node) {
        return injectionRouter(node);
    }

    /** Returns the output port of {@link #ejectionRouter} that delivers to a node. */
    default int ejectionPort(int node) {
        return injectionPort(node);
    }

    /** Returns the minimal number of router-to-router links between two nodes. */
    int hops(int src, int dst);

    /** Returns a readable name of a router, such as {@code (3,1)}. */
    String routerName(int router);

    /** Returns a readable name of a port, such as {@code E}. */
    String portName(int port);
}
