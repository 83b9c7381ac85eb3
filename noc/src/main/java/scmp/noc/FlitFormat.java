package scmp.noc;

/**
 * The layout of a head flit's 32-bit payload: the X and Y offsets in sign-magnitude, the message type and
 * the stride. Two variants exist and a network uses one, chosen by {@link NocConfig#format()}.
 *
 * <pre>
 *  SCMP (faithful, meshes up to 8x8):
 *   31  30..28  27  26..24  23..20   19..16  15..0
 *   sx  |dx|    sy  |dy|    0000     type    stride (signed words)
 *
 *  WIDE (meshes up to 32x32):
 *   31  30..26  25  24..20           19..16  15..0
 *   sx  |dx|    sy  |dy|             type    stride (signed words)
 * </pre>
 *
 * A sign bit of 1 means the negative direction: west for X, north for Y (see docs/noc.md). The type and the
 * stride sit at the same bits in both variants. Routers only look at the offsets: the router that forwards
 * a head flit decrements the magnitude of the dimension it moves in, and the flit is ejected where both
 * magnitudes are zero, so no router needs to know where it is.
 */
public enum FlitFormat {
    /** The thesis's layout: sign plus a 3-bit magnitude per dimension, so offsets -7..7. */
    SCMP(3),
    /** The wider variant: sign plus a 5-bit magnitude per dimension, so offsets -31..31. */
    WIDE(5);

    /** Bits of each offset's magnitude. */
    public final int magnitudeBits;
    private final int xShift;
    private final int yShift;
    private final int magMask;
    private final int xSign;
    private final int ySign;

    /** Position of the 4-bit message type. */
    public static final int TYPE_SHIFT = 16;
    /** Largest message type code. */
    public static final int MAX_TYPE = 15;

    FlitFormat(int magnitudeBits) {
        this.magnitudeBits = magnitudeBits;
        this.xShift = 31 - magnitudeBits;
        this.yShift = xShift - 1 - magnitudeBits;
        this.magMask = (1 << magnitudeBits) - 1;
        this.xSign = 1 << 31;
        this.ySign = 1 << (yShift + magnitudeBits);
    }

    /** Returns the largest offset magnitude a head flit can carry. */
    public int maxOffset() {
        return magMask;
    }

    /** Returns the widest mesh side whose every offset fits: {@code maxOffset() + 1}. */
    public int maxMeshSide() {
        return magMask + 1;
    }

    /**
     * Encodes a head flit payload.
     *
     * @param dx the X offset to the destination, hops east when positive
     * @param dy the Y offset to the destination, hops south when positive
     * @param type the message type code, 0..15
     * @param stride the DATA stride in words, -32768..32767
     * @return the payload
     * @throws IllegalArgumentException when a field does not fit
     */
    public int encode(int dx, int dy, int type, int stride) {
        if (Math.abs(dx) > magMask || Math.abs(dy) > magMask) {
            throw new IllegalArgumentException("offset (" + dx + "," + dy + ") does not fit the " + this
                    + " head format (magnitudes up to " + magMask + ")");
        }
        if (type < 0 || type > MAX_TYPE) {
            throw new IllegalArgumentException("message type out of range: " + type);
        }
        if (stride < Short.MIN_VALUE || stride > Short.MAX_VALUE) {
            throw new IllegalArgumentException("stride out of range: " + stride);
        }
        int p = (Math.abs(dx) << xShift) | (Math.abs(dy) << yShift) | (type << TYPE_SHIFT) | (stride & 0xFFFF);
        if (dx < 0) {
            p |= xSign;
        }
        if (dy < 0) {
            p |= ySign;
        }
        return p;
    }

    /** Returns the magnitude of the X offset. */
    public int xMagnitude(int payload) {
        return (payload >>> xShift) & magMask;
    }

    /** Returns the magnitude of the Y offset. */
    public int yMagnitude(int payload) {
        return (payload >>> yShift) & magMask;
    }

    /** Tells whether the X sign bit is set (west). */
    public boolean xNegative(int payload) {
        return (payload & xSign) != 0;
    }

    /** Tells whether the Y sign bit is set (north). */
    public boolean yNegative(int payload) {
        return (payload & ySign) != 0;
    }

    /** Returns the signed X offset; a negative zero reads as zero. */
    public int dx(int payload) {
        int m = xMagnitude(payload);
        return xNegative(payload) ? -m : m;
    }

    /** Returns the signed Y offset; a negative zero reads as zero. */
    public int dy(int payload) {
        int m = yMagnitude(payload);
        return yNegative(payload) ? -m : m;
    }

    /** Returns the 4-bit message type code. */
    public int type(int payload) {
        return (payload >>> TYPE_SHIFT) & MAX_TYPE;
    }

    /** Returns the signed 16-bit stride in words. */
    public int stride(int payload) {
        return (short) payload;
    }

    /**
     * Returns the payload with the X magnitude decreased by one, sign kept: what a router forwards after an
     * X hop.
     *
     * @throws IllegalStateException when the magnitude is already zero
     */
    public int decrementX(int payload) {
        if (xMagnitude(payload) == 0) {
            throw new IllegalStateException("X offset already zero");
        }
        return payload - (1 << xShift);
    }

    /**
     * Returns the payload with the Y magnitude decreased by one, sign kept: what a router forwards after a
     * Y hop.
     *
     * @throws IllegalStateException when the magnitude is already zero
     */
    public int decrementY(int payload) {
        if (yMagnitude(payload) == 0) {
            throw new IllegalStateException("Y offset already zero");
        }
        return payload - (1 << yShift);
    }

    /** Returns the format that fits a mesh of the given sides: SCMP when it can, WIDE otherwise. */
    public static FlitFormat smallestFor(int width, int height) {
        for (FlitFormat f : values()) {
            if (width <= f.maxMeshSide() && height <= f.maxMeshSide()) {
                return f;
            }
        }
        throw new IllegalArgumentException("no head format fits a " + width + "x" + height + " mesh (at most "
                + WIDE.maxMeshSide() + " per side)");
    }
}
