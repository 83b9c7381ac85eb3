package scmp.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scmp.cpu.CoreStats;
import scmp.cpu.RemoteStats;
import scmp.cpu.StallCause;

/**
 * The statistics of a finished run ({@code scmpsim --stats}): per node, how every cycle was spent (issuing,
 * stalled by cause, thread switches, blocked on its device, idle) and thread switches, and what the machine model
 * adds ({@link StatsLayout}: the SCMP chip's NIU counters and links, say). {@link #json()} writes them as JSON,
 * {@link #summary()} as a one-screen table. docs/simulator.md describes every field.
 */
public final class RunStats {

    /**
     * One node's figures.
     *
     * @param node   the node number
     * @param built  whether a thread ever ran or a message arrived there (otherwise every figure is zero)
     * @param core   the core's counters
     * @param remote the accesses other hardware made to its memory
     * @param cycles the run's length in cycles, over which the breakdown is taken
     */
    public record Node(int node, boolean built, CoreStats core, RemoteStats remote, long cycles) {

        /** Returns the cycles in which the core neither issued nor lost a cycle to a stall, bubble, switch or the NIU. */
        public long idle() {
            return Math.max(0, cycles - core.instructions() - core.lostCycles());
        }
    }

    private final Machine machine;
    private final Machine.Result result;
    private final StatsLayout layout;
    private final List<Node> nodes = new ArrayList<>();

    /**
     * Collects the statistics of a machine whose run has ended.
     *
     * @param machine the machine
     * @param result  the result of its run
     */
    public RunStats(Machine machine, Machine.Result result) {
        this.machine = machine;
        this.result = result;
        this.layout = machine.hardware().stats();
        CoreStats none = new CoreStats(0, new long[StallCause.values().length], 0, 0, 0, 0);
        RemoteStats untouched = new RemoteStats(0, 0, 0, 0);
        for (int n = 0; n < machine.nodeCount(); n++) {
            boolean built = machine.nodeBuilt(n);
            nodes.add(new Node(n, built, built ? machine.node(n).stats() : none,
                    built ? machine.node(n).remote().stats() : untouched, result.cycles()));
        }
    }

    /** Returns the per-node figures, by node number. */
    public List<Node> nodes() {
        return nodes;
    }

    /** Returns the statistics as a JSON document (one object; described in docs/simulator.md). */
    public String json() {
        RunConfig cfg = machine.runConfig();
        long cycles = result.cycles();
        StringBuilder sb = new StringBuilder(4096);
        sb.append("{\n");
        field(sb, 1, "program", quote(cfg.programName())).append(",\n");
        for (StatsLayout.Field f : layout.shape()) {
            field(sb, 1, f.name(), f.json()).append(",\n");
        }
        field(sb, 1, "outcome", quote(result.outcome().name().toLowerCase(Locale.ROOT))).append(",\n");
        field(sb, 1, "exit_code", result.exitCode()).append(",\n");
        field(sb, 1, "cycles", cycles).append(",\n");
        field(sb, 1, "instructions", result.instructions()).append(",\n");
        for (StatsLayout.Field f : layout.totals(cycles)) {
            field(sb, 1, f.name(), f.json()).append(",\n");
        }
        field(sb, 1, "ranks", cfg.ranks()).append(",\n");
        sb.append("  \"nodes\": [\n");
        for (int k = 0; k < nodes.size(); k++) {
            Node n = nodes.get(k);
            CoreStats c = n.core();
            sb.append("    {\"node\": ").append(n.node());
            inline(sb, layout.position(n.node()));
            sb.append(", \"built\": ").append(n.built()).append(", \"instructions\": ").append(c.instructions())
                    .append(",\n");
            sb.append("     \"cycles\": {\"busy\": ").append(c.instructions())
                    .append(", \"stall_load_use\": ").append(c.stall(StallCause.LOAD_USE))
                    .append(", \"stall_mul\": ").append(c.stall(StallCause.MUL))
                    .append(", \"stall_div\": ").append(c.stall(StallCause.DIV))
                    .append(", \"stall_fp\": ").append(c.stall(StallCause.FP))
                    .append(", \"stall_other\": ").append(c.stall(StallCause.OTHER))
                    .append(", \"branch\": ").append(c.branchBubbles())
                    .append(", \"thread_switch\": ").append(c.switchCycles())
                    .append(", \"niu_blocked\": ").append(c.niuBlockedCycles())
                    .append(", \"idle\": ").append(n.idle()).append("},\n");
            sb.append("     \"thread_switches\": ").append(c.switches());
            inline(sb, layout.counters(n.node(), n.remote()));
            if (cfg.spmd()) {
                sb.append(", \"exit_status\": ").append(machine.exitStatus(n.node())).append(", \"exit_cycle\": ")
                        .append(machine.exitCycle(n.node()));
            }
            sb.append('}').append(k + 1 < nodes.size() ? ",\n" : "\n");
        }
        sb.append("  ]");
        for (StatsLayout.Section section : layout.sections(cycles)) {
            sb.append(",\n  \"").append(section.name()).append("\": [\n");
            List<String> items = section.items();
            for (int k = 0; k < items.size(); k++) {
                sb.append("    ").append(items.get(k)).append(k + 1 < items.size() ? ",\n" : "\n");
            }
            sb.append("  ]");
        }
        sb.append("\n}\n");
        return sb.toString();
    }

