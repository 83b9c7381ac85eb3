package scmp.experiments.sweep;

import com.google.gson.Gson;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs a sweep's points as a Slurm job array: one array task per point, each running {@link SweepWorker} in
 * its own JVM with this JVM's class path and memory options, writing its result into the sweep's result
 * directory (which must be on a file system the compute nodes share, as Slurm jobs' files usually are). Slurm
 * does the scheduling; this class only writes the plan and the job script and calls {@code sbatch} and
 * {@code squeue}. The plan and script of each submission are kept in the result directory
 * ({@code slurm-N.plan.json}, {@code slurm-N.sh}, the tasks' logs {@code slurm-N-TASK.log}), and the job ids
 * in {@code slurm-jobs}, so that running the sweep again while the array is still queued does not submit its
 * points twice.
 */
public final class Slurm {
    private static final String JOBS = "slurm-jobs";

    private final List<String> sbatchOptions;
    private final boolean wait;

    /**
     * Whether and how a command sends its points to Slurm (its {@code --slurm}, {@code --sbatch} and
     * {@code --wait} options).
     *
     * @param use    submit the points without a result as a job array instead of running them on this host
     * @param sbatch options passed to {@code sbatch} as they are
     * @param await  wait for the array to end
     */
    public record Options(boolean use, List<String> sbatch, boolean await) {
        /** Running on this host: no Slurm. */
        public static final Options NONE = new Options(false, List.of(), false);

        /** Copies the list. */
        public Options {
            sbatch = List.copyOf(sbatch);
        }

        /**
         * Checks the options against each other.
         *
         * @throws IllegalArgumentException when --wait or --sbatch come without --slurm
         */
        public void check() {
            if ((await || !sbatch.isEmpty()) && !use) {
                throw new IllegalArgumentException("--wait and --sbatch go with --slurm");
            }
        }

        /**
         * Tells, when Slurm is to be used, whether its commands can be run here.
         *
         * @return null, or why not, one line
         */
        public String unavailable() {
            String why = use ? Slurm.unavailable() : null;
            return why == null ? null : "--slurm: " + why;
        }

        /**
         * Submits points as one job array, unless an array of the same results is still queued or running; says
         * what it did on err.
         *
         * @param sweep the sweep
         * @param todo  the points to run
         * @param name  the job's name
         * @param tool  the command, for messages
         * @param err   where the messages go
         * @return whether an array was submitted (and, when awaited, has ended)
         * @throws IOException          when sbatch or squeue fails
         * @throws InterruptedException when interrupted while waiting
         */
        public boolean submit(Sweep sweep, List<Point> todo, String name, String tool, PrintWriter err)
                throws IOException, InterruptedException {
            Slurm s = new Slurm(sbatch, await);
            List<String> active = s.active(sweep.store());
            if (!active.isEmpty()) {
                err.println(tool + ": Slurm job " + String.join(", ", active) + " of these results is still queued "
                        + "or running; not submitting its points again (run this command again when it has ended)");
                err.flush();
                return false;
            }
            if (todo.isEmpty()) {
                return false;
            }
            String id = s.submit(sweep, todo, name);
            err.println(tool + ": submitted Slurm job " + id + " (" + todo.size() + " array tasks, logs in "
                    + sweep.store().dir() + ")" + (await ? " and waited for it" : "; run this command again when it "
                    + "has ended to gather its results"));
            err.flush();
            return true;
        }
    }

    /**
     * The plan of one submission: what {@link SweepWorker} reads.
     *
     * @param base   the directory relative program paths are taken from
     * @param store  the result directory
     * @param points the points' settings, by array task index
     */
    record Plan(String base, String store, List<Map<String, String>> points) {
    }

    /**
     * Creates a submitter.
     *
     * @param sbatchOptions options passed to {@code sbatch} as they are (partition, time limit, memory, account)
     * @param wait          whether {@link #submit} waits until every task of the array has ended
     */
    public Slurm(List<String> sbatchOptions, boolean wait) {
        this.sbatchOptions = List.copyOf(sbatchOptions);
        this.wait = wait;
    }

    /**
     * Tells whether Slurm's commands can be run here.
     *
     * @return null when {@code sbatch --version} runs, else why not
     */
    public static String unavailable() {
        try {
            Output o = run(List.of("sbatch", "--version"));
            return o.status == 0 ? null : "sbatch --version failed: " + o.text.strip();
        } catch (IOException e) {
            return "sbatch cannot be run (" + e.getMessage() + "); is Slurm installed?";
        }
    }

    /**
     * Returns the jobs submitted for a result directory that Slurm still has queued or running.
     *
     * @param store the result directory
     * @return their ids
     * @throws IOException when squeue cannot be run
     */
    public List<String> active(ResultStore store) throws IOException {
        Path f = store.dir().resolve(JOBS);
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(f)) {
            return out;
        }
        for (String line : Files.readAllLines(f)) {
            String id = line.strip();
            // squeue fails for a job Slurm has already forgotten: that one is not active either
            if (!id.isEmpty() && run(List.of("squeue", "-h", "-o", "%i", "-j", id)).text.lines()
                    .anyMatch(l -> l.strip().startsWith(id))) {
                out.add(id);
            }
        }
        return out;
    }

    /**
     * Submits points as one job array.
     *
     * @param sweep the sweep
     * @param todo  the points to run, at least one
     * @param name  the job's name
     * @return the job id
     * @throws IOException when sbatch fails or the files cannot be written
     * @throws InterruptedException when interrupted while waiting
     */
    public String submit(Sweep sweep, List<Point> todo, String name) throws IOException, InterruptedException {
        Path dir = sweep.store().dir().toAbsolutePath();
        Files.createDirectories(dir);
        int n = 1;
        while (Files.exists(dir.resolve("slurm-" + n + ".plan.json"))) {
            n++;
        }
        Path plan = dir.resolve("slurm-" + n + ".plan.json");
        Plan p = new Plan(sweep.base().toString(), dir.toString(), todo.stream().map(Point::settings).toList());
        Files.writeString(plan, new Gson().toJson(p), StandardCharsets.UTF_8);
        Path script = dir.resolve("slurm-" + n + ".sh");
        Files.writeString(script, script(plan, name, todo.size()), StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "--array=0-" + (todo.size() - 1),
                "--job-name=" + name, "--output=" + dir.resolve("slurm-" + n + "-%a.log")));
        if (wait) {
            cmd.add("--wait");
        }
        cmd.addAll(sbatchOptions);
        cmd.add(script.toString());
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder text = new StringBuilder();
        String id = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                text.append(line).append('\n');
                if (id == null && line.strip().matches("\\d+(;.*)?")) {
                    // --parsable prints "id" or "id;cluster" as soon as the job is queued: record it at once
                    id = line.strip().split(";")[0];
                    Files.writeString(dir.resolve(JOBS), id + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                }
            }
        }
        int status = proc.waitFor();
        if (id == null) {
            throw new IOException("sbatch failed: " + text.toString().strip());
        }
        if (status != 0 && !wait) {
            throw new IOException("sbatch: " + text.toString().strip());
        }
        return id;
    }

    /** The job script: one point of the plan per array task, in a JVM like this one. */
    private static String script(Path plan, String name, int count) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-X")) {       // memory, stack, collector and JIT options; no -javaagent, no properties
                cmd.add(a);
            }
        }
        String cp = List.of(System.getProperty("java.class.path").split(File.pathSeparator)).stream()
                .map(e -> Path.of(e).toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator));
        cmd.addAll(List.of("-cp", cp, SweepWorker.class.getName(), plan.toString()));
        return "#!/bin/sh\n"
                + "# " + name + ": " + count + " points of a sweep, one per array task (written by scmpexp; "
                + "docs/benchmarks.md)\n"
                + "exec " + cmd.stream().map(Slurm::quote).collect(Collectors.joining(" "))
                + " \"$SLURM_ARRAY_TASK_ID\"\n";
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private record Output(int status, String text) {
    }

    private static Output run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": no answer within a minute");
            }
            return new Output(p.exitValue(), text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + ": interrupted", e);
        }
    }
}
