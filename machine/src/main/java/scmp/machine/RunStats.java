package scmp.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scmp.cpu.CoreStats;
import scmp.cpu.StallCause;
import scmp.niu.NiuStats;
import scmp.noc.LinkLoad;

/**
 * The statistics of a finished run ({@code scmpsim --stats}): per node, how every cycle was spent (issuing,
 * stalled by cause, thread switches, blocked on the NIU, idle), thread switches, and the messages and flits its
 * NIU sent and received; per router-to-router link, the flits carried and the utilisation (flits per network
 * cycle of the run: its cycles times the clock ratio). {@link #json()} writes them as JSON, {@link #summary()} as a one-screen table. docs/simulator.md
 * describes every field.
 */
public final class RunStats {

    /**
     * One node's figures.
     *
     * @param node   the node number
     * @param built  whether a thread ever ran or a message arrived there (otherwise every figure is zero)
     * @param core   the core's counters
     * @param niu    the NIU's counters
     * @param cycles the run's length in cycles, over which the breakdown is taken
     */
    public record Node(int node, boolean built, CoreStats core, NiuStats niu, long cycles) {

        /** Returns the cycles in which the core neither issued nor lost a cycle to a stall, bubble, switch or the NIU. */
        public long idle() {
            return Math.max(0, cycles - core.instructions() - core.lostCycles());
        }
    }

    private final Machine machine;
    private final Machine.Result result;
    private final List<Node> nodes = new ArrayList<>();
    private final List<LinkLoad> links;
    private final long networkCycles;

    /**
     * Collects the statistics of a machine whose run has ended.
     *
     * @param machine the machine
     * @param result  the result of its run
     */
    public RunStats(Machine machine, Machine.Result result) {
        this.machine = machine;
        this.result = result;
        Network net = machine.network();
        CoreStats none = new CoreStats(0, new long[StallCause.values().length], 0, 0, 0, 0);
        for (int n = 0; n < machine.config().nodes(); n++) {
            boolean built = machine.nodeBuilt(n);
            CoreStats cs = built ? machine.node(n).stats() : none;
            nodes.add(new Node(n, built, cs, net.niuStats(n), result.cycles()));
        }
        this.links = net.linkLoads();
        this.networkCycles = result.cycles() * machine.config().noc().clockRatio();
    }

    /** Returns the per-node figures, by node number. */
    public List<Node> nodes() {
        return nodes;
    }

    /** Returns the flits carried by every router-to-router link. */
    public List<LinkLoad> links() {
        return links;
    }

    /** Returns the statistics as a JSON document (one object; described in docs/simulator.md). */
    public String json() {
        MachineConfig cfg = machine.config();
        StringBuilder sb = new StringBuilder(4096);
        sb.append("{\n");
        field(sb, 1, "program", quote(cfg.programName())).append(",\n");
        field(sb, 1, "mesh", "{\"x\": " + cfg.xdim() + ", \"y\": " + cfg.ydim() + "}").append(",\n");
        field(sb, 1, "outcome", quote(result.outcome().name().toLowerCase(Locale.ROOT))).append(",\n");
        field(sb, 1, "exit_code", result.exitCode()).append(",\n");
        field(sb, 1, "cycles", result.cycles()).append(",\n");
        field(sb, 1, "instructions", result.instructions()).append(",\n");
        field(sb, 1, "network_cycles", networkCycles).append(",\n");
        field(sb, 1, "ranks", cfg.ranks()).append(",\n");
        sb.append("  \"nodes\": [\n");
        for (int k = 0; k < nodes.size(); k++) {
            Node n = nodes.get(k);
            CoreStats c = n.core();
            NiuStats u = n.niu();
            sb.append("    {\"node\": ").append(n.node()).append(", \"x\": ").append(n.node() % cfg.xdim())
                    .append(", \"y\": ").append(n.node() / cfg.xdim()).append(", \"built\": ").append(n.built())
                    .append(", \"instructions\": ").append(c.instructions()).append(",\n");
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
            sb.append("     \"thread_switches\": ").append(c.switches())
                    .append(", \"threads_started\": ").append(u.threadsStarted())
                    .append(", \"messages_sent\": ").append(u.messagesSent())
                    .append(", \"flits_sent\": ").append(u.flitsSent())
                    .append(", \"messages_received\": ").append(u.messagesReceived())
                    .append(", \"flits_received\": ").append(u.flitsReceived())
                    .append(", \"dma_words_read\": ").append(u.dmaWords())
                    .append(", \"words_written\": ").append(u.wordsWritten());
            if (cfg.spmd()) {
                sb.append(", \"exit_status\": ").append(machine.exitStatus(n.node())).append(", \"exit_cycle\": ")
                        .append(machine.exitCycle(n.node()));
            }
            sb.append('}')
                    .append(k + 1 < nodes.size() ? ",\n" : "\n");
        }
        sb.append("  ],\n  \"links\": [\n");
        scmp.noc.Mesh2D names = new scmp.noc.Mesh2D(cfg.xdim(), cfg.ydim());
        for (int k = 0; k < links.size(); k++) {
            LinkLoad l = links.get(k);
            sb.append("    {\"from\": ").append(quote(names.routerName(l.router()))).append(", \"port\": ")
                    .append(quote(names.portName(l.port()))).append(", \"to\": ")
                    .append(quote(names.routerName(l.toRouter()))).append(", \"flits\": ").append(l.flits())
                    .append(", \"utilisation\": ").append(String.format(Locale.ROOT, "%.6f", utilisation(l)))
                    .append('}').append(k + 1 < links.size() ? ",\n" : "\n");
        }
        sb.append("  ]\n}\n");
        return sb.toString();
    }

