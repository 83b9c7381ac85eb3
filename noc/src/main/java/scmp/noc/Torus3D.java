package scmp.noc;

/**
 * A three-dimensional torus of {@code x * y * z} routers, each with {@code endpoints} network interfaces (the Cray
 * T3D has two processing elements per node, docs/t3d.md). Router {@code r} sits at {@code (r mod X, (r / X) mod Y,
 * r / (X Y))}; endpoint {@code n} attaches to router {@code n / endpoints} at port {@code n mod endpoints}. The
 * ports after the endpoints' lead in the six directions, {@link #PLUS_X} relative to {@link #firstLink()}: the link
 * leaving a router in direction +X arrives at the next router's -X port, so each port names the neighbour it faces.
 * Every dimension is a ring: the last router's +X link wraps to the first. A dimension of size 1 has no links; one
 * of size 2 has two links between its routers, one each way round.
 */
public final class Torus3D implements Topology {
    /** The direction towards x + 1, relative to the first link port. */
    public static final int PLUS_X = 0;
    /** The direction towards x - 1. */
    public static final int MINUS_X = 1;
    /** The direction towards y + 1. */
    public static final int PLUS_Y = 2;
    /** The direction towards y - 1. */
    public static final int MINUS_Y = 3;
    /** The direction towards z + 1. */
    public static final int PLUS_Z = 4;
    /** The direction towards z - 1. */
    public static final int MINUS_Z = 5;

    private static final String[] DIRECTION_NAMES = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};

    private final int[] size;
    private final int endpoints;

    /**
     * Creates a torus.
     *
     * @param x         routers in X, at least 1
     * @param y         routers in Y, at least 1
     * @param z         routers in Z, at least 1
     * @param endpoints network interfaces per router, at least 1
     */
    public Torus3D(int x, int y, int z, int endpoints) {
        if (x < 1 || y < 1 || z < 1 || endpoints < 1) {
            throw new IllegalArgumentException("torus sides and endpoints must be positive: " + x + "x" + y + "x" + z
                    + ", " + endpoints);
        }
        this.size = new int[] {x, y, z};
        this.endpoints = endpoints;
    }

    /** Returns the routers along a dimension (0 X, 1 Y, 2 Z). */
    public int size(int dim) {
        return size[dim];
    }

    /** Returns the network interfaces per router. */
    public int endpoints() {
        return endpoints;
    }

    /** Returns the first port that leads to another router; the ports below it are the endpoints'. */
    public int firstLink() {
        return endpoints;
    }

    /** Returns a router's coordinate along a dimension. */
    public int coordinate(int router, int dim) {
        return switch (dim) {
            case 0 -> router % size[0];
            case 1 -> router / size[0] % size[1];
            default -> router / (size[0] * size[1]);
        };
    }

    /** Returns the dimension of a link port, or -1 for an endpoint's port. */
    public int dimension(int port) {
        return port < endpoints ? -1 : (port - endpoints) / 2;
    }

    /** Tells whether a link port leads the + way round its ring. */
    public boolean plus(int port) {
        return (port - endpoints) % 2 == 0;
    }

    /**
     * Tells whether the link leaving a router on a port crosses its ring's dateline: the + link of the router at
     * coordinate {@code size - 1} and the - link of the one at 0 (the wrap-around links).
     */
    public boolean crossesDateline(int router, int port) {
        int dim = dimension(port);
        int c = coordinate(router, dim);
        return plus(port) ? c == size[dim] - 1 : c == 0;
    }

    /** Returns the distance from one coordinate to another along a ring the + way round. */
    int forward(int dim, int from, int to) {
        int d = to - from;
        return d < 0 ? d + size[dim] : d;
    }

    @Override
    public String name() {
        return "torus " + size[0] + "x" + size[1] + "x" + size[2];
    }

    @Override
    public int nodes() {
        return routers() * endpoints;
    }

    @Override
    public int routers() {
        return size[0] * size[1] * size[2];
    }

    @Override
    public int ports() {
        return endpoints + 6;
    }

    @Override
    public int downstream(int router, int outPort) {
        int dim = dimension(outPort);
        if (dim < 0 || size[dim] == 1) {
            return -1;
        }
        int c = coordinate(router, dim);
        int step = plus(outPort) ? 1 : size[dim] - 1;
        int next = router + ((c + step) % size[dim] - c) * stride(dim);
        int inPort = plus(outPort) ? outPort + 1 : outPort - 1;
        return next * ports() + inPort;
    }

    private int stride(int dim) {
        return dim == 0 ? 1 : dim == 1 ? size[0] : size[0] * size[1];
    }

    @Override
    public int injectionRouter(int node) {
        return node / endpoints;
    }

    @Override
    public int injectionPort(int node) {
        return node % endpoints;
    }

    @Override
    public int hops(int src, int dst) {
        int a = src / endpoints;
        int b = dst / endpoints;
        int h = 0;
        for (int dim = 0; dim < 3; dim++) {
            int d = forward(dim, coordinate(a, dim), coordinate(b, dim));
            h += Math.min(d, size[dim] - d);
        }
        return h;
    }

    @Override
    public String routerName(int router) {
        return "(" + coordinate(router, 0) + "," + coordinate(router, 1) + "," + coordinate(router, 2) + ")";
    }

    @Override
    public String portName(int port) {
        return port < endpoints ? "L" + port : DIRECTION_NAMES[port - endpoints];
    }
}
