package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import scmp.isa.Registers;

/**
 * The -O2 pass over a function body's assembly text, after the -O1 peephole pass. Where the peephole looks at
 * straight-line windows only, this pass knows the function's control flow (labels, branches, jumps) and which
 * registers are live at every instruction, and does four things until none applies:
 * <ul>
 * <li><b>copy propagation</b>: after {@code mv X, Y} (or {@code fmv.d}), the reads of {@code X} that follow in
 * straight-line code read {@code Y}, up to a write of either, a label some jump reaches, or a control transfer;</li>
 * <li><b>dead code</b>: an instruction without side effects whose result no path reads goes;</li>
 * <li><b>copy coalescing</b>: {@code op T, ...; ...; mv R, T} with {@code T} dead after the move and {@code R}
 * untouched between becomes {@code op R, ...};</li>
 * <li><b>constants out of loops</b>: in a loop with one way in and no call, each {@code li}/{@code la}/
 * {@code lui} is computed once before the loop into a temporary register the function never names, and the
 * loop copies it from there (a copy the first rule then removes).</li>
 * </ul>
 * A function with an instruction or directive the pass does not know (inline assembly, host calls, network
 * instructions, an indirect jump) is left as it is. Liveness is over-approximated wherever the pass cannot be
 * sure: where the body ends or jumps out, the return values, pointers and callee-saved registers are live, and
 * a call reads those and every argument register (and, to the pass, writes none), so a value is only ever
 * removed when nothing can read it.
 */
final class GlobalOpt {
    private GlobalOpt() {
    }

    private enum Kind { LABEL, LOC, PURE, DIV, LOAD, STORE, BRANCH, JUMP, CALL, RET }

    private static final Set<String> INT_ALU = Set.of("add", "sub", "mul", "mulh", "mulhu", "and", "or", "xor",
            "nor", "sll", "srl", "sra", "slt", "sltu", "addi", "andi", "ori", "xori", "slli", "srli", "srai", "slti",
            "sltiu", "mv", "not", "neg", "seqz", "snez", "sgt", "sgtu");
    private static final Set<String> INT_DIV = Set.of("div", "divu", "rem", "remu");
    private static final Set<String> CONST = Peephole.CONST;
    private static final Set<String> LOADS = Set.of("lw", "lh", "lhu", "lb", "lbu", "flw", "fld");
    private static final Set<String> STORES = Set.of("sw", "sh", "sb", "fsw", "fsd");
    private static final Set<String> BRANCH2 = Set.of("beq", "bne", "blt", "bge", "bltu", "bgeu", "bgt", "ble",
            "bgtu", "bleu");
    private static final Set<String> BRANCH1 = Set.of("beqz", "bnez", "bltz", "bgez", "bgtz", "blez");
    /** Registers a loop's constants may be kept in: caller-saved, named by no convention or instruction. */
    private static final String[] SPARE = {"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"};
    /** Registers whose writes are never removed: the stack, frame, global and return-address pointers. */
    private static final long PINNED = bit("sp") | bit("fp") | bit("gp") | bit("ra") | bit("zero");
    private static final long ALL = ~bit("zero");
    /**
     * Registers live where the body ends (the epilogue follows) or jumps to a label outside it: the return
     * values, the pointers and every callee-saved register; the temporaries and the other argument registers
     * are the caller's to lose (docs/abi.md).
     */
    private static final long EXIT = exitLive();
    /** Registers a call without a note may read: every argument register and all that {@link #EXIT} keeps. */
    private static final long CALL_USE = EXIT | bit("a2") | bit("a3") | bit("a4") | bit("a5") | bit("a6")
            | bit("a7") | bit("fa2") | bit("fa3") | bit("fa4") | bit("fa5") | bit("fa6") | bit("fa7");
    private static final int ROUNDS = 8;
    /** The note after a call that names the argument registers it reads ({@code Calls}). */
    static final String USES = "\t#uses";

    /** One line of the body: a label, a {@code .loc}, or an instruction with its registers. */
    private static final class Line {
        final String text;
        final Kind kind;
        final String op;
        final String[] ops;
        final String target;    // the label of a LABEL, the target of a BRANCH or JUMP
        final long def, use;

