package scmp.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import scmp.cpu.DeviceEvents;
import scmp.cpu.Tracer;

/**
 * The timeline of a run ({@code scmpsim --timeline FILE.json}, docs/simulator.md "Timelines"), written as Chrome
 * trace-event JSON, which ui.perfetto.dev and chrome://tracing open. One process per node; in it one track per
 * thread context (function and MPI call slices, and the thread's waits after a {@code suspend}), a {@code core}
 * track (which context the core runs, one slice per run), the NIU's {@code send}, {@code receive} and {@code DMA}
 * tracks, and the counter of its injection queue's flits. Each message is a flow arrow from its send to its
 * receipt, whose slice carries its size, type and latency. A last process, {@code network}, holds the counter of
 * the links' load. One core cycle is one microsecond of the trace's clock.
 *
 * <p>It watches every issued instruction as a {@link Tracer} (calls and returns as the profile recognises them,
 * {@link CodeMap}) and the devices' events as {@link DeviceEvents}, and writes events as they come, so that its
 * memory stays small on a long run; the file's size is bounded by a cycle window, a set of nodes and a set of
 * event kinds ({@link Filter}). Slices that the window cuts are closed at its edges, so every begin has its end.
 */
public final class Timeline implements Tracer, DeviceEvents {

    /** The kinds of events a timeline may hold ({@code --timeline-kinds}). */
    public enum Kind {
        /** Slices for function calls, to the depth limit. */
        calls,
        /** Slices for MPI calls (the outermost {@code MPI_} function of a thread's stack). */
        mpi,
        /** The core's runs of each thread context and the threads' waits. */
        threads,
        /** DMA blocks. */
        dma,
        /** Messages: send and receive slices and the flow arrows between them. */
        messages,
        /** Counters: the NIU injection queues' flits and the links' load. */
        counters
    }

    /**
     * What a timeline holds.
     *
     * @param from  the first core cycle shown
     * @param to    the core cycle after the last shown ({@link Long#MAX_VALUE}: to the end)
     * @param nodes the nodes shown, or null for all
     * @param kinds the kinds of events shown
     * @param depth the call depth to which function calls are slices (with {@link Kind#calls}); 1: the threads'
     *              entry functions only
     */
    public record Filter(long from, long to, Set<Integer> nodes, Set<Kind> kinds, int depth) {

        /** Everything but function calls below the threads' entry functions and {@code main}'s callees. */
        public static final Filter DEFAULT = new Filter(0, Long.MAX_VALUE, null, EnumSet.allOf(Kind.class), 2);

        /** Checks the filter. */
        public Filter {
            if (from < 0 || to <= from) {
                throw new IllegalArgumentException("the cycle window must be FROM:TO with 0 <= FROM < TO");
            }
            if (depth < 0) {
                throw new IllegalArgumentException("the call depth must be 0 or more");
            }
            kinds = kinds.isEmpty() ? EnumSet.noneOf(Kind.class) : EnumSet.copyOf(kinds);
            nodes = nodes == null ? null : Set.copyOf(nodes);
        }
    }

    /** A thread context's call stack, as far as it matters to the slices. */
    private static final class ThreadState {
        int[] stack = new int[16];
        boolean[] shown = new boolean[16];
        boolean[] open = new boolean[16];
        long[] entry = new long[16];
        int depth;
        int mpiAt = -1;
        byte pending;
        long suspendedAt = -1;
    }

    /** A node's tracks. */
    private static final class NodeState {
        final ThreadState[] threads;
        boolean started;
        boolean closed;
        int runThread = -1;
        long runStart;
        long lastIssue;
        int queue = -1;
        /** The ends of the last receive and DMA slices: the next one starts no earlier (network cycles are finer). */
        long receiveEnd;
        long dmaEnd;

        NodeState(int contexts) {
            threads = new ThreadState[contexts];
        }
    }

    private final CodeMap code;
    private final String[] names;
    private final boolean[] mpi;
    private final Filter filter;
    private final Writer out;
    private final boolean[] selected;
    private final NodeState[] nodes;
    private final int contexts;
    private final boolean calls;
    private final boolean mpiCalls;
    private final boolean threads;
    private final boolean dma;
    private final boolean messages;
    private final boolean counters;
    /** Messages sent and not yet received: (node, low 16 bits of the number) to the number and the send cycle. */
    private final Map<Integer, long[]> inFlight = new HashMap<>();
    private final StringBuilder sb = new StringBuilder(256);
    private boolean first = true;
    private boolean networkNamed;
    private long linkCycle = -1;
    private long linkCarried;
    private long events;
    private IOException error;

