package scmp.isa.sem;

import java.util.ArrayList;
import java.util.List;
import scmp.isa.Registers;

/**
 * Writes declared semantics in the compact notation of docs/isa.md: {@code rd ← rs1 + rs2},
 * {@code if rs1 <u rs2: pc ← pc + imm (branch)}, {@code mem32[rs1 + imm] ← rs2}. In expressions {@code pc} is the
 * instruction's own address, {@code imm} the immediate's value, {@code <u} and friends compare unsigned; a head
 * flit is {@code send head(node, type, address, stride)}.
 */
public final class SemanticsText implements Expr.Visitor<String> {
    private static final SemanticsText INSTANCE = new SemanticsText();

    private SemanticsText() {
    }

    /**
     * Returns an instruction's statements, separated by semicolons.
     *
     * @param sem the semantics
     * @return the text
     */
    public static String of(InstructionSemantics sem) {
        List<String> parts = new ArrayList<>();
        for (Stmt s : sem.body()) {
            parts.add(statement(s));
        }
        return String.join("; ", parts);
    }

    /**
     * Returns an expression in the notation.
     *
     * @param e the expression
     * @return the text
     */
    public static String of(Expr e) {
        return e.accept(INSTANCE);
    }

    private static String statement(Stmt s) {
        return s.accept(STATEMENTS);
    }

    /** The notation of each kind of statement. */
    private static final Stmt.Visitor<String> STATEMENTS = new Stmt.Visitor<>() {
        @Override
        public String visit(Stmt.SetX s) {
            return xreg(s.reg()) + " ← " + of(s.value());
        }

        @Override
        public String visit(Stmt.SetF s) {
            return freg(s.reg()) + " ← " + of(s.value());
        }

        @Override
        public String visit(Stmt.Store s) {
            return "mem" + 8 * s.width().bytes + "[" + of(s.address()) + "] ← " + of(s.value());
        }

        @Override
        public String visit(Stmt.Redirect s) {
            String t = (s.condition() == null ? "" : "if " + of(s.condition()) + ": ") + "pc ← " + of(s.target());
            if (s.link() != null) {
                t += ", " + xreg(s.link()) + " ← pc + 4";
            }
            return t + " (" + s.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")";
        }

        @Override
        public String visit(Stmt.Occupy s) {
            return s.unit() == Unit.DIVIDER ? "occupy the divider" : "occupy the FP divider";
        }

        @Override
        public String visit(Stmt.SendHead s) {
            return "send head(" + of(s.node()) + ", " + of(s.type()) + ", " + of(s.address()) + ", "
                    + of(s.stride()) + ")";
        }

        @Override
        public String visit(Stmt.SendData s) {
            List<String> w = new ArrayList<>();
            s.words().forEach(e -> w.add(of(e)));
            return "send data" + (s.tail() ? "+tail" : "") + "(" + String.join(", ", w) + ")";
        }

        @Override
        public String visit(Stmt.SendDma s) {
            return "send dma" + (s.tail() ? "+tail" : "") + "(" + of(s.address()) + ", " + of(s.strideCount()) + ")";
        }

        @Override
        public String visit(Stmt.Stop s) {
            return s.kind() == StopKind.SUSPEND ? "suspend" : "end thread";
        }

        @Override
        public String visit(Stmt.HostCall s) {
            return "host call " + of(s.service());
        }
    };

    private static String xreg(Reg r) {
        return r instanceof Reg.Fixed fx ? Registers.gprName(fx.number()) : "r" + ((Reg.Slot) r).field;
    }

    private static String freg(Reg r) {
        return "f" + ((Reg.Slot) r).field;
    }

    private String operand(Expr e) {
        String s = e.accept(this);
        return e instanceof Expr.Binary || e instanceof Expr.Compare || e instanceof Expr.FpCompare
                || e instanceof Expr.FpBinary ? "(" + s + ")" : s;
    }

    @Override
    public String visit(Expr.X e) {
        return xreg(e.reg());
    }

    @Override
    public String visit(Expr.F e) {
        return freg(e.reg());
    }

    @Override
    public String visit(Expr.Imm e) {
        return "imm";
    }

    @Override
    public String visit(Expr.MessageType e) {
        return "type";
    }

    @Override
    public String visit(Expr.Pc e) {
        return "pc";
    }

    @Override
    public String visit(Expr.Const e) {
        return e.value() < 0 && e.value() > -256 ? "~" + ~e.value() : Integer.toString(e.value());
    }

    @Override
    public String visit(Expr.Binary e) {
        String a = operand(e.a());
        String b = operand(e.b());
        return switch (e.op()) {
            case ADD -> a + " + " + b;
            case SUB -> a + " - " + b;
            case AND -> a + " & " + b;
            case OR -> a + " | " + b;
            case XOR -> a + " ^ " + b;
            case NOR -> "~(" + a + " | " + b + ")";
            case SLL -> a + " << " + b;
            case SRL -> a + " >>> " + b;
            case SRA -> a + " >> " + b;
            case MUL -> a + " * " + b;
            case MULH -> "mulh(" + a + ", " + b + ")";
            case MULHU -> "mulhu(" + a + ", " + b + ")";
            case DIV -> a + " / " + b;
            case DIVU -> a + " /u " + b;
            case REM -> a + " % " + b;
            case REMU -> a + " %u " + b;
        };
    }

    @Override
    public String visit(Expr.Compare e) {
        String op = switch (e.cond()) {
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case GE -> ">=";
            case LTU -> "<u";
            case GEU -> ">=u";
        };
        return operand(e.a()) + " " + op + " " + operand(e.b());
    }

    @Override
    public String visit(Expr.FpBinary e) {
        String op = switch (e.op()) {
            case ADD -> "+";
            case SUB -> "-";
            case MUL -> "*";
            case DIV -> "/";
        };
        return operand(e.a()) + " " + op + " " + operand(e.b());
    }

    @Override
    public String visit(Expr.FpUnary e) {
        String a = operand(e.a());
        return switch (e.op()) {
            case SQRT -> "sqrt(" + a + ")";
            case NEG -> "-" + a;
            case ABS -> "|" + a + "|";
        };
    }

    @Override
    public String visit(Expr.FpCompare e) {
        String op = switch (e.cond()) {
            case EQ -> "==";
            case LT -> "<";
            case LE -> "<=";
        };
        return operand(e.a()) + " " + op + " " + operand(e.b());
    }

    @Override
    public String visit(Expr.Convert e) {
        String f = switch (e.conv()) {
            case INT_TO_DOUBLE -> "double";
            case UINT_TO_DOUBLE -> "double_u";
            case DOUBLE_TO_INT -> "int";
            case DOUBLE_TO_UINT -> "uint";
            case ROUND_TO_SINGLE -> "single";
            case TO_SINGLE_BITS -> "single_bits";
            case FROM_SINGLE_BITS -> "from_single_bits";
            case LOW_WORD -> "low_word";
            case HIGH_WORD -> "high_word";
            case SIGN_EXTEND_HALF -> "sext16";
        };
        return f + "(" + e.a().accept(this) + ")";
    }

    @Override
    public String visit(Expr.Pack e) {
        return "pack(" + e.lo().accept(this) + ", " + e.hi().accept(this) + ")";
    }

    @Override
    public String visit(Expr.Load e) {
        String sign = e.width().bytes > 2 ? "" : e.signed() ? "s" : "u";
        return "mem" + 8 * e.width().bytes + sign + "[" + e.address().accept(this) + "]";
    }

    @Override
    public String visit(Expr.SpecialRegister e) {
        return "sreg[" + e.number().accept(this) + "]";
    }
}
