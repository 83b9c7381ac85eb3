package scmp.isa;

/**
 * ELF relocation types of the SCMP target (section type SHT_RELA, explicit addends). Each type says which
 * bits of the 32-bit little-endian word at the relocated offset it patches. S is the symbol's value, A the
 * addend, P the address of the relocated word.
 */
public enum RelocType {
    NONE(0, "no relocation"),
    ABS32(1, "word = S + A (data, .word sym)"),
    HI16(2, "imm16 of lui/ori = (S + A) >>> 16"),
    LO16(3, "imm16 = (S + A) & 0xffff"),
    HA16(4, "imm16 = (S + A + 0x8000) >>> 16, the high half adjusted for a signed %lo"),
    PC16(5, "branch imm16 = (S + A - P) / 4; must be a multiple of 4 within +-128 KiB"),
    PC26(6, "j/jal imm26 = (S + A - P) / 4; must be a multiple of 4 within +-128 MiB"),
    ABS17(7, "sendh_i imm17 = S + A; must be below 0x20000"),
    ABS16(8, "halfword = S + A (data, .half sym); must fit in 16 bits, signed or unsigned");

    /** The ELF r_info type number, {@code R_SCMP_<name>}. */
    public final int code;
    public final String description;

    RelocType(int code, String description) {
        this.code = code;
        this.description = description;
    }

    public String elfName() {
        return "R_SCMP_" + name();
    }

    public static RelocType byCode(int code) {
        for (RelocType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }

    /** Number of bytes the relocation patches (2 for ABS16, 4 otherwise). */
    public int size() {
        return this == ABS16 ? 2 : 4;
    }

    /**
     * Applies the relocation to {@code word} (for ABS16 the halfword in the low 16 bits).
     *
     * @param value S + A
     * @param place P, the address of the relocated word
     * @return the patched word
     * @throws EncodingException when the value does not fit
     */
    public int apply(int word, long value, long place) throws EncodingException {
        switch (this) {
            case NONE:
                return word;
            case ABS32:
                return (int) value;
            case ABS16:
                if (value < -32768 || value > 0xFFFF) {
                    throw new EncodingException("out of range: value " + hex(value)
                            + " does not fit in 16 bits (-0x8000..0xffff)");
                }
                return (int) value & 0xFFFF;
            case HI16:
                return (word & 0xFFFF0000) | (int) ((value >>> 16) & 0xFFFF);
            case LO16:
                return (word & 0xFFFF0000) | (int) (value & 0xFFFF);
            case HA16:
                return (word & 0xFFFF0000) | (int) (((value + 0x8000) >>> 16) & 0xFFFF);
            case PC16: {
                long off = value - place;
                checkTarget("branch", "a branch reaches", ImmKind.PC16, off, 131072);
                return (word & 0xFFFF0000) | (int) ((off >> 2) & 0xFFFF);
            }
            case PC26: {
                long off = value - place;
                checkTarget("jump", "j and jal reach", ImmKind.PC26, off, 1L << 27);
                return (word & 0xFC000000) | (int) ((off >> 2) & 0x03FFFFFF);
            }
            case ABS17:
                if (value < 0 || value > 0x1FFFF) {
                    throw new EncodingException("out of range: address " + hex(value)
                            + " does not fit sendh_i's 17-bit address (0..0x1ffff); use sendh_r");
                }
                return (word & ~0x1FFFF) | (int) value;
            default:
                throw new AssertionError(this);
        }
    }

    /** Rejects a PC-relative distance that is not a multiple of 4 or does not fit, saying which. */
    private static void checkTarget(String what, String reach, ImmKind kind, long off, long limit)
            throws EncodingException {
        if ((off & 3) != 0) {
            throw new EncodingException("misaligned " + what + " target: it is " + off
                    + " bytes away, not a multiple of 4");
        }
        if (!kind.fits(off)) {
            throw new EncodingException(what + " target out of range: it is " + off + " bytes away; " + reach + " "
                    + -limit + ".." + (limit - 4) + " bytes");
        }
    }

    private static String hex(long v) {
        return v < 0 ? "-0x" + Long.toHexString(-v) : "0x" + Long.toHexString(v);
    }
}
