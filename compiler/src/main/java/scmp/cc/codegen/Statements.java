package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import scmp.cc.lex.Token;

/**
 * Statements: blocks, if, loops (the condition tested at the bottom, entered by a jump), do-while, switch (a
 * chain of compares, then the body), labels, goto, return (through the function's single exit) and asm; and
 * the .loc line information that -g asks for.
 */
final class Statements extends Emitter {
    Statements(CodeGen g) {
        super(g);
    }

    /** Under -g, a {@code .loc} for {@code pos} unless the last one said the same. */
    void loc(Token pos) {
        if (!opt.debug() || pos == null || pos.line() <= 0) {
            return;
        }
        String l = g.fileNumber(pos.fileName()) + " " + pos.line() + " " + pos.col();
        if (!l.equals(g.lastLoc)) {
            emit(".loc " + l);
            g.lastLoc = l;
        }
    }

    /** Generates {@code s}. */
    void stmt(Stmt s) {
        if (s == null) {
            return;
        }
        if (!(s instanceof Stmt.Block) && !(s instanceof Stmt.Label)) {
            loc(s.pos());
        }
        if (s instanceof Stmt.ExprStmt es) {
            gen(es.expr());
        } else if (s instanceof Stmt.Block b) {
            for (Stmt x : b.items()) {
                stmt(x);
            }
        } else if (s instanceof Stmt.If i) {
            ifStatement(i);
        } else if (s instanceof Stmt.Loop l) {
            loop(l);
        } else if (s instanceof Stmt.DoWhile d) {
            String top = newLabel();
            label(top);
            stmt(d.body());
            label(d.continueLabel());
            loc(d.pos());
            branch(d.cond(), top, true);
            label(d.breakLabel());
        } else if (s instanceof Stmt.Switch sw) {
            switchStatement(sw);
        } else if (s instanceof Stmt.Label l) {
            label(l.label());
            stmt(l.stmt());
        } else if (s instanceof Stmt.Goto gt) {
            emit("j " + gt.label());
        } else if (s instanceof Stmt.Return r) {
            returnStatement(r);
        } else if (s instanceof Stmt.VlaAlloc va) {
            vlaAlloc(va);
        } else if (s instanceof Stmt.StackRestore sr) {
            setStackPointer(sr.save());
        } else if (s instanceof Stmt.Asm a) {
            for (String line : a.text().split("\n")) {
                g.body.append('\t').append(line.strip()).append('\n');
            }
        }
    }

    private void ifStatement(Stmt.If i) {
        String els = newLabel(), end = newLabel();
        branch(i.cond(), els, false);
        stmt(i.then());
        if (i.otherwise() != null) {
            emit("j " + end);
            label(els);
            stmt(i.otherwise());
            label(end);
        } else {
            label(els);
        }
    }

    /** A for or while loop: the body first, the condition at the bottom, entered by a jump to it. */
    private void loop(Stmt.Loop l) {
        stmt(l.init());
        String top = newLabel(), test = newLabel();
        if (l.cond() != null) {
            emit("j " + test);
        }
        label(top);
        stmt(l.body());
        label(l.continueLabel());
        if (l.step() != null) {
            loc(l.pos());
            gen(l.step());
        }
        label(test);
        if (l.cond() != null) {
            loc(l.pos());
            branch(l.cond(), top, true);
        } else {
            emit("j " + top);
        }
        label(l.breakLabel());
    }

    /** A switch: a compare-and-branch per case (ranges: two compares), then a jump to default or out. */
    private void switchStatement(Stmt.Switch sw) {
        gen(sw.cond());
        boolean wide = sw.cond().type().isLong64();
        boolean u = sw.cond().type().isUnsigned();
        for (Stmt.Case c : sw.cases()) {
            if (wide) {
                String skip = newLabel();
                emit("li a2, " + (int) c.lo());
                emit("li a3, " + (int) (c.lo() >> 32));
                emit("bne a0, a2, " + skip);
                emit("beq a1, a3, " + c.label());
                label(skip);
            } else if (c.lo() == c.hi()) {
                emit("li a1, " + (int) c.lo());
                emit("beq a0, a1, " + c.label());
            } else {
                String skip = newLabel();
                emit("li a1, " + (int) c.lo());
                emit("blt" + (u ? "u" : "") + " a0, a1, " + skip);
                emit("li a1, " + (int) c.hi());
                emit("bge" + (u ? "u" : "") + " a1, a0, " + c.label());
                label(skip);
            }
        }
        emit("j " + (sw.defaultLabel() != null ? sw.defaultLabel() : sw.breakLabel()));
        stmt(sw.body());
        label(sw.breakLabel());
    }

    /**
     * A variable-length array comes into being: the stack pointer is saved, lowered by the size rounded up to
     * 8 (the stack stays 8-aligned, docs/abi.md) and becomes the array's address, kept in its frame slot.
     */
    private void vlaAlloc(Stmt.VlaAlloc va) {
        gen(va.size());
        String save = g.regOf.get(va.save());
        if (save != null) {
            emit("mv " + save + ", sp");
        } else {
            emitMem("sw", "sp", va.save().offset, "fp");
        }
        emit("addi a0, a0, 7");
        emit("srli a0, a0, 3");
        emit("slli a0, a0, 3");
        emit("sub sp, sp, a0");
        emitMem("sw", "sp", va.object().offset, "fp");
    }

    /** The stack pointer set back to the value saved in {@code save}, freeing what was allocated since. */
    private void setStackPointer(scmp.cc.ast.Var save) {
        String r = g.regOf.get(save);
        if (r != null) {
            emit("mv sp, " + r);
        } else {
            emitMem("lw", "sp", save.offset, "fp");
        }
    }

    /** A return: the value in the accumulator (a struct copied to where the hidden pointer says), then the exit. */
    private void returnStatement(Stmt.Return r) {
        if (r.value() != null) {
            gen(r.value());
            if (r.value().type().isAggregate()) {
                emitMem("lw", "a1", g.retPtrOffset, "fp");
                copyBlock("a0", "a1", r.value().type().size(),
                        Math.min(r.value().type().align(), Expr.knownAlign(r.value())));
            }
        }
        emit("j " + g.retLabel);
    }
}
