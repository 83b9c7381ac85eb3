package scmp.isa.sem;

import java.util.List;
import scmp.isa.HostCall;
import scmp.isa.Registers;

/**
 * An operand an instruction reads or writes beyond the registers its syntax names: the link register of
 * {@code jal}, the arguments and results of a host call. Declared beside each instruction's semantics; a test
 * checks that the two agree.
 *
 * @param kind     what the operand is
 * @param register the register of {@link Kind#READ_REGISTER} and {@link Kind#WRITE_REGISTER}, else -1
 */
public record Implicit(Kind kind, int register) {

    /** The kinds of implicit operand. */
    public enum Kind {
        /** A fixed integer register, read. */
        READ_REGISTER,
        /** A fixed integer register, written. */
        WRITE_REGISTER,
        /** The argument registers of the host call named by the immediate ({@link HostCall#argumentCount}). */
        HOST_ARGUMENTS,
        /** The result registers of the host call named by the immediate ({@link HostCall#results}). */
        HOST_RESULTS
    }

    /** The arguments of a host call. */
    public static final Implicit HOST_ARGUMENTS = new Implicit(Kind.HOST_ARGUMENTS, -1);
    /** The results of a host call. */
    public static final Implicit HOST_RESULTS = new Implicit(Kind.HOST_RESULTS, -1);

    /** Checks that exactly the register kinds carry a register. */
    public Implicit {
        boolean reg = kind == Kind.READ_REGISTER || kind == Kind.WRITE_REGISTER;
        if (reg != (register >= 1 && register <= 31) || !reg && register != -1) {
            throw new IllegalArgumentException(kind + " with register " + register);
        }
    }

    /**
     * Returns a fixed register read.
     *
     * @param register 1..31
     * @return the operand
     */
    public static Implicit reads(int register) {
        return new Implicit(Kind.READ_REGISTER, register);
    }

    /**
     * Returns a fixed register written.
     *
     * @param register 1..31
     * @return the operand
     */
    public static Implicit writes(int register) {
        return new Implicit(Kind.WRITE_REGISTER, register);
    }

    /** Tells whether the operand is read (else written). */
    public boolean isRead() {
        return kind == Kind.READ_REGISTER || kind == Kind.HOST_ARGUMENTS;
    }

    /**
     * Returns the integer registers this operand stands for in an instruction word.
     *
     * @param imm the word's immediate value (the host-call service for the host kinds)
     * @return the registers, in order
     */
    public List<Integer> registers(int imm) {
        return switch (kind) {
            case READ_REGISTER, WRITE_REGISTER -> List.of(register);
            case HOST_ARGUMENTS -> HostCall.values()[imm].argumentRegisters();
            case HOST_RESULTS -> HostCall.values()[imm].results;
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case READ_REGISTER -> "reads " + Registers.gprName(register);
            case WRITE_REGISTER -> "writes " + Registers.gprName(register);
            case HOST_ARGUMENTS -> "reads the service's arguments";
            case HOST_RESULTS -> "writes the service's results";
        };
    }
}
