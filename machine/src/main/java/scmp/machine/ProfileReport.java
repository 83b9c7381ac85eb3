package scmp.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scmp.cpu.StallCause;

/**
 * The outputs of a {@link Profiler} at the end of a run (docs/simulator.md, "Profiles"): a flat table like gprof's
 * for stderr, and the same figures per node and function as JSON or CSV.
 */
public final class ProfileReport {
    /** The functions the flat table shows at most. */
    public static final int TABLE_ROWS = 30;

    private final Profiler p;
    private final long cycles;
    private final int functions;

    /**
     * A finished profile.
     *
     * @param profiler the profile, {@linkplain Profiler#finish finished}
     * @param cycles   the run's cycles
     */
    public ProfileReport(Profiler profiler, long cycles) {
        this.p = profiler;
        this.cycles = cycles;
        this.functions = profiler.functions();
    }

    /** One function's figures over a set of nodes. */
    private record Row(int f, long self, long inclusive, long instructions, long[] stalls, long branch,
                       long switchCycles, long niuBlocked, long switches, long calls, long waiting, long waitingCalls) {
        long stallTotal() {
            long s = 0;
            for (long c : stalls) {
                s += c;
            }
            return s;
        }
    }

    private Row row(int f, int fromNode, int toNode) {
        long self = 0, incl = 0, insns = 0, branch = 0, sw = 0, niu = 0, switches = 0, calls = 0, wait = 0, wcalls = 0;
        long[] stalls = new long[StallCause.values().length];
        for (int n = fromNode; n < toNode; n++) {
            Profiler.NodeProfile np = p.node(n);
            if (np == null) {
                continue;
            }
            self += np.self[f];
            incl += np.inclusive[f];
            insns += np.instructions[f];
            for (int c = 0; c < stalls.length; c++) {
                stalls[c] += np.stalls[c][f];
            }
            branch += np.branch[f];
            sw += np.switchCycles[f];
            niu += np.niuBlocked[f];
            switches += np.switches[f];
            calls += np.calls[f];
            wait += np.waiting[f];
            wcalls += np.waitingCalls[f];
        }
        return new Row(f, self, incl, insns, stalls, branch, sw, niu, switches, calls, wait, wcalls);
    }

    private int nodeCount() {
        return p.nodeCountOfMachine();
    }

    private String label(int f) {
        String file = p.file(f);
        return file == null ? p.name(f) : p.name(f) + " (" + file + ")";
    }

    /**
     * Returns the flat table: the functions of all nodes together by self cycles, then the nodes, then the waits in
     * library calls.
     */
    public String table() {
        StringBuilder sb = new StringBuilder();
        List<Row> rows = new ArrayList<>();
        long total = 0;
        int ran = 0;
        for (int n = 0; n < nodeCount(); n++) {
            if (p.node(n) != null) {
                ran++;
            }
        }
        for (int f = 0; f < functions; f++) {
            Row r = row(f, 0, nodeCount());
            total += r.self();
            if (r.self() > 0 || r.inclusive() > 0) {
                rows.add(r);
            }
        }
        rows.sort((a, b) -> a.self() != b.self() ? Long.compare(b.self(), a.self()) : Integer.compare(a.f(), b.f()));
        sb.append(String.format(Locale.ROOT, "profile: %d cycles on each of %d node(s) that ran, %d node-cycles%n",
                cycles, ran, total));
        sb.append("  %self     self cycles  inclusive cycles   instructions     stalls     branch  switch+wait   "
                + "waiting  calls  function\n");
        int shown = 0;
        for (Row r : rows) {
            if (shown++ == TABLE_ROWS) {
                sb.append("  (").append(rows.size() - TABLE_ROWS).append(" more functions; --profile=FILE lists all)\n");
                break;
            }
            sb.append(String.format(Locale.ROOT, "%7.2f %15d %17d %14d %10d %10d %12d %9d %6d  %s%n",
                    total == 0 ? 0.0 : 100.0 * r.self() / total, r.self(), r.inclusive(), r.instructions(),
                    r.stallTotal(), r.branch(), r.switchCycles() + r.niuBlocked(), r.waiting(), r.calls(),
                    label(r.f())));
        }
        if (ran > 1) {
            sb.append("node  instructions   busy%   wait%   idle%  top function\n");
            for (int n = 0; n < nodeCount(); n++) {
                Profiler.NodeProfile np = p.node(n);
                if (np == null) {
                    continue;
                }
                long insns = 0, wait = 0;
                int top = 1;
                for (int f = 0; f < functions; f++) {
                    insns += np.instructions[f];
                    wait += np.waiting[f];
                    if (f > 0 && np.self[f] > np.self[top]) {
                        top = f;
                    }
                }
                sb.append(String.format(Locale.ROOT, "%4d %13d  %6.1f  %6.1f  %6.1f  %s%n", n, insns,
                        pct(insns, cycles), pct(wait, cycles), pct(np.self[0], cycles), p.name(top)));
            }
        }
        List<Row> waits = new ArrayList<>();
        for (int f = 0; f < functions; f++) {
            Row r = row(f, 0, nodeCount());
            if (r.waiting() > 0) {
                waits.add(r);
            }
        }
        if (!waits.isEmpty()) {
            waits.sort((a, b) -> Long.compare(b.waiting(), a.waiting()));
            sb.append("waiting in library calls (all nodes): call, calls that waited, waiting cycles, % of node-cycles\n");
            for (Row r : waits) {
                sb.append(String.format(Locale.ROOT, "  %-24s %8d %15d %7.2f%n", p.name(r.f()), r.waitingCalls(),
                        r.waiting(), pct(r.waiting(), total)));
            }
        }
        return sb.toString();
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** Returns the profile as JSON: per node, every function that was charged a cycle. */
    public String json() {
        StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"cycles\": ").append(cycles).append(",\n  \"nodes\": [");
        boolean firstNode = true;
        for (int n = 0; n < nodeCount(); n++) {
            if (p.node(n) == null) {
                continue;
            }
            sb.append(firstNode ? "\n" : ",\n").append("    {\"node\": ").append(n).append(", \"functions\": [");
            firstNode = false;
            boolean first = true;
            for (int f = 0; f < functions; f++) {
                Row r = row(f, n, n + 1);
                if (r.self() == 0 && r.inclusive() == 0) {
                    continue;
                }
                sb.append(first ? "\n" : ",\n").append("      ").append(jsonRow(r));
                first = false;
            }
            sb.append("\n    ]}");
        }
        sb.append("\n  ]\n}\n");
        return sb.toString();
    }

