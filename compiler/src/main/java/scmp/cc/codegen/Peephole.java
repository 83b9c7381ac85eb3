package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The -O1 peephole pass over a function body's assembly text. The expression code moves values through the
 * accumulator {@code a0}; this pass removes the moves that a register allocator would not have made:
 * <ul>
 * <li>{@code mv a0, R} followed by an instruction that overwrites {@code a0}: that instruction reads {@code R}
 * instead and the move goes;</li>
 * <li>{@code op a0, ...; mv R, a0} where {@code a0} is overwritten before it is read again: {@code op R, ...};</li>
 * <li>a move into {@code a0} whose value is overwritten before it is read: gone.</li>
 * </ul>
 * Only straight-line code is looked at: a label, a jump, a branch, a call or any instruction the pass does not
 * know ends the window, so a value that flows elsewhere is never touched. Each rule looks a bounded distance
 * ahead, so the pass is linear in the size of the function.
 */
final class Peephole {
    private Peephole() {
    }

    /** Instructions {@code op rd, rs, rt} / {@code op rd, rs, imm}: rd written, the other registers read. */
    private static final Set<String> ALU = Set.of("add", "sub", "mul", "mulh", "mulhu", "div", "divu", "rem", "remu",
            "and", "or", "xor", "nor", "sll", "srl", "sra", "slt", "sltu", "addi", "andi", "ori", "xori", "slli",
            "srli", "srai", "slti", "sltiu", "mv", "feq.d", "flt.d", "fle.d", "fcvt.w.d", "fcvt.wu.d");
    /** Instructions {@code op rd, imm} or {@code op rd, symbol}: rd written, nothing read. */
    static final Set<String> CONST = Set.of("li", "la", "lui");
    /** Loads {@code op rd, off(base)}: rd written, base read. */
    private static final Set<String> LOAD = Set.of("lw", "lh", "lhu", "lb", "lbu");
    /** Stores {@code op rs, off(base)}: both read, nothing written. */
    private static final Set<String> STORE = Set.of("sw", "sh", "sb");
    /** Floating-point loads and stores {@code op fr, off(base)}: base read, no integer register written. */
    private static final Set<String> FMEM = Set.of("flw", "fld", "fsw", "fsd");
    private static final int WINDOW = 8;

    /** A parsed instruction line: op, operands; null for labels, directives and unknown text. */
    private record Insn(String op, String[] ops) {
        /** The integer register this instruction writes, or null. */
        String dest() {
            if (ALU.contains(op) || CONST.contains(op) || LOAD.contains(op)) {
                return ops[0];
            }
            return null;
        }

        /** Whether the instruction reads integer register {@code r}. */
        boolean reads(String r) {
            if (CONST.contains(op)) {
                return false;
            }
            if (ALU.contains(op)) {
                for (int i = 1; i < ops.length; i++) {
                    if (ops[i].equals(r)) {
                        return true;
                    }
                }
                return false;
            }
            if (LOAD.contains(op) || FMEM.contains(op)) {
                return base(ops[1]).equals(r);
            }
            if (STORE.contains(op)) {
                return ops[0].equals(r) || base(ops[1]).equals(r);
            }
            return true;
        }

        /** Whether the pass understands this instruction (anything else ends a window). */
        boolean known() {
            return ALU.contains(op) || CONST.contains(op) || LOAD.contains(op) || STORE.contains(op)
                    || FMEM.contains(op);
        }

        /** The text with every read of {@code from} replaced by {@code to}. */
        String substitute(String from, String to) {
            return renamed(op, ops, STORE.contains(op), from, to);
        }

        /** The text with the destination register replaced by {@code to}. */
        String withDest(String to) {
            return Peephole.withDest(op, ops, to);
        }
    }

    /**
     * The instruction {@code op ops} as text with every source operand naming register {@code from}, or a memory
     * operand based on it, naming {@code to}: the operands after the first, and the first too when
     * {@code firstIsSource} (a store's value, a branch's register). Shared with {@link GlobalOpt}.
     */
    static String renamed(String op, String[] ops, boolean firstIsSource, String from, String to) {
        StringBuilder sb = new StringBuilder("\t").append(op).append(' ');
        for (int i = 0; i < ops.length; i++) {
            String o = ops[i];
            boolean isSource = i > 0 || firstIsSource;
            if (isSource && o.equals(from)) {
                o = to;
            } else if (isSource && o.endsWith("(" + from + ")")) {
                o = o.substring(0, o.length() - from.length() - 1) + to + ")";
            }
            sb.append(i > 0 ? ", " : "").append(o);
        }
        return sb.toString();
    }

