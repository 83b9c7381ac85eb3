package scmp.machine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scmp.cpu.GuestFault;
import scmp.cpu.Node;
import scmp.cpu.ThreadContext;
import scmp.cpu.Tracer;
import scmp.elf.Symbol;
import scmp.isa.Registers;

/**
 * The debugger of {@code scmpsim --debug} (docs/simulator.md "Debugger"): it stops the run before chosen
 * instructions and answers commands about the stopped machine, read from a console (a terminal, or a command
 * file, whose commands it echoes so that the transcript reads as a session).
 *
 * <p>It watches every issued instruction as a {@link Tracer}: a stop is the command loop run inside that call,
 * before the instruction executes, so the machine is exactly as it was at that point. The run is in strict
 * lockstep (every node and the network one cycle at a time), so that every node is at the stop's cycle too, and
 * the same commands stop at the same cycles on every run.
 */
public final class Debugger implements Tracer {

    /** Where commands come from. */
    @FunctionalInterface
    public interface Console {
        /**
         * Reads one command.
         *
         * @param prompt the prompt to show
         * @return the command, or null at the end of the input
         */
        String readLine(String prompt);
    }

    /** The prompt. */
    public static final String PROMPT = "(scmpdb) ";

    private enum Mode { RUN, STEPI, STEP, NEXT, FINISH, DETACHED }

    private record Breakpoint(int id, int pc, int node, String spec) {
    }

    private record Watchpoint(int id, int address, int node, String spec) {
    }

    private final Machine machine;
    private final SourceLocator source;
    private final CodeMap code;
    private final Console console;
    private final PrintStream out;
    private final List<Breakpoint> breakpoints = new ArrayList<>();
    private final List<Watchpoint> watchpoints = new ArrayList<>();
    private int[] watchValues = new int[0];
    private int nextId = 1;
    private final int[][] depth;
    private boolean started;
    private Mode mode = Mode.RUN;
    private int modeNode;
    private int modeThread;
    private String modeLine;
    private int modeDepth;
    private int selNode;
    private int selThread;
    /** The node of the watchpoint that fired, or -1. */
    private int watchNode = -1;

    Debugger(Machine machine, SourceLocator source, CodeMap code, Console console, PrintStream out) {
        this.machine = machine;
        this.source = source;
        this.code = code;
        this.console = console;
        this.out = out;
        this.depth = new int[machine.nodeCount()][machine.runConfig().contexts()];
    }

    @Override
    public void issue(long cycle, int node, int thread, int pc, int word) {
        if (mode != Mode.DETACHED) {
            String why = stopReason(node, thread, pc);
            if (why != null) {
                stop(cycle, node, thread, pc, why);
            }
        }
        byte k = code.kind(pc, word);
        if (k == CodeMap.CALL) {
            depth[node][thread]++;
        } else if (k == CodeMap.RETURN && depth[node][thread] > 0) {
            depth[node][thread]--;
        }
    }

    /** Returns why the run stops before this instruction, or null when it goes on. */
    private String stopReason(int node, int thread, int pc) {
        if (!started) {
            started = true;
            return "the program starts";
        }
        for (int w = 0; w < watchpoints.size(); w++) {
            Watchpoint wp = watchpoints.get(w);
            int v = peek(wp.node(), wp.address());
            if (v != watchValues[w]) {
                String why = String.format(Locale.ROOT, "watchpoint %d: %s changed from %d to %d", wp.id(),
                        wp.spec(), watchValues[w], v);
                watchValues[w] = v;
                watchNode = wp.node();
                return why;
            }
        }
        for (Breakpoint b : breakpoints) {
            if (b.pc() == pc && (b.node() < 0 || b.node() == node)) {
                return "breakpoint " + b.id() + ", " + b.spec();
            }
        }
        if (mode == Mode.RUN || node != modeNode || thread != modeThread) {
            return null;
        }
        int d = depth[node][thread];
        return switch (mode) {
            case STEPI -> "stepped";
            case STEP -> {
                String line = source.locate(pc);
                yield line != null && (!line.equals(modeLine) || d != modeDepth) ? "stepped" : null;
            }
            case NEXT -> {
                String line = source.locate(pc);
                yield d < modeDepth || (d == modeDepth && line != null && !line.equals(modeLine)) ? "stepped" : null;
            }
            case FINISH -> d < modeDepth ? "returned" : null;
            default -> null;
        };
    }

