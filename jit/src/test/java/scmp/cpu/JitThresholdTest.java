package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.isa.HostCall;
import scmp.isa.Instruction;

/**
 * The threshold of the tiers doubles with the regions a text has compiled ({@link JitEngine#DOUBLING}): a program
 * whose many code paths are each met a few dozen times compiles fewer regions, and the results stay the
 * interpreter's.
 */
class JitThresholdTest {
    /** Pieces of the loop's body, each ended by a {@code suspend}: every piece's pc is met once a turn and thread. */
    static final int PIECES = 48;

    /**
     * A loop of {@code turns} turns over {@link #PIECES} pieces of two instructions, each ended by a {@code suspend}
     * (so that every piece is a run of its own, entered by the dispatcher); {@code seed} varies the values added, so
     * that each call gives a text of its own (texts are shared by content).
     */
    static byte[] program(int turns, int seed) {
        List<Integer> w = new ArrayList<>();
        w.add(JitDifferentialTest.enc(Instruction.ADDI, JitDifferentialTest.COUNT, 0, turns));
        int loop = w.size();
        for (int p = 0; p < PIECES; p++) {
            w.add(JitDifferentialTest.enc(Instruction.ADDI, 5 + p % 8, 5 + p % 8, seed + p));
            w.add(JitDifferentialTest.enc(Instruction.SUSPEND));
        }
        w.add(JitDifferentialTest.enc(Instruction.ADDI, JitDifferentialTest.COUNT, JitDifferentialTest.COUNT, -1));
        w.add(JitDifferentialTest.enc(Instruction.BNE, JitDifferentialTest.COUNT, 0, 4 * (loop - w.size())));
        w.add(JitDifferentialTest.enc(Instruction.ADDI, 4, 5, 0));
        w.add(JitDifferentialTest.enc(Instruction.HCALL, HostCall.EXIT.ordinal()));
        return JitDifferentialTest.bytes(w);
    }

    /**
     * Runs a text on the compiled engine and requires the outcome {@code expected}; returns the number of regions its
     * text compiled.
     */
    private static int compiled(byte[] text, int hot, int doubling, JitDifferentialTest.Outcome expected) {
        List<JitEngine> engines = new ArrayList<>();
        Engine.Factory f = JitEngine.factory(JitEngine.Fallback.FAIL, hot, doubling);
        Engine.Factory capturing = ctx -> {
            Engine e = f.create(ctx);
            engines.add((JitEngine) e);
            return e;
        };
        assertEquals(expected, JitDifferentialTest.run(text, capturing, Long.MAX_VALUE));
        return engines.get(0).translation().compiled();
    }

    @Test
    void theThresholdDoublesWithTheRegionsCompiled() {
        // 12 turns of 3 threads: each piece met 36 times, above a threshold of 16 and 32 but not 64
        byte[] plain = program(12, 1);
        byte[] doubling = program(12, 2);
        int atPlain = compiled(plain, 16, 0, JitDifferentialTest.run(plain, Interpreter::new, Long.MAX_VALUE));
        int atDoubling = compiled(doubling, 16, 16,
                JitDifferentialTest.run(doubling, Interpreter::new, Long.MAX_VALUE));
        assertTrue(atPlain >= PIECES, "every piece compiled at the plain threshold: " + atPlain);
        // 16 regions at 16 meetings, 16 more at 32, then 64 is out of reach
        assertTrue(atDoubling >= 32 && atDoubling < 40, "two doublings' worth of regions: " + atDoubling);
    }

    @Test
    void aThresholdThatDoublesGivesTheInterpretersResults() {
        for (int seed = 3; seed < 8; seed++) {
            byte[] text = program(40 + seed, seed);
            JitDifferentialTest.Outcome ref = JitDifferentialTest.run(text, Interpreter::new, Long.MAX_VALUE);
            int n = compiled(text, 2, 4, ref);
            assertTrue(n < PIECES, "fewer regions than pieces: " + n);
        }
    }
}
