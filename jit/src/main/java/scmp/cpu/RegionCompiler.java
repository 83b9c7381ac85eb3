package scmp.cpu;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;
import scmp.isa.Instruction;
import scmp.isa.sem.Expr;
import scmp.isa.sem.InstructionSemantics;
import scmp.isa.sem.Reg;
import scmp.isa.sem.RedirectKind;
import scmp.isa.sem.SemanticTable;
import scmp.isa.sem.Stmt;
import scmp.isa.sem.StopKind;
import scmp.isa.sem.Unit;

/**
 * Translates a region of the decoded text into a hidden class of JVM bytecode with ObjectWeb ASM, from the declared
 * semantics ({@link SemanticTable}, walked with {@link Expr.Visitor} and {@link Stmt.Visitor} as
 * {@code scmp.isa.sem.InterpreterSource} does into Java source), for the {@link JitEngine}.
 *
 * <p>A region is up to {@link #MAX_INSTRUCTIONS} consecutive instruction slots from its entry. Each instruction is
 * the interpreter's loop unrolled for one decoded word, its fields constants: the issue cycle from the scoreboard
 * ({@code t = max(next, ready of the sources)}), the exit {@code LIMIT} when {@code t} reaches the limit, the stall
 * statistics, the semantics, and the destination's ready cycle and stall cause. A redirect whose target is a
 * constant inside the region is a jump in the bytecode (loops stay in the method); any other leaves the region with
 * the target pc. Network instructions, host calls, {@code suspend} and {@code endt} call the engine's services as
 * the interpreter does and leave with the interpreter's exit. Each instruction has its own exception handler, so a
 * {@link GuestFault} leaves with that instruction's pc.
 *
 * <p>The generated method keeps the thread's arrays, the limit, the next issue cycle, the issue cycle, the retired
 * count and the bubbles in locals, and writes them back to the engine's fields when it leaves.
 */
final class RegionCompiler {

    /** The most instruction slots of a region (the method stays small enough for the JVM's compilers). */
    static final int MAX_INSTRUCTIONS = 48;
    /**
     * Regions whose method has more bytes of code than this are split: HotSpot does not compile methods of more than
     * 8000 bytes of code. (The method's code, not the class file: the class's stack map frames grow with the locals
     * that keep the registers, and bounding the file split regions whose code was small.)
     */
    private static final int MAX_CODE_BYTES = 7800;
    /** The code size of the method {@link #generate} made last (one compiler per text; compiling is synchronized). */
    private int codeBytes;
    /** Whether that method's region has a loop, and how many slots it reaches. */
    private boolean lastLoop;
    private int lastReachable;
    /** The slots (in the text) at which that method's class can be entered: its first, and its loops' heads. */
    private int[] lastEntries;

    private static final String ENGINE = Type.getInternalName(JitEngine.class);
    private static final String ENGINE_DESC = Type.getDescriptor(JitEngine.class);
    private static final String MEMORY = Type.getInternalName(Memory.class);
    private static final String SEMANTICS = Type.getInternalName(Semantics.class);
    private static final String INTERPRETER = Type.getInternalName(Interpreter.class);
    private static final String FAULT = Type.getInternalName(GuestFault.class);
    private static final String NEAR = Type.getInternalName(JitEngine.NearLimit.class);
    private static final String BLOCK = Type.getInternalName(JitEngine.Block.class);

    // locals of the generated method
    private static final int E = 1, X = 2, F = 3, RDY = 4, CAUSE = 5, MEM = 6, LIMIT = 7, NEXT = 9, T = 11, N = 13,
            BUB = 15, XPC = 17, XCODE = 18, EXC = 19, NPC = 20, REPLY = 21, TURNS = 22;
    /**
     * The turns of its loops after which a region that keeps its values in the thread's arrays leaves, with
     * {@link JitEngine#TURNING}, at the jump back, so that the engine runs the loop in a region that keeps them in
     * locals instead of running one long entry in the slower form.
     */
    static final int TURN_LIMIT = 64;

    private static final int FAULT_EXIT = Engine.Exit.FAULT.ordinal();
    /** A bound of {@code rdy[r] - next} that nothing is known of ({@code Method#schedule}). */
    private static final int UNKNOWN = 1 << 20;

    private static final String DUMP = System.getProperty("scmp.jit.dump");
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final InstructionSemantics[] SEMANTICS_OF = new InstructionSemantics[Instruction.values().length];

    static {
        for (Instruction insn : Instruction.values()) {
            SEMANTICS_OF[insn.ordinal()] = SemanticTable.of(insn);
        }
    }

    private final DecodedText text;
    private final int base;
    private final int textBytes;
    private final int[] latency = new int[DecodedText.END + 1];
    private final int[] busy = new int[DecodedText.END + 1];
    private final TimingModel timing;

    RegionCompiler(DecodedText text, TimingModel timing) {
        this.text = text;
        this.base = text.base();
        this.textBytes = 4 * text.count();
        this.timing = timing;
        for (Instruction insn : Instruction.values()) {
            latency[insn.ordinal()] = timing.latency(insn);
            busy[insn.ordinal()] = timing.busy(insn);
        }
        latency[DecodedText.ILLEGAL] = 1;
        latency[DecodedText.END] = 1;
    }

    /** A compiled region, or the reason there is none. */
    /**
     * A compiled region, or the reason there is none.
     *
     * @param block     the region, or null
     * @param reason    why there is none, or null
     * @param loop      whether the region has a loop (then a version that keeps values in locals may pay)
     * @param reachable how many of its slots a path from the entry reaches
     */
    record Result(JitEngine.Block block, String reason, boolean loop, int reachable, int[] entries,
                  java.util.function.IntFunction<JitEngine.Block> at) {
        Result(JitEngine.Block block, String reason, boolean loop, int reachable) {
            this(block, reason, loop, reachable, new int[0], null);
        }
    }

    /**
     * Whether a loop head inside a larger loop is entered in the class of the outermost loop's region
     * ({@link #compileFor}); system property {@code scmp.jit.nests=false} compiles a class per entry as before (the
     * results are the same either way: docs/performance.md, "The kernels against qemu-riscv64").
     */
    static final boolean NESTS = !"false".equals(System.getProperty("scmp.jit.nests"));

    /**
     * Whether the region classes carry stack map frames (class file version 17, ASM's {@code COMPUTE_FRAMES}) or
     * none (version 49, checked by the JVM's type-inferring verifier).
     */
    static final boolean FRAMES = "true".equals(System.getProperty("scmp.jit.frames"));

    /**
     * Whether the issue rule leaves out the sources that cannot delay an instruction ({@code Method#schedule});
     * system property {@code scmp.jit.schedule=false} keeps every one (for comparisons).
     */
    static final boolean SCHEDULE = !"false".equals(System.getProperty("scmp.jit.schedule"));

    /**
     * Compiles the class that is entered at slot {@code i}: when {@code i} is the head of a loop inside a larger loop
     * that fits one region, the region entered at the earliest slot (up to {@code MAX_INSTRUCTIONS - 1} before) that
     * reaches {@code i} as a loop's head, which can be entered at each of its loop heads (so that a loop nest is one class, whichever of its heads a run enters it at); else the region
     * entered at {@code i}. {@link Result#block} is entered at {@code i}; {@link Result#at} gives the entries at the
     * other slots of {@link Result#entries}.
     *
     * @param i    the slot to enter
     * @param keep whether a region with a loop keeps values in locals
     * @return the region, or the reason the compiler declines it
     */
    Result compileFor(int i, boolean keep) {
        for (int h = NESTS ? firstNestEntry(i) : i; h < i; h++) {
            int k = Math.min(MAX_INSTRUCTIONS, text.count() + 1 - h);
            Method m = new Method(new MethodVisitor(ASM9) {
            }, h, k, null, false);
            if (m.reachable[i - h] && m.check[i - h] && !m.calls()) {
                Result r = compile(h, keep);
                if (r.block() != null) {
                    for (int e : r.entries()) {
                        if (e == i) {
                            return new Result(r.at().apply(i), null, r.loop(), r.reachable(), r.entries(), r.at());
                        }
                    }
                }
                break;
            }
        }
        return compile(i, keep);
    }

