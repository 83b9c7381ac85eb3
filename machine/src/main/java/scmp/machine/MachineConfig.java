package scmp.machine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.cpu.TimingModel;
import scmp.isa.Abi;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;

/**
 * The configuration of one simulation, typed and validated once when it is built: the mesh and its network,
 * the per-node resources, the run's limits, the host files the guest may open, and the program's arguments.
 *
 * @param xdim         mesh width, 1..{@link #MAX_DIM}
 * @param ydim         mesh height, 1..{@link #MAX_DIM}
 * @param contexts     thread contexts per node, {@link Abi#MIN_CONTEXTS}..{@link Abi#MAX_CONTEXTS}
 * @param memSize      bytes of local memory per node, a multiple of 4 KiB, 64 KiB..{@link Abi#MAX_MEM_SIZE}
 * @param stackSize    bytes of stack per context (including its 1 KiB guard), a multiple of 1 KiB, at least 2 KiB
 * @param maxCycles    the run stops at this cycle ({@link Long#MAX_VALUE}: no limit)
 * @param files        host files the guest may open read-only (besides those named by program arguments)
 * @param programName  {@code argv[0]}, the program's name as the user gave it
 * @param args         the program's arguments, {@code argv[1..]}
 * @param trace        whether every executed instruction is traced
 * @param timing       the core timing model
 * @param noc          the router network's parameters (docs/timing.md section 4); its head format must reach
 *                     across the mesh
 * @param niuQueue     the NIUs' injection queue capacity in flits (docs/timing.md section 3)
 * @param lockstep     a debugging aid: run cores and network strictly one core cycle at a time, never ahead;
 *                     results are identical, only slower
 * @param watches      messages whose path is traced ({@code --watch})
 * @param ranks        SPMD ranks ({@code scmpsim -n}): nodes {@code 0 .. ranks - 1} each start the program at
 *                     cycle 0 and {@code hcall exit} ends only the calling node; 0 for the SCMP start (node 0
 *                     only, {@code hcall exit} ends the run)
 * @param env          the guest's environment, {@code NAME=VALUE} strings in order, each name once; every node
 *                     gets it in its argument area, and libc's {@code environ} points to it
 */
