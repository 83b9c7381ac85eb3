package scmp.machine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import scmp.elf.Executable;
import scmp.elf.Symbol;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Registers;

/**
 * The functions of a program's text as the profile and the timeline see them: which function each instruction
 * word belongs to (by the sized function symbols), and what the instruction does to the call stack (docs/abi.md:
 * a jump that links into {@code ra} calls, {@code jalr zero, ra, 0} returns; {@code suspend} waits). Both answers
 * are worked out once per word, on first use.
 */
final class CodeMap {
    /** An instruction that leaves the call stack as it is. */
    static final byte PLAIN = 1;
    /** A call. */
    static final byte CALL = 2;
    /** A return. */
    static final byte RETURN = 3;
    /** A {@code suspend}. */
    static final byte SUSPEND = 4;

    private final String[] names;
    private final String[] files;
    private final long[] starts;
    private final long[] ends;
    private final boolean[] mpi;
    private final int base;
    private final int[] funcOfWord;
    private final byte[] kindOfWord;

    /**
     * Maps a program's text.
     *
     * @param exe    the program, whose function symbols name the code
     * @param source its source lines (may know nothing)
     * @param base   the first address of the program text
     * @param end    the address after the program text
     */
    CodeMap(Executable exe, SourceLocator source, int base, int end) {
        List<Symbol> fns = new ArrayList<>();
        for (Symbol s : exe.sortedCodeSymbols()) {
            if (s.type() == Symbol.Type.FUNC && s.size() > 0) {
                fns.add(s);
            }
        }
        fns.sort((a, b) -> Long.compare(a.value(), b.value()));
        int n = fns.size() + 2;
        names = new String[n];
        files = new String[n];
        starts = new long[n - 2];
        ends = new long[n - 2];
        mpi = new boolean[n];
        names[0] = Profiler.IDLE;
        names[1] = Profiler.UNKNOWN;
        for (int k = 0; k < fns.size(); k++) {
            Symbol s = fns.get(k);
            names[k + 2] = s.name();
            starts[k] = s.value() & 0xFFFFFFFFL;
            ends[k] = starts[k] + (s.size() & 0xFFFFFFFFL);
            mpi[k + 2] = s.name().startsWith("MPI_") || s.name().startsWith("PMPI_");
            String at = null;
            for (long pc = starts[k]; at == null && pc < Math.min(ends[k], starts[k] + 64); pc += 4) {
                at = source.locate((int) pc);       // the first line may follow the prologue
            }
            files[k + 2] = at == null ? null : at.substring(0, at.lastIndexOf(':'));
        }
        this.base = base;
        int words = Math.max(0, (end - base) >>> 2);
        this.funcOfWord = new int[words];
        Arrays.fill(funcOfWord, -1);
        this.kindOfWord = new byte[words];
    }

    /** Returns the functions' names by index: {@code <idle>} and {@code <unknown>} first; the array is shared. */
    String[] names() {
        return names;
    }

    /** Returns, by function index, whether the function is an MPI entry point; the array is shared. */
    boolean[] mpi() {
        return mpi;
    }

    /** Returns a function's source file, or null. */
    String file(int f) {
        return files[f];
    }

    /** Returns the index of the function an address's instruction belongs to ({@code <unknown>}: 1). */
    int function(int pc) {
        int w = (pc - base) >>> 2;
        if (w >= funcOfWord.length) {
            return 1;
        }
        int f = funcOfWord[w];
        if (f < 0) {
            long p = pc & 0xFFFFFFFFL;
            int k = Arrays.binarySearch(starts, p);
            if (k < 0) {
                k = -k - 2;
            }
            f = k >= 0 && p < ends[k] ? k + 2 : 1;
            funcOfWord[w] = f;
        }
        return f;
    }

    /** Returns what an instruction does to the call stack: {@link #PLAIN}, {@link #CALL}, {@link #RETURN} or {@link #SUSPEND}. */
    byte kind(int pc, int word) {
        int w = (pc - base) >>> 2;
        if (w >= kindOfWord.length) {
            return PLAIN;
        }
        byte k = kindOfWord[w];
        if (k == 0) {
            Instruction insn = Isa.decode(word);
            k = PLAIN;
            if (insn == Instruction.JAL) {
                k = CALL;
            } else if (insn == Instruction.JALR) {
                int[] ops = Isa.operands(insn, word);       // rd, rs1, imm
                if (ops[0] == Registers.RA) {
                    k = CALL;
                } else if (ops[0] == Registers.ZERO && ops[1] == Registers.RA && ops[2] == 0) {
                    k = RETURN;
                }
            } else if (insn == Instruction.SUSPEND) {
                k = SUSPEND;
            }
            kindOfWord[w] = k;
        }
        return k;
    }
}
