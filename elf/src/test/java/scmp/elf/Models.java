package scmp.elf;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import scmp.isa.RelocType;

/** Random but well-formed models for round-trip, readelf and fuzz tests, and their canonical forms. */
final class Models {
    private Models() {
    }

    private static final String[] SECTION_NAMES = {".text", ".data", ".rodata", ".bss", ".comment", ".text.startup",
        ".data.rel", ".sbss", "my_section", ".note.scmp", ".a.very.long.section.name.for.testing"};

    static String ident(Random r, Set<String> used) {
        String first = "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.$";
        String rest = first + "0123456789";
        while (true) {
            int len = 1 + r.nextInt(r.nextInt(10) == 0 ? 60 : 10);
            StringBuilder sb = new StringBuilder().append(first.charAt(r.nextInt(first.length())));
            for (int i = 1; i < len; i++) {
                sb.append(rest.charAt(r.nextInt(rest.length())));
            }
            String s = sb.toString();
            if (used.add(s)) {
                return s;
            }
        }
    }

    static byte[] bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** A random relocatable object whose names are all distinct. */
    static ObjectFile randomObject(Random r) {
        ObjectFile o = new ObjectFile("rand.o");
        Set<String> used = new HashSet<>();
        List<String> names = new ArrayList<>(List.of(SECTION_NAMES));
        java.util.Collections.shuffle(names, r);
        int nsec = r.nextInt(6);
        for (int i = 0; i < nsec; i++) {
            String n = names.get(i);
            used.add(n);
            int type = n.contains("bss") ? Section.SHT_NOBITS : n.startsWith(".note") ? 7 : Section.SHT_PROGBITS;
            int flags = n.equals(".comment") || n.startsWith(".note") ? 0
                    : Section.SHF_ALLOC | (n.startsWith(".text") ? Section.SHF_EXECINSTR : 0)
                            | (n.contains("data") || n.contains("bss") || n.startsWith("my") ? Section.SHF_WRITE : 0);
            Section s = new Section(n, type, flags, 1 << r.nextInt(5));
            int size = r.nextInt(10) == 0 ? 0 : r.nextInt(200);
            if (s.isNobits()) {
                s.reserve(size);
            } else {
                s.append(bytes(r, size));
            }
            o.addSection(s);
        }
        List<Section> secs = o.sections();
        if (r.nextBoolean()) {
            o.addSymbol(new Symbol(ident(r, used) + ".c", Symbol.ABSOLUTE, 0, 0, Symbol.Binding.LOCAL, Symbol.Type.FILE));
        }
        int nsym = r.nextInt(12);
        for (int i = 0; i < nsym; i++) {
            Symbol.Binding b = Symbol.Binding.values()[r.nextInt(3)];
            Symbol.Type t = Symbol.Type.values()[r.nextInt(3)];
            String section;
            long value;
            int kind = r.nextInt(10);
            if (kind < 2 && b != Symbol.Binding.LOCAL) {
                section = null;
                value = 0;
            } else if (kind == 2) {
                section = Symbol.ABSOLUTE;
                value = r.nextInt();
            } else if (kind == 3 && b == Symbol.Binding.GLOBAL) {
                section = Symbol.COMMON;
                value = 1 << r.nextInt(4);
            } else if (!secs.isEmpty()) {
                Section s = secs.get(r.nextInt(secs.size()));
                section = s.name();
                value = r.nextInt(s.size() + 1);
            } else {
                section = Symbol.ABSOLUTE;
                value = r.nextInt(1000) - 500;
            }
            o.addSymbol(new Symbol(ident(r, used), section, value, r.nextInt(64), b, t));
        }
        if (!secs.isEmpty() && r.nextBoolean()) {
            Section s = secs.get(r.nextInt(secs.size()));
            o.addSymbol(new Symbol(r.nextBoolean() ? "" : s.name(), s.name(), 0, 0, Symbol.Binding.LOCAL, Symbol.Type.SECTION));
        }
        List<String> targets = new ArrayList<>();
        for (Symbol s : o.symbols()) {
            if (s.type() != Symbol.Type.SECTION && s.type() != Symbol.Type.FILE) {
                targets.add(s.name());
            }
        }
        for (Section s : secs) {
            targets.add(s.name());
        }
        for (Section s : secs) {
            if (s.isNobits() || s.size() < 4 || r.nextInt(3) == 0) {
                continue;
            }
            int nrel = r.nextInt(8);
            for (int k = 0; k < nrel; k++) {
                RelocType t = RelocType.values()[r.nextInt(RelocType.values().length)];
                int limit = s.size() - (t == RelocType.NONE ? 0 : t.size());
                int off = r.nextInt(limit + 1);
                String sym = r.nextInt(20) == 0 ? "" : targets.get(r.nextInt(targets.size()));
                s.addRelocation(new Relocation(off, t, sym, r.nextInt()));
            }
        }
        int model = r.nextInt(MachineKind.values().length + 1);
        o.setMachine(model < MachineKind.values().length ? MachineKind.values()[model] : null);
        return o;
    }

