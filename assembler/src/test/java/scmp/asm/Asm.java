package scmp.asm;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Disassembler;

/** Helpers shared by the assembler tests: assemble a snippet, read back words, collect error headlines. */
final class Asm {
    private Asm() {
    }

    static final String FILE = "t.s";

    /** Assembles {@code src}; a failure becomes an AssertionError listing the diagnostics. */
    static ObjectFile ok(String src) {
        try {
            return Assembler.assemble(FILE, src);
        } catch (DiagnosticException e) {
            StringBuilder sb = new StringBuilder("unexpected errors:\n");
            for (Diagnostic d : e.diagnostics()) {
                sb.append(d.format()).append('\n');
            }
            throw new AssertionError(sb.toString());
        }
    }

    /** The headlines ({@code t.s:L:C: error: message}) of the errors {@code src} must produce. */
    static List<String> errors(String src) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Assembler.assemble(FILE, src));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) {
            out.add(d.headline());
        }
        return out;
    }

    /** The single error headline of {@code src}. */
    static String error(String src) {
        List<String> e = errors(src);
        if (e.size() != 1) {
            throw new AssertionError("expected one error, got " + e);
        }
        return e.get(0);
    }

    static int[] words(ObjectFile o, String section) {
        byte[] d = o.section(section).data();
        int[] w = new int[d.length / 4];
        for (int i = 0; i < w.length; i++) {
            w[i] = (d[4 * i] & 0xFF) | (d[4 * i + 1] & 0xFF) << 8 | (d[4 * i + 2] & 0xFF) << 16 | (d[4 * i + 3] & 0xFF) << 24;
        }
        return w;
    }

    static int[] text(String src) {
        return words(ok(src), ".text");
    }

    /** The .text words of {@code src}, disassembled in reassemblable form. */
    static List<String> listing(String src) {
        int[] w = text(src);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < w.length; i++) {
            out.add(Disassembler.reassemblable().disassemble(4 * i, w[i]));
        }
        return out;
    }

    static List<Relocation> relocs(ObjectFile o, String section) {
        return o.section(section).relocations();
    }

    static Section section(ObjectFile o, String name) {
        Section s = o.section(name);
        if (s == null) {
            throw new AssertionError("no section " + name);
        }
        return s;
    }

    static Symbol symbol(ObjectFile o, String name) {
        Symbol s = o.symbol(name);
        if (s == null) {
            throw new AssertionError("no symbol " + name);
        }
        return s;
    }
}
