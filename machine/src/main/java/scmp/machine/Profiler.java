package scmp.machine;

import java.util.Arrays;
import scmp.cpu.CoreStats;
import scmp.cpu.Node;
import scmp.cpu.StallCause;
import scmp.cpu.Tracer;
import scmp.elf.Executable;

/**
 * The profile of a run ({@code scmpsim --profile}, docs/simulator.md "Profiles"): per node and per function, the
 * cycles spent (self and inclusive), instructions issued, stalls by cause, branch bubbles, thread switches and
 * the waits around them, and the time spent waiting in library calls (MPI and libscmp wait loops).
 *
 * <p>It watches every issued instruction as a {@link Tracer}, so that the machine's loop and the cores stay as
 * they are. Every cycle of a node is charged exactly once: the issue slot to the issuing instruction's function,
 * the cycles between two issues of a node to the function of the second one, split by what the core's counters
 * ({@link Node#stats()}) say happened in between (stalls by cause, thread switch, a wait with a thread blocked on
 * the device), the rest to branch bubbles when the same thread went on, and to {@code <idle>} after a thread
 * switch (no thread to run). So the self cycles of a node's functions add up to the run's cycles.
 *
 * <p>Calls and returns are recognised as docs/abi.md makes them: a jump that links into {@code ra} ({@code jal},
 * {@code jalr ra, ...}) calls, {@code jalr zero, ra, 0} ({@code ret}) returns; each thread context has its own
 * call stack, and a function's inclusive cycles are the cycles charged to its thread while it was on the stack
 * (counted once under recursion).
 *
 * <p>Waiting: a thread that waits in a library polls and suspends (docs/libscmp.md). The wait's call is the
 * outermost {@code MPI_} function on the thread's stack, else the function that suspends. The cycles of every
 * poll that ended in a {@code suspend}, and the cycles the thread then spent out of the processor (switch and
 * waits), are that call's waiting cycles; the last poll, which found what it waited for, and the work before the
 * first suspend are not.
 */
public final class Profiler implements Tracer {
    /** The pseudo-function of the cycles in which a node had no thread to run. */
    public static final String IDLE = "<idle>";
    /** The pseudo-function of code outside every sized function symbol. */
    public static final String UNKNOWN = "<unknown>";

    private static final byte PLAIN = CodeMap.PLAIN;
    private static final byte CALL = CodeMap.CALL;
    private static final byte RETURN = CodeMap.RETURN;
    private static final byte SUSPEND = CodeMap.SUSPEND;
    private static final int CAUSES = StallCause.values().length;

    private final Machine machine;
    private final CodeMap code;
    private final String[] names;
    private final boolean[] mpi;
    private final NodeProfile[] nodes;
    private final int contexts;

    /** One node's figures, per function index. */
    static final class NodeProfile {
        final long[] self;
        final long[] inclusive;
        final long[] instructions;
        final long[][] stalls;
        final long[] branch;
        final long[] switchCycles;
        final long[] niuBlocked;
        final long[] switches;
        final long[] calls;
        final long[] waiting;
        final long[] waitingCalls;
        final ThreadProfile[] threads;
        long next;
        int lastFunc = -1;
        long waitingIssues;
        final long[] lastStall = new long[CAUSES];
        long lastSwitches;
        long lastSwitchCycles;
        long lastNiu;

        NodeProfile(int functions, int contexts) {
            self = new long[functions];
            inclusive = new long[functions];
            instructions = new long[functions];
            stalls = new long[CAUSES][functions];
            branch = new long[functions];
            switchCycles = new long[functions];
            niuBlocked = new long[functions];
            switches = new long[functions];
            calls = new long[functions];
            waiting = new long[functions];
            waitingCalls = new long[functions];
            threads = new ThreadProfile[contexts];
        }
    }

