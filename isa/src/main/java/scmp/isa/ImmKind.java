package scmp.isa;

/**
 * How an instruction reads its immediate field. Fields are stored raw (unsigned bits); the kind turns
 * the raw bits into the operand value the assembler writes and the semantics use, and back.
 * PC-relative kinds have byte offsets as values and word offsets in the field.
 */
public enum ImmKind {
    NONE("no immediate"),
    S16("signed 16-bit, -32768..32767"),
    U16("unsigned 16-bit, 0..65535"),
    SHAMT("shift amount, 0..31"),
    PC16("signed word offset from this instruction, a byte offset in -131072..131068"),
    PC26("signed word offset from this instruction, a byte offset in -134217728..134217724"),
    ADDR17("unsigned 17-bit byte address, 0..131071"),
    STRIDE12("unsigned 12-bit stride in words, 0..4095"),
    SREG("special register (see Special registers)"),
    HCALL("host-call service number (see Host calls)");

    public final String description;

    ImmKind(String description) {
        this.description = description;
    }

    /** The operand value carried by the raw field bits. */
    public int decode(int raw, Field f) {
        return switch (this) {
            case S16 -> (short) raw;
            case PC16 -> ((short) raw) * 4;
            case PC26 -> ((raw << 6) >> 6) * 4;
            default -> raw;
        };
    }

    /** Whether the raw bits are a valid encoding (a shift amount over 31 or an unknown special register is not). */
    public boolean validRaw(int raw) {
        return switch (this) {
            case SHAMT -> raw < 32;
            case SREG -> raw < SpecialRegister.values().length;
            case HCALL -> raw < HostCall.values().length;
            default -> true;
        };
    }

    /** Whether {@code value} can be encoded. */
    public boolean fits(long value) {
        return switch (this) {
            case NONE -> false;
            case S16 -> value >= -32768 && value <= 32767;
            case U16 -> value >= 0 && value <= 0xFFFF;
            case SHAMT -> value >= 0 && value <= 31;
            case PC16 -> (value & 3) == 0 && value >= -131072 && value <= 131068;
            case PC26 -> (value & 3) == 0 && value >= -(1L << 27) && value <= (1L << 27) - 4;
            case ADDR17 -> value >= 0 && value <= 0x1FFFF;
            case STRIDE12 -> value >= 0 && value <= 0xFFF;
            case SREG -> value >= 0 && value < SpecialRegister.values().length;
            case HCALL -> value >= 0 && value < HostCall.values().length;
        };
    }

    /** The raw field bits for {@code value}; call {@link #fits} first. */
    public int encode(long value, Field f) {
        long raw = switch (this) {
            case PC16, PC26 -> value >> 2;
            default -> value;
        };
        return (int) raw & f.mask();
    }

    /** A human-readable range, for error messages. */
    public String range() {
        return description;
    }
}