    private void stop(long cycle, int node, int thread, int pc, String why) {
        mode = Mode.RUN;
        selNode = node;
        selThread = thread;
        out.println("stopped: " + why);
        if (watchNode >= 0) {
            // the word may have changed by a message's delivery: the next instruction is perhaps another node's
            out.println(String.format(Locale.ROOT, "cycle %d, before node %d thread %d's instruction at %s; node %d "
                    + "selected", cycle, node, thread, where(pc), watchNode));
            selNode = watchNode;
            selThread = 0;
            watchNode = -1;
        } else {
            out.println(String.format(Locale.ROOT, "cycle %d, node %d thread %d at %s", cycle, node, thread,
                    where(pc)));
        }
        while (true) {
            String line = console.readLine(PROMPT);
            if (line == null) {
                mode = Mode.DETACHED;       // the end of the commands: the run goes on to its end
                return;
            }
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                if (command(line, node, thread, pc)) {
                    return;
                }
            } catch (IllegalArgumentException | GuestFault e) {
                out.println("error: " + e.getMessage());
            }
        }
    }

    /** Carries out a command; returns true when the run goes on. */
    private boolean command(String line, int node, int thread, int pc) {
        String[] w = line.split("\\s+");
        String c = w[0];
        switch (c) {
            case "c", "continue" -> {
                return true;
            }
            case "si", "stepi", "s", "step", "n", "next", "finish" -> {
                mode = switch (c) {
                    case "si", "stepi" -> Mode.STEPI;
                    case "s", "step" -> Mode.STEP;
                    case "n", "next" -> Mode.NEXT;
                    default -> Mode.FINISH;
                };
                modeNode = node;
                modeThread = thread;
                modeLine = source.locate(pc);
                modeDepth = depth[node][thread];
                if (modeLine == null && (mode == Mode.STEP || mode == Mode.NEXT)) {
                    out.println("no line information here: stepping one instruction");
                    mode = Mode.STEPI;
                }
                return true;
            }
            case "b", "break" -> breakAt(w);
            case "delete" -> delete(w);
            case "watch" -> watch(w);
            case "info" -> {
                if (w.length > 1 && w[1].startsWith("b")) {
                    listPoints();
                } else if (w.length > 1 && w[1].startsWith("r")) {
                    registers();
                } else {
                    throw new IllegalArgumentException("info breakpoints | info registers");
                }
            }
            case "bt", "backtrace", "where" -> {
                ThreadContext t = selected();
                int at = selNode == node && selThread == thread ? pc : t.pc();
                CallStack.walk(machine.node(selNode), selThread, at, machine.symbolizer(), source).forEach(out::println);
            }
            case "regs", "registers" -> registers();
            case "p", "print" -> print(w);
            case "node" -> {
                int n = number(w, 1, "node N");
                if (n < 0 || n >= machine.nodeCount() || !machine.nodeBuilt(n)) {
                    throw new IllegalArgumentException("node " + n + " does not exist or has not started");
                }
                selNode = n;
                selThread = 0;
                out.println("node " + selNode + " thread " + selThread);
            }
            case "thread" -> {
                int t = number(w, 1, "thread K");
                if (t < 0 || t >= machine.runConfig().contexts()) {
                    throw new IllegalArgumentException("thread " + t + ": the nodes have contexts 0.."
                            + (machine.runConfig().contexts() - 1));
                }
                selThread = t;
                out.println("node " + selNode + " thread " + selThread + ": " + selected().state());
            }
            case "mpi" -> mpi(w.length > 1 ? number(w, 1, "mpi [RANK]") : selNode);
            case "q", "quit" -> {
                mode = Mode.DETACHED;
                machine.control().stop(130, "quit");
                return true;
            }
            case "help" -> out.println("commands: break LOC [node N], delete N, watch NAME|ADDR [node N], info "
                    + "breakpoints, continue, step, next, stepi, finish, backtrace, registers, print NAME, "
                    + "x/Nw ADDR|NAME, node N, thread K, mpi [RANK], quit; LOC is FUNCTION, FILE:LINE or 0xADDR");
            default -> {
                if (c.startsWith("x/") || c.equals("x")) {
                    examine(c, w);
                } else {
                    throw new IllegalArgumentException("unknown command '" + c + "' (help lists them)");
                }
            }
        }
        return false;
    }

    private void breakAt(String[] w) {
        if (w.length < 2) {
            throw new IllegalArgumentException("break FUNCTION|FILE:LINE|0xADDR [node N]");
        }
        int node = w.length >= 4 && w[2].equals("node") ? number(w, 3, "node N") : -1;
        int pc = location(w[1]);
        Breakpoint b = new Breakpoint(nextId++, pc, node, w[1] + (node < 0 ? "" : " node " + node));
        breakpoints.add(b);
        out.println("breakpoint " + b.id() + " at " + where(pc) + (node < 0 ? ", every node" : ", node " + node));
    }

    private void delete(String[] w) {
        int id = number(w, 1, "delete N");
        if (!breakpoints.removeIf(b -> b.id() == id)) {
            int k = -1;
            for (int i = 0; i < watchpoints.size(); i++) {
                if (watchpoints.get(i).id() == id) {
                    k = i;
                }
            }
            if (k < 0) {
                throw new IllegalArgumentException("no breakpoint or watchpoint " + id);
            }
            watchpoints.remove(k);
            int[] v = new int[watchValues.length - 1];
            System.arraycopy(watchValues, 0, v, 0, k);
            System.arraycopy(watchValues, k + 1, v, k, v.length - k);
            watchValues = v;
        }
        out.println("deleted " + id);
    }

    private void watch(String[] w) {
        if (w.length < 2) {
            throw new IllegalArgumentException("watch NAME|ADDR [node N]");
        }
        int node = w.length >= 4 && w[2].equals("node") ? number(w, 3, "node N") : selNode;
        int addr = address(w[1]);
        int v = peek(node, addr);
        Watchpoint wp = new Watchpoint(nextId++, addr, node, w[1] + " on node " + node);
        watchpoints.add(wp);
        watchValues = java.util.Arrays.copyOf(watchValues, watchpoints.size());
        watchValues[watchpoints.size() - 1] = v;
        out.println(String.format(Locale.ROOT, "watchpoint %d: %s at 0x%08x on node %d, now %d", wp.id(), w[1], addr,
                node, v));
    }

    private void listPoints() {
        if (breakpoints.isEmpty() && watchpoints.isEmpty()) {
            out.println("no breakpoints or watchpoints");
        }
        for (Breakpoint b : breakpoints) {
            out.println(b.id() + "  breakpoint at " + where(b.pc()) + (b.node() < 0 ? ", every node" : ", node "
                    + b.node()));
        }
        for (Watchpoint wp : watchpoints) {
            out.println(String.format(Locale.ROOT, "%d  watchpoint %s (0x%08x)", wp.id(), wp.spec(), wp.address()));
        }
    }

    private void registers() {
        ThreadContext t = selected();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "node %d thread %d (%s) pc 0x%08x%n", selNode, selThread, t.state(),
                t.pc()));
        for (int r = 0; r < 32; r++) {
            sb.append(String.format(Locale.ROOT, "%-5s 0x%08x%s", Registers.gprName(r), t.reg(r),
                    r % 4 == 3 ? "\n" : "  "));
        }
        out.print(sb);
    }

    private void print(String[] w) {
        if (w.length < 2) {
            throw new IllegalArgumentException("print NAME");
        }
        Symbol s = global(w[1]);
        int addr = (int) s.value();
        int words = (int) Math.max(1, Math.min(8, (s.size() + 3) / 4));
        if (words == 1) {
            int v = peek(selNode, addr);
            out.println(String.format(Locale.ROOT, "%s = %d (0x%08x) on node %d", w[1], v, v, selNode));
        } else {
            out.println(w[1] + " (" + s.size() + " bytes) on node " + selNode + ":");
            dump(addr, words);
        }
    }

    private void examine(String c, String[] w) {
        int n = 1;
        if (c.startsWith("x/")) {
            String count = c.substring(2).replaceAll("w$", "");
            try {
                n = count.isEmpty() ? 1 : Integer.parseInt(count);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("x/Nw ADDR|NAME");
            }
        }
        if (w.length < 2 || n < 1 || n > 1024) {
            throw new IllegalArgumentException("x/Nw ADDR|NAME, N from 1 to 1024");
        }
        dump(address(w[1]), n);
    }

    private void dump(int addr, int words) {
        for (int k = 0; k < words; k += 4) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "0x%08x:", addr + 4 * k));
            for (int j = k; j < Math.min(words, k + 4); j++) {
                sb.append(String.format(Locale.ROOT, " 0x%08x", peek(selNode, addr + 4 * j)));
            }
            out.println(sb);
        }
    }

    private void mpi(int rank) {
        String report = MpiState.report(machine);
        if (report.isEmpty()) {
            out.println("the program has no MPI state");
            return;
        }
        String head = "  rank " + rank + " ";
        boolean in = false;
        boolean any = false;
        for (String l : report.split("\n")) {
            if (l.startsWith("  rank ")) {
                in = l.startsWith(head);
            }
            if (in) {
                out.println(l.substring(2));
                any = true;
            }
        }
        if (!any) {
            out.println("rank " + rank + " has no MPI state yet");
        }
    }

    private ThreadContext selected() {
        return machine.node(selNode).context(selThread);
    }

    private int peek(int node, int addr) {
        Node n = machine.node(node);
        if ((addr & 3) != 0 || addr < 0 || addr > n.memory().size() - 4) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "0x%08x is not a word of node %d's "
                    + "memory", addr, node));
        }
        return n.memory().peek(addr);
    }

    private static int number(String[] w, int k, String usage) {
        try {
            return Integer.parseInt(w[k]);
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            throw new IllegalArgumentException(usage);
        }
    }

    /** A code location: FUNCTION, FILE:LINE (the first instruction of the line) or an address. */
    private int location(String spec) {
        if (spec.startsWith("0x") || spec.startsWith("*0x")) {
            return parseAddress(spec.replace("*", ""));
        }
        int colon = spec.lastIndexOf(':');
        if (colon > 0) {
            String file = spec.substring(0, colon);
            String line = spec.substring(colon);
            int base = machine.textBase();
            int end = machine.textEnd();
            String before = null;
            for (int pc = base; pc < end; pc += 4) {
                String at = source.locate(pc);
                if (at != null && !at.equals(before) && at.endsWith(line)) {
                    String f = at.substring(0, at.length() - line.length());
                    if (f.equals(file) || f.endsWith("/" + file)) {
                        return pc;
                    }
                }
                before = at;
            }
            throw new IllegalArgumentException("no code at " + spec + (source.locate(base) == null
                    && machine.symbolizer() != null ? " (was the program built with -g?)" : ""));
        }
        Symbol s = symbol(spec);
        if (s.type() != Symbol.Type.FUNC) {
            throw new IllegalArgumentException(spec + " is not a function");
        }
        int pc = (int) s.value();
        // past the prologue: the first instruction of the function's second line, when it has lines
        String first = source.locate(pc);
        for (int a = pc; first != null && a < pc + Math.min(s.size(), 64); a += 4) {
            String at = source.locate(a);
            if (at != null && !at.equals(first)) {
                return a;
            }
        }
        return pc;
    }

    /** A data address: a global's name or a number. */
    private int address(String spec) {
        if (Character.isDigit(spec.charAt(0))) {
            return parseAddress(spec);
        }
        return (int) global(spec).value();
    }

    private Symbol global(String name) {
        Symbol s = symbol(name);
        if (s.type() == Symbol.Type.FUNC) {
            throw new IllegalArgumentException(name + " is a function");
        }
        return s;
    }

    private Symbol symbol(String name) {
        for (Symbol s : machine.executable().sortedCodeSymbols()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        for (Symbol s : machine.executable().symbols()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no symbol " + name);
    }

    private static int parseAddress(String s) {
        try {
            return s.startsWith("0x") ? (int) Long.parseLong(s.substring(2), 16) : (int) Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not an address");
        }
    }

    private String where(int pc) {
        String sym = machine.symbolizer().describe(pc);
        String line = source.locate(pc);
        return String.format(Locale.ROOT, "0x%08x", pc) + (sym == null ? "" : " " + sym)
                + (line == null ? "" : " (" + line + ")");
    }
}
