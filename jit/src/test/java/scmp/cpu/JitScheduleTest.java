package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.cpu.JitDifferentialTest.enc;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.isa.HostCall;
import scmp.isa.Instruction;

/**
 * The issue rule's maxima that the compiled engine leaves out (docs/architecture.md, "Sources that cannot delay"): a
 * loop whose invariant is still pending where its region is entered must stall as on the interpreter, so the region
 * that assumes its entries ready leaves at once for the interpreter ({@link JitEngine#SETTLE}) and is entered again
 * when the invariant is ready.
 */
class JitScheduleTest {
    /** r6 = r7 / r8 (the divider's latency), then a jump to a loop more than a region away that reads r6 each turn. */
    private static byte[] pendingInvariant(int turns, int gap) {
        List<Integer> w = new ArrayList<>();
        w.add(enc(Instruction.ADDI, 7, 0, 1000));
        w.add(enc(Instruction.ADDI, 8, 0, 7));
        w.add(enc(Instruction.ADDI, 21, 0, turns));
        w.add(enc(Instruction.DIV, 6, 7, 8));
        int jump = w.size();
        w.add(0);
        for (int k = 0; k < gap; k++) {
            w.add(enc(Instruction.ADDI, 0, 0, 0));
        }
        int loop = w.size();
        w.set(jump, enc(Instruction.J, 4 * (loop - jump)));
        w.add(enc(Instruction.ADD, 9, 9, 6));
        w.add(enc(Instruction.ADDI, 21, 21, -1));
        w.add(enc(Instruction.BNE, 21, 0, 4 * (loop - w.size())));
        w.add(enc(Instruction.ADDI, 4, 9, 0));
        w.add(enc(Instruction.HCALL, HostCall.EXIT.ordinal()));
        return JitDifferentialTest.bytes(w);
    }

    @Test
    void aRegionEnteredWhileItsLoopInvariantIsPendingSettlesOnTheInterpreterFirst() {
        byte[] text = pendingInvariant(500, RegionCompiler.MAX_INSTRUCTIONS + 4);
        JitDifferentialTest.Outcome reference = JitDifferentialTest.run(text, Interpreter::new, Long.MAX_VALUE);
        List<JitEngine> engines = new ArrayList<>();
        Engine.Factory keeping = JitEngine.keepingFactory(JitEngine.Fallback.FAIL, 0);
        Engine.Factory counted = context -> {
            Engine e = keeping.create(context);
            engines.add((JitEngine) e);
            return e;
        };
        assertEquals(reference, JitDifferentialTest.run(text, counted, Long.MAX_VALUE));
        long settles = engines.stream().mapToLong(e -> e.settles).sum();
        assertTrue(settles > 0, "the loop's region was entered with r6 pending and left for the interpreter");
        assertEquals(reference, JitDifferentialTest.run(text, JitEngine.factory(JitEngine.Fallback.FAIL, 0),
                Long.MAX_VALUE), "regions on the arrays first");
        // Runs shorter than the short-run bound are interpreted; let slices of 7 cycles be compiled too.
        String shortRun = System.getProperty(JitEngine.SHORT_PROPERTY);
        System.setProperty(JitEngine.SHORT_PROPERTY, "0");
        try {
            assertEquals(reference, JitDifferentialTest.run(text, keeping, 7), "in slices of 7 cycles");
        } finally {
            if (shortRun == null) {
                System.clearProperty(JitEngine.SHORT_PROPERTY);
            } else {
                System.setProperty(JitEngine.SHORT_PROPERTY, shortRun);
            }
        }
    }
}
