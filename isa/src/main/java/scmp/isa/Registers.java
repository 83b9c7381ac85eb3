package scmp.isa;

/**
 * Register names. Integer registers r0..r31 (r0 reads as zero, writes are ignored) and double-precision
 * FP registers f0..f31, each with the ABI name of docs/abi.md. The disassembler prints ABI names; the
 * assembler accepts both.
 */
public final class Registers {
    private Registers() {
    }

    public static final int ZERO = 0, RA = 1, SP = 2, GP = 3, A0 = 4, A1 = 5, A2 = 6, A3 = 7, T0 = 12, S0 = 20,
            FP = 30, AT = 31;
    /** Number of argument registers a0..a7; THREAD message data flits load r4 upward (up to r27). */
    public static final int ARG_REGS = 8;
    /** The highest register a THREAD message can load: data flits go to r4..r27, 24 words at most. */
    public static final int THREAD_LAST_REG = 27;

    private static final String[] GPR = new String[32];
    private static final String[] FPR = new String[32];

    static {
        GPR[0] = "zero";
        GPR[1] = "ra";
        GPR[2] = "sp";
        GPR[3] = "gp";
        for (int i = 0; i < 8; i++) {
            GPR[4 + i] = "a" + i;
            GPR[12 + i] = "t" + i;
        }
        for (int i = 0; i < 10; i++) {
            GPR[20 + i] = "s" + i;
        }
        GPR[30] = "fp";
        GPR[31] = "at";
        for (int i = 0; i < 8; i++) {
            FPR[i] = "fa" + i;
        }
        for (int i = 0; i < 12; i++) {
            FPR[8 + i] = "ft" + i;
            FPR[20 + i] = "fs" + i;
        }
    }

    /** ABI name of integer register {@code n}. */
    public static String gprName(int n) {
        return GPR[n];
    }

    /** ABI name of FP register {@code n}. */
    public static String fprName(int n) {
        return FPR[n];
    }

    /** Integer register number for {@code rN} or an ABI name, or -1. */
    public static int gpr(String name) {
        return lookup(name, 'r', GPR);
    }

    /** FP register number for {@code fN} or an ABI name, or -1. */
    public static int fpr(String name) {
        return lookup(name, 'f', FPR);
    }

    private static int lookup(String name, char prefix, String[] names) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        if (n.length() >= 2 && n.charAt(0) == prefix && n.chars().skip(1).allMatch(Character::isDigit)
                && n.length() <= 3 && !(n.length() == 3 && n.charAt(1) == '0')) {
            int v = Integer.parseInt(n.substring(1));
            return v < 32 ? v : -1;
        }
        for (int i = 0; i < 32; i++) {
            if (names[i].equals(n)) {
                return i;
            }
        }
        return -1;
    }
}
