package scmp.isa.sem;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import scmp.isa.Instruction;

/**
 * What one instruction does, as declared in {@link SemanticTable}: its statements, in order, and its implicit
 * operands. The properties below are read off the statements, so that no part of the simulator classifies
 * instructions on its own.
 *
 * @param instruction the instruction
 * @param body        the statements
 * @param implicit    the operands it reads or writes beyond its syntax
 */
public record InstructionSemantics(Instruction instruction, List<Stmt> body, List<Implicit> implicit) {

    /** Copies the lists. */
    public InstructionSemantics {
        Objects.requireNonNull(instruction);
        body = List.copyOf(body);
        implicit = List.copyOf(implicit);
        if (body.isEmpty()) {
            throw new IllegalArgumentException(instruction + " has no statements");
        }
    }

    /** Tells whether the instruction reads the node's memory (a load). */
    public boolean readsMemory() {
        return Operands.accessed(this).loads();
    }

    /** Tells whether the instruction writes the node's memory. */
    public boolean writesMemory() {
        return has(Stmt.Store.class);
    }

    /** Tells whether the instruction hands flits to the NIU (any send). */
    public boolean sends() {
        return has(Stmt.SendHead.class) || has(Stmt.SendData.class) || has(Stmt.SendDma.class);
    }

    /** Tells whether the instruction ends a message: a send with the tail bit. */
    public boolean endsMessage() {
        for (Stmt s : body) {
            if (s instanceof Stmt.SendData d && d.tail() || s instanceof Stmt.SendDma m && m.tail()) {
                return true;
            }
        }
        return false;
    }

    /** Tells whether the instruction calls the host. */
    public boolean callsHost() {
        return has(Stmt.HostCall.class);
    }

    /** Tells whether the instruction gives up the processor and stays ready ({@code suspend}). */
    public boolean suspends() {
        return stop() == StopKind.SUSPEND;
    }

    /** Tells whether the instruction ends its thread ({@code endt}). */
    public boolean endsThread() {
        return stop() == StopKind.END_THREAD;
    }

    /**
     * Tells whether the instruction has effects outside its own thread's registers: it writes memory, sends,
     * calls the host or ends the thread. A thread that executes none of these only waits; the machine's livelock
     * check relies on it.
     */
    public boolean hasEffectsOutsideThread() {
        return writesMemory() || sends() || callsHost() || endsThread();
    }

    /** Returns how the instruction gives up the processor, or null when it does not. */
    public StopKind stop() {
        for (Stmt s : body) {
            if (s instanceof Stmt.Stop st) {
                return st.kind();
            }
        }
        return null;
    }

    /** Returns the instruction's redirect, or null when it does not change the flow of control. */
    public Stmt.Redirect redirect() {
        for (Stmt s : body) {
            if (s instanceof Stmt.Redirect r) {
                return r;
            }
        }
        return null;
    }

    /** Returns the link register of a jump that links, or null. */
    public Reg link() {
        Stmt.Redirect r = redirect();
        return r == null ? null : r.link();
    }

    /** Returns the unpipelined units the instruction occupies. */
    public List<Unit> units() {
        List<Unit> out = new ArrayList<>();
        for (Stmt s : body) {
            if (s instanceof Stmt.Occupy o) {
                out.add(o.unit());
            }
        }
        return out;
    }

    private boolean has(Class<? extends Stmt> kind) {
        for (Stmt s : body) {
            if (kind.isInstance(s)) {
                return true;
            }
        }
        return false;
    }
}
