package scmp.isa;

import java.util.List;

/**
 * Pseudo-instructions: assembler mnemonics that expand to one or more real instructions. The expansion
 * templates use the pseudo's own operand tokens; {@code li} and {@code la} pick their expansion by the
 * value (see {@link #expansion}). The assembler expands them from this table, and docs/isa.md lists them.
 */
public enum Pseudo {
    NOP("nop", "", List.of("addi zero, zero, 0"), "no operation"),
    MV("mv", "rd, rs1", List.of("addi rd, rs1, 0"), "copy a register"),
    NOT("not", "rd, rs1", List.of("nor rd, rs1, zero"), "bitwise complement"),
    NEG("neg", "rd, rs1", List.of("sub rd, zero, rs1"), "two's complement negation"),
    LI("li", "rd, imm", List.of("addi rd, zero, imm"),
            "load a 32-bit constant: addi if it fits in signed 16 bits, ori if in unsigned 16 bits, else lui rd, %hi(imm); ori rd, rd, %lo(imm)"),
    LA("la", "rd, imm", List.of("lui rd, %hi(imm)", "ori rd, rd, %lo(imm)"),
            "load an address (always two instructions, relocated by R_SCMP_HI16 and R_SCMP_LO16)"),
    CALL("call", "imm", List.of("jal imm"), "call a function (ra = return address)"),
    CALLR("callr", "rs1", List.of("jalr ra, rs1, 0"), "call the function whose address is in rs1"),
    TAIL("tail", "imm", List.of("j imm"), "tail call"),
    RET("ret", "", List.of("jalr zero, ra, 0"), "return from a function"),
    JR("jr", "rs1", List.of("jalr zero, rs1, 0"), "jump to the address in rs1"),
    B("b", "imm", List.of("beq zero, zero, imm"), "unconditional branch (+-128 KiB)"),
    BEQZ("beqz", "rs1, imm", List.of("beq rs1, zero, imm"), "branch if rs1 == 0"),
    BNEZ("bnez", "rs1, imm", List.of("bne rs1, zero, imm"), "branch if rs1 != 0"),
    BLTZ("bltz", "rs1, imm", List.of("blt rs1, zero, imm"), "branch if rs1 < 0"),
    BGEZ("bgez", "rs1, imm", List.of("bge rs1, zero, imm"), "branch if rs1 >= 0"),
    BGTZ("bgtz", "rs1, imm", List.of("blt zero, rs1, imm"), "branch if rs1 > 0"),
    BLEZ("blez", "rs1, imm", List.of("bge zero, rs1, imm"), "branch if rs1 <= 0"),
    BGT("bgt", "rs1, rs2, imm", List.of("blt rs2, rs1, imm"), "branch if rs1 > rs2 (signed)"),
    BLE("ble", "rs1, rs2, imm", List.of("bge rs2, rs1, imm"), "branch if rs1 <= rs2 (signed)"),
    BGTU("bgtu", "rs1, rs2, imm", List.of("bltu rs2, rs1, imm"), "branch if rs1 > rs2 (unsigned)"),
    BLEU("bleu", "rs1, rs2, imm", List.of("bgeu rs2, rs1, imm"), "branch if rs1 <= rs2 (unsigned)"),
    SEQZ("seqz", "rd, rs1", List.of("sltiu rd, rs1, 1"), "rd = (rs1 == 0)"),
    SNEZ("snez", "rd, rs1", List.of("sltu rd, zero, rs1"), "rd = (rs1 != 0)"),
    SGT("sgt", "rd, rs1, rs2", List.of("slt rd, rs2, rs1"), "rd = (rs1 > rs2), signed"),
    SGTU("sgtu", "rd, rs1, rs2", List.of("sltu rd, rs2, rs1"), "rd = (rs1 > rs2), unsigned"),
    FGT_D("fgt.d", "rd, fs1, fs2", List.of("flt.d rd, fs2, fs1"), "rd = (fs1 > fs2)"),
    FGE_D("fge.d", "rd, fs1, fs2", List.of("fle.d rd, fs2, fs1"), "rd = (fs1 >= fs2)");

    public final String mnemonic;
    public final String syntax;
    /** The default expansion, one instruction per line, in terms of this pseudo's operand tokens. */
    public final List<String> expansion;
    public final String description;

    Pseudo(String mnemonic, String syntax, List<String> expansion, String description) {
        this.mnemonic = mnemonic;
        this.syntax = syntax;
        this.expansion = expansion;
        this.description = description;
    }

    public static Pseudo byMnemonic(String m) {
        for (Pseudo p : values()) {
            if (p.mnemonic.equalsIgnoreCase(m)) {
                return p;
            }
        }
        return null;
    }
}
