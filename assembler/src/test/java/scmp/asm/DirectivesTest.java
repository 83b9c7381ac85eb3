package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.ObjectFile;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.RelocType;

/** Sections, data, alignment, symbols and their attributes. */
class DirectivesTest {

    @Test
    void standardSectionsHaveTheirFlags() {
        ObjectFile o = ok(".rodata\n.byte 1\n");
        Section text = section(o, ".text");
        assertEquals(Section.SHT_PROGBITS, text.type());
        assertEquals(Section.SHF_ALLOC | Section.SHF_EXECINSTR, text.flags());
        assertEquals(4, text.align());
        assertEquals(Section.SHF_ALLOC | Section.SHF_WRITE, section(o, ".data").flags());
        Section bss = section(o, ".bss");
        assertEquals(Section.SHT_NOBITS, bss.type());
        assertEquals(Section.SHF_ALLOC | Section.SHF_WRITE, bss.flags());
        assertEquals(Section.SHF_ALLOC, section(o, ".rodata").flags());
        assertEquals(List.of(".text", ".data", ".bss", ".rodata"),
                o.sections().stream().map(Section::name).toList());
    }

    @Test
    void sectionSymbolsAreNamedAfterTheirSections() {
        ObjectFile o = ok("nop\n");
        for (String s : List.of(".text", ".data", ".bss")) {
            Symbol sym = symbol(o, s);
            assertEquals(Symbol.Type.SECTION, sym.type());
            assertEquals(s, sym.section());
            assertEquals(Symbol.Binding.LOCAL, sym.binding());
        }
    }

    @Test
    void sectionDirectiveWithFlagsAndType() {
        ObjectFile o = ok("""
                .section .text.startup, "ax", @progbits
                nop
                .section .mybss, "aw", @nobits
                .space 16
                .section .note
                .byte 1
                .section "odd-name", "a"
                .byte 2
                """);
        Section st = section(o, ".text.startup");
        assertEquals(Section.SHF_ALLOC | Section.SHF_EXECINSTR, st.flags());
        assertEquals(4, st.align());
        Section mb = section(o, ".mybss");
        assertTrue(mb.isNobits());
        assertEquals(16, mb.size());
        assertEquals(0, section(o, ".note").flags(), "unknown names without flags are not allocated");
        assertEquals(Section.SHF_ALLOC, section(o, "odd-name").flags());
    }

    @Test
    void previousSwitchesBack() {
        ObjectFile o = ok(".data\n.byte 1\n.text\nnop\n.previous\n.byte 2\n");
        assertArrayEquals(new byte[] {1, 2}, section(o, ".data").data());
    }

    @Test
    void dataDirectivesAreLittleEndianAndUnaligned() {
        ObjectFile o = ok("""
                .data
                .byte 1, -1, 255
                .half 0x1234, -2
                .word 0x11223344
                .long 7
                .short 8
                """);
        byte[] d = section(o, ".data").data();
        assertArrayEquals(new byte[] {1, -1, -1, 0x34, 0x12, -2, -1, 0x44, 0x33, 0x22, 0x11, 7, 0, 0, 0, 8, 0}, d);
    }

