package scmp.experiments.sweep;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A grid of settings: each setting has one or more values, and the grid's points are every combination, the
 * first setting varying slowest. Written in a small file, one setting a line ({@code key = value, value, ...},
 * {@code #} starts a comment), or on the command line ({@code key=value,value}); a value with a comma goes in
 * double quotes, and {@code A..B} stands for the integers from A to B. docs/benchmarks.md lists the settings.
 */
public final class Grid {
    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_.-]*");
    private static final Pattern RANGE = Pattern.compile("(-?\\d+)\\.\\.(-?\\d+)");
    /** The most points a grid may have: a typo such as 1..100000 should not start a month of simulation. */
    public static final int MAX_POINTS = 100_000;
    private static final CSVFormat VALUES = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get();

    private final Map<String, List<String>> settings = new LinkedHashMap<>();

    /** Thrown for a malformed grid; the message is one line, prefixed with the file and line when known. */
    public static final class GridException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        GridException(String message) {
            super(message);
        }
    }

    /**
     * Reads a grid file's text.
     *
     * @param text   the file's contents
     * @param source the file's name, for messages
     * @return the grid
     * @throws GridException naming the file and line at fault
     */
    public static Grid parse(String text, String source) {
        Grid g = new Grid();
        int n = 0;
        for (String raw : text.split("\n", -1)) {
            n++;
            String line = stripComment(raw).strip();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new GridException(source + ":" + n + ": expected 'key = value, value, ...'");
            }
            try {
                g.set(line.substring(0, eq).strip(), line.substring(eq + 1));
            } catch (GridException e) {
                throw new GridException(source + ":" + n + ": " + e.getMessage());
            }
        }
        return g;
    }

    /** The line without a {@code #} comment (a # inside double quotes is kept). */
    private static String stripComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /**
     * Sets a setting from a command-line assignment, {@code key=value,value}; it replaces the file's values.
     *
     * @param assignment the assignment
     * @throws GridException when it is malformed
     */
    public void set(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq < 0) {
            throw new GridException("'" + assignment + "': expected key=value,value,...");
        }
        set(assignment.substring(0, eq).strip(), assignment.substring(eq + 1));
    }

    private void set(String key, String list) {
        if (!KEY.matcher(key).matches()) {
            throw new GridException("'" + key + "' is not a setting name (lower-case letters, digits, '.', '_', '-')");
        }
        List<String> values = new ArrayList<>();
        try (CSVParser p = CSVParser.parse(new StringReader(list.strip()), VALUES)) {
            for (CSVRecord r : p) {
                for (String v : r) {
                    values.addAll(expand(key, v));
                }
            }
        } catch (IOException | IllegalStateException | IllegalArgumentException e) {
            if (e instanceof GridException) {
                throw (GridException) e;
            }
            throw new GridException(key + ": cannot read the values (" + e.getMessage() + ")");
        }
        if (values.isEmpty()) {
            throw new GridException(key + ": no value (an empty one is written \"\")");
        }
        settings.put(key, List.copyOf(values));      // a setting given again keeps its place
    }

    private static List<String> expand(String key, String v) {
        Matcher m = RANGE.matcher(v);
        if (!m.matches()) {
            return List.of(v);
        }
        long a = Long.parseLong(m.group(1));
        long b = Long.parseLong(m.group(2));
        if (b < a || b - a >= MAX_POINTS) {
            throw new GridException(key + ": " + v + " is not a range from a smaller to a larger integer");
        }
        List<String> l = new ArrayList<>();
        for (long i = a; i <= b; i++) {
            l.add(Long.toString(i));
        }
        return l;
    }

    /** Returns the settings and their values, in the grid's order. */
    public Map<String, List<String>> settings() {
        return Collections.unmodifiableMap(settings);
    }

    /**
     * Returns every point of the grid, the first setting varying slowest.
     *
     * @return the points
     * @throws GridException when the grid has more than {@link #MAX_POINTS} points
     */
    public List<Point> points() {
        long total = 1;
        for (List<String> v : settings.values()) {
            total *= v.size();
            if (total > MAX_POINTS) {
                throw new GridException("the grid has more than " + MAX_POINTS + " points");
            }
        }
        List<Point> out = new ArrayList<>();
        List<String> keys = new ArrayList<>(settings.keySet());
        int[] at = new int[keys.size()];
        for (long i = 0; i < total; i++) {
            LinkedHashMap<String, String> s = new LinkedHashMap<>();
            for (int k = 0; k < keys.size(); k++) {
                s.put(keys.get(k), settings.get(keys.get(k)).get(at[k]));
            }
            out.add(new Point(s));
            for (int k = keys.size() - 1; k >= 0; k--) {
                if (++at[k] < settings.get(keys.get(k)).size()) {
                    break;
                }
                at[k] = 0;
            }
        }
        return out;
    }
}