    /** One thread context's call stack and the cycles charged to it. */
    static final class ThreadProfile {
        int[] stack = new int[16];
        long[] entry = new long[16];
        int depth;
        int[] active;
        long charged;
        byte pending;
        int mpiAt = -1;
        long pollCycles;
        long pollIssues;
        boolean suspended;
        int waitRoot = -1;
        boolean countedWait;

        ThreadProfile(int functions) {
            active = new int[functions];
        }
    }

    /**
     * Prepares the profile of a machine's run.
     *
     * @param machine the machine, whose nodes' counters the profile reads
     * @param exe     its program, whose function symbols name the code
     * @param source  the program's source lines (may know nothing)
     * @param base    the first address of the program text
     * @param end     the address after the program text
     */
    Profiler(Machine machine, Executable exe, SourceLocator source, int base, int end) {
        this.machine = machine;
        this.code = new CodeMap(exe, source, base, end);
        this.names = code.names();
        this.mpi = code.mpi();
        this.nodes = new NodeProfile[machine.nodeCount()];
        this.contexts = machine.runConfig().contexts();
    }

    /** Returns the number of functions, the pseudo-functions {@code <idle>} and {@code <unknown>} first. */
    public int functions() {
        return names.length;
    }

    /** Returns a function's name. */
    public String name(int f) {
        return names[f];
    }

    /** Returns the source file of a function, or null. */
    public String file(int f) {
        return code.file(f);
    }

    /** Returns the machine's number of nodes. */
    int nodeCountOfMachine() {
        return nodes.length;
    }

    /** Returns a node's figures, or null for a node that never issued. */
    NodeProfile node(int n) {
        return nodes[n];
    }

    /** Returns the instruction slots a node spent polling in library wait loops ({@code --stats} {@code waiting}). */
    public long waitingIssues(int node) {
        return nodes[node] == null ? 0 : nodes[node].waitingIssues;
    }

    @Override
    public void issue(long cycle, int node, int thread, int pc, int word) {
        NodeProfile np = nodes[node];
        if (np == null) {
            np = new NodeProfile(names.length, contexts);
            nodes[node] = np;
        }
        ThreadProfile tp = np.threads[thread];
        if (tp == null) {
            tp = new ThreadProfile(names.length);
            np.threads[thread] = tp;
        }
        int f = code.function(pc);
        enter(np, tp, f);
        long gap = cycle - np.next;
        if (gap > 0) {
            long before = tp.charged;
            gap(np, tp, f, gap, machine.node(node).stats());
            if (tp.suspended && tp.waitRoot >= 0) {
                long w = tp.charged - before;       // out of the processor after a suspend: waiting
                np.waiting[tp.waitRoot] += w;
            } else {
                tp.pollCycles += tp.charged - before;
            }
        }
        tp.suspended = false;
        np.self[f]++;
        np.instructions[f]++;
        tp.charged++;
        tp.pollCycles++;
        tp.pollIssues++;
        np.next = cycle + 1;
        np.lastFunc = f;
        byte k = code.kind(pc, word);
        if (k == SUSPEND) {
            int root = tp.mpiAt >= 0 ? tp.stack[tp.mpiAt] : f;
            if (root != tp.waitRoot) {
                tp.waitRoot = root;
                tp.countedWait = false;
            }
            if (!tp.countedWait) {
                np.waitingCalls[root]++;
                tp.countedWait = true;
            }
            np.waiting[root] += tp.pollCycles;
            np.waitingIssues += tp.pollIssues;
            tp.pollCycles = 0;
            tp.pollIssues = 0;
            tp.suspended = true;
        } else if (k != PLAIN) {
            tp.pending = k;
        }
    }

    /** Follows the thread's control flow into the function of its next instruction. */
    private void enter(NodeProfile np, ThreadProfile tp, int f) {
        if (tp.pending == CALL) {
            push(np, tp, f);
            np.calls[f]++;
            if (tp.mpiAt < 0) {
                resetPoll(tp);
            }
        } else if (tp.pending == RETURN && tp.depth > 1) {
            pop(np, tp);
            if (tp.mpiAt < 0) {
                resetPoll(tp);
            }
        }
        tp.pending = 0;
        if (tp.depth == 0) {
            push(np, tp, f);
        } else if (tp.stack[tp.depth - 1] != f) {
            // a jump to another function (a tail call, a thread started anew in this context): it replaces the top
            pop(np, tp);
            push(np, tp, f);
        }
    }

