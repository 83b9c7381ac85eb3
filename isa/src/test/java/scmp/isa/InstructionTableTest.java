package scmp.isa;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Checks the declaration itself: no overlapping encodings, every bit accounted for, every row complete. */
class InstructionTableTest {

    @Test
    void noTwoInstructionsShareAnEncoding() {
        Instruction[] all = Instruction.values();
        for (int a = 0; a < all.length; a++) {
            for (int b = a + 1; b < all.length; b++) {
                int common = all[a].fixedMask() & all[b].fixedMask();
                boolean disjoint = (all[a].fixedBits() & common) != (all[b].fixedBits() & common);
                assertTrue(disjoint, all[a] + " and " + all[b] + " overlap");
            }
        }
    }

    @Test
    void everyBitIsFixedOrInAnOperandFieldExactlyOnce() {
        for (Instruction i : Instruction.values()) {
            int operandBits = 0;
            for (Operand o : i.operands()) {
                int m = o.field().mask() << o.field().lo();
                assertEquals(0, operandBits & m, i + ": operand fields overlap");
                operandBits |= m;
            }
            assertEquals(0, operandBits & i.fixedMask(), i + ": an operand bit is also fixed");
            assertEquals(-1, operandBits | i.fixedMask(), i + ": a bit is neither fixed nor an operand");
        }
    }

    @Test
    void fieldsOfEachFormatAreDisjointAndBelowTheOpcode() {
        for (Format f : Format.values()) {
            int used = Format.OPCODE.mask() << Format.OPCODE.lo();
            for (Field fld : f.fields()) {
                int m = fld.mask() << fld.lo();
                assertEquals(0, used & m, f + ": field " + fld.name() + " overlaps");
                used |= m;
            }
        }
    }

    @Test
    void everyRowIsComplete() {
        Set<String> mnemonics = new HashSet<>();
        for (Instruction i : Instruction.values()) {
            assertTrue(mnemonics.add(i.mnemonic), "duplicate mnemonic " + i.mnemonic);
            assertNotNull(i.timing, i + " has no timing class");
            assertFalse(i.description.isBlank(), i + " has no description");
            assertEquals(i.immKind != ImmKind.NONE, i.immOperand() != null, i + ": immediate kind and syntax disagree");
            assertEquals(i.format.field("funct") != null, i.funct >= 0, i + ": funct and format disagree");
        }
        for (Pseudo p : Pseudo.values()) {
            assertNull(Isa.byMnemonic(p.mnemonic), "pseudo " + p.mnemonic + " shadows an instruction");
            for (String line : p.expansion) {
                String m = line.split(" ")[0];
                assertNotNull(Isa.byMnemonic(m), p + " expands to unknown " + m);
            }
        }
    }

    @Test
    void networkInstructionsOfThesisTable21AreDeclaredWithTheirOperands() {
        assertEquals("rs1, type, imm", Instruction.SENDH_I.syntax);
        assertEquals(ImmKind.ADDR17, Instruction.SENDH_I.immKind);
        assertEquals("rs1, type, rs2, imm", Instruction.SENDH_R.syntax);
        assertEquals("rs1, rs2", Instruction.SEND2.syntax);
        assertEquals("rs1", Instruction.SENDE.syntax);
        assertEquals("rs1, rs2", Instruction.SEND2E.syntax);
        assertEquals("rs1, rs2", Instruction.SENDM.syntax);
        assertEquals("rs1, rs2", Instruction.SENDME.syntax);
    }

    @Test
    void decodeRejectsUnusedFieldsAndBadImmediates() throws EncodingException {
        int add = Isa.encode(Instruction.ADD, 1, 2, 3);
        assertEquals(Instruction.ADD, Isa.decode(add));
        assertNull(Isa.decode(add | (1 << 10)), "funct bits outside ADD's code");
        int endt = Isa.encode(Instruction.ENDT);
        assertNull(Isa.decode(endt | (5 << 16)), "a register in an unused slot");
        int slli = Isa.encode(Instruction.SLLI, 1, 2, 31);
        assertNull(Isa.decode(slli + 1), "shift amount 32");
        assertNull(Isa.decode(0xFC000000), "unassigned major opcode");
    }

    @Test
    void encodeChecksRanges() {
        assertThrows(EncodingException.class, () -> Isa.encode(Instruction.ADDI, 1, 2, 40000));
        assertThrows(EncodingException.class, () -> Isa.encode(Instruction.ORI, 1, 2, -1));
        assertThrows(EncodingException.class, () -> Isa.encode(Instruction.BEQ, 1, 2, 6));
        assertThrows(EncodingException.class, () -> Isa.encode(Instruction.SENDH_I, 1, 1, 0x20000));
        assertThrows(EncodingException.class, () -> Isa.encode(Instruction.ADD, 1, 2));
    }

    @Test
    void docsIsaMdIsGeneratedFromTheDeclaration() throws IOException {
        Path doc = Path.of("..", "docs", "isa.md");
        assertTrue(Files.exists(doc), "docs/isa.md is missing");
        assertEquals(IsaDoc.markdown(), Files.readString(doc),
                "docs/isa.md is stale: regenerate with java -cp isa/target/classes scmp.isa.IsaDoc docs/isa.md");
    }
}