    /**
     * Starts a timeline: writes the file's head.
     *
     * @param machine the machine, whose nodes and contexts the timeline has tracks for
     * @param code    the program's functions
     * @param filter  what to show
     * @param out     where the JSON goes; the timeline closes it at {@link #finish}
     */
    Timeline(Machine machine, CodeMap code, Filter filter, Writer out) {
        this.code = code;
        this.names = code.names();
        this.mpi = code.mpi();
        this.filter = filter;
        this.out = out;
        int n = machine.nodeCount();
        this.selected = new boolean[n];
        for (int k = 0; k < n; k++) {
            selected[k] = filter.nodes() == null || filter.nodes().contains(k);
        }
        this.nodes = new NodeState[n];
        this.contexts = machine.runConfig().contexts();
        Set<Kind> kinds = filter.kinds();
        calls = kinds.contains(Kind.calls) && filter.depth() > 0;
        mpiCalls = kinds.contains(Kind.mpi);
        threads = kinds.contains(Kind.threads);
        dma = kinds.contains(Kind.dma);
        messages = kinds.contains(Kind.messages);
        counters = kinds.contains(Kind.counters);
        write("{\"otherData\": {\"tool\": \"scmpsim\", \"clock\": "
                + "\"1 us of the trace is 1 core cycle\"},\n\"traceEvents\": [\n");
    }

    /** Returns the number of events written so far. */
    public long events() {
        return events;
    }

    /** Returns the error that stopped the writing, or null when the file was written. */
    public IOException error() {
        return error;
    }

    // ---------------------------------------------------------------- instructions

    @Override
    public void issue(long cycle, int node, int thread, int pc, int word) {
        if (!selected[node]) {
            return;
        }
        NodeState ns = node(node);
        if (ns.closed) {
            return;
        }
        ThreadState ts = ns.threads[thread];
        if (ts == null) {
            ts = new ThreadState();
            ns.threads[thread] = ts;
        }
        if (!ns.started && cycle >= filter.from()) {
            start(node, ns, cycle);
        }
        if (cycle >= filter.to()) {
            close(node, ns, filter.to());
            return;
        }
        if (ts.suspendedAt >= 0) {
            if (threads) {
                slice(node, thread, "wait", "thread", ts.suspendedAt + 1, cycle, null);
            }
            ts.suspendedAt = -1;
        }
        enter(node, thread, ns, ts, code.function(pc), cycle);
        if (threads && ns.runThread != thread) {
            endRun(node, ns);
            ns.runThread = thread;
            ns.runStart = cycle;
        }
        ns.lastIssue = cycle;
        byte k = code.kind(pc, word);
        if (k == CodeMap.SUSPEND) {
            ts.suspendedAt = cycle;
            if (threads) {
                endRun(node, ns);
            }
        } else if (k != CodeMap.PLAIN) {
            ts.pending = k;
        }
    }

    private NodeState node(int node) {
        NodeState ns = nodes[node];
        if (ns == null) {
            ns = new NodeState(contexts);
            nodes[node] = ns;
            meta(node, 0, "process_name", "node " + node);
            meta(node, 0, "process_sort_index", null);
            for (int t = 0; t < contexts; t++) {
                meta(node, t, "thread_name", "context " + t);
            }
            meta(node, coreTrack(), "thread_name", "core");
            meta(node, sendTrack(), "thread_name", "NIU send");
            meta(node, receiveTrack(), "thread_name", "NIU receive");
            meta(node, dmaTrack(), "thread_name", "DMA");
        }
        return ns;
    }

    private int coreTrack() {
        return contexts;
    }

    private int sendTrack() {
        return contexts + 1;
    }

    private int receiveTrack() {
        return contexts + 2;
    }

    private int dmaTrack() {
        return contexts + 3;
    }

    /** Follows a thread's control flow into the function of its next instruction (as the profile does). */
    private void enter(int node, int thread, NodeState ns, ThreadState ts, int f, long cycle) {
        if (ts.pending == CodeMap.CALL) {
            push(node, thread, ns, ts, f, cycle);
        } else if (ts.pending == CodeMap.RETURN && ts.depth > 1) {
            pop(node, thread, ts, cycle);
        }
        ts.pending = 0;
        if (ts.depth == 0) {
            push(node, thread, ns, ts, f, cycle);
        } else if (ts.stack[ts.depth - 1] != f) {
            pop(node, thread, ts, cycle);
            push(node, thread, ns, ts, f, cycle);
        }
    }

