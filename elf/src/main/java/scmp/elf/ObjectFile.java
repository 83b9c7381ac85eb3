package scmp.elf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A relocatable object (ELF ET_REL) in memory: sections in order and a symbol table. Relocations refer to
 * symbols by name; local symbols are unique within one object (the assembler guarantees it), section symbols
 * are named after their section.
 */
public final class ObjectFile {
    private final String name;
    private final Map<String, Section> sections = new LinkedHashMap<>();
    private final List<Symbol> symbols = new ArrayList<>();
    private MachineKind machine = MachineKind.SCMP;

    public ObjectFile(String name) {
        this.name = name;
    }

    /**
     * The machine model the object is built for, {@link MachineKind#SCMP} unless set.
     *
     * @return the model, or null when the object links into a program of any model
     */
    public MachineKind machine() {
        return machine;
    }

    /**
     * Sets the machine model the object is built for.
     *
     * @param model the model, or null for an object that uses no model's interface and links with any
     */
    public void setMachine(MachineKind model) {
        machine = model;
    }

    /** The file name, for diagnostics ("foo.o", or "libc.a(printf.o)"). */
    public String name() {
        return name;
    }

    public Section section(String sectionName) {
        return sections.get(sectionName);
    }

    public Section addSection(Section s) {
        sections.put(s.name(), s);
        return s;
    }

    public List<Section> sections() {
        return new ArrayList<>(sections.values());
    }

    public List<Symbol> symbols() {
        return symbols;
    }

    public void addSymbol(Symbol s) {
        symbols.add(s);
    }

    public Symbol symbol(String symbolName) {
        for (Symbol s : symbols) {
            if (s.name().equals(symbolName)) {
                return s;
            }
        }
        return null;
    }
}
