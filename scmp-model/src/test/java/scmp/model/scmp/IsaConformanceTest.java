package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the self-checking conformance programs of programs/isa-tests (one per instruction): each exits with 0
 * when every check passed and with the number of the failed check otherwise.
 */
class IsaConformanceTest {
    static final Path DIR = Path.of("..", "programs", "isa-tests");

    static List<Path> programs() throws IOException {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".s")).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void programPasses(Path program) throws IOException {
        String name = program.getFileName().toString();
        Sim.Run r = Sim.run(Files.readString(program));
        assertNull(r.message(), () -> program + ": " + r.message());
        assertEquals(0, r.exit(), () -> program.getFileName() + ": check " + r.exit() + " failed");
    }

    @org.junit.jupiter.api.Test
    void corpusIsPresent() throws IOException {
        assertTrue(programs().size() >= 80, "programs/isa-tests holds one program per instruction");
    }
}