    private double utilisation(LinkLoad l) {
        return networkCycles == 0 ? 0 : (double) l.flits() / networkCycles;
    }

    /**
     * Returns a one-screen summary: totals, one line per node that ran (the busiest 16 when more did), and the
     * links' load.
     */
    public String summary() {
        MachineConfig cfg = machine.config();
        StringBuilder sb = new StringBuilder();
        long cycles = result.cycles();
        List<Node> ran = new ArrayList<>();
        for (Node n : nodes) {
            if (n.built()) {
                ran.add(n);
            }
        }
        sb.append(String.format(Locale.ROOT, "stats: %dx%d mesh, %d cycles, %d instructions, %d of %d nodes ran%n",
                cfg.xdim(), cfg.ydim(), cycles, result.instructions(), ran.size(), nodes.size()));
        sb.append("node   instructions   busy%  stall%  branch%  switch%  niu%   idle%  switches  msgs out/in"
                + "     flits out/in\n");
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
            sb.append(String.format(Locale.ROOT, "%4d %14d  %6.1f  %6.1f  %7.1f  %7.1f %5.1f  %6.1f  %8d  %5d/%-5d %7d/%d%n",
                    n.node(), c.instructions(), pct(c.instructions(), cycles), pct(stalls, cycles),
                    pct(c.branchBubbles(), cycles), pct(c.switchCycles(), cycles), pct(c.niuBlockedCycles(), cycles),
                    pct(n.idle(), cycles), c.switches(), n.niu().messagesSent(), n.niu().messagesReceived(),
                    n.niu().flitsSent(), n.niu().flitsReceived()));
        }
        if (ran.size() > shown.size()) {
            sb.append("(").append(ran.size() - shown.size()).append(" more nodes ran; --stats FILE.json lists all)\n");
        }
        if (!links.isEmpty()) {
            LinkLoad busiest = links.get(0);
            long total = 0;
            for (LinkLoad l : links) {
                total += l.flits();
                if (l.flits() > busiest.flits()) {
                    busiest = l;
                }
            }
            scmp.noc.Mesh2D names = new scmp.noc.Mesh2D(cfg.xdim(), cfg.ydim());
            sb.append(String.format(Locale.ROOT, "links: %d, %d flits carried over %d network cycles; mean utilisation "
                    + "%.2f%%, busiest %s %s -> %s: %d flits (%.2f%%)%n", links.size(), total, networkCycles,
                    100.0 * total / links.size() / Math.max(1, networkCycles), names.routerName(busiest.router()),
                    names.portName(busiest.port()), names.routerName(busiest.toRouter()), busiest.flits(),
                    100 * utilisation(busiest)));
        }
        return sb.toString();
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static StringBuilder field(StringBuilder sb, int indent, String name, Object value) {
        return sb.append("  ".repeat(indent)).append('"').append(name).append("\": ").append(value);
    }

    private static String quote(String s) {
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
