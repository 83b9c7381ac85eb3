package scmp.model.t3d;

import java.util.Locale;
import scmp.machine.ParamException;

/**
 * The parameters of a Cray T3D partition, each set by {@code scmpsim --param KEY=VALUE} (the torus also by
 * {@code --torus}). The numbers come from the seed document on the T3D, Cameron, Clarke and Smith, <i>CRI/EPCC MPI
 * for CRAY T3D</i> (EPCC, 1995; the project's seed {@code 001}), section 2, which the references below cite by line
 * of its plain-text copy; the barrier's latency is not in the seeds and is an assumption until the T3D model
 * calibrates it. The processing elements run the SCMP instruction set in place of the Alpha 21064,
 * at the T3D's clock, so that cycles are T3D cycles.
 *
 * @param pes                  processing elements (PEs) of the partition, 1..{@link #MAX_PES}; 0: as many as
 *                             {@code -n} asks, else 1
 * @param torus                the torus of network nodes, {@code XxYxZ} ({@code --torus}); null: the smallest, most
 *                             nearly cubic one that holds the PEs ({@link T3dModel#torusFor})
 * @param pesPerNode           PEs sharing each network node: 2, "each interconnect node hosts two independent
 *                             processing elements" (seed 001 line 36); 1 is allowed
 * @param clockMhz             the PE clock in MHz: 150, "the processor is clocked at 150 MHz" (seed 001 line 36)
 * @param memoryBytes          memory per PE in bytes, the default of {@code --mem}: 64 MB, "64 MB of RAM" (seed 001
 *                             line 36); smaller memories are allowed, not larger
 * @param hopCycles            clock cycles per network node a packet traverses: 2, "two clock cycles per node
 *                             traversed" (seed 001 line 34)
 * @param turnCycles           extra clock cycles to turn a corner (change dimension): 1, "one extra clock cycle to
 *                             turn a corner" (seed 001 line 34)
 * @param channelMBps          bandwidth of each of a network node's six channels in MB/s: 300, "the six channels out
 *                             of each interconnect node are able to simultaneously support hardware transfer rates
 *                             of 300 MB/s" (seed 001 line 34): 2 bytes per cycle at 150 MHz
 * @param barrierLatencyCycles cycles from the last PE's arrival at a hardware barrier to every PE's release; the
 *                             seeds give none (seed 001 line 42 only says the hardware exists): 150 cycles, one
 *                             microsecond, is an assumption
 */
public record T3dParams(int pes, Torus torus, int pesPerNode, int clockMhz, int memoryBytes, int hopCycles,
                        int turnCycles, int channelMBps, int barrierLatencyCycles) {

    /** The most PEs of a T3D. */
    public static final int MAX_PES = 2048;
    /** The most memory per PE: the T3D's 64 MB. */
    public static final int MAX_MEMORY = 64 << 20;

    /**
     * The shape of the torus: network nodes along each dimension.
     *
     * @param x nodes in X
     * @param y nodes in Y
     * @param z nodes in Z
     */
    public record Torus(int x, int y, int z) {

        /**
         * Reads {@code XxYxZ}.
         *
         * @param text the shape
         * @return the torus
         * @throws IllegalArgumentException when the text is not three numbers separated by x
         */
        public static Torus parse(String text) {
            String[] p = text.toLowerCase(Locale.ROOT).split("x");
            try {
                if (p.length == 3) {
                    return new Torus(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()),
                            Integer.parseInt(p[2].trim()));
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new IllegalArgumentException("'" + text + "' is not a torus shape such as 4x4x2");
        }

        /** Returns the number of network nodes. */
        public int nodes() {
            return x * y * z;
        }

        @Override
        public String toString() {
            return x + "x" + y + "x" + z;
        }
    }

    /** The defaults: the PEs and torus of the run, and the T3D's figures from the seed. */
    public T3dParams() {
        this(0, null, 2, 150, MAX_MEMORY, 2, 1, 300, 150);
    }

    /**
     * Checks the parameters.
     *
     * @throws ParamException naming the parameter at fault
     */
    public T3dParams {
        if (pes < 0 || pes > MAX_PES) {
            throw new ParamException("pes", ": must be 1.." + MAX_PES + ", got " + pes);
        }
        if (pesPerNode < 1 || pesPerNode > 2) {
            throw new ParamException("pesPerNode", ": must be 1 or 2, got " + pesPerNode);
        }
        if (torus != null) {
            if (torus.x() < 1 || torus.y() < 1 || torus.z() < 1) {
                throw new ParamException("torus", " " + torus + ": every dimension must be at least 1");
            }
            if (pes > 0 && (long) torus.nodes() * pesPerNode < pes) {
                throw new ParamException("torus", " " + torus + ": holds " + torus.nodes() * pesPerNode + " PEs, fewer "
                        + "than the " + pes + " of the partition");
            }
        }
        positive("clockMhz", clockMhz);
        if (memoryBytes < 64 << 10 || memoryBytes > MAX_MEMORY || memoryBytes % 4096 != 0) {
            throw new ParamException("memoryBytes", ": must be a multiple of 4K from 64K to 64M, got " + memoryBytes);
        }
        positive("hopCycles", hopCycles);
        if (turnCycles < 0) {
            throw new ParamException("turnCycles", ": must be at least 0, got " + turnCycles);
        }
        positive("channelMBps", channelMBps);
        positive("barrierLatencyCycles", barrierLatencyCycles);
    }

    private static void positive(String key, int value) {
        if (value < 1) {
            throw new ParamException(key, ": must be at least 1, got " + value);
        }
    }

    /**
     * Returns these parameters for a partition of {@code p} PEs on a torus.
     *
     * @param p the PEs
     * @param t the torus
     * @return the parameters
     */
    public T3dParams withPartition(int p, Torus t) {
        return new T3dParams(p, t, pesPerNode, clockMhz, memoryBytes, hopCycles, turnCycles, channelMBps,
                barrierLatencyCycles);
    }

    /**
     * Returns the network node of a PE and its coordinates: PEs {@code 2k} and {@code 2k + 1} share node {@code k}
     * (two per node), and node {@code k} is at {@code (k mod X, (k / X) mod Y, k / (X Y))}.
     *
     * @param pe the PE
     * @return {x, y, z}
     */
    public int[] position(int pe) {
        int k = pe / pesPerNode;
        return new int[] {k % torus.x(), k / torus.x() % torus.y(), k / (torus.x() * torus.y())};
    }
}
