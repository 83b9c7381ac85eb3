package scmp.elf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.isa.Abi;
import scmp.isa.RelocType;

/**
 * Reads SCMP ELF32 files back into the in-memory models, validating every header, offset and index on the
 * way. Anything that is not a well-formed SCMP file of the expected kind is rejected with an
 * {@link ElfFormatException} whose message is one line naming the file and the first problem found, such as
 * {@code "a.out: not an SCMP file (e_machine 62, x86-64)"}; no other exception escapes for any input.
 *
 * <p>What the reader accepts, {@link ElfWriter} can write back. In the models it builds, section symbols are
 * named after their section, relocations name their symbol (a section symbol by its section's name, no symbol
 * by ""), and symbol values are the 32-bit {@code st_value} sign-extended, so that absolute symbols keep
 * negative values; addresses of SCMP programs are far below 2^31 and read the same either way.
 */
public final class ElfReader {
    private ElfReader() {
    }

    private static final byte[] MAGIC = {0x7F, 'E', 'L', 'F'};

    /**
     * Tells whether {@code data} starts with the ELF magic number. It says nothing about the class, byte order
     * or machine; the read methods check those.
     *
     * @param data the file's bytes
     * @return true when the first four bytes are {@code 0x7f 'E' 'L' 'F'}
     */
    public static boolean isElf(byte[] data) {
        if (data == null || data.length < 4) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if (data[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Returns the {@code e_type} of a little-endian ELF32 file (1 for a relocatable object, 2 for an
     * executable), or -1 when the bytes are not the start of one. Tools use it to choose between
     * {@link #readObject} and {@link #readExecutable}; the chosen method does the validation.
     *
     * @param data the file's bytes
     * @return e_type, or -1
     */
    public static int elfType(byte[] data) {
        if (!isElf(data) || data.length < 18 || data[4] != Elf.ELFCLASS32 || data[5] != Elf.ELFDATA2LSB) {
            return -1;
        }
        return (data[16] & 0xFF) | (data[17] & 0xFF) << 8;
    }

    /**
     * Reads a relocatable object ({@code ET_REL}).
     *
     * @param name the file name, used for the model's name and in error messages
     * @param data the file's bytes
     * @return the object, with its sections, symbols and relocations
     * @throws ElfFormatException when the bytes are not a well-formed SCMP relocatable object
     */
    public static ObjectFile readObject(String name, byte[] data) throws ElfFormatException {
        return new Parser(name, data, Elf.ET_REL).object();
    }

    /**
     * Reads an executable ({@code ET_EXEC}).
     *
     * @param name the file name, used in error messages
     * @param data the file's bytes
     * @return the executable, with its entry point, placed sections and symbols
     * @throws ElfFormatException when the bytes are not a well-formed SCMP executable
     */
    public static Executable readExecutable(String name, byte[] data) throws ElfFormatException {
        return new Parser(name, data, Elf.ET_EXEC).executable();
    }

    /** One parse of one file. */
    private static final class Parser {
        private final String name;
        private final byte[] d;
        private final int expectedType;
        private int entry;
        /** The machine model of e_flags, or null for an object that links with any model. */
        private MachineKind machine;
        private int shnum;
        private long[][] sh; // per section: name, type, flags, addr, offset, size, link, info, align, entsize
        private String[] secName;
        private boolean[] isModel;
        private int symtab = -1;
        private int symCount;
        private String[] symName;
        private List<Symbol> symbols;

        private static final int NAME = 0, TYPE = 1, FLAGS = 2, ADDR = 3, OFFSET = 4, SIZE = 5, LINK = 6, INFO = 7,
                ALIGN = 8, ENTSIZE = 9;

        Parser(String name, byte[] data, int expectedType) {
            this.name = name;
            this.d = data == null ? new byte[0] : data;
            this.expectedType = expectedType;
        }

        private ElfFormatException fail(String reason) {
            return new ElfFormatException(name, reason);
        }

        private int u8(long off) {
            return d[(int) off] & 0xFF;
        }

        private int u16(long off) {
            return u8(off) | u8(off + 1) << 8;
        }

        private long u32(long off) {
            return (u16(off) | (long) u16(off + 2) << 16) & 0xFFFFFFFFL;
        }

        private boolean inFile(long off, long size) {
            return off >= 0 && size >= 0 && off <= d.length && size <= d.length - off;
        }

        private String secLabel(int i) {
            return secName != null && secName[i] != null && !secName[i].isEmpty()
                    ? "section " + i + " (" + printable(secName[i]) + ")" : "section " + i;
        }

        /** A name from the file, with control and non-ASCII characters as \xNN, so a message stays one line. */
        private static String printable(String s) {
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (c < 0x20 || c > 0x7e) {
                    b.append(String.format("\\x%02x", c & 0xff));
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }

        private void header() throws ElfFormatException {
            if (d.length == 0) {
                throw fail("empty file, not an ELF file");
            }
            for (int i = 0; i < Math.min(4, d.length); i++) {
                if (d[i] != MAGIC[i]) {
                    throw fail("not an ELF file");
                }
            }
            if (d.length <= 5) {
                throw fail("truncated ELF header");
            }
            if (d[4] == Elf.ELFCLASS64) {
                throw fail("ELF64 files are not SCMP files");
            }
            if (d[4] != Elf.ELFCLASS32) {
                throw fail("bad ELF class " + u8(4));
            }
            if (d[5] == Elf.ELFDATA2MSB) {
                throw fail("big-endian ELF; SCMP files are little-endian");
            }
            if (d[5] != Elf.ELFDATA2LSB) {
                throw fail("bad ELF data encoding " + u8(5));
            }
            if (d.length < Elf.EHDR_SIZE) {
                throw fail("truncated ELF header");
            }
            if (d[6] != Elf.EV_CURRENT || u32(20) != Elf.EV_CURRENT) {
                throw fail("unsupported ELF version " + (d[6] != Elf.EV_CURRENT ? u8(6) : u32(20)));
            }
            int machine = u16(18);
            if (machine != Abi.EM_SCMP) {
                String m = Elf.machineName(machine);
                throw fail("not an SCMP file (e_machine " + machine + (m != null ? ", " + m : "") + ")");
            }
            int type = u16(16);
            if (type != expectedType) {
                throw fail((expectedType == Elf.ET_REL ? "not a relocatable object" : "not an executable")
                        + " (e_type " + type + ", " + Elf.typeName(type) + ")");
            }
            this.machine = model((int) u32(36));
            if (u16(40) < Elf.EHDR_SIZE) {
                throw fail("bad ELF header size " + u16(40));
            }
            entry = (int) u32(24);
        }

        /**
         * The machine model that e_flags records: a model's code, or, in an object only, the bit that says it
         * links with any model (docs/abi.md, "ELF conventions"). Any other bit, or an unknown code, is refused.
         */
        private MachineKind model(int flags) throws ElfFormatException {
            if (flags == MachineKind.EF_ANY_MODEL && expectedType == Elf.ET_REL) {
                return null;
            }
            MachineKind m = (flags & ~MachineKind.EF_MODEL_MASK) == 0 ? MachineKind.ofCode(flags) : null;
            if (m == null) {
                throw fail(String.format("unsupported e_flags 0x%x", flags));
            }
            return m;
        }

        private void sectionHeaders() throws ElfFormatException {
            long shoff = u32(32);
            shnum = u16(48);
            int shstrndx = u16(50);
            if (shnum == 0) {
                throw fail(shoff != 0 ? "extended section numbering is not supported" : "no section headers");
            }
            if (u16(46) != Elf.SHDR_SIZE) {
                throw fail("bad section header size " + u16(46) + " (expected " + Elf.SHDR_SIZE + ")");
            }
            if (!inFile(shoff, (long) shnum * Elf.SHDR_SIZE)) {
                throw fail("section header table lies outside the file");
            }
            sh = new long[shnum][10];
            for (int i = 0; i < shnum; i++) {
                for (int f = 0; f < 10; f++) {
                    sh[i][f] = u32(shoff + (long) i * Elf.SHDR_SIZE + 4L * f);
                }
            }
            if (shstrndx == Elf.SHN_XINDEX) {
                throw fail("extended section numbering is not supported");
            }
            if (shstrndx == 0 || shstrndx >= shnum) {
                throw fail("bad section name string table index " + shstrndx);
            }
            if (sh[shstrndx][TYPE] != Elf.SHT_STRTAB) {
                throw fail("bad section name string table index " + shstrndx + " (not a string table)");
            }
            if (!inFile(sh[shstrndx][OFFSET], sh[shstrndx][SIZE])) {
                throw fail("section name string table lies outside the file");
            }
            secName = new String[shnum];
            for (int i = 1; i < shnum; i++) {
                secName[i] = string(shstrndx, sh[i][NAME], "section " + i + " has a bad name offset");
            }
            secName[0] = "";
            for (int i = 1; i < shnum; i++) {
                long[] h = sh[i];
                if (h[TYPE] != Elf.SHT_NOBITS && h[TYPE] != Elf.SHT_NULL && !inFile(h[OFFSET], h[SIZE])) {
                    throw fail(secLabel(i) + " lies outside the file");
                }
                if (h[SIZE] > Integer.MAX_VALUE) {
                    throw fail(secLabel(i) + " is too large");
                }
                if (h[ALIGN] > 1 << 30 || Long.bitCount(Math.max(1, h[ALIGN])) != 1) {
                    throw fail(secLabel(i) + " has alignment " + h[ALIGN] + ", not a power of two");
                }
            }
        }

        /** The NUL-terminated string at {@code off} of string table section {@code table}. */
        private String string(int table, long off, String error) throws ElfFormatException {
            long base = sh[table][OFFSET];
            long size = sh[table][SIZE];
            if (off >= size) {
                throw fail(error);
            }
            long end = base + off;
            long limit = base + size;
            while (end < limit && d[(int) end] != 0) {
                end++;
            }
            if (end >= limit) {
                throw fail(secLabel(table) + ": string table is not NUL-terminated");
            }
            return new String(d, (int) (base + off), (int) (end - base - off), StandardCharsets.UTF_8);
        }

        /** Classifies sections; fills {@link #isModel} and finds the symbol table. */
        private void classify(boolean executable) throws ElfFormatException {
            isModel = new boolean[shnum];
            int shstrndx = u16(50);
            for (int i = 1; i < shnum; i++) {
                int type = (int) sh[i][TYPE];
                switch (type) {
                    case Elf.SHT_NULL -> {
                    }
                    case Elf.SHT_SYMTAB -> {
                        if (symtab >= 0) {
                            throw fail("more than one symbol table");
                        }
                        symtab = i;
                    }
                    case Elf.SHT_RELA -> {
                        if (executable) {
                            throw fail(secLabel(i) + ": relocation sections in an executable are not supported");
                        }
                    }
                    case Elf.SHT_REL -> throw fail(secLabel(i) + " has type SHT_REL; SCMP files use SHT_RELA");
                    case Elf.SHT_DYNSYM, Elf.SHT_DYNAMIC, Elf.SHT_HASH -> throw fail(secLabel(i)
                            + ": dynamic linking sections are not supported");
                    case Elf.SHT_GROUP, Elf.SHT_SYMTAB_SHNDX -> throw fail(secLabel(i) + " has unsupported type " + type);
                    default -> isModel[i] = true;
                }
            }
            isModel[shstrndx] = false;
            if (symtab >= 0) {
                long[] h = sh[symtab];
                if (h[ENTSIZE] != Elf.SYM_SIZE) {
                    throw fail("symbol table entry size " + h[ENTSIZE] + " is not " + Elf.SYM_SIZE);
                }
                if (h[SIZE] % Elf.SYM_SIZE != 0) {
                    throw fail("symbol table size " + h[SIZE] + " is not a multiple of " + Elf.SYM_SIZE);
                }
                long link = h[LINK];
                if (link == 0 || link >= shnum || sh[(int) link][TYPE] != Elf.SHT_STRTAB) {
                    throw fail("symbol table's string table index " + link + " is bad");
                }
                isModel[(int) link] = false;
                symCount = (int) (h[SIZE] / Elf.SYM_SIZE);
                if (h[INFO] > symCount) {
                    throw fail("symbol table's sh_info " + h[INFO] + " exceeds its " + symCount + " symbols");
                }
            }
            Set<String> seen = new HashSet<>();
            for (int i = 1; i < shnum; i++) {
                if (isModel[i] && !seen.add(secName[i])) {
                    throw fail("two sections named " + (secName[i].isEmpty() ? "\"\"" : secName[i]));
                }
            }
            for (String reserved : new String[] {".symtab", ".strtab", ".shstrtab"}) {
                if (seen.contains(reserved)) {
                    throw fail("a section of type " + sh[indexOf(reserved)][TYPE] + " has the reserved name " + reserved);
                }
            }
        }

        private int indexOf(String section) {
            for (int i = 1; i < shnum; i++) {
                if (isModel[i] && secName[i].equals(section)) {
                    return i;
                }
            }
            return -1;
        }

        private void readSymbols(boolean object) throws ElfFormatException {
            symbols = new ArrayList<>();
            symName = new String[symCount];
            if (symtab < 0) {
                return;
            }
            long base = sh[symtab][OFFSET];
            int strtab = (int) sh[symtab][LINK];
            int firstGlobal = (int) sh[symtab][INFO];
            boolean[] hasSectionSym = new boolean[shnum];
            if (symCount > 0) {
                symName[0] = "";
            }
            for (int i = 1; i < symCount; i++) {
                long at = base + (long) i * Elf.SYM_SIZE;
                String label = "symbol " + i;
                String n = string(strtab, u32(at), label + " has a bad name offset");
                if (!n.isEmpty()) {
                    label += " (" + n + ")";
                }
                long value = (int) u32(at + 4);
                int size = (int) u32(at + 8);
                int info = u8(at + 12);
                int shndx = u16(at + 14);
                int bind = info >>> 4;
                int type = info & 0xF;
                if (bind > 2) {
                    throw fail(label + " has unsupported binding " + bind);
                }
                if (type > 4) {
                    throw fail(label + " has unsupported type " + type);
                }
                Symbol.Binding b = Symbol.Binding.values()[bind];
                Symbol.Type t = Symbol.Type.values()[type];
                String section;
                if (shndx == Elf.SHN_UNDEF) {
                    section = null;
                } else if (shndx == Elf.SHN_ABS) {
                    section = Symbol.ABSOLUTE;
                } else if (shndx == Elf.SHN_COMMON) {
                    section = Symbol.COMMON;
                } else if (shndx < shnum && isModel[shndx]) {
                    section = secName[shndx];
                } else {
                    throw fail(label + " has bad section index " + shndx);
                }
                if (t == Symbol.Type.SECTION) {
                    if (shndx == Elf.SHN_UNDEF || shndx >= Elf.SHN_LORESERVE) {
                        throw fail("section " + label + " has bad section index " + shndx);
                    }
                    if (b != Symbol.Binding.LOCAL) {
                        throw fail("section " + label + " is not local");
                    }
                    if (object && hasSectionSym[shndx]) {
                        throw fail("two section symbols for " + secLabel(shndx));
                    }
                    hasSectionSym[shndx] = true;
                    n = section;
                }
                if ((i < firstGlobal) != (b == Symbol.Binding.LOCAL)) {
                    throw fail(label + (b == Symbol.Binding.LOCAL ? " is local but follows" : " is global but precedes")
                            + " the first global symbol (sh_info " + firstGlobal + ")");
                }
                symName[i] = n;
                symbols.add(new Symbol(n, section, value, size, b, t));
            }
        }

        ObjectFile object() throws ElfFormatException {
            header();
            sectionHeaders();
            classify(false);
            readSymbols(true);
            ObjectFile o = new ObjectFile(name);
            o.setMachine(machine);
            Section[] model = new Section[shnum];
            for (int i = 1; i < shnum; i++) {
                if (isModel[i]) {
                    long[] h = sh[i];
                    Section s = new Section(secName[i], (int) h[TYPE], (int) h[FLAGS], (int) h[ALIGN]);
                    if (s.isNobits()) {
                        s.reserve((int) h[SIZE]);
                    } else {
                        byte[] bytes = new byte[(int) h[SIZE]];
                        System.arraycopy(d, (int) h[OFFSET], bytes, 0, bytes.length);
                        s.append(bytes);
                    }
                    model[i] = s;
                    o.addSection(s);
                }
            }
            for (Symbol s : symbols) {
                o.addSymbol(s);
            }
            relocations(model);
            return o;
        }

        private void relocations(Section[] model) throws ElfFormatException {
            // Writer's resolution: the first non-section symbol of a name, then a section of that name.
            Map<String, Integer> byName = new HashMap<>();
            for (int i = 1; i < symCount; i++) {
                Symbol s = symbols.get(i - 1);
                if (s.type() != Symbol.Type.SECTION && !s.name().isEmpty()) {
                    byName.merge(s.name(), i, (a, b) -> -1);
                }
            }
            Set<Integer> targets = new HashSet<>();
            Set<String> relaNames = new HashSet<>();
            for (int i = 1; i < shnum; i++) {
                if (sh[i][TYPE] != Elf.SHT_RELA) {
                    continue;
                }
                long[] h = sh[i];
                String label = "relocation section " + (secName[i].isEmpty() ? Integer.toString(i) : secName[i]);
                if (h[ENTSIZE] != Elf.RELA_SIZE) {
                    throw fail(label + " has entry size " + h[ENTSIZE] + ", not " + Elf.RELA_SIZE);
                }
                if (h[SIZE] % Elf.RELA_SIZE != 0) {
                    throw fail(label + " has size " + h[SIZE] + ", not a multiple of " + Elf.RELA_SIZE);
                }
                if (symtab < 0 || h[LINK] != symtab) {
                    throw fail(label + " does not use the symbol table (sh_link " + h[LINK] + ")");
                }
                long target = h[INFO];
                if (target == 0 || target >= shnum || !isModel[(int) target]) {
                    throw fail(label + " applies to bad section index " + target);
                }
                Section s = model[(int) target];
                if (s.isNobits()) {
                    throw fail(label + " applies to " + s.name() + ", which has no contents");
                }
                if (!targets.add((int) target)) {
                    throw fail("two relocation sections apply to " + s.name());
                }
                long count = h[SIZE] / Elf.RELA_SIZE;
                if (count > 0) {
                    relaNames.add(".rela" + s.name());
                }
                for (long k = 0; k < count; k++) {
                    long at = h[OFFSET] + k * Elf.RELA_SIZE;
                    String rl = "relocation " + k + " in " + label.substring("relocation section ".length());
                    long offset = u32(at);
                    long rinfo = u32(at + 4);
                    int addend = (int) u32(at + 8);
                    RelocType type = RelocType.byCode((int) (rinfo & 0xFF));
                    if (type == null) {
                        throw fail(rl + " has unknown type " + (rinfo & 0xFF));
                    }
                    int sym = (int) (rinfo >>> 8);
                    if (sym >= symCount) {
                        throw fail(rl + " has bad symbol index " + sym);
                    }
                    long end = offset + (type == RelocType.NONE ? 0 : type.size());
                    if (end > s.size()) {
                        throw fail(String.format("%s: offset 0x%x is outside %s (size 0x%x)", rl, offset, s.name(), s.size()));
                    }
                    String symbol;
                    if (sym == 0) {
                        symbol = "";
                    } else {
                        Symbol target0 = symbols.get(sym - 1);
                        symbol = symName[sym];
                        if (target0.type() == Symbol.Type.SECTION) {
                            if (byName.containsKey(symbol)) {
                                throw fail(rl + " refers to the section symbol of " + symbol
                                        + ", but another symbol has that name");
                            }
                        } else if (symbol.isEmpty()) {
                            throw fail(rl + " refers to symbol " + sym + ", which has no name");
                        } else if (byName.get(symbol) != sym) {
                            throw fail(rl + " refers to " + symbol + ", a name that more than one symbol has");
                        }
                    }
                    s.addRelocation(new Relocation((int) offset, type, symbol, addend));
                }
            }
            for (int i = 1; i < shnum; i++) {
                if (isModel[i] && relaNames.contains(secName[i])) {
                    throw fail(secLabel(i) + " has the name of a relocation section");
                }
            }
        }

        Executable executable() throws ElfFormatException {
            header();
            programHeaders();
            sectionHeaders();
            classify(true);
            readSymbols(false);
            List<Executable.PlacedSection> placed = new ArrayList<>();
            for (int i = 1; i < shnum; i++) {
                if (isModel[i]) {
                    long[] h = sh[i];
                    byte[] bytes = new byte[h[TYPE] == Elf.SHT_NOBITS ? 0 : (int) h[SIZE]];
                    if (bytes.length > 0) {
                        System.arraycopy(d, (int) h[OFFSET], bytes, 0, bytes.length);
                    }
                    placed.add(new Executable.PlacedSection(secName[i], (int) h[TYPE], (int) h[FLAGS], (int) h[ADDR],
                            (int) h[SIZE], (int) Math.max(1, h[ALIGN]), bytes));
                }
            }
            return new Executable(machine, entry, placed, symbols);
        }

        private void programHeaders() throws ElfFormatException {
            long phoff = u32(28);
            int phnum = u16(44);
            if (phnum == 0) {
                return;
            }
            if (u16(42) != Elf.PHDR_SIZE) {
                throw fail("bad program header size " + u16(42) + " (expected " + Elf.PHDR_SIZE + ")");
            }
            if (!inFile(phoff, (long) phnum * Elf.PHDR_SIZE)) {
                throw fail("program header table lies outside the file");
            }
            for (int i = 0; i < phnum; i++) {
                long at = phoff + (long) i * Elf.PHDR_SIZE;
                long type = u32(at);
                long offset = u32(at + 4);
                long filesz = u32(at + 16);
                long memsz = u32(at + 20);
                if (type == Elf.PT_DYNAMIC || type == Elf.PT_INTERP) {
                    throw fail("dynamically linked executables are not supported");
                }
                if (type == Elf.PT_LOAD) {
                    if (filesz > 0 && !inFile(offset, filesz)) {
                        throw fail("segment " + i + " lies outside the file");
                    }
                    if (filesz > memsz) {
                        throw fail("segment " + i + " has a file size larger than its memory size");
                    }
                }
            }
        }
    }
}
