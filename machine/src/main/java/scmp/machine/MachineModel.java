package scmp.machine;

import java.io.PrintStream;
import scmp.cpu.Node;
import scmp.elf.MachineKind;
import scmp.isa.Abi;

/**
 * A machine model: a typed parameter record and the factories of one machine's hardware (its nodes' devices and
 * special registers, its clocked networks). The {@link Machine} is the same for every model: it builds the nodes,
 * loads the program, runs nodes and networks in a deterministic order and reports; the model says what the
 * network instructions do and what the networks are.
 *
 * <p>Models are found with {@link java.util.ServiceLoader} ({@link Models}): a model is a module that implements
 * this interface and names the class in {@code META-INF/services/scmp.machine.MachineModel}; nothing in this
 * module knows any model. docs/architecture.md ("How to add a model") says where to start.
 *
 * @param <P> the parameter record: one component per parameter, with its unit in the name or its documentation;
 *            a public no-argument constructor gives the defaults, the canonical constructor checks the values and
 *            throws {@link ParamException} naming the parameter at fault; {@link Params} fills it from
 *            {@code key=value} pairs
 */
public interface MachineModel<P extends Record> {

    /** Returns the model's name, as {@code scmpsim --machine} and {@link Models#named} know it. */
    String name();

    /**
     * Whether the model's runs are faster on the interpreter than on the tools' default engine, so that a run that
     * names no engine ({@link Simulation.Options#defaultEngine}) takes the interpreter (the model's own
     * {@link Hardware#engines()}). The results are the same on either engine; only the host time differs
     * (docs/performance.md, "The engine of T3D runs"). False by default.
     */
    default boolean interpretsByDefault() {
        return false;
    }

    /** Returns the kind of executables the model runs (recorded in their {@code e_flags} by the toolchain). */
    MachineKind kind();

    /** Returns the type of the model's parameter record. */
    Class<P> parametersType();

    /** Returns a description of the model in a few words, for messages and help. */
    String description();

    /**
     * Completes the parameters for a run of {@code ranks} SPMD ranks (0: the model's own start): fills the ones
     * that depend on it (the SCMP mesh of {@code -n N}) and checks that the ranks fit the machine.
     *
     * @param params the parameters as given
     * @param ranks  the ranks asked for, or 0
     * @return the parameters of the run
     * @throws ConfigException when the ranks do not fit
     */
    default P fit(P params, int ranks) {
        if (ranks > nodes(params)) {
            throw new ConfigException("-n " + ranks + ": the " + name() + " machine has only " + nodes(params) + " node"
                    + (nodes(params) == 1 ? "" : "s"));
        }
        return params;
    }

    /**
     * Returns the number of nodes (processing elements) of a machine.
     *
     * @param params fitted parameters
     * @return the nodes, at least 1
     */
    int nodes(P params);

    /** Returns the most nodes any machine of the model has: the range of {@code -n}. */
    int maxNodes();

    /**
     * Returns the SPMD ranks of a run: those asked for, or when none (0) the model's own start: 0 when the
     * program starts on node 0 alone (SCMP), or every node when the model's programs are SPMD by nature.
     *
     * @param params fitted parameters
     * @param ranks  the ranks asked for, or 0
     * @return the ranks, or 0 for a start on node 0 alone
     */
    default int ranks(P params, int ranks) {
        return ranks;
    }

    /**
     * Returns the local memory per node when the run does not set it.
     *
     * @param params fitted parameters
     * @return bytes
     */
    default int defaultMemory(P params) {
        return Abi.DEFAULT_MEM_SIZE;
    }

    /**
     * Returns the most local memory per node the model allows.
     *
     * @param params fitted parameters
     * @return bytes
     */
    default int maxMemory(P params) {
        return Abi.MAX_MEM_SIZE;
    }

    /**
     * Builds the hardware of one machine: the devices and special registers it will give each node, its networks.
     *
     * @param params  fitted parameters
     * @param context what the machine offers the hardware
     * @return the hardware
     */
    Hardware build(P params, Context context);

    /** What the {@link Machine} offers a model's hardware while it is built and run. */
    interface Context {

        /** Returns the run's settings (memory and ranks resolved). */
        RunConfig run();

        /**
         * Returns a node, building it (its memory loaded with the program image) on first use: nodes that nothing
         * reaches are never built, so a device asks for its node only when something arrives there.
         *
         * @param node the node number
         * @return the node
         */
        Node node(int node);

        /** Returns where traces of the model's devices go (the simulator's error stream). */
        PrintStream trace();

        /**
         * Describes a code address for traces: {@code pc 0x00001234 (main+0x14, file.c:12)}.
         *
         * @param pc the address
         * @return the description
         */
        String where(int pc);
    }
}
