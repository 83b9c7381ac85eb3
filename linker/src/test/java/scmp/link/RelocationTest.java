package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.link.Obj.enc;
import static scmp.link.Obj.half;
import static scmp.link.Obj.imm;
import static scmp.link.Obj.sym;
import static scmp.link.Obj.word;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import scmp.elf.Executable;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.RelocType;

/** Every relocation type patches the right bits with the right value once the symbols have addresses. */
class RelocationTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);
    private static final int AT = 31;
    private static final int T0 = 12;

    /** Links main.o (every relocation type, against other.o's symbols) and other.o. */
    private static Executable linkAll() throws LinkException {
        Obj main = Obj.named("main.o")
                .global("_start", ".text", 0)
                .words(".text",
                        enc(Instruction.JAL, 0),                 // 0x00 jal foo          PC26
                        enc(Instruction.BEQ, 0, 0, 0),           // 0x04 beq zero,zero,foo PC16
                        enc(Instruction.LUI, AT, 0),             // 0x08 lui at,%hi(var)  HI16
                        enc(Instruction.ORI, AT, AT, 0),         // 0x0c ori at,at,%lo(var) LO16
                        enc(Instruction.LUI, AT, 0),             // 0x10 lui at,%ha(hw)   HA16
                        enc(Instruction.LW, T0, 0, AT),          // 0x14 lw t0,%lo(hw)(at) LO16
                        enc(Instruction.SENDH_I, 4, 0, 0),       // 0x18 sendh_i a0,0,handler ABS17
                        enc(Instruction.ENDT))                   // 0x1c
                .reloc(".text", 0x00, RelocType.PC26, "foo", 0)
                .reloc(".text", 0x04, RelocType.PC16, "foo", 4)
                .reloc(".text", 0x08, RelocType.HI16, "var", 0)
                .reloc(".text", 0x0c, RelocType.LO16, "var", 0)
                .reloc(".text", 0x10, RelocType.HA16, "hw", 0)
                .reloc(".text", 0x14, RelocType.LO16, "hw", 0)
                .reloc(".text", 0x18, RelocType.ABS17, "handler", 0)
                .words(".data", 0, 0x11223344, 0xAABBCCDD)
                .reloc(".data", 0, RelocType.ABS32, "var", 8)
                .reloc(".data", 4, RelocType.ABS16, "small", 0)
                .reloc(".data", 6, RelocType.ABS16, "minus2", 0)
                .reloc(".data", 8, RelocType.NONE, "nowhere", 0)
                .undef("foo").undef("var").undef("hw").undef("handler").undef("small").undef("minus2");
        Obj other = Obj.named("other.o")
                .words(".text", NOP, NOP, enc(Instruction.JALR, 0, 1, 0), enc(Instruction.ENDT))
                .global("foo", ".text", 8)
                .global("handler", ".text", 12)
                .words(".data", 1, 2, 3)
                .global("var", ".data", 4)
                .absolute("hw", 0x12348765L)
                .absolute("small", 0x1234)
                .absolute("minus2", -2);
        return Obj.link(main.in(), other.in()).executable();
    }

    @Test
    void pc26CallReachesTheFunctionInAnotherObject() throws LinkException {
        Executable e = linkAll();
        long start = sym(e, "_start");
        assertEquals(0x1000, start);
        assertEquals(0x1000 + 0x20 + 8, sym(e, "foo"));
        int off = imm(Instruction.JAL, word(e, start));
        assertEquals(sym(e, "foo"), start + off);
    }

    @Test
    void pc16BranchAddsTheAddendRelativeToItsOwnAddress() throws LinkException {
        Executable e = linkAll();
        long p = sym(e, "_start") + 4;
        assertEquals(sym(e, "foo") + 4, p + imm(Instruction.BEQ, word(e, p)));
    }

    @Test
    void hi16AndLo16RebuildTheAddress() throws LinkException {
        Executable e = linkAll();
        long s = sym(e, "_start");
        int hi = imm(Instruction.LUI, word(e, s + 8));
        int lo = imm(Instruction.ORI, word(e, s + 12));
        assertEquals(sym(e, "var"), ((long) hi << 16) | lo);
        // The registers survive patching.
        assertEquals(AT, Isa.operands(Instruction.ORI, word(e, s + 12))[0]);
        assertEquals(AT, Isa.operands(Instruction.ORI, word(e, s + 12))[1]);
    }

    @Test
    void ha16CompensatesForTheSignedLow16() throws LinkException {
        Executable e = linkAll();
        long s = sym(e, "_start");
        int ha = imm(Instruction.LUI, word(e, s + 16));
        int lo = imm(Instruction.LW, word(e, s + 20)); // sign-extended
        assertEquals(0x1235, ha);
        assertEquals(0x12348765L, (((long) ha << 16) + lo) & 0xFFFFFFFFL);
        assertEquals(T0, Isa.operands(Instruction.LW, word(e, s + 20))[0]);
    }

    @Test
    void abs17PutsTheAddressInSendhI() throws LinkException {
        Executable e = linkAll();
        long s = sym(e, "_start");
        assertEquals(sym(e, "handler"), imm(Instruction.SENDH_I, word(e, s + 0x18)));
        assertEquals(4, Isa.operands(Instruction.SENDH_I, word(e, s + 0x18))[0]);
    }

    @Test
    void abs32Abs16AndNoneInData() throws LinkException {
        Executable e = linkAll();
        long d = e.section(".data").address();
        assertEquals(sym(e, "var") + 8, Integer.toUnsignedLong(word(e, d)));
        assertEquals(0x1234, half(e, d + 4));
        assertEquals(0xFFFE, half(e, d + 6));
        assertEquals(0xAABBCCDD, word(e, d + 8), "R_SCMP_NONE changes nothing, even against an unknown symbol");
    }

    @Test
    void localAndSectionSymbolsResolveWithinTheirObject() throws LinkException {
        // Both objects have a local `loop' and refer to their own .data through the section symbol.
        Obj a = Obj.start("a.o").words(".text", NOP, enc(Instruction.J, 0), enc(Instruction.LUI, AT, 0))
                .local("loop", ".text", 4)
                .reloc(".text", 8, RelocType.PC26, "loop", 0)
                .words(".data", 7, 8).reloc(".text", 12, RelocType.HI16, ".data", 4);
        Obj b = Obj.named("b.o").words(".text", NOP, NOP, enc(Instruction.J, 0), enc(Instruction.ORI, AT, AT, 0))
                .global("fb", ".text", 0)
                .local("loop", ".text", 0)
                .reloc(".text", 8, RelocType.PC26, "loop", 0)
                .words(".data", 9).reloc(".text", 12, RelocType.LO16, ".data", 0);
        Executable e = Obj.link(a.in(), b.in()).executable();
        long aText = sym(e, "_start");
        long bText = sym(e, "fb");
        assertEquals(aText + 4, aText + 8 + imm(Instruction.J, word(e, aText + 8)));
        assertEquals(bText, bText + 8 + imm(Instruction.J, word(e, bText + 8)));
        long data = e.section(".data").address();
        assertEquals((data + 4) >>> 16, imm(Instruction.LUI, word(e, aText + 12)));
        assertEquals((data + 8) & 0xFFFF, imm(Instruction.ORI, word(e, bText + 12)), "b.o's .data follows a.o's");
    }

    @Test
    void branchOutOfRangeNamesObjectSectionOffsetAndSymbol() {
        Obj main = Obj.start("main.o").words(".text", enc(Instruction.BNE, 4, 0, 0))
                .reloc(".text", 4, RelocType.PC16, "far", 0).undef("far");
        Obj far = Obj.named("far.o").bytes(".text", 0x20000).words(".text", NOP).global("far", ".text", 0x20000);
        List<String> errors = Obj.errors(main.in(), far.in());
        assertEquals(1, errors.size(), errors.toString());
        assertEquals("main.o:.text+0x4: relocation R_SCMP_PC16 against `far': branch target out of range: it is "
                + "131076 bytes away; a branch reaches -131072..131068 bytes", errors.get(0));
    }

    @Test
    void overflowsOfAbsoluteFieldsAreErrors() {
        Obj main = Obj.start("main.o").words(".text", enc(Instruction.SENDH_I, 4, 0, 0))
                .reloc(".text", 4, RelocType.ABS17, "big", 0)
                .words(".data", 0).reloc(".data", 2, RelocType.ABS16, "big", 0)
                .absolute("big", 0x20000);
        List<String> errors = Obj.errors(main.in());
        assertEquals(2, errors.size(), errors.toString());
        assertEquals("main.o:.text+0x4: relocation R_SCMP_ABS17 against `big': out of range: address 0x20000 does not "
                + "fit sendh_i's 17-bit address (0..0x1ffff); use sendh_r", errors.get(0));
        assertEquals("main.o:.data+0x2: relocation R_SCMP_ABS16 against `big': out of range: value 0x20000 does not "
                + "fit in 16 bits (-0x8000..0xffff)", errors.get(1));
    }

    @Test
    void misalignedJumpTargetIsAnError() {
        Obj main = Obj.start("main.o").words(".text", enc(Instruction.J, 0))
                .reloc(".text", 4, RelocType.PC26, "_start", 2);
        List<String> errors = Obj.errors(main.in());
        assertEquals(List.of("main.o:.text+0x4: relocation R_SCMP_PC26 against `_start': misaligned jump target: "
                + "it is -2 bytes away, not a multiple of 4"), errors);
    }

    @Test
    void relocationOutsideItsSectionIsRejected() {
        Obj main = Obj.start("main.o").reloc(".text", 2, RelocType.ABS32, "_start", 0);
        assertEquals(List.of("main.o:.text+0x2: relocation R_SCMP_ABS32 lies outside section .text (size 0x4)"),
                Obj.errors(main.in()));
    }

    @Test
    void relocationsApplyToNonAllocatedSectionsAtAddressZero() throws LinkException {
        Obj a = Obj.start("a.o").words(".scmp.lines", 0, 0).reloc(".scmp.lines", 4, RelocType.ABS32, "_start", 0);
        Obj b = Obj.named("b.o").words(".text", NOP).global("fb", ".text", 0)
                .words(".scmp.lines", 0).reloc(".scmp.lines", 0, RelocType.ABS32, "fb", 0)
                .words(".comment", 0).reloc(".comment", 0, RelocType.ABS32, ".scmp.lines", 0);
        Executable e = Obj.link(a.in(), b.in()).executable();
        Executable.PlacedSection lines = e.section(".scmp.lines");
        assertEquals(0, lines.address());
        assertEquals(12, lines.size());
        assertTrue(!lines.isAlloc());
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(lines.data()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x1000, bb.getInt(4));
        assertEquals(sym(e, "fb"), bb.getInt(8));
        // b.o's .scmp.lines piece starts at offset 8 of the output section, whose address is 0.
        int comment = java.nio.ByteBuffer.wrap(e.section(".comment").data()).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .getInt(0);
        assertEquals(8, comment);
    }

    @Property(tries = 60)
    void callsBranchesAndAddressPairsResolveWherever(@ForAll @IntRange(min = 0, max = 6000) int padWords,
            @ForAll @IntRange(min = -64, max = 64) int addendWords, @ForAll @IntRange(min = 0, max = 0xFFFF) int low)
            throws LinkException {
        int addend = addendWords * 4;
        Obj main = Obj.start("main.o")
                .words(".text", enc(Instruction.JAL, 0), enc(Instruction.BNE, 4, 5, 0),
                        enc(Instruction.LUI, AT, 0), enc(Instruction.ADDI, AT, AT, 0),
                        enc(Instruction.LUI, AT, 0), enc(Instruction.ORI, AT, AT, 0))
                .reloc(".text", 4, RelocType.PC26, "target", addend)
                .reloc(".text", 8, RelocType.PC16, "target", addend)
                .reloc(".text", 12, RelocType.HA16, "datum", addend)
                .reloc(".text", 16, RelocType.LO16, "datum", addend)
                .reloc(".text", 20, RelocType.HI16, "datum", addend)
                .reloc(".text", 24, RelocType.LO16, "datum", addend);
        Obj other = Obj.named("other.o").bytes(".text", padWords * 4).words(".text", NOP)
                .global("target", ".text", padWords * 4)
                .bytes(".data", low + 4).global("datum", ".data", low);
        Executable e = Obj.link(main.in(), other.in()).executable();
        long target = sym(e, "target") + addend;
        long datum = sym(e, "datum") + addend;
        long s = sym(e, "_start");
        assertEquals(target, s + 4 + imm(Instruction.JAL, word(e, s + 4)));
        assertEquals(target, s + 8 + imm(Instruction.BNE, word(e, s + 8)));
        long ha = imm(Instruction.LUI, word(e, s + 12));
        long lo = imm(Instruction.ADDI, word(e, s + 16));
        assertEquals(datum, ((ha << 16) + lo) & 0xFFFFFFFFL);
        long hi = imm(Instruction.LUI, word(e, s + 20));
        long ulo = imm(Instruction.ORI, word(e, s + 24));
        assertEquals(datum, (hi << 16) | ulo);
    }
}
