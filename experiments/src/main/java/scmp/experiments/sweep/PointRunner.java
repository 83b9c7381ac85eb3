package scmp.experiments.sweep;

import java.nio.file.Path;
import scmp.experiments.Runner;
import scmp.elf.Executable;

/**
 * Runs points in this process: compiles each program once (per compiler options) and simulates each point in
 * the calling thread, so that several threads can share one runner.
 */
public final class PointRunner implements AutoCloseable {
    private final Runner runner = new Runner(1);
    private final Path base;

    /**
     * What a point gave.
     *
     * @param measurement the measurement
     * @param stdout      the program's output
     * @param stderr      its error output and the simulator's messages
     */
    public record Run(Measurement measurement, String stdout, String stderr) {
    }

    /**
     * Creates a runner.
     *
     * @param base the directory relative program paths are taken from
     */
    public PointRunner(Path base) {
        this.base = base;
    }

    /**
     * Compiles a point's program, so that a grid's compile errors show before its points run.
     *
     * @param p the point
     * @throws IllegalArgumentException for invalid settings
     * @throws IllegalStateException when the program does not compile or is not an executable
     */
    public void prepare(Point p) {
        Simulation s = Simulation.of(p.settings(), base);
        runner.program(s.program(), s.optLevel(), s.defines());
    }

    /**
     * Runs a point in the calling thread.
     *
     * @param p the point
     * @return what it gave; a point that cannot run gives a measurement with status {@code error}
     */
    public Run run(Point p) {
        try {
            Simulation s = Simulation.of(p.settings(), base);
            Executable exe = runner.program(s.program(), s.optLevel(), s.defines());
            // the native programs with the machine's look-ahead, as Runner.run(Job) runs them (the same results)
            Runner.Result r = runner.run(exe, s.config(), s.program().endsWith("_native.c"));
            return new Run(Measurement.of(r), r.stdout(), r.stderr());
        } catch (IllegalArgumentException | IllegalStateException e) {
            return new Run(Measurement.error(e.getMessage()), "", e.getMessage() + "\n");
        }
    }

    /** Deletes the compiled programs. */
    @Override
    public void close() {
        runner.close();
    }
}