        Line(String text, Kind kind, String op, String[] ops, String target, long def, long use) {
            this.text = text;
            this.kind = kind;
            this.op = op;
            this.ops = ops;
            this.target = target;
            this.def = def;
            this.use = use;
        }

        boolean isInsn() {
            return kind != Kind.LABEL && kind != Kind.LOC;
        }

        /** The register this instruction writes (one at most), or null. */
        String dest() {
            return def == 0 ? null : ops[0];
        }
    }

    private static long exitLive() {
        long m = bit("a0") | bit("a1") | bit("fa0") | bit("fa1") | bit("sp") | bit("fp") | bit("gp") | bit("ra")
                | bit("at");
        for (int i = 0; i < 10; i++) {
            m |= bit("s" + i);
        }
        for (int i = 0; i < 12; i++) {
            m |= bit("fs" + i);
        }
        return m;
    }

    private static int reg(String name) {
        int r = Registers.gpr(name);
        if (r >= 0) {
            return r;
        }
        r = Registers.fpr(name);
        return r >= 0 ? 32 + r : -1;
    }

    private static long bit(String name) {
        int r = reg(name);
        return r < 0 ? 0 : 1L << r;
    }

    /** The base register of a memory operand {@code off(reg)}, or null when it is not one. */
    private static String base(String mem) {
        String b = mem.endsWith(")") ? Peephole.base(mem) : "";
        return b.isEmpty() ? null : b;
    }

    /** The parsed line, or null when the pass does not know it (the function is then left alone). */
    static Line parse(String text) {
        int note = text.indexOf(USES);
        if (note > 0) {
            Line call = parse(text.substring(0, note));
            if (call == null || call.kind != Kind.CALL) {
                return null;
            }
            long use = EXIT | bit(call.ops.length == 3 ? call.ops[1] : "");
            for (String r : text.substring(note + USES.length()).trim().split(" ")) {
                if (!r.isEmpty() && reg(r) < 0) {
                    return null;
                }
                use |= bit(r);
            }
            return new Line(call.text, Kind.CALL, call.op, call.ops, null, 0, use & ALL);
        }
        if (!text.startsWith("\t")) {
            return text.endsWith(":") && !text.contains(" ") ? new Line(text, Kind.LABEL, null, null,
                    text.substring(0, text.length() - 1), 0, 0) : null;
        }
        if (text.startsWith("\t.loc ")) {
            return new Line(text, Kind.LOC, null, null, null, 0, 0);
        }
        String t = text.substring(1);
        int sp = t.indexOf(' ');
        String op = sp < 0 ? t : t.substring(0, sp);
        String[] ops = sp < 0 ? new String[0] : t.substring(sp + 1).split(", ");
        for (String o : ops) {
            if (o.isEmpty() || o.contains(" ")) {
                return null;
            }
        }
        if (op.equals("ret") && ops.length == 0) {
            return new Line(text, Kind.RET, op, ops, null, 0, ALL);
        }
        if ((op.equals("call") && ops.length == 1) || (op.equals("jalr") && ops.length == 3 && ops[0].equals("ra"))) {
            return new Line(text, Kind.CALL, op, ops, null, 0, (CALL_USE | bit(ops.length == 3 ? ops[1] : "")) & ALL);
        }
        if ((op.equals("j") || op.equals("b")) && ops.length == 1 && ops[0].startsWith(".L")) {
            return new Line(text, Kind.JUMP, op, ops, ops[0], 0, 0);
        }
        boolean b2 = BRANCH2.contains(op) && ops.length == 3, b1 = BRANCH1.contains(op) && ops.length == 2;
        if (b1 || b2) {
            long use = 0;
            for (int i = 0; i < ops.length - 1; i++) {
                if (reg(ops[i]) < 0 || reg(ops[i]) >= 32) {
                    return null;
                }
                use |= bit(ops[i]);
            }
            return ops[ops.length - 1].startsWith(".L")
                    ? new Line(text, Kind.BRANCH, op, ops, ops[ops.length - 1], 0, use & ALL) : null;
        }
        return parseData(text, op, ops);
    }

