package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * Stores: assignment to a register variable, a frame slot, a global, through a pointer, into a bit-field
 * (read, mask, merge, write back) and whole-object copies of structs.
 */
final class Assignments extends Emitter {
    Assignments(CodeGen g) {
        super(g);
    }

    void assign(Expr.Assign a) {
        Expr target = a.target();
        Type t = target.type();
        if (t.isAggregate() || t.isArray()) {
            gen(a.value());
            push(Type.UINT, !hasCall(target));
            genAddr(target);
            pop(Type.UINT, "a1");
            // A struct that #pragma pack places below its alignment is copied in smaller pieces.
            copyBlock("a1", "a0", t.size(), Math.min(t.align(), Math.min(Expr.knownAlign(target), Expr.knownAlign(a.value()))));
            return;
        }
        String r = regFor(target);
        if (r != null && !t.isFloating() && a.value() instanceof Expr.IntLit lit) {
            emit("li " + r + ", " + (int) lit.value());
            emit("mv a0, " + r);
            return;
        }
        if (r != null && !t.isFloating() && a.value() instanceof Expr.Binary b
                && (b.op() == BinOp.ADD || b.op() == BinOp.SUB) && !b.type().isLong64()
                && regFor(b.left()) != null && b.right() instanceof Expr.IntLit lit
                && fitsImm(b.op() == BinOp.ADD ? lit.value() : -lit.value())) {
            emit("addi " + r + ", " + regFor(b.left()) + ", " + (b.op() == BinOp.ADD ? lit.value() : -lit.value()));
            emit("mv a0, " + r);
            return;
        }
        if (r != null) {
            gen(a.value());
            emit(t.isFloating() ? "fmv.d " + r + ", fa0" : "mv " + r + ", a0");
            return;
        }
        if (target instanceof Expr.Member m && m.member().isBitfield()
                && WideBitfields.isWide(m.member(), m.unaligned())) {
            genAddr(m.base());
            push(Type.UINT, !hasCall(a.value()));
            gen(uncut(a.value(), m.member()));
            pop(Type.UINT, "a6");
            g.wideBitfields.store(m.member(), m.unaligned());
            return;
        }
        if (target instanceof Expr.Member m && m.member().isBitfield()) {
            genAddr(m.base());
            push(Type.UINT, !hasCall(a.value()));
            gen(uncut(a.value(), m.member()));
            pop(Type.UINT, "a1");
            storeBitfield(m.member(), m.unaligned());
            return;
        }
        if (target instanceof Expr.Member m && m.unaligned()) {
            genAddr(m.base());
            push(Type.UINT, !hasCall(a.value()));
            gen(a.value());
            pop(Type.UINT, "a6");
            unalignedStore(t, m.member().offset());
            return;
        }
        String acc = t.isFloating() ? "fa0" : "a0";
        if (target instanceof Expr.VarRef v && !g.indirect.containsKey(v.var())) {
            gen(a.value());
            Var var = v.var();
            if (var.isLocal()) {
                store(t, acc, var.offset, "fp");
            } else if (t.isLong64()) {
                emit("la a4, " + var.symbol);
                emit("sw a0, 0(a4)");
                emit("sw a1, 4(a4)");
            } else {
                emit("lui at, %ha(" + var.symbol + ")");
                emit(storeOp(t) + " " + acc + ", %lo(" + var.symbol + ")(at)");
            }
            return;
        }
        genAddr(target);
        push(Type.UINT, !hasCall(a.value()));
        gen(a.value());
        if (target instanceof Expr.Unary u && u.op() == Expr.UnOp.DEREF && g.unalignedPointers.byteWise(u.operand(), t)) {
            pop(Type.UINT, "a6");
            unalignedStore(t, 0);
            return;
        }
        pop(Type.UINT, "a4");
        store(t, acc, 0, "a4");
    }

