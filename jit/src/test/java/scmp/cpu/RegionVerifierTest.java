package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;
import scmp.isa.Instruction;

/**
 * Every class the region compiler generates passes ASM's {@link CheckClassAdapter} (the JVM verifier's rules, types
 * and frames included), for a text that holds every instruction of the ISA with random operands, an illegal word and
 * the end of the text, from every entry; and the engine compiles a region for every entry, declining none.
 */
class RegionVerifierTest {

    @Test
    void everyRegionOfEveryInstructionVerifies() {
        Random r = new Random(12);
        List<Integer> w = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (Instruction insn : Instruction.values()) {
                w.add(JitDifferentialTest.random(r, insn, 8));
            }
        }
        w.add(0xFFFFFFFF);
        for (int k = 0; k < 8; k++) {
            w.add(JitDifferentialTest.enc(Instruction.ADD, 5, 6, 7));
        }
        byte[] text = new byte[4 * w.size()];
        for (int i = 0; i < w.size(); i++) {
            for (int k = 0; k < 4; k++) {
                text[4 * i + k] = (byte) (w.get(i) >>> (8 * k));
            }
        }
        DecodedText dt = DecodedText.decode(JitDifferentialTest.BASE, text);
        RegionCompiler rc = new RegionCompiler(dt, TimingModel.DEFAULT);
        for (int i = 0; i <= dt.count(); i++) {
            for (int k : new int[] {1, Math.min(RegionCompiler.MAX_INSTRUCTIONS, dt.count() + 1 - i)}) {
                for (boolean keep : new boolean[] {false, true}) {
                    StringWriter out = new StringWriter();
                    CheckClassAdapter.verify(new ClassReader(rc.generate(i, k, keep)), getClass().getClassLoader(),
                            false, new PrintWriter(out));
                    assertEquals("", out.toString(), "region at slot " + i + " of " + k + ", keep " + keep);
                }
            }
            for (boolean keep : new boolean[] {false, true}) {
                RegionCompiler.Result res = rc.compile(i, keep);
                assertNotNull(res.block(), () -> "declined: " + res.reason());
            }
        }
    }
}
