package scmp.isa.sem;

import scmp.isa.Registers;

/**
 * A register an instruction reads or writes: one named by a slot of the instruction's syntax, or a fixed register
 * the syntax does not name (an implicit operand, such as the link register of {@code jal}).
 */
public sealed interface Reg permits Reg.Slot, Reg.Fixed {

    /**
     * The register named by a syntax slot ({@code rd}/{@code fd}, {@code rs1}/{@code fs1}, {@code rs2}/{@code fs2},
     * {@code rs3}); whether it is an integer or FP register is the reading or writing expression's business.
     */
    enum Slot implements Reg {
        /** Slot d, the destination. */
        D("d"),
        /** Slot s1. */
        S1("s1"),
        /** Slot s2. */
        S2("s2"),
        /** Slot s3 ({@code sendh_rr}'s stride register). */
        S3("s3");

        /** The slot's name in the operand syntax and the format's fields. */
        public final String field;

        Slot(String field) {
            this.field = field;
        }
    }

    /**
     * A fixed integer register, named by no syntax field.
     *
     * @param number 1..31
     */
    record Fixed(int number) implements Reg {
        /** Checks the number. */
        public Fixed {
            if (number < 1 || number > 31) {
                throw new IllegalArgumentException("fixed register r" + number);
            }
        }

        @Override
        public String toString() {
            return Registers.gprName(number);
        }
    }
}
