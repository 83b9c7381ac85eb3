package scmp.cc.codegen;

import java.util.List;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * Expressions into the accumulator (a0, a0:a1 for long long, fa0 for floating types, the address for arrays,
 * structs and functions): constants, variables in the frame, in registers or global, addresses of lvalues,
 * member and bit-field reads, the unary operators, conditionals, zeroing of locals and statement expressions.
 * Binary operators, assignments, calls and conversions have files of their own.
 */
final class ExprGen extends Emitter {
    ExprGen(CodeGen g) {
        super(g);
    }

    /** Computes the address of an lvalue (or of an aggregate-valued expression) into a0. */
    void genAddr(Expr e) {
        if (e instanceof Expr.VarRef v) {
            Var var = v.var();
            if (var.isLocal()) {
                if (g.indirect.containsKey(var)) {
                    emitMem("lw", "a0", var.offset, "fp");
                } else if (fitsImm(var.offset)) {
                    emit("addi a0, fp, " + var.offset);
                } else {
                    emit("li a0, " + var.offset);
                    emit("add a0, a0, fp");
                }
            } else {
                emit("la a0, " + var.symbol);
            }
            return;
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.DEREF) {
            gen(u.operand());
            return;
        }
        if (e instanceof Expr.Member m) {
            genAddr(m.base());
            if (m.member().offset() != 0) {
                addImm("a0", "a0", m.member().offset());
            }
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == BinOp.COMMA) {
            gen(b.left());
            genAddr(b.right());
            return;
        }
        if (e.type().isAggregate() || e.type().isArray()) {
            gen(e);
            return;
        }
        throw new IllegalStateException("not an lvalue: " + e.getClass().getSimpleName());
    }

    /** Evaluates {@code e} into the accumulator. */
    void gen(Expr e) {
        if (e instanceof Expr.IntLit lit) {
            if (lit.type().isLong64()) {
                emit("li a0, " + (int) lit.value());
                emit("li a1, " + (int) (lit.value() >> 32));
            } else {
                emit("li a0, " + (int) lit.value());
            }
        } else if (e instanceof Expr.FloatLit f) {
            if (Double.doubleToRawLongBits(f.value()) == 0) {
                emit("fcvt.d.w fa0, zero");
            } else {
                emit("la a4, " + fpConst(f.value()));
                emit("fld fa0, 0(a4)");
            }
        } else if (e instanceof Expr.VarRef v) {
            variable(v);
        } else if (e instanceof Expr.Unary u) {
            unary(u);
        } else if (e instanceof Expr.Binary b) {
            g.ints.binary(b);
        } else if (e instanceof Expr.Assign a) {
            g.assignments.assign(a);
        } else if (e instanceof Expr.Cond c) {
            String els = newLabel(), end = newLabel();
            branch(c.cond(), els, false);
            gen(c.then());
            emit("j " + end);
            label(els);
            gen(c.otherwise());
            label(end);
        } else if (e instanceof Expr.Cast c) {
            gen(c.operand());
            if (!(c.operand() instanceof Expr.Member m && m.member().isBitfield()
                    && m.member().bitWidth() <= c.type().precision())) {
                // (a bit-field's value is already within its width)
                convert(c.operand().type(), c.type());
            }
        } else if (e instanceof Expr.Call c) {
            g.calls.call(c);
        } else if (e instanceof Expr.Member m) {
            member(m);
        } else if (e instanceof Expr.MemZero mz) {
            zeroLocal(mz.var());
        } else if (e instanceof Expr.VaArea) {
            addImm("a0", "fp", g.namedStackBytes);
        } else if (e instanceof Expr.StmtExpr se) {
            statementExpression(se);
        } else {
            throw new IllegalStateException(e.getClass().getSimpleName());
        }
    }

    /** A variable's value: from its register, its frame slot or its global symbol (arrays and the like: the address). */
    private void variable(Expr.VarRef v) {
        Type t = v.type();
        if (t.isArray() || t.isAggregate() || t.isFunction()) {
            genAddr(v);
            return;
        }
        String r = regFor(v);
        if (r != null) {
            emit(t.isFloating() ? "fmv.d fa0, " + r : "mv a0, " + r);
            return;
        }
        Var var = v.var();
        if (var.isLocal()) {
            load(t, t.isFloating() ? "fa0" : "a0", var.offset, "fp");
        } else {
            emit("lui at, %ha(" + var.symbol + ")");
            if (t.isLong64()) {
                emit("addi at, at, %lo(" + var.symbol + ")");
                emit("lw a0, 0(at)");
                emit("lw a1, 4(at)");
            } else {
                emit(loadOp(t) + " " + (t.isFloating() ? "fa0" : "a0") + ", %lo(" + var.symbol + ")(at)");
            }
        }
    }

