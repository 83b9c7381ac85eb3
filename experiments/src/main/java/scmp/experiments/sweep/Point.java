package scmp.experiments.sweep;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One point of a sweep: a value for every setting, in the grid's order.
 *
 * @param settings the settings by name
 */
public record Point(Map<String, String> settings) {
    /** Copies the settings, keeping their order. */
    public Point {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /**
     * Returns the point's name in the result directory: a digest of its settings, whatever their order, so that
     * a point keeps its result when the grid around it grows, shrinks or is reordered.
     *
     * @return 16 hexadecimal digits
     */
    public String id() {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(settings).forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(sb.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Returns the settings as {@code key=value} words, for progress lines. */
    @Override
    public String toString() {
        return settings.entrySet().stream().map(e -> e.getKey() + "=" + (e.getValue().contains(" ")
                ? "'" + e.getValue() + "'" : e.getValue())).collect(Collectors.joining(" "));
    }
}
