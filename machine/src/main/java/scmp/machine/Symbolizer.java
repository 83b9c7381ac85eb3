package scmp.machine;

import java.util.ArrayList;
import java.util.List;
import scmp.elf.Executable;
import scmp.elf.Executable.PlacedSection;
import scmp.elf.Symbol;

/**
 * Names addresses of a program for reports and traces: {@code main+0x14}. A function symbol whose size
 * covers the address wins; otherwise the nearest symbol at or below the address in the same section (global
 * before local, assembler-local {@code .L} labels never).
 */
public final class Symbolizer {
    private final List<Symbol> symbols = new ArrayList<>();
    private final List<PlacedSection> sections;

    /**
     * Builds the symbolizer of an executable.
     *
     * @param exe the executable
     */
    public Symbolizer(Executable exe) {
        for (Symbol s : exe.sortedCodeSymbols()) {
            if (!s.name().startsWith(".L") && (s.type() == Symbol.Type.FUNC || s.type() == Symbol.Type.NOTYPE
                    || s.type() == Symbol.Type.OBJECT)) {
                symbols.add(s);
            }
        }
        this.sections = exe.sections();
    }

    /**
     * Names an address.
     *
     * @param addr the address
     * @return {@code name} or {@code name+0xoff}, or null when no symbol fits
     */
    public String describe(int addr) {
        long a = addr & 0xFFFFFFFFL;
        Symbol best = null;
        for (Symbol s : symbols) {
            if (s.type() == Symbol.Type.FUNC && s.size() > 0 && s.value() <= a && a < s.value() + s.size()
                    && (best == null || s.value() > best.value())) {
                best = s;
            }
        }
        if (best == null) {
            PlacedSection sec = null;
            for (PlacedSection p : sections) {
                if (p.isAlloc() && p.contains(a)) {
                    sec = p;
                }
            }
            if (sec == null) {
                return null;
            }
            for (Symbol s : symbols) {
                if (s.value() <= a && sec.contains(s.value())
                        && (best == null || s.value() > best.value()
                        || (s.value() == best.value() && s.isGlobal() && !best.isGlobal()))) {
                    best = s;
                }
            }
        }
        if (best == null) {
            return null;
        }
        long off = a - best.value();
        return off == 0 ? best.name() : best.name() + "+0x" + Long.toHexString(off);
    }
}
