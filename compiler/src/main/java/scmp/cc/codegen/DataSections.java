package scmp.cc.codegen;

import java.util.HashMap;
import java.util.Map;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * The data of a translation unit: each defined object in .data, .bss or .rodata with its symbol, alignment,
 * size and type, its initializer as bytes and relocated words; and the pool of double constants that
 * floating-point code loads from .rodata.
 */
final class DataSections extends Emitter {
    DataSections(CodeGen g) {
        super(g);
    }

    /** Writes object {@code v} into its section, if this translation unit defines it. */
    void data(Var v) {
        if (v.isFunction() || !v.defined || v.isExtern) {
            return;
        }
        Type t = v.type;
        int size = Math.max(t.size(), 1);
        int align = Math.max(Math.max(t.align(), 1), v.align);
        if (t.isArray() && size >= 8) {
            align = Math.max(align, 4);
        }
        boolean zero = v.init == null || isAllZero(v.init);
        String section = v.readOnly || (t.isConst && v.init != null && !hasRelocs(v)) ? ".rodata"
                : zero ? ".bss" : ".data";
        if (t.isConst && zero && !v.readOnly) {
            section = ".bss";
        }
        g.out.append('\t').append(section).append('\n');
        if (v.external) {
            g.out.append("\t.globl ").append(v.symbol).append('\n');
        }
        g.out.append("\t.p2align ").append(Integer.numberOfTrailingZeros(align)).append('\n');
        g.out.append("\t.type ").append(v.symbol).append(", @object\n");
        g.out.append("\t.size ").append(v.symbol).append(", ").append(size).append('\n');
        g.out.append(v.symbol).append(":\n");
        if (section.equals(".bss")) {
            g.out.append("\t.space ").append(size).append('\n');
            return;
        }
        byte[] b = v.init.bytes;
        Map<Integer, Var.Reloc> relocs = new HashMap<>();
        for (Var.Reloc r : v.init.relocs) {
            relocs.put(r.offset(), r);
        }
        int i = 0;
        while (i < b.length) {
            Var.Reloc r = relocs.get(i);
            if (r != null) {
                g.out.append("\t.word ").append(r.symbol());
                if (r.addend() != 0) {
                    g.out.append(r.addend() > 0 ? "+" : "").append(r.addend());
                }
                g.out.append('\n');
                i += 4;
                continue;
            }
            StringBuilder line = new StringBuilder("\t.byte ");
            int n = 0;
            while (i < b.length && n < 16 && !relocs.containsKey(i)) {
                line.append(n > 0 ? ", " : "").append(b[i] & 0xff);
                i++;
                n++;
            }
            g.out.append(line).append('\n');
        }
        if (b.length == 0) {
            g.out.append("\t.space 1\n");
        }
    }

    private static boolean isAllZero(Var.InitData d) {
        if (!d.relocs.isEmpty()) {
            return false;
        }
        for (byte x : d.bytes) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasRelocs(Var v) {
        return v.init != null && !v.init.relocs.isEmpty();
    }

    /** The label of a read-only copy of a double constant. */
    String fpConst(double d) {
        long bits = Double.doubleToRawLongBits(d);
        return g.fpConsts.computeIfAbsent(bits, k -> {
            String l = ".LF" + g.fpConsts.size() + "_" + Integer.toHexString(g.fileName.hashCode() & 0xffff);
            g.consts.append("\t.p2align 3\n").append(l).append(":\n\t.word ").append((int) bits).append(", ")
                    .append((int) (bits >>> 32)).append('\n');
            return l;
        });
    }
}
