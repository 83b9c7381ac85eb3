package scmp.machine;

/**
 * A machine model with the parameters of one machine: what {@link Machine} builds the hardware from.
 *
 * @param model  the model
 * @param params its parameters
 * @param <P>    the model's parameter record
 */
public record ModelConfig<P extends Record>(MachineModel<P> model, P params) {

    /**
     * Checks the pair.
     *
     * @throws IllegalArgumentException when either is missing
     */
    public ModelConfig {
        if (model == null || params == null) {
            throw new IllegalArgumentException("a machine needs a model and its parameters");
        }
    }

    /**
     * Returns the model with its parameters completed for a run of {@code ranks} SPMD ranks
     * ({@link MachineModel#fit}).
     *
     * @param ranks the ranks asked for, or 0
     * @return the fitted pair
     * @throws ConfigException when the ranks do not fit the machine
     */
    public ModelConfig<P> fit(int ranks) {
        if (ranks < 0 || ranks > model.maxNodes()) {
            throw new ConfigException("-n: must be 1.." + model.maxNodes() + ", got " + ranks);
        }
        return new ModelConfig<>(model, model.fit(params, ranks));
    }

    /** Returns the number of nodes of the machine. */
    public int nodes() {
        return model.nodes(params);
    }

    /**
     * Returns the run's settings with what the model decides filled in and checked: the memory per node (the
     * model's default when the run sets none, at most the model's most) and the SPMD ranks (the model's own start
     * when the run asks for none).
     *
     * @param run the run's settings
     * @return the settings the machine runs with
     * @throws ConfigException when they do not fit the machine
     */
    public RunConfig resolve(RunConfig run) {
        int ranks = model.ranks(params, run.ranks());
        if (ranks > nodes()) {
            throw new ConfigException("-n " + ranks + ": the " + model.name() + " machine has " + nodes() + " node"
                    + (nodes() == 1 ? "" : "s"));
        }
        int memory = run.memSize() != 0 ? run.memSize() : model.defaultMemory(params);
        return run.resolve(memory, model.maxMemory(params), ranks);
    }

    /**
     * Builds the machine's hardware.
     *
     * @param context what the machine offers it
     * @return the hardware
     */
    Hardware build(MachineModel.Context context) {
        return model.build(params, context);
    }
}
