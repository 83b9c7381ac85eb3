package scmp.asm;

import scmp.isa.RelocType;

/**
 * The value of an expression: a constant ({@code base == null}) or a symbol plus a constant. That is all a
 * relocation can express, so any other combination of symbols is an error, except the difference of two
 * symbols placed in the same section, which is a constant.
 *
 * @param base the symbol the value is relative to, or null for a constant
 * @param k    the constant (the addend when {@code base} is set)
 * @param op   HI16, LO16 or HA16 when the whole expression is {@code %hi/%lo/%ha} of a symbol, else null
 * @param half whether a constant came from {@code %hi/%lo/%ha}: it is a 16-bit pattern, which a signed
 *             immediate reads as its two's complement value
 */
record Value(SymEntry base, long k, RelocType op, boolean half) {

    static Value abs(long k) {
        return new Value(null, k, null, false);
    }

    static Value rel(SymEntry base, long k) {
        return new Value(base, k, null, false);
    }

    boolean isAbs() {
        return base == null;
    }
}
