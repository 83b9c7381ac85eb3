package scmp.noc;

/**
 * Dimension-order routing on a {@link Torus3D} with dateline virtual channels (docs/t3d.md, "The data torus"). A
 * head carries its destination endpoint as its payload, unchanged from router to router; each router compares the
 * destination's coordinates with its own and moves in X, then Y, then Z, the shorter way round each ring (the +
 * way on a tie), and delivers at the destination's port when all three agree.
 *
 * <p>Deadlock freedom: the virtual channels of every link are split into two classes, the lower half and the upper
 * half. A packet travels a ring in the lower class until it crosses the ring's dateline (the wrap-around link),
 * then in the upper class to the end of that dimension; on entering the next dimension it starts again in the
 * lower class. No ring's channel dependences close a cycle within a class, and dimension order orders the rings,
 * so the network cannot deadlock. The network needs an even number of virtual channels, at least two.
 *
 * <p>A head that leaves a router in another dimension than it arrived in (a corner) waits {@code turnCycles}
 * more in route computation ({@link #extraDelay}); the T3D's is one cycle.
 */
public final class TorusRouting implements RoutingFunction {
    private final Torus3D torus;
    private final int vcs;
    private final int turnCycles;

    /**
     * Creates the routing function.
     *
     * @param torus      the torus
     * @param vcs        virtual channels per port, even and at least 2
     * @param turnCycles extra cycles a head spends turning a corner, at least 0
     */
    public TorusRouting(Torus3D torus, int vcs, int turnCycles) {
        if (vcs < 2 || vcs % 2 != 0) {
            throw new IllegalArgumentException("dateline routing needs an even number of virtual channels: " + vcs);
        }
        if (turnCycles < 0) {
            throw new IllegalArgumentException("turn cycles must be at least 0: " + turnCycles);
        }
        this.torus = torus;
        this.vcs = vcs;
        this.turnCycles = turnCycles;
    }

    @Override
    public int route(int router, int inPort, int payload) {
        int dst = payload / torus.endpoints();
        for (int dim = 0; dim < 3; dim++) {
            int d = torus.forward(dim, torus.coordinate(router, dim), torus.coordinate(dst, dim));
            if (d != 0) {
                int s = torus.size(dim);
                return torus.firstLink() + 2 * dim + (d <= s - d ? 0 : 1);
            }
        }
        return payload % torus.endpoints();
    }

    @Override
    public int forward(int router, int outPort, int payload) {
        return payload;
    }

    @Override
    public long allowedVcs(int router, int inPort, int inVc, int outPort, long available) {
        int dim = torus.dimension(outPort);
        if (dim < 0) {
            return available;
        }
        boolean upper = torus.crossesDateline(router, outPort)
                || (torus.dimension(inPort) == dim && inVc >= vcs / 2);
        long half = (1L << (vcs / 2)) - 1;
        return available & (half << (outPort * vcs + (upper ? vcs / 2 : 0)));
    }

    @Override
    public int extraDelay(int router, int inPort, int outPort) {
        int in = torus.dimension(inPort);
        int out = torus.dimension(outPort);
        return in >= 0 && out >= 0 && in != out ? turnCycles : 0;
    }

    @Override
    public int encodeHead(int src, int dst, int type, int stride) {
        if (src < 0 || src >= torus.nodes() || dst < 0 || dst >= torus.nodes()) {
            throw new IllegalArgumentException("node " + (src < 0 || src >= torus.nodes() ? src : dst)
                    + " is not in the " + torus.name());
        }
        return dst;
    }

    @Override
    public int destination(int src, int payload) {
        return payload >= 0 && payload < torus.nodes() ? payload : -1;
    }
}
