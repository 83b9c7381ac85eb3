package scmp.elf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Serializes the in-memory models to little-endian ELF32 files of the SCMP target ({@code e_machine} =
 * {@link scmp.isa.Abi#EM_SCMP}). The layout is described in docs/elf.md.
 *
 * <p>Objects ({@code ET_REL}) get, after the model's sections in their order, one {@code SHT_RELA} section
 * {@code .rela<name>} per section that has relocations, then {@code .symtab}, {@code .strtab} and
 * {@code .shstrtab}. The symbol table starts with the null symbol, then the model's local {@code STT_FILE}
 * symbols, one {@code STT_SECTION} symbol per section (in section order), the other local symbols, and last the
 * global and weak symbols, each group in model order; {@code sh_info} of {@code .symtab} is the index of the
 * first non-local symbol.
 *
 * <p>Executables ({@code ET_EXEC}) get one {@code PT_LOAD} program header per allocated section of non-zero
 * size, the model's sections in their order, then {@code .symtab}, {@code .strtab} and {@code .shstrtab}.
 *
 * <p>The models are built by programs, not read from users, so an inconsistent model (a symbol naming a
 * section that does not exist, a relocation outside its section, a value that does not fit in 32 bits) is a
 * programming error: the writer throws {@link IllegalArgumentException} with a one-line message.
 */
public final class ElfWriter {
    private ElfWriter() {
    }

    /** A section header and the bytes it describes (null for SHT_NULL and SHT_NOBITS). */
    private static final class Shdr {
        final String name;
        final int type;
        final int flags;
        final long addr;
        final byte[] data;
        final long size;
        int link;
        int info;
        final int align;
        final int entsize;
        long offset;

        Shdr(String name, int type, int flags, long addr, byte[] data, long size, int align, int entsize) {
            this.name = name;
            this.type = type;
            this.flags = flags;
            this.addr = addr;
            this.data = data;
            this.size = size;
            this.align = align;
            this.entsize = entsize;
        }
    }

    /** A symbol table entry about to be written. */
    private record Sym(String name, long value, int size, int info, int shndx) {
    }

    /**
     * Returns the bytes of the relocatable object file ({@code ET_REL}) for {@code o}.
     *
     * <p>Every section gets a local section symbol; a model symbol of type {@link Symbol.Type#SECTION} (named
     * either "" or after its section) supplies that symbol's value and size instead of being written twice. A
     * relocation names its symbol: the first symbol of that name that is not a section symbol, or else the
     * section symbol of the section of that name; a name that matches neither gets an undefined global
     * symbol appended to the table, as an assembler does for an external reference. A relocation whose
     * symbol is null or "" is written with symbol index 0 (no symbol).
     *
     * @param o the object; it is not modified
     * @return the file's bytes
     * @throws IllegalArgumentException when the model cannot be represented (see the class comment)
     */
    public static byte[] writeObject(ObjectFile o) {
        List<Section> secs = o.sections();
        Map<String, Integer> secIndex = new HashMap<>();
        List<Shdr> shdrs = new ArrayList<>();
        shdrs.add(new Shdr("", Elf.SHT_NULL, 0, 0, null, 0, 0, 0));
        for (Section s : secs) {
            checkSectionType(s.name(), s.type());
            checkAlign(s.name(), s.align());
            secIndex.put(s.name(), shdrs.size());
            shdrs.add(new Shdr(s.name(), s.type(), s.flags(), 0, s.isNobits() ? null : s.data(), s.size(), s.align(), 0));
        }
        Set<String> names = new HashSet<>(secIndex.keySet());
        List<Section> relocated = new ArrayList<>();
        for (Section s : secs) {
            if (!s.relocations().isEmpty()) {
                if (s.isNobits()) {
                    throw new IllegalArgumentException("section " + s.name() + " has no contents but has relocations");
                }
                relocated.add(s);
                reserveName(names, ".rela" + s.name());
            }
        }
        reserveName(names, ".symtab");
        reserveName(names, ".strtab");
        reserveName(names, ".shstrtab");

        // Symbols: null, FILE locals, section symbols, other locals, globals.
        Symbol[] sectionSym = new Symbol[secs.size()];
        List<Symbol> files = new ArrayList<>();
        List<Symbol> locals = new ArrayList<>();
        List<Symbol> globals = new ArrayList<>();
        for (Symbol s : o.symbols()) {
            if (s.type() == Symbol.Type.SECTION) {
                Integer idx = s.section() == null ? null : secIndex.get(s.section());
                if (idx == null) {
                    throw new IllegalArgumentException("section symbol for unknown section " + s.section());
                }
                if (s.binding() != Symbol.Binding.LOCAL) {
                    throw new IllegalArgumentException("section symbol for " + s.section() + " is not local");
                }
                if (sectionSym[idx - 1] != null) {
                    throw new IllegalArgumentException("two section symbols for " + s.section());
                }
                sectionSym[idx - 1] = s;
            } else if (s.binding() == Symbol.Binding.LOCAL) {
                (s.type() == Symbol.Type.FILE ? files : locals).add(s);
            } else {
                globals.add(s);
            }
        }
        List<Sym> syms = new ArrayList<>();
        syms.add(new Sym("", 0, 0, 0, Elf.SHN_UNDEF));
        Map<String, Integer> symByName = new HashMap<>();
        Map<String, Integer> symBySection = new HashMap<>();
        for (Symbol s : files) {
            addModelSymbol(syms, symByName, s, secIndex);
        }
        for (int i = 0; i < secs.size(); i++) {
            Symbol m = sectionSym[i];
            symBySection.put(secs.get(i).name(), syms.size());
            syms.add(new Sym("", m == null ? 0 : checkValue(m), m == null ? 0 : m.size(),
                    info(Symbol.Binding.LOCAL, Symbol.Type.SECTION), i + 1));
        }
        for (Symbol s : locals) {
            addModelSymbol(syms, symByName, s, secIndex);
        }
        int firstGlobal = syms.size();
        for (Symbol s : globals) {
            addModelSymbol(syms, symByName, s, secIndex);
        }

        // Relocations, resolving symbol names to indices (appending undefined globals as needed).
        List<byte[]> relaData = new ArrayList<>();
        for (Section s : relocated) {
            Elf.Sink out = new Elf.Sink();
            for (Relocation r : s.relocations()) {
                if (r.type() == null) {
                    throw new IllegalArgumentException("relocation without a type in " + s.name());
                }
                long end = (long) r.offset() + (r.type() == scmp.isa.RelocType.NONE ? 0 : r.type().size());
                if (r.offset() < 0 || end > s.size()) {
                    throw new IllegalArgumentException(String.format("relocation at offset 0x%x is outside %s (size 0x%x)",
                            r.offset(), s.name(), s.size()));
                }
                int symIndex;
                String name = r.symbol();
                if (name == null || name.isEmpty()) {
                    symIndex = 0;
                } else if (symByName.containsKey(name)) {
                    symIndex = symByName.get(name);
                    if (symIndex < 0) {
                        throw new IllegalArgumentException("relocation in " + s.name() + " against " + name
                                + ", a name that more than one symbol has");
                    }
                } else if (symBySection.containsKey(name)) {
                    symIndex = symBySection.get(name);
                } else {
                    symIndex = syms.size();
                    syms.add(new Sym(name, 0, 0, info(Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE), Elf.SHN_UNDEF));
                    symByName.put(name, symIndex);
                }
                out.u32(r.offset() & 0xFFFFFFFFL).u32(((long) symIndex << 8) | r.type().code).u32(r.addend());
            }
            relaData.add(out.toByteArray());
        }
        if (syms.size() > 0xFFFFFF) {
            throw new IllegalArgumentException("too many symbols for ELF32 relocations");
        }

        int symtabIndex = shdrs.size() + relocated.size();
        for (int i = 0; i < relocated.size(); i++) {
            byte[] d = relaData.get(i);
            Shdr h = new Shdr(".rela" + relocated.get(i).name(), Elf.SHT_RELA, Elf.SHF_INFO_LINK, 0, d, d.length, 4,
                    Elf.RELA_SIZE);
            h.link = symtabIndex;
            h.info = secIndex.get(relocated.get(i).name());
            shdrs.add(h);
        }
        addSymbolTables(shdrs, syms, firstGlobal);
        return emit(Elf.ET_REL, 0, MachineKind.eFlags(o.machine()), shdrs, false);
    }

    /**
     * Returns the bytes of the executable file ({@code ET_EXEC}) for {@code e}.
     *
     * <p>Allocated sections of non-zero size get one {@code PT_LOAD} each: readable always, writable when the
     * section has {@code SHF_WRITE}, executable when it has {@code SHF_EXECINSTR}; {@code p_filesz} is 0 for
     * {@code SHT_NOBITS}; {@code p_align} is the section's alignment, and the file offset is congruent to the
     * address modulo that alignment. Non-allocated sections are written too, without a program header.
     * Symbols are written locals first; section symbols with an empty name.
     *
     * @param e the executable
     * @return the file's bytes
     * @throws IllegalArgumentException when the model cannot be represented (see the class comment)
     */
    public static byte[] writeExecutable(Executable e) {
        Map<String, Integer> secIndex = new HashMap<>();
        List<Shdr> shdrs = new ArrayList<>();
        shdrs.add(new Shdr("", Elf.SHT_NULL, 0, 0, null, 0, 0, 0));
        Set<String> names = new HashSet<>();
        for (Executable.PlacedSection s : e.sections()) {
            if (s.name() == null) {
                throw new IllegalArgumentException("section without a name");
            }
            checkSectionType(s.name(), s.type());
            checkAlign(s.name(), s.align());
            reserveName(names, s.name());
            byte[] data = s.isNobits() ? null : s.data() == null ? new byte[0] : s.data();
            if (s.size() < 0 || (data != null && data.length != s.size())) {
                throw new IllegalArgumentException("section " + s.name() + " has size " + s.size() + " but "
                        + (data == null ? 0 : data.length) + " bytes of contents");
            }
            secIndex.put(s.name(), shdrs.size());
            shdrs.add(new Shdr(s.name(), s.type(), s.flags(), s.address() & 0xFFFFFFFFL, data, s.size(),
                    Math.max(1, s.align()), 0));
        }
        reserveName(names, ".symtab");
        reserveName(names, ".strtab");
        reserveName(names, ".shstrtab");

        List<Sym> syms = new ArrayList<>();
        syms.add(new Sym("", 0, 0, 0, Elf.SHN_UNDEF));
        Map<String, Integer> ignored = new HashMap<>();
        for (Symbol s : e.symbols()) {
            if (s.binding() == Symbol.Binding.LOCAL) {
                addModelSymbol(syms, ignored, s, secIndex);
            }
        }
        int firstGlobal = syms.size();
        for (Symbol s : e.symbols()) {
            if (s.binding() != Symbol.Binding.LOCAL) {
                addModelSymbol(syms, ignored, s, secIndex);
            }
        }
        addSymbolTables(shdrs, syms, firstGlobal);
        return emit(Elf.ET_EXEC, e.entry(), MachineKind.eFlags(e.machine()), shdrs, true);
    }

    private static void checkSectionType(String name, int type) {
        switch (type) {
            case Elf.SHT_NULL, Elf.SHT_SYMTAB, Elf.SHT_RELA, Elf.SHT_REL, Elf.SHT_DYNSYM,
                    Elf.SHT_DYNAMIC, Elf.SHT_HASH, Elf.SHT_GROUP, Elf.SHT_SYMTAB_SHNDX ->
                throw new IllegalArgumentException("section " + name + " has type " + type
                        + ", which the writer generates itself or does not support");
            default -> {
            }
        }
    }

    private static void checkAlign(String name, int align) {
        if (align < 0 || Integer.bitCount(Math.max(1, align)) != 1) {
            throw new IllegalArgumentException("section " + name + " has alignment " + align
                    + ", which is not a power of two");
        }
    }

    private static void reserveName(Set<String> names, String name) {
        if (!names.add(name)) {
            throw new IllegalArgumentException("two sections named " + name);
        }
    }

    private static int info(Symbol.Binding b, Symbol.Type t) {
        return b.code << 4 | t.code;
    }

    private static long checkValue(Symbol s) {
        if (s.value() < Integer.MIN_VALUE || s.value() > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("value of symbol " + s.name() + " does not fit in 32 bits");
        }
        return s.value() & 0xFFFFFFFFL;
    }

    private static void addModelSymbol(List<Sym> syms, Map<String, Integer> byName, Symbol s,
            Map<String, Integer> secIndex) {
        if (s.binding() == null || s.type() == null || s.name() == null) {
            throw new IllegalArgumentException("symbol with a null name, binding or type");
        }
        int shndx;
        if (s.section() == null) {
            shndx = Elf.SHN_UNDEF;
        } else if (s.section().equals(Symbol.ABSOLUTE)) {
            shndx = Elf.SHN_ABS;
        } else if (s.section().equals(Symbol.COMMON)) {
            shndx = Elf.SHN_COMMON;
        } else {
            Integer idx = secIndex.get(s.section());
            if (idx == null) {
                throw new IllegalArgumentException("symbol " + s.name() + " is defined in unknown section " + s.section());
            }
            shndx = idx;
        }
        if (s.type() == Symbol.Type.SECTION && (shndx >= Elf.SHN_LORESERVE || shndx == Elf.SHN_UNDEF)) {
            throw new IllegalArgumentException("section symbol " + s.name() + " has no section");
        }
        String name = s.type() == Symbol.Type.SECTION ? "" : s.name();
        if (!name.isEmpty()) {
            // A name defined twice maps to -1: a relocation against it would be ambiguous.
            byName.merge(name, syms.size(), (a, b) -> -1);
        }
        syms.add(new Sym(name, checkValue(s), s.size(), info(s.binding(), s.type()), shndx));
    }

    /** Appends .symtab, .strtab and .shstrtab (the last one's name table is filled in by {@link #emit}). */
    private static void addSymbolTables(List<Shdr> shdrs, List<Sym> syms, int firstGlobal) {
        Elf.StringTable strtab = new Elf.StringTable();
        Elf.Sink out = new Elf.Sink();
        for (Sym s : syms) {
            out.u32(strtab.add(s.name())).u32(s.value()).u32(s.size() & 0xFFFFFFFFL).u8(s.info()).u8(0).u16(s.shndx());
        }
        byte[] symData = out.toByteArray();
        int symtabIndex = shdrs.size();
        Shdr symtab = new Shdr(".symtab", Elf.SHT_SYMTAB, 0, 0, symData, symData.length, 4, Elf.SYM_SIZE);
        symtab.link = symtabIndex + 1;
        symtab.info = firstGlobal;
        shdrs.add(symtab);
        byte[] str = strtab.bytes();
        shdrs.add(new Shdr(".strtab", Elf.SHT_STRTAB, 0, 0, str, str.length, 1, 0));
    }

    /** Adds .shstrtab, lays the file out and serializes it. */
    private static byte[] emit(int elfType, int entry, int flags, List<Shdr> shdrs, boolean segments) {
        Elf.StringTable shstr = new Elf.StringTable();
        int[] nameOff = new int[shdrs.size() + 1];
        for (int i = 0; i < shdrs.size(); i++) {
            nameOff[i] = shstr.add(shdrs.get(i).name);
        }
        nameOff[shdrs.size()] = shstr.add(".shstrtab");
        byte[] shstrData = shstr.bytes();
        shdrs.add(new Shdr(".shstrtab", Elf.SHT_STRTAB, 0, 0, shstrData, shstrData.length, 1, 0));
        if (shdrs.size() >= Elf.SHN_LORESERVE) {
            throw new IllegalArgumentException("too many sections (" + shdrs.size() + ")");
        }

        List<Shdr> loads = new ArrayList<>();
        if (segments) {
            for (Shdr h : shdrs) {
                if ((h.flags & Section.SHF_ALLOC) != 0 && h.size > 0) {
                    loads.add(h);
                }
            }
        }
        long offset = Elf.EHDR_SIZE + (long) loads.size() * Elf.PHDR_SIZE;
        for (Shdr h : shdrs) {
            if (h.type == Elf.SHT_NULL) {
                continue;
            }
            if (h.type == Elf.SHT_NOBITS) {
                // No bytes in the file: the nearest congruent offset at or below the current one keeps a
                // huge alignment from pointing far past the end of the file.
                long down = offset - Math.floorMod(offset - Long.remainderUnsigned(segments ? h.addr : 0, Math.max(1, h.align)),
                        (long) Math.max(1, h.align));
                h.offset = down >= 0 ? down : congruent(offset, h.align, segments ? h.addr : 0);
                continue;
            }
            long at = congruent(offset, h.align, segments ? h.addr : 0);
            h.offset = at;
            offset = at + h.data.length;
        }
        long shoff = (offset + 3) & ~3L;
        if (shoff + (long) shdrs.size() * Elf.SHDR_SIZE > 0x7FFFFFF0L) {
            throw new IllegalArgumentException("file too large");
        }

        Elf.Sink out = new Elf.Sink();
        out.u8(0x7F).u8('E').u8('L').u8('F').u8(Elf.ELFCLASS32).u8(Elf.ELFDATA2LSB).u8(Elf.EV_CURRENT).u8(0);
        out.padTo(16);
        out.u16(elfType).u16(scmp.isa.Abi.EM_SCMP).u32(Elf.EV_CURRENT).u32(entry & 0xFFFFFFFFL);
        out.u32(loads.isEmpty() ? 0 : Elf.EHDR_SIZE).u32(shoff).u32(flags);
        out.u16(Elf.EHDR_SIZE).u16(loads.isEmpty() ? 0 : Elf.PHDR_SIZE).u16(loads.size());
        out.u16(Elf.SHDR_SIZE).u16(shdrs.size()).u16(shdrs.size() - 1);
        for (Shdr h : loads) {
            int pflags = Elf.PF_R | ((h.flags & Section.SHF_WRITE) != 0 ? Elf.PF_W : 0)
                    | ((h.flags & Section.SHF_EXECINSTR) != 0 ? Elf.PF_X : 0);
            long filesz = h.type == Elf.SHT_NOBITS ? 0 : h.size;
            out.u32(Elf.PT_LOAD).u32(h.offset).u32(h.addr).u32(h.addr).u32(filesz).u32(h.size).u32(pflags)
                    .u32(Math.max(1, h.align));
        }
        for (Shdr h : shdrs) {
            if (h.type != Elf.SHT_NULL && h.type != Elf.SHT_NOBITS) {
                out.padTo(h.offset).bytes(h.data);
            }
        }
        out.padTo(shoff);
        for (int i = 0; i < shdrs.size(); i++) {
            Shdr h = shdrs.get(i);
            if (h.type == Elf.SHT_NULL) {
                out.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);
                continue;
            }
            out.u32(nameOff[i]).u32(h.type).u32(h.flags & 0xFFFFFFFFL).u32(h.addr).u32(h.offset).u32(h.size)
                    .u32(h.link).u32(h.info).u32(h.align).u32(h.entsize);
        }
        return out.toByteArray();
    }

    /** The least offset at or after {@code offset} that is congruent to {@code addr} modulo {@code align}. */
    private static long congruent(long offset, long align, long addr) {
        if (align <= 1) {
            return offset;
        }
        long want = Long.remainderUnsigned(addr, align);
        long have = offset % align;
        return offset + Math.floorMod(want - have, align);
    }
}