    /** A member's value; a bit-field is loaded with its storage unit, shifted up and back down (sign or zero). */
    private void member(Expr.Member m) {
        Type t = m.type();
        genAddr(m.base());
        Type.Member mem = m.member();
        if (m.unaligned() && !mem.isBitfield() && !t.isArray() && !t.isAggregate()) {
            unalignedLoad(t, mem.offset());
            return;
        }
        if (mem.isBitfield() && WideBitfields.isWide(mem, m.unaligned())) {
            g.wideBitfields.load(mem, m.unaligned());
            return;
        }
        if (mem.isBitfield()) {
            int unit = Math.min(mem.type().size(), 4);
            String op = unit == 1 ? "lbu" : unit == 2 ? "lhu" : "lw";
            if (m.unaligned()) {
                loadBytes("a0", mem.offset(), "a0", (mem.bitOffset() + mem.bitWidth() + 7) / 8);
            } else {
                emitMem(op, "a0", mem.offset(), "a0");
            }
            int left = 32 - mem.bitOffset() - mem.bitWidth();
            if (left > 0) {
                emit("slli a0, a0, " + left);
            }
            if (32 - mem.bitWidth() > 0) {
                emit((mem.type().isUnsigned() ? "srli" : "srai") + " a0, a0, " + (32 - mem.bitWidth()));
            }
            return;
        }
        if (t.isArray() || t.isAggregate()) {
            if (mem.offset() != 0) {
                addImm("a0", "a0", mem.offset());
            }
            return;
        }
        load(t, t.isFloating() ? "fa0" : "a0", mem.offset(), "a0");
    }

    /**
     * Loads a scalar member of a packed struct from {@code off(a0)} a byte at a time (Expr.Member.unaligned):
     * into a0 (a0:a1 for a long long, fa0 for floating point), sign-extending a signed short.
     */
    private void unalignedLoad(Type t, int off) {
        int n = t.size();
        if (n == 8) {
            loadBytes("a1", off + 4, "a0", 4);
            loadBytes("a0", off, "a0", 4);
            if (t.isFloating()) {
                emit("fmv.d.x fa0, a0, a1");
            }
            return;
        }
        loadBytes("a0", off, "a0", n);
        if (t.isFloating()) {
            emit("fmv.w.x fa0, a0");
        } else if (n == 2 && !t.isUnsigned()) {
            emit("slli a0, a0, 16");
            emit("srai a0, a0, 16");
        }
    }

    /** Zeroes local {@code v} before a partial initializer stores into it: words, then bytes; a loop when large. */
    private void zeroLocal(Var v) {
        int size = v.type.size();
        int i = 0;
        if (v.type.align() >= 4 || v.offset % 4 == 0) {
            if (size > 64) {
                addImm("a4", "fp", v.offset);
                emit("li a5, " + (size / 4));
                String loop = newLabel();
                label(loop);
                emit("sw zero, 0(a4)");
                emit("addi a4, a4, 4");
                emit("addi a5, a5, -1");
                emit("bnez a5, " + loop);
                i = size / 4 * 4;
            } else {
                for (; i + 4 <= size; i += 4) {
                    emitMem("sw", "zero", v.offset + i, "fp");
                }
            }
        }
        for (; i < size; i++) {
            emitMem("sb", "zero", v.offset + i, "fp");
        }
    }

    /**
     * A statement expression: its statements, the last one's value in the accumulator (the stack restores
     * that free its variable-length arrays come after that value and leave the accumulator alone).
     */
    private void statementExpression(Expr.StmtExpr se) {
        List<Stmt> items = se.body().items();
        int last = items.size() - 1;
        while (last >= 0 && items.get(last) instanceof Stmt.StackRestore) {
            last--;
        }
        for (int i = 0; i < items.size(); i++) {
            Stmt s = items.get(i);
            if (i == last && s instanceof Stmt.ExprStmt es) {
                gen(es.expr());
            } else {
                stmt(s);
            }
        }
    }

    /** The unary operators: address, indirection, negation, complement and logical not. */
    private void unary(Expr.Unary u) {
        Type t = u.type();
        switch (u.op()) {
            case ADDR -> genAddr(u.operand());
            case DEREF -> {
                gen(u.operand());
                if (t.isArray() || t.isAggregate() || t.isFunction() || t.isVoid()) {
                    return;
                }
                if (g.unalignedPointers.byteWise(u.operand(), t)) {
                    unalignedLoad(t, 0);
                    return;
                }
                load(t, t.isFloating() ? "fa0" : "a0", 0, "a0");
            }
            case NEG -> {
                gen(u.operand());
                if (t.isFloating()) {
                    emit("fneg.d fa0, fa0");
                } else if (t.isLong64()) {
                    emit("sltu a4, zero, a0");
                    emit("sub a0, zero, a0");
                    emit("sub a1, zero, a1");
                    emit("sub a1, a1, a4");
                } else {
                    emit("sub a0, zero, a0");
                }
            }
            case BITNOT -> {
                gen(u.operand());
                emit("nor a0, a0, zero");
                if (t.isLong64()) {
                    emit("nor a1, a1, zero");
                }
            }
            case LOGNOT -> {
                gen(u.operand());
                Type ot = u.operand().type();
                if (ot.isFloating()) {
                    fpZero("fa1");
                    emit("feq.d a0, fa0, fa1");
                } else {
                    if (ot.isLong64()) {
                        emit("or a0, a0, a1");
                    }
                    emit("sltiu a0, a0, 1");
                }
            }
        }
    }
}
