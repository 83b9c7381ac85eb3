package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a file against the Chrome trace-event format as the timeline uses it: the JSON object form with a
 * {@code traceEvents} array; every event with its required fields (name, ph, pid, tid, and ts but for metadata);
 * known phases only; begin and end events matched per track, by name and in time order; the slices of a track
 * (complete events and matched begin/end pairs) nested, never partly overlapping, so that a viewer draws them
 * as one call stack; counters with numeric values; and every flow with its start and its finish, each inside a
 * slice of its track.
 */
final class TraceEventFormat {
    private TraceEventFormat() {
    }

    /** A slice of a track: [from, to). */
    record Slice(String name, long from, long to) {
    }

    /** What a valid trace holds, for the tests' own checks. */
    record Trace(List<JsonObject> events, Map<String, List<Slice>> slices, int flows) {

        /** Returns the events of a phase. */
        List<JsonObject> phase(String ph) {
            return events.stream().filter(e -> e.get("ph").getAsString().equals(ph)).toList();
        }
    }

    private static final Set<String> PHASES = Set.of("B", "E", "X", "C", "M", "s", "f", "i");

    /**
     * Validates a trace.
     *
     * @param text the file's text
     * @return its events and slices
     */
    static Trace validate(String text) {
        JsonObject root = JsonParser.parseString(text).getAsJsonObject();
        JsonArray array = root.getAsJsonArray("traceEvents");
        assertNotNull(array, "no traceEvents array");
        List<JsonObject> events = new ArrayList<>();
        Map<String, List<JsonObject>> tracks = new HashMap<>();
        Map<Long, JsonObject> flowStarts = new HashMap<>();
        Map<Long, JsonObject> flowEnds = new HashMap<>();
        for (JsonElement el : array) {
            JsonObject e = el.getAsJsonObject();
            events.add(e);
            for (String f : List.of("name", "ph", "pid", "tid")) {
                assertTrue(e.has(f), "event without " + f + ": " + e);
            }
            String ph = e.get("ph").getAsString();
            assertTrue(PHASES.contains(ph), "unknown phase: " + e);
            e.get("pid").getAsInt();
            e.get("tid").getAsInt();
            if (ph.equals("M")) {
                assertTrue(e.getAsJsonObject("args").size() > 0, "metadata without args: " + e);
                continue;
            }
            assertTrue(e.has("ts") && e.get("ts").getAsLong() >= 0, "event without ts: " + e);
            switch (ph) {
                case "X" -> assertTrue(e.get("dur").getAsLong() > 0, "complete event without a duration: " + e);
                case "C" -> {
                    JsonObject args = e.getAsJsonObject("args");
                    assertTrue(args != null && args.size() > 0, "counter without values: " + e);
                    args.entrySet().forEach(v -> v.getValue().getAsDouble());
                }
                case "s" -> assertEquals(null, flowStarts.put(e.get("id").getAsLong(), e), "two starts: " + e);
                case "f" -> assertEquals(null, flowEnds.put(e.get("id").getAsLong(), e), "two finishes: " + e);
                default -> {
                }
            }
            tracks.computeIfAbsent(e.get("pid").getAsInt() + "/" + e.get("tid").getAsInt(), k -> new ArrayList<>())
                    .add(e);
        }
        Map<String, List<Slice>> slices = new HashMap<>();
        for (Map.Entry<String, List<JsonObject>> t : tracks.entrySet()) {
            slices.put(t.getKey(), slices(t.getKey(), t.getValue()));
        }
        assertEquals(flowStarts.keySet(), flowEnds.keySet(), "flows without both ends");
        for (Map.Entry<Long, JsonObject> s : flowStarts.entrySet()) {
            JsonObject f = flowEnds.get(s.getKey());
            assertTrue(f.get("ts").getAsLong() >= s.getValue().get("ts").getAsLong(), "a flow back in time: " + f);
            inSlice(slices, s.getValue());
            inSlice(slices, f);
        }
        return new Trace(events, slices, flowStarts.size());
    }

    /** The slices of a track, its begin/end events matched and every slice nested in those around it. */
    private static List<Slice> slices(String track, List<JsonObject> events) {
        List<JsonObject> ordered = new ArrayList<>(events);
        ordered.sort(Comparator.comparingLong(e -> e.get("ts").getAsLong()));   // stable: file order at a tie
        List<Slice> all = new ArrayList<>();
        Deque<JsonObject> open = new ArrayDeque<>();
        for (JsonObject e : ordered) {
            String ph = e.get("ph").getAsString();
            long ts = e.get("ts").getAsLong();
            if (ph.equals("B")) {
                open.push(e);
            } else if (ph.equals("E")) {
                assertFalse(open.isEmpty(), "end without begin on " + track + ": " + e);
                JsonObject b = open.pop();
                assertEquals(b.get("name").getAsString(), e.get("name").getAsString(), "unmatched end on " + track);
                assertTrue(ts > b.get("ts").getAsLong(), "empty or reversed slice on " + track + ": " + e);
                all.add(new Slice(b.get("name").getAsString(), b.get("ts").getAsLong(), ts));
            } else if (ph.equals("X")) {
                all.add(new Slice(e.get("name").getAsString(), ts, ts + e.get("dur").getAsLong()));
            }
        }
        assertTrue(open.isEmpty(), "begins without end on " + track + ": " + open);
        all.sort(Comparator.comparingLong(Slice::from).thenComparing(Comparator.comparingLong(Slice::to).reversed()));
        Deque<Slice> stack = new ArrayDeque<>();
        for (Slice s : all) {
            while (!stack.isEmpty() && stack.peek().to() <= s.from()) {
                stack.pop();
            }
            if (!stack.isEmpty() && stack.peek().to() < s.to()) {
                fail("slices overlap on " + track + ": " + stack.peek() + " and " + s);
            }
            stack.push(s);
        }
        return all;
    }

    private static void inSlice(Map<String, List<Slice>> slices, JsonObject flow) {
        String track = flow.get("pid").getAsInt() + "/" + flow.get("tid").getAsInt();
        long ts = flow.get("ts").getAsLong();
        for (Slice s : slices.getOrDefault(track, List.of())) {
            if (s.from() <= ts && ts < s.to()) {
                return;
            }
        }
        fail("flow end outside every slice of " + track + ": " + flow);
    }
}