    /** The instruction {@code op ops} as text with its destination register (the first operand) {@code to}. */
    static String withDest(String op, String[] ops, String to) {
        StringBuilder sb = new StringBuilder("\t").append(op).append(' ').append(to);
        for (int i = 1; i < ops.length; i++) {
            sb.append(", ").append(ops[i]);
        }
        return sb.toString();
    }

    static String base(String memOperand) {
        int l = memOperand.lastIndexOf('(');
        return l < 0 ? "" : memOperand.substring(l + 1, memOperand.length() - 1);
    }

    private static Insn parse(String line) {
        if (!line.startsWith("\t") || line.startsWith("\t.")) {
            return null;
        }
        String t = line.substring(1);
        int sp = t.indexOf(' ');
        if (sp < 0) {
            return null;
        }
        String op = t.substring(0, sp);
        if (!ALU.contains(op) && !CONST.contains(op) && !LOAD.contains(op) && !STORE.contains(op)
                && !FMEM.contains(op)) {
            return null;
        }
        String[] ops = t.substring(sp + 1).split(", ");
        for (String o : ops) {
            if (o.isEmpty() || o.contains(" ")) {
                return null;
            }
        }
        if ((LOAD.contains(op) || STORE.contains(op) || FMEM.contains(op)) && (ops.length != 2 || !ops[1].endsWith(")"))) {
            return null;
        }
        if (ALU.contains(op) && ops.length < 2 || CONST.contains(op) && ops.length != 2) {
            return null;
        }
        return new Insn(op, ops);
    }

    private static boolean isLoc(String line) {
        return line.startsWith("\t.loc ");
    }

    static String run(String text) {
        String[] split = text.split("\n", -1);
        List<String> lines = new ArrayList<>(split.length);
        for (String l : split) {
            lines.add(l);
        }
        Insn[] insns = new Insn[lines.size()];
        for (int i = 0; i < insns.length; i++) {
            insns[i] = parse(lines.get(i));
        }
        boolean[] dead = new boolean[lines.size()];
        for (int i = 0; i < insns.length; i++) {
            Insn a = insns[i];
            if (a == null || dead[i]) {
                continue;
            }
            // mv a0, R; op a0, ...a0...  ->  op a0, ...R...
            if (a.op.equals("mv") && a.ops[0].equals("a0") && !a.ops[1].equals("a0")) {
                int j = next(lines, insns, dead, i);
                if (j >= 0 && insns[j] != null && "a0".equals(insns[j].dest()) && insns[j].known()) {
                    String r = a.ops[1];
                    if (insns[j].reads("a0")) {
                        lines.set(j, insns[j].substitute("a0", r));
                        insns[j] = parse(lines.get(j));
                    }
                    dead[i] = true;
                    continue;
                }
                if (deadAfter(lines, insns, dead, i, "a0")) {
                    dead[i] = true;
                    continue;
                }
            }
            // op a0, ...; mv R, a0  (a0 dead after)  ->  op R, ...
            String d = a.dest();
            if ("a0".equals(d) && !a.op.startsWith("f")) {
                int j = next(lines, insns, dead, i);
                if (j >= 0 && insns[j] != null && insns[j].op.equals("mv") && insns[j].ops[1].equals("a0")
                        && !insns[j].ops[0].equals("a0") && !insns[j].ops[0].equals("zero")
                        && deadAfter(lines, insns, dead, j, "a0")) {
                    lines.set(i, a.withDest(insns[j].ops[0]));
                    insns[i] = parse(lines.get(i));
                    dead[j] = true;
                }
            }
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < lines.size(); i++) {
            if (dead[i]) {
                continue;
            }
            sb.append(lines.get(i));
            if (i < lines.size() - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** The index of the next live line after {@code i} that is not a {@code .loc}, or -1 at a label or the end. */
    private static int next(List<String> lines, Insn[] insns, boolean[] dead, int i) {
        for (int j = i + 1; j < lines.size(); j++) {
            if (dead[j] || isLoc(lines.get(j))) {
                continue;
            }
            return j;
        }
        return -1;
    }

    /**
     * Whether register {@code r}'s value after line {@code i} is overwritten before anything reads it, within
     * straight-line code the pass understands.
     */
    private static boolean deadAfter(List<String> lines, Insn[] insns, boolean[] dead, int i, String r) {
        int seen = 0;
        for (int j = i + 1; j < lines.size() && seen < WINDOW; j++) {
            if (dead[j] || isLoc(lines.get(j))) {
                continue;
            }
            Insn b = insns[j];
            if (b == null) {
                return false;
            }
            if (b.reads(r)) {
                return false;
            }
            if (r.equals(b.dest())) {
                return true;
            }
            seen++;
        }
        return false;
    }
}
