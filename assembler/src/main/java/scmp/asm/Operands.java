package scmp.asm;

import scmp.isa.HostCall;
import scmp.isa.ImmKind;
import scmp.isa.MessageType;
import scmp.isa.Registers;
import scmp.isa.SpecialRegister;

/**
 * Reading one operand of the kind an instruction wants: an integer or FP register, the base register of a
 * memory operand, a message type, a special register, a host call (by name or number), or an immediate that
 * must not be a register; each refusal says what was expected and what was written.
 */
final class Operands {
    private final Assembler asm;

    Operands(Assembler asm) {
        this.asm = asm;
    }

    static int gpr(Arg a) {
        String id = a.identifier();
        if (id != null) {
            int r = Registers.gpr(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.fpr(id) >= 0) {
                throw new AsmError(a.pos(), "expected an integer register, got FP register '" + id + "'");
            }
        }
        throw new AsmError(a.pos(), "expected an integer register, got '" + a.text() + "'");
    }

    static int fpr(Arg a) {
        String id = a.identifier();
        if (id != null) {
            int r = Registers.fpr(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.gpr(id) >= 0) {
                throw new AsmError(a.pos(), "expected an FP register, got integer register '" + id + "'");
            }
        }
        throw new AsmError(a.pos(), "expected an FP register, got '" + a.text() + "'");
    }

    static int baseRegister(Arg.MemArg m) {
        int r = Registers.gpr(m.base());
        if (r >= 0) {
            return r;
        }
        if (Registers.fpr(m.base()) >= 0) {
            throw new AsmError(m.basePos(), "the base of a memory operand must be an integer register, got '"
                    + m.base() + "'");
        }
        throw new AsmError(m.basePos(), "expected a base register in the memory operand, got '" + m.base() + "'");
    }

    int messageType(Arg a) {
        String id = a.identifier();
        if (id != null) {
            for (MessageType t : MessageType.values()) {
                if (t.name().equalsIgnoreCase(id)) {
                    return t.code;
                }
            }
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !asm.symbolTable.isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "expected a message type (THREAD, DATA, CTS or 0..15), got '" + a.text() + "'");
        }
        long v = asm.constNow(a, "a message type");
        if (v < 0 || v > 15) {
            throw new AsmError(a.pos(), "message type " + v + " out of range 0..15");
        }
        return (int) v;
    }

    int specialRegister(Arg a) {
        String id = a.identifier();
        if (id != null && SpecialRegister.byName(id) != null) {
            return SpecialRegister.byName(id).ordinal();
        }
        StringBuilder names = new StringBuilder();
        for (SpecialRegister s : SpecialRegister.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(s.asmName);
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !asm.symbolTable.isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "unknown special register '" + a.text() + "'; expected one of " + names
                    + " or a number");
        }
        long v = asm.constNow(a, "a special register number");
        if (v < 0 || v >= SpecialRegister.values().length) {
            throw new AsmError(a.pos(), "special register number " + v + " out of range 0.."
                    + (SpecialRegister.values().length - 1));
        }
        return (int) v;
    }

    int hostCall(Arg a) {
        String id = a.identifier();
        if (id != null) {
            for (HostCall h : HostCall.values()) {
                if (h.asmName.equalsIgnoreCase(id)) {
                    return h.ordinal();
                }
            }
        }
        StringBuilder names = new StringBuilder();
        for (HostCall h : HostCall.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(h.asmName);
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !asm.symbolTable.isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "unknown host call '" + a.text() + "'; expected one of " + names
                    + " or a number");
        }
        long v = asm.constNow(a, "a host call number");
        if (v < 0 || v >= HostCall.values().length) {
            throw new AsmError(a.pos(), "host call number " + v + " out of range 0.." + (HostCall.values().length - 1));
        }
        return (int) v;
    }

    Expr immExpr(Arg a, ImmKind kind) {
        String what = switch (kind) {
            case PC16, PC26 -> "a branch target";
            case ADDR17 -> "an address";
            default -> "an immediate";
        };
        String id = a.identifier();
        if (id != null && Symbols.isRegister(id) && !asm.symbolTable.knownSymbol(id)) {
            throw new AsmError(a.pos(), "expected " + what + ", got register '" + id + "'");
        }
        if (a instanceof Arg.ExprArg e) {
            return e.expr();
        }
        if (a instanceof Arg.MemArg m && m.offset() == null && !Symbols.isRegister(m.base())) {
            return new Expr.Sym(m.base(), m.basePos());
        }
        throw new AsmError(a.pos(), "expected " + what + ", got '" + a.text() + "'");
    }
}
