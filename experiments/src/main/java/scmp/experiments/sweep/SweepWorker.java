package scmp.experiments.sweep;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs one point of a Slurm submission's plan: {@code SweepWorker PLAN INDEX}, INDEX being the array task's
 * ({@code $SLURM_ARRAY_TASK_ID}). The job script {@link Slurm} writes calls it; it is not a user command. It
 * stores the point's result like a local run does and exits 0 once the result is stored, whatever the program
 * did (the result says), 1 when it could not store one, 2 on bad arguments.
 */
public final class SweepWorker {
    private SweepWorker() {
    }

    /**
     * Runs a point.
     *
     * @param args the plan file and the index
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String... args) {
        if (args.length != 2 || !args[1].matches("\\d+")) {
            System.err.println("usage: SweepWorker PLAN INDEX");
            return 2;
        }
        Slurm.Plan plan;
        try {
            plan = new Gson().fromJson(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), Slurm.Plan.class);
        } catch (IOException | JsonParseException e) {
            System.err.println("SweepWorker: " + args[0] + ": cannot read the plan: " + e.getMessage());
            return 1;
        }
        int i = Integer.parseInt(args[1]);
        if (plan == null || plan.points() == null || i >= plan.points().size()) {
            System.err.println("SweepWorker: " + args[0] + " has no point " + i);
            return 2;
        }
        Point p = new Point(plan.points().get(i));
        ResultStore store = new ResultStore(Path.of(plan.store()));
        try (PointRunner runner = new PointRunner(Path.of(plan.base()))) {
            PointRunner.Run r = runner.run(p);
            store.write(p, r.measurement(), r.stdout(), r.stderr());
            System.out.println(p + ": " + r.measurement().status()
                    + (r.measurement().note().isEmpty() ? "" : ": " + r.measurement().note()));
            return 0;
        } catch (IOException e) {
            System.err.println("SweepWorker: cannot store the result of " + p + ": " + e.getMessage());
            return 1;
        }
    }
}
