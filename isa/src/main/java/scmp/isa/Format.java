package scmp.isa;

import java.util.List;

/**
 * Instruction formats. Every format has the 6-bit major opcode in bits 31..26; the remaining bits are
 * named fields. Register slots are called d, s1 and s2 whatever their position, so operand syntax can
 * name them uniformly ({@code rd}/{@code fd} is slot d read as an integer or FP register).
 */
public enum Format {
    /** Register-register: d, s1, s2 and an 11-bit function code. */
    R(List.of(reg("d", 21), reg("s1", 16), reg("s2", 11), new Field("funct", 0, 11, false))),
    /** Register-immediate: d, s1 and a 16-bit immediate (sign read per instruction, see {@link ImmKind}). */
    I(List.of(reg("d", 21), reg("s1", 16), new Field("imm", 0, 16, false))),
    /** Store: the stored register s2 sits where d sits in I. */
    S(List.of(reg("s2", 21), reg("s1", 16), new Field("imm", 0, 16, false))),
    /** Conditional branch: two sources and a signed word offset from the branch itself. */
    B(List.of(reg("s1", 21), reg("s2", 16), new Field("imm", 0, 16, false))),
    /** Jump: a signed 26-bit word offset from the jump itself. */
    J(List.of(new Field("imm", 0, 26, false))),
    /** SENDH_I: destination register, 4-bit message type, 17-bit unsigned address. */
    H(List.of(reg("s1", 21), new Field("type", 17, 4, false), new Field("imm", 0, 17, false))),
    /** SENDH_R: destination and address registers, 4-bit message type, 12-bit unsigned stride. */
    HR(List.of(reg("s1", 21), reg("s2", 16), new Field("type", 12, 4, false), new Field("imm", 0, 12, false))),
    /** SENDH_RR (extension): destination, address and stride registers, 4-bit message type. */
    HX(List.of(reg("s1", 21), reg("s2", 16), reg("s3", 11), new Field("type", 7, 4, false)));

    public static final Field OPCODE = new Field("op", 26, 6, false);

    private final List<Field> fields;

    Format(List<Field> fields) {
        this.fields = fields;
    }

    private static Field reg(String name, int lo) {
        return new Field(name, lo, 5, false);
    }

    public List<Field> fields() {
        return fields;
    }

    /** The field called {@code name}, or null. */
    public Field field(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
