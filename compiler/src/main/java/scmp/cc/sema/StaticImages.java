package scmp.cc.sema;

import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Var;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * The bytes and relocations of a statically initialized object: each leaf of its {@link Init} tree is
 * evaluated as a load-time constant ({@link LoadTimeConstants}) and written little-endian at its offset;
 * bit-fields are merged into their storage unit; an address becomes a relocation.
 */
final class StaticImages {
    private final Sema s;
    private final Diagnostics diag;

    StaticImages(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    void initialize(Var v, CParser.InitializerContext ctx) {
        Init in;
        s.staticInitializers++;
        try {
            in = s.initializers.build(v.type, ctx, true);
        } finally {
            s.staticInitializers--;
        }
        if (v.type.isArray() && v.type.arrayLen < 0) {
            v.type = in.type;
        }
        if (!v.type.isComplete()) {
            diag.error(v.pos, "storage size of " + Exprs.q(v.name) + " isn't known");
            return;
        }
        Var.InitData data = new Var.InitData(v.type.size());
        write(in, data, 0, true);
        v.init = data;
    }

    /** Writes an initializer's bytes; returns false (after reporting if {@code report}) if not constant. */
    boolean write(Init in, Var.InitData data, int offset, boolean report) {
        if (in == null) {
            return true;
        }
        Type t = in.type;
        if (in.expr != null && t.isAggregate()) {
            // A struct initialized from an expression of its type: only a constant object or a static compound
            // literal (whose value at load time is its initializer) can do that statically.
            Expr e = in.expr;
            if (e instanceof Expr.VarRef ref && (ref.var().readOnly || ref.var().compoundLiteral)
                    && ref.var().init != null) {
                System.arraycopy(ref.var().init.bytes, 0, data.bytes, offset, t.size());
                for (Var.Reloc r : ref.var().init.relocs) {
                    data.relocs.add(new Var.Reloc(r.offset() + offset, r.symbol(), r.addend()));
                }
                return true;
            }
            if (report) {
                diag.error(e.pos(), "initializer element is not constant");
            }
            return false;
        }
        if (in.children != null) {
            boolean ok = true;
            for (int i = 0; i < in.children.size(); i++) {
                Init c = in.children.get(i);
                if (c == null) {
                    continue;
                }
                if (t.isArray()) {
                    ok &= write(c, data, offset + i * t.base.size(), report);
                } else {
                    Type.Member m = t.agg.members.get(i);
                    if (m.isBitfield()) {
                        LoadTimeConstants.Const k = c.expr == null ? new LoadTimeConstants.Const(0, null, 0) : s.constants.constant(c.expr, report);
                        if (k == null || k.symbol() != null) {
                            ok = false;
                            continue;
                        }
                        // bit by bit: under #pragma pack a field may spread over up to 9 bytes
                        long first = 8L * (offset + m.offset()) + m.bitOffset();
                        for (int b = 0; b < m.bitWidth(); b++) {
                            int at = (int) ((first + b) / 8);
                            int bit = 1 << (int) ((first + b) % 8);
                            data.bytes[at] = (byte) ((k.value() >>> b & 1) != 0 ? data.bytes[at] | bit : data.bytes[at] & ~bit);
                        }
                    } else {
                        ok &= write(c, data, offset + m.offset(), report);
                    }
                }
            }
            return ok;
        }
        if (in.expr == null) {
            return true;
        }
        LoadTimeConstants.Const k = s.constants.constant(in.expr, report);
        if (k == null) {
            return false;
        }
        if (t.isFloating()) {
            if (t.kind == Type.Kind.FLOAT) {
                write(data.bytes, offset, 4, Float.floatToRawIntBits((float) k.fvalue()));
            } else {
                write(data.bytes, offset, 8, Double.doubleToRawLongBits(k.fvalue()));
            }
            return true;
        }
        if (k.symbol() != null) {
            if (t.size() != 4) {
                if (report) {
                    diag.error(in.expr.pos(), "initializer element is not computable at load time");
                }
                return false;
            }
            data.relocs.add(new Var.Reloc(offset, k.symbol(), k.value()));
            return true;
        }
        write(data.bytes, offset, t.size(), k.value());
        return true;
    }

    static void write(byte[] b, int off, int size, long v) {
        for (int i = 0; i < size; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    static long read(byte[] b, int off, int size) {
        long v = 0;
        for (int i = 0; i < size; i++) {
            v |= (long) (b[off + i] & 0xff) << (8 * i);
        }
        return v;
    }
}
