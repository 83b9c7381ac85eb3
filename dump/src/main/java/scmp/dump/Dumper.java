package scmp.dump;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import scmp.elf.Executable;
import scmp.elf.LineTable;
import scmp.elf.MachineKind;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Disassembler;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;

/**
 * Renders one object or executable as text, in the layout of binutils' objdump: file header, program
 * headers, section headers, symbol table, relocations, disassembly and hex contents, each when asked for.
 * Objects and executables are seen the same way: a list of sections at addresses (0 in objects) and a symbol
 * table; only objects have relocations.
 */
public final class Dumper {

    /**
     * What to show.
     *
     * @param fileHeader     -f: format, kind and start address
     * @param privateHeaders -p: program headers (executables)
     * @param sectionHeaders -h: the section table
     * @param symbols        -t: the symbol table
     * @param relocations    -r: relocation records
     * @param disassemble    -d: disassemble executable sections
     * @param disassembleAll -D: disassemble every section with contents
     * @param contents       -s: hex dump of every section with contents
     * @param reassemblable  print disassembly in the form the assembler reads back
     * @param only           -j: restrict section output to these names (empty: all sections)
     * @param source         -S: interleave the source lines of an executable's line table with the disassembly
     */
    public record Options(boolean fileHeader, boolean privateHeaders, boolean sectionHeaders, boolean symbols,
            boolean relocations, boolean disassemble, boolean disassembleAll, boolean contents, boolean reassemblable,
            Set<String> only, boolean source) {

        /**
         * Options without source lines.
         *
         * @param fileHeader     -f
         * @param privateHeaders -p
         * @param sectionHeaders -h
         * @param symbols        -t
         * @param relocations    -r
         * @param disassemble    -d
         * @param disassembleAll -D
         * @param contents       -s
         * @param reassemblable  the assembler's form
         * @param only           -j
         */
        public Options(boolean fileHeader, boolean privateHeaders, boolean sectionHeaders, boolean symbols,
                       boolean relocations, boolean disassemble, boolean disassembleAll, boolean contents,
                       boolean reassemblable, Set<String> only) {
            this(fileHeader, privateHeaders, sectionHeaders, symbols, relocations, disassemble, disassembleAll, contents,
                    reassemblable, only, false);
        }
    }

    /** An executable's line table by address (the last entry of an address wins), for -S. */
    private final TreeMap<Long, LineTable.Line> lines = new TreeMap<>();
    /** Source files read for -S, by name; an empty list for a file that cannot be read. */
    private final Map<String, List<String>> sources = new HashMap<>();

    /** A section as shown: objects place every section at address 0. */
    private record Sec(String name, int type, int flags, int address, int size, int align, byte[] data,
            List<Relocation> relocations) {
        boolean alloc() {
            return (flags & Section.SHF_ALLOC) != 0;
        }

        boolean exec() {
            return (flags & Section.SHF_EXECINSTR) != 0;
        }

        boolean write() {
            return (flags & Section.SHF_WRITE) != 0;
        }

        boolean nobits() {
            return type == Section.SHT_NOBITS;
        }

        boolean contains(long addr) {
            return addr >= (address & 0xFFFFFFFFL) && addr < (address & 0xFFFFFFFFL) + size;
        }
    }

    private final boolean object;
    private final int entry;
    private final List<Sec> sections = new ArrayList<>();
    /** Names already defined as labels in a reassemblable listing. */
    private final java.util.Set<String> labelled = new java.util.HashSet<>();

    /** The names of the file's sections, as -j matches them. */
    public List<String> sectionNames() {
        return sections.stream().map(Sec::name).toList();
    }
    private final List<Symbol> symbols;
    /** Per section name: label address to the symbol that names it. */
    private final Map<String, TreeMap<Long, Symbol>> labels = new HashMap<>();

    /** The machine model the file is for; null for an object that links with any model. */
    private final MachineKind machine;

    private Dumper(boolean object, MachineKind machine, int entry, List<Symbol> symbols) {
        this.object = object;
        this.machine = machine;
        this.entry = entry;
        this.symbols = symbols;
    }

