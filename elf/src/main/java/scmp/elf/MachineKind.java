package scmp.elf;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The machine models a program can be built for and run on: the SCMP chip, and the Cray T3D and IBM SP
 * machines the thesis compares it with. All three execute the SCMP instruction set; they differ in their
 * network and its interface, so a program is compiled against one model's headers and libraries, and its
 * objects and executable record the model in {@code e_flags} (docs/abi.md, "ELF conventions"). This enum is
 * the one declaration of the models that the compiler driver, the assembler, the linker, scmpdump and the
 * simulator share.
 */
public enum MachineKind {
    /** The SCMP chip, the default: e_flags model 0, so that files from before models existed are SCMP files. */
    SCMP(0, "the SCMP chip"),
    /** The Cray T3D. */
    T3D(1, "the Cray T3D"),
    /** The IBM SP. */
    SP(2, "the IBM SP");

    /** The bits of {@code e_flags} that hold the model's code. */
    public static final int EF_MODEL_MASK = 0xF;
    /**
     * The {@code e_flags} bit of an object that uses no model's interface (only the instruction set and the host
     * calls), so that it links into a program of any model; its model bits are 0. Executables never have it.
     */
    public static final int EF_ANY_MODEL = 0x10;

    private final int code;
    private final String description;

    MachineKind(int code, String description) {
        this.code = code;
        this.description = description;
    }

    /** The model's code in the low bits of {@code e_flags}. */
    public int code() {
        return code;
    }

    /** The model's name as options and messages spell it: {@code scmp}, {@code t3d} or {@code sp}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What the model is, in a few words. */
    public String description() {
        return description;
    }

    /** The names of every model, for messages: {@code scmp, t3d or sp}. */
    public static String names() {
        String all = Arrays.stream(values()).map(MachineKind::id).collect(Collectors.joining(", "));
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }

    /**
     * The model a name names.
     *
     * @param id {@code scmp}, {@code t3d} or {@code sp}, in any case
     * @return the model
     * @throws IllegalArgumentException with a one-line message when no model has that name
     */
    public static MachineKind of(String id) {
        for (MachineKind m : values()) {
            if (m.id().equalsIgnoreCase(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown machine model '" + id + "' (" + names() + ")");
    }

    /**
     * The model whose code is {@code code}, or null when none has it.
     *
     * @param code the low bits of {@code e_flags}
     * @return the model or null
     */
    static MachineKind ofCode(int code) {
        for (MachineKind m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        return null;
    }

    /**
     * The {@code e_flags} of a file for a model.
     *
     * @param model the model, or null for an object that links with any model
     * @return the flags
     */
    public static int eFlags(MachineKind model) {
        return model == null ? EF_ANY_MODEL : model.code;
    }
}
