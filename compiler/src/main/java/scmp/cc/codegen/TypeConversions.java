package scmp.cc.codegen;

import scmp.cc.type.Type;

/**
 * Conversions of the accumulator between types (C99 6.3): integer widening and narrowing with sign or zero
 * extension, to _Bool, between integers and floating types (runtime helpers for long long), float rounding.
 */
final class TypeConversions extends Emitter {
    TypeConversions(CodeGen g) {
        super(g);
    }

    /** Converts the accumulator from {@code from} to {@code to} (6.3). */
    void convert(Type from, Type to) {
        if (to.isVoid() || from.isAggregate() || to.isAggregate() || from.isArray() || from.isFunction()) {
            return;
        }
        if (from.isFloating()) {
            if (to.isFloating()) {
                if (to.kind == Type.Kind.FLOAT && from.kind != Type.Kind.FLOAT) {
                    emit("fcvt.s.d fa0, fa0");
                }
                return;
            }
            if (to.kind == Type.Kind.BOOL) {
                fpZero("fa1");
                emit("feq.d a0, fa0, fa1");
                emit("xori a0, a0, 1");
                return;
            }
            if (to.isLong64()) {
                emit("call " + (to.unsigned ? "__fixunsdfdi" : "__fixdfdi"));
                cutToPrecision(from, to);
                return;
            }
            emit((to.isUnsigned() ? "fcvt.wu.d" : "fcvt.w.d") + " a0, fa0");
            narrow(to);
            return;
        }
        // from is an integer or pointer
        if (to.isFloating()) {
            if (from.isLong64() && to.kind == Type.Kind.FLOAT) {
                // Straight to float: through a double would round twice.
                emit("call " + (from.unsigned ? "__floatundisf" : "__floatdisf"));
                return;
            }
            if (from.isLong64()) {
                emit("call " + (from.unsigned ? "__floatundidf" : "__floatdidf"));
            } else {
                emit((from.isUnsigned() ? "fcvt.d.wu" : "fcvt.d.w") + " fa0, a0");
            }
            roundFloat(to);
            return;
        }
        if (to.kind == Type.Kind.BOOL) {
            if (from.isLong64()) {
                emit("or a0, a0, a1");
            }
            if (from.kind != Type.Kind.BOOL) {
                emit("sltu a0, zero, a0");
            }
            return;
        }
        if (to.isLong64()) {
            if (!from.isLong64()) {
                if (from.isUnsigned()) {
                    emit("li a1, 0");
                } else {
                    emit("srai a1, a0, 31");
                }
            }
            cutToPrecision(from, to);
            return;
        }
        if (from.size() > to.size() || from.isLong64() || from.size() == to.size() && from.isUnsigned()
                != to.isUnsigned() && to.size() < 4) {
            narrow(to);
        }
    }

    /**
     * Cuts the 64-bit value in a1:a0 to the width of an unsigned long long bit-field's type ({@link
     * Type#unsignedBits}, 33 to 63 bits) unless it is already within it.
     */
    private void cutToPrecision(Type from, Type to) {
        int bits = to.precision();
        if (bits == 0 || from.precision() != 0 && from.precision() <= bits || !from.isLong64() && from.isUnsigned()) {
            return;
        }
        emit("slli a1, a1, " + (64 - bits));
        emit("srli a1, a1, " + (64 - bits));
    }

    /** Truncates a0 to a type narrower than 32 bits, sign- or zero-extending as the type says. */
    private void narrow(Type to) {
        switch (to.kind) {
            case CHAR -> {
                if (to.unsigned) {
                    emit("andi a0, a0, 255");
                } else {
                    emit("slli a0, a0, 24");
                    emit("srai a0, a0, 24");
                }
            }
            case SHORT -> {
                if (to.unsigned) {
                    emit("andi a0, a0, 65535");
                } else {
                    emit("slli a0, a0, 16");
                    emit("srai a0, a0, 16");
                }
            }
            case BOOL -> emit("sltu a0, zero, a0");
            default -> {
            }
        }
    }
}