    /** A view of a relocatable object. */
    public static Dumper of(ObjectFile o) {
        Dumper d = new Dumper(true, o.machine(), 0, o.symbols());
        for (Section s : o.sections()) {
            d.sections.add(new Sec(s.name(), s.type(), s.flags(), 0, s.size(), s.align(), s.data(), s.relocations()));
        }
        d.collectLabels();
        return d;
    }

    /** A view of an executable. */
    public static Dumper of(Executable e) {
        Dumper d = new Dumper(false, e.machine(), e.entry(), e.symbols());
        for (Executable.PlacedSection s : e.sections()) {
            d.sections.add(new Sec(s.name(), s.type(), s.flags(), s.address(), s.size(), s.align(),
                    s.isNobits() || s.data() == null ? new byte[0] : s.data(), List.of()));
        }
        for (LineTable.Line l : LineTable.read(e)) {
            d.lines.put(l.address() & 0xFFFFFFFFL, l);
        }
        d.collectLabels();
        return d;
    }

    /** Chooses one symbol per address and section: global before local, function before object before others. */
    private void collectLabels() {
        Comparator<Symbol> rank = Comparator.comparingInt((Symbol s) -> s.isGlobal() ? 0 : 1)
                .thenComparingInt(s -> s.type() == Symbol.Type.FUNC ? 0 : s.type() == Symbol.Type.OBJECT ? 1 : 2);
        for (Symbol s : symbols) {
            if (!s.isDefined() || s.name().isEmpty() || s.type() == Symbol.Type.SECTION || s.type() == Symbol.Type.FILE
                    || Symbol.ABSOLUTE.equals(s.section()) || Symbol.COMMON.equals(s.section())) {
                continue;
            }
            TreeMap<Long, Symbol> m = labels.computeIfAbsent(s.section(), k -> new TreeMap<>());
            long at = s.value() & 0xFFFFFFFFL;
            Symbol old = m.get(at);
            if (old == null || rank.compare(s, old) < 0) {
                m.put(at, s);
            }
        }
    }

    private boolean selected(Options o, Sec s) {
        return o.only().isEmpty() || o.only().contains(s.name());
    }

    /**
     * Renders the view.
     *
     * @param name the name shown in the "file format" line
     * @param o    what to show
     * @return the text, ending with a newline
     */
    public String render(String name, Options o) {
        StringBuilder sb = new StringBuilder();
        // In the reassemblable form every line that is not assembly is a comment, so the listing assembles.
        sb.append('\n').append(o.reassemblable() ? "# " : "").append(name).append(":     file format elf32-scmp\n");
        if (o.fileHeader()) {
            sb.append("architecture: scmp, type: ").append(object ? "relocatable object" : "executable").append('\n');
            sb.append(String.format("machine model: %s (e_flags 0x%08x)%n", machine == null ? "any" : machine.id(),
                    MachineKind.eFlags(machine)));
            sb.append(String.format("start address 0x%08x%n", entry)).append('\n');
        }
        if (o.privateHeaders() && !object) {
            programHeaders(sb);
        }
        if (o.sectionHeaders()) {
            sectionHeaders(sb, o);
        }
        if (o.symbols()) {
            symbolTable(sb);
        }
        if (o.relocations() && object && !o.disassemble() && !o.disassembleAll()) {
            relocations(sb, o);
        }
        if (o.contents()) {
            contents(sb, o);
        }
        if (o.disassemble() || o.disassembleAll()) {
            for (Sec s : sections) {
                boolean wanted = o.disassembleAll() ? !s.nobits() && s.size() > 0 : s.exec() && !s.nobits();
                if (wanted && selected(o, s)) {
                    disassemble(sb, s, o);
                }
            }
        }
        return sb.toString().replace(System.lineSeparator(), "\n");
    }

