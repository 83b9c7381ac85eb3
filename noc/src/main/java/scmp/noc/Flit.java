package scmp.noc;

/**
 * The 35-bit SCMP flit, held in a primitive {@code long} so that buffers and links are flat arrays.
 *
 * <p>Bits 31..0 are the payload, bit 32 the tail bit, bit 33 the head bit and bit 34 the valid bit: these
 * 35 bits are the hardware flit of the thesis (section 2.2.1). Bits 35..63 are simulator side-band that
 * no hardware would carry: bit 35 is the watch bit, which makes every router report the flit to the
 * network's {@link FlitTracer}, and bits 63..36 are a 28-bit tag that the network carries unchanged, so
 * that a sender can recognise its messages at the receiver without spending payload bits.
 *
 * <p>The value {@link #NONE} (zero, valid bit clear) means "no flit" wherever a method returns a flit.
 * The layout and the message format are described in docs/noc.md.
 */
public final class Flit {
    private Flit() {
    }

    /** The absence of a flit: all bits zero, so the valid bit is clear. */
    public static final long NONE = 0L;
    /** Mask of the 32-bit payload. */
    public static final long PAYLOAD_MASK = 0xFFFF_FFFFL;
    /** The tail bit: set on the last flit of a message. */
    public static final long TAIL = 1L << 32;
    /** The head bit: set on the first flit of a message, whose payload is a head word. */
    public static final long HEAD = 1L << 33;
    /** The valid bit: set by the network when the flit enters it. */
    public static final long VALID = 1L << 34;
    /** Mask of the 35 hardware bits. */
    public static final long HARDWARE_MASK = (1L << 35) - 1;
    /** The simulator-only watch bit: routers report watched flits to the tracer. */
    public static final long WATCH = 1L << 35;
    /** Position of the simulator-only tag. */
    public static final int TAG_SHIFT = 36;
    /** Largest tag value (28 bits). */
    public static final int MAX_TAG = (1 << 28) - 1;

    /**
     * Builds a flit from a payload and its head and tail bits; the valid bit is left for the network to set.
     *
     * @param payload the 32-bit payload
     * @param head whether this is the first flit of a message
     * @param tail whether this is the last flit of a message
     * @return the flit
     */
    public static long of(int payload, boolean head, boolean tail) {
        return (payload & PAYLOAD_MASK) | (head ? HEAD : 0) | (tail ? TAIL : 0);
    }

    /** Returns the 32-bit payload of a flit. */
    public static int payload(long flit) {
        return (int) flit;
    }

    /** Returns the flit with its payload replaced and every other bit kept. */
    public static long withPayload(long flit, int payload) {
        return (flit & ~PAYLOAD_MASK) | (payload & PAYLOAD_MASK);
    }

    /** Tells whether the head bit is set. */
    public static boolean isHead(long flit) {
        return (flit & HEAD) != 0;
    }

    /** Tells whether the tail bit is set. */
    public static boolean isTail(long flit) {
        return (flit & TAIL) != 0;
    }

    /** Tells whether the valid bit is set, that is whether this is a flit at all. */
    public static boolean isValid(long flit) {
        return (flit & VALID) != 0;
    }

    /** Tells whether the simulator-only watch bit is set. */
    public static boolean isWatched(long flit) {
        return (flit & WATCH) != 0;
    }

    /** Returns the flit with the watch bit set. */
    public static long watched(long flit) {
        return flit | WATCH;
    }

    /** Returns the simulator-only 28-bit tag of a flit. */
    public static int tag(long flit) {
        return (int) (flit >>> TAG_SHIFT);
    }

    /**
     * Returns the flit with its simulator-only tag replaced.
     *
     * @param flit the flit
     * @param tag a value in 0..{@link #MAX_TAG}
     * @return the tagged flit
     */
    public static long withTag(long flit, int tag) {
        if (tag < 0 || tag > MAX_TAG) {
            throw new IllegalArgumentException("flit tag out of range: " + tag);
        }
        return (flit & ((1L << TAG_SHIFT) - 1)) | ((long) tag << TAG_SHIFT);
    }

    /** Renders a flit as {@code H.V payload=0x... tag=...} for traces and reports. */
    public static String toString(long flit) {
        if (flit == NONE) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(isHead(flit) ? 'H' : '.').append(isTail(flit) ? 'T' : '.').append(isValid(flit) ? 'V' : '.');
        if (isWatched(flit)) {
            sb.append('W');
        }
        sb.append(String.format(" %08x", payload(flit)));
        if (tag(flit) != 0) {
            sb.append(" #").append(tag(flit));
        }
        return sb.toString();
    }
}
