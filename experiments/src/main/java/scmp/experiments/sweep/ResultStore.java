package scmp.experiments.sweep;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.commons.io.FileUtils;

/**
 * A sweep's results, one file per point, so that a sweep interrupted at any moment keeps every point it
 * finished and a Slurm array's tasks never write the same file: {@code ID.json} (the settings and the
 * {@link Measurement}), {@code ID.out} and {@code ID.err} (the program's output), ID being {@link Point#id()}.
 * The JSON file is written last and renamed into place, so its presence means the point is complete.
 */
public final class ResultStore {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private final Path dir;

    /** What a point's file holds. */
    private record Stored(String id, java.util.Map<String, String> settings, Measurement result) {
    }

    /**
     * Opens (without creating) a result directory.
     *
     * @param dir the directory
     */
    public ResultStore(Path dir) {
        this.dir = dir;
    }

    /** Returns the directory. */
    public Path dir() {
        return dir;
    }

    private Path json(Point p) {
        return dir.resolve(p.id() + ".json");
    }

    /** Tells whether a point has its result. */
    public boolean has(Point p) {
        return Files.isRegularFile(json(p));
    }

    /**
     * Reads a point's result.
     *
     * @param p the point
     * @return the measurement, or null when the point has none (or its file is unreadable)
     */
    public Measurement read(Point p) {
        try {
            Stored s = GSON.fromJson(Files.readString(json(p), StandardCharsets.UTF_8), Stored.class);
            return s == null ? null : s.result();
        } catch (IOException | JsonParseException e) {
            return null;
        }
    }

    /**
     * Stores a point's result and output.
     *
     * @param p      the point
     * @param m      its measurement
     * @param stdout the program's output
     * @param stderr the program's error output and the simulator's messages
     * @throws IOException when the files cannot be written
     */
    public void write(Point p, Measurement m, String stdout, String stderr) throws IOException {
        Files.createDirectories(dir);
        String id = p.id();
        Files.writeString(dir.resolve(id + ".out"), stdout, StandardCharsets.ISO_8859_1);
        Files.writeString(dir.resolve(id + ".err"), stderr, StandardCharsets.ISO_8859_1);
        Path tmp = Files.createTempFile(dir, id, ".tmp");
        Files.writeString(tmp, GSON.toJson(new Stored(id, p.settings(), m)) + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, json(p), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Deletes every result.
     *
     * @throws IOException when the directory cannot be deleted
     */
    public void clear() throws IOException {
        FileUtils.deleteDirectory(dir.toFile());
    }
}
