package scmp.model.scmp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import scmp.elf.Executable;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.MessageType;
import scmp.isa.SpecialRegister;

/**
 * The built-in programs of {@code scmpsim bench}, encoded directly with {@link Isa#encode} so that the
 * benchmark needs no toolchain.
 *
 * <p>{@link #build(int)}, compute-bound on one node: a loop of loads, stores, ALU operations, a multiply and a
 * taken branch.
 * <pre>
 *         lui   t0, %hi(N)
 *         ori   t0, t0, %lo(N)
 *         addi  s0, sp, -256
 *         addi  t1, zero, 0
 * loop:   lw    t2, 0(s0)
 *         add   t1, t1, t0
 *         xor   t3, t1, t2
 *         slli  t4, t3, 3
 *         sw    t3, 4(s0)
 *         mul   t5, t4, t1
 *         addi  t0, t0, -1
 *         bne   t0, zero, loop
 *         addi  a0, zero, 0
 *         hcall exit
 * </pre>
 *
 * <p>{@link #mostlyIdle(int, int)}, a mostly idle mesh: node 0 first starts a thread on every other node, which
 * ends at once (so every node and router of the mesh has been used), then runs the compute loop in chunks of
 * {@code C} iterations, and after each chunk sends a one-word DATA message to the last node.
 * <pre>
 * _start: rdsr s0, xdim; rdsr t0, ydim; mul s0, s0, t0      # nodes
 *         addi s1, zero, 1; lui s2, %hi(idle); ori s2, s2, %lo(idle)
 * 1:      bge s1, s0, 2f
 *         sendh_r s1, THREAD, s2, 0; sende s1
 *         addi s1, s1, 1; j 1b
 * 2:      addi s3, s0, -1                                   # the last node
 *         lui s5, 1                                         # 0x10000: a word on every node
 *         lui s6, %hi(N / C); ori s6, s6, %lo(N / C)
 *         addi s0, sp, -256; addi t1, zero, 0
 * outer:  lui t0, %hi(C); ori t0, t0, %lo(C)
 * loop:   (the compute loop above)
 *         sendh_r s3, DATA, s5, 1; sende s6
 *         addi s6, s6, -1; bne s6, zero, outer
 *         addi a0, zero, 0; hcall exit
 * idle:   endt
 * </pre>
 *
 * <p>{@link #ring(int)}, message-heavy on every node of the mesh: node 0 starts a worker on every other node
 * with a THREAD message and becomes one itself; each worker sends {@code N} DATA messages of 16 words read by
 * DMA to the next node (node {@code (i + 1) mod nodes}), computing a short loop between them, and ends; the run
 * ends when every worker has.
 * <pre>
 * _start: rdsr s0, xdim; rdsr t0, ydim; mul s0, s0, t0      # nodes
 *         addi s1, zero, 1; lui s2, %hi(worker); ori s2, s2, %lo(worker)
 * 1:      bge s1, s0, 2f
 *         sendh_r s1, THREAD, s2, 0; sende s1                # a0 = the node's number
 *         addi s1, s1, 1; j 1b
 * 2:      addi a0, zero, 0
 * worker: rdsr s0, xdim; rdsr t0, ydim; mul s0, s0, t0
 *         addi s3, a0, 1; blt s3, s0, 3f; addi s3, zero, 0   # the next node
 * 3:      lui s4, %hi(N); ori s4, s4, %lo(N)
 *         lui s5, 1                                          # 0x10000: the buffer on every node
 *         lui s6, 1; ori s6, s6, 8                           # stride 1 : 8 words
 * 4:      sendh_r s3, DATA, s5, 1; sendm s5, s6; sendme s5, s6
 *         addi t1, zero, 16
 * 5:      addi t1, t1, -1; bne t1, zero, 5b
 *         addi s4, s4, -1; bne s4, zero, 4b
 *         endt
 * </pre>
 */
final class BenchProgram {
    /** Instructions executed per iteration of the compute loop. */
    static final int LOOP_LENGTH = 8;
    /** Instructions executed outside the compute loop. */
    static final int OVERHEAD = 6;

    private static final int ZERO = 0, SP = 2, A0 = 4, T0 = 12, T1 = 13, T2 = 14, T3 = 15, T4 = 16, T5 = 17, S0 = 20,
            S1 = 21, S2 = 22, S3 = 23, S4 = 24, S5 = 25, S6 = 26;

    private BenchProgram() {
    }

