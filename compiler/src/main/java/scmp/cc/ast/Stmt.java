package scmp.cc.ast;

import java.util.List;
import scmp.cc.lex.Token;

/**
 * A statement after type checking. Loops share one shape; {@code break} and {@code continue} became jumps
 * to the labels their loop or switch declares, and C labels became unique assembly labels.
 */
public sealed interface Stmt {
    Token pos();

    record ExprStmt(Token pos, Expr expr) implements Stmt {
    }

    record Block(Token pos, List<Stmt> items) implements Stmt {
    }

    record If(Token pos, Expr cond, Stmt then, Stmt otherwise) implements Stmt {
    }

    /**
     * {@code for} and {@code while}: init (may be null), cond (null for forever), step (may be null), body;
     * {@code continue} jumps to {@code continueLabel} (before step), {@code break} to {@code breakLabel}.
     */
    record Loop(Token pos, Stmt init, Expr cond, Expr step, Stmt body, String breakLabel, String continueLabel)
            implements Stmt {
    }

    record DoWhile(Token pos, Stmt body, Expr cond, String breakLabel, String continueLabel) implements Stmt {
    }

    /** A switch: the controlling value (promoted), its case labels in source order, and the default. */
    record Switch(Token pos, Expr cond, Stmt body, List<Case> cases, String defaultLabel, String breakLabel)
            implements Stmt {
    }

    /** One case (a GNU range when lo < hi) and the label its statement carries. */
    record Case(long lo, long hi, String label) {
    }

    /** A label: a C label, a case or default, placed before {@code stmt}. */
    record Label(Token pos, String label, Stmt stmt) implements Stmt {
    }

    record Goto(Token pos, String label) implements Stmt {
    }

    /** A jump to the value of a computed label expression is not supported; this is {@code goto label}. */
    record Return(Token pos, Expr value) implements Stmt {
    }

    /**
     * The allocation of a variable-length array object when its declaration is reached (C99 6.2.4p6): the
     * stack pointer is saved in {@code save}, lowered by {@code size} bytes rounded up to 8, and the new stack
     * pointer is where {@code object} lives (its frame slot holds that address).
     */
    record VlaAlloc(Token pos, Var save, Var object, Expr size) implements Stmt {
    }

    /** The stack pointer set back to {@code save}: the variable-length arrays allocated since then are gone. */
    record StackRestore(Token pos, Var save) implements Stmt {
    }

    /** Basic {@code asm("...")}: the text goes to the output as is. */
    record Asm(Token pos, String text) implements Stmt {
    }
}
