package scmp.link;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import scmp.elf.Symbol;
import scmp.isa.Abi;

/**
 * Formats the link map of a finished link, in the spirit of GNU ld's map: the archive members that were
 * linked and why, the memory layout, every output section with its input section contributions and their
 * symbols, the common symbols, and the definitions that lost symbol resolution. docs/linker.md shows an
 * example.
 */
final class LinkMap {
    private static final int NAME_WIDTH = 15;

    private final Linker link;
    private final StringBuilder sb = new StringBuilder();

    private LinkMap(Linker link) {
        this.link = link;
    }

    /**
     * Formats the map of a link whose layout, symbol addresses and entry are final.
     *
     * @param link the finished link
     * @return the map text, lines ending in a newline
     */
    static String format(Linker link) {
        return new LinkMap(link).build();
    }

    private String build() {
        archiveMembers();
        memoryLayout();
        memoryMap();
        commonSymbols();
        discarded();
        return sb.toString();
    }

    private void line(String s) {
        sb.append(s).append('\n');
    }

    private static String addr(long a) {
        return String.format("0x%08x", a);
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private void archiveMembers() {
        line("Archive member included to satisfy reference by file (symbol)");
        line("");
        if (link.inclusions.isEmpty()) {
            line("(none)");
        }
        for (Linker.Inclusion inc : link.inclusions) {
            String why = inc.referencer() + " (" + inc.symbol() + ")";
            if (inc.member().length() >= 30) {
                line(inc.member());
                line(" ".repeat(30) + why);
            } else {
                line(String.format("%-30s%s", inc.member(), why));
            }
        }
        line("");
    }

    private void memoryLayout() {
        line("Memory layout");
        line("");
        String entry = link.options.entry();
        boolean symbolic = link.globals.containsKey(entry) && link.globals.get(entry).isDefined();
        line(String.format("%-16s%s%s", "entry point", addr(link.entryAddress), symbolic ? "  " + entry : ""));
        line(String.format("%-16s%s", "text base", addr(Integer.toUnsignedLong(link.options.textBase()))));
        line(String.format("%-16s%s  _end, the start of the heap", "image end", addr(link.imageEnd())));
        line(String.format("%-16s%s  memory size %s - argument area %s - %d contexts x %s of stack", "heap end",
                addr(link.heapEnd), hex(link.options.memSize()), hex(Abi.ARG_AREA), Abi.DEFAULT_CONTEXTS,
                hex(Abi.DEFAULT_STACK_SIZE)));
        line("");
    }

    private void memoryMap() {
        line("Memory map");
        line("");
        for (Linker.OutSection out : link.allocSections()) {
            outputSection(out);
        }
        for (Linker.OutSection out : link.nonAlloc.values()) {
            if (out.size > 0 || hasSymbols(out)) {
                outputSection(out);
            }
        }
        List<Linker.Global> absolute = new ArrayList<>();
        for (Linker.Global g : link.globals.values()) {
            if ((g.def == Linker.Def.STRONG || g.def == Linker.Def.WEAK)
                    && Symbol.ABSOLUTE.equals(g.symbol.section())) {
                absolute.add(g);
            }
        }
        if (!absolute.isEmpty()) {
            line("Absolute symbols");
            line("");
            for (Linker.Global g : absolute) {
                symbol(g.address, g.name + weakMark(g) + " (" + g.definer.name() + ")");
            }
            line("");
        }
    }

    private boolean hasSymbols(Linker.OutSection out) {
        for (Linker.Piece p : out.pieces) {
            if (!symbolsOf(p).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private void outputSection(Linker.OutSection out) {
        String header = String.format("%s %10s", addr(out.address), hex(out.size));
        if (!out.alloc) {
            header += "  (not loaded)";
        }
        named(out.name, header);
        if (out == link.bss) {
            linkerSymbol(Linker.BSS_START);
        }
        for (Linker.Piece p : out.pieces) {
            List<Linker.Global> syms = symbolsOf(p);
            if (p.section.size() == 0 && syms.isEmpty()) {
                continue;
            }
            named(" " + p.section.name(), String.format("%s %10s %s", addr(p.address()), hex(p.section.size()),
                    p.owner.name()));
            for (Linker.Global g : syms) {
                symbol(g.address, g.name + weakMark(g));
            }
        }
        for (Linker.Global g : out.commons) {
            named(" COMMON", String.format("%s %10s %s", addr(g.address), hex(g.commonSize), g.definer.name()));
            symbol(g.address, g.name);
        }
        if (out == link.text) {
            linkerSymbol(Linker.ETEXT);
        } else if (out == link.data) {
            linkerSymbol(Linker.EDATA);
        } else if (out == link.bss) {
            linkerSymbol(Linker.END);
            linkerSymbol(Linker.HEAP_START);
        }
        line("");
    }

    private void named(String name, String rest) {
        if (name.length() > NAME_WIDTH) {
            line(name);
            line(" ".repeat(NAME_WIDTH + 1) + rest);
        } else {
            line(String.format("%-" + NAME_WIDTH + "s %s", name, rest));
        }
    }

    private void symbol(long address, String name) {
        line(String.format("%-16s%-26s%s", "", addr(address), name));
    }

    private void linkerSymbol(String name) {
        Linker.Global g = link.globals.get(name);
        if (g != null && g.def == Linker.Def.LINKER) {
            symbol(g.address, name + " (linker-defined)");
        }
    }

    private static String weakMark(Linker.Global g) {
        return g.def == Linker.Def.WEAK ? " (weak)" : "";
    }

    /** The winning global definitions that lie in {@code p}, by address. */
    private List<Linker.Global> symbolsOf(Linker.Piece p) {
        List<Linker.Global> out = new ArrayList<>();
        for (Linker.Global g : link.globals.values()) {
            if ((g.def == Linker.Def.STRONG || g.def == Linker.Def.WEAK) && g.definer == p.owner
                    && p.section.name().equals(g.symbol.section())) {
                out.add(g);
            }
        }
        out.sort(Comparator.comparingLong((Linker.Global g) -> g.address).thenComparing(g -> g.name));
        return out;
    }

    private void commonSymbols() {
        line("Common symbols");
        line("");
        List<Linker.Global> commons = link.bss.commons;
        if (commons.isEmpty()) {
            line("(none)");
        } else {
            line(String.format("%-20s%-12s%-8s%s", "Symbol", "Size", "Align", "File"));
            for (Linker.Global g : commons) {
                line(String.format("%-20s%-12s%-8d%s", g.name, hex(g.commonSize), g.commonAlign, g.definer.name()));
            }
        }
        line("");
    }

    private void discarded() {
        line("Discarded definitions");
        line("");
        if (link.discards.isEmpty()) {
            line("(none)");
        } else {
            line(String.format("%-20s%-20s%s", "Symbol", "File", "Reason"));
            for (Linker.Discard d : link.discards) {
                line(String.format("%-20s%-20s%s", d.symbol(), d.file(), d.reason()));
            }
        }
    }

}