    /**
     * Builds the compute-bound program.
     *
     * @param iterations how many times the loop runs, at least 1
     * @return the executable
     */
    static Executable build(int iterations) {
        Text t = new Text();
        t.op(Instruction.LUI, T0, iterations >>> 16);
        t.op(Instruction.ORI, T0, T0, iterations & 0xFFFF);
        t.op(Instruction.ADDI, S0, SP, -256);
        t.op(Instruction.ADDI, T1, ZERO, 0);
        t.label("loop");
        t.op(Instruction.LW, T2, 0, S0);
        t.op(Instruction.ADD, T1, T1, T0);
        t.op(Instruction.XOR, T3, T1, T2);
        t.op(Instruction.SLLI, T4, T3, 3);
        t.op(Instruction.SW, T3, 4, S0);
        t.op(Instruction.MUL, T5, T4, T1);
        t.op(Instruction.ADDI, T0, T0, -1);
        t.branch(Instruction.BNE, T0, ZERO, "loop");
        t.op(Instruction.ADDI, A0, ZERO, 0);
        t.op(Instruction.HCALL, HostCall.EXIT.ordinal());
        return t.executable();
    }

    /**
     * Builds the mostly idle program.
     *
     * @param iterations compute loop iterations in all, a multiple of {@code chunk}
     * @param chunk      iterations between two DATA messages to the last node
     * @return the executable
     */
    static Executable mostlyIdle(int iterations, int chunk) {
        int thread = MessageType.THREAD.code, data = MessageType.DATA.code;
        int chunks = iterations / chunk;
        Text t = new Text();
        t.op(Instruction.RDSR, S0, SpecialRegister.XDIM.ordinal());
        t.op(Instruction.RDSR, T0, SpecialRegister.YDIM.ordinal());
        t.op(Instruction.MUL, S0, S0, T0);
        t.op(Instruction.ADDI, S1, ZERO, 1);
        t.address(S2, "idle");
        t.label("start");
        t.branch(Instruction.BGE, S1, S0, "main");
        t.op(Instruction.SENDH_R, S1, thread, S2, 0);
        t.op(Instruction.SENDE, S1);
        t.op(Instruction.ADDI, S1, S1, 1);
        t.jump("start");
        t.label("main");
        t.op(Instruction.ADDI, S3, S0, -1);
        t.op(Instruction.LUI, S5, 1);
        t.op(Instruction.LUI, S6, chunks >>> 16);
        t.op(Instruction.ORI, S6, S6, chunks & 0xFFFF);
        t.op(Instruction.ADDI, S0, SP, -256);
        t.op(Instruction.ADDI, T1, ZERO, 0);
        t.label("outer");
        t.op(Instruction.LUI, T0, chunk >>> 16);
        t.op(Instruction.ORI, T0, T0, chunk & 0xFFFF);
        t.label("loop");
        t.op(Instruction.LW, T2, 0, S0);
        t.op(Instruction.ADD, T1, T1, T0);
        t.op(Instruction.XOR, T3, T1, T2);
        t.op(Instruction.SLLI, T4, T3, 3);
        t.op(Instruction.SW, T3, 4, S0);
        t.op(Instruction.MUL, T5, T4, T1);
        t.op(Instruction.ADDI, T0, T0, -1);
        t.branch(Instruction.BNE, T0, ZERO, "loop");
        t.op(Instruction.SENDH_R, S3, data, S5, 1);
        t.op(Instruction.SENDE, S6);
        t.op(Instruction.ADDI, S6, S6, -1);
        t.branch(Instruction.BNE, S6, ZERO, "outer");
        t.op(Instruction.ADDI, A0, ZERO, 0);
        t.op(Instruction.HCALL, HostCall.EXIT.ordinal());
        t.label("idle");
        t.op(Instruction.ENDT);
        return t.executable();
    }

