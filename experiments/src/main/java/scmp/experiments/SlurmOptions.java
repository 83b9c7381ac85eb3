package scmp.experiments;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import scmp.experiments.sweep.Point;
import scmp.experiments.sweep.Slurm;
import scmp.experiments.sweep.Sweep;

/** The options of the commands that can run their points as a Slurm job array, and the submission they make. */
final class SlurmOptions {
    @Option(names = "--slurm", description = "Submit the runs without a result as a Slurm job array instead of running "
            + "them here (docs/benchmarks.md, \"Sweeps\").")
    boolean slurm;

    @Option(names = "--sbatch", paramLabel = "OPTIONS", split = "\\s+", splitSynopsisLabel = " ",
            description = "sbatch options for --slurm, e.g. --sbatch='--partition=short --time=30' (repeatable).")
    List<String> sbatch = new ArrayList<>();

    @Option(names = "--wait", description = "With --slurm: wait for the array to end, then write the results.")
    boolean wait;

    /**
     * Checks the options against each other.
     *
     * @throws IllegalArgumentException when --wait or --sbatch come without --slurm
     */
    void check() {
        if ((wait || !sbatch.isEmpty()) && !slurm) {
            throw new IllegalArgumentException("--wait and --sbatch go with --slurm");
        }
    }

    /**
     * Tells, with --slurm, whether Slurm's commands can be run here.
     *
     * @return null, or why not, one line
     */
    String unavailable() {
        String why = slurm ? Slurm.unavailable() : null;
        return why == null ? null : "--slurm: " + why;
    }

    /**
     * Submits points as one job array, unless an array of the same results is still queued or running; says what
     * it did on err.
     *
     * @param sweep the sweep
     * @param todo  the points to run
     * @param name  the job's name
     * @param tool  the command, for messages
     * @param err   where the messages go
     * @return whether an array was submitted (and, with --wait, has ended)
     * @throws IOException          when sbatch or squeue fails
     * @throws InterruptedException when interrupted while waiting
     */
    boolean submit(Sweep sweep, List<Point> todo, String name, String tool, PrintWriter err)
            throws IOException, InterruptedException {
        Slurm s = new Slurm(sbatch, wait);
        List<String> active = s.active(sweep.store());
        if (!active.isEmpty()) {
            err.println(tool + ": Slurm job " + String.join(", ", active) + " of these results is still queued or "
                    + "running; not submitting its points again (run this command again when it has ended)");
            err.flush();
            return false;
        }
        if (todo.isEmpty()) {
            return false;
        }
        String id = s.submit(sweep, todo, name);
        err.println(tool + ": submitted Slurm job " + id + " (" + todo.size() + " array tasks, logs in "
                + sweep.store().dir() + ")" + (wait ? " and waited for it" : "; run this command again when it has "
                + "ended to gather its results"));
        err.flush();
        return true;
    }
}
