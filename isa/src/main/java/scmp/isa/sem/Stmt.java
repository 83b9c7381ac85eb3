package scmp.isa.sem;

import java.util.List;
import java.util.Objects;

/**
 * One effect of an instruction. An instruction's statements take effect in order; every operand expression is
 * evaluated before its statement's effect, so {@code jalr ra, ra, 0} jumps to the old {@code ra}.
 */
public sealed interface Stmt {

    /**
     * Passes this statement to the visitor's method for its kind.
     *
     * @param v   the visitor
     * @param <R> what the visitor returns
     * @return the visitor's result
     */
    <R> R accept(Visitor<R> v);

    /** One method per kind of statement. */
    interface Visitor<R> {
        R visit(SetX s);

        R visit(SetF s);

        R visit(Store s);

        R visit(Redirect s);

        R visit(Occupy s);

        R visit(SendHead s);

        R visit(SendData s);

        R visit(SendDma s);

        R visit(Stop s);

        R visit(HostCall s);
    }

    /**
     * Writes an integer register (a write to r0 is lost).
     *
     * @param reg   the register
     * @param value the value
     */
    record SetX(Reg reg, Expr value) implements Stmt {
        public SetX {
            Objects.requireNonNull(reg);
            Expr.requireType(value, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Writes an FP register.
     *
     * @param reg   the register
     * @param value the bit pattern
     */
    record SetF(Reg.Slot reg, Expr value) implements Stmt {
        public SetF {
            Objects.requireNonNull(reg);
            Expr.requireType(value, ValueType.FP);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Stores to the node's memory, naturally aligned: the low bytes of an integer, or a double's bit pattern.
     *
     * @param width   the access width
     * @param address the byte address
     * @param value   the value, of the width's type
     */
    record Store(Width width, Expr address, Expr value) implements Stmt {
        public Store {
            Objects.requireNonNull(width);
            Expr.requireType(address, ValueType.INT);
            Expr.requireType(value, width.type());
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Changes the flow of control: when the condition holds (always when it is null), execution goes on at the
     * target, which must be an instruction of the text, and the link register (if any) receives {@code pc + 4}.
     * The target is computed before the link is written. A redirect taken costs the bubbles of its kind.
     *
     * @param condition the condition, an integer comparison, or null for an unconditional jump
     * @param target    the target address
     * @param link      the register that receives the return address, or null
     * @param kind      how the pipeline resolves it
     */
    record Redirect(Expr condition, Expr target, Reg link, RedirectKind kind) implements Stmt {
        public Redirect {
            if (condition != null) {
                Expr.requireType(condition, ValueType.INT);
            }
            Expr.requireType(target, ValueType.INT);
            Objects.requireNonNull(kind);
            if ((condition != null) != (kind == RedirectKind.BRANCH)) {
                throw new IllegalArgumentException("exactly the branches are conditional");
            }
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Occupies an unpipelined unit: the instruction waited for it to be free, and it stays busy for the time
     * the timing model gives the instruction's timing class.
     *
     * @param unit the unit
     */
    record Occupy(Unit unit) implements Stmt {
        public Occupy {
            Objects.requireNonNull(unit);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Starts a message: the head and address flits go to the NIU (docs/timing.md section 3). The NIU may refuse
     * the instruction (its queue is full): then nothing happens and the thread blocks until it can re-issue it.
     *
     * @param node    the destination node
     * @param type    the message type code
     * @param address the address flit
     * @param stride  the stride in words between the data words at the target (DATA messages)
     */
    record SendHead(Expr node, Expr type, Expr address, Expr stride) implements Stmt {
        public SendHead {
            Expr.requireType(node, ValueType.INT);
            Expr.requireType(type, ValueType.INT);
            Expr.requireType(address, ValueType.INT);
            Expr.requireType(stride, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Appends data flits to the open message; may be refused like {@link SendHead}.
     *
     * @param words one or two words, in order
     * @param tail  whether the last one carries the tail bit, ending the message
     */
    record SendData(List<Expr> words, boolean tail) implements Stmt {
        public SendData {
            words = List.copyOf(words);
            if (words.isEmpty() || words.size() > 2) {
                throw new IllegalArgumentException("one or two data words");
            }
            words.forEach(w -> Expr.requireType(w, ValueType.INT));
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Appends words that the NIU reads from the sender's memory by DMA; may be refused like {@link SendHead}.
     *
     * @param address     the first word's address
     * @param strideCount the stride in words (upper 16 bits, signed) and the word count (lower 16 bits)
     * @param tail        whether the last word carries the tail bit, ending the message
     */
    record SendDma(Expr address, Expr strideCount, boolean tail) implements Stmt {
        public SendDma {
            Expr.requireType(address, ValueType.INT);
            Expr.requireType(strideCount, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Gives up the processor: the next ready thread runs after the switch cost.
     *
     * @param kind whether the thread stays ready or ends
     */
    record Stop(StopKind kind) implements Stmt {
        public Stop {
            Objects.requireNonNull(kind);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Calls the host ({@link scmp.isa.HostCall}): the service reads its {@linkplain scmp.isa.HostCall#argumentCount
     * arguments} from a0 upward and writes its {@linkplain scmp.isa.HostCall#results results}; a service may end
     * the simulation. On a machine with several nodes the call waits until the host calls of every node before its
     * cycle are done.
     *
     * @param service the service number
     */
    record HostCall(Expr service) implements Stmt {
        public HostCall {
            Expr.requireType(service, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }
}
