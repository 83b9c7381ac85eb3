package scmp.link;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.RelocType;

/**
 * The SCMP static linker: it resolves the symbols of relocatable objects and archive members, lays their
 * sections out as docs/abi.md prescribes, applies the relocations and produces an {@link Executable} and a
 * link map. docs/linker.md describes the rules in full; in short:
 *
 * <ul>
 *   <li>Inputs are processed in order. Objects are always linked. An archive member is linked only when it
 *       defines a global symbol that is still undefined (and referenced by a non-weak reference); after the
 *       last input every archive is scanned again, in order, until no archive adds a member.</li>
 *   <li>A strong definition wins over weak ones and over common symbols; two strong definitions are an
 *       error. Common symbols of the same name merge into one of the largest size and the largest alignment,
 *       allocated at the end of {@code .bss}; a common symbol wins over weak definitions. An undefined weak
 *       symbol resolves to 0. Local symbols, section symbols included, are private to their object.</li>
 *   <li>Output sections are {@code .text}, {@code .rodata}, {@code .data} and {@code .bss}, contiguous in that
 *       order from the text base; non-allocated sections are concatenated by name at address 0.</li>
 *   <li>The linker defines {@code _etext}, {@code _edata}, {@code __bss_start}, {@code _end} and
 *       {@code __heap_start} unless an input defines them.</li>
 * </ul>
 *
 * <p>The linker does not modify its inputs.
 */
public final class Linker {

    /** The end of {@code .text}. */
    public static final String ETEXT = "_etext";
    /** The end of {@code .data}. */
    public static final String EDATA = "_edata";
    /** The start of {@code .bss}. */
    public static final String BSS_START = "__bss_start";
    /** The end of the image, the end of {@code .bss} rounded up to 8: the start of the heap. */
    public static final String END = "_end";
    /** The start of the heap, equal to {@code _end}. */
    public static final String HEAP_START = "__heap_start";

    /** The alignment of {@code _end}, the start of the heap. */
    static final int END_ALIGN = 8;

    /**
     * Section types that describe the object itself rather than program contents (null, symbol, string,
     * relocation, hash, dynamic, group and index tables): never linked as sections.
     */
    private static final Set<Integer> METADATA_TYPES = Set.of(0, 2, 3, 4, 5, 6, 9, 11, 17, 18);

    /** Names a non-allocated input section may not have: allocated output sections and the ELF tables. */
    private static final Set<String> RESERVED_NAMES = Set.of(".text", ".rodata", ".data", ".bss", ".symtab",
            ".strtab", ".shstrtab");

    /**
     * Links objects and archives into an executable.
     *
     * @param inputs  the objects and archives in command-line order
     * @param options the layout, entry and memory-size options
     * @return the executable and the link map text
     * @throws LinkException listing every error found (malformed input, multiple definitions, undefined
     *                       references, a missing entry symbol, an image too big for a node's memory, relocation
     *                       values that do not fit their field)
     */
    public static LinkResult link(List<LinkInput> inputs, LinkOptions options) throws LinkException {
        return new Linker(inputs, options).run();
    }

    // ------------------------------------------------------------------ model

    /** How a global symbol is defined. */
    enum Def {
        NONE, WEAK, COMMON, STRONG, LINKER
    }

    /** The link-wide state of one global symbol name. */
    static final class Global {
        final String name;
        Def def = Def.NONE;
        /** The object holding the winning definition (for COMMON, the one with the largest size). */
        Loaded definer;
        /** The winning definition's symbol. */
        Symbol symbol;
        long commonSize;
        long commonAlign = 1;
        long commonOffset;
        /** Whether some object refers to the symbol with a non-weak reference (only those pull members in). */
        boolean strongRef;
        /** The first object (or "entry point") that referenced the symbol with a non-weak reference. */
        String firstRefFile;
        /** The first relocation site with a non-weak reference, {@code obj:section+0xoff}. */
        String firstSite;
        long address;

        Global(String name) {
            this.name = name;
        }