    /** Constants, arithmetic, loads and stores. */
    private static Line parseData(String text, String op, String[] ops) {
        if (LOADS.contains(op) || STORES.contains(op)) {
            String b = ops.length == 2 ? base(ops[1]) : null;
            if (b == null || reg(b) < 0 || reg(b) >= 32 || reg(ops[0]) < 0) {
                return null;
            }
            return LOADS.contains(op) ? new Line(text, Kind.LOAD, op, ops, null, bit(ops[0]) & ALL, bit(b) & ALL)
                    : new Line(text, Kind.STORE, op, ops, null, 0, (bit(ops[0]) | bit(b)) & ALL);
        }
        if (CONST.contains(op)) {
            return ops.length == 2 && reg(ops[0]) >= 0 && reg(ops[0]) < 32 && reg(ops[1]) < 0
                    ? new Line(text, Kind.PURE, op, ops, null, bit(ops[0]) & ALL, 0) : null;
        }
        boolean fp = op.startsWith("f");
        if (!INT_ALU.contains(op) && !INT_DIV.contains(op) && !fp || ops.length < 2 || reg(ops[0]) < 0) {
            return null;
        }
        long use = 0;
        for (int i = 1; i < ops.length; i++) {
            if (ops[i].contains("(")) {
                return null;
            }
            use |= bit(ops[i]);
        }
        return new Line(text, INT_DIV.contains(op) ? Kind.DIV : Kind.PURE, op, ops, null, bit(ops[0]) & ALL,
                use & ALL);
    }

