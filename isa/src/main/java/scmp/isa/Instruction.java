package scmp.isa;

import static scmp.isa.Format.*;
import static scmp.isa.ImmKind.*;
import static scmp.isa.TimingClass.*;

import java.util.ArrayList;
import java.util.List;

/**
 * The SCMP instruction set, one row per instruction. This table is the single declaration from which the
 * encoder, decoder, assembler tables, disassembler and docs/isa.md are derived.
 *
 * <p>Each row gives the assembler mnemonic, the format, the major opcode (bits 31..26), the function code
 * for formats that have one (-1 otherwise), the operand syntax, how the immediate is read, the timing
 * class and a one-line description of the semantics. Operand syntax tokens: {@code rd rs1 rs2 rs3} are
 * integer registers in slots d, s1, s2, s3; {@code fd fs1 fs2} are FP registers in slots d, s1, s2;
 * {@code imm} is the immediate field; {@code imm(rs1)} is a memory operand; {@code type} is a message type
 * (THREAD, DATA, CTS or 0..15); {@code sr} is a special register name. Fields that the syntax does not name
 * must be zero: a word with a non-zero unused field is an illegal instruction.
 */
public enum Instruction {
    // ---- integer register-register (major opcode 0x00) ----
    ADD("add", R, 0x00, 0, "rd, rs1, rs2", NONE, ALU, "rd = rs1 + rs2 (wrapping)"),
    SUB("sub", R, 0x00, 1, "rd, rs1, rs2", NONE, ALU, "rd = rs1 - rs2 (wrapping)"),
    AND("and", R, 0x00, 2, "rd, rs1, rs2", NONE, ALU, "rd = rs1 & rs2"),
    OR("or", R, 0x00, 3, "rd, rs1, rs2", NONE, ALU, "rd = rs1 | rs2"),
    XOR("xor", R, 0x00, 4, "rd, rs1, rs2", NONE, ALU, "rd = rs1 ^ rs2"),
    NOR("nor", R, 0x00, 5, "rd, rs1, rs2", NONE, ALU, "rd = ~(rs1 | rs2)"),
    SLL("sll", R, 0x00, 6, "rd, rs1, rs2", NONE, ALU, "rd = rs1 << (rs2 & 31)"),
    SRL("srl", R, 0x00, 7, "rd, rs1, rs2", NONE, ALU, "rd = rs1 >>> (rs2 & 31) (logical)"),
    SRA("sra", R, 0x00, 8, "rd, rs1, rs2", NONE, ALU, "rd = rs1 >> (rs2 & 31) (arithmetic)"),
    SLT("slt", R, 0x00, 9, "rd, rs1, rs2", NONE, ALU, "rd = (rs1 < rs2) ? 1 : 0, signed"),
    SLTU("sltu", R, 0x00, 10, "rd, rs1, rs2", NONE, ALU, "rd = (rs1 < rs2) ? 1 : 0, unsigned"),
    MUL("mul", R, 0x00, 11, "rd, rs1, rs2", NONE, TimingClass.MUL, "rd = low 32 bits of rs1 * rs2"),
    MULH("mulh", R, 0x00, 12, "rd, rs1, rs2", NONE, TimingClass.MUL, "rd = high 32 bits of signed rs1 * signed rs2"),
    MULHU("mulhu", R, 0x00, 13, "rd, rs1, rs2", NONE, TimingClass.MUL, "rd = high 32 bits of unsigned rs1 * unsigned rs2"),
    DIV("div", R, 0x00, 14, "rd, rs1, rs2", NONE, TimingClass.DIV, "rd = rs1 / rs2, signed, rounded toward zero; traps if rs2 == 0; MIN/-1 gives MIN"),
    DIVU("divu", R, 0x00, 15, "rd, rs1, rs2", NONE, TimingClass.DIV, "rd = rs1 / rs2, unsigned; traps if rs2 == 0"),
    REM("rem", R, 0x00, 16, "rd, rs1, rs2", NONE, TimingClass.DIV, "rd = rs1 % rs2, signed (sign of rs1); traps if rs2 == 0; MIN%-1 gives 0"),
    REMU("remu", R, 0x00, 17, "rd, rs1, rs2", NONE, TimingClass.DIV, "rd = rs1 % rs2, unsigned; traps if rs2 == 0"),

