package scmp.experiments.sweep;

import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A set of points and their results in {@code OUT/NAME.points/} ({@link ResultStore}): runs the points that have
 * no result yet, on threads of this process ({@link #runLocal}) or as a Slurm job array ({@link Slurm}), and
 * gathers every result into one CSV and one JSON file with a column per setting. A point's result, once
 * written, is kept: running the sweep again (after an interruption, or with a larger grid) runs only the
 * points without one.
 */
public final class Sweep {
    private final List<Point> points;
    private final ResultStore store;
    private final Path base;

    /** Decides, just before a point would run, whether it runs. */
    public interface Gate {
        /**
         * Returns why a point should not run, or null to run it.
         *
         * @param p the point
         * @return the reason, or null
         */
        String skip(Point p);
    }

    /** Hears about each point as it ends. */
    public interface Listener {
        /**
         * A point ended (called on one thread at a time).
         *
         * @param p the point
         * @param m its measurement
         */
        void done(Point p, Measurement m);

        /**
         * A point was not run because the gate said so.
         *
         * @param p      the point
         * @param reason the gate's reason
         */
        default void skipped(Point p, String reason) {
        }
    }

    /**
     * Creates a sweep.
     *
     * @param points the points, in the order of the tables
     * @param store  where the results are kept
     * @param base   the directory relative program paths are taken from
     */
    public Sweep(List<Point> points, ResultStore store, Path base) {
        this.points = List.copyOf(new LinkedHashSet<>(points));   // a value given twice is one point
        this.store = store;
        this.base = base.toAbsolutePath();
    }

    /** Returns the points. */
    public List<Point> points() {
        return points;
    }

    /** Returns the result store. */
    public ResultStore store() {
        return store;
    }

    /** Returns the directory relative program paths are taken from. */
    public Path base() {
        return base;
    }

    /** Returns the points that have no result yet, in order. */
    public List<Point> todo() {
        return points.stream().filter(p -> !store.has(p)).toList();
    }

    /**
     * Checks every point's settings.
     *
     * @throws IllegalArgumentException naming the first point at fault and why
     */
    public void validate() {
        for (Point p : points) {
            try {
                Simulation.of(p.settings(), base);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("point " + p + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Runs points on threads of this process, storing each result as it ends.
     *
     * @param runner   the runner (its compiled programs are reused)
     * @param todo     the points to run (normally {@link #todo()})
     * @param jobs     the number of threads
     * @param gate     decides whether each point runs, or null to run them all
     * @param listener hears about each point
     * @throws IOException when a result cannot be stored
     * @throws InterruptedException when interrupted while waiting
     */
    public void runLocal(PointRunner runner, List<Point> todo, int jobs, Gate gate, Listener listener)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<?>> futures = new ArrayList<>();
            Object lock = new Object();
            for (Point p : todo) {
                futures.add(pool.submit(() -> {
                    String why;
                    synchronized (lock) {
                        why = gate == null ? null : gate.skip(p);
                        if (why != null) {
                            listener.skipped(p, why);
                        }
                    }
                    if (why == null) {
                        PointRunner.Run r = runner.run(p);
                        store.write(p, r.measurement(), r.stdout(), r.stderr());
                        synchronized (lock) {
                            listener.done(p, r.measurement());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Returns the stored measurement of every point that has one, in order. */
    public Map<Point, Measurement> results() {
        Map<Point, Measurement> m = new LinkedHashMap<>();
        for (Point p : points) {
            Measurement r = store.read(p);
            if (r != null) {
                m.put(p, r);
            }
        }
        return m;
    }

    /**
     * Writes the results gathered so far as a CSV and a JSON array, a row per point with a result, in the
     * points' order: a column per setting, then the {@link Measurement}'s, then {@code point} (the id of the
     * point's files in the result directory).
     *
     * @param csv  the CSV file
     * @param json the JSON file
     * @return the number of rows
     * @throws IOException when a file cannot be written
     */
    public int gather(Path csv, Path json) throws IOException {
        Set<String> keys = new LinkedHashSet<>();
        points.forEach(p -> keys.addAll(p.settings().keySet()));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<Point, Measurement> e : results().entrySet()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (String k : keys) {
                row.put(k, e.getKey().settings().getOrDefault(k, ""));
            }
            e.getValue().columns().forEach((k, v) -> row.put(keys.contains(k) ? "result_" + k : k, v));
            row.put("point", e.getKey().id());
            rows.add(row);
        }
        List<String> header = new ArrayList<>(keys);
        Measurement.error("").columns().keySet().forEach(k -> header.add(keys.contains(k) ? "result_" + k : k));
        header.add("point");
        for (Path f : List.of(csv, json)) {
            Path dir = f.toAbsolutePath().getParent();
            Files.createDirectories(dir);
        }
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
             CSVPrinter out = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator('\n')
                     .setHeader(header.toArray(new String[0])).get())) {
            for (Map<String, Object> row : rows) {
                out.printRecord(row.values());
            }
        }
        List<Map<String, Object>> typed = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> t = new LinkedHashMap<>(row);
            keys.forEach(k -> t.put(k, number((String) row.get(k))));
            typed.add(t);
        }
        Files.writeString(json, new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(typed)
                + "\n", StandardCharsets.UTF_8);
        return rows.size();
    }

    /** A setting's value as a number when it is one, for JSON readers (the CSV keeps the text). */
    private static Object number(String v) {
        if (v.matches("-?\\d{1,18}")) {
            return Long.parseLong(v);
        }
        if (v.matches("-?\\d+\\.\\d+")) {
            return Double.parseDouble(v);
        }
        return v;
    }
}
