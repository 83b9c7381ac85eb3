package scmp.isa;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import net.jqwik.api.*;

/** encode -> decode -> operands gives back the operands, for every instruction and random operands. */
class EncodingPropertiesTest {

    @Property(tries = 3000)
    void encodeDecodeRoundTrip(@ForAll("instructions") Instruction insn, @ForAll long seed) throws EncodingException {
        long[] values = randomOperands(insn, new java.util.Random(seed));
        int word = Isa.encode(insn, values);
        assertEquals(insn, Isa.decode(word));
        int[] back = Isa.operands(insn, word);
        for (int k = 0; k < values.length; k++) {
            assertEquals(values[k], back[k], insn + " operand " + k);
        }
    }

    @Property(tries = 20000)
    void everyDecodableWordReencodesToItself(@ForAll int word) throws EncodingException {
        Instruction insn = Isa.decode(word);
        if (insn != null) {
            int[] ops = Isa.operands(insn, word);
            long[] l = new long[ops.length];
            for (int k = 0; k < ops.length; k++) {
                l[k] = ops[k];
            }
            assertEquals(word, Isa.encode(insn, l));
        }
    }

    @Provide
    Arbitrary<Instruction> instructions() {
        return Arbitraries.of(Instruction.values());
    }

    /** Random valid operand values for {@code insn}. Used by other modules' tests too. */
    public static long[] randomOperands(Instruction insn, java.util.Random r) {
        List<Operand> ops = insn.operands();
        long[] v = new long[ops.size()];
        for (int k = 0; k < v.length; k++) {
            Operand o = ops.get(k);
            v[k] = switch (o.kind()) {
                case GPR, FPR -> r.nextInt(32);
                case TYPE -> r.nextInt(16);
                case IMM -> switch (insn.immKind) {
                    case S16 -> r.nextInt(65536) - 32768;
                    case U16 -> r.nextInt(65536);
                    case SHAMT -> r.nextInt(32);
                    case PC16 -> (r.nextInt(65536) - 32768) * 4L;
                    case PC26 -> (r.nextInt(1 << 26) - (1 << 25)) * 4L;
                    case ADDR17 -> r.nextInt(1 << 17);
                    case STRIDE12 -> r.nextInt(1 << 12);
                    case SREG -> r.nextInt(SpecialRegister.values().length);
                    case HCALL -> r.nextInt(HostCall.values().length);
                    case NONE -> throw new AssertionError();
                };
            };
        }
        return v;
    }
}