        boolean isDefined() {
            return def != Def.NONE;
        }
    }

    /** An object that is part of the link, and where its sections went. */
    static final class Loaded {
        final ObjectFile object;
        final Map<String, Symbol> locals = new HashMap<>();
        final Set<String> globalNames = new HashSet<>();
        final Set<String> weakUndefined = new HashSet<>();
        final Map<Section, Piece> pieces = new IdentityHashMap<>();
        final List<Section> sections = new ArrayList<>();
        private final Map<String, Section> byName = new HashMap<>();

        Loaded(ObjectFile object) {
            this.object = object;
        }

        String name() {
            return object.name();
        }

        void add(Section s) {
            sections.add(s);
            byName.putIfAbsent(s.name(), s);
        }

        Section section(String name) {
            return byName.get(name);
        }
    }

    /** An input section placed in an output section. */
    static final class Piece {
        final Loaded owner;
        final Section section;
        final OutSection out;
        long offset;

        Piece(Loaded owner, Section section, OutSection out) {
            this.owner = owner;
            this.section = section;
            this.out = out;
        }

        long address() {
            return out.address + offset;
        }
    }

    /** An output section. */
    static final class OutSection {
        final String name;
        final boolean alloc;
        int type;
        int flags;
        long align = 1;
        long address;
        long size;
        final List<Piece> pieces = new ArrayList<>();
        final List<Global> commons = new ArrayList<>();
        byte[] data;

        OutSection(String name, boolean alloc, int type, int flags) {
            this.name = name;
            this.alloc = alloc;
            this.type = type;
            this.flags = flags;
        }
    }

    /** An archive member that was linked, and the reference that pulled it in. */
    record Inclusion(String member, String referencer, String symbol) {
    }

    /** A definition that lost symbol resolution. */
    record Discard(String symbol, String file, String reason) {
    }

    /** An archive input and which of its members are linked. */
    private static final class ArchiveState {
        final LinkInput.ArchiveInput input;
        final boolean[] linked;
        final List<List<String>> definitions = new ArrayList<>();

        ArchiveState(LinkInput.ArchiveInput input) {
            this.input = input;
            this.linked = new boolean[input.members().size()];
            for (ObjectFile m : input.members()) {
                List<String> defs = new ArrayList<>();
                for (Symbol s : m.symbols()) {
                    if (s.isDefined() && s.isGlobal() && !s.name().isEmpty() && s.type() != Symbol.Type.SECTION
                            && s.type() != Symbol.Type.FILE) {
                        defs.add(s.name());
                    }
                }
                definitions.add(defs);
            }
        }
    }

    // ------------------------------------------------------------------ state

    private final List<LinkInput> inputs;
    final LinkOptions options;
    private final List<String> errors = new ArrayList<>();
    final List<Loaded> loaded = new ArrayList<>();
    private final Set<ObjectFile> loadedObjects = Collections.newSetFromMap(new IdentityHashMap<>());
    final Map<String, Global> globals = new LinkedHashMap<>();
    final List<Inclusion> inclusions = new ArrayList<>();
    final List<Discard> discards = new ArrayList<>();
    final OutSection text = new OutSection(".text", true, Section.SHT_PROGBITS,
            Section.SHF_ALLOC | Section.SHF_EXECINSTR);
    final OutSection rodata = new OutSection(".rodata", true, Section.SHT_PROGBITS, Section.SHF_ALLOC);
    final OutSection data = new OutSection(".data", true, Section.SHT_PROGBITS,
            Section.SHF_ALLOC | Section.SHF_WRITE);
    final OutSection bss = new OutSection(".bss", true, Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE);
    final Map<String, OutSection> nonAlloc = new LinkedHashMap<>();
    /** Values of the linker-defined symbols, in definition order. */
    final Map<String, Long> linkerValues = new LinkedHashMap<>();
    long entryAddress;
    long heapEnd;

    private Linker(List<LinkInput> inputs, LinkOptions options) {
        this.inputs = List.copyOf(inputs);
        this.options = options;
    }

