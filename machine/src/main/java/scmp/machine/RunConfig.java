package scmp.machine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import scmp.cpu.Engine;
import scmp.cpu.TimingModel;
import scmp.isa.Abi;

/**
 * The settings of one run that mean the same on every machine model, typed and checked when built: the program
 * and its arguments, environment and host files, the per-node resources (contexts, memory, stack), the limits and
 * the debugging aids. What a model makes of its nodes and networks is its own parameter record
 * ({@link MachineModel#parametersType()}); the two meet in {@link Machine}.
 *
 * @param contexts    thread contexts per node, {@link Abi#MIN_CONTEXTS}..{@link Abi#MAX_CONTEXTS}
 * @param memSize     bytes of local memory per node, a multiple of 4 KiB from {@link #MIN_MEM_SIZE} to the model's
 *                    most ({@link MachineModel#maxMemory}, checked when the machine is built); 0 for the model's
 *                    default ({@link MachineModel#defaultMemory})
 * @param stackSize   bytes of stack per context (including its 1 KiB guard), a multiple of 1 KiB, at least 2 KiB
 * @param maxCycles   the run stops at this cycle ({@link Long#MAX_VALUE}: no limit)
 * @param files       host files the guest may open read-only (besides those named by program arguments)
 * @param programName {@code argv[0]}, the program's name as the user gave it
 * @param args        the program's arguments, {@code argv[1..]}
 * @param trace       whether every executed instruction is traced
 * @param timing      the core timing model
 * @param lockstep    a debugging aid: run cores and networks strictly one core cycle at a time, never ahead;
 *                    results are identical, only slower
 * @param ranks       SPMD ranks ({@code scmpsim -n}): nodes {@code 0 .. ranks - 1} each start the program at cycle 0
 *                    and {@code hcall exit} ends only the calling node; 0 for the model's own start
 *                    ({@link MachineModel#ranks}: node 0 alone on SCMP)
 * @param env         the guest's environment, {@code NAME=VALUE} strings in order, each name once; every node gets
 *                    it in its argument area, and libc's {@code environ} points to it
 * @param engine      the engine that executes the nodes' instructions ({@code scmpsim --engine}); null for the
 *                    model's own ({@link Hardware#engines()}, the interpreter)
 * @param dir         the host directory inside which the guest may create, write, remove and rename files
 *                    ({@code scmpsim --dir}); null: host files are read-only (docs/simulator.md, "Host files")
 */
