package scmp.noc;

/**
 * The SCMP chip: a {@code width} x {@code height} mesh with one router per node. Node {@code n} sits at
 * {@code x = n % width}, {@code y = n / width} (the {@code nodeid} special register is {@code y * xdim + x}).
 * X grows to the east and Y grows to the south. Each router has five ports: the local port to its node's
 * network interface and one per compass direction; ports on the mesh's edge are unconnected.
 */
public final class Mesh2D implements Topology {
    /** The port to and from the node's network interface. */
    public static final int LOCAL = 0;
    /** The port towards x + 1. */
    public static final int EAST = 1;
    /** The port towards x - 1. */
    public static final int WEST = 2;
    /** The port towards y + 1. */
    public static final int SOUTH = 3;
    /** The port towards y - 1. */
    public static final int NORTH = 4;
    /** Number of ports per router. */
    public static final int PORTS = 5;

    private static final String[] PORT_NAMES = {"L", "E", "W", "S", "N"};

    private final int width;
    private final int height;

    /**
     * Creates a mesh.
     *
     * @param width nodes in X, at least 1
     * @param height nodes in Y, at least 1
     */
    public Mesh2D(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("mesh sides must be positive: " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
    }

    /**
     * Parses {@code WxH}, for example {@code 8x8}.
     *
     * @throws IllegalArgumentException on malformed text
     */
    public static Mesh2D parse(String text) {
        String[] parts = text.trim().toLowerCase().split("x");
        if (parts.length != 2) {
            throw new IllegalArgumentException("mesh size must read WxH, for example 8x8: " + text);
        }
        try {
            return new Mesh2D(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("mesh size must read WxH, for example 8x8: " + text, e);
        }
    }

    /** Returns the number of nodes in X. */
    public int width() {
        return width;
    }

    /** Returns the number of nodes in Y. */
    public int height() {
        return height;
    }

    /** Returns the X coordinate of a node. */
    public int x(int node) {
        return node % width;
    }

    /** Returns the Y coordinate of a node. */
    public int y(int node) {
        return node / width;
    }

    /** Returns the node at given coordinates. */
    public int node(int x, int y) {
        return y * width + x;
    }

    @Override
    public String name() {
        return "mesh " + width + "x" + height;
    }

    @Override
    public int nodes() {
        return width * height;
    }

    @Override
    public int routers() {
        return width * height;
    }

    @Override
    public int ports() {
        return PORTS;
    }

    @Override
    public int downstream(int router, int outPort) {
        int x = x(router);
        int y = y(router);
        return switch (outPort) {
            case EAST -> x + 1 < width ? node(x + 1, y) * PORTS + WEST : -1;
            case WEST -> x > 0 ? node(x - 1, y) * PORTS + EAST : -1;
            case SOUTH -> y + 1 < height ? node(x, y + 1) * PORTS + NORTH : -1;
            case NORTH -> y > 0 ? node(x, y - 1) * PORTS + SOUTH : -1;
            default -> -1;
        };
    }

    @Override
    public int injectionRouter(int node) {
        return node;
    }

    @Override
    public int injectionPort(int node) {
        return LOCAL;
    }

    @Override
    public int hops(int src, int dst) {
        return Math.abs(x(dst) - x(src)) + Math.abs(y(dst) - y(src));
    }

    @Override
    public String routerName(int router) {
        return "(" + x(router) + "," + y(router) + ")";
    }

    @Override
    public String portName(int port) {
        return PORT_NAMES[port];
    }
}