    private void resetPoll(ThreadProfile tp) {
        tp.pollCycles = 0;
        tp.pollIssues = 0;
        tp.waitRoot = -1;
        tp.countedWait = false;
    }

    private void push(NodeProfile np, ThreadProfile tp, int f) {
        if (tp.depth == tp.stack.length) {
            tp.stack = Arrays.copyOf(tp.stack, tp.depth * 2);
            tp.entry = Arrays.copyOf(tp.entry, tp.depth * 2);
        }
        tp.stack[tp.depth] = f;
        tp.entry[tp.depth] = tp.charged;
        if (tp.mpiAt < 0 && mpi[f]) {
            tp.mpiAt = tp.depth;
        }
        tp.depth++;
        tp.active[f]++;
    }

    private void pop(NodeProfile np, ThreadProfile tp) {
        tp.depth--;
        int f = tp.stack[tp.depth];
        if (--tp.active[f] == 0) {
            np.inclusive[f] += tp.charged - tp.entry[tp.depth];
        }
        if (tp.mpiAt >= tp.depth) {
            tp.mpiAt = -1;
            resetPoll(tp);
        }
    }

    /**
     * Charges the cycles before an issue: what the core's counters say happened since the last charge (stalls by
     * cause, switch cycles, waits on the device) to the function about to issue, the rest to branch bubbles when
     * no thread switch happened, else to {@code <idle>}.
     */
    private void gap(NodeProfile np, ThreadProfile tp, int f, long gap, CoreStats s) {
        gap(np, tp, f, gap, s, false);
    }

    private void gap(NodeProfile np, ThreadProfile tp, int f, long gap, CoreStats s, boolean restIdle) {
        long left = gap;
        for (int c = 0; c < CAUSES; c++) {
            long d = Math.min(left, s.stallCycles()[c] - np.lastStall[c]);
            np.lastStall[c] = s.stallCycles()[c];
            if (d > 0) {
                np.stalls[c][f] += d;
                left -= d;
            }
        }
        long sw = Math.min(left, s.switchCycles() - np.lastSwitchCycles);
        np.lastSwitchCycles = s.switchCycles();
        np.switchCycles[f] += sw;
        left -= sw;
        long niu = Math.min(left, s.niuBlockedCycles() - np.lastNiu);
        np.lastNiu = s.niuBlockedCycles();
        np.niuBlocked[f] += niu;
        left -= niu;
        long switches = s.switches() - np.lastSwitches;
        np.lastSwitches = s.switches();
        if (switches > 0 && np.lastFunc >= 0) {
            np.switches[np.lastFunc] += switches;
        }
        long used = gap - left;
        if (switches == 0 && !restIdle) {
            np.branch[f] += left;
            used = gap;
        } else {
            np.self[0] += left;
        }
        np.self[f] += used;
        tp.charged += used;
    }

    /**
     * Ends the profile at the run's end: the cycles after each node's last issue are charged as before an issue
     * (to the last function for what the counters explain, to {@code <idle>} for the rest), and every function
     * still on a call stack gets its inclusive cycles.
     *
     * @param cycles the run's cycles
     */
    void finish(long cycles) {
        for (int n = 0; n < nodes.length; n++) {
            NodeProfile np = nodes[n];
            if (np == null) {
                continue;
            }
            long gap = cycles - np.next;
            if (gap > 0) {
                gap(np, new ThreadProfile(0), np.lastFunc, gap, machine.node(n).stats(), true);
                np.next = cycles;
            }
            for (ThreadProfile tp : np.threads) {
                while (tp != null && tp.depth > 0) {
                    pop(np, tp);
                }
            }
        }
    }
}
