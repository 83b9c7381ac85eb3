package scmp.cpu;

import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.sem.RedirectKind;

/**
 * The reference engine with a data cache: {@link Interpreter} with every load and store going through
 * the node's {@link DataCache}, for machine models whose caches remote writes do not update (the Cray
 * T3D, docs/t3d.md). Generated from Interpreter.java and the declared semantics by
 * {@link scmp.isa.sem.InterpreterSource#cachedVariant}; do not edit, regenerate with
 * {@code java -cp isa/target/classes scmp.isa.sem.InterpreterSource cpu/src/main/java/scmp/cpu/Interpreter.java cpu/src/main/java/scmp/cpu/CachedInterpreter.java}.
 */
public final class CachedInterpreter implements Engine {

    private static final int ILLEGAL = DecodedText.ILLEGAL;
    private static final int HCALL_OP = Instruction.HCALL.ordinal();
    private static final int SB_DIV = DecodedText.SB_DIV;
    private static final int SB_FPDIV = DecodedText.SB_FPDIV;

    /** The stall cause of each instruction's result (by ordinal), for the statistics: see {@link StallCause}. */
    static final byte[] RESULT_CAUSE = new byte[DecodedText.END + 1];
    /** The registers each host-call service writes, by service number. */
    private static final int[][] HOST_RESULTS = new int[HostCall.values().length][];

