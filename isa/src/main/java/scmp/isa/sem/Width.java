package scmp.isa.sem;

/** The width of a memory access; every access must be naturally aligned. */
public enum Width {
    BYTE(1), HALF(2), WORD(4), DOUBLE(8);

    /** Bytes accessed. */
    public final int bytes;

    Width(int bytes) {
        this.bytes = bytes;
    }

    /** Returns the type of the value this width moves: an FP bit pattern for doubles, an integer otherwise. */
    public ValueType type() {
        return this == DOUBLE ? ValueType.FP : ValueType.INT;
    }
}