    /**
     * The first slot {@link #compileFor} tries as the entry of a nest with a loop head at slot {@code i}: a region
     * entered at {@code h < i} has its check at {@code i} only when a slot {@code j >= i} within it, so
     * {@code j < h + MAX_INSTRUCTIONS}, jumps to {@code i}. One pass over the slots after {@code i} finds the first
     * such {@code j}; without one, no earlier entry can qualify and the answer is {@code i} (instead of
     * {@code MAX_INSTRUCTIONS - 1} trial regions built for nothing).
     */
    private int firstNestEntry(int i) {
        int k = Math.min(MAX_INSTRUCTIONS, text.count() + 1 - i);
        Method probe = new Method(new MethodVisitor(ASM9) {
        }, i, k, null, false);
        for (int j = 0; j < k; j++) {
            if (probe.inRegionTarget(j) == 0) {
                return Math.max(Math.max(0, i - MAX_INSTRUCTIONS + 1), i + j - MAX_INSTRUCTIONS + 1);
            }
        }
        return i;
    }

    /**
     * Compiles the region entered at instruction slot {@code i}.
     *
     * @param i    the entry slot, 0..count (the last is the end-of-text sentinel)
     * @param keep whether a region with a loop keeps registers, ready cycles and causes in locals (stored back where
     *             it leaves: worth it when the loop turns more than once an entry)
     * @return the region, or the reason the compiler declines it
     */
    Result compile(int i, boolean keep) {
        int k = Math.min(MAX_INSTRUCTIONS, text.count() + 1 - i);
        byte[] bytes;
        try {
            bytes = generate(i, k, keep);
            while (codeBytes > MAX_CODE_BYTES && k > 1) {
                k = (k + 1) / 2;
                bytes = generate(i, k, keep);
            }
        } catch (IllegalStateException e) {
            return new Result(null, e.getMessage(), false, 0);
        }
        if (DUMP != null) {
            try {
                java.nio.file.Files.write(java.nio.file.Path.of(DUMP, "JitRegion_" + Integer.toHexString(base + 4 * i)
                        + (keep ? "_k" : "") + ".class"), bytes);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        try {
            MethodHandles.Lookup hidden = LOOKUP.defineHiddenClass(bytes, true);
            java.lang.invoke.MethodHandle make = hidden.findConstructor(hidden.lookupClass(),
                    MethodType.methodType(void.class, int.class));
            int first = i;
            java.util.function.IntFunction<JitEngine.Block> at = e -> {
                try {
                    return (JitEngine.Block) make.invoke(e - first);
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
            };
            return new Result(at.apply(i), null, lastLoop, lastReachable, lastEntries, at);
        } catch (Throwable e) {
            throw new IllegalStateException("compiled engine: the region at 0x" + Integer.toHexString(base + 4 * i)
                    + " does not load: " + e, e);
        }
    }

    /**
     * Generates the class of the region of {@code k} slots from slot {@code i}.
     *
     * @param i the entry slot
     * @param k the number of slots
     * @return the class file
     */
    byte[] generate(int i, int k) {
        return generate(i, k, true);
    }

    /**
     * Generates the class of the region of {@code k} slots from slot {@code i}.
     *
     * @param i    the entry slot
     * @param k    the number of slots
     * @param keep whether a region with a loop keeps values in locals
     * @return the class file
     */
    byte[] generate(int i, int k, boolean keep) {
        ClassWriter cw = new ClassWriter(FRAMES ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        String className = "scmp/cpu/JitRegion_" + Integer.toHexString(base + 4 * i);
        cw.visit(FRAMES ? V17 : V1_5, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, className, null, "java/lang/Object", new String[] {BLOCK});
        cw.visitField(ACC_PRIVATE | ACC_FINAL, "entry", "I", null, null).visitEnd();
        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "(I)V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ILOAD, 1);
        init.visitFieldInsn(PUTFIELD, className, "entry", "I");
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "run", "(" + ENGINE_DESC + ")I", null, null);
        mv.visitCode();
        // a first pass finds the registers, scoreboard entries and causes the region uses, which the second keeps
        // in locals
        Method scan = new Method(new MethodVisitor(ASM9) {
        }, i, k, null, keep);
        scan.emit();
        Method m = new Method(mv, i, k, scan, keep);
        m.className = className;
        m.emit();
        int[] entries = new int[k];
        int ne = 0;
        for (int j = 0; j < k; j++) {
            if (m.reachable[j] && m.check[j]) {
                entries[ne++] = i + j;
            }
        }
        lastEntries = java.util.Arrays.copyOf(entries, ne);
        codeBytes = m.codeLength;
        lastLoop = m.loop;
        int r = 0;
        for (boolean b : m.reachable) {
            r += b ? 1 : 0;
        }
        lastReachable = r;
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The code generation of one region's method. */
    private final class Method implements Expr.Visitor<Void> {
        private final MethodVisitor mv;
        /** The internal name of the class (null in the scan). */
        private String className;
        private final int first;
        private final int count;
        private final Label[] at;
        private final Label[] tryStart;
        private final Label[] tryEnd;
        private final Label[] handler;
        private final Label exit = new Label();
        /** Per slot: the end of the code that checks the limit (from its start, {@link #at}), and its handler. */
        private final Label[] limitEnd;
        private final Label[] limitHandler;
        // the instruction being emitted
        private int pc;
        private int op;
        private int rd;
        private int a;
        private int b;
        private int imm;
        private int deps;
        /**
         * Per slot: whether the cycle limit is checked where it is entered (the entry, and the targets of jumps back).
         * Checking at every head (a forward jump's target too) made more checks, each a branch that HotSpot compiles
         * as a trap while it has never been taken, and each limit that fell at another one deoptimised the region.
         */
        private final boolean[] check;
        /**
         * Per slot: the most cycles after it issues until the last instruction before the next check (or the
         * region's end) issues, when nothing stalls.
         */
        private final int[] span;
        /** The slot being emitted. */
        private int slot;
        /** Per slot: whether a path from the entry reaches it. */
        private final boolean[] reachable;
        /**
         * Whether the region keeps registers, ready cycles and causes in locals: when it has a loop. Loading them
         * where the region is entered and storing them where it leaves costs more than it saves in straight code.
         */
        private final boolean keep;
        /** Whether the region has a loop. */
        private final boolean loop;

        /** Per integer register (and the sink), its local, or -1 while not kept in one. */
        private final int[] xLocal;
        /** Per FP register, its local (a long), or -1. */
        private final int[] fLocal;
        /** Per scoreboard entry, the local of its ready cycle (a long), or -1. */
        private final int[] rdyLocal;
        /** Per scoreboard entry, the local of its stall cause (an int), or -1. */
        private final int[] causeLocal;
        /** Per entry of the tables above: whether the region writes it (only those are stored back). */
        private final boolean[] xWritten, fWritten, rdyWritten, causeWritten;
        /** The first free local. */
        private int nextLocal = TURNS + 1;
        /** Whether the scan allocates locals (the first pass) or only uses them. */
        private final boolean scanning;
        /**
         * Whether the instruction being emitted works on the thread's arrays, as one that calls out of the region
         * (the port, the host, the special registers) must: its callee may read and write them.
         */
        private boolean direct;
        /** Per slot: whether it is emitted in {@link #direct} mode. */
        private final boolean[] directAt;
        /**
         * Per slot: the source positions (bits 0 to 2: sources A, B, C of {@code deps}) whose ready cycle cannot be
         * later than the instruction's earliest issue, so that the issue rule's maximum with it is left out
         * ({@link #schedule}). Empty in the scan.
         */
        private int[] elided;
        /**
         * Per scoreboard entry: whether an elided source relies on the entry being ready where the region is
         * entered; the prologue checks these ({@link #settleGuard}).
         */
        private boolean[] guarded;
        /**
         * Per slot: whether the instruction leaves its destination's ready cycle and cause as they are. A ready cycle
         * no later than the next issue never delays an instruction nor names a stall's cause, so any two such values
         * act alike: an instruction of latency 1 whose destination was ready by its own issue plus one (both the old
         * and the new value are then no later than the next issue), and every write of {@code SB_NONE}, which no
         * instruction reads, are left out. Null in the scan.
         */
        private boolean[] unwritten;

        Method(MethodVisitor mv, int first, int count, Method scan, boolean allowKeep) {
            this.mv = mv;
            this.scanning = scan == null;
            if (scan == null) {
                xLocal = filled(DecodedText.SINK + 1);
                fLocal = filled(32);
                rdyLocal = filled(DecodedText.SB_SIZE);
                causeLocal = filled(DecodedText.SB_SIZE);
                xWritten = new boolean[xLocal.length];
                fWritten = new boolean[fLocal.length];
                rdyWritten = new boolean[rdyLocal.length];
                causeWritten = new boolean[causeLocal.length];
            } else {
                xWritten = scan.xWritten;
                fWritten = scan.fWritten;
                rdyWritten = scan.rdyWritten;
                causeWritten = scan.causeWritten;
                xLocal = scan.xLocal;
                fLocal = scan.fLocal;
                rdyLocal = scan.rdyLocal;
                causeLocal = scan.causeLocal;
                nextLocal = scan.nextLocal;
            }
            directAt = scan == null ? new boolean[count] : scan.directAt;
            this.first = first;
            this.count = count;
            at = labels(count);
            tryStart = labels(count);
            tryEnd = labels(count);
            handler = labels(count);
            limitEnd = labels(count);
            limitHandler = labels(count);
            reachable = new boolean[count];
            // the slots a path from the entry reaches (the others are not emitted), the jump targets, and loops
            int[] work = new int[count];
            int w = 0;
            reachable[0] = true;
            work[w++] = 0;
            boolean loop = false;
            while (w > 0) {
                int j = work[--w];
                int t = inRegionTarget(j);
                if (t >= 0) {
                    loop |= t <= j;
                    if (!reachable[t]) {
                        reachable[t] = true;
                        work[w++] = t;
                    }
                }
                if (j + 1 < count && fallsThrough(j) && !reachable[j + 1]) {
                    reachable[j + 1] = true;
                    work[w++] = j + 1;
                }
            }
            this.loop = loop;
            keep = loop && allowKeep;
            // the limit is checked at the entry and at the targets of jumps back (every path through the region
            // passes one before it can come back): between two, a path runs forward, in at most span[j] cycles
            // after slot j issues when nothing stalls (one a cycle, and a taken jump's bubbles)
            check = new boolean[count];
            check[0] = true;
            for (int j = 0; j < count; j++) {
                int t = reachable[j] ? inRegionTarget(j) : -1;
                if (t >= 0 && t <= j) {
                    check[t] = true;
                }
            }
            span = new int[count];
            for (int j = count - 1; j >= 0; j--) {
                if (!reachable[j]) {
                    continue;
                }
                int r = 0;
                if (j + 1 < count && fallsThrough(j) && !check[j + 1]) {
                    r = 1 + span[j + 1];
                }
                int t = inRegionTarget(j);
                if (t > j && !check[t]) {
                    r = Math.max(r, 1 + takenBubbles(j) + span[t]);
                }
                span[j] = r;
            }
        }

        /**
         * Whether a slot a path reaches is a call (a redirect with a link). A nest's class is not used for a region
         * with a call: its loops leave the class at each call and come back through the dispatcher anyway, and the
         * entries at inner heads cost C2's loop optimisations for nothing (docs/performance.md).
         */
        boolean calls() {
            for (int j = 0; j < count; j++) {
                if (!reachable[j]) {
                    continue;
                }
                Stmt.Redirect r = redirectAt(j);
                if (r != null && r.link() != null) {
                    return true;
                }
            }
            return false;
        }

        /** The bubbles slot {@code j}'s redirect adds when taken (it is the last statement). */
        private int takenBubbles(int j) {
            Stmt.Redirect r = redirectAt(j);
            return r != null ? timing.bubbles(r.kind()) : 0;
        }

        /** Slot {@code j}'s redirect when it is the last statement of its instruction's body; else null. */
        private Stmt.Redirect redirectAt(int j) {
            fields(j);
            if (op >= DecodedText.ILLEGAL) {
                return null;
            }
            var list = SEMANTICS_OF[op].body();
            return !list.isEmpty() && list.get(list.size() - 1) instanceof Stmt.Redirect r ? r : null;
        }

        private int[] filled(int n) {
            int[] a = new int[n];
            java.util.Arrays.fill(a, -1);
            return a;
        }

        /** The local that keeps entry {@code i} of a table ({@code size} slots a value), allocated in the scan. */
        private int local(int[] table, int i, int size) {
            if (table[i] < 0) {
                if (!scanning) {
                    throw new IllegalStateException("no local for entry " + i);
                }
                table[i] = nextLocal;
                nextLocal += size;
            }
            return table[i];
        }

        /** Loads integer register {@code r}. */
        private void loadX(int r) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, X);
                push(r);
                mv.visitInsn(IALOAD);
            } else {
                mv.visitVarInsn(ILOAD, local(xLocal, r, 1));
            }
        }

        /** Stores the int on the stack into integer register {@code r}; {@code array} then {@code value} pushed. */
        private void storeX(int r, Runnable value) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, X);
                push(r);
                value.run();
                mv.visitInsn(IASTORE);
            } else {
                value.run();
                xWritten[r] = true;
                mv.visitVarInsn(ISTORE, local(xLocal, r, 1));
            }
        }

        private void loadF(int r) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, F);
                push(r);
                mv.visitInsn(LALOAD);
            } else {
                mv.visitVarInsn(LLOAD, local(fLocal, r, 2));
            }
        }

        private void storeF(int r, Runnable value) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, F);
                push(r);
                value.run();
                mv.visitInsn(LASTORE);
            } else {
                value.run();
                fWritten[r] = true;
                mv.visitVarInsn(LSTORE, local(fLocal, r, 2));
            }
        }

        private void loadRdy(int i) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, RDY);
                push(i);
                mv.visitInsn(LALOAD);
            } else {
                mv.visitVarInsn(LLOAD, local(rdyLocal, i, 2));
            }
        }

        /** Sets scoreboard entry {@code i} to {@code t + d}. */
        private void storeRdy(int i, long d) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, RDY);
                push(i);
            }
            mv.visitVarInsn(LLOAD, T);
            pushLong(d);
            mv.visitInsn(LADD);
            if (arrays()) {
                mv.visitInsn(LASTORE);
            } else {
                rdyWritten[i] = true;
                mv.visitVarInsn(LSTORE, local(rdyLocal, i, 2));
            }
        }

        private void storeCause(int i, int v) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, CAUSE);
                push(i);
                push(v);
                mv.visitInsn(BASTORE);
            } else {
                push(v);
                causeWritten[i] = true;
                mv.visitVarInsn(ISTORE, local(causeLocal, i, 1));
            }
        }

        private void loadCause(int i) {
            if (arrays()) {
                mv.visitVarInsn(ALOAD, CAUSE);
                push(i);
                mv.visitInsn(BALOAD);
                return;
            }
            mv.visitVarInsn(ILOAD, local(causeLocal, i, 1));
        }

        /**
         * Copies the kept values from the locals to the thread's arrays ({@code toArrays}: those the region writes;
         * the others hold what the arrays hold) or every kept value back.
         */
        private void sync(boolean toArrays) {
            for (int r = 0; r < xLocal.length; r++) {
                if (xLocal[r] >= 0 && (!toArrays || xWritten[r])) {
                    copy(X, r, xLocal[r], IALOAD, IASTORE, ILOAD, ISTORE, toArrays);
                }
            }
            for (int r = 0; r < fLocal.length; r++) {
                if (fLocal[r] >= 0 && (!toArrays || fWritten[r])) {
                    copy(F, r, fLocal[r], LALOAD, LASTORE, LLOAD, LSTORE, toArrays);
                }
            }
            for (int i = 0; i < rdyLocal.length; i++) {
                if (rdyLocal[i] >= 0 && (!toArrays || rdyWritten[i])) {
                    copy(RDY, i, rdyLocal[i], LALOAD, LASTORE, LLOAD, LSTORE, toArrays);
                }
            }
            for (int i = 0; i < causeLocal.length; i++) {
                if (causeLocal[i] >= 0 && (!toArrays || causeWritten[i])) {
                    copy(CAUSE, i, causeLocal[i], BALOAD, BASTORE, ILOAD, ISTORE, toArrays);
                }
            }
        }

        private void copy(int array, int i, int local, int aload, int astore, int load, int store, boolean toArrays) {
            mv.visitVarInsn(ALOAD, array);
            push(i);
            if (toArrays) {
                mv.visitVarInsn(load, local);
                if (astore == BASTORE) {
                    mv.visitInsn(I2B);
                }
                mv.visitInsn(astore);
            } else {
                mv.visitInsn(aload);
                mv.visitVarInsn(store, local);
            }
        }

        /** Marks the instruction being emitted as one that calls out (found in the scan, used by the next pass). */
        private void callsOut() {
            if (scanning) {
                directAt[slot] = true;
            }
        }

        /** Reads slot {@code j}'s decoded fields into the fields of the instruction being emitted. */
        private int[] fields(int j) {
            slot = j;
            int[] s = text.slot(first + j);
            pc = base + 4 * (first + j);
            op = s[0];
            rd = s[1];
            a = s[2];
            b = s[3];
            imm = s[4];
            deps = s[5];
            return s;
        }

        /** Whether control may go on from slot {@code j} to the next one (read from its semantics). */
        private boolean fallsThrough(int j) {
            fields(j);
            if (op >= DecodedText.ILLEGAL) {
                return false;
            }
            var list = SEMANTICS_OF[op].body();
            if (list.isEmpty()) {
                return true;
            }
            Stmt last = list.get(list.size() - 1);
            return !(last instanceof Stmt.Stop) && !(last instanceof Stmt.Redirect r && r.condition() == null);
        }

        /** Whether accesses go to the thread's arrays rather than locals. */
        private boolean arrays() {
            return direct || !keep;
        }

        /** The slot (in the region) that slot {@code j}'s redirect jumps to, when it is a constant there; else -1. */
        private int inRegionTarget(int j) {
            Stmt.Redirect r = redirectAt(j);
            if (r == null) {
                return -1;
            }
            Integer target = constant(r.target());
            if (target != null && Integer.compareUnsigned(target - base, textBytes) < 0) {
                int ti = (target - base) >>> 2;
                if (ti >= first && ti < first + count) {
                    return ti - first;
                }
            }
            return -1;
        }

        /**
         * The cycles after instruction {@code slot}'s issue until the last before the next check issues, when nothing
         * stalls: instructions issue one a cycle, and a taken jump adds its bubbles.
         */
        private int rest() {
            return span[slot];
        }

        /**
         * Leaves for the interpreter at this instruction, not yet run, when {@code t + rest()} reaches the limit:
         * {@link JitEngine#checkLimit} throws, and the instruction's limit handler leaves with
         * {@link JitEngine#NEAR_LIMIT}. The test is in that one shared method, not a branch of the region's own: HotSpot
         * compiles a branch that its profile has never seen taken as a trap, and every region's check taken for the
         * first time at a limit deoptimised it; the shared method's branch is seen taken at the first limit of the run.
         */
        private void nearLimit(int local) {
            mv.visitVarInsn(LLOAD, local);
            pushLong(rest());
            mv.visitInsn(LADD);
            mv.visitVarInsn(LLOAD, LIMIT);
            mv.visitMethodInsn(INVOKESTATIC, ENGINE, "checkLimit", "(JJ)V", false);
        }

        /** Whether slot {@code j} checks the limit: where it is entered (a check point) or at a stall. */
        private boolean checksLimit(int j) {
            fields(j);
            return check[j] || op < DecodedText.ILLEGAL
                    && ((deps & 0x7F) | ((deps >>> 7) & 0x7F) | ((deps >>> 14) & 0x7F)) != 0;
        }

        private Label[] labels(int n) {
            Label[] l = new Label[n];
            for (int j = 0; j < n; j++) {
                l[j] = new Label();
            }
            return l;
        }

        /** The method's bytes of code (after {@link #emit}, in the pass that writes it). */
        private int codeLength;

        void emit() {
            if (!scanning && SCHEDULE) {
                schedule();
            }
            for (int j = 0; j < count; j++) {
                if (reachable[j]) {
                    mv.visitTryCatchBlock(tryStart[j], tryEnd[j], handler[j], FAULT);
                }
            }
            for (int j = 0; j < count; j++) {
                if (reachable[j] && checksLimit(j)) {
                    mv.visitTryCatchBlock(at[j], limitEnd[j], limitHandler[j], NEAR);
                }
            }
            prologue();
            Label settle = new Label();
            boolean settles = settleGuard(settle);
            entrySwitch();
            for (int j = 0; j < count; j++) {
                if (reachable[j]) {
                    instruction(j);
                }
            }
            for (int j = 0; j < count; j++) {
                if (!reachable[j]) {
                    continue;
                }
                // an instruction that calls out left the thread's arrays current: the locals take them back
                direct = directAt[j] && !scanning;
                mv.visitLabel(handler[j]);
                mv.visitVarInsn(ASTORE, EXC);
                leave(base + 4 * (first + j), FAULT_EXIT);
            }
            direct = false;
            // the limit is checked before the instruction's body: its values are in the locals
            for (int j = 0; j < count; j++) {
                if (reachable[j] && checksLimit(j)) {
                    mv.visitLabel(limitHandler[j]);
                    mv.visitInsn(POP);
                    leave(base + 4 * (first + j), JitEngine.NEAR_LIMIT);
                }
            }
            if (settles) {
                // an entry at which a guarded source is not ready yet: the interpreter runs a few cycles first
                mv.visitLabel(settle);
                push(base + 4 * first);
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, className, "entry", "I");
                push(4);
                mv.visitInsn(IMUL);
                mv.visitInsn(IADD);
                mv.visitVarInsn(ISTORE, XPC);
                push(JitEngine.SETTLE);
                mv.visitVarInsn(ISTORE, XCODE);
                mv.visitJumpInsn(GOTO, exit);
            }
            epilogue();
            if (!scanning) {
                Label end = new Label();
                mv.visitLabel(end);
                codeLength = end.getOffset();
            }
        }

        /**
         * Finds the sources whose maximum in the issue rule is known to be the earliest issue itself, and leaves
         * them out ({@link #elided}). An instruction issues at {@code t >= next} and the next one can issue from
         * {@code t + 1} (plus a taken jump's bubbles), so along a path in the region the bound of {@code rdy[r] -
         * next} falls by at least one an instruction, and an instruction sets its destination's to {@code latency -
         * 1} (its unit's to {@code busy - 1}). A source whose bound is 0 where it is read cannot delay the issue,
         * nor be the stalled cause when another source delays it (its ready cycle is then below the issue cycle):
         * leaving it out changes no result. An instruction that calls out (the host, the port, a special register)
         * makes every bound unknown. Where the region is entered (its first slot and the loop heads of the entry
         * switch) the bounds are unknown, except in a region that keeps values in locals, which assumes every
         * entry ready there and checks, where it is entered, those the elided sources rely on ({@link #guarded}).
         */
        private void schedule() {
            guarded = new boolean[DecodedText.SB_SIZE];
            int[][] clear = flow(keep ? 0 : UNKNOWN);
            elided = elisions(clear);
            unwritten = unwritten(clear);
            if (!keep) {
                return;
            }
            int[][] blind = flow(UNKNOWN);
            int[] e = elisions(blind);
            boolean[] u = unwritten(blind);
            for (int j = 0; j < count; j++) {
                fields(j);
                for (int p = 0; p < 3; p++) {
                    if ((elided[j] & ~e[j] & (1 << p)) != 0) {
                        guarded[(deps >>> (7 * p)) & 0x7F] = true;
                    }
                }
                if (unwritten[j] && !u[j]) {
                    guarded[deps >>> 21] = true;
                }
            }
        }

        /** The elided source positions per slot, from the bounds where each slot issues. */
        private int[] elisions(int[][] in) {
            int[] result = new int[count];
            for (int j = 0; j < count; j++) {
                if (in[j] == null) {
                    continue;
                }
                fields(j);
                for (int p = 0; p < 3; p++) {
                    int src = (deps >>> (7 * p)) & 0x7F;
                    if (src != 0 && in[j][src] == 0) {
                        result[j] |= 1 << p;
                    }
                }
            }
            return result;
        }

        /**
         * Per slot: whether its destination's ready cycle and cause need not be written ({@link #unwritten}), from
         * the bounds where each slot issues.
         */
        private boolean[] unwritten(int[][] in) {
            boolean[] result = new boolean[count];
            for (int j = 0; j < count; j++) {
                if (in[j] == null) {
                    continue;
                }
                fields(j);
                if (op >= DecodedText.ILLEGAL || directAt[j]) {
                    continue;
                }
                int d = deps >>> 21;
                result[j] = d == DecodedText.SB_NONE || latency[op] <= 1 && in[j][d] <= 1;
            }
            return result;
        }

        /**
         * The bounds of {@code rdy[r] - next} where each slot issues (null where no path reaches), when every bound
         * is {@code atEntry} where the region is entered.
         */
        private int[][] flow(int atEntry) {
            int sb = DecodedText.SB_SIZE;
            int[][] in = new int[count][];
            int[] work = new int[count];
            boolean[] queued = new boolean[count];
            int w = 0;
            for (int j = 0; j < count; j++) {
                if (reachable[j] && (j == 0 || check[j])) {
                    in[j] = new int[sb];
                    java.util.Arrays.fill(in[j], atEntry);
                    work[w++] = j;
                    queued[j] = true;
                }
            }
            int[] out = new int[sb];
            while (w > 0) {
                int j = work[--w];
                queued[j] = false;
                fields(j);
                if (op >= DecodedText.ILLEGAL) {
                    continue;
                }
                int[] s = in[j];
                if (directAt[j]) {
                    java.util.Arrays.fill(out, UNKNOWN);
                } else {
                    for (int r = 0; r < sb; r++) {
                        out[r] = s[r] >= UNKNOWN ? UNKNOWN : Math.max(0, s[r] - 1);
                    }
                    for (Stmt st : SEMANTICS_OF[op].body()) {
                        if (st instanceof Stmt.Occupy o) {
                            int u = o.unit() == Unit.DIVIDER ? DecodedText.SB_DIV : DecodedText.SB_FPDIV;
                            out[u] = Math.max(0, busy[op] - 1);
                        }
                    }
                    out[deps >>> 21] = Math.max(0, latency[op] - 1);
                }
                int t = inRegionTarget(j);
                int bub = t >= 0 ? takenBubbles(j) : 0;
                int fall = j + 1 < count && fallsThrough(j) ? j + 1 : -1;
                for (int e = 0; e < 2; e++) {
                    int to = e == 0 ? fall : t;
                    if (to < 0) {
                        continue;
                    }
                    int less = e == 0 ? 0 : bub;
                    boolean changed = false;
                    if (in[to] == null) {
                        in[to] = new int[sb];
                        changed = true;
                    }
                    for (int r = 0; r < sb; r++) {
                        int v = out[r] >= UNKNOWN ? UNKNOWN : Math.max(0, out[r] - less);
                        if (v > in[to][r]) {
                            in[to][r] = v;
                            changed = true;
                        }
                    }
                    if (changed && !queued[to]) {
                        queued[to] = true;
                        work[w++] = to;
                    }
                }
            }
            return in;
        }

        /**
         * In a region that keeps values in locals, where it is entered: when a {@linkplain #guarded guarded}
         * scoreboard entry is not ready at the entry's issue cycle, leaves with {@link JitEngine#SETTLE} at the
         * entry's pc. Returns whether it emitted a check.
         */
        private boolean settleGuard(Label settle) {
            if (scanning || guarded == null || !keep) {
                return false;
            }
            boolean any = false;
            for (int r = 0; r < guarded.length; r++) {
                if (!guarded[r]) {
                    continue;
                }
                any = true;
                loadRdy(r);
                mv.visitVarInsn(LLOAD, NEXT);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFGT, settle);
            }
            return any;
        }

        /**
         * Goes to the slot the object was made for ({@code entry}, from the first): the entry or a loop's head, each
         * a check point of the limit, whose values the prologue has loaded as for the entry.
         */
        private void entrySwitch() {
            if (scanning) {
                return;
            }
            int n = 0;
            for (int j = 1; j < count; j++) {
                n += reachable[j] && check[j] ? 1 : 0;
            }
            if (n == 0) {
                return;
            }
            int[] keys = new int[n];
            Label[] to = new Label[n];
            n = 0;
            for (int j = 1; j < count; j++) {
                if (reachable[j] && check[j]) {
                    keys[n] = j;
                    to[n++] = at[j];
                }
            }
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, className, "entry", "I");
            mv.visitLookupSwitchInsn(at[0], keys, to);
        }

        /** Loads the engine's state into locals. */
        private void prologue() {
            loadField("x", "[I", X);
            loadField("f", "[J", F);
            loadField("rdy", "[J", RDY);
            loadField("cause", "[B", CAUSE);
            mv.visitVarInsn(ALOAD, E);
            mv.visitFieldInsn(GETFIELD, ENGINE, "mem", "L" + MEMORY + ";");
            mv.visitVarInsn(ASTORE, MEM);
            mv.visitVarInsn(ALOAD, E);
            mv.visitFieldInsn(GETFIELD, ENGINE, "limit", "J");
            mv.visitVarInsn(LSTORE, LIMIT);
            mv.visitVarInsn(ALOAD, E);
            mv.visitFieldInsn(GETFIELD, ENGINE, "next", "J");
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, NEXT);
            mv.visitVarInsn(LSTORE, T);
            mv.visitInsn(LCONST_0);
            mv.visitVarInsn(LSTORE, N);
            mv.visitInsn(LCONST_0);
            mv.visitVarInsn(LSTORE, BUB);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, XPC);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, XCODE);
            mv.visitInsn(ACONST_NULL);
            mv.visitVarInsn(ASTORE, EXC);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, NPC);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, REPLY);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, TURNS);
            sync(false);
        }

        private void loadField(String name, String desc, int local) {
            mv.visitVarInsn(ALOAD, E);
            mv.visitFieldInsn(GETFIELD, ENGINE, name, desc);
            mv.visitVarInsn(ASTORE, local);
        }

        /** Writes the locals back to the engine and returns the exit code. */
        private void epilogue() {
            mv.visitLabel(exit);
            sync(true);
            mv.visitVarInsn(ALOAD, E);
            mv.visitVarInsn(LLOAD, NEXT);
            mv.visitFieldInsn(PUTFIELD, ENGINE, "next", "J");
            mv.visitVarInsn(ALOAD, E);
            mv.visitVarInsn(LLOAD, T);
            mv.visitFieldInsn(PUTFIELD, ENGINE, "t", "J");
            addToField("n", N);
            addToField("bubbles", BUB);
            mv.visitVarInsn(ALOAD, E);
            mv.visitVarInsn(ILOAD, XPC);
            mv.visitFieldInsn(PUTFIELD, ENGINE, "pc", "I");
            mv.visitVarInsn(ALOAD, E);
            mv.visitVarInsn(ALOAD, EXC);
            mv.visitFieldInsn(PUTFIELD, ENGINE, "caught", "L" + FAULT + ";");
            mv.visitVarInsn(ILOAD, XCODE);
            mv.visitInsn(IRETURN);
        }

        private void addToField(String name, int local) {
            mv.visitVarInsn(ALOAD, E);
            mv.visitInsn(DUP);
            mv.visitFieldInsn(GETFIELD, ENGINE, name, "J");
            mv.visitVarInsn(LLOAD, local);
            mv.visitInsn(LADD);
            mv.visitFieldInsn(PUTFIELD, ENGINE, name, "J");
        }

        /** Leaves the region at {@code pc} with an exit code. */
        private void leave(int pc, int code) {
            if (direct) {
                sync(false);
            }
            push(pc);
            mv.visitVarInsn(ISTORE, XPC);
            push(code);
            mv.visitVarInsn(ISTORE, XCODE);
            mv.visitJumpInsn(GOTO, exit);
        }

        /** Retires the instruction and leaves at the next pc with an exit. */
        private void retireAndLeave(Engine.Exit exit) {
            increment(N, 1);
            leave(pc + 4, exit.ordinal());
        }

        private void increment(int local, long by) {
            mv.visitVarInsn(LLOAD, local);
            pushLong(by);
            mv.visitInsn(LADD);
            mv.visitVarInsn(LSTORE, local);
        }

        // ------------------------------------------------------------ one instruction

        private void instruction(int j) {
            int[] s = fields(j);
            mv.visitLabel(at[j]);
            if (check[j]) {
                nearLimit(NEXT);
            }
            mv.visitLabel(tryStart[j]);
            issue();
            mv.visitLabel(limitEnd[j]);
            boolean fallsThrough;
            if (op >= DecodedText.ILLEGAL) {
                push(op);
                push(s[6]);
                push(pc);
                mv.visitMethodInsn(INVOKESTATIC, INTERPRETER, "badWord", "(III)L" + FAULT + ";", false);
                mv.visitInsn(ATHROW);
                fallsThrough = false;
            } else {
                // next = t + 1
                mv.visitVarInsn(LLOAD, T);
                mv.visitInsn(LCONST_1);
                mv.visitInsn(LADD);
                mv.visitVarInsn(LSTORE, NEXT);
                if (directAt[j] && !scanning) {
                    sync(true);
                    direct = true;
                }
                fallsThrough = body(j, SEMANTICS_OF[op]);
                if (fallsThrough) {
                    retire();
                    if (direct) {
                        sync(false);
                    }
                }
                direct = false;
            }
            mv.visitLabel(tryEnd[j]);
            if (fallsThrough && j == count - 1) {
                leave(pc + 4, JitEngine.CONTINUE);
            }
        }

        /** The issue cycle, the limit and the stall statistics (the interpreter's loop, steps 1 and 2). */
        private void issue() {
            mv.visitVarInsn(LLOAD, NEXT);
            mv.visitVarInsn(LSTORE, T);
            boolean any = false;
            int skip = elided == null ? 0 : elided[slot];
            int[] srcs = {deps & 0x7F, (deps >>> 7) & 0x7F, (deps >>> 14) & 0x7F};
            for (int p = 0; p < 3; p++) {
                int src = srcs[p];
                if (src == 0 || (skip & (1 << p)) != 0) {
                    continue;
                }
                any = true;
                mv.visitVarInsn(LLOAD, T);
                loadRdy(src);
                mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "max", "(JJ)J", false);
                mv.visitVarInsn(LSTORE, T);
            }
            // the limit: checked where the block is entered (t = next there, the rest of the block one a cycle);
            // a stall moves t, so it is checked again
            if (any) {
                Label same = new Label();
                mv.visitVarInsn(LLOAD, T);
                mv.visitVarInsn(LLOAD, NEXT);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFEQ, same);
                nearLimit(T);
                if (arrays()) {
                    mv.visitVarInsn(ALOAD, E);
                    push(deps);
                    mv.visitVarInsn(LLOAD, T);
                    mv.visitVarInsn(LLOAD, NEXT);
                    mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "stall", "(IJJ)V", false);
                    mv.visitLabel(same);
                    return;
                }
                // the stall is charged to the cause of the source ready last (the interpreter's stalled)
                int s1 = deps & 0x7F, s2 = (deps >>> 7) & 0x7F, s3 = (deps >>> 14) & 0x7F;
                Label c2 = new Label(), c3 = new Label(), charged = new Label();
                mv.visitVarInsn(ALOAD, E);
                loadRdy(s1);
                mv.visitVarInsn(LLOAD, T);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFNE, c2);
                loadCause(s1);
                mv.visitJumpInsn(GOTO, charged);
                mv.visitLabel(c2);
                loadRdy(s2);
                mv.visitVarInsn(LLOAD, T);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFNE, c3);
                loadCause(s2);
                mv.visitJumpInsn(GOTO, charged);
                mv.visitLabel(c3);
                loadCause(s3);
                mv.visitLabel(charged);
                mv.visitVarInsn(LLOAD, T);
                mv.visitVarInsn(LLOAD, NEXT);
                mv.visitInsn(LSUB);
                mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "countStall", "(IJ)V", false);
                mv.visitLabel(same);
            }
        }

        /** The destination's ready cycle and stall cause, and the retired count (the loop's step 5). */
        private void retire() {
            int dst = deps >>> 21;
            if (unwritten == null || !unwritten[slot]) {
                storeRdy(dst, latency[op]);
                storeCause(dst, Interpreter.RESULT_CAUSE[op]);
            }
            increment(N, 1);
        }

        /**
         * Emits the declared statements; returns whether control falls through to the retirement and the next
         * instruction (false when every path has left or jumped).
         */
        private boolean body(int j, InstructionSemantics sem) {
            var list = sem.body();
            for (int s = 0; s < list.size(); s++) {
                Stmt st = list.get(s);
                boolean last = s == list.size() - 1;
                if (st instanceof Stmt.Redirect r) {
                    if (!last) {
                        throw new IllegalStateException(sem.instruction() + ": a redirect must be the last statement");
                    }
                    return redirect(r);
                }
                if (!last && (st instanceof Stmt.Stop || st instanceof Stmt.SendHead || st instanceof Stmt.SendData
                        || st instanceof Stmt.SendDma)) {
                    throw new IllegalStateException(sem.instruction() + ": a statement that leaves must be last");
                }
                if (!statement(st)) {
                    return false;
                }
            }
            return true;
        }

        /** Emits one statement other than a redirect; returns whether control goes on after it. */
        private boolean statement(Stmt st) {
            if (st instanceof Stmt.SetX s) {
                storeX(reg(s.reg()), () -> value(s.value()));
                return true;
            }
            if (st instanceof Stmt.SetF s) {
                storeF(reg(s.reg()), () -> value(s.value()));
                return true;
            }
            if (st instanceof Stmt.Store s) {
                mv.visitVarInsn(ALOAD, MEM);
                value(s.address());
                value(s.value());
                String m = switch (s.width()) {
                    case BYTE -> "sb";
                    case HALF -> "sh";
                    case WORD -> "sw";
                    case DOUBLE -> "sd";
                };
                mv.visitMethodInsn(INVOKEVIRTUAL, MEMORY, m, s.width() == scmp.isa.sem.Width.DOUBLE ? "(IJ)V" : "(II)V",
                        false);
                return true;
            }
            if (st instanceof Stmt.Occupy s) {
                storeRdy(s.unit() == Unit.DIVIDER ? DecodedText.SB_DIV : DecodedText.SB_FPDIV, busy[op]);
                return true;
            }
            if (st instanceof Stmt.SendHead s) {
                send(s.node(), s.type(), s.address(), s.stride());
                return true;
            }
            if (st instanceof Stmt.SendData s) {
                send(s.words().get(0), s.words().size() > 1 ? s.words().get(1) : null, null, null);
                return true;
            }
            if (st instanceof Stmt.SendDma s) {
                send(s.address(), s.strideCount(), null, null);
                return true;
            }
            if (st instanceof Stmt.Stop s) {
                if (s.kind() == StopKind.END_THREAD) {
                    callsOut();
                    mv.visitVarInsn(ALOAD, E);
                    push(pc);
                    mv.visitVarInsn(LLOAD, T);
                    mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "threadEnded", "(IJ)V", false);
                }
                retireAndLeave(s.kind() == StopKind.SUSPEND ? Engine.Exit.SUSPEND : Engine.Exit.END_THREAD);
                return false;
            }
            if (st instanceof Stmt.HostCall s) {
                hostCall(s.service());
                return true;
            }
            throw new IllegalStateException("no translation of " + st);
        }

        /**
         * A network instruction: the port's answer decides whether the thread blocks at it, leaves after it (a
         * message ended, or any accepted one when the node asks), or goes on.
         */
        private void send(Expr v0, Expr v1, Expr v2, Expr v3) {
            callsOut();
            mv.visitVarInsn(ALOAD, E);
            push(op);
            mv.visitVarInsn(LLOAD, T);
            push(pc);
            for (Expr v : new Expr[] {v0, v1, v2, v3}) {
                if (v == null) {
                    push(0);
                } else {
                    value(v);
                }
            }
            mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "send", "(IJIIIII)I", false);
            mv.visitVarInsn(ISTORE, REPLY);
            Label accepted = new Label();
            Label ended = new Label();
            mv.visitVarInsn(ILOAD, REPLY);
            push(NetworkPort.ACCEPTED);
            mv.visitJumpInsn(IF_ICMPEQ, accepted);
            mv.visitVarInsn(ILOAD, REPLY);
            push(NetworkPort.REFUSED);
            mv.visitJumpInsn(IF_ICMPNE, ended);
            leave(pc, Engine.Exit.BLOCKED.ordinal());
            mv.visitLabel(ended);
            retireAndLeave(Engine.Exit.MESSAGE_SENT);
            mv.visitLabel(accepted);
            Label goOn = new Label();
            mv.visitVarInsn(ALOAD, E);
            mv.visitFieldInsn(GETFIELD, ENGINE, "netStop", "Z");
            mv.visitJumpInsn(IFEQ, goOn);
            retireAndLeave(Engine.Exit.NETWORK);
            mv.visitLabel(goOn);
        }

        /** A host call: waits for its turn, then calls with the retired count up to date; false ends the run. */
        private void hostCall(Expr service) {
            callsOut();
            Label go = new Label();
            mv.visitVarInsn(ALOAD, E);
            mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "hostCallWaits", "()Z", false);
            mv.visitJumpInsn(IFEQ, go);
            mv.visitVarInsn(LLOAD, T);
            mv.visitVarInsn(LSTORE, NEXT);
            leave(pc, Engine.Exit.HOST_CALL.ordinal());
            mv.visitLabel(go);
            mv.visitVarInsn(ALOAD, E);
            push(pc);
            value(service);
            mv.visitVarInsn(LLOAD, T);
            mv.visitVarInsn(LLOAD, N);
            mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "hostCall", "(IIJJ)Z", false);
            mv.visitVarInsn(ISTORE, REPLY);
            mv.visitInsn(LCONST_0);
            mv.visitVarInsn(LSTORE, N);
            Label goOn = new Label();
            mv.visitVarInsn(ILOAD, REPLY);
            mv.visitJumpInsn(IFNE, goOn);
            retireAndLeave(Engine.Exit.HALT);
            mv.visitLabel(goOn);
            mv.visitVarInsn(ALOAD, E);
            value(service);
            mv.visitVarInsn(LLOAD, T);
            mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "hostResults", "(IJ)V", false);
        }

        /**
         * A redirect: when its condition holds, the target (checked to lie in the text), the link, the bubbles, the
         * retirement, and a jump inside the region or a departure; otherwise on to the next instruction. Returns
         * whether control may fall through.
         */
        private boolean redirect(Stmt.Redirect r) {
            Label notTaken = new Label();
            if (r.condition() != null) {
                ifFalse(r.condition(), notTaken);
            }
            Integer target = constant(r.target());
            int inRegion = -1;
            if (target != null && Integer.compareUnsigned(target - base, textBytes) < 0) {
                int ti = (target - base) >>> 2;
                if (ti >= first && ti < first + count) {
                    inRegion = ti - first;
                }
            } else {
                value(r.target());
                push(base);
                push(textBytes);
                mv.visitMethodInsn(INVOKESTATIC, INTERPRETER, "target", "(III)I", false);
                mv.visitVarInsn(ISTORE, NPC);
                target = null;
            }
            if (r.link() != null) {
                storeX(reg(r.link()), () -> push(pc + 4));
            }
            int bubbles = timing.bubbles(r.kind());
            if (bubbles != 0) {
                increment(NEXT, bubbles);
                increment(BUB, bubbles);
            }
            retire();
            if (direct && inRegion >= 0) {
                sync(false);
            }
            if (inRegion >= 0 && inRegion <= slot && loop && !keep) {
                // a jump back in a region on the arrays: after TURN_LIMIT turns this entry, leave for a region in
                // locals
                mv.visitIincInsn(TURNS, 1);
                mv.visitVarInsn(ILOAD, TURNS);
                push(TURN_LIMIT);
                mv.visitJumpInsn(IF_ICMPLT, at[inRegion]);
                leave(target, JitEngine.TURNING);
            } else if (inRegion >= 0) {
                mv.visitJumpInsn(GOTO, at[inRegion]);
            } else if (target != null) {
                leave(target, JitEngine.CONTINUE);
            } else {
                if (direct) {
                    sync(false);
                }
                mv.visitVarInsn(ILOAD, NPC);
                mv.visitVarInsn(ISTORE, XPC);
                push(JitEngine.CONTINUE);
                mv.visitVarInsn(ISTORE, XCODE);
                mv.visitJumpInsn(GOTO, exit);
            }
            if (r.condition() == null) {
                return false;
            }
            mv.visitLabel(notTaken);
            return true;
        }

        // ------------------------------------------------------------ expressions

        /** The value of an expression, when it depends on the decoded fields only. */
        private Integer constant(Expr e) {
            if (e instanceof Expr.Pc) {
                return pc;
            }
            if (e instanceof Expr.Imm) {
                return imm;
            }
            if (e instanceof Expr.Const c) {
                return c.value();
            }
            if (e instanceof Expr.MessageType) {
                return rd;
            }
            if (e instanceof Expr.Binary bin) {
                Integer x = constant(bin.a());
                Integer y = constant(bin.b());
                if (x == null || y == null) {
                    return null;
                }
                return switch (bin.op()) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case AND -> x & y;
                    case OR -> x | y;
                    default -> null;
                };
            }
            return null;
        }

        private int reg(Reg r) {
            if (r instanceof Reg.Fixed fx) {
                return fx.number();
            }
            return switch ((Reg.Slot) r) {
                case D -> rd;
                case S1 -> a;
                case S2 -> b;
                case S3 -> imm;
            };
        }

        private void value(Expr e) {
            e.accept(this);
        }

        /** Jumps to {@code no} when a condition does not hold. */
        private void ifFalse(Expr e, Label no) {
            if (e instanceof Expr.Compare cmp) {
                value(cmp.a());
                value(cmp.b());
                switch (cmp.cond()) {
                    case EQ -> mv.visitJumpInsn(IF_ICMPNE, no);
                    case NE -> mv.visitJumpInsn(IF_ICMPEQ, no);
                    case LT -> mv.visitJumpInsn(IF_ICMPGE, no);
                    case GE -> mv.visitJumpInsn(IF_ICMPLT, no);
                    case LTU -> {
                        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "compareUnsigned", "(II)I", false);
                        mv.visitJumpInsn(IFGE, no);
                    }
                    case GEU -> {
                        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "compareUnsigned", "(II)I", false);
                        mv.visitJumpInsn(IFLT, no);
                    }
                }
                return;
            }
            if (e instanceof Expr.FpCompare cmp) {
                double_(cmp.a());
                double_(cmp.b());
                switch (cmp.cond()) {
                    // NaN: every comparison is false; DCMPL gives -1 and DCMPG gives 1 on NaN
                    case EQ -> {
                        mv.visitInsn(DCMPL);
                        mv.visitJumpInsn(IFNE, no);
                    }
                    case LT -> {
                        mv.visitInsn(DCMPG);
                        mv.visitJumpInsn(IFGE, no);
                    }
                    case LE -> {
                        mv.visitInsn(DCMPG);
                        mv.visitJumpInsn(IFGT, no);
                    }
                }
                return;
            }
            value(e);
            mv.visitJumpInsn(IFEQ, no);
        }

        /** An FP register value as a double. */
        private void double_(Expr e) {
            value(e);
            mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "val", "(J)D", false);
        }

        private void booleanValue(Expr e) {
            Label no = new Label();
            Label done = new Label();
            ifFalse(e, no);
            mv.visitInsn(ICONST_1);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(no);
            mv.visitInsn(ICONST_0);
            mv.visitLabel(done);
        }

        @Override
        public Void visit(Expr.X e) {
            loadX(reg(e.reg()));
            return null;
        }

        @Override
        public Void visit(Expr.F e) {
            loadF(reg(e.reg()));
            return null;
        }

        @Override
        public Void visit(Expr.Imm e) {
            push(imm);
            return null;
        }

        @Override
        public Void visit(Expr.MessageType e) {
            push(rd);
            return null;
        }

        @Override
        public Void visit(Expr.Pc e) {
            push(pc);
            return null;
        }

        @Override
        public Void visit(Expr.Const e) {
            push(e.value());
            return null;
        }

        @Override
        public Void visit(Expr.Binary e) {
            Integer c = constant(e);
            if (c != null) {
                push(c);
                return null;
            }
            value(e.a());
            value(e.b());
            switch (e.op()) {
                case ADD -> mv.visitInsn(IADD);
                case SUB -> mv.visitInsn(ISUB);
                case AND -> mv.visitInsn(IAND);
                case OR -> mv.visitInsn(IOR);
                case XOR -> mv.visitInsn(IXOR);
                case NOR -> {
                    mv.visitInsn(IOR);
                    mv.visitInsn(ICONST_M1);
                    mv.visitInsn(IXOR);
                }
                case SLL -> mv.visitInsn(ISHL);
                case SRL -> mv.visitInsn(IUSHR);
                case SRA -> mv.visitInsn(ISHR);
                case MUL -> mv.visitInsn(IMUL);
                case MULH -> mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "mulh", "(II)I", false);
                case MULHU -> mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "mulhu", "(II)I", false);
                case DIV -> {
                    divisor();
                    mv.visitInsn(IDIV);
                }
                case DIVU -> {
                    divisor();
                    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "divideUnsigned", "(II)I", false);
                }
                case REM -> {
                    divisor();
                    mv.visitInsn(IREM);
                }
                case REMU -> {
                    divisor();
                    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "remainderUnsigned", "(II)I", false);
                }
            }
            return null;
        }

        private void divisor() {
            mv.visitMethodInsn(INVOKESTATIC, INTERPRETER, "divisor", "(I)I", false);
        }

        @Override
        public Void visit(Expr.Compare e) {
            booleanValue(e);
            return null;
        }

        @Override
        public Void visit(Expr.FpBinary e) {
            double_(e.a());
            double_(e.b());
            switch (e.op()) {
                case ADD -> mv.visitInsn(DADD);
                case SUB -> mv.visitInsn(DSUB);
                case MUL -> mv.visitInsn(DMUL);
                case DIV -> mv.visitInsn(DDIV);
            }
            mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "bits", "(D)J", false);
            return null;
        }

        @Override
        public Void visit(Expr.FpUnary e) {
            switch (e.op()) {
                case SQRT -> {
                    double_(e.a());
                    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "sqrt", "(D)D", false);
                    mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "bits", "(D)J", false);
                }
                case NEG -> {
                    value(e.a());
                    mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "fneg", "(J)J", false);
                }
                case ABS -> {
                    value(e.a());
                    mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, "fabs", "(J)J", false);
                }
            }
            return null;
        }

        @Override
        public Void visit(Expr.FpCompare e) {
            booleanValue(e);
            return null;
        }

        @Override
        public Void visit(Expr.Convert e) {
            value(e.a());
            switch (e.conv()) {
                case INT_TO_DOUBLE -> semantics("fcvtDW", "(I)J");
                case UINT_TO_DOUBLE -> semantics("fcvtDWu", "(I)J");
                case DOUBLE_TO_INT -> semantics("fcvtWD", "(J)I");
                case DOUBLE_TO_UINT -> semantics("fcvtWuD", "(J)I");
                case ROUND_TO_SINGLE -> semantics("roundToFloat", "(J)J");
                case TO_SINGLE_BITS -> semantics("toFloatBits", "(J)I");
                case FROM_SINGLE_BITS -> semantics("fromFloatBits", "(I)J");
                case LOW_WORD -> mv.visitInsn(L2I);
                case HIGH_WORD -> {
                    push(32);
                    mv.visitInsn(LUSHR);
                    mv.visitInsn(L2I);
                }
                case SIGN_EXTEND_HALF -> mv.visitInsn(I2S);
            }
            return null;
        }

        private void semantics(String name, String desc) {
            mv.visitMethodInsn(INVOKESTATIC, SEMANTICS, name, desc, false);
        }

        @Override
        public Void visit(Expr.Pack e) {
            value(e.lo());
            value(e.hi());
            semantics("fromWords", "(II)J");
            return null;
        }

        @Override
        public Void visit(Expr.Load e) {
            mv.visitVarInsn(ALOAD, MEM);
            value(e.address());
            switch (e.width()) {
                case BYTE -> mv.visitMethodInsn(INVOKEVIRTUAL, MEMORY, e.signed() ? "lb" : "lbu", "(I)I", false);
                case HALF -> mv.visitMethodInsn(INVOKEVIRTUAL, MEMORY, e.signed() ? "lh" : "lhu", "(I)I", false);
                case WORD -> mv.visitMethodInsn(INVOKEVIRTUAL, MEMORY, "lw", "(I)I", false);
                case DOUBLE -> mv.visitMethodInsn(INVOKEVIRTUAL, MEMORY, "ld", "(I)J", false);
            }
            return null;
        }

        @Override
        public Void visit(Expr.SpecialRegister e) {
            callsOut();
            mv.visitVarInsn(ALOAD, E);
            value(e.number());
            mv.visitVarInsn(LLOAD, T);
            mv.visitVarInsn(LLOAD, N);
            mv.visitMethodInsn(INVOKEVIRTUAL, ENGINE, "specialRegister", "(IJJ)I", false);
            return null;
        }

        // ------------------------------------------------------------ constants

        private void push(int v) {
            if (v >= -1 && v <= 5) {
                mv.visitInsn(ICONST_0 + v);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                mv.visitIntInsn(BIPUSH, v);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                mv.visitIntInsn(SIPUSH, v);
            } else {
                mv.visitLdcInsn(v);
            }
        }

        private void pushLong(long v) {
            if (v == 0 || v == 1) {
                mv.visitInsn((int) (LCONST_0 + v));
            } else {
                mv.visitLdcInsn(v);
            }
        }
    }
}
