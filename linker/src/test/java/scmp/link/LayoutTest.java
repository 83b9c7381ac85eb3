package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.link.Obj.enc;
import static scmp.link.Obj.sym;
import static scmp.link.Obj.word;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.Executable;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.Instruction;
import scmp.isa.RelocType;

/** Output sections, their order, addresses and alignment, linker-defined symbols, and the fit check. */
class LayoutTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);

    /** Two objects with every kind of section, some oddly sized and aligned. */
    static LinkResult sample(LinkOptions options) throws LinkException {
        Obj a = Obj.start("a.o").words(".text", NOP) // .text 8 bytes
                .words(".rodata", 0x61626300).bytes(".rodata", 1) // 5 bytes
                .words(".data", 7).bytes(".data", 2) // 6 bytes
                .bytes(".bss", 3).global("counter", ".bss", 0)
                .words(".text.startup", NOP).global("early", ".text.startup", 0)
                .words(".scmp.lines", 1, 2);
        Obj b = Obj.named("b.o")
                .section(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 16)
                .words(".text", NOP, NOP).global("fb", ".text", 4)
                .section(".rodata.str1.1", Section.SHT_PROGBITS, Section.SHF_ALLOC, 1)
                .bytes(".rodata.str1.1", 3).global("str", ".rodata.str1.1", 0)
                .section(".data", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 8)
                .words(".data", 9).global("table", ".data", 0)
                .bytes(".bss", 4).global("bvar", ".bss", 0)
                .common("heap_ptr", 4, 4)
                .words(".scmp.lines", 3);
        return Linker.link(List.of(a.in(), b.in()), options);
    }

    @Test
    void sectionsAreContiguousInOrderAndAligned() throws LinkException {
        Executable e = sample(LinkOptions.defaults()).executable();
        List<String> names = e.sections().stream().map(Executable.PlacedSection::name).toList();
        assertEquals(List.of(".text", ".rodata", ".data", ".bss", ".scmp.lines"), names);
        Executable.PlacedSection text = e.section(".text");
        assertEquals(Abi.TEXT_BASE, text.address());
        // a.o .text (8), a.o .text.startup (4), padding to 16, b.o .text (8)
        assertEquals(0x1000 + 8, sym(e, "early"));
        assertEquals(0x1010 + 4, sym(e, "fb"));
        assertEquals(0x18, text.size());
        assertEquals(16, text.align());
        assertEquals(Section.SHF_ALLOC | Section.SHF_EXECINSTR, text.flags());
        assertEquals(NOP, word(e, sym(e, "fb")));

        Executable.PlacedSection rodata = e.section(".rodata");
        assertEquals(0x1018, rodata.address(), "right after .text, 4-aligned");
        assertEquals(8, rodata.size());
        assertEquals(0x1018 + 5, sym(e, "str"), "a 1-aligned input follows without padding");
        assertEquals(0x61626300, word(e, 0x1018));

        Executable.PlacedSection data = e.section(".data");
        assertEquals(0x1020, data.address());
        assertEquals(0x1020 + 8, sym(e, "table"), "8-aligned");
        assertEquals(9, word(e, sym(e, "table")));
        assertEquals(Section.SHF_ALLOC | Section.SHF_WRITE, data.flags());

        Executable.PlacedSection bss = e.section(".bss");
        assertTrue(bss.isNobits());
        assertEquals(0x102c, bss.address());
        assertEquals(0x102c, sym(e, "counter"));
        assertEquals(0x1030, sym(e, "bvar"));
        assertEquals(0x1034, sym(e, "heap_ptr"));
        assertEquals(12, bss.size());

        Executable.PlacedSection lines = e.section(".scmp.lines");
        assertEquals(0, lines.address());
        assertEquals(12, lines.size());
        assertFalse(lines.isAlloc());
    }

    @Test
    void linkerDefinesTheLayoutSymbols() throws LinkException {
        Executable e = sample(LinkOptions.defaults()).executable();
        assertEquals(0x1018, sym(e, "_etext"));
        assertEquals(0x102c, sym(e, "_edata"));
        assertEquals(0x102c, sym(e, "__bss_start"));
        assertEquals(0x1038, sym(e, "_end"), "8-aligned end of .bss");
        assertEquals(0x1038, sym(e, "__heap_start"));
        assertEquals(0x1038, e.imageEnd());
        Symbol end = e.symbols().stream().filter(s -> s.name().equals("_end")).findFirst().orElseThrow();
        assertEquals(Symbol.ABSOLUTE, end.section());
        assertEquals(Symbol.Binding.GLOBAL, end.binding());
    }

    @Test
    void referencesToLinkerSymbolsResolve() throws LinkException {
        Obj a = Obj.start("a.o").words(".data", 0, 0).bytes(".bss", 5)
                .reloc(".data", 0, RelocType.ABS32, "_end", 0).undef("_end")
                .reloc(".data", 4, RelocType.ABS32, "__heap_start", 0).undef("__heap_start");
        Executable e = Obj.link(a.in()).executable();
        long end = sym(e, "_end");
        assertEquals(0x1018, end, "0x100c + 5 rounded up to 8");
        assertEquals(end, Integer.toUnsignedLong(word(e, 0x1004)));
        assertEquals(end, Integer.toUnsignedLong(word(e, 0x1008)));
    }

    @Test
    void inputDefinitionOfALinkerSymbolWins() throws LinkException {
        Obj a = Obj.start("a.o").words(".data", 0).global("_end", ".data", 0);
        Executable e = Obj.link(a.in()).executable();
        assertEquals(0x1004, sym(e, "_end"));
        assertEquals(1, e.symbols().stream().filter(s -> s.name().equals("_end")).count());
    }

    @Test
    void textBaseOptionMovesEverything() throws LinkException {
        Executable e = sample(LinkOptions.defaults().withTextBase(0x4000)).executable();
        assertEquals(0x4000, e.section(".text").address());
        assertEquals(0x4000, e.entry());
        assertEquals(0x4038, sym(e, "_end"));
    }

    @Test
    void entryOption() throws LinkException {
        Executable e = sample(LinkOptions.defaults().withEntry("early")).executable();
        assertEquals(0x1008, e.entry());
        assertEquals(0x100c, sample(LinkOptions.defaults().withEntry("0x100c")).executable().entry());
        assertEquals(0x1010, sample(LinkOptions.defaults().withEntry("4112")).executable().entry());
    }

    @Test
    void entryOutsideTheTextOrMisalignedIsAnError() {
        Obj a = Obj.start("a.o").words(".data", 0).global("d", ".data", 0);
        assertEquals(List.of("entry point 0x1234 is not an instruction of .text (0x1000..0x1000, word-aligned)"),
                Obj.errors(LinkOptions.defaults().withEntry("0x1234"), a.in()));
        assertEquals(List.of("entry point 0x1002 is not an instruction of .text (0x1000..0x1000, word-aligned)"),
                Obj.errors(LinkOptions.defaults().withEntry("0x1002"), a.in()));
        assertEquals(List.of("entry symbol d (0x1004) is not an instruction of .text (0x1000..0x1000, word-aligned)"),
                Obj.errors(LinkOptions.defaults().withEntry("d"), a.in()));
        Obj noText = Obj.named("b.o").words(".data", 0).global("_start", ".data", 0);
        assertEquals(List.of("entry symbol _start (0x1000) is not an instruction: the program has no .text"),
                Obj.errors(noText.in()));
    }

    @Test
    void missingEntrySymbolIsAnError() {
        Obj a = Obj.named("a.o").words(".text", NOP).global("main", ".text", 0);
        assertEquals(List.of("entry symbol _start not defined"), Obj.errors(a.in()));
        assertEquals(List.of("entry symbol begin not defined"),
                Obj.errors(LinkOptions.defaults().withEntry("begin"), a.in()));
    }

    @Test
    void textBaseMustBeAboveTheNullGuardAndAligned() {
        Obj a = Obj.start("a.o");
        assertEquals(List.of("text base 0x800 lies in the null guard; it must be at least 0x1000"),
                Obj.errors(LinkOptions.defaults().withTextBase(0x800), a.in()));
        assertEquals(List.of("text base 0x1002 is not a multiple of the alignment of .text (4)"),
                Obj.errors(LinkOptions.defaults().withTextBase(0x1002), a.in()));
    }

    @Test
    void imageThatReachesTheStacksIsRejected() throws LinkException {
        long heapEnd = Abi.heapEnd(Abi.DEFAULT_MEM_SIZE, Abi.DEFAULT_STACK_SIZE, Abi.DEFAULT_CONTEXTS);
        int fits = (int) (heapEnd - 0x1004);
        Executable e = Obj.link(Obj.start("a.o").bytes(".bss", fits).in()).executable();
        assertEquals(heapEnd, sym(e, "_end"));
        List<String> errors = Obj.errors(Obj.start("a.o").bytes(".bss", fits + 1).in());
        assertEquals(1, errors.size());
        assertEquals(String.format("image too big: it ends at 0x%x but the stacks of a node begin at 0x%x "
                + "(memory size 0x800000, argument area 0x1000, 8 contexts with 0x10000 bytes of stack each); "
                + "it is 0x8 bytes too big", heapEnd + 8, heapEnd), errors.get(0));
        assertTrue(Obj.errors(LinkOptions.defaults().withMemSize(1 << 20), Obj.start("a.o").bytes(".data", 600_000)
                .in()).get(0).startsWith("image too big"));
    }

    @Test
    void orphanAllocatedSectionsGoByFlags() throws LinkException {
        Obj a = Obj.start("a.o")
                .section(".init", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4)
                .words(".init", NOP).global("init", ".init", 0)
                .section(".sdata", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 4)
                .words(".sdata", 5).global("sd", ".sdata", 0)
                .section(".tbl", Section.SHT_PROGBITS, Section.SHF_ALLOC, 4)
                .words(".tbl", 6).global("tbl", ".tbl", 0)
                .section(".sbss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 4)
                .bytes(".sbss", 4).global("sb", ".sbss", 0);
        Executable e = Obj.link(a.in()).executable();
        assertTrue(e.section(".text").contains(sym(e, "init")));
        assertTrue(e.section(".data").contains(sym(e, "sd")));
        assertTrue(e.section(".rodata").contains(sym(e, "tbl")));
        assertTrue(e.section(".bss").contains(sym(e, "sb")));
        assertNull(e.section(".init"));
    }

    @Test
    void symbolTableHasLocalsAndGlobalsWithAddresses() throws LinkException {
        Obj a = Obj.start("a.o").words(".text", NOP).local("loop", ".text", 4);
        a.get().addSymbol(new Symbol("a.s", Symbol.ABSOLUTE, 0, 0, Symbol.Binding.LOCAL, Symbol.Type.FILE));
        Executable e = Obj.link(a.in()).executable();
        Symbol loop = e.symbols().stream().filter(s -> s.name().equals("loop")).findFirst().orElseThrow();
        assertEquals(new Symbol("loop", ".text", 0x1004, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE), loop);
        assertTrue(e.symbols().stream().anyMatch(s -> s.type() == Symbol.Type.FILE && s.name().equals("a.s")));
        Symbol start = e.symbols().stream().filter(s -> s.name().equals("_start")).findFirst().orElseThrow();
        assertEquals(".text", start.section());
        assertEquals(Symbol.Type.FUNC, start.type());
    }
}
