package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import scmp.elf.ObjectFile;

/** The ISA conformance programs in programs/isa-tests are real assembly written for this assembler. */
class ConformanceProgramsTest {

    @TestFactory
    List<DynamicTest> everyConformanceProgramAssembles() throws Exception {
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
            }));
        }
        return tests;
    }
}