    // ---- floating point, double precision registers (major opcode 0x01) ----
    FADD_D("fadd.d", R, 0x01, 0, "fd, fs1, fs2", NONE, FPADD, "fd = fs1 + fs2 (IEEE double, round to nearest even)"),
    FSUB_D("fsub.d", R, 0x01, 1, "fd, fs1, fs2", NONE, FPADD, "fd = fs1 - fs2"),
    FMUL_D("fmul.d", R, 0x01, 2, "fd, fs1, fs2", NONE, FPMUL, "fd = fs1 * fs2"),
    FDIV_D("fdiv.d", R, 0x01, 3, "fd, fs1, fs2", NONE, FPDIV, "fd = fs1 / fs2 (IEEE: no trap, division by zero gives infinity)"),
    FSQRT_D("fsqrt.d", R, 0x01, 4, "fd, fs1", NONE, FPSQRT, "fd = sqrt(fs1), correctly rounded; NaN for negative operands"),
    FNEG_D("fneg.d", R, 0x01, 5, "fd, fs1", NONE, FPADD, "fd = -fs1 (flips the sign bit)"),
    FABS_D("fabs.d", R, 0x01, 6, "fd, fs1", NONE, FPADD, "fd = |fs1| (clears the sign bit)"),
    FMV_D("fmv.d", R, 0x01, 7, "fd, fs1", NONE, FPADD, "fd = fs1 (bit copy)"),
    FEQ_D("feq.d", R, 0x01, 8, "rd, fs1, fs2", NONE, FPADD, "rd = (fs1 == fs2) ? 1 : 0; 0 if either is NaN"),
    FLT_D("flt.d", R, 0x01, 9, "rd, fs1, fs2", NONE, FPADD, "rd = (fs1 < fs2) ? 1 : 0; 0 if either is NaN"),
    FLE_D("fle.d", R, 0x01, 10, "rd, fs1, fs2", NONE, FPADD, "rd = (fs1 <= fs2) ? 1 : 0; 0 if either is NaN"),
    FCVT_D_W("fcvt.d.w", R, 0x01, 11, "fd, rs1", NONE, FPCVT, "fd = (double) rs1, rs1 signed"),
    FCVT_D_WU("fcvt.d.wu", R, 0x01, 12, "fd, rs1", NONE, FPCVT, "fd = (double) rs1, rs1 unsigned"),
    FCVT_W_D("fcvt.w.d", R, 0x01, 13, "rd, fs1", NONE, FPCVT, "rd = (int) fs1, truncated toward zero; NaN gives 0, out of range saturates"),
    FCVT_WU_D("fcvt.wu.d", R, 0x01, 14, "rd, fs1", NONE, FPCVT, "rd = (unsigned) fs1, truncated toward zero; NaN and negatives give 0, too large saturates"),
    FCVT_S_D("fcvt.s.d", R, 0x01, 15, "fd, fs1", NONE, FPCVT, "fd = fs1 rounded to single precision (float <- double); the result stays in double format"),
    FMV_X_W("fmv.x.w", R, 0x01, 16, "rd, fs1", NONE, FPCVT, "rd = bits of (float) fs1 (round to single, then the 32-bit IEEE pattern)"),
    FMV_W_X("fmv.w.x", R, 0x01, 17, "fd, rs1", NONE, FPCVT, "fd = (double) of the single-precision bit pattern in rs1 (double <- float)"),
    FMV_X_LO("fmv.x.lo", R, 0x01, 18, "rd, fs1", NONE, FPCVT, "rd = low 32 bits of the double bit pattern of fs1"),
    FMV_X_HI("fmv.x.hi", R, 0x01, 19, "rd, fs1", NONE, FPCVT, "rd = high 32 bits of the double bit pattern of fs1"),
    FMV_D_X("fmv.d.x", R, 0x01, 20, "fd, rs1, rs2", NONE, FPCVT, "fd = the double whose bit pattern is rs2 (high word) : rs1 (low word)"),

