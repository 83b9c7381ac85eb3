package scmp.cpu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.sem.SemanticTable;
import scmp.isa.sem.Stmt;

/**
 * Builds small programs from {@link Isa#encode} words (labels resolved for branches and jumps) and runs them
 * on one node with a recording host and network port. Text starts at {@link #BASE}.
 */
final class Harness {
    static final int BASE = Abi.TEXT_BASE;
    static final int MEM = 1 << 20;
    static final int STACK = 16 << 10;
    static final int DATA = 0x20000;

    private final List<Integer> words = new ArrayList<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final List<Object[]> fixups = new ArrayList<>();
    int contexts = 4;
    int threadExit;
    Engine.Factory engines = Interpreter::new;

    /** Appends an instruction with operand values in syntax order. */
    Harness op(Instruction insn, long... values) {
        try {
            words.add(Isa.encode(insn, values));
        } catch (EncodingException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return this;
    }

    /** Appends a raw word. */
    Harness word(int w) {
        words.add(w);
        return this;
    }

    /** Defines a label at the next instruction. */
    Harness label(String name) {
        labels.put(name, BASE + 4 * words.size());
        return this;
    }

    /** Appends a conditional branch to a label. */
    Harness branch(Instruction insn, int rs1, int rs2, String label) {
        fixups.add(new Object[] {words.size(), insn, label, rs1, rs2});
        words.add(0);
        return this;
    }

    /** Appends {@code j} or {@code jal} to a label. */
    Harness jump(Instruction insn, String label) {
        fixups.add(new Object[] {words.size(), insn, label});
        words.add(0);
        return this;
    }

    /** Loads a 32-bit constant with lui/ori. */
    Harness li(int rd, int value) {
        op(Instruction.LUI, rd, value >>> 16);
        return op(Instruction.ORI, rd, rd, value & 0xFFFF);
    }

    /** Appends {@code hcall exit} with a0 unchanged. */
    Harness exit() {
        return op(Instruction.HCALL, HostCall.EXIT.ordinal());
    }

    int addr(String label) {
        return labels.get(label);
    }

    int[] words() {
        for (Object[] f : fixups) {
            int at = (Integer) f[0];
            Instruction insn = (Instruction) f[1];
            int off = labels.get((String) f[2]) - (BASE + 4 * at);
            try {
                words.set(at, f.length == 5 ? Isa.encode(insn, (Integer) f[3], (Integer) f[4], off) : Isa.encode(insn, off));
            } catch (EncodingException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return words.stream().mapToInt(Integer::intValue).toArray();
    }

    byte[] bytes() {
        int[] w = words();
        byte[] b = new byte[4 * w.length];
        for (int i = 0; i < w.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (w[i] >>> (8 * k));
            }
        }
        return b;
    }

    Run run() {
        return run(c -> { });
    }

    /** Boots context 0 at the first instruction, lets {@code setup} adjust the node, and runs to the end. */
    Run run(Consumer<Run> setup) {
        Run r = prepare();
        r.node.boot(BASE, 0, 0);
        setup.accept(r);
        return r.finish();
    }

    /** Builds the node without booting it. */
    Run prepare() {
        byte[] text = bytes();
        Memory mem = new Memory(MEM);
        mem.load(BASE, text);
        mem.mapNullGuard(0, Abi.NULL_GUARD);
        mem.mapText(BASE, BASE + text.length);
        for (int c = 0; c < contexts; c++) {
            mem.mapStackGuard(Abi.stackTop(MEM, STACK, c) - STACK, Abi.STACK_GUARD, c);
        }
        DecodedText dt = DecodedText.decode(BASE, text);
        Node node = new Node(0, contexts, STACK, mem, dt, TimingModel.DEFAULT, threadExit, engines);
        return new Run(node, mem);
    }

    /** A node under test with its recording host and port. */
    static final class Run {
        final Node node;
        final Memory mem;
        final List<long[]> trace = new ArrayList<>();
        final StringBuilder out = new StringBuilder();
        final FakePort port = new FakePort();
        Integer exitStatus;

        Run(Node node, Memory mem) {
            this.node = node;
            this.mem = mem;
            node.setTracer((cycle, nodeId, thread, pc, word) -> trace.add(new long[] {cycle, pc, thread}));
            node.setNetworkPort(port);
            node.setHost(this::host);
        }

        private boolean host(Node c, ThreadContext t, HostCall s, long cycle) {
            switch (s) {
                case EXIT -> {
                    exitStatus = t.reg(4);
                    return false;
                }
                case WRITE -> {
                    byte[] b = new byte[t.reg(6)];
                    c.memory().hostRead(t.reg(5), b, 0, b.length);
                    out.append(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1));
                    t.setReg(4, b.length);
                }
                case CYCLES -> {
                    t.setReg(4, (int) cycle);
                    t.setReg(5, (int) (cycle >>> 32));
                }
                default -> t.setReg(4, -38);
            }
            return true;
        }

        /** Runs until the node halts, faults or has nothing left to do. */
        Run finish() {
            while (true) {
                node.runUntil(Long.MAX_VALUE);
                Node.Stop s = node.stop();
                if (s != Node.Stop.MESSAGE_SENT && s != Node.Stop.LIMIT) {
                    return this;
                }
            }
        }

        /** The run's cycle count: the ending instruction's issue cycle plus one. */
        long cycles() {
            return (node.haltCycle() >= 0 ? node.haltCycle() : node.lastEndCycle()) + 1;
        }

        /** Issue cycles of the instructions executed, in order. */
        long[] issues() {
            return trace.stream().mapToLong(e -> e[0]).toArray();
        }

        int reg(int r) {
            return node.context(0).reg(r);
        }

        GuestFault fault() {
            return node.fault();
        }
    }

    /**
     * A network port that records every call, decoded by the instruction's declared send statement, and accepts
     * unless told otherwise; a send with the tail flag ends its message.
     */
    static final class FakePort implements NetworkPort {
        final List<String> calls = new ArrayList<>();
        int refuse;

        @Override
        public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
            Stmt s = SemanticTable.of(Instruction.values()[op]).body().get(0);
            boolean tail = s instanceof Stmt.SendData d && d.tail() || s instanceof Stmt.SendDma m && m.tail();
            String call;
            if (s instanceof Stmt.SendHead) {
                call = String.format("head@%d t%d dest=%d type=%d addr=0x%x stride=%d", cycle, thread.id(), v0, v1,
                        v2, v3);
            } else if (s instanceof Stmt.SendData d) {
                call = String.format("data@%d %d %d n=%d%s", cycle, v0, v1, d.words().size(), tail ? " tail" : "");
            } else {
                call = String.format("dma@%d addr=0x%x sc=0x%x%s", cycle, v0, v1, tail ? " tail" : "");
            }
            if (refuse > 0) {
                refuse--;
                calls.add("refused " + call);
                return REFUSED;
            }
            calls.add(call);
            return tail ? ENDED : ACCEPTED;
        }
    }
}
