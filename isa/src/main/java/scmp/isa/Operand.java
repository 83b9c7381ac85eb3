package scmp.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * One operand of an instruction's assembly syntax, bound to the bit field that carries it.
 *
 * @param kind   what the operand is
 * @param field  the bit field
 * @param token  the syntax token ("rd", "fs1", "imm", "type", "sr")
 * @param memBase whether this register is the base of a memory operand {@code imm(rs1)}
 */
public record Operand(Kind kind, Field field, String token, boolean memBase) {

    public enum Kind { GPR, FPR, IMM, TYPE }

    /** Parses a syntax string such as {@code "rd, imm(rs1)"} into operands bound to the format's fields. */
    static List<Operand> parseSyntax(Instruction insn, String syntax) {
        List<Operand> out = new ArrayList<>();
        if (syntax.isBlank()) {
            return out;
        }
        for (String part : syntax.split(",")) {
            String t = part.trim();
            int paren = t.indexOf('(');
            if (paren >= 0) {
                out.add(bind(insn, t.substring(0, paren), false));
                out.add(bind(insn, t.substring(paren + 1, t.length() - 1), true));
            } else {
                out.add(bind(insn, t, false));
            }
        }
        return List.copyOf(out);
    }

    private static Operand bind(Instruction insn, String token, boolean memBase) {
        Format fmt = insn.format;
        Kind kind;
        String fieldName;
        if (token.equals("imm") || token.equals("sr")) {
            kind = Kind.IMM;
            fieldName = "imm";
        } else if (token.equals("type")) {
            kind = Kind.TYPE;
            fieldName = "type";
        } else if (token.startsWith("r")) {
            kind = Kind.GPR;
            fieldName = token.substring(1);
        } else if (token.startsWith("f")) {
            kind = Kind.FPR;
            fieldName = token.substring(1);
        } else {
            throw new IllegalStateException(insn + ": unknown syntax token " + token);
        }
        Field f = fmt.field(fieldName);
        if (f == null) {
            throw new IllegalStateException(insn + ": format " + fmt + " has no field for " + token);
        }
        if (kind == Kind.IMM && insn.immKind == ImmKind.NONE) {
            throw new IllegalStateException(insn + ": immediate operand without an ImmKind");
        }
        return new Operand(kind, f, token, memBase);
    }
}
