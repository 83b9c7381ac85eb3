package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.isa.RelocType;

/** Expansions of the pseudo-instructions of scmp.isa.Pseudo and of loads and stores of symbols. */
class PseudoTest {

    private static void expands(String src, String... expected) {
        assertEquals(List.of(expected), listing(src), src);
    }

    @Test
    void simpleAliases() {
        expands("nop", "addi zero, zero, 0");
        expands("mv a0, a1", "addi a0, a1, 0");
        expands("not t0, t1", "nor t0, t1, zero");
        expands("neg s0, s1", "sub s0, zero, s1");
        expands("callr t3", "jalr ra, t3, 0");
        expands("ret", "jalr zero, ra, 0");
        expands("jr a2", "jalr zero, a2, 0");
        expands("seqz a0, a1", "sltiu a0, a1, 1");
        expands("snez a0, a1", "sltu a0, zero, a1");
        expands("sgt a0, a1, a2", "slt a0, a2, a1");
        expands("sgtu a0, a1, a2", "sltu a0, a2, a1");
        expands("fgt.d a0, ft1, ft2", "flt.d a0, ft2, ft1");
        expands("fge.d a0, fs1, fs2", "fle.d a0, fs2, fs1");
    }

    @Test
    void branchesAndJumps() {
        expands("b .+8", "beq zero, zero, .+8");
        expands("beqz a0, .+8", "beq a0, zero, .+8");
        expands("bnez a0, .+8", "bne a0, zero, .+8");
        expands("bltz a0, .+8", "blt a0, zero, .+8");
        expands("bgez a0, .+8", "bge a0, zero, .+8");
        expands("bgtz a0, .+8", "blt zero, a0, .+8");
        expands("blez a0, .+8", "bge zero, a0, .+8");
        expands("bgt a0, a1, .+8", "blt a1, a0, .+8");
        expands("ble a0, a1, .+8", "bge a1, a0, .+8");
        expands("bgtu a0, a1, .+8", "bltu a1, a0, .+8");
        expands("bleu a0, a1, .+8", "bgeu a1, a0, .+8");
        expands("call .+8", "jal .+8");
        expands("tail .-4", "j .-4");
    }

    @Test
    void liPicksTheShortestForm() {
        expands("li a0, 5", "addi a0, zero, 5");
        expands("li a0, -32768", "addi a0, zero, -32768");
        expands("li a0, 32767", "addi a0, zero, 32767");
        expands("li a0, 32768", "ori a0, zero, 0x8000");
        expands("li a0, 0xffff", "ori a0, zero, 0xffff");
        expands("li a0, 0x12345", "lui a0, 0x1", "ori a0, a0, 0x2345");
        expands("li a0, -70000", "lui a0, 0xfffe", "ori a0, a0, 0xee90");
        expands("li a0, 0xffffffff", "lui a0, 0xffff", "ori a0, a0, 0xffff");
        expands("li a0, -2147483648", "lui a0, 0x8000", "ori a0, a0, 0x0");
        expands(".equ K, 100\nli a0, K * 2", "addi a0, zero, 200");
    }

    @Test
    void liOfAValueNotKnownYetTakesTheLongForm() {
        expands("li a0, LATER\n.equ LATER, 3", "lui a0, 0x0", "ori a0, a0, 0x3");
        ObjectFile o = ok("li a0, sym + 4\n");
        assertEquals(List.of(new Relocation(0, RelocType.HI16, "sym", 4), new Relocation(4, RelocType.LO16, "sym", 4)),
                relocs(o, ".text"));
    }

    @Test
    void laIsAlwaysLuiOri() {
        expands("la a0, 0x10", "lui a0, 0x0", "ori a0, a0, 0x10");
        ObjectFile o = ok("la t0, msg\n.data\nmsg: .asciz \"hi\"\n");
        assertEquals(List.of(new Relocation(0, RelocType.HI16, ".data", 0), new Relocation(4, RelocType.LO16, ".data", 0)),
                relocs(o, ".text"));
    }

    @Test
    void loadAndStoreOfASymbol() {
        ObjectFile o = ok("lw a0, counter\nsw a1, counter + 4\nflw ft0, f\nfsd fs0, d\n");
        assertEquals(List.of("lui at, 0x0", "lw a0, 0(at)", "lui at, 0x0", "sw a1, 0(at)", "lui at, 0x0", "flw ft0, 0(at)",
                "lui at, 0x0", "fsd fs0, 0(at)"), listingOf(o));
        assertEquals(List.of(new Relocation(0, RelocType.HA16, "counter", 0), new Relocation(4, RelocType.LO16, "counter", 0),
                new Relocation(8, RelocType.HA16, "counter", 4), new Relocation(12, RelocType.LO16, "counter", 4),
                new Relocation(16, RelocType.HA16, "f", 0), new Relocation(20, RelocType.LO16, "f", 0),
                new Relocation(24, RelocType.HA16, "d", 0), new Relocation(28, RelocType.LO16, "d", 0)),
                relocs(o, ".text"));
    }

    @Test
    void loadOfAConstantAddress() {
        expands("lw a0, 0x100", "lw a0, 256(zero)");
        expands("lw a0, 0x12348000", "lui at, 0x1235", "lw a0, -32768(at)");
        expands("lbu a0, (a1)", "lbu a0, 0(a1)");
    }

    private static List<String> listingOf(ObjectFile o) {
        int[] w = words(o, ".text");
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < w.length; i++) {
            out.add(scmp.isa.Disassembler.reassemblable().disassemble(4 * i, w[i]));
        }
        return out;
    }

    @Test
    void mnemonicsAreCaseInsensitive() {
        expands("LI A0, 1\nSENDH_I a0, thread, 0\nFADD.D FT0, ft1, FT2\nMv a0, A1", "addi a0, zero, 1",
                "sendh_i a0, THREAD, 0x0", "fadd.d ft0, ft1, ft2", "addi a0, a1, 0");
    }

    @Test
    void pseudoErrors() {
        assertEquals("t.s:1:1: error: 'beqz' expects 2 operands (beqz rs1, imm), got 1", error("beqz a0"));
        assertEquals("t.s:1:12: error: 'mv' expects 2 operands (mv rd, rs1), got 3", error("mv a0, a1, a2"));
        assertEquals("t.s:1:4: error: expected an integer register, got FP register 'ft0'", error("mv ft0, a1"));
        assertEquals("t.s:1:10: error: expected a branch target, got register 'a1'", error("beqz a0, a1"));
        assertEquals("t.s:1:8: error: li: 4294967296 does not fit in 32 bits (-2147483648..4294967295)",
                error("li a0, 0x100000000"));
        assertEquals("t.s:1:8: error: cannot store register 'at' to a symbol: the expansion uses 'at' for the address; "
                + "store through another register", error("sw at, x"));
        assertEquals("t.s:1:8: error: expected a memory operand such as 0(a1), got 'a1'", error("lw a0, a1"));
        assertEquals("t.s:1:8: error: %hi, %lo and %ha cannot be nested",
                error("la a0, %lo(x)"));
    }
}
