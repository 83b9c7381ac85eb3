package scmp.model.t3d;

import scmp.elf.MachineKind;
import scmp.machine.ConfigException;
import scmp.machine.Hardware;
import scmp.machine.MachineModel;

/**
 * The Cray T3D as a machine model (docs/simulator.md, "Machine models"): processing elements, two to a node of a
 * 3D torus, with a separate hardware barrier network. Its parameters are {@link T3dParams}, its hardware
 * {@link T3dHardware}.
 *
 * <p>This is the skeleton the T3D model grows from: the PEs run programs that use no network (every PE runs
 * {@code main}, as on the T3D), the torus and the barrier network exist and are clocked but carry nothing, and the
 * network instructions fault until the shell's primitives (remote write and read, swap, fetch-and-increment,
 * barrier) are modelled.
 */
public final class T3dModel implements MachineModel<T3dParams> {

    /**
     * {@inheritDoc} True: the shell's 100-cycle lookahead makes a busy partition's quiet rounds 100 cycles long,
     * long enough for the compiled engine to compile and enter regions that then run a round at a time, which
     * costs more host time than interpreting them (docs/performance.md, "The engine of T3D runs").
     */
    @Override
    public boolean interpretsByDefault() {
        return true;
    }

    @Override
    public String name() {
        return "t3d";
    }

    @Override
    public MachineKind kind() {
        return MachineKind.T3D;
    }

    @Override
    public Class<T3dParams> parametersType() {
        return T3dParams.class;
    }

    @Override
    public String description() {
        return MachineKind.T3D.description() + ": PEs two to a node of a 3D torus, and a barrier network";
    }

    /**
     * {@inheritDoc} Without {@code pes}, the partition has the PEs {@code -n} asks for (1 without); without a
     * torus, the one {@link #torusFor} gives for its network nodes.
     */
    @Override
    public T3dParams fit(T3dParams params, int ranks) {
        int pes = params.pes() > 0 ? params.pes() : Math.max(1, ranks);
        if (ranks > pes) {
            throw new ConfigException("-n " + ranks + ": the partition has " + pes + " PE" + (pes == 1 ? "" : "s")
                    + " (--param pes)");
        }
        T3dParams.Torus torus = params.torus() != null ? params.torus()
                : torusFor((pes + params.pesPerNode() - 1) / params.pesPerNode());
        return params.withPartition(pes, torus);
    }

    @Override
    public int nodes(T3dParams params) {
        return params.pes();
    }

    @Override
    public int maxNodes() {
        return T3dParams.MAX_PES;
    }

    /** {@inheritDoc} Every PE of the partition runs the program, as on the T3D, unless {@code -n} asks for fewer. */
    @Override
    public int ranks(T3dParams params, int ranks) {
        return ranks > 0 ? ranks : params.pes();
    }

    @Override
    public int defaultMemory(T3dParams params) {
        return params.memoryBytes();
    }

    @Override
    public int maxMemory(T3dParams params) {
        return T3dParams.MAX_MEMORY;
    }

    @Override
    public Hardware build(T3dParams params, Context context) {
        return new T3dHardware(params, context);
    }

    /**
     * The torus of {@code n} network nodes when none is given: among the shapes {@code X x Y x Z} with
     * {@code X >= Y >= Z} and {@code X Y Z >= n}, the one with the fewest unused nodes, then the most nearly cubic
     * (the smallest {@code X - Z}). So 1, 2, 4, 8, 16, 32, 64 nodes get 1x1x1, 2x1x1, 2x2x1, 2x2x2, 4x2x2, 4x4x2,
     * 4x4x4; 3 gets 3x1x1.
     *
     * @param n network nodes, at least 1
     * @return the torus
     */
    public static T3dParams.Torus torusFor(int n) {
        T3dParams.Torus best = null;
        for (int z = 1; z * z * z <= n || z == 1; z++) {
            for (int y = z; z * y * y <= n || y == z; y++) {
                int x = Math.max(y, (n + z * y - 1) / (z * y));
                T3dParams.Torus t = new T3dParams.Torus(x, y, z);
                if (best == null || t.nodes() < best.nodes()
                        || (t.nodes() == best.nodes() && x - z < best.x() - best.z())) {
                    best = t;
                }
            }
        }
        return best;
    }
}
