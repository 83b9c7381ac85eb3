package scmp.noc;

/**
 * Dimension-order routing on offsets, as in the SCMP router: while the head's X magnitude is not zero the
 * flit goes east or west by the X sign; then while the Y magnitude is not zero it goes south or north by
 * the Y sign; at zero and zero it leaves on the local port. The forwarding router decrements the magnitude
 * of the dimension it moved in, so a router needs no knowledge of its own position. X before Y on a mesh
 * is deadlock free.
 */
public final class DimensionOrderRouting implements RoutingFunction {
    private final Mesh2D mesh;
    private final FlitFormat format;

    /**
     * Creates the routing function for a mesh and a head format.
     *
     * @throws IllegalArgumentException when the mesh is wider than the format's offsets reach
     */
    public DimensionOrderRouting(Mesh2D mesh, FlitFormat format) {
        if (mesh.width() > format.maxMeshSide() || mesh.height() > format.maxMeshSide()) {
            throw new IllegalArgumentException("a " + mesh.width() + "x" + mesh.height() + " mesh needs offsets beyond the "
                    + format + " head format's " + format.maxOffset() + "; use the WIDE format");
        }
        this.mesh = mesh;
        this.format = format;
    }

    @Override
    public int route(int router, int inPort, int payload) {
        if (format.xMagnitude(payload) != 0) {
            return format.xNegative(payload) ? Mesh2D.WEST : Mesh2D.EAST;
        }
        if (format.yMagnitude(payload) != 0) {
            return format.yNegative(payload) ? Mesh2D.NORTH : Mesh2D.SOUTH;
        }
        return Mesh2D.LOCAL;
    }

    @Override
    public int forward(int router, int outPort, int payload) {
        return switch (outPort) {
            case Mesh2D.EAST, Mesh2D.WEST -> format.decrementX(payload);
            case Mesh2D.SOUTH, Mesh2D.NORTH -> format.decrementY(payload);
            default -> payload;
        };
    }

    @Override
    public int encodeHead(int src, int dst, int type, int stride) {
        checkNode(src);
        checkNode(dst);
        return format.encode(mesh.x(dst) - mesh.x(src), mesh.y(dst) - mesh.y(src), type, stride);
    }

    @Override
    public int destination(int src, int payload) {
        int x = mesh.x(src) + format.dx(payload);
        int y = mesh.y(src) + format.dy(payload);
        if (x < 0 || x >= mesh.width() || y < 0 || y >= mesh.height()) {
            return -1;
        }
        return mesh.node(x, y);
    }

    private void checkNode(int node) {
        if (node < 0 || node >= mesh.nodes()) {
            throw new IllegalArgumentException("node " + node + " is not in the " + mesh.name());
        }
    }
}
