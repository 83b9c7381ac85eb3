package scmp.cpu;

import scmp.isa.Instruction;
import scmp.isa.TimingClass;
import scmp.isa.sem.RedirectKind;
import scmp.isa.sem.SemanticTable;
import scmp.isa.sem.Stmt;

/**
 * The numbers of the core's timing model, docs/timing.md sections 1 and 2. The core never hard-codes a cost:
 * it looks up an instruction's latency, unit occupancy and control bubbles here, by the instruction's
 * {@link TimingClass} as declared in the ISA table.
 *
 * <p>The issue rule every engine implements: {@code t(i+1) = max(t(i) + 1 + bubbles(i), ready(r) for each
 * source r of i+1, free(unit(i+1)))} and {@code ready(rd of i) = t(i) + latency(class(i))}.
 *
 * @param aluLatency         cycles until a dependent of an ALU instruction may issue
 * @param mulLatency         integer multiply latency (pipelined)
 * @param divLatency         integer divide and remainder latency
 * @param divBusy            cycles the unpipelined integer divider stays busy after an issue
 * @param loadLatency        load latency (one bubble to a dependent: load-use)
 * @param takenBranchBubbles bubbles after a taken conditional branch (predicted not taken, resolved in EX)
 * @param jumpBubbles        bubbles after {@code j} and {@code jal} (resolved in ID)
 * @param jalrBubbles        bubbles after {@code jalr} (resolved in EX)
 * @param jumpLinkLatency    latency of the link register written by {@code jal} and {@code jalr}
 * @param fpAddLatency       FP add, subtract, compare, negate, absolute value and move latency
 * @param fpMulLatency       FP multiply latency
 * @param fpDivLatency       FP divide latency
 * @param fpDivBusy          cycles the unpipelined FP divide/square-root unit stays busy after a divide
 * @param fpSqrtLatency      FP square-root latency
 * @param fpSqrtBusy         cycles the FP divide/square-root unit stays busy after a square root
 * @param fpCvtLatency       FP conversion and register-file move latency
 * @param threadLatency      latency of {@code rdsr}
 * @param hostLatency        latency of the result of {@code hcall}
 * @param netLatency         latency of a network instruction the NIU accepts (it writes no register)
 * @param switchCost         the thread switch cost S, in bubbles
 */
public record TimingModel(int aluLatency, int mulLatency, int divLatency, int divBusy, int loadLatency,
                          int takenBranchBubbles, int jumpBubbles, int jalrBubbles, int jumpLinkLatency,
                          int fpAddLatency, int fpMulLatency, int fpDivLatency, int fpDivBusy, int fpSqrtLatency,
                          int fpSqrtBusy, int fpCvtLatency, int threadLatency, int hostLatency, int netLatency,
                          int switchCost) {

    /** The model of docs/timing.md. */
    public static final TimingModel DEFAULT = new TimingModel(1, 3, 33, 33, 2, 2, 1, 2, 1, 3, 4, 20, 20, 25, 25, 2,
            1, 1, 1, 3);

    /**
     * Checks that every number is usable: latencies of instructions that write a register are at least one
     * cycle, so that an instruction never depends on itself, and nothing is negative.
     */
    public TimingModel {
        int[] atLeastOne = {aluLatency, mulLatency, divLatency, loadLatency, jumpLinkLatency, fpAddLatency,
            fpMulLatency, fpDivLatency, fpSqrtLatency, fpCvtLatency, threadLatency, hostLatency, netLatency};
        for (int v : atLeastOne) {
            if (v < 1) {
                throw new IllegalArgumentException("latencies must be at least 1 cycle");
            }
        }
        int[] nonNegative = {divBusy, takenBranchBubbles, jumpBubbles, jalrBubbles, fpDivBusy, fpSqrtBusy, switchCost};
        for (int v : nonNegative) {
            if (v < 0) {
                throw new IllegalArgumentException("bubbles and occupancies cannot be negative");
            }
        }
    }

    /**
     * Returns the latency of the register an instruction writes: the number of cycles from its issue until a
     * dependent instruction may issue. Stores, branches and network sends write no register; their latency is
     * the one a dummy destination receives and has no effect.
     *
     * @param insn the instruction
     * @return cycles, at least 1
     */
    public int latency(Instruction insn) {
        return switch (insn.timing) {
            case ALU -> aluLatency;
            case MUL -> mulLatency;
            case DIV -> divLatency;
            case LOAD -> loadLatency;
            case STORE, BRANCH -> 1;
            case JUMP -> jumpLinkLatency;
            case FPADD -> fpAddLatency;
            case FPMUL -> fpMulLatency;
            case FPDIV -> fpDivLatency;
            case FPSQRT -> fpSqrtLatency;
            case FPCVT -> fpCvtLatency;
            case NET -> netLatency;
            case THREAD -> threadLatency;
            case HOST -> hostLatency;
        };
    }

    /**
     * Returns how long an instruction keeps its unpipelined unit busy, or 0 when it uses no such unit.
     *
     * @param insn the instruction
     * @return cycles from its issue until the next instruction may use the unit
     */
    public int busy(Instruction insn) {
        return switch (insn.timing) {
            case DIV -> divBusy;
            case FPDIV -> fpDivBusy;
            case FPSQRT -> fpSqrtBusy;
            default -> 0;
        };
    }

    /**
     * Returns the bubbles a redirect of the given kind adds after itself when taken: a conditional branch resolves
     * in EX, a PC-relative jump in ID, a register-indirect one in EX.
     *
     * @param kind the redirect's kind
     * @return bubbles
     */
    public int bubbles(RedirectKind kind) {
        return switch (kind) {
            case BRANCH -> takenBranchBubbles;
            case JUMP -> jumpBubbles;
            case JUMP_REGISTER -> jalrBubbles;
        };
    }

    /**
     * Returns the bubbles an instruction adds after itself when it redirects control: a taken conditional
     * branch, or a jump, by the kind of the redirect its semantics declare.
     *
     * @param insn the instruction
     * @return bubbles when it is taken (branches) or always (jumps); 0 for other instructions
     */
    public int redirectBubbles(Instruction insn) {
        Stmt.Redirect r = SemanticTable.of(insn).redirect();
        return r == null ? 0 : bubbles(r.kind());
    }
}