    static {
        for (Instruction insn : Instruction.values()) {
            RESULT_CAUSE[insn.ordinal()] = (byte) StallCause.of(insn.timing).ordinal();
        }
        RESULT_CAUSE[DecodedText.ILLEGAL] = (byte) StallCause.OTHER.ordinal();
        RESULT_CAUSE[DecodedText.END] = (byte) StallCause.OTHER.ordinal();
        for (HostCall h : HostCall.values()) {
            HOST_RESULTS[h.ordinal()] = h.results.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private final EngineContext ctx;
    private final int nodeId;
    private final Memory memory;
    /** The node's data cache, which loads and stores go through. */
    private final DataCache cache;
    private final DecodedText text;
    /** Latency of each instruction's result, by ordinal (docs/timing.md section 1). */
    private final int[] latency;
    /** Cycles each instruction keeps its unpipelined unit busy, by ordinal (0 when it uses none). */
    private final int[] busy;
    private final int takenBubbles;
    private final int jumpBubbles;
    private final int jalrBubbles;
    private final int hostLatency;

    private long exitCycle;
    private GuestFault fault;

    /**
     * Creates the interpreter of one node.
     *
     * @param context what it sees of the node
     * @param cache   the node's data cache
     */
    public CachedInterpreter(EngineContext context, DataCache cache) {
        this.cache = cache;
        this.ctx = context;
        this.nodeId = context.nodeId();
        this.memory = context.memory();
        this.text = context.text();
        TimingModel timing = context.timing();
        this.latency = new int[DecodedText.END + 1];
        this.busy = new int[DecodedText.END + 1];
        for (Instruction insn : Instruction.values()) {
            latency[insn.ordinal()] = timing.latency(insn);
            busy[insn.ordinal()] = timing.busy(insn);
        }
        latency[DecodedText.ILLEGAL] = 1;
        latency[DecodedText.END] = 1;
        this.takenBubbles = timing.bubbles(RedirectKind.BRANCH);
        this.jumpBubbles = timing.bubbles(RedirectKind.JUMP);
        this.jalrBubbles = timing.bubbles(RedirectKind.JUMP_REGISTER);
        this.hostLatency = timing.latency(Instruction.HCALL);
    }

    @Override
    public long exitCycle() {
        return exitCycle;
    }

    @Override
    public GuestFault fault() {
        return fault;
    }

    /**
     * Runs the thread from its pc until an exit; the heart of the interpreter. The generated switch in the middle
     * uses the locals declared here: {@code x}, {@code f} (registers), {@code rdy}, {@code cause} (scoreboard),
     * {@code mem}, {@code port}, {@code ctx}, {@code c}, {@code t} (issue cycle), {@code pc}, {@code npc},
     * {@code next}, {@code n} (retired in this run), {@code bubbles}, {@code ev}, {@code netStop}, the decoded fields {@code op}, {@code rd}, {@code a}, {@code b}, {@code imm}, and leaves the loop {@code loop}.
     */
    @Override
    public Exit run(final ThreadContext c, final long limit) {
        final int[] x = c.x;
        final long[] f = c.f;
        final long[] rdy = c.ready;
        final byte[] cause = c.cause;
        final DecodedText txt = text;
        final int base = txt.base();
        final int textBytes = 4 * txt.count();
        final int[] ops = txt.op, rds = txt.rd, rs1s = txt.rs1, rs2s = txt.rs2, imms = txt.imm, deps = txt.deps;
        final int[] lat = latency;
        final Memory mem = memory;
        final DataCache dc = cache;
        final EngineContext ctx = this.ctx;
        final NetworkPort port = ctx.port();
        final Tracer tr = ctx.tracer();
        final boolean netStop = ctx.stopAfterNetworkInstructions();
        int pc = c.pc;
        long next = c.nextIssue;
        long t = next;
        long n = 0;
        long bubbles = 0;
        Exit ev;
        try {
            loop:
            while (true) {
                final int i = (pc - base) >>> 2;
                final int op = ops[i];
                final int d = deps[i];
                long r;
                t = next;
                if ((r = rdy[d & 0x7F]) > t) {
                    t = r;
                }
                if ((r = rdy[(d >>> 7) & 0x7F]) > t) {
                    t = r;
                }
                if ((r = rdy[(d >>> 14) & 0x7F]) > t) {
                    t = r;
                }
                if (t >= limit) {
                    ev = Exit.LIMIT;
                    break;
                }
                if (t != next) {
                    stalled(rdy, cause, d, t, t - next);
                }
                if (tr != null && !(op == HCALL_OP && ctx.hostCallWaits())) {
                    tr.issue(t, nodeId, c.id, pc, txt.words[i]);
                }
                if (op >= ILLEGAL) {
                    throw badWord(op, txt.words[i], pc);
                }
                final int rd = rds[i], a = rs1s[i], b = rs2s[i], imm = imms[i];
                int npc = pc + 4;
                next = t + 1;
                // <generated by scmp.isa.sem.InterpreterSource>
                // Generated from scmp.isa.sem.SemanticTable by scmp.isa.sem.InterpreterSource: a table of
                // the declared semantics, not hand-written logic. Do not edit; regenerate with
                // java -cp isa/target/classes scmp.isa.sem.InterpreterSource cpu/src/main/java/scmp/cpu/Interpreter.java cpu/src/main/java/scmp/cpu/CachedInterpreter.java
                switch (op) {
                    case 0 -> x[rd] = x[a] + x[b]; // add
                    case 1 -> x[rd] = x[a] - x[b]; // sub
                    case 2 -> x[rd] = x[a] & x[b]; // and
                    case 3 -> x[rd] = x[a] | x[b]; // or
                    case 4 -> x[rd] = x[a] ^ x[b]; // xor
                    case 5 -> x[rd] = ~(x[a] | x[b]); // nor
                    case 6 -> x[rd] = x[a] << x[b]; // sll
                    case 7 -> x[rd] = x[a] >>> x[b]; // srl
                    case 8 -> x[rd] = x[a] >> x[b]; // sra
                    case 9 -> x[rd] = x[a] < x[b] ? 1 : 0; // slt
                    case 10 -> x[rd] = Integer.compareUnsigned(x[a], x[b]) < 0 ? 1 : 0; // sltu
                    case 11 -> x[rd] = x[a] * x[b]; // mul
                    case 12 -> x[rd] = Semantics.mulh(x[a], x[b]); // mulh
                    case 13 -> x[rd] = Semantics.mulhu(x[a], x[b]); // mulhu
                    case 14 -> { // div
                        x[rd] = x[a] / divisor(x[b]);
                        rdy[SB_DIV] = t + busy[op];
                    }
                    case 15 -> { // divu
                        x[rd] = Integer.divideUnsigned(x[a], divisor(x[b]));
                        rdy[SB_DIV] = t + busy[op];
                    }
                    case 16 -> { // rem
                        x[rd] = x[a] % divisor(x[b]);
                        rdy[SB_DIV] = t + busy[op];
                    }
                    case 17 -> { // remu
                        x[rd] = Integer.remainderUnsigned(x[a], divisor(x[b]));
                        rdy[SB_DIV] = t + busy[op];
                    }
                    case 18 -> f[rd] = Semantics.bits(Semantics.val(f[a]) + Semantics.val(f[b])); // fadd.d
                    case 19 -> f[rd] = Semantics.bits(Semantics.val(f[a]) - Semantics.val(f[b])); // fsub.d
                    case 20 -> f[rd] = Semantics.bits(Semantics.val(f[a]) * Semantics.val(f[b])); // fmul.d
                    case 21 -> { // fdiv.d
                        f[rd] = Semantics.bits(Semantics.val(f[a]) / Semantics.val(f[b]));
                        rdy[SB_FPDIV] = t + busy[op];
                    }
                    case 22 -> { // fsqrt.d
                        f[rd] = Semantics.bits(Math.sqrt(Semantics.val(f[a])));
                        rdy[SB_FPDIV] = t + busy[op];
                    }
                    case 23 -> f[rd] = Semantics.fneg(f[a]); // fneg.d
                    case 24 -> f[rd] = Semantics.fabs(f[a]); // fabs.d
                    case 25 -> f[rd] = f[a]; // fmv.d
                    case 26 -> x[rd] = Semantics.val(f[a]) == Semantics.val(f[b]) ? 1 : 0; // feq.d
                    case 27 -> x[rd] = Semantics.val(f[a]) < Semantics.val(f[b]) ? 1 : 0; // flt.d
                    case 28 -> x[rd] = Semantics.val(f[a]) <= Semantics.val(f[b]) ? 1 : 0; // fle.d
                    case 29 -> f[rd] = Semantics.fcvtDW(x[a]); // fcvt.d.w
                    case 30 -> f[rd] = Semantics.fcvtDWu(x[a]); // fcvt.d.wu
                    case 31 -> x[rd] = Semantics.fcvtWD(f[a]); // fcvt.w.d
                    case 32 -> x[rd] = Semantics.fcvtWuD(f[a]); // fcvt.wu.d
                    case 33 -> f[rd] = Semantics.roundToFloat(f[a]); // fcvt.s.d
                    case 34 -> x[rd] = Semantics.toFloatBits(f[a]); // fmv.x.w
                    case 35 -> f[rd] = Semantics.fromFloatBits(x[a]); // fmv.w.x
                    case 36 -> x[rd] = (int) f[a]; // fmv.x.lo
                    case 37 -> x[rd] = (int) (f[a] >>> 32); // fmv.x.hi
                    case 38 -> f[rd] = Semantics.fromWords(x[a], x[b]); // fmv.d.x
                    case 39 -> { // send2
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], x[b], 0, 0, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 40 -> { // sende
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], 0, 0, 0, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 41 -> { // send2e
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], x[b], 0, 0, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 42 -> { // sendm
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], x[b], 0, 0, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 43 -> { // sendme
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], x[b], 0, 0, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 44 -> { // suspend
                        pc = npc;
                        n++;
                        ev = Exit.SUSPEND;
                        break loop;
                    }
                    case 45 -> { // endt
                        c.pc = pc;
                        port.threadEnded(t, c);
                        pc = npc;
                        n++;
                        ev = Exit.END_THREAD;
                        break loop;
                    }
                    case 46 -> x[rd] = x[a] + imm; // addi
                    case 47 -> x[rd] = x[a] & imm; // andi
                    case 48 -> x[rd] = x[a] | imm; // ori
                    case 49 -> x[rd] = x[a] ^ imm; // xori
                    case 50 -> x[rd] = x[a] << imm; // slli
                    case 51 -> x[rd] = x[a] >>> imm; // srli
                    case 52 -> x[rd] = x[a] >> imm; // srai
                    case 53 -> x[rd] = x[a] < imm ? 1 : 0; // slti
                    case 54 -> x[rd] = Integer.compareUnsigned(x[a], imm) < 0 ? 1 : 0; // sltiu
                    case 55 -> x[rd] = imm << 16; // lui
                    case 56 -> x[rd] = dc.lb(mem, x[a] + imm); // lb
                    case 57 -> x[rd] = dc.lbu(mem, x[a] + imm); // lbu
                    case 58 -> x[rd] = dc.lh(mem, x[a] + imm); // lh
                    case 59 -> x[rd] = dc.lhu(mem, x[a] + imm); // lhu
                    case 60 -> x[rd] = dc.lw(mem, x[a] + imm); // lw
                    case 61 -> f[rd] = Semantics.fromFloatBits(dc.lw(mem, x[a] + imm)); // flw
                    case 62 -> f[rd] = dc.ld(mem, x[a] + imm); // fld
                    case 63 -> dc.sb(mem, x[a] + imm, x[b]); // sb
                    case 64 -> dc.sh(mem, x[a] + imm, x[b]); // sh
                    case 65 -> dc.sw(mem, x[a] + imm, x[b]); // sw
                    case 66 -> dc.sw(mem, x[a] + imm, Semantics.toFloatBits(f[b])); // fsw
                    case 67 -> dc.sd(mem, x[a] + imm, f[b]); // fsd
                    case 68 -> { // beq
                        if (x[a] == x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 69 -> { // bne
                        if (x[a] != x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 70 -> { // blt
                        if (x[a] < x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 71 -> { // bge
                        if (x[a] >= x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 72 -> { // bltu
                        if (Integer.compareUnsigned(x[a], x[b]) < 0) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 73 -> { // bgeu
                        if (Integer.compareUnsigned(x[a], x[b]) >= 0) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case 74 -> { // j
                        npc = target(pc + imm, base, textBytes);
                        next += jumpBubbles;
                        bubbles += jumpBubbles;
                    }
                    case 75 -> { // jal
                        npc = target(pc + imm, base, textBytes);
                        x[1] = pc + 4;
                        next += jumpBubbles;
                        bubbles += jumpBubbles;
                    }
                    case 76 -> { // jalr
                        npc = target((x[a] + imm) & -4, base, textBytes);
                        x[rd] = pc + 4;
                        next += jalrBubbles;
                        bubbles += jalrBubbles;
                    }
                    case 77 -> { // sendh_i
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], rd, imm, 1, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 78 -> { // sendh_r
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], rd, x[b], imm, netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 79 -> { // sendh_rr
                        c.pc = pc;
                        if ((ev = request(port, op, t, c, x[a], rd, x[b], (short) x[imm], netStop)) != null) {
                            if (ev != Exit.BLOCKED) {
                                pc = npc;
                                n++;
                            }
                            break loop;
                        }
                    }
                    case 80 -> x[rd] = ctx.specialRegister(imm, t, c, n); // rdsr
                    case 81 -> { // hcall
                        if (ctx.hostCallWaits()) {
                            next = t;
                            ev = Exit.HOST_CALL;
                            break loop;
                        }
                        c.pc = pc;
                        ctx.retire(n);
                        n = 0;
                        if (!ctx.hostCall(c, imm, t)) {
                            pc = npc;
                            n++;
                            ev = Exit.HALT;
                            break loop;
                        }
                        hostResults(rdy, cause, imm, t);
                        dc.invalidateAll();
                    }
                    default -> throw new IllegalStateException("no semantics for instruction " + op);
                }
                // </generated>
                rdy[d >>> 21] = t + lat[op];
                cause[d >>> 21] = RESULT_CAUSE[op];
                pc = npc;
                n++;
            }
        } catch (GuestFault g) {
            fault = g.locate(nodeId, c.id, pc, t);
            ev = Exit.FAULT;
        }
        c.pc = pc;
        c.nextIssue = next;
        ctx.retire(n);
        ctx.countBubbles(bubbles);
        exitCycle = t;
        return ev;
    }

    /**
     * Hands a network instruction to the port and tells the loop what follows: null when the thread goes on, else
     * the exit ({@link Exit#BLOCKED} when refused, the instruction not retired; {@link Exit#MESSAGE_SENT} when it
     * ended a message, {@link Exit#NETWORK} when accepted and {@code netStop} asks to stop, both retiring it). The
     * generated cases share this decoding of the port's answer and keep one short exit each, which keeps
     * {@link #run} small (docs/performance.md, "The machine-model seam").
     */
    private static Exit request(NetworkPort port, int op, long t, ThreadContext c, int v0, int v1, int v2, int v3,
                                boolean netStop) {
        int reply = port.request(op, t, c, v0, v1, v2, v3);
        if (reply == NetworkPort.ACCEPTED) {
            return netStop ? Exit.NETWORK : null;
        }
        return reply == NetworkPort.REFUSED ? Exit.BLOCKED : Exit.MESSAGE_SENT;
    }

    /** Adds a dependence stall to the statistics, charged to the cause of the source that was ready last. */
    void stalled(long[] rdy, byte[] cause, int d, long t, long cycles) {
        int src = d & 0x7F;
        if (rdy[src] != t) {
            src = (d >>> 7) & 0x7F;
            if (rdy[src] != t) {
                src = (d >>> 14) & 0x7F;
            }
        }
        ctx.countStall(cause[src], cycles);
    }

    /** Makes a host call's results ready a host latency after its issue, as for any instruction's result. */
    void hostResults(long[] rdy, byte[] cause, int service, long t) {
        for (int r : HOST_RESULTS[service]) {
            rdy[r] = t + hostLatency;
            cause[r] = RESULT_CAUSE[HCALL_OP];
        }
    }

    static int divisor(int v) {
        if (v == 0) {
            throw new GuestFault(GuestFault.Kind.DIVIDE_BY_ZERO, "integer division by zero");
        }
        return v;
    }

    static int target(int addr, int base, int textBytes) {
        if (Integer.compareUnsigned(addr - base, textBytes) >= 0) {
            throw new GuestFault(GuestFault.Kind.BAD_JUMP,
                    String.format("jump to 0x%x outside the program text", addr), addr);
        }
        return addr;
    }

    static GuestFault badWord(int op, int word, int pc) {
        if (op == DecodedText.END) {
            return new GuestFault(GuestFault.Kind.BAD_JUMP, "execution ran off the end of the program text", pc);
        }
        return new GuestFault(GuestFault.Kind.ILLEGAL_INSTRUCTION, String.format("illegal instruction 0x%08x", word));
    }
}