    private static void inline(StringBuilder sb, List<StatsLayout.Field> fields) {
        for (StatsLayout.Field f : fields) {
            sb.append(", ").append(quote(f.name())).append(": ").append(f.json());
        }
    }

    /**
     * Returns a one-screen summary: totals, one line per node that ran (the busiest 16 when more did), and what
     * the model adds (the SCMP links' load).
     */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        long cycles = result.cycles();
        List<Node> ran = new ArrayList<>();
        for (Node n : nodes) {
            if (n.built()) {
                ran.add(n);
            }
        }
        sb.append(String.format(Locale.ROOT, "stats: %s, %d cycles, %d instructions, %d of %d nodes ran%n",
                layout.summaryShape(nodes.size()), cycles, result.instructions(), ran.size(), nodes.size()));
        sb.append("node   instructions   busy%  stall%  branch%  switch%  niu%   idle%  switches")
                .append(layout.summaryHeading()).append('\n');
        List<Node> shown = new ArrayList<>(ran);
        if (shown.size() > 16) {
            shown.sort((a, b) -> Long.compare(b.core().instructions(), a.core().instructions()));
            shown = new ArrayList<>(shown.subList(0, 16));
            shown.sort((a, b) -> Integer.compare(a.node(), b.node()));
        }
        for (Node n : shown) {
            CoreStats c = n.core();
            long stalls = 0;
            for (long s : c.stallCycles()) {
                stalls += s;
            }
            sb.append(String.format(Locale.ROOT, "%4d %14d  %6.1f  %6.1f  %7.1f  %7.1f %5.1f  %6.1f  %8d",
                    n.node(), c.instructions(), pct(c.instructions(), cycles), pct(stalls, cycles),
                    pct(c.branchBubbles(), cycles), pct(c.switchCycles(), cycles), pct(c.niuBlockedCycles(), cycles),
                    pct(n.idle(), cycles), c.switches())).append(layout.summaryColumns(n.node())).append('\n');
        }
        if (ran.size() > shown.size()) {
            sb.append("(").append(ran.size() - shown.size()).append(" more nodes ran; --stats FILE.json lists all)\n");
        }
        sb.append(layout.summaryLines(cycles));
        return sb.toString();
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static StringBuilder field(StringBuilder sb, int indent, String name, Object value) {
        return sb.append("  ".repeat(indent)).append('"').append(name).append("\": ").append(value);
    }

    /**
     * Quotes a string as JSON.
     *
     * @param s the string
     * @return the JSON string literal
     */
    public static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                case '\r' -> q.append("\\r");
                default -> {
                    if (ch < 0x20) {
                        q.append(String.format("\\u%04x", (int) ch));
                    } else {
                        q.append(ch);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