    /** A random executable whose names are distinct. */
    static Executable randomExecutable(Random r) {
        List<Executable.PlacedSection> secs = new ArrayList<>();
        Set<String> used = new HashSet<>();
        int addr = 0x1000;
        List<String> names = new ArrayList<>(List.of(SECTION_NAMES));
        java.util.Collections.shuffle(names, r);
        int nsec = 1 + r.nextInt(5);
        for (int i = 0; i < nsec; i++) {
            String n = names.get(i);
            used.add(n);
            boolean nobits = n.contains("bss");
            boolean alloc = !(n.equals(".comment") || n.startsWith(".note"));
            int flags = !alloc ? 0 : Section.SHF_ALLOC | (n.startsWith(".text") ? Section.SHF_EXECINSTR : 0)
                    | (n.contains("data") || nobits ? Section.SHF_WRITE : 0);
            int align = 1 << r.nextInt(4);
            int size = r.nextInt(8) == 0 ? 0 : r.nextInt(300);
            int a = 0;
            if (alloc) {
                addr = (addr + align - 1) & -align;
                a = addr;
                addr += size;
            }
            secs.add(new Executable.PlacedSection(n, nobits ? Section.SHT_NOBITS : r.nextInt(6) == 0 ? 7 : Section.SHT_PROGBITS,
                    flags, a, size, align, nobits ? new byte[0] : bytes(r, size)));
        }
        List<Symbol> syms = new ArrayList<>();
        int nsym = r.nextInt(12);
        for (int i = 0; i < nsym; i++) {
            Executable.PlacedSection s = secs.get(r.nextInt(secs.size()));
            Symbol.Binding b = Symbol.Binding.values()[r.nextInt(3)];
            Symbol.Type t = Symbol.Type.values()[r.nextInt(3)];
            if (r.nextInt(8) == 0) {
                syms.add(new Symbol(ident(r, used), Symbol.ABSOLUTE, r.nextInt(), 0, b, t));
            } else {
                syms.add(new Symbol(ident(r, used), s.name(), s.address() + r.nextInt(s.size() + 1), r.nextInt(40), b, t));
            }
        }
        int entry = 0x1000 + r.nextInt(64) * 4;
        return new Executable(MachineKind.values()[r.nextInt(MachineKind.values().length)], entry, secs, syms);
    }

    /** The object the reader gives back for {@code o}: symbols in the writer's order, section symbols added. */
    static ObjectFile canonical(ObjectFile o) {
        ObjectFile c = new ObjectFile(o.name());
        c.setMachine(o.machine());
        for (Section s : o.sections()) {
            c.addSection(s);
        }
        List<Symbol> files = new ArrayList<>();
        List<Symbol> locals = new ArrayList<>();
        List<Symbol> globals = new ArrayList<>();
        List<Symbol> sectionSyms = new ArrayList<>();
        for (Section s : o.sections()) {
            Symbol given = null;
            for (Symbol y : o.symbols()) {
                if (y.type() == Symbol.Type.SECTION && s.name().equals(y.section())) {
                    given = y;
                }
            }
            sectionSyms.add(new Symbol(s.name(), s.name(), given == null ? 0 : given.value(),
                    given == null ? 0 : given.size(), Symbol.Binding.LOCAL, Symbol.Type.SECTION));
        }
        for (Symbol y : o.symbols()) {
            if (y.type() == Symbol.Type.SECTION) {
                continue;
            }
            (y.binding() != Symbol.Binding.LOCAL ? globals : y.type() == Symbol.Type.FILE ? files : locals).add(y);
        }
        files.forEach(c::addSymbol);
        sectionSyms.forEach(c::addSymbol);
        locals.forEach(c::addSymbol);
        globals.forEach(c::addSymbol);
        return c;
    }

    /** The executable the reader gives back for {@code e}: locals first, section symbols named after sections. */
    static Executable canonical(Executable e) {
        List<Symbol> syms = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (Symbol s : e.symbols()) {
                if ((s.binding() == Symbol.Binding.LOCAL) == (pass == 0)) {
                    syms.add(s.type() == Symbol.Type.SECTION
                            ? new Symbol(s.section(), s.section(), s.value(), s.size(), s.binding(), s.type()) : s);
                }
            }
        }
        return new Executable(e.machine(), e.entry(), e.sections(), syms);
    }

    /** A readable description of an object, used to compare models (byte arrays by content). */
    static String describe(ObjectFile o) {
        StringBuilder sb = new StringBuilder("machine=" + o.machine() + "\n");
        for (Section s : o.sections()) {
            sb.append(s.name()).append(" type=").append(s.type()).append(" flags=").append(s.flags()).append(" align=")
                    .append(s.align()).append(" size=").append(s.size()).append(" data=")
                    .append(java.util.HexFormat.of().formatHex(s.data())).append('\n');
            for (Relocation rel : s.relocations()) {
                sb.append("  ").append(rel).append('\n');
            }
        }
        for (Symbol y : o.symbols()) {
            sb.append(y).append('\n');
        }
        return sb.toString();
    }

    /** A readable description of an executable. */
    static String describe(Executable e) {
        StringBuilder sb = new StringBuilder("machine=" + e.machine() + " entry=" + e.entry() + "\n");
        for (Executable.PlacedSection s : e.sections()) {
            sb.append(s.name()).append(" type=").append(s.type()).append(" flags=").append(s.flags()).append(" addr=")
                    .append(s.address()).append(" size=").append(s.size()).append(" align=").append(s.align())
                    .append(" data=").append(java.util.HexFormat.of().formatHex(s.data())).append('\n');
        }
        for (Symbol y : e.symbols()) {
            sb.append(y).append('\n');
        }
        return sb.toString();
    }
}