    private void programHeaders(StringBuilder sb) {
        sb.append("Program Header:\n");
        for (Sec s : sections) {
            if (!s.alloc() || s.size() == 0) {
                continue;
            }
            String flags = "r" + (s.write() ? "w" : "-") + (s.exec() ? "x" : "-");
            sb.append(String.format("    LOAD vaddr 0x%08x paddr 0x%08x align 2**%d%n", s.address(), s.address(),
                    Integer.numberOfTrailingZeros(Math.max(1, s.align()))));
            sb.append(String.format("         filesz 0x%08x memsz 0x%08x flags %s  (%s)%n", s.nobits() ? 0 : s.size(),
                    s.size(), flags, s.name()));
        }
        sb.append('\n');
    }

    private void sectionHeaders(StringBuilder sb, Options o) {
        sb.append("Sections:\n");
        sb.append("Idx Name          Size      VMA       Type      Algn\n");
        for (int i = 0; i < sections.size(); i++) {
            Sec s = sections.get(i);
            if (!selected(o, s)) {
                continue;
            }
            sb.append(String.format("%3d %-13s %08x  %08x  %-8s  2**%d%n", i, s.name(), s.size(), s.address(),
                    typeName(s.type()), Integer.numberOfTrailingZeros(Math.max(1, s.align()))));
            List<String> f = new ArrayList<>();
            if (!s.nobits()) {
                f.add("CONTENTS");
            }
            if (s.alloc()) {
                f.add("ALLOC");
                if (!s.nobits()) {
                    f.add("LOAD");
                }
            }
            if (!s.relocations().isEmpty()) {
                f.add("RELOC");
            }
            if (!s.write() && !s.nobits()) {
                f.add("READONLY");
            }
            if (s.exec()) {
                f.add("CODE");
            } else if (s.alloc() && !s.nobits()) {
                f.add("DATA");
            }
            sb.append("                  ").append(String.join(", ", f)).append('\n');
        }
        sb.append('\n');
    }

    private static String typeName(int type) {
        return switch (type) {
            case Section.SHT_PROGBITS -> "PROGBITS";
            case Section.SHT_NOBITS -> "NOBITS";
            case 3 -> "STRTAB";
            case 7 -> "NOTE";
            case 14 -> "INIT_ARR";
            case 15 -> "FINI_ARR";
            default -> String.format("0x%x", type);
        };
    }

    private void symbolTable(StringBuilder sb) {
        sb.append("SYMBOL TABLE:\n");
        if (symbols.isEmpty()) {
            sb.append("no symbols\n");
        }
        for (Symbol s : symbols) {
            char scope = s.binding() == Symbol.Binding.LOCAL ? 'l'
                    : s.binding() == Symbol.Binding.GLOBAL && s.isDefined() && !Symbol.COMMON.equals(s.section()) ? 'g' : ' ';
            char weak = s.binding() == Symbol.Binding.WEAK ? 'w' : ' ';
            char debug = s.type() == Symbol.Type.SECTION || s.type() == Symbol.Type.FILE ? 'd' : ' ';
            char kind = switch (s.type()) {
                case FUNC -> 'F';
                case OBJECT -> 'O';
                case FILE -> 'f';
                default -> ' ';
            };
            String section = s.section() == null ? "*UND*" : s.section();
            sb.append(String.format("%08x %c%c   %c%c %s\t%08x %s%n", s.value() & 0xFFFFFFFFL, scope, weak, debug, kind,
                    section, s.size(), s.name()));
        }
        sb.append('\n');
    }

    private void relocations(StringBuilder sb, Options o) {
        for (Sec s : sections) {
            if (s.relocations().isEmpty() || !selected(o, s)) {
                continue;
            }
            sb.append("RELOCATION RECORDS FOR [").append(s.name()).append("]:\n");
            sb.append("OFFSET   TYPE              VALUE\n");
            for (Relocation r : s.relocations()) {
                sb.append(String.format("%08x %-17s %s%n", r.offset(), r.type().elfName(), target(r, true)));
            }
            sb.append('\n');
        }
    }

    /** The relocation's symbol and addend: {@code sym+0x00000004} (wide) or {@code sym+0x4}. */
    private static String target(Relocation r, boolean wide) {
        String sym = r.symbol() == null || r.symbol().isEmpty() ? "*ABS*" : r.symbol();
        if (r.addend() == 0) {
            return sym;
        }
        long mag = Math.abs((long) r.addend());
        return sym + (r.addend() < 0 ? "-" : "+") + (wide ? String.format("0x%08x", mag) : String.format("0x%x", mag));
    }

