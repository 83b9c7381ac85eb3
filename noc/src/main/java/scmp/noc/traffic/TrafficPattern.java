package scmp.noc.traffic;

import java.util.SplittableRandom;
import scmp.noc.Mesh2D;

/**
 * The destinations of synthetic traffic, as BookSim names them. A source may be its own destination; such a
 * packet crosses only its own router, as in BookSim.
 */
public enum TrafficPattern {
    /** Every node equally likely, the source included. */
    UNIFORM,
    /** Node (x, y) sends to (y, x); needs a square mesh. */
    TRANSPOSE,
    /** Node n sends to its bitwise complement; needs a power-of-two node count. */
    BITCOMP,
    /** A fraction of the packets go to one hot node (the mesh centre by default), the others uniformly. */
    HOTSPOT;

    /** The share of packets that go to the hot node under {@link #HOTSPOT}. */
    public static final double HOTSPOT_FRACTION = 0.2;

    /** Checks that this pattern applies to a mesh. */
    public void check(Mesh2D mesh) {
        int n = mesh.nodes();
        if (this == TRANSPOSE && mesh.width() != mesh.height()) {
            throw new IllegalArgumentException("transpose traffic needs a square mesh, not " + mesh.name());
        }
        if (this == BITCOMP && Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("bitcomp traffic needs a power-of-two node count, not " + n);
        }
    }

    /** Returns the hot node of a mesh: its centre. */
    public static int hotNode(Mesh2D mesh) {
        return mesh.node(mesh.width() / 2, mesh.height() / 2);
    }

    /**
     * Chooses the destination of a new packet.
     *
     * @param mesh the mesh
     * @param src the source node
     * @param rng the generator; uniform and hotspot draw from it
     * @return the destination node
     */
    public int destination(Mesh2D mesh, int src, SplittableRandom rng) {
        int n = mesh.nodes();
        return switch (this) {
            case UNIFORM -> rng.nextInt(n);
            case TRANSPOSE -> mesh.node(mesh.y(src), mesh.x(src));
            case BITCOMP -> ~src & (n - 1);
            case HOTSPOT -> rng.nextDouble() < HOTSPOT_FRACTION ? hotNode(mesh) : rng.nextInt(n);
        };
    }
}