    /** The body optimised, or the body as it was when it holds anything the pass does not know. */
    static String run(String text) {
        String[] split = text.split("\n", -1);
        List<Line> lines = new ArrayList<>(split.length);
        for (int i = 0; i < split.length; i++) {
            if (i == split.length - 1 && split[i].isEmpty()) {
                continue;
            }
            Line l = parse(split[i]);
            if (l == null) {
                return text.replaceAll(USES + "[^\n]*", "");
            }
            lines.add(l);
        }
        hoistConstants(lines);
        for (int round = 0; round < ROUNDS; round++) {
            boolean changed = propagateCopies(lines);
            changed |= removeDead(lines);
            changed |= coalesce(lines);
            if (!changed) {
                break;
            }
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (Line l : lines) {
            sb.append(l.text).append('\n');
        }
        if (!text.endsWith("\n") && sb.length() > 0) {
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }

    /** Labels some branch or jump of the body names. */
    private static Set<String> referenced(List<Line> lines) {
        Set<String> s = new HashSet<>();
        for (Line l : lines) {
            if (l.kind == Kind.BRANCH || l.kind == Kind.JUMP) {
                s.add(l.target);
            }
        }
        return s;
    }

    /** Registers live after each line ({@link #EXIT} where the body ends or jumps out of itself). */
    private static long[] liveOut(List<Line> lines) {
        int n = lines.size();
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < n; i++) {
            if (lines.get(i).kind == Kind.LABEL) {
                at.put(lines.get(i).target, i);
            }
        }
        long[] in = new long[n + 1], out = new long[n];
        in[n] = EXIT;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                Line l = lines.get(i);
                long o;
                switch (l.kind) {
                    case RET -> o = 0;
                    case JUMP -> o = in(in, at, l.target);
                    case BRANCH -> o = in[i + 1] | in(in, at, l.target);
                    default -> o = in[i + 1];
                }
                long v = l.use | (o & ~l.def);
                if (o != out[i] || v != in[i]) {
                    out[i] = o;
                    in[i] = v;
                    changed = true;
                }
            }
        }
        return out;
    }

    private static long in(long[] in, Map<String, Integer> at, String label) {
        Integer i = at.get(label);
        return i == null ? EXIT : in[i];
    }

    /** The text of {@code l} with every register it reads named {@code from} renamed {@code to}. */
    private static String substitute(Line l, String from, String to) {
        return Peephole.renamed(l.op, l.ops, l.kind == Kind.STORE || l.kind == Kind.BRANCH, from, to);
    }

    private static boolean isCopy(Line l) {
        if (l.kind != Kind.PURE || l.ops.length != 2 || l.ops[0].equals(l.ops[1])) {
            return false;
        }
        int d = reg(l.ops[0]), s = reg(l.ops[1]);
        return l.op.equals("mv") && d > 0 && d < 32 && s >= 0 && s < 32 || l.op.equals("fmv.d") && d >= 32 && s >= 32;
    }

    /** Copy propagation; whether anything changed. */
    private static boolean propagateCopies(List<Line> lines) {
        Set<String> refs = referenced(lines);
        boolean changed = false;
        for (int i = 0; i < lines.size(); i++) {
            Line c = lines.get(i);
            if (!isCopy(c) || (bit(c.ops[0]) & PINNED) != 0) {
                continue;
            }
            String x = c.ops[0], y = c.ops[1];
            long xy = bit(x) | bit(y);
            for (int j = i + 1; j < lines.size(); j++) {
                Line l = lines.get(j);
                if (l.kind == Kind.LOC || l.kind == Kind.LABEL && !refs.contains(l.target)) {
                    continue;
                }
                if (l.kind == Kind.LABEL || l.kind == Kind.CALL || l.kind == Kind.RET || l.kind == Kind.JUMP) {
                    break;
                }
                if ((l.use & bit(x)) != 0) {
                    lines.set(j, parse(substitute(l, x, y)));
                    changed = true;
                    l = lines.get(j);
                }
                if ((l.def & xy) != 0 || l.kind == Kind.BRANCH) {
                    break;
                }
            }
        }
        return changed;
    }

    /** Dead code; whether anything changed. */
    private static boolean removeDead(List<Line> lines) {
        long[] out = liveOut(lines);
        boolean changed = false;
        for (int i = lines.size() - 1; i >= 0; i--) {
            Line l = lines.get(i);
            boolean noEffect = l.kind == Kind.PURE && l.def != 0 && (l.def & PINNED) == 0;
            if (noEffect && (out[i] & l.def) == 0) {
                lines.remove(i);
                changed = true;
            }
        }
        return changed;
    }

    /** {@code op T, ...; ...; mv R, T} (T dead after) -> {@code op R, ...}; whether anything changed. */
    private static boolean coalesce(List<Line> lines) {
        long[] out = liveOut(lines);
        Set<String> refs = referenced(lines);
        boolean changed = false;
        int removed = 0;        // lines removed so far: line j was line j + removed when out was computed
        for (int j = 0; j < lines.size(); j++) {
            Line m = lines.get(j);
            if (!isCopy(m) || (bit(m.ops[0]) & PINNED) != 0 || (out[j + removed] & bit(m.ops[1])) != 0) {
                continue;
            }
            long r = bit(m.ops[0]), t = bit(m.ops[1]);
            for (int i = j - 1; i >= 0; i--) {
                Line l = lines.get(i);
                if (l.kind == Kind.LOC || l.kind == Kind.LABEL && !refs.contains(l.target)) {
                    continue;
                }
                if (!l.isInsn() || l.kind == Kind.BRANCH || l.kind == Kind.JUMP || l.kind == Kind.CALL
                        || l.kind == Kind.RET) {
                    break;
                }
                if (l.def == t && l.kind != Kind.STORE) {
                    if ((l.def & PINNED) == 0 && sameFile(l.ops[0], m.ops[0])) {
                        lines.set(i, parse(withDest(l, m.ops[0])));
                        lines.remove(j);
                        j--;
                        removed++;
                        changed = true;
                    }
                    break;
                }
                if (((l.use | l.def) & (r | t)) != 0) {
                    break;
                }
            }
        }
        return changed;
    }

    private static boolean sameFile(String a, String b) {
        return (reg(a) < 32) == (reg(b) < 32);
    }

    private static String withDest(Line l, String to) {
        return Peephole.withDest(l.op, l.ops, to);
    }

    /**
     * Constants out of loops. A loop is a backward branch or jump and the lines from its target label to it; it
     * qualifies when it has no call and no other instruction that may touch a register it does not name, and is
     * entered either by a jump just before its first line or by falling into it, and from nowhere else.
     */
    private static void hoistConstants(List<Line> lines) {
        Map<String, Integer> labelAt = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).kind == Kind.LABEL) {
                labelAt.put(lines.get(i).target, i);
            }
        }
        List<int[]> loops = new ArrayList<>();
        for (int e = 0; e < lines.size(); e++) {
            Line back = lines.get(e);
            Integer h = back.kind == Kind.BRANCH || back.kind == Kind.JUMP ? labelAt.get(back.target) : null;
            if (h != null && h < e) {
                loops.add(new int[] {h, e});
            }
        }
        loops.sort((a, b) -> Integer.compare(a[1] - a[0], b[1] - b[0]));     // inner loops first
        List<Line> backs = new ArrayList<>();
        for (int[] l : loops) {
            backs.add(lines.get(l[1]));
        }
        for (int k = 0; k < loops.size(); k++) {
            Line back = backs.get(k);
            int e = indexOf(lines, back), h = e;
            while (h >= 0 && !(lines.get(h).kind == Kind.LABEL && lines.get(h).target.equals(back.target))) {
                h--;
            }
            if (h >= 0) {
                hoist(lines, h, e);
            }
        }
    }

    private static int indexOf(List<Line> lines, Line l) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) == l) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Hoists the constants of the loop [h, e] if it qualifies, into temporaries that nothing from the
     * preheader to the loop's end names and that are dead all along it.
     */
    private static void hoist(List<Line> lines, int h, int e) {
        Set<String> inside = new HashSet<>();
        for (int i = h; i <= e; i++) {
            Line l = lines.get(i);
            if (l.kind == Kind.CALL || l.kind == Kind.RET) {
                return;
            }
            if (l.kind == Kind.LABEL) {
                inside.add(l.target);
            }
        }
        int entryJump = -1;
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if ((i < h || i > e) && (l.kind == Kind.BRANCH || l.kind == Kind.JUMP) && inside.contains(l.target)) {
                if (entryJump >= 0 || l.kind != Kind.JUMP || i != previous(lines, h)) {
                    return;
                }
                entryJump = i;
            }
        }
        if (entryJump >= 0) {
            Set<String> refs = referenced(lines);
            for (int i = entryJump + 1; i < h; i++) {
                if (lines.get(i).kind == Kind.LABEL && refs.contains(lines.get(i).target)) {
                    return;     // a way into the loop that passes neither the jump nor the lines before it
                }
            }
        }
        int at = entryJump >= 0 ? entryJump : h;
        if (entryJump < 0) {
            int p = previous(lines, h);
            if (p >= 0 && (lines.get(p).kind == Kind.JUMP || lines.get(p).kind == Kind.RET)) {
                return;     // reached by no path
            }
        }
        List<String> spare = spare(lines, at, e);
        Map<String, String> kept = new HashMap<>();
        List<Line> pre = new ArrayList<>();
        for (int i = h; i <= e; i++) {
            Line l = lines.get(i);
            if (l.kind != Kind.PURE || !CONST.contains(l.op) || (l.def & PINNED) != 0) {
                continue;
            }
            String key = l.op + " " + l.ops[1];
            String k = kept.get(key);
            if (k == null) {
                if (spare.isEmpty()) {
                    break;
                }
                k = spare.remove(0);
                kept.put(key, k);
                pre.add(parse("\t" + l.op + " " + k + ", " + l.ops[1]));
            }
            lines.set(i, parse("\tmv " + l.ops[0] + ", " + k));
        }
        lines.addAll(at, pre);
    }

    /** The temporaries that no line of [from, to] names and that are live after none of them. */
    private static List<String> spare(List<Line> lines, int from, int to) {
        long[] out = liveOut(lines);
        long busy = 0;
        for (int i = from; i <= to; i++) {
            Line l = lines.get(i);
            busy |= out[i] | l.use | l.def;
            if (l.isInsn()) {
                for (String o : l.ops) {
                    String b = base(o);
                    busy |= bit(b != null ? b : o);
                }
            }
        }
        List<String> spare = new ArrayList<>();
        for (String r : SPARE) {
            if ((busy & bit(r)) == 0) {
                spare.add(r);
            }
        }
        return spare;
    }

    /** The index of the last instruction before line {@code i}, or -1 (labels and .loc skipped). */
    private static int previous(List<Line> lines, int i) {
        for (int p = i - 1; p >= 0; p--) {
            if (lines.get(p).isInsn()) {
                return p;
            }
        }
        return -1;
    }
}
