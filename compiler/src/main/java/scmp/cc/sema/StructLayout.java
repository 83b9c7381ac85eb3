package scmp.cc.sema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * The layout of a struct or union (docs/abi.md): members in declaration order, each aligned to its own
 * alignment (raised by {@code _Alignas}, capped by {@code #pragma pack}); bit-fields packed into units of their
 * declared type as gcc packs them (under {@code #pragma pack} at the next free bit); an anonymous struct or
 * union member lends its members to the enclosing type (looked up through it); a last member of array type without a size is a
 * flexible array member.
 */
final class StructLayout {
    private StructLayout() {
    }

    /** Lays out members in declaration order (docs/abi.md: each aligned to its size, gcc's bit-field rules). */
    static void layout(Diagnostics diag, Type t, List<Tags.Member0> members, boolean union, int pack) {
        Type.Aggregate agg = t.agg;
        List<Type.Member> out = new ArrayList<>();
        long bits = 0;
        int align = 1;
        long size = 0;
        boolean tooLarge = false;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < members.size(); i++) {
            Tags.Member0 m = members.get(i);
            Type mt = m.type();
            boolean last = i == members.size() - 1;
            if (mt.isArray() && mt.arrayLen < 0 && last && !union && i > 0) {
                agg.flexible = true;
            } else if (!mt.isComplete()) {
                diag.error(m.pos(), "field " + Exprs.q(m.name()) + " has incomplete type");
                mt = Type.INT;
            }
            for (String name : memberNames(m.name(), mt)) {
                if (!seen.add(name)) {
                    diag.error(m.pos(), "duplicate member " + Exprs.q(name));
                }
            }
            if (m.bitWidth() >= 0) {
                int unitBits = mt.size() * 8;
                if (union) {
                    bits = 0;
                }
                if (m.bitWidth() == 0) {
                    int zeroBits = (pack > 0 ? Math.min(pack, mt.align()) : mt.size()) * 8;
                    bits = (bits + zeroBits - 1) / zeroBits * zeroBits;
                    continue;
                }
                if (pack > 0) {
                    // gcc under #pragma pack: a bit-field starts at the next free bit, wherever that is; it is
                    // read and written a byte at a time (Expr.Member.unaligned), in pieces of up to 4 bytes
                    // when it spreads over more (codegen.WideBitfields)
                    out.add(new Type.Member(m.name(), mt, (int) (bits / 8), (int) (bits % 8), m.bitWidth()));
                    align = Math.max(align, Math.min(pack, mt.align()));
                    if (union) {
                        size = Math.max(size, (m.bitWidth() + 7) / 8);
                    } else {
                        bits += m.bitWidth();
                    }
                    continue;
                }
                if (bits / unitBits != (bits + m.bitWidth() - 1) / unitBits) {
                    bits = (bits + unitBits - 1) / unitBits * unitBits;
                }
                int offset = (int) (bits / unitBits * mt.size());
                out.add(new Type.Member(m.name(), mt, offset, (int) (bits % unitBits), m.bitWidth()));
                align = Math.max(align, mt.align());
                if (union) {
                    size = Math.max(size, mt.size());
                } else {
                    bits += m.bitWidth();
                }
                continue;
            }
            int a = Math.max(mt.align(), m.align());
            if (pack > 0) {
                a = Math.min(a, pack);
            }
            align = Math.max(align, a);
            int offset;
            if (union) {
                offset = 0;
                size = Math.max(size, mt.size());
            } else {
                long byteOff = (bits + 7) / 8;
                long off = (byteOff + a - 1) / a * a;
                long end = off + (mt.isArray() && mt.arrayLen < 0 ? 0 : mt.size());
                if (end > Integer.MAX_VALUE && !tooLarge) {
                    // Offsets and sizes are 32-bit on SCMP (docs/abi.md): a larger object cannot exist.
                    diag.error(m.pos(), "type " + Exprs.q(t) + " is too large");
                    tooLarge = true;
                }
                if (tooLarge) {
                    continue;
                }
                offset = (int) off;
                bits = end * 8;
            }
            // An anonymous struct or union stays one member, which an initializer fills as a whole (C11
            // 6.7.9p9 counts it as a member); its own members are found through it by Type.member.
            out.add(new Type.Member(m.name(), mt, offset, 0, -1));
        }
        if (!union) {
            size = (int) ((bits + 7) / 8);
        }
        size = (size + align - 1) / align * align;
        if (size > Integer.MAX_VALUE && !tooLarge) {
            diag.error(members.get(members.size() - 1).pos(), "type " + Exprs.q(t) + " is too large");
        }
        agg.members = out;
        agg.packed = pack > 0;
        agg.size = (int) Math.min(size, Integer.MAX_VALUE);
        agg.align = align;
        agg.complete = true;
    }

    /** The names a member brings into its struct: its own, or those of an anonymous struct or union. */
    private static List<String> memberNames(String name, Type t) {
        List<String> names = new ArrayList<>();
        if (name != null) {
            names.add(name);
        } else if (t.isAggregate() && t.agg.complete) {
            for (Type.Member inner : t.agg.members) {
                names.addAll(memberNames(inner.name(), inner.type()));
            }
        }
        return names;
    }
}
