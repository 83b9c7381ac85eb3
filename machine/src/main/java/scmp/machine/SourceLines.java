package scmp.machine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import scmp.elf.Executable;
import scmp.elf.LineTable;
import scmp.elf.Symbol;

/**
 * The source positions of a program's instructions, from the line table that {@code scmpcc -g} emits through
 * the assembler's {@code .file}/{@code .loc} directives ({@link LineTable}, docs/elf.md "Line tables"): the
 * entries sorted by address, each answering for the addresses up to the next one within its own function.
 */
public final class SourceLines implements SourceLocator {
    private static final SourceLines EMPTY = new SourceLines(new int[0], new String[0], new long[0], new long[0],
            new long[0]);

    private final int[] addresses;
    private final String[] files;
    private final long[] lines;
    /** The functions (sized FUNC symbols), by start: an entry answers only for pcs of its own function. */
    private final long[] fnStart;
    private final long[] fnEnd;

    private SourceLines(int[] addresses, String[] files, long[] lines, long[] fnStart, long[] fnEnd) {
        this.addresses = addresses;
        this.files = files;
        this.lines = lines;
        this.fnStart = fnStart;
        this.fnEnd = fnEnd;
    }

    /** The source lines of {@code exe}; none when it has no line table (a program built without -g). */
    public static SourceLines of(Executable exe) {
        List<LineTable.Line> entries = new ArrayList<>(LineTable.read(exe));
        if (entries.isEmpty()) {
            return EMPTY;
        }
        // Stable sort by address: for several entries at one address the last one written wins in locate().
        entries.sort((a, b) -> Integer.compareUnsigned(a.address(), b.address()));
        int n = entries.size();
        int[] sa = new int[n];
        String[] sf = new String[n];
        long[] sl = new long[n];
        for (int k = 0; k < n; k++) {
            LineTable.Line e = entries.get(k);
            sa[k] = e.address();
            sf[k] = e.file();
            sl[k] = e.line();
        }
        List<long[]> fns = new ArrayList<>();
        for (Symbol s : exe.sortedCodeSymbols()) {
            if (s.type() == Symbol.Type.FUNC && s.size() > 0) {
                long start = s.value() & 0xFFFFFFFFL;
                fns.add(new long[] {start, start + (s.size() & 0xFFFFFFFFL)});
            }
        }
        fns.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] fs = new long[fns.size()];
        long[] fe = new long[fns.size()];
        for (int i = 0; i < fs.length; i++) {
            fs[i] = fns.get(i)[0];
            fe[i] = fns.get(i)[1];
        }
        return new SourceLines(sa, sf, sl, fs, fe);
    }

    /** Whether the program has line information. */
    public boolean isEmpty() {
        return addresses.length == 0;
    }

    @Override
    public String locate(int pc) {
        int lo = 0;
        int hi = addresses.length - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Integer.compareUnsigned(addresses[mid], pc) <= 0) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (best < 0 || files[best] == null) {
            return null;
        }
        // The nearest entry below pc belongs to pc only within one function: a function without line
        // information (assembly, a library built without -g) must not borrow the line of the code before it.
        long p = pc & 0xFFFFFFFFL;
        int f = Arrays.binarySearch(fnStart, p);
        if (f < 0) {
            f = -f - 2;
        }
        if (f < 0 || p >= fnEnd[f] || (addresses[best] & 0xFFFFFFFFL) < fnStart[f]) {
            return null;
        }
        return files[best] + ":" + lines[best];
    }
}
