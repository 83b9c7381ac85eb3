package scmp.model.scmp;

import scmp.elf.MachineKind;
import scmp.machine.ConfigException;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;

/**
 * The SCMP chip as a machine model: a 2D mesh of nodes, each with an NIU ({@code scmp.niu.Niu}) on a wormhole router
 * network ({@code scmp.noc}), timed as docs/timing.md sections 3 and 4 specify. Its parameters are
 * {@link ScmpParams}; its hardware, {@link ScmpHardware}.
 */
public final class ScmpModel implements MachineModel<ScmpParams> {

    /** The model; {@link java.util.ServiceLoader} makes its own, which behaves the same. */
    public static final ScmpModel INSTANCE = new ScmpModel();

    @Override
    public String name() {
        return "scmp";
    }

    @Override
    public MachineKind kind() {
        return MachineKind.SCMP;
    }

    @Override
    public Class<ScmpParams> parametersType() {
        return ScmpParams.class;
    }

    @Override
    public String description() {
        return MachineKind.SCMP.description() + ": a mesh of nodes with NIUs on wormhole routers";
    }

    /**
     * {@inheritDoc} Without a mesh, the mesh is 4x4, or for {@code N} ranks the one {@link #meshFor} gives; with one,
     * the ranks must fit in it.
     */
    @Override
    public ScmpParams fit(ScmpParams params, int ranks) {
        ScmpParams.Mesh m = params.mesh();
        if (m == null) {
            return params.withMesh(ranks > 0 ? meshFor(ranks) : new ScmpParams.Mesh(4, 4));
        }
        if (ranks > m.nodes()) {
            throw new ConfigException("-n " + ranks + ": the " + m + " mesh (--mesh) has only " + m.nodes() + " node"
                    + (m.nodes() == 1 ? "" : "s"));
        }
        return params;
    }

    @Override
    public int nodes(ScmpParams params) {
        return params.nodes();
    }

    @Override
    public int maxNodes() {
        return ScmpParams.MAX_DIM * ScmpParams.MAX_DIM;
    }

    @Override
    public Hardware build(ScmpParams params, Context context) {
        return new ScmpHardware(params, context);
    }

    /**
     * The mesh of an SPMD run of {@code n} ranks when none is given: among the meshes {@code X x Y} with
     * {@code X >= Y}, {@code X <= 2Y} and {@code X * Y >= n}, the one with the fewest unused nodes, then the most
     * square. So 1, 2, 4, 8, 16, 32, 64, 128, 256 ranks get 1x1, 2x1, 2x2, 4x2, 4x4, 8x4, 8x8, 16x8, 16x16; 6 gets
     * 3x2, 7 gets 4x2, 12 gets 4x3.
     *
     * @param n the ranks, 1..{@link ScmpParams#MAX_DIM} squared
     * @return the mesh
     */
    public static ScmpParams.Mesh meshFor(int n) {
        ScmpParams.Mesh best = null;
        for (int y = 1; y <= ScmpParams.MAX_DIM; y++) {
            int x = Math.max(y, (n + y - 1) / y);
            if (x > 2 * y || x > ScmpParams.MAX_DIM) {
                continue;
            }
            int waste = x * y - n;
            int bestWaste = best == null ? Integer.MAX_VALUE : best.nodes() - n;
            if (waste < bestWaste || (waste == bestWaste && x - y < best.x() - best.y())) {
                best = new ScmpParams.Mesh(x, y);
            }
        }
        return best;
    }
}
