package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import scmp.cc.ast.Program;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * The stack frame of a function (docs/abi.md): fp = sp at entry; ra at fp-4, the caller's fp at fp-8, then
 * the callee-saved registers the function uses, the hidden struct-return pointer, the parameters that arrive
 * in registers but live in memory, then the locals, each aligned; incoming stack arguments stay where the
 * caller put them, at fp+0 upward. Every variable without a register gets its offset here. A leaf function
 * that needs no memory and saves no register gets no frame at all.
 */
final class FrameLayout {
    /** A laid-out frame: where each saved register goes, where the parameters arrive, the frame's size. */
    record Frame(Map<String, Integer> saveSlots, CallingConvention.Layout params, int size) {
    }

    private final CodeGen g;

    FrameLayout(CodeGen g) {
        this.g = g;
    }

    /** Lays out the frame of {@code f}; sets the generator's frame facts (hasFrame, frameBottom...) too. */
    Frame layout(Program.Function f, boolean structRet, boolean leaf, RegisterAllocator.Saved saved) {
        int off = -8;
        Map<String, Integer> saveSlots = new LinkedHashMap<>();
        for (String r : saved.ints()) {
            off -= 4;
            saveSlots.put(r, off);
        }
        for (String r : saved.fps()) {
            off = alignDown(off - 8, 8);
            saveSlots.put(r, off);
        }
        if (structRet) {
            off -= 4;
            g.retPtrOffset = off;
        }
        List<Type> ptypes = new ArrayList<>();
        if (structRet) {
            ptypes.add(Type.pointerTo(f.var().type.base));
        }
        for (Var p : f.params()) {
            ptypes.add(p.type.isAggregate() ? Type.pointerTo(p.type) : p.type);
        }
        CallingConvention.Layout lay = CallingConvention.layout(ptypes, ptypes.size());
        g.namedStackBytes = lay.stackBytes();
        boolean memoryNeeded = structRet || f.variadic();
        for (int i = 0; i < f.params().size(); i++) {
            Var p = f.params().get(i);
            CallingConvention.Place pl = lay.places().get(i + (structRet ? 1 : 0));
            if (g.regOf.containsKey(p)) {
                continue;
            }
            memoryNeeded = true;
            if (p.type.isAggregate()) {
                g.indirect.put(p, true);
            }
            if (pl.kind() == CallingConvention.Kind.STACK && !(p.type.kind == Type.Kind.FLOAT)) {
                p.offset = pl.stackOffset();
                continue;
            }
            int size = p.type.isAggregate() ? 4 : p.type.size(), align = p.type.isAggregate() ? 4 : p.type.align();
            off = alignDown(off - size, Math.max(align, 1));
            p.offset = off;
        }
        for (Var v : f.locals()) {
            if (g.regOf.containsKey(v)) {
                continue;
            }
            memoryNeeded = true;
            if (v.type.isVla()) {
                // The array is below the frame (Stmt.VlaAlloc); its slot holds the address.
                g.indirect.put(v, true);
                off = alignDown(off - 4, 4);
                v.offset = off;
                continue;
            }
            int size = Math.max(v.type.size(), 1);
            int align = Math.min(Math.max(Math.max(v.type.align(), 1), v.align), 8);
            if (v.type.isArray() && size >= 8) {
                align = Math.max(align, 4);
            }
            off = alignDown(off - size, align);
            v.offset = off;
        }
        int frame = alignUp(-off, 8);
        g.hasFrame = !(leaf && !memoryNeeded && saved.ints().isEmpty() && saved.fps().isEmpty()) || f.dynamicStack();
        g.frameBottom = -frame;
        return new Frame(saveSlots, lay, frame);
    }

    private static int alignDown(int v, int a) {
        return Math.floorDiv(v, a) * a;
    }

    static int alignUp(int v, int a) {
        return (v + a - 1) / a * a;
    }
}
