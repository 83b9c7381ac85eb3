package scmp.isa;

/**
 * A bit field of an instruction word: bits {@code lo .. lo+width-1}.
 *
 * @param name   the field's name as used in operand syntax ("d", "s1", "s2", "imm", "type", "funct")
 * @param lo     lowest bit
 * @param width  number of bits
 * @param signed whether the field is read as a two's complement number (immediates only)
 */
public record Field(String name, int lo, int width, boolean signed) {
    public int mask() {
        return width == 32 ? -1 : ((1 << width) - 1);
    }

    /** Extracts this field from an instruction word, sign-extending if signed. */
    public int get(int word) {
        int v = (word >>> lo) & mask();
        if (signed && width < 32) {
            v = (v << (32 - width)) >> (32 - width);
        }
        return v;
    }

    /** Puts {@code value} (already range-checked) into {@code word}. */
    public int put(int word, int value) {
        return (word & ~(mask() << lo)) | ((value & mask()) << lo);
    }

    /** Whether {@code value} is representable in this field. */
    public boolean fits(long value) {
        if (signed) {
            long min = -(1L << (width - 1));
            long max = (1L << (width - 1)) - 1;
            return value >= min && value <= max;
        }
        return value >= 0 && value < (1L << width);
    }

    public int hi() {
        return lo + width - 1;
    }
}