    List<OutSection> allocSections() {
        return List.of(text, rodata, data, bss);
    }

    // ------------------------------------------------------------------ driver

    private LinkResult run() throws LinkException {
        if (inputs.isEmpty()) {
            throw new LinkException("no input files");
        }
        checkOptions();
        Long numericEntry = parseNumber(options.entry());
        if (numericEntry == null) {
            Global g = global(options.entry());
            g.strongRef = true;
            g.firstRefFile = "entry point";
        }
        List<ArchiveState> archives = new ArrayList<>();
        for (LinkInput in : inputs) {
            if (in instanceof LinkInput.ObjectInput o) {
                load(o.object());
            } else if (in instanceof LinkInput.ArchiveInput a) {
                ArchiveState st = new ArchiveState(a);
                archives.add(st);
                scan(st);
            }
        }
        // Rescan every archive until none adds a member, so the order of archives does not matter.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ArchiveState st : archives) {
                changed |= scan(st);
            }
        }

        MachineKind machine = machine();
        layout();
        defineLinkerSymbols();
        for (Global g : globals.values()) {
            if (!g.isDefined() && g.strongRef && g.firstSite != null) {
                errors.add("undefined reference to `" + g.name + "' (referenced from " + g.firstSite + ")");
            }
        }
        Global entryGlobal = globals.get(options.entry());
        boolean entryDefined = entryGlobal != null && entryGlobal.isDefined();
        if (!entryDefined && numericEntry == null) {
            errors.add("entry symbol " + options.entry() + " not defined");
        }
        if (!errors.isEmpty()) {
            throw new LinkException(errors);
        }

        checkFit();
        assignGlobalAddresses();
        entryAddress = entryDefined ? entryGlobal.address : numericEntry;
        // The entry must be an instruction: inside .text and word-aligned, or the program cannot start.
        if (entryAddress < text.address || entryAddress >= text.address + text.size || (entryAddress & 3) != 0) {
            String what = entryDefined ? "entry symbol " + options.entry() + " (0x" + Long.toHexString(entryAddress)
                    + ")" : "entry point 0x" + Long.toHexString(entryAddress);
            errors.add(text.size == 0 ? what + " is not an instruction: the program has no .text"
                    : String.format("%s is not an instruction of .text (0x%x..0x%x, word-aligned)", what,
                            text.address, text.address + text.size - 4));
            throw new LinkException(errors);
        }
        buildData();
        relocate();
        if (!errors.isEmpty()) {
            throw new LinkException(errors);
        }
        Executable exe = new Executable(machine, (int) entryAddress, placedSections(), symbolTable());
        return new LinkResult(exe, LinkMap.format(this));
    }

    /**
     * The machine model of the program: the options', else the one of the objects that name one (objects that
     * link with any model do not count), else SCMP. The first object for another model is an error naming it
     * (docs/linker.md, "Machine models").
     */
    private MachineKind machine() {
        Loaded first = null;
        for (Loaded l : loaded) {
            MachineKind m = l.object.machine();
            if (m == null) {
                continue;
            }
            if (options.machine() != null && m != options.machine()) {
                errors.add(l.name() + " is for the " + m.id() + " machine model, but the program is for "
                        + options.machine().id());
                break;
            }
            if (first == null) {
                first = l;
            } else if (m != first.object.machine()) {
                errors.add("cannot link " + l.name() + " (machine model " + m.id() + ") with " + first.name()
                        + " (machine model " + first.object.machine().id() + ")");
                break;
            }
        }
        return options.machine() != null ? options.machine() : first != null ? first.object.machine()
                : MachineKind.SCMP;
    }

    private void checkOptions() throws LinkException {
        if (Integer.toUnsignedLong(options.textBase()) < Abi.NULL_GUARD) {
            throw new LinkException(String.format("text base 0x%x lies in the null guard; it must be at least 0x%x",
                    Integer.toUnsignedLong(options.textBase()), Abi.NULL_GUARD));
        }
        if (options.memSize() <= 0 || options.memSize() > Abi.MAX_MEM_SIZE) {
            throw new LinkException(String.format("memory size 0x%x is not in 1..0x%x", options.memSize(),
                    Abi.MAX_MEM_SIZE));
        }
        if (options.entry().isEmpty()) {
            throw new LinkException("the entry symbol name is empty");
        }
    }

    /** Parses a decimal or 0x-prefixed hexadecimal number, or returns null. */
    static Long parseNumber(String s) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return s.length() > 2 ? Long.parseLong(s.substring(2), 16) : null;
            }
            return s.chars().allMatch(Character::isDigit) && !s.isEmpty() ? Long.parseLong(s) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Global global(String name) {
        return globals.computeIfAbsent(name, Global::new);
    }

    // ------------------------------------------------------------------ resolution

    /** Links the members of {@code st} that define undefined symbols, repeating; returns whether any was. */
    private boolean scan(ArchiveState st) {
        boolean any = false;
        boolean progress = true;
        while (progress) {
            progress = false;
            List<ObjectFile> members = st.input.members();
            for (int i = 0; i < members.size(); i++) {
                if (st.linked[i] || loadedObjects.contains(members.get(i))) {
                    continue;
                }
                for (String d : st.definitions.get(i)) {
                    Global g = globals.get(d);
                    if (g != null && !g.isDefined() && g.strongRef) {
                        st.linked[i] = true;
                        inclusions.add(new Inclusion(members.get(i).name(), g.firstRefFile, d));
                        load(members.get(i));
                        progress = true;
                        any = true;
                        break;
                    }
                }
            }
        }
        return any;
    }

    private void load(ObjectFile obj) {
        Loaded l = new Loaded(obj);
        loaded.add(l);
        loadedObjects.add(obj);
        for (Section s : obj.sections()) {
            if (METADATA_TYPES.contains(s.type())) {
                continue;
            }
            if (Integer.bitCount(s.align()) != 1) {
                errors.add(obj.name() + ": section " + s.name() + " has alignment " + s.align()
                        + ", which is not a power of two");
            }
            if (!s.isAlloc() && RESERVED_NAMES.contains(s.name())) {
                errors.add(obj.name() + ": section " + s.name() + " is not allocated, but that name is reserved "
                        + "for an output section of the executable");
            }
            l.add(s);
        }
        for (Symbol sym : obj.symbols()) {
            String sec = sym.section();
            if (sec != null && !Symbol.ABSOLUTE.equals(sec) && !Symbol.COMMON.equals(sec) && l.section(sec) == null) {
                errors.add(obj.name() + ": symbol `" + displayName(sym) + "' is defined in section " + sec
                        + ", which the object does not have");
                continue;
            }
            if (sym.binding() == Symbol.Binding.LOCAL) {
                if (Symbol.COMMON.equals(sec)) {
                    errors.add(obj.name() + ": local symbol `" + sym.name() + "' cannot be a common symbol");
                } else if (sym.isDefined() && sym.type() != Symbol.Type.FILE && !sym.name().isEmpty()) {
                    l.locals.putIfAbsent(sym.name(), sym);
                }
                continue;
            }
            if (sym.name().isEmpty() || sym.type() == Symbol.Type.SECTION || sym.type() == Symbol.Type.FILE) {
                continue;
            }
            l.globalNames.add(sym.name());
            Global g = global(sym.name());
            if (!sym.isDefined()) {
                if (sym.binding() == Symbol.Binding.WEAK) {
                    l.weakUndefined.add(sym.name());
                } else {
                    strongReference(g, obj.name());
                }
            } else {
                define(g, l, sym);
            }
        }
        for (Section s : l.sections) {
            for (Relocation r : s.relocations()) {
                String site = site(obj, s, r.offset());
                if (r.type() == null) {
                    errors.add(site + ": relocation has no type");
                    continue;
                }
                if (s.isNobits()) {
                    errors.add(site + ": relocation in section " + s.name() + ", which has no contents");
                    continue;
                }
                if (r.offset() < 0 || (long) r.offset() + r.type().size() > s.size()) {
                    errors.add(site + ": relocation " + r.type().elfName() + " lies outside section " + s.name()
                            + " (size 0x" + Integer.toHexString(s.size()) + ")");
                    continue;
                }
                String name = r.symbol();
                if (r.type() == RelocType.NONE || name == null || name.isEmpty() || isLocal(l, name)) {
                    continue;
                }
                Global g = global(name);
                if (!l.globalNames.contains(name)) {
                    strongReference(g, obj.name()); // a reference without a symbol table entry
                }
                if (!l.weakUndefined.contains(name) && g.firstSite == null) {
                    g.firstSite = site + enclosing(obj, s, r.offset());
                }
            }
        }
    }

    private static String displayName(Symbol sym) {
        return sym.name().isEmpty() ? String.valueOf(sym.section()) : sym.name();
    }

    private static void strongReference(Global g, String file) {
        if (!g.strongRef) {
            g.strongRef = true;
            g.firstRefFile = file;
        }
    }

    /** Whether {@code name}, as a relocation's symbol in {@code l}, means a local or section symbol. */
    private static boolean isLocal(Loaded l, String name) {
        return l.locals.containsKey(name) || (!l.globalNames.contains(name) && l.section(name) != null);
    }

    /**
     * {@code " in `main'"} (or {@code " in `main+0x8'"}) for the named symbol of section {@code s} that is
     * nearest at or before {@code offset}, so that a message names the function that made the reference;
     * empty when there is none.
     */
    static String enclosing(ObjectFile obj, Section s, long offset) {
        Symbol best = null;
        for (Symbol sym : obj.symbols()) {
            if (s.name().equals(sym.section()) && !sym.name().isEmpty() && sym.type() != Symbol.Type.SECTION
                    && sym.type() != Symbol.Type.FILE && sym.value() <= offset
                    && (best == null || sym.value() > best.value()
                    || sym.value() == best.value() && sym.isGlobal() && !best.isGlobal())) {
                best = sym;
            }
        }
        if (best == null) {
            return "";
        }
        long delta = offset - best.value();
        return " in `" + best.name() + (delta == 0 ? "" : "+0x" + Long.toHexString(delta)) + "'";
    }

    static String site(ObjectFile obj, Section s, long offset) {
        return obj.name() + ":" + s.name() + "+0x" + Long.toHexString(offset);
    }

    private void define(Global g, Loaded l, Symbol sym) {
        boolean common = Symbol.COMMON.equals(sym.section());
        if (common) {
            long size = Integer.toUnsignedLong(sym.size());
            long align = Math.max(1, sym.value());
            if (Long.bitCount(align) != 1 || align > 1 << 16) {
                errors.add(l.name() + ": common symbol `" + g.name + "' has alignment " + sym.value()
                        + ", which is not a power of two up to 65536");
                return;
            }
            switch (g.def) {
                case NONE -> setCommon(g, l, sym, size, align);
                case WEAK -> {
                    discards.add(new Discard(g.name, g.definer.name(),
                            "weak definition; overridden by the common symbol in " + l.name()));
                    setCommon(g, l, sym, size, align);
                }
                case COMMON -> {
                    g.commonAlign = Math.max(g.commonAlign, align);
                    if (size > g.commonSize) {
                        discards.add(new Discard(g.name, g.definer.name(), "common symbol of size 0x"
                                + Long.toHexString(g.commonSize) + "; merged into the larger one in " + l.name()));
                        g.commonSize = size;
                        g.definer = l;
                        g.symbol = sym;
                    } else {
                        discards.add(new Discard(g.name, l.name(), "common symbol of size 0x" + Long.toHexString(size)
                                + "; merged into the one in " + g.definer.name()));
                    }
                }
                case STRONG -> discards.add(new Discard(g.name, l.name(),
                        "common symbol; the definition in " + g.definer.name() + " is used"));
                default -> throw new AssertionError(g.def);
            }
        } else if (sym.binding() == Symbol.Binding.WEAK) {
            switch (g.def) {
                case NONE -> set(g, Def.WEAK, l, sym);
                case WEAK -> discards.add(new Discard(g.name, l.name(),
                        "weak definition; the earlier weak definition in " + g.definer.name() + " is used"));
                case COMMON -> discards.add(new Discard(g.name, l.name(),
                        "weak definition; the common symbol in " + g.definer.name() + " is used"));
                case STRONG -> discards.add(new Discard(g.name, l.name(),
                        "weak definition; the definition in " + g.definer.name() + " is used"));
                default -> throw new AssertionError(g.def);
            }
        } else {
            switch (g.def) {
                case NONE -> set(g, Def.STRONG, l, sym);
                case WEAK -> {
                    discards.add(new Discard(g.name, g.definer.name(),
                            "weak definition; overridden by the definition in " + l.name()));
                    set(g, Def.STRONG, l, sym);
                }
                case COMMON -> {
                    discards.add(new Discard(g.name, g.definer.name(),
                            "common symbol; overridden by the definition in " + l.name()));
                    set(g, Def.STRONG, l, sym);
                }
                case STRONG -> errors.add(l.name() + ": multiple definition of `" + g.name + "'; first defined in "
                        + g.definer.name());
                default -> throw new AssertionError(g.def);
            }
        }
    }

    private static void set(Global g, Def def, Loaded l, Symbol sym) {
        g.def = def;
        g.definer = l;
        g.symbol = sym;
    }

    private static void setCommon(Global g, Loaded l, Symbol sym, long size, long align) {
        set(g, Def.COMMON, l, sym);
        g.commonSize = size;
        g.commonAlign = align;
    }

    // ------------------------------------------------------------------ layout

    /** The output section an allocated input section goes to (docs/linker.md, "Layout"). */
    private OutSection classify(Section s) {
        if (!s.isAlloc()) {
            OutSection out = nonAlloc.get(s.name());
            if (out == null) {
                out = new OutSection(s.name(), false, s.type(), s.flags());
                nonAlloc.put(s.name(), out);
            } else {
                out.flags |= s.flags();
                if (!s.isNobits()) {
                    out.type = s.type();
                }
            }
            return out;
        }
        String n = s.name();
        if (s.isNobits()) {
            return bss;
        }
        if (matches(n, ".text")) {
            return text;
        }
        if (matches(n, ".rodata")) {
            return rodata;
        }
        if (matches(n, ".data") || matches(n, ".bss")) {
            return data;
        }
        if (s.isExec()) {
            return text;
        }
        return s.isWrite() ? data : rodata;
    }

    private static boolean matches(String name, String prefix) {
        return name.equals(prefix) || name.startsWith(prefix + ".");
    }

    static long alignUp(long v, long align) {
        return align <= 1 ? v : (v + align - 1) / align * align;
    }

    private void layout() {
        for (Loaded l : loaded) {
            for (Section s : l.sections) {
                OutSection out = classify(s);
                Piece p = new Piece(l, s, out);
                out.pieces.add(p);
                l.pieces.put(s, p);
            }
        }
        List<OutSection> all = new ArrayList<>(allocSections());
        all.addAll(nonAlloc.values());
        for (OutSection out : all) {
            long off = 0;
            for (Piece p : out.pieces) {
                off = alignUp(off, p.section.align());
                p.offset = off;
                off += p.section.size();
                out.align = Math.max(out.align, p.section.align());
            }
            out.size = off;
        }
        for (Global g : globals.values()) {
            if (g.def == Def.COMMON) {
                long off = alignUp(bss.size, g.commonAlign);
                g.commonOffset = off;
                bss.size = off + g.commonSize;
                bss.align = Math.max(bss.align, g.commonAlign);
                bss.commons.add(g);
            }
        }
        long cursor = Integer.toUnsignedLong(options.textBase());
        for (OutSection out : allocSections()) {
            cursor = alignUp(cursor, out.align);
            out.address = cursor;
            cursor += out.size;
        }
    }

    private void defineLinkerSymbols() {
        linkerValues.put(ETEXT, text.address + text.size);
        linkerValues.put(EDATA, data.address + data.size);
        linkerValues.put(BSS_START, bss.address);
        long end = alignUp(bss.address + bss.size, END_ALIGN);
        linkerValues.put(END, end);
        linkerValues.put(HEAP_START, end);
        for (Map.Entry<String, Long> e : linkerValues.entrySet()) {
            Global g = global(e.getKey());
            if (!g.isDefined()) {
                g.def = Def.LINKER;
                g.address = e.getValue();
            }
        }
    }

    /** The end of the image: {@code _end} as the linker computes it (even when an input defines the symbol). */
    long imageEnd() {
        return linkerValues.get(END);
    }

    private void checkFit() throws LinkException {
        long base = Integer.toUnsignedLong(options.textBase());
        if (base % text.align != 0) {
            throw new LinkException(String.format("text base 0x%x is not a multiple of the alignment of .text (%d)",
                    base, text.align));
        }
        heapEnd = Abi.heapEnd(options.memSize(), Abi.DEFAULT_STACK_SIZE, Abi.DEFAULT_CONTEXTS);
        if (imageEnd() > heapEnd) {
            throw new LinkException(String.format(
                    "image too big: it ends at 0x%x but the stacks of a node begin at 0x%x (memory size 0x%x, "
                            + "argument area 0x%x, %d contexts with 0x%x bytes of stack each); it is 0x%x bytes "
                            + "too big",
                    imageEnd(), heapEnd, options.memSize(), Abi.ARG_AREA, Abi.DEFAULT_CONTEXTS,
                    Abi.DEFAULT_STACK_SIZE, imageEnd() - heapEnd));
        }
    }

    private void assignGlobalAddresses() {
        for (Global g : globals.values()) {
            switch (g.def) {
                case STRONG, WEAK -> g.address = symbolAddress(g.definer, g.symbol);
                case COMMON -> g.address = bss.address + g.commonOffset;
                default -> {
                    // LINKER symbols already have their value; undefined weak symbols are 0.
                }
            }
        }
    }

    /** The address of a symbol defined in a section of {@code l}, or its value if absolute. */
    private static long symbolAddress(Loaded l, Symbol sym) {
        if (Symbol.ABSOLUTE.equals(sym.section())) {
            return sym.value();
        }
        Piece p = l.pieces.get(l.section(sym.section()));
        return p.address() + sym.value();
    }

    /** The output section that holds a defined global, or null when it is absolute. */
    OutSection outSectionOf(Global g) {
        return switch (g.def) {
            case COMMON -> bss;
            case STRONG, WEAK -> Symbol.ABSOLUTE.equals(g.symbol.section()) ? null
                    : g.definer.pieces.get(g.definer.section(g.symbol.section())).out;
            default -> null;
        };
    }

    // ------------------------------------------------------------------ contents and relocation

    private void buildData() {
        List<OutSection> all = new ArrayList<>(allocSections());
        all.addAll(nonAlloc.values());
        for (OutSection out : all) {
            if (out.type == Section.SHT_NOBITS) {
                out.data = new byte[0];
                continue;
            }
            out.data = new byte[(int) out.size];
            for (Piece p : out.pieces) {
                byte[] bytes = p.section.data();
                System.arraycopy(bytes, 0, out.data, (int) p.offset, bytes.length);
            }
        }
    }

    private void relocate() {
        for (Loaded l : loaded) {
            for (Section s : l.sections) {
                if (s.relocations().isEmpty()) {
                    continue;
                }
                Piece p = l.pieces.get(s);
                for (Relocation r : s.relocations()) {
                    if (r.type() == RelocType.NONE) {
                        continue;
                    }
                    long sym = resolve(l, r.symbol());
                    long place = p.address() + r.offset();
                    int pos = (int) (p.offset + r.offset());
                    boolean half = r.type().size() == 2;
                    int word = half ? readHalf(p.out.data, pos) : readWord(p.out.data, pos);
                    try {
                        int patched = r.type().apply(word, sym + r.addend(), place);
                        if (half) {
                            writeHalf(p.out.data, pos, patched);
                        } else {
                            writeWord(p.out.data, pos, patched);
                        }
                    } catch (EncodingException e) {
                        errors.add(site(l.object, s, r.offset()) + ": relocation " + r.type().elfName() + " against `"
                                + r.symbol() + "': " + e.getMessage());
                    }
                }
            }
        }
    }

    /** The value S of a relocation's symbol in {@code l}: a local, a section, a global, or 0. */
    private long resolve(Loaded l, String name) {
        if (name == null || name.isEmpty()) {
            return 0;
        }
        Symbol local = l.locals.get(name);
        if (local != null) {
            return symbolAddress(l, local);
        }
        if (!l.globalNames.contains(name)) {
            Section s = l.section(name);
            if (s != null) {
                return l.pieces.get(s).address();
            }
        }
        Global g = globals.get(name);
        return g == null ? 0 : g.address;
    }

    private static int readWord(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }

    private static int readHalf(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8;
    }

    private static void writeWord(byte[] b, int i, int w) {
        b[i] = (byte) w;
        b[i + 1] = (byte) (w >> 8);
        b[i + 2] = (byte) (w >> 16);
        b[i + 3] = (byte) (w >> 24);
    }

    private static void writeHalf(byte[] b, int i, int h) {
        b[i] = (byte) h;
        b[i + 1] = (byte) (h >> 8);
    }

    // ------------------------------------------------------------------ output

    private List<Executable.PlacedSection> placedSections() {
        List<Executable.PlacedSection> out = new ArrayList<>();
        List<OutSection> all = new ArrayList<>(allocSections());
        all.addAll(nonAlloc.values());
        for (OutSection o : all) {
            if (o.size > 0) {
                out.add(new Executable.PlacedSection(o.name, o.type, o.flags, (int) o.address, (int) o.size,
                        (int) o.align, o.data));
            }
        }
        return out;
    }

    /** The section name an executable symbol in {@code o} gets: absolute when {@code o} is empty (not placed). */
    private static String placedName(OutSection o) {
        return o == null || o.size == 0 ? Symbol.ABSOLUTE : o.name;
    }

    private List<Symbol> symbolTable() {
        List<Symbol> out = new ArrayList<>();
        for (Loaded l : loaded) {
            for (Symbol s : l.object.symbols()) {
                if (s.binding() != Symbol.Binding.LOCAL || s.type() == Symbol.Type.SECTION) {
                    continue;
                }
                if (s.type() == Symbol.Type.FILE) {
                    out.add(s);
                } else if (s.isDefined() && !s.name().isEmpty() && !Symbol.COMMON.equals(s.section())) {
                    String sec = Symbol.ABSOLUTE.equals(s.section()) ? Symbol.ABSOLUTE
                            : placedName(l.pieces.get(l.section(s.section())).out);
                    out.add(new Symbol(s.name(), sec, symbolAddress(l, s), s.size(), s.binding(), s.type()));
                }
            }
        }
        for (Global g : globals.values()) {
            switch (g.def) {
                case STRONG, WEAK, COMMON -> {
                    OutSection o = outSectionOf(g);
                    Symbol.Type type = g.def == Def.COMMON && g.symbol.type() == Symbol.Type.NOTYPE ? Symbol.Type.OBJECT
                            : g.symbol.type();
                    int size = g.def == Def.COMMON ? (int) g.commonSize : g.symbol.size();
                    Symbol.Binding binding = g.def == Def.WEAK ? Symbol.Binding.WEAK : Symbol.Binding.GLOBAL;
                    out.add(new Symbol(g.name, placedName(o), g.address, size, binding, type));
                }
                case LINKER -> out.add(new Symbol(g.name, Symbol.ABSOLUTE, g.address, 0, Symbol.Binding.GLOBAL,
                        Symbol.Type.NOTYPE));
                default -> {
                    // Undefined weak symbols are not part of the executable's symbol table.
                }
            }
        }
        return out;
    }
}
