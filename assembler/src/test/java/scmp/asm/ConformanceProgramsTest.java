package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import scmp.elf.ObjectFile;
import scmp.isa.Instruction;
import scmp.isa.Isa;

/**
 * The ISA conformance programs in programs/isa-tests are real assembly written for this assembler, and each
 * one really executes the instruction its first line names (a program that only claims to test an instruction
 * would satisfy the "every instruction has a program" check without testing anything).
 */
class ConformanceProgramsTest {
    private static final Pattern HEADER = Pattern.compile("# isa-test: (\\S+)\\s*");

    @TestFactory
    List<DynamicTest> everyConformanceProgramAssemblesAndUsesItsInstruction() throws Exception {
        Path dir = Path.of("..", "programs", "isa-tests");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".s")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no programs in " + dir.toAbsolutePath());
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : files) {
            tests.add(DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
                ObjectFile o = Assembler.assemble(f.toString(), Files.readAllBytes(f));
                assertTrue(o.section(".text").size() > 0);
                assertNotNull(o.symbol("_start"));
                assertTrue(o.symbol("_start").isGlobal());
                String first = Files.readAllLines(f).get(0);
                Matcher m = HEADER.matcher(first);
                assertTrue(m.matches(), f + ": the first line must be '# isa-test: MNEMONIC', not: " + first);
                Instruction tested = Isa.byMnemonic(m.group(1));
                assertNotNull(tested, f + " names no instruction: " + m.group(1));
                assertTrue(uses(o, tested), f + " never executes " + tested.mnemonic);
            }));
        }
        return tests;
    }

    /** Whether any word of the object's .text decodes to {@code insn}. */
    private static boolean uses(ObjectFile o, Instruction insn) {
        for (int w : Asm.words(o, ".text")) {
            if (Isa.decode(w) == insn) {
                return true;
            }
        }
        return false;
    }
}
