package scmp.elf;

import java.util.ArrayList;
import java.util.List;

/**
 * A linked program (ELF ET_EXEC) in memory: the entry point, its sections placed at addresses, and the
 * symbol table with absolute addresses. The loader copies every allocated section to its address in each
 * node's memory (NOBITS sections are zero-filled); non-allocated sections (symbol tables, line tables) are
 * kept for tools. The ELF writer emits one PT_LOAD program header per allocated section group.
 */
public final class Executable {

    /**
     * A placed section.
     *
     * @param data the bytes (empty for NOBITS); {@code size} is the size in memory
     */
    public record PlacedSection(String name, int type, int flags, int address, int size, int align, byte[] data) {
        public boolean isAlloc() {
            return (flags & Section.SHF_ALLOC) != 0;
        }

        public boolean isExec() {
            return (flags & Section.SHF_EXECINSTR) != 0;
        }

        public boolean isNobits() {
            return type == Section.SHT_NOBITS;
        }

        public boolean contains(long addr) {
            return addr >= address && addr < (long) address + size;
        }
    }

    private final MachineKind machine;
    private final int entry;
    private final List<PlacedSection> sections;
    private final List<Symbol> symbols;

    /** An executable for the SCMP chip. */
    public Executable(int entry, List<PlacedSection> sections, List<Symbol> symbols) {
        this(MachineKind.SCMP, entry, sections, symbols);
    }

    /**
     * An executable for a machine model.
     *
     * @param machine  the model it is built for
     * @param entry    the entry point
     * @param sections the sections at their addresses
     * @param symbols  the symbols with absolute values
     */
    public Executable(MachineKind machine, int entry, List<PlacedSection> sections, List<Symbol> symbols) {
        this.machine = java.util.Objects.requireNonNull(machine, "machine");
        this.entry = entry;
        this.sections = List.copyOf(sections);
        this.symbols = List.copyOf(symbols);
    }

    /** The machine model the program is built for. */
    public MachineKind machine() {
        return machine;
    }

    public int entry() {
        return entry;
    }

    public List<PlacedSection> sections() {
        return sections;
    }

    public PlacedSection section(String name) {
        for (PlacedSection s : sections) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** Symbols with absolute values (addresses). */
    public List<Symbol> symbols() {
        return symbols;
    }

    /** The value of a defined global (or, failing that, local) symbol, or null. */
    public Long symbolValue(String name) {
        Long local = null;
        for (Symbol s : symbols) {
            if (s.name().equals(name) && s.isDefined()) {
                if (s.isGlobal()) {
                    return s.value();
                }
                local = s.value();
            }
        }
        return local;
    }

    /** The highest address used by an allocated section (exclusive). */
    public int imageEnd() {
        int end = 0;
        for (PlacedSection s : sections) {
            if (s.isAlloc()) {
                end = Math.max(end, s.address() + s.size());
            }
        }
        return end;
    }

    /**
     * Function and object symbols sorted by address, for symbolizing addresses. A weak alias (a weak symbol of no
     * size and no type at the first address of a sized function in the same section, as {@code #pragma weak NAME =
     * TARGET} makes, for example libmpi's {@code MPI_Send} for {@code PMPI_Send}) is the name users call: it takes
     * the function's type and size and stands in its place, so that reports, profiles and timelines say
     * {@code MPI_Send} (docs/mpi.md, "Profiling interface").
     */
    public List<Symbol> sortedCodeSymbols() {
        List<Symbol> out = new ArrayList<>();
        for (Symbol s : symbols) {
            if (s.isDefined() && !s.name().isEmpty() && s.type() != Symbol.Type.SECTION && s.type() != Symbol.Type.FILE
                    && !Symbol.ABSOLUTE.equals(s.section())) {
                out.add(s);
            }
        }
        java.util.Map<String, Symbol> aliases = new java.util.HashMap<>();
        for (Symbol s : out) {
            if (s.binding() == Symbol.Binding.WEAK && s.size() == 0 && s.type() == Symbol.Type.NOTYPE) {
                aliases.putIfAbsent(s.section() + "@" + s.value(), s);
            }
        }
        if (!aliases.isEmpty()) {
            List<Symbol> named = new ArrayList<>();
            java.util.Set<Symbol> used = new java.util.HashSet<>();
            for (Symbol s : out) {
                Symbol alias = s.type() == Symbol.Type.FUNC && s.size() > 0 && s.binding() != Symbol.Binding.WEAK
                        ? aliases.get(s.section() + "@" + s.value()) : null;
                if (alias != null && used.add(alias)) {
                    named.add(new Symbol(alias.name(), s.section(), s.value(), s.size(), alias.binding(), s.type()));
                } else if (!used.contains(s)) {
                    named.add(s);
                }
            }
            named.removeIf(used::contains);
            out = named;
        }
        out.sort((a, b) -> Long.compare(a.value(), b.value()));
        return out;
    }
}
