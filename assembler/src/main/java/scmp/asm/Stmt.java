package scmp.asm;

import java.util.List;

/**
 * One statement: labels, then optionally an instruction/directive or an assignment.
 *
 * @param labels labels defined at the statement's location, in order
 * @param op     the operation, or null for a statement that only defines labels
 */
record Stmt(List<Label> labels, Op op) {

    /** {@code name:}, or {@code 7:} (numeric, {@code name} null). */
    record Label(String name, long number, Pos pos) {
        boolean numeric() {
            return name == null;
        }
    }

    /** What a statement does besides defining labels. */
    sealed interface Op {
        Pos pos();
    }

    /**
     * A mnemonic or directive with its operands.
     *
     * @param spaceSeparated whether the operands were separated by blanks rather than commas, which only
     *                       {@code .file} and {@code .loc} allow
     */
    record Insn(String mnemonic, List<Arg> args, boolean spaceSeparated, Pos pos) implements Op {
    }

    /** {@code name = expr}. */
    record Assign(String name, Expr value, Pos pos) implements Op {
    }
}
