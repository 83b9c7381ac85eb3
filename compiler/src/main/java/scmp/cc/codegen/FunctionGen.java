package scmp.cc.codegen;

import java.util.Map;
import scmp.cc.ast.Program;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * One function from start to end: registers allocated ({@link RegisterAllocator}), the frame laid out
 * ({@link FrameLayout}), parameters moved from where the calling convention puts them to their homes, the
 * body generated into a buffer of its own, cleaned by the peephole pass at -O1 and relaxed for long branches
 * ({@link BranchRelaxation}); then written out between a prologue and an epilogue that save exactly what
 * the body turned out to need.
 */
final class FunctionGen extends Emitter {
    FunctionGen(CodeGen g) {
        super(g);
    }

    /** Generates {@code f} into the translation unit's text. */
    void function(Program.Function f) {
        g.fn = f;
        g.body = new StringBuilder();
        g.regOf.clear();
        g.indirect.clear();
        g.operands.reset();
        g.lastLoc = "";
        g.retLabel = newLabel();
        Var fv = f.var();
        Type ft = fv.type;
        boolean structRet = ft.base.isAggregate();
        boolean leaf = opt.optLevel() > 0 && !g.callAnalysis.stmtHasCall(f.body());
        RegisterAllocator.Saved saved = g.registers.allocate(f, leaf);
        FrameLayout.Frame frame = g.frames.layout(f, structRet, leaf, saved);

        // Body first (into its own buffer), so that the prologue can be written knowing what it needed.
        for (Map.Entry<Var, String> e : g.regOf.entrySet()) {
            e.getKey().reg = 0;
        }
        StringBuilder saveBody = g.body;
        g.body = new StringBuilder();
        moveParameters(f, frame.params(), structRet);
        if (structRet) {
            emitMem("sw", "a0", g.retPtrOffset, "fp");
        }
        stmt(f.body());
        if (fv.name.equals("main") && ft.base.kind == Type.Kind.INT) {
            emit("li a0, 0");
        }
        String bodyText = finishedBody();
        g.body = saveBody;

        g.out.append("\t.text\n");
        if (fv.external) {
            g.out.append("\t.globl ").append(fv.symbol).append('\n');
        }
        g.out.append("\t.p2align 2\n\t.type ").append(fv.symbol).append(", @function\n");
        g.out.append(fv.symbol).append(":\n");
        g.body = g.out;
        prologue(frame);
        g.out.append(bodyText);
        epilogue(frame);
        g.out.append("\t.size ").append(fv.symbol).append(", .-").append(fv.symbol).append('\n');
        for (Var v : g.regOf.keySet()) {
            v.reg = -1;
        }
        g.regOf.clear();
    }

    /** Moves each parameter from where the calling convention delivers it to its register or frame slot. */
    private void moveParameters(Program.Function f, CallingConvention.Layout lay, boolean structRet) {
        for (int i = 0; i < f.params().size(); i++) {
            Var p = f.params().get(i);
            CallingConvention.Place pl = lay.places().get(i + (structRet ? 1 : 0));
            String r = g.regOf.get(p);
            if (r != null && r.equals(RegisterAllocator.UNUSED)) {
                continue;
            }
            switch (pl.kind()) {
                case INT_REG -> {
                    if (r != null) {
                        emit("mv " + r + ", " + A[pl.reg()]);
                    } else {
                        store(p.type.isAggregate() ? Type.UINT : p.type, A[pl.reg()], p.offset, "fp");
                    }
                }
                case INT_PAIR -> {
                    emitMem("sw", A[pl.reg()], p.offset, "fp");
                    emitMem("sw", A[pl.reg() + 1], p.offset + 4, "fp");
                }
                case FP_REG -> {
                    if (r != null) {
                        emit("fmv.d " + r + ", " + FA[pl.reg()]);
                    } else {
                        store(p.type, FA[pl.reg()], p.offset, "fp");
                    }
                }
                case STACK -> {
                    if (r != null) {
                        load(p.type.kind == Type.Kind.FLOAT ? Type.DOUBLE : p.type, r, pl.stackOffset(), "fp");
                    } else if (p.type.kind == Type.Kind.FLOAT) {
                        emitMem("fld", "fa0", pl.stackOffset(), "fp");
                        emitMem("fsw", "fa0", p.offset, "fp");
                    }
                }
            }
        }
    }

    /**
     * The body's text made final: peephole-optimised at -O1, jumps to the very next line dropped, long
     * branches relaxed, and a last jump to the exit (which follows at once) removed.
     */
    private String finishedBody() {
        String raw = g.body.toString();
        if (opt.optLevel() > 0) {
            raw = Peephole.run(raw);
        }
        if (opt.optLevel() > 1) {
            raw = GlobalOpt.run(raw);
        }
        String bodyText = BranchRelaxation.relax(raw.replaceAll("\tj (\\.L[A-Za-z0-9_]+)\n\\1:\n", "$1:\n"),
                g.retLabel, this::newLabel);
        if (bodyText.endsWith("\tj " + g.retLabel + "\n")) {
            bodyText = bodyText.substring(0, bodyText.length() - ("\tj " + g.retLabel + "\n").length());
        }
        return bodyText;
    }

    /** Allocates the frame, saves ra, the caller's fp and the callee-saved registers, and sets fp. */
    private void prologue(FrameLayout.Frame frame) {
        if (!g.hasFrame) {
            return;
        }
        int size = frame.size();
        if (fitsImm(-size)) {
            emit("addi sp, sp, " + (-size));
        } else {
            emit("li at, " + (-size));
            emit("add sp, sp, at");
        }
        emitMem("sw", "ra", size - 4, "sp");
        emitMem("sw", "fp", size - 8, "sp");
        if (fitsImm(size)) {
            emit("addi fp, sp, " + size);
        } else {
            emit("li at, " + size);
            emit("add fp, sp, at");
        }
        for (Map.Entry<String, Integer> e : frame.saveSlots().entrySet()) {
            emitMem(e.getKey().startsWith("fs") ? "fsd" : "sw", e.getKey(), e.getValue(), "fp");
        }
    }

    /** The function's single exit: restores what the prologue saved and returns. */
    private void epilogue(FrameLayout.Frame frame) {
        label(g.retLabel);
        if (g.hasFrame) {
            for (Map.Entry<String, Integer> e : frame.saveSlots().entrySet()) {
                emitMem(e.getKey().startsWith("fs") ? "fld" : "lw", e.getKey(), e.getValue(), "fp");
            }
            emitMem("lw", "ra", -4, "fp");
            emit("mv sp, fp");
            emitMem("lw", "fp", -8, "fp");
        }
        emit("ret");
    }
}