    // ---- network and thread control, register forms (major opcode 0x02) ----
    SEND2("send2", R, 0x02, 0, "rs1, rs2", NONE, NET, "SEND2: append two data flits, rs1 then rs2, to the message being built"),
    SENDE("sende", R, 0x02, 1, "rs1", NONE, NET, "SENDE: append one data flit with the tail bit set, ending the message"),
    SEND2E("send2e", R, 0x02, 2, "rs1, rs2", NONE, NET, "SEND2E: append two data flits, the second with the tail bit set, ending the message"),
    SENDM("sendm", R, 0x02, 3, "rs1, rs2", NONE, NET, "SENDM: the NIU sends count words from memory at rs1 by DMA; rs2 = stride (upper 16 bits, signed, in words) : count (lower 16 bits)"),
    SENDME("sendme", R, 0x02, 4, "rs1, rs2", NONE, NET, "SENDME: as SENDM, and the last flit carries the tail bit, ending the message"),
    SUSPEND("suspend", R, 0x02, 5, "", NONE, THREAD, "extension of Table 2.1 (the thesis names the behaviour, suspendThread, section 4.1.3): give up the processor: the next ready thread context runs (cooperative multitasking)"),
    ENDT("endt", R, 0x02, 6, "", NONE, THREAD, "extension of Table 2.1: end this thread and free its context"),

    // ---- integer register-immediate ----
    ADDI("addi", I, 0x04, -1, "rd, rs1, imm", S16, ALU, "rd = rs1 + sext(imm)"),
    ANDI("andi", I, 0x05, -1, "rd, rs1, imm", U16, ALU, "rd = rs1 & zext(imm)"),
    ORI("ori", I, 0x06, -1, "rd, rs1, imm", U16, ALU, "rd = rs1 | zext(imm)"),
    XORI("xori", I, 0x07, -1, "rd, rs1, imm", U16, ALU, "rd = rs1 ^ zext(imm)"),
    SLLI("slli", I, 0x08, -1, "rd, rs1, imm", SHAMT, ALU, "rd = rs1 << imm"),
    SRLI("srli", I, 0x09, -1, "rd, rs1, imm", SHAMT, ALU, "rd = rs1 >>> imm (logical)"),
    SRAI("srai", I, 0x0A, -1, "rd, rs1, imm", SHAMT, ALU, "rd = rs1 >> imm (arithmetic)"),
    SLTI("slti", I, 0x0B, -1, "rd, rs1, imm", S16, ALU, "rd = (rs1 < sext(imm)) ? 1 : 0, signed"),
    SLTIU("sltiu", I, 0x0C, -1, "rd, rs1, imm", S16, ALU, "rd = (rs1 < sext(imm)) ? 1 : 0, both compared unsigned"),
    LUI("lui", I, 0x0D, -1, "rd, imm", U16, ALU, "rd = imm << 16"),

    // ---- loads (address = rs1 + sext(imm); natural alignment required) ----
    LB("lb", I, 0x10, -1, "rd, imm(rs1)", S16, LOAD, "rd = sext(mem8[rs1 + imm])"),
    LBU("lbu", I, 0x11, -1, "rd, imm(rs1)", S16, LOAD, "rd = zext(mem8[rs1 + imm])"),
    LH("lh", I, 0x12, -1, "rd, imm(rs1)", S16, LOAD, "rd = sext(mem16[rs1 + imm])"),
    LHU("lhu", I, 0x13, -1, "rd, imm(rs1)", S16, LOAD, "rd = zext(mem16[rs1 + imm])"),
    LW("lw", I, 0x14, -1, "rd, imm(rs1)", S16, LOAD, "rd = mem32[rs1 + imm]"),
    FLW("flw", I, 0x15, -1, "fd, imm(rs1)", S16, LOAD, "fd = (double) of the float at mem32[rs1 + imm]"),
    FLD("fld", I, 0x16, -1, "fd, imm(rs1)", S16, LOAD, "fd = mem64[rs1 + imm] (8-byte aligned)"),

    // ---- stores ----
    SB("sb", S, 0x18, -1, "rs2, imm(rs1)", S16, STORE, "mem8[rs1 + imm] = low 8 bits of rs2"),
    SH("sh", S, 0x19, -1, "rs2, imm(rs1)", S16, STORE, "mem16[rs1 + imm] = low 16 bits of rs2"),
    SW("sw", S, 0x1A, -1, "rs2, imm(rs1)", S16, STORE, "mem32[rs1 + imm] = rs2"),
    FSW("fsw", S, 0x1B, -1, "fs2, imm(rs1)", S16, STORE, "mem32[rs1 + imm] = (float) fs2, rounded to nearest even"),
    FSD("fsd", S, 0x1C, -1, "fs2, imm(rs1)", S16, STORE, "mem64[rs1 + imm] = fs2 (8-byte aligned)"),

