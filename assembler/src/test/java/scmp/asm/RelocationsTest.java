package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.RelocType;

/** Which references become relocations, against which symbol, with which addend, and which are resolved here. */
class RelocationsTest {

    private static Relocation only(ObjectFile o, String section) {
        List<Relocation> r = relocs(o, section);
        assertEquals(1, r.size(), r.toString());
        return r.get(0);
    }

    @Test
    void sameSectionBranchesAreResolvedWithoutRelocation() {
        ObjectFile o = ok("top: nop\nbeq a0, a1, top\nj top\nbne a0, zero, end\nend: jal top\n");
        assertTrue(relocs(o, ".text").isEmpty());
        int[] w = words(o, ".text");
        assertArrayEquals(new int[] {-4}, new int[] {Isa.operands(Instruction.BEQ, w[1])[2]});
        assertEquals(-8, Isa.operands(Instruction.J, w[2])[0]);
        assertEquals(4, Isa.operands(Instruction.BNE, w[3])[2]);
        assertEquals(-16, Isa.operands(Instruction.JAL, w[4])[0]);
    }

    @Test
    void externalBranchAndCallEmitPcRelocationsWithTheAddend() {
        ObjectFile o = ok("nop\nbeq a0, a1, ext + 8\ncall printf\ntail exit_fn\n");
        List<Relocation> r = relocs(o, ".text");
        assertEquals(List.of(new Relocation(4, RelocType.PC16, "ext", 8), new Relocation(8, RelocType.PC26, "printf", 0),
                new Relocation(12, RelocType.PC26, "exit_fn", 0)), r);
        int[] w = words(o, ".text");
        assertEquals(0, w[1] & 0xFFFF, "the field is left zero; the addend is explicit");
    }

    @Test
    void branchToALocalLabelInAnotherSectionUsesTheSectionSymbol() {
        ObjectFile o = ok(".section .text.cold, \"ax\"\nnop\ncold: ret\n.text\nj cold\nbeqz a0, cold + 4\n");
        assertEquals(List.of(new Relocation(0, RelocType.PC26, ".text.cold", 4),
                new Relocation(4, RelocType.PC16, ".text.cold", 8)), relocs(o, ".text"));
    }

    @Test
    void globalTargetInTheSameSectionIsResolvedButWeakIsNot() {
        ObjectFile g = ok(".globl f\nf: ret\ncall f\n");
        assertTrue(relocs(g, ".text").isEmpty());
        ObjectFile w = ok(".weak f\nf: ret\ncall f\n");
        assertEquals(new Relocation(4, RelocType.PC26, "f", 0), only(w, ".text"));
    }

    @Test
    void dataWordsAndHalves() {
        ObjectFile o = ok("""
                .data
                here: .word 0
                .word ext, ext - 4, here, here + 2, .
                .half ext + 1
                """);
        assertEquals(List.of(new Relocation(4, RelocType.ABS32, "ext", 0), new Relocation(8, RelocType.ABS32, "ext", -4),
                new Relocation(12, RelocType.ABS32, ".data", 0), new Relocation(16, RelocType.ABS32, ".data", 2),
                new Relocation(20, RelocType.ABS32, ".data", 20), new Relocation(24, RelocType.ABS16, "ext", 1)),
                relocs(o, ".data"));
    }

    @Test
    void globalSymbolsAreReferencedByName() {
        ObjectFile o = ok(".data\n.globl g\nx: .word 0\ng: .word 0\n.word g, x\n");
        assertEquals(List.of(new Relocation(8, RelocType.ABS32, "g", 0), new Relocation(12, RelocType.ABS32, ".data", 0)),
                relocs(o, ".data"));
    }

    @Test
    void globlAfterUseStillReferencesByName() {
        ObjectFile o = ok(".data\ng: .word 0\n.word g\n.globl g\n");
        assertEquals(new Relocation(4, RelocType.ABS32, "g", 0), only(o, ".data"));
    }

    @Test
    void hiLoHaOperators() {
        ObjectFile o = ok("lui a0, %hi(sym+4)\nori a0, a0, %lo(sym+4)\nlui a1, %ha(sym)\nlw a1, %lo(sym)(a1)\n"
                + "sw a2, %lo(sym)(a1)\naddi a3, a3, %lo(sym)\n");
        assertEquals(List.of(new Relocation(0, RelocType.HI16, "sym", 4), new Relocation(4, RelocType.LO16, "sym", 4),
                new Relocation(8, RelocType.HA16, "sym", 0), new Relocation(12, RelocType.LO16, "sym", 0),
                new Relocation(16, RelocType.LO16, "sym", 0), new Relocation(20, RelocType.LO16, "sym", 0)),
                relocs(o, ".text"));
    }

    @Test
    void sendhiAddressOfASymbolIsAbs17() {
        ObjectFile o = ok("rdsr t0, nodeid\nsendh_i t0, THREAD, worker\nworker: endt\nsendh_i t0, DATA, buf + 8\n");
        assertEquals(List.of(new Relocation(4, RelocType.ABS17, ".text", 8), new Relocation(12, RelocType.ABS17, "buf", 8)),
                relocs(o, ".text"));
    }

    @Test
    void sendhiConstantAddressIsEncoded() {
        int[] w = text("sendh_i a0, DATA, 0x1ffff\n");
        assertEquals(0x1FFFF, Isa.operands(Instruction.SENDH_I, w[0])[2]);
        assertEquals(1, Isa.operands(Instruction.SENDH_I, w[0])[1]);
    }

    @Test
    void commonSymbolsAreReferencedByName() {
        ObjectFile o = ok(".comm buf, 64\nla a0, buf\n");
        assertEquals(List.of(new Relocation(0, RelocType.HI16, "buf", 0), new Relocation(4, RelocType.LO16, "buf", 0)),
                relocs(o, ".text"));
    }

    @Test
    void relocationErrors() {
        assertEquals("t.s:1:14: error: the address of 'sym' does not fit in a 16-bit immediate; use %hi(...)/%lo(...), or la",
                error("addi a0, a0, sym"));
        assertEquals("t.s:1:13: error: branch target must be a label or relative to '.' (such as .+8), not the constant 64",
                error("beq a0, a1, 64"));
        assertEquals("t.s:1:13: error: misaligned branch target: its offset from 'ext' is 2, not a multiple of 4",
                error("beq a0, a1, ext + 2"));
        assertEquals("t.s:2:13: error: misaligned branch target: it is -2 bytes away, not a multiple of 4",
                error("x: nop\nbeq a0, a1, x + 2"));
        assertEquals("t.s:1:3: error: %hi/%lo/%ha cannot be a branch target", error("j %lo(x)"));
        assertEquals("t.s:1:14: error: 'slli' needs a constant here (shift amount, 0..31), not a symbol address",
                error("slli a0, a0, sym"));
        assertEquals("t.s:1:13: error: branch target out of range: it is 131072 bytes away; 'beq' reaches "
                + "-131072..131068 bytes", error("beq a0, a1, far\n.space 131068\nfar: nop"));
        assertEquals("t.s:1:7: error: %hi/%lo/%ha can only be used in instruction immediates, not in .word",
                error(".word %hi(x)"));
        assertEquals("t.s:1:13: error: immediate 70000 out of range for ori (unsigned 16-bit, 0..65535)",
                error("ori a0, a0, 70000"));
    }
}
