package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import scmp.isa.Instruction;
import scmp.isa.sem.InterpreterSource;

/**
 * The interpreter's instruction switch is the one generated from the semantic declarations, case for case, and its
 * cached variant is generated from it.
 */
class InterpreterSourceTest {

    private static final Path SOURCE = Path.of("src", "main", "java", "scmp", "cpu", "Interpreter.java");
    private static final Path CACHED = Path.of("src", "main", "java", "scmp", "cpu", "CachedInterpreter.java");

    @Test
    void theCheckedInSwitchIsWhatTheGeneratorProduces() throws IOException {
        String source = Files.readString(SOURCE);
        assertEquals(InterpreterSource.splice(source), source,
                "the interpreter's switch is stale: regenerate with " + InterpreterSource.COMMAND);
    }

    @Test
    void theCachedVariantIsWhatTheGeneratorMakesOfTheInterpreter() throws IOException {
        String variant = InterpreterSource.cachedVariant(Files.readString(SOURCE));
        assertEquals(variant, Files.readString(CACHED),
                "CachedInterpreter is stale: regenerate with " + InterpreterSource.CACHED_COMMAND);
        assertTrue(variant.contains("dc.lw(mem, ") && variant.contains("dc.sw(mem, ") && !variant.contains("mem.lw(")
                && !variant.contains("mem.sw("), "every load and store goes through the cache");
    }

    @Test
    void everyInstructionHasItsCase() {
        String generated = InterpreterSource.generate();
        for (Instruction i : Instruction.values()) {
            assertTrue(generated.contains("case " + i.ordinal() + " -> "), i + " has no case");
        }
    }
}
