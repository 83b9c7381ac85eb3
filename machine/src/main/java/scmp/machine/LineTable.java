package scmp.machine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import scmp.elf.Executable;
import scmp.elf.Executable.PlacedSection;
import scmp.elf.Symbol;

/**
 * The source positions of a program's instructions, read from the line table that {@code scmpcc -g} emits
 * through the assembler's {@code .file}/{@code .loc} directives (docs/assembler.md, "Line tables"):
 * {@code .scmp.lines} holds 16-byte entries {address, offset of the file name in {@code .scmp.files}, line,
 * column}, and the linker leaves both sections at address 0 with their relocations applied.
 */
public final class LineTable implements SourceLocator {
    private static final LineTable EMPTY = new LineTable(new int[0], new String[0], new int[0], new long[0],
            new long[0]);

    private final int[] addresses;
    private final String[] files;
    private final int[] lines;
    /** The functions (sized FUNC symbols), by start: an entry answers only for pcs of its own function. */
    private final long[] fnStart;
    private final long[] fnEnd;

    private LineTable(int[] addresses, String[] files, int[] lines, long[] fnStart, long[] fnEnd) {
        this.addresses = addresses;
        this.files = files;
        this.lines = lines;
        this.fnStart = fnStart;
        this.fnEnd = fnEnd;
    }

    /** The line table of {@code exe}; an empty table when it has none (a program built without -g). */
    public static LineTable of(Executable exe) {
        PlacedSection lineSec = exe.section(".scmp.lines");
        PlacedSection fileSec = exe.section(".scmp.files");
        if (lineSec == null || fileSec == null || lineSec.data().length < 16) {
            return EMPTY;
        }
        byte[] l = lineSec.data();
        byte[] f = fileSec.data();
        int n = l.length / 16;
        Integer[] order = new Integer[n];
        int[] addr = new int[n];
        int[] fileOff = new int[n];
        int[] line = new int[n];
        for (int i = 0; i < n; i++) {
            addr[i] = word(l, 16 * i);
            fileOff[i] = word(l, 16 * i + 4);
            line[i] = word(l, 16 * i + 8);
            order[i] = i;
        }
        // Stable sort by address: for several entries at one address the last one written wins in locate().
        Arrays.sort(order, (a, b) -> Integer.compareUnsigned(addr[a], addr[b]));
        int[] sa = new int[n];
        String[] sf = new String[n];
        int[] sl = new int[n];
        for (int k = 0; k < n; k++) {
            int i = order[k];
            sa[k] = addr[i];
            sf[k] = cString(f, fileOff[i]);
            sl[k] = line[i];
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
        return new LineTable(sa, sf, sl, fs, fe);
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

    private static int word(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    private static String cString(byte[] b, int off) {
        if (off < 0 || off >= b.length) {
            return null;
        }
        int end = off;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }
}
