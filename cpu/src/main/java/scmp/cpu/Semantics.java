package scmp.cpu;

/**
 * The semantics of the instructions that take more than one Java operator, shared by every engine so that
 * they agree bit for bit. Integer operations wrap (Java's int arithmetic); FP operations are IEEE double
 * precision, which Java computes exactly as the ISA requires for + - * / and sqrt.
 *
 * <p>NaN results are canonical: an arithmetic or conversion result that is NaN is the quiet NaN
 * {@link #CANONICAL_NAN} (and {@link #CANONICAL_NAN_FLOAT} in single precision), whatever the operands'
 * payloads, so that results never depend on the host's NaN propagation. Sign operations ({@code fneg.d},
 * {@code fabs.d}), moves and 64-bit loads and stores copy bits unchanged.
 */
public final class Semantics {
    private Semantics() {
    }

    /** The double NaN every arithmetic NaN result is replaced by. */
    public static final long CANONICAL_NAN = 0x7ff8000000000000L;
    /** The float NaN every single-precision NaN result is replaced by. */
    public static final int CANONICAL_NAN_FLOAT = 0x7fc00000;
    private static final long SIGN = 0x8000000000000000L;

    /** Returns the high 32 bits of the signed 64-bit product. */
    public static int mulh(int a, int b) {
        return (int) (((long) a * (long) b) >> 32);
    }

    /** Returns the high 32 bits of the unsigned 64-bit product. */
    public static int mulhu(int a, int b) {
        return (int) (((a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL)) >>> 32);
    }

    /** Returns the bits of a double result, NaN made canonical. */
    public static long bits(double r) {
        return r != r ? CANONICAL_NAN : Double.doubleToRawLongBits(r);
    }

    /** Returns the value held in an FP register. */
    public static double val(long bits) {
        return Double.longBitsToDouble(bits);
    }

    /** {@code fneg.d}: flips the sign bit. */
    public static long fneg(long bits) {
        return bits ^ SIGN;
    }

    /** {@code fabs.d}: clears the sign bit. */
    public static long fabs(long bits) {
        return bits & ~SIGN;
    }

    /** {@code fcvt.w.d}: truncates toward zero; NaN gives 0, out-of-range values saturate. */
    public static int fcvtWD(long bits) {
        return (int) val(bits);
    }

    /** {@code fcvt.wu.d}: truncates toward zero to unsigned; NaN and negatives give 0, too large saturates. */
    public static int fcvtWuD(long bits) {
        double d = val(bits);
        if (!(d > 0)) {
            return 0;
        }
        if (d >= 4294967295.0) {
            return -1;
        }
        return (int) (long) d;
    }

    /** {@code fcvt.d.wu}: the unsigned value of {@code a} as a double (exact). */
    public static long fcvtDWu(int a) {
        return Double.doubleToRawLongBits(a & 0xFFFFFFFFL);
    }

    /** {@code fcvt.d.w}: the signed value of {@code a} as a double (exact). */
    public static long fcvtDW(int a) {
        return Double.doubleToRawLongBits(a);
    }

    /** {@code fcvt.s.d}: rounds to single precision (nearest even) and back to double format. */
    public static long roundToFloat(long bits) {
        return bits((double) (float) val(bits));
    }

    /** {@code fmv.x.w} and {@code fsw}: the single-precision bit pattern of the value rounded to float. */
    public static int toFloatBits(long bits) {
        float f = (float) val(bits);
        return f != f ? CANONICAL_NAN_FLOAT : Float.floatToRawIntBits(f);
    }

    /** {@code fmv.w.x} and {@code flw}: the double value of a single-precision bit pattern (exact widening). */
    public static long fromFloatBits(int w) {
        return bits(Float.intBitsToFloat(w));
    }

    /** {@code fmv.d.x}: the double whose bit pattern is {@code hi:lo}. */
    public static long fromWords(int lo, int hi) {
        return ((long) hi << 32) | (lo & 0xFFFFFFFFL);
    }
}
