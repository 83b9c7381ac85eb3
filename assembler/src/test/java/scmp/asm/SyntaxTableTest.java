package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import scmp.elf.ObjectFile;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.Pseudo;
import scmp.isa.Registers;

/**
 * Every instruction and every pseudo-instruction can be written in the syntax its table row documents, and
 * a pseudo-instruction assembles exactly like its documented expansion.
 */
class SyntaxTableTest {

    private static final Pattern TOKEN = Pattern.compile("\\b(rd|rs1|rs2|rs3|fd|fs1|fs2|imm|type|sr)\\b");

    /** What each syntax token is replaced with in the tests. */
    private static final Map<String, String> REGS = Map.of("rd", "a0", "rs1", "a1", "rs2", "a2", "rs3", "a3", "fd", "ft0",
            "fs1", "ft1", "fs2", "ft2", "type", "DATA", "sr", "cycleh");

    private static String immText(ImmKind k) {
        return switch (k) {
            case S16 -> "-5";
            case U16 -> "0x1234";
            case SHAMT -> "7";
            case PC16, PC26 -> ".+8";
            case ADDR17 -> "0x100";
            case STRIDE12 -> "3";
            case HCALL -> "write";
            case SREG -> "cycleh";
            case NONE -> throw new AssertionError();
        };
    }

    private static long immValue(ImmKind k) {
        return switch (k) {
            case S16 -> -5;
            case U16 -> 0x1234;
            case SHAMT -> 7;
            case PC16, PC26 -> 8;
            case ADDR17 -> 0x100;
            case STRIDE12 -> 3;
            case HCALL -> 1;
            case SREG -> 6;
            case NONE -> throw new AssertionError();
        };
    }

    private static String fill(String syntax, String imm) {
        Matcher m = TOKEN.matcher(syntax);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String t = m.group(1);
            m.appendReplacement(sb, Matcher.quoteReplacement(t.equals("imm") ? imm : REGS.get(t)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    @TestFactory
    List<DynamicTest> everyInstructionFromItsSyntax() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Instruction insn : Instruction.values()) {
            tests.add(DynamicTest.dynamicTest(insn.mnemonic, () -> {
                String line = insn.mnemonic + " " + fill(insn.syntax, insn.immKind == ImmKind.NONE ? "" : immText(insn.immKind));
                int[] w = Asm.text(line);
                assertEquals(1, w.length, line);
                assertEquals(insn, Isa.decode(w[0]), line);
                int[] ops = Isa.operands(insn, w[0]);
                List<Operand> syntax = insn.operands();
                for (int k = 0; k < ops.length; k++) {
                    Operand o = syntax.get(k);
                    long expected = switch (o.kind()) {
                        case GPR -> Registers.gpr(REGS.get(o.token()));
                        case FPR -> Registers.fpr(REGS.get(o.token()));
                        case TYPE -> 1;
                        case IMM -> immValue(insn.immKind);
                    };
                    assertEquals(expected, ops[k], line + " operand " + o.token());
                }
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> everyPseudoFromItsSyntaxMatchesItsExpansion() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Pseudo p : Pseudo.values()) {
            tests.add(DynamicTest.dynamicTest(p.mnemonic, () -> {
                // A branch target, a small constant for li, a symbol for la (relocated like its expansion).
                String imm = p == Pseudo.LI ? "5" : p == Pseudo.LA ? "sym + 4" : ".+8";
                String line = (p.mnemonic + " " + fill(p.syntax, imm)).trim();
                String expansion = String.join("\n", p.expansion.stream().map(t -> fill(t, imm)).toList());
                ObjectFile a = Asm.ok(line);
                ObjectFile b = Asm.ok(expansion);
                assertArrayEquals(Asm.words(b, ".text"), Asm.words(a, ".text"), line + " vs " + expansion);
                assertEquals(p.expansion.size(), Asm.words(a, ".text").length);
                assertEquals(b.section(".text").relocations(), a.section(".text").relocations());
            }));
        }
        return tests;
    }
}
