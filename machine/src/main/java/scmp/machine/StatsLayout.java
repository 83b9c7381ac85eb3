package scmp.machine;

import java.util.List;
import scmp.cpu.RemoteStats;

/**
 * What a machine model adds to the statistics of a run ({@link RunStats}, {@code scmpsim --stats}): fields of the
 * JSON document around the ones every model has (program, outcome, cycles, per node the core's cycle breakdown),
 * and columns and lines of the one-screen summary. Every method has a default: the machine's node count, and per
 * node the accesses of its {@link scmp.cpu.RemotePort}.
 */
public interface StatsLayout {

    /** The layout of a model that adds nothing of its own. */
    StatsLayout GENERIC = new StatsLayout() {
    };

    /**
     * A JSON field.
     *
     * @param name the field's name
     * @param json its value, as JSON text
     */
    record Field(String name, String json) {

        /**
         * A numeric field.
         *
         * @param name  the name
         * @param value the value
         * @return the field
         */
        public static Field of(String name, long value) {
            return new Field(name, Long.toString(value));
        }
    }

    /**
     * A JSON array of objects after the nodes (the SCMP mesh's links).
     *
     * @param name  the array's name
     * @param items each object, as JSON text on one line
     */
    record Section(String name, List<String> items) {
    }

    /** Returns the fields after {@code program}: the machine's shape ({@code "mesh": {"x": 4, "y": 4}}). */
    default List<Field> shape() {
        return List.of();
    }

    /**
     * Returns the fields after {@code instructions} (the SCMP mesh's {@code network_cycles}).
     *
     * @param cycles the run's cycles
     * @return the fields
     */
    default List<Field> totals(long cycles) {
        return List.of();
    }

    /**
     * Returns a node's fields after {@code node}: where it is ({@code x}, {@code y}).
     *
     * @param node the node
     * @return the fields
     */
    default List<Field> position(int node) {
        return List.of();
    }

    /**
     * Returns a node's fields after {@code thread_switches}: its devices' counters. By default the accesses of its
     * remote port ({@code remote_reads}, {@code remote_writes}, {@code remote_swaps}, {@code remote_fetch_adds}).
     *
     * @param node   the node
     * @param remote its remote port's counters (zero for a node never built)
     * @return the fields
     */
    default List<Field> counters(int node, RemoteStats remote) {
        return List.of(Field.of("remote_reads", remote.reads()), Field.of("remote_writes", remote.writes()),
                Field.of("remote_swaps", remote.swaps()), Field.of("remote_fetch_adds", remote.fetchAdds()));
    }

    /**
     * Returns the arrays after the nodes.
     *
     * @param cycles the run's cycles
     * @return the arrays
     */
    default List<Section> sections(long cycles) {
        return List.of();
    }

    /**
     * Returns the machine's shape in the summary's first line ({@code 4x4 mesh}).
     *
     * @param nodes the machine's nodes
     * @return a few words
     */
    default String summaryShape(int nodes) {
        return nodes + " node" + (nodes == 1 ? "" : "s");
    }

    /** Returns the heading of the summary's per-node columns of the model, with their leading spaces. */
    default String summaryHeading() {
        return "";
    }

    /**
     * Returns a node's columns in the summary, as {@link #summaryHeading()} names them.
     *
     * @param node the node
     * @return the columns, with their leading spaces
     */
    default String summaryColumns(int node) {
        return "";
    }

    /**
     * Returns lines after the per-node table (the SCMP links' load), each ending with a newline.
     *
     * @param cycles the run's cycles
     * @return the lines, or an empty string
     */
    default String summaryLines(long cycles) {
        return "";
    }
}