    // ---- conditional branches (target = this pc + 4*imm) ----
    BEQ("beq", B, 0x20, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 == rs2: pc = pc + offset"),
    BNE("bne", B, 0x21, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 != rs2: pc = pc + offset"),
    BLT("blt", B, 0x22, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 < rs2 (signed): pc = pc + offset"),
    BGE("bge", B, 0x23, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 >= rs2 (signed): pc = pc + offset"),
    BLTU("bltu", B, 0x24, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 < rs2 (unsigned): pc = pc + offset"),
    BGEU("bgeu", B, 0x25, -1, "rs1, rs2, imm", PC16, BRANCH, "if rs1 >= rs2 (unsigned): pc = pc + offset"),

    // ---- jumps ----
    J("j", Format.J, 0x28, -1, "imm", PC26, JUMP, "pc = pc + offset"),
    JAL("jal", Format.J, 0x29, -1, "imm", PC26, JUMP, "ra = pc + 4; pc = pc + offset (call)"),
    JALR("jalr", I, 0x2A, -1, "rd, rs1, imm", S16, JUMP, "t = (rs1 + sext(imm)) & ~3; rd = pc + 4; pc = t (indirect call, return)"),

    // ---- network head flits ----
    SENDH_I("sendh_i", H, 0x30, -1, "rs1, type, imm", ADDR17, NET,
            "SENDH_I: start a message to node rs1 of the given type; the address flit is imm (17 bits); DATA stride 1"),
    SENDH_R("sendh_r", HR, 0x31, -1, "rs1, type, rs2, imm", STRIDE12, NET,
            "SENDH_R: start a message to node rs1 of the given type; the address flit is rs2; DATA stride imm words"),
    SENDH_RR("sendh_rr", HX, 0x32, -1, "rs1, type, rs2, rs3", NONE, NET,
            "extension of Table 2.1: as SENDH_R with the stride taken from rs3 (low 16 bits, signed, in words)"),

    // ---- special registers and host calls ----
    RDSR("rdsr", I, 0x38, -1, "rd, sr", SREG, THREAD, "extension of Table 2.1: rd = special register sr (node id, mesh size, thread context, cycle counter)"),
    HCALL("hcall", I, 0x39, -1, "imm", ImmKind.HCALL, HOST, "extension of Table 2.1 (the simulator's host services): host call (semihosting) service imm; arguments in a0..a3, result in a0");

    public final String mnemonic;
    public final Format format;
    public final int opcode;
    public final int funct;
    public final String syntax;
    public final ImmKind immKind;
    public final TimingClass timing;
    public final String description;
    private final List<Operand> operands;
    private final int fixedMask;
    private final int fixedBits;

    Instruction(String mnemonic, Format format, int opcode, int funct, String syntax, ImmKind immKind,
                TimingClass timing, String description) {
        this.mnemonic = mnemonic;
        this.format = format;
        this.opcode = opcode;
        this.funct = funct;
        this.syntax = syntax;
        this.immKind = immKind;
        this.timing = timing;
        this.description = description;
        this.operands = Operand.parseSyntax(this, syntax);
        int used = Format.OPCODE.mask() << Format.OPCODE.lo();
        int bits = opcode << Format.OPCODE.lo();
        for (Operand o : operands) {
            used |= o.field().mask() << o.field().lo();
        }
        if (funct >= 0) {
            Field f = format.field("funct");
            bits = f.put(bits, funct);
        }
        // Every bit not carried by a named operand is fixed: opcode, funct, and zeros elsewhere.
        this.fixedMask = ~used | (Format.OPCODE.mask() << Format.OPCODE.lo());
        this.fixedBits = bits & fixedMask;
    }

    /** The operands in syntax order. */
    public List<Operand> operands() {
        return operands;
    }

    /** Bits of the word that are fixed for this instruction (opcode, funct, unused fields). */
    public int fixedMask() {
        return fixedMask;
    }

    /** The values of the fixed bits. */
    public int fixedBits() {
        return fixedBits;
    }

    public boolean matches(int word) {
        return (word & fixedMask) == fixedBits;
    }

    /** Whether the instruction has an immediate (or address, stride, sreg...) operand. */
    public Operand immOperand() {
        for (Operand o : operands) {
            if (o.kind() == Operand.Kind.IMM) {
                return o;
            }
        }
        return null;
    }

    public boolean isBranch() {
        return timing == BRANCH;
    }

    /** Instructions in declaration order. */
    public static List<Instruction> all() {
        return new ArrayList<>(List.of(values()));
    }
}