    private String jsonRow(Row r) {
        StringBuilder sb = new StringBuilder("{\"function\": ").append(RunStats.quote(p.name(r.f())))
                .append(", \"file\": ").append(p.file(r.f()) == null ? "null" : RunStats.quote(p.file(r.f())))
                .append(", \"self\": ").append(r.self()).append(", \"inclusive\": ").append(r.inclusive())
                .append(", \"instructions\": ").append(r.instructions());
        StallCause[] causes = StallCause.values();
        for (int c = 0; c < causes.length; c++) {
            sb.append(", \"stall_").append(causes[c].name().toLowerCase(Locale.ROOT)).append("\": ")
                    .append(r.stalls()[c]);
        }
        return sb.append(", \"branch\": ").append(r.branch()).append(", \"thread_switch\": ").append(r.switchCycles())
                .append(", \"niu_blocked\": ").append(r.niuBlocked()).append(", \"switches\": ").append(r.switches())
                .append(", \"calls\": ").append(r.calls()).append(", \"waiting\": ").append(r.waiting())
                .append(", \"waiting_calls\": ").append(r.waitingCalls()).append('}').toString();
    }

    /** Returns the profile as CSV: a header, then one line per node and function that was charged a cycle. */
    public String csv() {
        StringBuilder sb = new StringBuilder("node,function,file,self,inclusive,instructions");
        for (StallCause c : StallCause.values()) {
            sb.append(",stall_").append(c.name().toLowerCase(Locale.ROOT));
        }
        sb.append(",branch,thread_switch,niu_blocked,switches,calls,waiting,waiting_calls\n");
        for (int n = 0; n < nodeCount(); n++) {
            if (p.node(n) == null) {
                continue;
            }
            for (int f = 0; f < functions; f++) {
                Row r = row(f, n, n + 1);
                if (r.self() == 0 && r.inclusive() == 0) {
                    continue;
                }
                sb.append(n).append(',').append(csvText(p.name(f))).append(',')
                        .append(p.file(f) == null ? "" : csvText(p.file(f))).append(',').append(r.self()).append(',')
                        .append(r.inclusive()).append(',').append(r.instructions());
                for (long s : r.stalls()) {
                    sb.append(',').append(s);
                }
                sb.append(',').append(r.branch()).append(',').append(r.switchCycles()).append(',')
                        .append(r.niuBlocked()).append(',').append(r.switches()).append(',').append(r.calls())
                        .append(',').append(r.waiting()).append(',').append(r.waitingCalls()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String csvText(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 ? s : "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