    /**
     * Stores the value (a0, a0:a1 for a long long, fa0 for floating point) into a scalar member of a packed struct
     * at {@code off(a6)} a byte at a time (Expr.Member.unaligned); the value stays where it was.
     */
    private void unalignedStore(Type t, int off) {
        int n = t.size();
        if (t.isFloating()) {
            if (n == 8) {
                emit("fmv.x.lo a7, fa0");
                storeBytes("a7", off, "a6", 4);
                emit("fmv.x.hi a7, fa0");
                storeBytes("a7", off + 4, "a6", 4);
            } else {
                emit("fmv.x.w a7, fa0");
                storeBytes("a7", off, "a6", 4);
            }
            return;
        }
        storeBytes("a0", off, "a6", Math.min(n, 4));
        if (n == 8) {
            storeBytes("a1", off + 4, "a6", 4);
        }
    }

    private void storeBitfield(Type.Member m, boolean unaligned) {
        int unit = Math.min(m.type().size(), 4);
        String ld = unit == 1 ? "lbu" : unit == 2 ? "lhu" : "lw";
        String st = unit == 1 ? "sb" : unit == 2 ? "sh" : "sw";
        long fieldMask = m.bitWidth() >= 32 ? 0xffffffffL : (1L << m.bitWidth()) - 1;
        long mask = (fieldMask << m.bitOffset()) & 0xffffffffL;
        int bytes = (m.bitOffset() + m.bitWidth() + 7) / 8;
        if (unaligned) {
            loadBytes("a4", m.offset(), "a1", bytes);
        } else {
            emitMem(ld, "a4", m.offset(), "a1");
        }
        emit("li a5, " + (int) ~mask);
        emit("and a4, a4, a5");
        emit("li a5, " + (int) fieldMask);
        emit("and a6, a0, a5");
        if (m.bitOffset() > 0) {
            emit("slli a6, a6, " + m.bitOffset());
        }
        emit("or a4, a4, a6");
        if (unaligned) {
            storeBytes("a4", m.offset(), "a1", bytes);
        } else {
            emitMem(st, "a4", m.offset(), "a1");
        }
        // The value of the assignment is the stored field, read back with its signedness.
        int left = 32 - m.bitWidth();
        if (left > 0) {
            emit("slli a0, a0, " + left);
            emit((m.type().isUnsigned() ? "srli" : "srai") + " a0, a0, " + left);
        }
    }

    /**
     * The value to store into bit-field {@code m} without the cut of a long long bit-field's arithmetic to a
     * width no narrower than the field's (Type.unsignedBits), which the store makes anyway.
     */
    private static Expr uncut(Expr v, Type.Member m) {
        while (v instanceof Expr.Cast c && c.type().isLong64() && c.operand().type().isLong64()
                && (c.type().precision() == 0 || c.type().precision() >= m.bitWidth())) {
            v = c.operand();
        }
        return v;
    }

    /** Copies {@code size} bytes from the address in {@code src} to the one in {@code dst}; leaves dst in a0. */
    void copyBlock(String src, String dst, int size, int align) {
        emit("mv a4, " + src);
        emit("mv a5, " + dst);
        int step = align >= 4 ? 4 : align >= 2 ? 2 : 1;
        String ld = step == 4 ? "lw" : step == 2 ? "lhu" : "lbu";
        String st = step == 4 ? "sw" : step == 2 ? "sh" : "sb";
        int n = size / step;
        if (n > 16) {
            emit("li a6, " + n);
            String loop = newLabel();
            label(loop);
            emit(ld + " a7, 0(a4)");
            emit(st + " a7, 0(a5)");
            emit("addi a4, a4, " + step);
            emit("addi a5, a5, " + step);
            emit("addi a6, a6, -1");
            emit("bnez a6, " + loop);
            emit("mv a0, " + dst);
            int rest = size - n * step;
            for (int i = 0; i < rest; i++) {
                emit("lbu a7, " + i + "(a4)");
                emit("sb a7, " + i + "(a5)");
            }
            return;
        }
        int i = 0;
        for (; i + step <= size; i += step) {
            emit(ld + " a7, " + i + "(a4)");
            emit(st + " a7, " + i + "(a5)");
        }
        for (; i < size; i++) {
            emit("lbu a7, " + i + "(a4)");
            emit("sb a7, " + i + "(a5)");
        }
        emit("mv a0, a5");
    }
}