    @Test
    void floatsAndDoubles() {
        ObjectFile o = ok(".data\n.double 1.5, -2, 0x1.8p1\n.float 0.5, -inf\n.double nan\n");
        byte[] d = section(o, ".data").data();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(d).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.5, b.getDouble(0));
        assertEquals(-2.0, b.getDouble(8));
        assertEquals(3.0, b.getDouble(16));
        assertEquals(0.5f, b.getFloat(24));
        assertEquals(Float.NEGATIVE_INFINITY, b.getFloat(28));
        assertTrue(Double.isNaN(b.getDouble(32)));
    }

    @Test
    void strings() {
        ObjectFile o = ok(".data\n.ascii \"ab\", \"c\"\n.asciz \"x\\n\\t\\\"\\101\\x42\"\n.string \"é\"\n");
        byte[] expected = "abcx\n\t\"AB\0é\0".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, section(o, ".data").data());
    }

    @Test
    void spaceZeroAndFill() {
        ObjectFile o = ok(".data\n.space 3\n.space 2, 0xab\n.zero 1\n.skip 1, 7\n");
        assertArrayEquals(new byte[] {0, 0, 0, (byte) 0xab, (byte) 0xab, 0, 7}, section(o, ".data").data());
        ObjectFile b = ok(".bss\n.space 100\n.zero 28\n");
        assertEquals(128, section(b, ".bss").size());
        assertEquals(0, section(b, ".bss").data().length);
    }

    @Test
    void alignIsInBytesAndP2alignInPowers() {
        ObjectFile o = ok(".data\n.byte 1\n.align 4\n.byte 2\n.p2align 3\n.byte 3\n.balign 2, 0xee\n.byte 4\n");
        byte[] d = section(o, ".data").data();
        assertEquals(1, d[0]);
        assertEquals(2, d[4]);
        assertEquals(3, d[8]);
        assertEquals((byte) 0xee, d[9]);
        assertEquals(4, d[10]);
        assertEquals(8, section(o, ".data").align(), "the section takes the largest alignment asked for");
    }

    @Test
    void alignInBssGrowsItsSize() {
        ObjectFile o = ok(".bss\n.space 1\n.align 16\nbuf: .space 4\n");
        assertEquals(20, section(o, ".bss").size());
        assertEquals(16, symbol(o, "buf").value());
    }

    @Test
    void globalLocalWeakAndTypes() {
        ObjectFile o = ok("""
                .globl main
                .type main, @function
                main:
                    nop
                    nop
                .size main, . - main
                helper: ret
                .weak wk
                wk: nop
                .data
                .global table
                .type table, @object
                table: .word 1, 2
                .size table, 8
                """);
        Symbol main = symbol(o, "main");
        assertEquals(Symbol.Binding.GLOBAL, main.binding());
        assertEquals(Symbol.Type.FUNC, main.type());
        assertEquals(8, main.size());
        assertEquals(".text", main.section());
        Symbol helper = symbol(o, "helper");
        assertEquals(Symbol.Binding.LOCAL, helper.binding());
        assertEquals(8, helper.value());
        assertEquals(Symbol.Binding.WEAK, symbol(o, "wk").binding());
        Symbol table = symbol(o, "table");
        assertEquals(Symbol.Type.OBJECT, table.type());
        assertEquals(8, table.size());
        assertEquals(".data", table.section());
        // Locals come before globals, as ELF requires.
        List<Symbol> syms = o.symbols();
        int lastLocal = -1;
        int firstGlobal = syms.size();
        for (int i = 0; i < syms.size(); i++) {
            if (syms.get(i).binding() == Symbol.Binding.LOCAL) {
                lastLocal = i;
            } else {
                firstGlobal = Math.min(firstGlobal, i);
            }
        }
        assertTrue(lastLocal < firstGlobal);
    }

    @Test
    void dotLLabelsStayOutOfTheSymbolTable() {
        ObjectFile o = ok(".L1: nop\nvisible: j .L1\n");
        assertNull(o.symbol(".L1"));
        assertNotNull(o.symbol("visible"));
    }

    @Test
    void globalConstantIsAbsolute() {
        ObjectFile o = ok(".globl LIMIT\n.equ LIMIT, 1000\n");
        Symbol s = symbol(o, "LIMIT");
        assertEquals(Symbol.ABSOLUTE, s.section());
        assertEquals(1000, s.value());
        assertEquals(Symbol.Binding.GLOBAL, s.binding());
    }

    @Test
    void globalAliasOfALabelIsPlacedInItsSection() {
        ObjectFile o = ok(".data\n.space 8\ntable: .word 1, 2, 3\n.globl second\n.equ second, table + 4\n"
                + ".equ here, .\n.word here\n");
        Symbol s = symbol(o, "second");
        assertEquals(".data", s.section());
        assertEquals(12, s.value());
        assertEquals(Symbol.Binding.GLOBAL, s.binding());
        assertEquals(List.of(new scmp.elf.Relocation(20, RelocType.ABS32, ".data", 20)), relocs(o, ".data"),
                "a symbol set to . is that location");
    }

    @Test
    void commonAndLocalCommon() {
        ObjectFile o = ok(".comm buf, 100, 8\n.comm small, 2\n.lcomm priv, 12, 4\n.lcomm tiny, 1\n");
        Symbol buf = symbol(o, "buf");
        assertEquals(Symbol.COMMON, buf.section());
        assertEquals(100, buf.size());
        assertEquals(8, buf.value(), "a common symbol's value is its alignment");
        assertEquals(Symbol.Binding.GLOBAL, buf.binding());
        assertEquals(2, symbol(o, "small").value(), "default alignment: the size's power of two, at most 8");
        Symbol priv = symbol(o, "priv");
        assertEquals(".bss", priv.section());
        assertEquals(Symbol.Binding.LOCAL, priv.binding());
        assertEquals(0, priv.value());
        assertEquals(12, symbol(o, "tiny").value());
        assertEquals(13, section(o, ".bss").size());
    }

    @Test
    void localThenCommIsLocalCommon() {
        ObjectFile o = ok(".local x\n.comm x, 4\n");
        assertEquals(".bss", symbol(o, "x").section());
        assertEquals(Symbol.Binding.LOCAL, symbol(o, "x").binding());
    }

    @Test
    void undefinedReferencedSymbolsAreGlobalUndefined() {
        ObjectFile o = ok(".globl declared_only\ncall printf\n.data\n.word ext + 4\n");
        Symbol p = symbol(o, "printf");
        assertFalse(p.isDefined());
        assertEquals(Symbol.Binding.GLOBAL, p.binding());
        assertFalse(symbol(o, "declared_only").isDefined());
        assertEquals(4, relocs(o, ".data").get(0).addend());
        assertEquals(RelocType.ABS32, relocs(o, ".data").get(0).type());
    }

    @Test
    void fileSymbolAndIdentAreAccepted() {
        ObjectFile o = ok(".file \"prog.c\"\n.ident \"scmpcc 0.1\"\nnop\n");
        Symbol f = symbol(o, "prog.c");
        assertEquals(Symbol.Type.FILE, f.type());
        assertEquals(Symbol.ABSOLUTE, f.section());
    }

    @Test
    void objectNameComesFromTheSourceName() throws Exception {
        assertEquals("prog.o", Assembler.assemble("dir/prog.s", "nop").name());
        assertEquals("x.o", Assembler.objectName("x"));
    }

    @Test
    void directiveErrors() {
        assertEquals("t.s:1:1: error: unknown directive '.wrd'; did you mean '.word'?", error(".wrd 1"));
        assertEquals("t.s:1:8: error: .align needs a power of two from 1 to 1048576, got 3 (.align n aligns to n bytes)",
                error(".align 3"));
        assertEquals("t.s:1:10: error: .p2align 21 out of range 0..20", error(".p2align 21"));
        assertEquals("t.s:1:8: error: undefined symbol 'later' in .space (it must be defined earlier in the file)",
                error(".space later\nlater:"));
        assertEquals("t.s:1:9: error: undefined symbol 'nothing' in .equ (it must be defined earlier in the file)",
                error(".equ x, nothing"));
        assertEquals("t.s:1:8: error: .space size -1 is negative", error(".space -1"));
        assertEquals("t.s:2:1: error: .word cannot put data in NOBITS section '.bss'; use .space or .zero there",
                error(".bss\n.word 1"));
        assertEquals("t.s:2:1: error: instructions cannot go in NOBITS section '.bss'", error(".bss\nnop"));
        assertEquals("t.s:1:8: error: .ascii expects a string, got '5'", error(".ascii 5"));
        assertEquals("t.s:1:16: error: unknown section flag 'q'; expected a (allocated), w (writable) or x (executable)",
                error(".section .foo, \"aq\""));
        assertEquals("t.s:1:21: error: unknown section type '@what'; expected @progbits or @nobits",
                error(".section .foo, \"a\", @what"));
        assertEquals("t.s:2:1: error: section '.data' was already declared with other flags or type",
                error(".data\n.section .data, \"ax\""));
        assertEquals("t.s:1:7: error: .text expects no operands, got 1", error(".text 1"));
        assertEquals("t.s:1:8: error: .globl expects a symbol name, got '1'", error(".globl 1"));
        assertEquals("t.s:1:13: error: unknown symbol type '@thing'; expected @function, @object or @notype",
                error(".type main, @thing"));
        assertEquals("t.s:2:8: error: symbol 'x' is already defined (first defined on line 1)",
                error(".equiv x, 1\n.equiv x, 2"));
        assertEquals("t.s:2:1: error: symbol 'x' is already defined (first defined on line 1)", error("x: nop\nx: nop"));
        assertEquals("t.s:2:6: error: symbol 'x' is already defined (first defined on line 1)", error("x: nop\n.set x, 1"));
        assertEquals("t.s:1:7: error: value 65536 does not fit in .half (-32768..65535)", error(".half 65536"));
        assertEquals("t.s:1:7: error: value 4294967296 does not fit in .word (-2147483648..4294967295)",
                error(".word 0x100000000"));
        assertEquals("t.s:2:7: error: .byte cannot hold a symbol address; use .word", error("x: nop\n.byte x"));
        assertEquals("t.s:1:1: error: .previous without an earlier section switch", error(".previous"));
        assertEquals("t.s:1:10: error: .size needs a constant (such as .-f)", error(".size f, f\nf: nop"));
        assertEquals("t.s:1:9: error: .double expects an expression, got '\"x\"'", error(".double \"x\""));
    }
}