    private void contents(StringBuilder sb, Options o) {
        for (Sec s : sections) {
            if (s.nobits() || s.size() == 0 || !selected(o, s)) {
                continue;
            }
            sb.append("Contents of section ").append(s.name()).append(":\n");
            long start = s.address() & 0xFFFFFFFFL;
            int width = Math.max(4, Long.toHexString(start + s.size() - 1).length());
            byte[] d = s.data();
            for (int line = 0; line < d.length; line += 16) {
                sb.append(String.format(" %0" + width + "x ", start + line));
                StringBuilder ascii = new StringBuilder();
                for (int k = 0; k < 16; k++) {
                    if (line + k < d.length) {
                        int b = d[line + k] & 0xFF;
                        sb.append(String.format("%02x", b));
                        ascii.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
                    } else {
                        sb.append("  ");
                        ascii.append(' ');
                    }
                    if (k % 4 == 3) {
                        sb.append(' ');
                    }
                }
                sb.append(' ').append(ascii.toString().stripTrailing()).append('\n');
            }
        }
    }

    /** The symbolic name of an address: {@code main}, {@code loop+0x8}, or {@code .text+0x10}; null if none. */
    private String describe(Sec current, long addr) {
        Sec in = null;
        if (object) {
            in = current.contains(addr) ? current : null;
        } else {
            for (Sec s : sections) {
                if (s.alloc() && s.contains(addr)) {
                    in = s;
                    break;
                }
            }
        }
        if (in == null) {
            return null;
        }
        TreeMap<Long, Symbol> m = labels.get(in.name());
        Map.Entry<Long, Symbol> e = m == null ? null : m.floorEntry(addr);
        String base;
        long off;
        if (e != null && e.getKey() >= (in.address() & 0xFFFFFFFFL)) {
            base = e.getValue().name();
            off = addr - e.getKey();
        } else {
            base = in.name();
            off = addr - (in.address() & 0xFFFFFFFFL);
        }
        return off == 0 ? base : base + "+0x" + Long.toHexString(off);
    }

