package scmp.machine;

/**
 * Everything a {@link Machine} is built from besides the program: a machine model with its parameters, and the
 * run's settings. A model's convenience builders (the SCMP model's {@code ScmpConfig}) implement it.
 */
public interface MachineSetup {

    /** Returns the machine model with its parameters. */
    ModelConfig<?> model();

    /** Returns the run's settings. */
    RunConfig run();
}