public record RunConfig(int contexts, int memSize, int stackSize, long maxCycles, List<Path> files,
                        String programName, List<String> args, boolean trace, TimingModel timing, boolean lockstep,
                        int ranks, List<String> env, Engine.Factory engine, Path dir) {

    /** The smallest local memory. */
    public static final int MIN_MEM_SIZE = 64 << 10;

    /**
     * Checks the settings that do not depend on the model.
     *
     * @throws ConfigException with a one-line reason naming the option at fault
     */
    public RunConfig {
        if (contexts < Abi.MIN_CONTEXTS || contexts > Abi.MAX_CONTEXTS) {
            throw new ConfigException("--contexts: must be " + Abi.MIN_CONTEXTS + ".." + Abi.MAX_CONTEXTS + ", got "
                    + contexts);
        }
        if (memSize < 0) {
            throw new ConfigException("--mem: must be positive, got " + memSize);
        }
        if (stackSize < 2 * Abi.STACK_GUARD || stackSize % 1024 != 0) {
            throw new ConfigException("--stack: must be a multiple of 1K, at least 2K, got " + stackSize);
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
        if (ranks < 0) {
            throw new ConfigException("-n: must be positive, got " + ranks);
        }
        env = List.copyOf(env);
        for (String e : env) {
            if (e.indexOf('=') <= 0) {
                throw new ConfigException("--env " + e + ": expected NAME=VALUE");
            }
        }
    }

    /** Tells whether the run is SPMD: every rank's node runs the program from cycle 0. */
    public boolean spmd() {
        return ranks > 0;
    }

    /** Returns the program's argument vector: the program name, then its arguments. */
    public List<String> argv() {
        List<String> v = new ArrayList<>();
        v.add(programName);
        v.addAll(args);
        return v;
    }

    /**
     * Returns these settings with the memory and the ranks a model decided, checked against the machine: the memory
     * at most {@code maxMemory}, the stacks fitting in it. The nodes' memories together may exceed the host's: a
     * node's memory takes host memory only for the pages it writes ({@code scmp.cpu.Memory}).
     *
     * @param memory    bytes per node
     * @param maxMemory the most the model allows per node
     * @param ranks     the SPMD ranks (0: not SPMD)
     * @return the settings
     * @throws ConfigException when they do not fit
     */
    RunConfig resolve(int memory, int maxMemory, int ranks) {
        if (memory < MIN_MEM_SIZE || memory > maxMemory || memory % 4096 != 0) {
            throw new ConfigException("--mem: must be a multiple of 4K from 64K to " + size(maxMemory) + ", got "
                    + memory);
        }
        long fixed = (long) Abi.NULL_GUARD + Abi.ARG_AREA + (long) contexts * stackSize;
        if (fixed > memory) {
            throw new ConfigException("--contexts " + contexts + " stacks of " + stackSize + " bytes do not fit in --mem "
                    + memory);
        }
        return new RunConfig(contexts, memory, stackSize, maxCycles, files, programName, args, trace, timing, lockstep,
                ranks, env, engine, dir);
    }

    private static String size(int bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + "M" : (bytes >> 10) + "K";
    }

    /**
     * Returns a builder with the defaults: 8 contexts, the model's memory, 64 KiB stacks, no cycle limit, no files,
     * no arguments, no trace, the default timing, no lockstep, the model's start, no environment.
     *
     * @param programName {@code argv[0]}
     * @return the builder
     */
    public static Builder builder(String programName) {
        return new Builder(programName);
    }

    /** Builds a {@link RunConfig}; {@link #build()} checks. */
    public static final class Builder {
        private int contexts = Abi.DEFAULT_CONTEXTS;
        private int memSize;
        private int stackSize = Abi.DEFAULT_STACK_SIZE;
        private long maxCycles = Long.MAX_VALUE;
        private final List<Path> files = new ArrayList<>();
        private final String programName;
        private final List<String> args = new ArrayList<>();
        private boolean trace;
        private TimingModel timing = TimingModel.DEFAULT;
        private boolean lockstep;
        private int ranks;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Engine.Factory engine;
        private Path dir;

        private Builder(String programName) {
            this.programName = programName;
        }

        /** Sets the thread contexts per node. */
        public Builder contexts(int n) {
            this.contexts = n;
            return this;
        }

        /** Sets the memory per node in bytes (0: the model's default). */
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

        /** Turns strict lockstep of cores and networks on or off (a debugging aid; results are identical). */
        public Builder lockstep(boolean on) {
            this.lockstep = on;
            return this;
        }

        /** Makes the run SPMD with {@code n} ranks (nodes 0..n-1), or leaves the start to the model (0). */
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

        /** Sets the engine of the nodes' instructions (null: the model's own, the interpreter). */
        public Builder engine(Engine.Factory factory) {
            this.engine = factory;
            return this;
        }

        /** Lets the guest create, write, remove and rename files inside a host directory (null: none). */
        public Builder dir(Path directory) {
            this.dir = directory;
            return this;
        }

        /**
         * Checks and builds the settings.
         *
         * @return the settings
         * @throws ConfigException when a value is out of range
         */
        public RunConfig build() {
            return new RunConfig(contexts, memSize, stackSize, maxCycles, files, programName, args, trace, timing,
                    lockstep, ranks, env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList(),
                    engine, dir);
        }
    }
}
