package scmp.model.scmp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.cpu.TimingModel;
import scmp.machine.MachineSetup;
import scmp.machine.ModelConfig;
import scmp.machine.RunConfig;
import scmp.niu.Watch;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;

/**
 * An SCMP machine and a run on it, built in one go, for programs and tests that drive the simulator from Java:
 * {@code new Machine(ScmpConfig.builder("prog").mesh(4, 4).ranks(16).build(), exe, out, err, in)}. The builder
 * sets the run's settings ({@link RunConfig}) and the chip's parameters ({@link ScmpParams}) and checks both, and
 * the pair, when built.
 *
 * @param model the SCMP model with its parameters, fitted to the run's ranks
 * @param run   the run's settings, with the memory and ranks the model decided
 */
public record ScmpConfig(ModelConfig<ScmpParams> model, RunConfig run) implements MachineSetup {

    /** Returns the chip's parameters. */
    public ScmpParams params() {
        return model.params();
    }

    /**
     * Returns a builder with the defaults: a 1x1 mesh, docs/timing.md's network and NIUs, and {@link RunConfig}'s
     * defaults.
     *
     * @param programName {@code argv[0]}
     * @return the builder
     */
    public static Builder builder(String programName) {
        return new Builder(programName);
    }

    /** Builds an {@link ScmpConfig}; {@link #build()} checks. */
    public static final class Builder {
        private final RunConfig.Builder run;
        private ScmpParams.Mesh mesh = new ScmpParams.Mesh(1, 1);
        private NocConfig noc = NocConfig.defaults();
        private int niuQueue = new ScmpParams().niuQueueFlits();
        private boolean hwRts;
        private final List<Watch.Selection> watches = new ArrayList<>();
        private int ranks;

        private Builder(String programName) {
            this.run = RunConfig.builder(programName);
        }

        /** Sets the mesh size. */
        public Builder mesh(int x, int y) {
            this.mesh = new ScmpParams.Mesh(x, y);
            return this;
        }

        /**
         * Sets the router network's parameters; they must be what {@link ScmpParams} can express: docs/timing.md's
         * network with other VCs, buffers, router, link and credit delays, or the wide head flit.
         */
        public Builder noc(NocConfig c) {
            this.noc = c;
            return this;
        }

        /** Sets the NIUs' injection queue capacity in flits. */
        public Builder niuQueue(int flits) {
            this.niuQueue = flits;
            return this;
        }

        /** Gives the chip the hardware handshake of thesis section 2.3 ({@code hwRts}), or not. */
        public Builder hwRts(boolean on) {
            this.hwRts = on;
            return this;
        }

        /** Adds a message to trace. */
        public Builder watch(Watch.Selection s) {
            watches.add(s);
            return this;
        }

        /** Sets the thread contexts per node. */
        public Builder contexts(int n) {
            run.contexts(n);
            return this;
        }

        /** Sets the memory per node in bytes. */
        public Builder memSize(int bytes) {
            run.memSize(bytes);
            return this;
        }

        /** Sets the stack per context in bytes. */
        public Builder stackSize(int bytes) {
            run.stackSize(bytes);
            return this;
        }

        /** Sets the cycle limit. */
        public Builder maxCycles(long n) {
            run.maxCycles(n);
            return this;
        }

        /** Allows the guest to open a host file. */
        public Builder file(Path p) {
            run.file(p);
            return this;
        }

        /** Lets the guest create, write, remove and rename files inside a host directory ({@code --dir}). */
        public Builder dir(Path directory) {
            run.dir(directory);
            return this;
        }

        /** Appends program arguments. */
        public Builder args(List<String> a) {
            run.args(a);
            return this;
        }

        /** Turns the instruction trace on or off. */
        public Builder trace(boolean on) {
            run.trace(on);
            return this;
        }

        /** Sets the core timing model. */
        public Builder timing(TimingModel t) {
            run.timing(t);
            return this;
        }

        /** Sets the engine of the nodes' instructions ({@link RunConfig.Builder#engine}). */
        public Builder engine(scmp.cpu.Engine.Factory factory) {
            run.engine(factory);
            return this;
        }

        /** Turns strict lockstep of cores and network on or off (a debugging aid; results are identical). */
        public Builder lockstep(boolean on) {
            run.lockstep(on);
            return this;
        }

        /** Makes the run SPMD with {@code n} ranks (nodes 0..n-1), or not (0). */
        public Builder ranks(int n) {
            this.ranks = n;
            run.ranks(n);
            return this;
        }

        /** Sets an environment variable of the guest ({@link RunConfig.Builder#env}). */
        public Builder env(String name, String value) {
            run.env(name, value);
            return this;
        }

        /**
         * Checks and builds the configuration.
         *
         * @return the configuration
         * @throws scmp.machine.ConfigException when a value is out of range or the run does not fit the machine
         */
        public ScmpConfig build() {
            ScmpParams p = new ScmpParams(mesh, noc.vcs(), noc.bufferDepth(), noc.ejectionBuffer(), noc.routerDelay(),
                    noc.linkDelay(), noc.creditDelay(), noc.vcSelection(), noc.format() == FlitFormat.WIDE, niuQueue,
                    hwRts, watches);
            NocConfig expressed = p.noc();
            if (!expressed.equals(noc.withFormat(expressed.format()))) {
                throw new IllegalArgumentException("the SCMP model's parameters cannot express " + noc);
            }
            ModelConfig<ScmpParams> model = new ModelConfig<>(ScmpModel.INSTANCE, p).fit(ranks);
            return new ScmpConfig(model, model.resolve(run.build()));
        }
    }
}