    private void push(int node, int thread, NodeState ns, ThreadState ts, int f, long cycle) {
        if (ts.depth == ts.stack.length) {
            int n = ts.depth * 2;
            ts.stack = java.util.Arrays.copyOf(ts.stack, n);
            ts.shown = java.util.Arrays.copyOf(ts.shown, n);
            ts.open = java.util.Arrays.copyOf(ts.open, n);
            ts.entry = java.util.Arrays.copyOf(ts.entry, n);
        }
        int d = ts.depth++;
        ts.stack[d] = f;
        ts.entry[d] = cycle;
        boolean outermostMpi = ts.mpiAt < 0 && mpi[f];
        if (outermostMpi) {
            ts.mpiAt = d;
        }
        ts.shown[d] = (calls && d < filter.depth()) || (mpiCalls && outermostMpi);
        ts.open[d] = false;
        if (ts.shown[d] && ns.started) {
            begin(node, thread, ts, d, cycle);
        }
    }

    private void pop(int node, int thread, ThreadState ts, long cycle) {
        int d = --ts.depth;
        if (ts.open[d]) {
            end(node, thread, ts, d, cycle);
        }
        if (ts.mpiAt == d) {
            ts.mpiAt = -1;
        }
    }

    private void begin(int node, int thread, ThreadState ts, int d, long cycle) {
        ts.open[d] = true;
        int f = ts.stack[d];
        head("B", names[f], ts.mpiAt == d ? "mpi" : "call", cycle, node, thread);
        String file = code.file(f);
        if (file != null) {
            sb.append(", \"args\": {\"file\": ").append(RunStats.quote(file)).append('}');
        }
        emit();
    }

    private void end(int node, int thread, ThreadState ts, int d, long cycle) {
        ts.open[d] = false;
        head("E", names[ts.stack[d]], ts.mpiAt == d ? "mpi" : "call", cycle, node, thread);
        emit();
    }

    /** Enters the window: opens the slices of the calls under way. */
    private void start(int node, NodeState ns, long cycle) {
        ns.started = true;
        long at = Math.max(cycle, filter.from());
        for (int t = 0; t < contexts; t++) {
            ThreadState ts = ns.threads[t];
            for (int d = 0; ts != null && d < ts.depth; d++) {
                if (ts.shown[d] && !ts.open[d]) {
                    begin(node, t, ts, d, at);
                }
            }
        }
    }

    /** Leaves the window (or ends the run) at {@code cycle}: ends every open slice, innermost first. */
    private void close(int node, NodeState ns, long cycle) {
        if (ns.closed) {
            return;
        }
        ns.closed = true;
        if (threads) {
            for (int t = 0; t < contexts; t++) {
                ThreadState ts = ns.threads[t];
                if (ts != null && ts.suspendedAt >= 0) {
                    slice(node, t, "wait", "thread", ts.suspendedAt + 1, cycle, null);
                    ts.suspendedAt = -1;
                }
            }
            endRun(node, ns);
        }
        for (int t = 0; t < contexts; t++) {
            ThreadState ts = ns.threads[t];
            for (int d = ts == null ? -1 : ts.depth - 1; d >= 0; d--) {
                if (ts.open[d]) {
                    end(node, t, ts, d, cycle);
                }
            }
        }
    }

    private void endRun(int node, NodeState ns) {
        if (ns.runThread >= 0) {
            slice(node, coreTrack(), "context " + ns.runThread, "thread", ns.runStart, ns.lastIssue + 1, null);
            ns.runThread = -1;
        }
    }

    // ---------------------------------------------------------------- devices

    @Override
    public void sent(long cycle, int node, int thread, int seq, int type, int dest) {
        if (!messages || !selected[node]) {
            return;
        }
        inFlight.put(node << 16 | (seq & 0xFFFF), new long[] {seq, cycle});
        slice(node, sendTrack(), typeName(type) + " to node " + dest, "message", cycle, cycle + 1,
                "\"seq\": " + seq + ", \"to\": " + dest + ", \"thread\": " + thread);
    }

    @Override
    public void received(long first, long cycle, int node, int from, int seq16, int type, int flits) {
        if (!messages) {
            return;
        }
        long[] sent = inFlight.remove(from << 16 | seq16);
        if (!selected[node]) {
            return;
        }
        String args = "\"from\": " + from + (sent == null ? "" : ", \"seq\": " + sent[0]) + ", \"type\": \""
                + typeName(type) + "\", \"flits\": " + flits
                + (sent == null ? "" : ", \"latency_cycles\": " + (cycle + 1 - sent[1]));
        NodeState ns = node(node);
        long at = Math.max(first, ns.receiveEnd);
        ns.receiveEnd = Math.max(at + 1, cycle + 1);
        boolean shown = slice(node, receiveTrack(), typeName(type) + " from node " + from, "message", at,
                ns.receiveEnd, args);
        if (shown && sent != null && sent[1] >= filter.from()) {
            long id = (long) from << 32 | sent[0];
            head("s", "message", "message", sent[1], from, sendTrack());
            sb.append(", \"id\": ").append(id);
            emit();
            head("f", "message", "message", Math.max(at, filter.from()), node, receiveTrack());
            sb.append(", \"id\": ").append(id).append(", \"bp\": \"e\"");
            emit();
        }
    }

