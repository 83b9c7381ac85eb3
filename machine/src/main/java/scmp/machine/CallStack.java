package scmp.machine;

import java.util.ArrayList;
import java.util.List;
import scmp.cpu.Memory;
import scmp.cpu.Node;
import scmp.cpu.ThreadContext;
import scmp.isa.Registers;

/**
 * A symbolic call stack of a stopped thread, for fault reports. Compiled functions that have a frame keep the
 * return address at {@code fp-4} and the caller's {@code fp} at {@code fp-8} (docs/compiler.md), so the walk
 * follows that chain from the thread's {@code fp}; a leaf function without a frame shows as its caller's frame
 * (its return address is still in {@code ra}, which the walk tries first when it points elsewhere).
 */
public final class CallStack {
    /** The deepest walk reported; a runaway recursion prints its innermost frames. */
    public static final int MAX_FRAMES = 16;

    private CallStack() {
    }

    /**
     * The frames of a thread, innermost first, each as {@code #k 0x00001234 in func+0x10 (file.c:12)}.
     *
     * @param node    the thread's node
     * @param thread  the thread context number
     * @param pc      the pc of the innermost frame (the faulting instruction)
     * @param symbols names addresses
     * @param source  source positions (may know nothing)
     * @return the frames; just the innermost one when no frame chain can be followed
     */
    public static List<String> walk(Node node, int thread, int pc, Symbolizer symbols, SourceLocator source) {
        List<String> out = new ArrayList<>();
        for (int at : pcs(node, thread, pc, symbols)) {
            out.add(frame(out.size(), at, symbols, source));
        }
        return out;
    }

    /**
     * The innermost frame of a thread that is in the user's program, when the thread is in a library: the first
     * frame with a source line (a program built with {@code scmpcc -g}; the libraries have none) when the innermost
     * frame has none.
     *
     * @param node    the thread's node
     * @param thread  the thread context number
     * @param pc      the thread's pc
     * @param symbols names addresses
     * @param source  source positions
     * @return {@code main+0x40, prog.c:12}, or null when the thread is in the user's code or no frame has a line
     */
    public static String userFrame(Node node, int thread, int pc, Symbolizer symbols, SourceLocator source) {
        if (source.locate(pc) != null) {
            return null;
        }
        for (int at : pcs(node, thread, pc, symbols)) {
            String src = source.locate(at);
            if (src != null) {
                String sym = symbols.describe(at);
                return sym == null ? src : sym + ", " + src;
            }
        }
        return null;
    }

    /**
     * The outermost frame of a thread that is in an MPI call ({@code MPI_*} or {@code PMPI_*}), when the thread is
     * deeper, in the library's internals: the call a rank waits in, where a machine's waits spin through libmpi's
     * progress engine (the T3D's, the SP's).
     *
     * @param node    the thread's node
     * @param thread  the thread context number
     * @param pc      the thread's pc
     * @param symbols names addresses
     * @return {@code MPI_Recv+0x64}, or null when no frame is an MPI call or the innermost one is
     */
    public static String mpiCall(Node node, int thread, int pc, Symbolizer symbols) {
        List<Integer> pcs = pcs(node, thread, pc, symbols);
        for (int k = pcs.size() - 1; k >= 0; k--) {
            String f = function(symbols, pcs.get(k));
            if (f.startsWith("MPI_") || f.startsWith("PMPI_")) {
                return k == 0 ? null : symbols.describe(pcs.get(k));
            }
        }
        return null;
    }

    /** The pcs of a thread's frames, innermost first (for a caller: the address of its call). */
    private static List<Integer> pcs(Node node, int thread, int pc, Symbolizer symbols) {
        List<Integer> out = new ArrayList<>();
        out.add(pc);
        if (thread < 0 || thread >= node.contextCount()) {
            return out;
        }
        ThreadContext ctx = node.context(thread);
        Memory mem = node.memory();
        int fp = ctx.reg(Registers.FP);
        int lastFp = 0;
        // A leaf function without a frame: its return address is only in ra. Report it when ra points into
        // another function than the fault and than the first saved return address of the fp chain.
        int ra0 = ctx.reg(Registers.RA);
        int chainRa = readable(mem, fp - 8) ? mem.lw(fp - 4) : 0;
        if (ra0 != 0 && ra0 != chainRa && !function(symbols, ra0 - 4).equals(function(symbols, pc))
                && !function(symbols, ra0 - 4).equals(function(symbols, chainRa - 4))
                && symbols.describe(ra0 - 4) != null) {
            out.add(ra0 - 4);
        }
        while (out.size() < MAX_FRAMES && fp != 0 && Integer.compareUnsigned(fp, lastFp) > 0
                && readable(mem, fp - 8)) {
            int ra = mem.lw(fp - 4);
            int callerFp = mem.lw(fp - 8);
            if (ra == 0 || symbols.describe(ra - 4) == null) {
                break;
            }
            out.add(ra - 4);
            lastFp = fp;
            fp = callerFp;
        }
        return out;
    }

    private static String function(Symbolizer symbols, int pc) {
        String s = symbols.describe(pc);
        if (s == null) {
            return "";
        }
        int plus = s.indexOf('+');
        return plus < 0 ? s : s.substring(0, plus);
    }

    private static boolean readable(Memory mem, int addr) {
        if ((addr & 3) != 0 || addr < 0x1000 || addr + 8 > mem.size()) {
            return false;
        }
        try {
            mem.lw(addr);
            mem.lw(addr + 4);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String frame(int k, int pc, Symbolizer symbols, SourceLocator source) {
        String sym = symbols.describe(pc);
        String src = source.locate(pc);
        StringBuilder sb = new StringBuilder(String.format("  #%d 0x%08x in %s", k, pc, sym == null ? "??" : sym));
        if (src != null) {
            sb.append(" (").append(src).append(')');
        }
        return sb.toString();
    }
}
