package scmp.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Pseudo;

/**
 * Pseudo-instructions ({@link Pseudo}): the user's operands substituted into the table's expansion templates,
 * which are parsed once with the same grammar as source; {@code li} takes the shortest of its three forms that
 * the value known at that line allows.
 */
final class PseudoExpansion {
    private final Assembler asm;

    PseudoExpansion(Assembler asm) {
        this.asm = asm;
    }

    List<Instructions.Planned> planPseudo(Pseudo p, Stmt.Insn in) {
        List<Instructions.Slot> slots = Instructions.PSEUDO_SLOTS.get(p);
        List<Arg> args = in.args();
        if (args.size() != slots.size()) {
            throw Instructions.countError(p.mnemonic, p.syntax, slots.size(), args, in.pos());
        }
        Map<String, Arg> bind = new HashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            Instructions.Slot s = slots.get(i);
            Arg a = args.get(i);
            switch (s.kind()) {
                case GPR -> Operands.gpr(a);
                case FPR -> Operands.fpr(a);
                case TYPE -> asm.operands.messageType(a);
                default -> a = new Arg.ExprArg(asm.operands.immExpr(a, pseudoImmKind(p)), a.pos(), a.text());
            }
            bind.put(s.token(), a);
        }
        List<String> templates = p.expansion;
        if (p == Pseudo.LI) {
            templates = liExpansion(p, ((Arg.ExprArg) bind.get("imm")).expr());
        }
        List<Instructions.Planned> out = new ArrayList<>();
        for (String t : templates) {
            Stmt.Insn ti = template(t);
            Instruction real = Isa.byMnemonic(ti.mnemonic());
            List<Arg> targs = new ArrayList<>();
            for (Arg ta : ti.args()) {
                targs.add(substitute(ta, bind, in.pos()));
            }
            out.addAll(asm.instructions.planInstruction(real, targs, in.pos()));
        }
        return out;
    }

    /**
     * {@code li}: addi when the value fits in 16 signed bits, ori when it fits in 16 unsigned bits, otherwise
     * lui + ori. A value not known at this line (a symbol, a forward .equ) always takes lui + ori.
     */
    private List<String> liExpansion(Pseudo li, Expr e) {
        Value v = asm.tryEval(e, asm.dotNow());
        if (v != null && v.isAbs()) {
            long x = v.k();
            if (x < Integer.MIN_VALUE || x > 0xFFFFFFFFL) {
                throw new AsmError(e.pos(), "li: " + x + " does not fit in 32 bits (-2147483648..4294967295)");
            }
            if (ImmKind.S16.fits(x)) {
                return li.expansion;
            }
            if (ImmKind.U16.fits(x)) {
                return List.of(Instruction.ORI.mnemonic + " rd, zero, imm");
            }
        }
        return Pseudo.LA.expansion;
    }

    /** The kind of immediate a pseudo-instruction's {@code imm} becomes, for error messages. */
    private static ImmKind pseudoImmKind(Pseudo p) {
        for (String t : p.expansion) {
            Stmt.Insn ti = template(t);
            for (Arg a : ti.args()) {
                if ("imm".equals(a.identifier())) {
                    return Isa.byMnemonic(ti.mnemonic()).immKind;
                }
            }
        }
        return ImmKind.U16;
    }

    private static final Map<String, Stmt.Insn> TEMPLATES = new ConcurrentHashMap<>();

    /** A pseudo-instruction expansion line, parsed once with the same grammar as user source. */
    private static Stmt.Insn template(String line) {
        return TEMPLATES.computeIfAbsent(line, t -> {
            AsmLexer lexer = new AsmLexer(CharStreams.fromString(t));
            lexer.removeErrorListeners();
            List<Token> toks = new ArrayList<>();
            for (Token tok = lexer.nextToken(); tok.getType() != Token.EOF; tok = lexer.nextToken()) {
                toks.add(tok);
            }
            List<Stmt> stmts = LineParser.parse(toks, LineParser.newParser());
            if (stmts.size() != 1 || !(stmts.get(0).op() instanceof Stmt.Insn in)
                    || Isa.byMnemonic(in.mnemonic()) == null) {
                throw new IllegalStateException("bad pseudo-instruction template: " + t);
            }
            return in;
        });
    }

    /** A template operand with the pseudo's operand tokens replaced by what the user wrote. */
    private static Arg substitute(Arg ta, Map<String, Arg> bind, Pos pos) {
        String id = ta.identifier();
        if (id != null && bind.containsKey(id)) {
            return bind.get(id);
        }
        if (ta instanceof Arg.ExprArg e) {
            return new Arg.ExprArg(substitute(e.expr(), bind, pos), userPos(e.expr(), bind, pos), ta.text());
        }
        if (ta instanceof Arg.MemArg m) {
            String base = bind.containsKey(m.base()) ? bind.get(m.base()).identifier() : m.base();
            Expr off = m.offset() == null ? null : substitute(m.offset(), bind, pos);
            return new Arg.MemArg(off, base, pos, pos, ta.text());
        }
        return ta;
    }

    /**
     * Substitutes inside a template expression. Nodes of the template take the position of the user's operand
     * they wrap (so an error in {@code %hi(imm)} points at what the user wrote), else {@code pos}.
     */
    private static Expr substitute(Expr e, Map<String, Arg> bind, Pos pos) {
        if (e instanceof Expr.Sym s && bind.get(s.name()) instanceof Arg.ExprArg a) {
            return a.expr();
        }
        if (e instanceof Expr.Sym s) {
            return new Expr.Sym(s.name(), pos);
        }
        if (e instanceof Expr.Num n) {
            return new Expr.Num(n.value(), pos);
        }
        Pos p = userPos(e, bind, pos);
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), substitute(u.operand(), bind, pos), p);
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), substitute(b.left(), bind, pos), substitute(b.right(), bind, pos), p);
        }
        if (e instanceof Expr.Reloc r) {
            return new Expr.Reloc(r.op(), substitute(r.operand(), bind, pos), p);
        }
        return e;
    }

    /** The position of the first user operand inside template expression {@code e}, else {@code pos}. */
    private static Pos userPos(Expr e, Map<String, Arg> bind, Pos pos) {
        Pos[] found = {null};
        Expr.mapLeaves(e, leaf -> {
            if (found[0] == null && leaf instanceof Expr.Sym s && bind.get(s.name()) instanceof Arg.ExprArg a) {
                found[0] = a.expr().pos();
            }
            return leaf;
        });
        return found[0] != null ? found[0] : pos;
    }
}
