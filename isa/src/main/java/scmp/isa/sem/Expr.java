package scmp.isa.sem;

import java.util.Objects;

/**
 * A value computed by an instruction. Expressions have no side effects, except that a division by zero and a
 * load from an address the thread may not read are guest faults, raised where the expression is evaluated.
 */
public sealed interface Expr {

    /** Returns the type of the value: an integer unless the kind of expression says otherwise. */
    default ValueType type() {
        return ValueType.INT;
    }

    /**
     * Passes this expression to the visitor's method for its kind.
     *
     * @param v   the visitor
     * @param <R> what the visitor returns
     * @return the visitor's result
     */
    <R> R accept(Visitor<R> v);

    /** One method per kind of expression. */
    interface Visitor<R> {
        R visit(X e);

        R visit(F e);

        R visit(Imm e);

        R visit(MessageType e);

        R visit(Pc e);

        R visit(Const e);

        R visit(Binary e);

        R visit(Compare e);

        R visit(FpBinary e);

        R visit(FpUnary e);

        R visit(FpCompare e);

        R visit(Convert e);

        R visit(Pack e);

        R visit(Load e);

        R visit(SpecialRegister e);
    }

    /**
     * An integer register's value.
     *
     * @param reg the register
     */
    record X(Reg reg) implements Expr {
        public X {
            Objects.requireNonNull(reg);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * An FP register's bit pattern.
     *
     * @param reg the register, a syntax slot (there are no fixed FP registers)
     */
    record F(Reg.Slot reg) implements Expr {
        public F {
            Objects.requireNonNull(reg);
        }

        @Override
        public ValueType type() {
            return ValueType.FP;
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * The immediate field's value, read as the instruction's {@link scmp.isa.ImmKind} says: PC-relative ones as
     * byte offsets from the instruction, a special register's or host call's number.
     */
    record Imm() implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /** The message type field of a network head instruction. */
    record MessageType() implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /** The address of the instruction itself. */
    record Pc() implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * A constant.
     *
     * @param value the value
     */
    record Const(int value) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * An integer operation.
     *
     * @param op the operation
     * @param a  the first operand
     * @param b  the second operand (the shift amount, the divisor)
     */
    record Binary(IntOp op, Expr a, Expr b) implements Expr {
        public Binary {
            Objects.requireNonNull(op);
            requireType(a, ValueType.INT);
            requireType(b, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * An integer comparison: 1 when it holds, else 0 (as a redirect's condition: whether it holds).
     *
     * @param cond the comparison
     * @param a    the left operand
     * @param b    the right operand
     */
    record Compare(IntCond cond, Expr a, Expr b) implements Expr {
        public Compare {
            Objects.requireNonNull(cond);
            requireType(a, ValueType.INT);
            requireType(b, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * A binary FP operation.
     *
     * @param op the operation
     * @param a  the first operand
     * @param b  the second operand
     */
    record FpBinary(FpOp op, Expr a, Expr b) implements Expr {
        public FpBinary {
            Objects.requireNonNull(op);
            requireType(a, ValueType.FP);
            requireType(b, ValueType.FP);
        }

        @Override
        public ValueType type() {
            return ValueType.FP;
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * A unary FP operation.
     *
     * @param op the operation
     * @param a  the operand
     */
    record FpUnary(FpUnaryOp op, Expr a) implements Expr {
        public FpUnary {
            Objects.requireNonNull(op);
            requireType(a, ValueType.FP);
        }

        @Override
        public ValueType type() {
            return ValueType.FP;
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * An FP comparison: 1 when it holds, else 0.
     *
     * @param cond the comparison
     * @param a    the left operand
     * @param b    the right operand
     */
    record FpCompare(FpCond cond, Expr a, Expr b) implements Expr {
        public FpCompare {
            Objects.requireNonNull(cond);
            requireType(a, ValueType.FP);
            requireType(b, ValueType.FP);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * A conversion.
     *
     * @param conv the conversion
     * @param a    the operand, of the conversion's source type
     */
    record Convert(Conversion conv, Expr a) implements Expr {
        public Convert {
            Objects.requireNonNull(conv);
            requireType(a, conv.from);
        }

        @Override
        public ValueType type() {
            return conv.to;
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * The FP bit pattern made of two integer words.
     *
     * @param lo the low 32 bits
     * @param hi the high 32 bits
     */
    record Pack(Expr lo, Expr hi) implements Expr {
        public Pack {
            requireType(lo, ValueType.INT);
            requireType(hi, ValueType.INT);
        }

        @Override
        public ValueType type() {
            return ValueType.FP;
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * A load from the node's memory, naturally aligned; bytes and halfwords are sign- or zero-extended.
     *
     * @param width   the access width
     * @param signed  whether a byte or halfword is sign-extended (words and doubles: true)
     * @param address the byte address
     */
    record Load(Width width, boolean signed, Expr address) implements Expr {
        public Load {
            Objects.requireNonNull(width);
            requireType(address, ValueType.INT);
            if (!signed && width.bytes > 2) {
                throw new IllegalArgumentException("only bytes and halfwords load unsigned");
            }
        }

        @Override
        public ValueType type() {
            return width.type();
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * The value of a special register at the instruction's issue cycle ({@link scmp.isa.SpecialRegister}).
     *
     * @param number the register's number
     */
    record SpecialRegister(Expr number) implements Expr {
        public SpecialRegister {
            requireType(number, ValueType.INT);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visit(this);
        }
    }

    /**
     * Checks an operand's type.
     *
     * @param e    the operand
     * @param type the type it must have
     */
    static void requireType(Expr e, ValueType type) {
        if (e.type() != type) {
            throw new IllegalArgumentException("expected a value of type " + type + ": " + e);
        }
    }
}