    private void disassemble(StringBuilder sb, Sec s, Options o) {
        boolean re = o.reassemblable();
        // The assembler makes the line table itself and refuses its sections in .section (docs/elf.md).
        if (re && LineTable.isReserved(s.name())) {
            sb.append("\n# Section ").append(s.name()).append(" is not listed: the assembler builds it from .file and "
                    + ".loc directives.\n");
            return;
        }
        if (re) {
            sb.append("\n# Disassembly of section ").append(s.name()).append(":\n").append(sectionDirective(s));
        } else {
            sb.append("\nDisassembly of section ").append(s.name()).append(":\n");
        }
        Disassembler symbolic = re ? Disassembler.reassemblable() : new Disassembler(a -> describe(s, a & 0xFFFFFFFFL), false);
        Disassembler plain = re ? symbolic : new Disassembler(a -> null, false);
        TreeMap<Long, Symbol> m = labels.getOrDefault(s.name(), new TreeMap<>());
        Map<Integer, List<Relocation>> relocs = new TreeMap<>();
        for (Relocation r : s.relocations()) {
            relocs.computeIfAbsent(r.offset(), k -> new ArrayList<>()).add(r);
        }
        long base = s.address() & 0xFFFFFFFFL;
        byte[] d = s.data();
        if (m.get(base) == null && !re) {
            label(sb, base, s.name(), re);
        }
        int off = 0;
        String shownAt = null;
        while (off < d.length) {
            long addr = base + off;
            LineTable.Line at = o.source() && !re ? lines.get(addr) : null;
            if (at != null && at.file() != null && !(at.file() + ":" + at.line()).equals(shownAt)) {
                shownAt = at.file() + ":" + at.line();
                sourceLine(sb, at);
            }
            Symbol l = m.get(addr);
            if (l != null) {
                // Local symbols of different objects may share a name in an executable; a listing to be
                // assembled defines each name once and keeps the others as comments.
                if (re && !labelled.add(l.name())) {
                    sb.append("# ").append(l.name()).append(": (another symbol of this name)\n");
                } else {
                    label(sb, addr, l.name(), re);
                }
            }
            int n = Math.min(4, d.length - off);
            // A label inside the next word ends it early, so that every label gets its own line.
            Map.Entry<Long, Symbol> next = m.higherEntry(addr);
            if (next != null && next.getKey() < addr + n) {
                n = (int) (next.getKey() - addr);
            }
            if (n == 4) {
                int word = (d[off] & 0xFF) | (d[off + 1] & 0xFF) << 8 | (d[off + 2] & 0xFF) << 16 | (d[off + 3] & 0xFF) << 24;
                Instruction insn = Isa.decode(word);
                boolean pcRelative = insn != null && (insn.immKind == ImmKind.PC16 || insn.immKind == ImmKind.PC26);
                Disassembler dis = object && !pcRelative ? plain : symbolic;
                String text = dis.disassemble((int) addr, word);
                if (re) {
                    sb.append('\t').append(text).append('\n');
                } else {
                    sb.append(String.format("%8x:\t%08x \t%s%n", addr, word, text));
                }
            } else {
                StringBuilder bytes = new StringBuilder();
                StringBuilder raw = new StringBuilder();
                for (int k = 0; k < n; k++) {
                    bytes.append(k == 0 ? "" : ", ").append(String.format("0x%02x", d[off + k] & 0xFF));
                    raw.append(String.format("%02x", d[off + k] & 0xFF));
                }
                if (re) {
                    sb.append("\t.byte ").append(bytes).append('\n');
                } else {
                    sb.append(String.format("%8x:\t%-8s \t.byte %s%n", addr, raw, bytes));
                }
            }
            for (int k = 0; k < n; k++) {
                List<Relocation> rs = relocs.get(off + k);
                if (rs != null) {
                    for (Relocation r : rs) {
                        if (re) {
                            sb.append("\t# ").append(r.type().elfName()).append(' ').append(target(r, false)).append('\n');
                        } else {
                            sb.append(String.format("\t\t\t%x: %s\t%s%n", base + r.offset(), r.type().elfName(),
                                    target(r, false)));
                        }
                    }
                }
            }
            off += n;
        }
    }

    /** Prints {@code file:line} and, when the file can be read, the line's text (-S). */
    private void sourceLine(StringBuilder sb, LineTable.Line at) {
        sb.append(at.file()).append(':').append(at.line()).append('\n');
        List<String> text = sources.computeIfAbsent(at.file(), f -> {
            try {
                return java.nio.file.Files.readAllLines(java.nio.file.Path.of(f));
            } catch (java.io.IOException | RuntimeException e) {
                return List.of();       // the source is not here: the file and line are all we can show
            }
        });
        if (at.line() >= 1 && at.line() <= text.size()) {
            sb.append(text.get((int) at.line() - 1)).append('\n');
        }
    }

    /** The directive that starts section {@code s} in assembly: {@code .text}, or {@code .section} with flags. */
    private static String sectionDirective(Sec s) {
        if (s.name().equals(".text") || s.name().equals(".data") || s.name().equals(".bss")
                || s.name().equals(".rodata")) {
            return "\t" + s.name() + "\n";
        }
        String flags = (s.alloc() ? "a" : "") + (s.write() ? "w" : "") + (s.exec() ? "x" : "");
        String name = s.name().matches("[A-Za-z_.$][A-Za-z0-9_.$]*") ? s.name() : "\"" + s.name() + "\"";
        return "\t.section " + name + ", \"" + flags + "\"" + (s.type() == Section.SHT_NOBITS ? ", @nobits" : "")
                + "\n";
    }

    private static void label(StringBuilder sb, long addr, String name, boolean reassemblable) {
        if (reassemblable) {
            sb.append(name).append(":\n");
        } else {
            sb.append(String.format("%n%08x <%s>:%n", addr, name));
        }
    }
}