    private static String typeName(int type) {
        return type == 0 ? "THREAD" : "DATA";
    }

    @Override
    public void dma(long first, long cycle, int node, int thread, int words) {
        if (dma && selected[node]) {
            NodeState ns = node(node);
            long at = Math.max(first, ns.dmaEnd);
            ns.dmaEnd = Math.max(at + 1, cycle + 1);
            slice(node, dmaTrack(), "DMA " + words + " word" + (words == 1 ? "" : "s"), "dma", at, ns.dmaEnd,
                    "\"words\": " + words + ", \"thread\": " + thread);
        }
    }

    @Override
    public void queue(long cycle, int node, int flits) {
        if (!counters || !selected[node] || cycle < filter.from() || cycle >= filter.to()) {
            return;
        }
        NodeState ns = node(node);
        if (flits != ns.queue) {
            ns.queue = flits;
            head("C", "NIU queue", "counter", cycle, node, 0);
            sb.append(", \"args\": {\"flits\": ").append(flits).append('}');
            emit();
        }
    }

    @Override
    public void links(long cycle, long carried, int links, int ratio) {
        if (!counters) {
            return;
        }
        if (linkCycle >= 0 && cycle > linkCycle && linkCycle >= filter.from() && linkCycle < filter.to()
                && links > 0) {
            int pid = nodes.length;
            if (!networkNamed) {
                networkNamed = true;
                meta(pid, 0, "process_name", "network");
            }
            double load = 100.0 * (carried - linkCarried) / ((double) links * (cycle - linkCycle) * ratio);
            head("C", "link load", "counter", linkCycle, pid, 0);
            sb.append(", \"args\": {\"percent\": ").append(String.format(Locale.ROOT, "%.3f", load)).append('}');
            emit();
        }
        linkCycle = cycle;
        linkCarried = carried;
    }

    // ---------------------------------------------------------------- the file

    /**
     * Ends the timeline at the run's last cycle: ends every open slice, writes the file's tail and closes it.
     *
     * @param cycles the run's cycles
     */
    void finish(long cycles) {
        long at = Math.min(cycles, filter.to());
        for (int n = 0; n < nodes.length; n++) {
            NodeState ns = nodes[n];
            if (ns != null && ns.started) {
                close(n, ns, Math.max(at, ns.lastIssue + 1));
            }
        }
        write("\n]}\n");
        try {
            out.close();
        } catch (IOException e) {
            if (error == null) {
                error = e;
            }
        }
    }

    /** Writes a complete slice clipped to the window; returns whether any of it was in the window. */
    private boolean slice(int pid, int tid, String name, String cat, long from, long to, String args) {
        long a = Math.max(from, filter.from());
        long b = Math.min(to, filter.to());
        if (b <= a) {
            return false;
        }
        head("X", name, cat, a, pid, tid);
        sb.append(", \"dur\": ").append(b - a);
        if (args != null) {
            sb.append(", \"args\": {").append(args).append('}');
        }
        emit();
        return true;
    }

    private void meta(int pid, int tid, String what, String name) {
        sb.setLength(0);
        sb.append("{\"ph\": \"M\", \"name\": \"").append(what).append("\", \"pid\": ").append(pid)
                .append(", \"tid\": ").append(tid).append(", \"args\": {");
        if (name != null) {
            sb.append("\"name\": ").append(RunStats.quote(name));
        } else {
            sb.append("\"sort_index\": ").append(pid);
        }
        sb.append('}');
        emit();
    }

    private void head(String ph, String name, String cat, long ts, int pid, int tid) {
        sb.setLength(0);
        sb.append("{\"ph\": \"").append(ph).append("\", \"name\": ").append(RunStats.quote(name))
                .append(", \"cat\": \"").append(cat).append("\", \"ts\": ").append(ts).append(", \"pid\": ")
                .append(pid).append(", \"tid\": ").append(tid);
    }

    private void emit() {
        sb.append('}');
        if (!first) {
            write(",\n");
        }
        first = false;
        events++;
        write(sb);
    }

    private void write(CharSequence s) {
        if (error != null) {
            return;
        }
        try {
            out.append(s);
        } catch (IOException e) {
            error = e;
        } catch (UncheckedIOException e) {
            error = e.getCause();
        }
    }
}
