package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.SpecialRegister;
import scmp.isa.TimingClass;

/**
 * The interpreter is the oracle, the compiled engine the subject: random programs (integer, multiply and divide,
 * FP, loads and stores, forward branches, a counted loop around them, special registers, {@code suspend} and host
 * calls among several threads) run on both, in one stretch and in slices of a few cycles (so that the cycle limit
 * falls inside compiled regions), compiled at once and tiered (cold code on the interpreter), and must leave the same registers, memory, statistics, cycles and faults. A
 * failing seed is the test's name; keep it in {@link #seeds} when it found a bug.
 */
class JitDifferentialTest {
    static final int BASE = Abi.TEXT_BASE;
    static final int MEM = 1 << 20;
    static final int STACK = 16 << 10;
    static final int DATA = 0x20000;
    static final int CONTEXTS = 3;
    /** The registers a program computes with; r20 holds the data address and r21 the loop counter. */
    static final int FIRST = 5, LAST = 19, PTR = 20, COUNT = 21;

    static List<Long> seeds() {
        List<Long> l = new ArrayList<>();
        for (long s = 1; s <= 200; s++) {
            l.add(s);
        }
        return l;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void compiledCodeMatchesTheInterpreter(long seed) {
        byte[] text = program(new Random(seed));
        Outcome reference = run(text, Interpreter::new, Long.MAX_VALUE);
        Outcome compiled = run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 0), Long.MAX_VALUE);
        assertEquals(reference, compiled);
        int slice = 1 + new Random(seed * 31).nextInt(40);
        assertEquals(reference, run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 0), slice),
                "in slices of " + slice);
        // tiered: cold code on the interpreter, a region where a pc was met twice
        assertEquals(reference, run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 2), Long.MAX_VALUE), "tiered");
        // regions with a loop keeping registers, ready cycles and causes in locals (as those whose loop turns)
        assertEquals(reference, run(text, JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0), Long.MAX_VALUE),
                "keeping values in locals");
        assertEquals(reference, run(text, JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0), slice),
                "keeping values in locals, in slices of " + slice);
    }

    /**
     * Loops that turn hundreds of times an entry, without exits in their body: regions on the thread's arrays leave
     * after {@link RegionCompiler#TURN_LIMIT} turns ({@link JitEngine#TURNING}) for regions in locals, entered at the
     * jump's target, which is not their entry; and regions in locals from the start run the same loops.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("longLoopSeeds")
    void longLoopsSwitchToRegionsInLocals(long seed) {
        Random r = new Random(seed);
        byte[] text = program(r, 100 + r.nextInt(400), 5 + r.nextInt(60), false);
        Outcome reference = run(text, Interpreter::new, Long.MAX_VALUE);
        assertEquals(reference, run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 0), Long.MAX_VALUE));
        assertEquals(reference, run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 2), Long.MAX_VALUE), "tiered");
        int slice = 100 + new Random(seed * 31).nextInt(2000);
        assertEquals(reference, run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 0), slice),
                "in slices of " + slice);
        // regions in locals from the start, their loops turning hundreds of times an entry
        assertEquals(reference, run(text, JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0), Long.MAX_VALUE),
                "keeping values in locals");
        assertEquals(reference, run(text, JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 2), Long.MAX_VALUE),
                "keeping values in locals, tiered");
        assertEquals(reference, run(text, JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0), slice),
                "keeping values in locals, in slices of " + slice);
    }

    static List<Long> longLoopSeeds() {
        List<Long> l = new ArrayList<>();
        for (long s = 1; s <= 40; s++) {
            l.add(s);
        }
        return l;
    }

    /** What a run left: everything an engine decides. */
    record Outcome(List<String> threads, String memory, String stats, long instructions, long halt, long lastEnd,
                   String fault) {
    }

    /**
     * The limit inside compiled regions: the interpreter and the compiled engine (every run compiled, however short,
     * and in both forms) run the same program side by side in slices of a few cycles, and after every slice have
     * retired the same instructions and left every thread at the same pc and issue cycle: a region stops before the
     * first instruction that would issue at the limit, whether the limit falls on a loop's head, inside a path of
     * forward branches between two checks, or after a stall. (Run whole, a lone node's result does not show a region
     * that ran past a limit; this does.)
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("longLoopSeeds")
    void compiledRegionsStopAtEveryLimitAsTheInterpreter(long seed) {
        String was = System.getProperty(JitEngine.SHORT_PROPERTY);
        System.setProperty(JitEngine.SHORT_PROPERTY, "0");
        try {
            Random r = new Random(seed);
            byte[] text = program(r, 20 + r.nextInt(60), 5 + r.nextInt(60), seed % 2 == 0);
            for (Engine.Factory jit : List.of(JitEngine.factory(JitEngine.Fallback.FAIL, 0),
                    JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0))) {
                long slice = 1 + r.nextInt(24);
                Node ref = node(text, Interpreter::new);
                Node sub = node(text, jit);
                long limit = 0;
                for (int slices = 0; slices < 1_000_000; slices++) {
                    limit += slice;
                    ref.runUntil(limit);
                    sub.runUntil(limit);
                    assertEquals(snapshot(ref), snapshot(sub), "after the slice to cycle " + limit + " (slices of "
                            + slice + ")");
                    if (ref.stop() != Node.Stop.MESSAGE_SENT && ref.stop() != Node.Stop.LIMIT) {
                        break;
                    }
                }
            }
        } finally {
            if (was == null) {
                System.clearProperty(JitEngine.SHORT_PROPERTY);
            } else {
                System.setProperty(JitEngine.SHORT_PROPERTY, was);
            }
        }
    }

    /** The node's instructions, stop and every thread's state, pc, next issue cycle and registers. */
    private static String snapshot(Node node) {
        StringBuilder b = new StringBuilder(node.instructions() + " " + node.stop());
        for (int c = 0; c < CONTEXTS; c++) {
            ThreadContext t = node.context(c);
            b.append(" | ").append(t.state()).append(" pc=").append(Integer.toHexString(t.pc)).append(" next=")
                    .append(t.nextIssue).append(" x=").append(Arrays.toString(t.x));
        }
        return b.toString();
    }

    static Outcome run(byte[] text, Engine.Factory engine, long slice) {
        Node node = node(text, engine);
        Memory mem = node.memory();
        long limit = 0;
        for (int steps = 0; steps < 10_000_000; steps++) {
            limit = slice == Long.MAX_VALUE ? Long.MAX_VALUE : limit + slice;
            node.runUntil(limit);
            Node.Stop s = node.stop();
            if (s != Node.Stop.MESSAGE_SENT && s != Node.Stop.LIMIT) {
                break;
            }
        }
        return outcome(node, mem);
    }

    /** A node with the program loaded, its first context booted at the text and the others started there. */
    static Node node(byte[] text, Engine.Factory engine) {
        Memory mem = new Memory(MEM);
        mem.load(BASE, text);
        mem.mapNullGuard(0, Abi.NULL_GUARD);
        mem.mapText(BASE, BASE + text.length);
        for (int c = 0; c < CONTEXTS; c++) {
            mem.mapStackGuard(Abi.stackTop(MEM, STACK, c) - STACK, Abi.STACK_GUARD, c);
        }
        Node node = new Node(0, CONTEXTS, STACK, mem, DecodedText.decode(BASE, text), TimingModel.DEFAULT, 0, engine);
        node.setHost((n, t, service, cycle) -> {
            switch (service) {
                case EXIT -> {
                    return false;
                }
                case CYCLES -> {
                    t.setReg(4, (int) cycle);
                    t.setReg(5, (int) (cycle >>> 32));
                }
                default -> t.setReg(4, -38);
            }
            return true;
        });
        node.boot(BASE, 0, 0);
        for (int c = 1; c < CONTEXTS; c++) {
            node.startThread(0, BASE, new int[0], 0);
        }
        return node;
    }

    /**
     * A thread's scoreboard as the rest of the run can see it: a ready cycle no later than the thread's next issue
     * delays nothing and names no stall's cause, so all such values act alike ("-"; the compiled engine leaves some
     * of them unwritten); later ones, and their causes, exactly.
     */
    private static String pending(ThreadContext t) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < t.ready.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(t.ready[i] <= t.nextIssue ? "-" : t.ready[i] + "/" + t.cause[i]);
        }
        return sb.append(']').toString();
    }

    private static Outcome outcome(Node node, Memory mem) {
        List<String> threads = new ArrayList<>();
        for (int c = 0; c < CONTEXTS; c++) {
            ThreadContext t = node.context(c);
            threads.add(t.state() + " pc=" + Integer.toHexString(t.pc) + " next=" + t.nextIssue + " x="
                    + Arrays.toString(t.x) + " f=" + Arrays.toString(t.f) + " ready=" + pending(t));
        }
        byte[] data = new byte[1024];
        mem.hostRead(DATA, data, 0, data.length);
        CoreStats st = node.stats();
        GuestFault g = node.fault();
        String stats = st.instructions() + " stalls " + Arrays.toString(st.stallCycles()) + " bubbles "
                + st.branchBubbles() + " switches " + st.switches() + " " + st.switchCycles();
        return new Outcome(threads, Arrays.toString(data), stats,
                node.instructions(), node.haltCycle(), node.lastEndCycle(),
                g == null ? null : g.kind() + " " + g.description() + " pc=" + Integer.toHexString(g.pc()) + " at "
                        + g.cycle() + " thread " + g.thread());
    }

    // ---------------------------------------------------------------- random programs

    private static final List<Instruction> BODY = Arrays.stream(Instruction.values()).filter(i -> switch (i.timing) {
        case ALU, MUL, DIV, FPADD, FPMUL, FPDIV, FPSQRT, FPCVT, LOAD, STORE, BRANCH -> true;
        default -> false;
    }).toList();

    static byte[] program(Random r) {
        return program(r, -1, -1, true);
    }

    /**
     * A random program: {@code count} turns of a loop of {@code body} random instructions, with {@code suspend}, special
     * registers and host calls among them when {@code exits}; a negative count or body is drawn (2 to 13 turns, 10 to
     * 159 instructions, in the order the seeds' programs were first drawn).
     */
    static byte[] program(Random r, int count, int body, boolean exits) {
        List<Integer> w = new ArrayList<>();
        li(w, PTR, DATA);
        li(w, COUNT, count < 0 ? 2 + r.nextInt(12) : count);
        for (int reg = FIRST; reg <= LAST; reg++) {
            li(w, reg, r.nextInt(8) == 0 ? r.nextInt(5) - 2 : r.nextInt());
        }
        for (int fr = 0; fr < 16; fr++) {
            w.add(enc(Instruction.FCVT_D_W, fr, FIRST + r.nextInt(LAST - FIRST + 1)));
        }
        int loop = w.size();
        if (body < 0) {
            body = 10 + r.nextInt(150);
        }
        for (int k = 0; k < body; k++) {
            int left = body - k;
            int pick = exits ? r.nextInt(100) : 8 + r.nextInt(92);
            if (pick < 3) {
                w.add(enc(Instruction.SUSPEND));
            } else if (pick < 6) {
                SpecialRegister[] srs = {SpecialRegister.CYCLE, SpecialRegister.INSTRET, SpecialRegister.TID,
                        SpecialRegister.NODEID};
                w.add(enc(Instruction.RDSR, reg(r), srs[r.nextInt(srs.length)].ordinal()));
            } else if (pick < 8) {
                w.add(enc(Instruction.HCALL, HostCall.CYCLES.ordinal()));
            } else {
                w.add(random(r, BODY.get(r.nextInt(BODY.size())), left));
            }
        }
        w.add(enc(Instruction.ADDI, COUNT, COUNT, -1));
        w.add(enc(Instruction.BNE, COUNT, 0, 4 * (loop - w.size())));
        w.add(enc(Instruction.ADDI, 4, FIRST, 0));
        w.add(enc(Instruction.HCALL, HostCall.EXIT.ordinal()));
        return bytes(w);
    }

    /** The text of instruction words, little-endian. */
    static byte[] bytes(List<Integer> w) {
        byte[] b = new byte[4 * w.size()];
        for (int i = 0; i < w.size(); i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (w.get(i) >>> (8 * k));
            }
        }
        return b;
    }

    private static int reg(Random r) {
        return FIRST + r.nextInt(LAST - FIRST + 1);
    }

    /** One instruction with random operands; memory accesses use r20 and an aligned offset, branches go forward. */
    static int random(Random r, Instruction insn, int left) {
        List<Operand> ops = insn.operands();
        long[] v = new long[ops.size()];
        boolean mem = insn.timing == TimingClass.LOAD || insn.timing == TimingClass.STORE;
        for (int k = 0; k < v.length; k++) {
            Operand o = ops.get(k);
            v[k] = switch (o.token()) {
                case "rd", "rs2", "rs3" -> reg(r);
                case "type" -> 1;
                case "sr" -> r.nextInt(SpecialRegister.values().length);
                case "rs1" -> mem ? PTR : reg(r);
                case "fd", "fs1", "fs2" -> r.nextInt(16);
                case "imm" -> {
                    if (mem) {
                        yield 8 * r.nextInt(128);
                    }
                    yield switch (insn.immKind) {
                        case PC16, PC26 -> 4 * (1 + r.nextInt(Math.min(6, left)));
                        case HCALL -> r.nextInt(HostCall.values().length);
                        case ADDR17 -> 4 * r.nextInt(1 << 15);
                        case STRIDE12 -> r.nextInt(1 << 12);
                        case SHAMT -> r.nextInt(32);
                        case U16 -> r.nextInt(1 << 16);
                        default -> r.nextInt(1 << 16) - (1 << 15);
                    };
                }
                default -> throw new IllegalStateException(insn + ": operand " + o.token());
            };
        }
        return enc(insn, v);
    }

    private static void li(List<Integer> w, int rd, int value) {
        w.add(enc(Instruction.LUI, rd, value >>> 16));
        w.add(enc(Instruction.ORI, rd, rd, value & 0xFFFF));
    }

    static int enc(Instruction insn, long... values) {
        try {
            return Isa.encode(insn, values);
        } catch (EncodingException e) {
            throw new IllegalArgumentException(insn + " " + Arrays.toString(values) + ": " + e.getMessage(), e);
        }
    }

    @org.junit.jupiter.api.Test
    void theProgramsExerciseEveryBodyInstruction() {
        boolean[] seen = new boolean[Instruction.values().length];
        for (long s : seeds()) {
            DecodedText t = DecodedText.decode(BASE, program(new Random(s)));
            for (int i = 0; i < t.count(); i++) {
                Instruction insn = t.instructionAt(BASE + 4 * i);
                if (insn != null) {
                    seen[insn.ordinal()] = true;
                }
            }
        }
        for (Instruction insn : BODY) {
            assertTrue(seen[insn.ordinal()], insn + " never generated");
        }
    }
}