public record MachineConfig(int xdim, int ydim, int contexts, int memSize, int stackSize, long maxCycles,
                            List<Path> files, String programName, List<String> args, boolean trace,
                            TimingModel timing, NocConfig noc, int niuQueue, boolean lockstep,
                            List<Watch.Selection> watches, int ranks, List<String> env) {

    /** The largest mesh dimension (with the wide head flit format). */
    public static final int MAX_DIM = 32;
    /** The most virtual channels per port the mesh router supports (ports x VCs at most 64). */
    public static final int MAX_VCS = 12;
    /** The smallest local memory. */
    public static final int MIN_MEM_SIZE = 64 << 10;
    /** The most memory all nodes together may have, so that a run fits in the host's memory. */
    public static final long MAX_TOTAL_MEMORY = 2L << 30;

    /**
     * Validates the configuration.
     *
     * @throws ConfigException with a one-line reason naming the option at fault
     */
    public MachineConfig {
        if (xdim < 1 || xdim > MAX_DIM || ydim < 1 || ydim > MAX_DIM) {
            throw new ConfigException("--mesh: each dimension must be 1.." + MAX_DIM + ", got " + xdim + "x" + ydim);
        }
        if (noc == null) {
            throw new ConfigException("no network configuration");
        }
        int side = noc.format().maxMeshSide();
        if (xdim > side || ydim > side) {
            throw new ConfigException("--mesh " + xdim + "x" + ydim + ": the " + noc.format() + " head flit reaches "
                    + side + " nodes per side" + (noc.format() == FlitFormat.SCMP
                    ? "; add --wide-flits for meshes up to " + FlitFormat.WIDE.maxMeshSide() + "x"
                    + FlitFormat.WIDE.maxMeshSide() : ""));
        }
        if (noc.vcs() > MAX_VCS) {
            throw new ConfigException("--vcs: must be 1.." + MAX_VCS + ", got " + noc.vcs());
        }
        if (niuQueue < 2 || niuQueue > NiuConfig.MAX_QUEUE) {
            throw new ConfigException("--niu-queue: must be 2.." + NiuConfig.MAX_QUEUE + " flits, got " + niuQueue);
        }
        watches = List.copyOf(watches);
        for (Watch.Selection w : watches) {
            if (w.node() >= xdim * ydim) {
                throw new ConfigException("--watch " + w + ": the mesh has " + xdim * ydim + " node"
                        + (xdim * ydim == 1 ? "" : "s"));
            }
        }
        if (contexts < Abi.MIN_CONTEXTS || contexts > Abi.MAX_CONTEXTS) {
            throw new ConfigException("--contexts: must be " + Abi.MIN_CONTEXTS + ".." + Abi.MAX_CONTEXTS + ", got "
                    + contexts);
        }
        if (memSize < MIN_MEM_SIZE || memSize > Abi.MAX_MEM_SIZE || memSize % 4096 != 0) {
            throw new ConfigException("--mem: must be a multiple of 4K from 64K to " + (Abi.MAX_MEM_SIZE >> 20)
                    + "M, got " + memSize);
        }
        if (stackSize < 2 * Abi.STACK_GUARD || stackSize % 1024 != 0) {
            throw new ConfigException("--stack: must be a multiple of 1K, at least 2K, got " + stackSize);
        }
        long fixed = (long) Abi.NULL_GUARD + Abi.ARG_AREA + (long) contexts * stackSize;
        if (fixed > memSize) {
            throw new ConfigException("--contexts " + contexts + " stacks of " + stackSize + " bytes do not fit in --mem "
                    + memSize);
        }
        if ((long) xdim * ydim * memSize > MAX_TOTAL_MEMORY) {
            throw new ConfigException("--mesh " + xdim + "x" + ydim + " with --mem " + memSize
                    + " needs more than 2 GiB of host memory");
        }
        if (maxCycles < 1) {
            throw new ConfigException("--max-cycles: must be at least 1, got " + maxCycles);
        }
        files = List.copyOf(files);
        args = List.copyOf(args);
        if (programName == null) {
            throw new ConfigException("no program name");
        }
        if (timing == null) {
            throw new ConfigException("no timing model");
        }
        if (ranks < 0 || ranks > xdim * ydim) {
            throw new ConfigException("-n " + ranks + ": the " + xdim + "x" + ydim + " mesh has " + xdim * ydim
                    + " node" + (xdim * ydim == 1 ? "" : "s"));
        }
        env = List.copyOf(env);
        for (String e : env) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--env " + e + ": expected NAME=VALUE");
            }
        }
    }

    /** Tells whether the run is SPMD: every rank's node runs the program from cycle 0. */
    public boolean spmd() {
        return ranks > 0;
    }

    /** Returns the number of nodes. */
    public int nodes() {
        return xdim * ydim;
    }

    /** Returns the program's argument vector: the program name, then its arguments. */
    public List<String> argv() {
        List<String> v = new ArrayList<>();
        v.add(programName);
        v.addAll(args);
        return v;
    }

    /**
     * Returns a builder with the defaults: a 1x1 mesh, 8 contexts, 8 MiB of memory, 64 KiB stacks, no cycle
     * limit, no files, no arguments, no trace, the default timing, the default network and NIUs
     * ({@link NocConfig#defaults()}, the SCMP head format, an 8-flit injection queue), no lockstep, no watch.
     *
     * @param programName {@code argv[0]}
     * @return the builder
     */
    public static Builder builder(String programName) {
        return new Builder(programName);
    }

    /** Thrown for an invalid configuration; the message is one line naming the option at fault. */
    public static final class ConfigException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param message the one-line reason
         */
        public ConfigException(String message) {
            super(message);
        }
    }

    /** Builds a {@link MachineConfig}; {@link #build()} validates. */
    public static final class Builder {
        private int xdim = 1;
        private int ydim = 1;
        private int contexts = Abi.DEFAULT_CONTEXTS;
        private int memSize = Abi.DEFAULT_MEM_SIZE;
        private int stackSize = Abi.DEFAULT_STACK_SIZE;
        private long maxCycles = Long.MAX_VALUE;
        private final List<Path> files = new ArrayList<>();
        private final String programName;
        private final List<String> args = new ArrayList<>();
        private boolean trace;
        private TimingModel timing = TimingModel.DEFAULT;
        private NocConfig noc = NocConfig.defaults();
        private int niuQueue = NiuConfig.DEFAULT_QUEUE;
        private boolean lockstep;
        private final List<Watch.Selection> watches = new ArrayList<>();
        private int ranks;
        private final java.util.LinkedHashMap<String, String> env = new java.util.LinkedHashMap<>();

        private Builder(String programName) {
            this.programName = programName;
        }

        /** Sets the mesh size. */
        public Builder mesh(int x, int y) {
            this.xdim = x;
            this.ydim = y;
            return this;
        }

        /** Sets the thread contexts per node. */
        public Builder contexts(int n) {
            this.contexts = n;
            return this;
        }

        /** Sets the memory per node in bytes. */
        public Builder memSize(int bytes) {
            this.memSize = bytes;
            return this;
        }

        /** Sets the stack per context in bytes. */
        public Builder stackSize(int bytes) {
            this.stackSize = bytes;
            return this;
        }

        /** Sets the cycle limit. */
        public Builder maxCycles(long n) {
            this.maxCycles = n;
            return this;
        }

        /** Allows the guest to open a host file. */
        public Builder file(Path p) {
            files.add(p);
            return this;
        }

        /** Appends program arguments. */
        public Builder args(List<String> a) {
            args.addAll(a);
            return this;
        }

        /** Turns the instruction trace on or off. */
        public Builder trace(boolean on) {
            this.trace = on;
            return this;
        }

        /** Sets the timing model. */
        public Builder timing(TimingModel t) {
            this.timing = t;
            return this;
        }

        /** Sets the router network's parameters. */
        public Builder noc(NocConfig c) {
            this.noc = c;
            return this;
        }

        /** Sets the NIUs' injection queue capacity in flits. */
        public Builder niuQueue(int flits) {
            this.niuQueue = flits;
            return this;
        }

        /** Turns strict lockstep of cores and network on or off (a debugging aid; results are identical). */
        public Builder lockstep(boolean on) {
            this.lockstep = on;
            return this;
        }

        /** Adds a message to trace. */
        public Builder watch(Watch.Selection s) {
            watches.add(s);
            return this;
        }

        /** Makes the run SPMD with {@code n} ranks (nodes 0..n-1), or not (0). */
        public Builder ranks(int n) {
            this.ranks = n;
            return this;
        }

        /**
         * Sets an environment variable of the guest; a later value of the same name replaces the earlier one.
         *
         * @param name  the name (not empty, no {@code =})
         * @param value the value
         * @throws ConfigException when the name is empty or holds {@code =}, or either holds a NUL
         */
        public Builder env(String name, String value) {
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf(0) >= 0 || value.indexOf(0) >= 0) {
                throw new ConfigException("--env " + name + "=" + value + ": expected NAME=VALUE with a non-empty NAME");
            }
            env.put(name, value);
            return this;
        }

        /**
         * Validates and builds the configuration.
         *
         * @return the configuration
         * @throws ConfigException when a value is out of range
         */
        public MachineConfig build() {
            return new MachineConfig(xdim, ydim, contexts, memSize, stackSize, maxCycles, files, programName, args,
                    trace, timing, noc, niuQueue, lockstep, watches, ranks,
                    env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
        }
    }
}