    /**
     * Builds the message-heavy program.
     *
     * @param messages DATA messages each worker sends, at least 1
     * @return the executable
     */
    static Executable ring(int messages) {
        int thread = MessageType.THREAD.code, data = MessageType.DATA.code;
        Text t = new Text();
        t.op(Instruction.RDSR, S0, SpecialRegister.XDIM.ordinal());
        t.op(Instruction.RDSR, T0, SpecialRegister.YDIM.ordinal());
        t.op(Instruction.MUL, S0, S0, T0);
        t.op(Instruction.ADDI, S1, ZERO, 1);
        t.address(S2, "worker");
        t.label("start");
        t.branch(Instruction.BGE, S1, S0, "self");
        t.op(Instruction.SENDH_R, S1, thread, S2, 0);
        t.op(Instruction.SENDE, S1);
        t.op(Instruction.ADDI, S1, S1, 1);
        t.jump("start");
        t.label("self");
        t.op(Instruction.ADDI, A0, ZERO, 0);
        t.label("worker");
        t.op(Instruction.RDSR, S0, SpecialRegister.XDIM.ordinal());
        t.op(Instruction.RDSR, T0, SpecialRegister.YDIM.ordinal());
        t.op(Instruction.MUL, S0, S0, T0);
        t.op(Instruction.ADDI, S3, A0, 1);
        t.branch(Instruction.BLT, S3, S0, "next");
        t.op(Instruction.ADDI, S3, ZERO, 0);
        t.label("next");
        t.op(Instruction.LUI, S4, messages >>> 16);
        t.op(Instruction.ORI, S4, S4, messages & 0xFFFF);
        t.op(Instruction.LUI, S5, 1);
        t.op(Instruction.LUI, S6, 1);
        t.op(Instruction.ORI, S6, S6, 8);
        t.label("send");
        t.op(Instruction.SENDH_R, S3, data, S5, 1);
        t.op(Instruction.SENDM, S5, S6);
        t.op(Instruction.SENDME, S5, S6);
        t.op(Instruction.ADDI, T1, ZERO, 16);
        t.label("compute");
        t.op(Instruction.ADDI, T1, T1, -1);
        t.branch(Instruction.BNE, T1, ZERO, "compute");
        t.op(Instruction.ADDI, S4, S4, -1);
        t.branch(Instruction.BNE, S4, ZERO, "send");
        t.op(Instruction.ENDT);
        return t.executable();
    }

    /** A program text under construction: instructions, labels, and branches to labels resolved at the end. */
    private static final class Text {
        private final List<long[]> ops = new ArrayList<>();
        private final List<Instruction> insns = new ArrayList<>();
        private final List<String> targets = new ArrayList<>();
        private final Map<String, Integer> labels = new HashMap<>();

        void op(Instruction insn, long... operands) {
            insns.add(insn);
            ops.add(operands);
            targets.add(null);
        }

        void branch(Instruction insn, int rs1, int rs2, String label) {
            insns.add(insn);
            ops.add(new long[] {rs1, rs2, 0});
            targets.add(label);
        }

        void jump(String label) {
            insns.add(Instruction.J);
            ops.add(new long[] {0});
            targets.add(label);
        }

        /** Loads a label's absolute address into a register (lui, ori). */
        void address(int rd, String label) {
            insns.add(Instruction.LUI);
            ops.add(new long[] {rd, 0});
            targets.add("%hi " + label);
            insns.add(Instruction.ORI);
            ops.add(new long[] {rd, rd, 0});
            targets.add("%lo " + label);
        }

        void label(String name) {
            labels.put(name, insns.size());
        }

        Executable executable() {
            byte[] text = new byte[4 * insns.size()];
            for (int i = 0; i < insns.size(); i++) {
                long[] v = ops.get(i).clone();
                String target = targets.get(i);
                if (target != null) {
                    if (target.startsWith("%")) {
                        int addr = Abi.TEXT_BASE + 4 * labels.get(target.substring(4));
                        v[v.length - 1] = target.startsWith("%hi") ? addr >>> 16 : addr & 0xFFFF;
                    } else {
                        v[v.length - 1] = 4L * (labels.get(target) - i);
                    }
                }
                int w;
                try {
                    w = Isa.encode(insns.get(i), v);
                } catch (EncodingException e) {
                    throw new IllegalStateException(e);
                }
                for (int k = 0; k < 4; k++) {
                    text[4 * i + k] = (byte) (w >>> (8 * k));
                }
            }
            Executable.PlacedSection s = new Executable.PlacedSection(".text", Section.SHT_PROGBITS,
                    Section.SHF_ALLOC | Section.SHF_EXECINSTR, Abi.TEXT_BASE, text.length, 4, text);
            Symbol start = new Symbol("_start", ".text", Abi.TEXT_BASE, text.length, Symbol.Binding.GLOBAL,
                    Symbol.Type.FUNC);
            return new Executable(Abi.TEXT_BASE, List.of(s), List.of(start));
        }
    }
}
