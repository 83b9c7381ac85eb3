package scmp.asm;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import scmp.elf.LineTable;
import scmp.elf.Section;
import scmp.isa.Isa;

/**
 * Sections: {@code .text}, {@code .data}, {@code .bss}, {@code .rodata} and {@code .section name, "flags",
 * @type}, each created on first use with the flags and type its name implies; {@code .previous} returns to the
 * section before the last switch.
 */
final class SectionDirectives {
    private final Assembler asm;

    SectionDirectives(Assembler asm) {
        this.asm = asm;
    }

    void switchTo(SectionBuffer s) {
        if (s != asm.cur) {
            asm.prev = asm.cur;
            asm.cur = s;
        }
    }

    /** Finds or creates a section; flags and type default from the name (.text*, .data*, .rodata*, .bss*). */
    SectionBuffer section(String name, Integer flags, Integer type, Pos pos) {
        int defType = Section.SHT_PROGBITS;
        int defFlags = 0;
        if (name.equals(".text") || name.startsWith(".text.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_EXECINSTR;
        } else if (name.equals(".data") || name.startsWith(".data.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_WRITE;
        } else if (name.equals(".rodata") || name.startsWith(".rodata.")) {
            defFlags = Section.SHF_ALLOC;
        } else if (name.equals(".bss") || name.startsWith(".bss.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_WRITE;
            defType = Section.SHT_NOBITS;
        }
        int f = flags != null ? flags : defFlags;
        int t = type != null ? type : defType;
        SectionBuffer s = asm.sections.get(name);
        if (s == null) {
            if (LineTable.isReserved(name)) {
                throw new AsmError(pos, "section '" + name + "' is reserved for the line table (.file/.loc)");
            }
            s = new SectionBuffer(name, t, f, (f & Section.SHF_EXECINSTR) != 0 ? Isa.WORD : 1);
            asm.sections.put(name, s);
        } else if ((flags != null && flags != s.flags) || (type != null && type != s.type)) {
            throw new AsmError(pos, "section '" + name + "' was already declared with other flags or type");
        }
        return s;
    }

    void sectionDirective(List<Arg> a, Pos pos) {
        Assembler.count(".section", a, 1, 3, pos);
        String name;
        if (a.get(0) instanceof Arg.StrArg s) {
            name = new String(s.bytes(), StandardCharsets.UTF_8);
        } else {
            name = a.get(0).identifier();
            if (name == null) {
                throw new AsmError(a.get(0).pos(), ".section expects a section name, got '" + a.get(0).text()
                        + "' (quote names that contain other characters)");
            }
        }
        if (name.isEmpty()) {
            throw new AsmError(a.get(0).pos(), "empty section name");
        }
        Integer flags = null;
        Integer type = null;
        if (a.size() >= 2) {
            if (!(a.get(1) instanceof Arg.StrArg fs)) {
                throw new AsmError(a.get(1).pos(), ".section flags must be a string such as \"ax\", got '"
                        + a.get(1).text() + "'");
            }
            int f = 0;
            for (byte b : fs.bytes()) {
                switch (b) {
                    case 'a' -> f |= Section.SHF_ALLOC;
                    case 'w' -> f |= Section.SHF_WRITE;
                    case 'x' -> f |= Section.SHF_EXECINSTR;
                    default -> throw new AsmError(a.get(1).pos(), "unknown section flag '" + (char) (b & 0xFF)
                            + "'; expected a (allocated), w (writable) or x (executable)");
                }
            }
            flags = f;
        }
        if (a.size() == 3) {
            String t = a.get(2) instanceof Arg.AttrArg at ? at.name().toLowerCase(Locale.ROOT) : "";
            if (t.equals("progbits")) {
                type = Section.SHT_PROGBITS;
            } else if (t.equals("nobits")) {
                type = Section.SHT_NOBITS;
            } else {
                throw new AsmError(a.get(2).pos(), "unknown section type '" + a.get(2).text()
                        + "'; expected @progbits or @nobits");
            }
        }
        switchTo(section(name, flags, type, pos));
    }
}
