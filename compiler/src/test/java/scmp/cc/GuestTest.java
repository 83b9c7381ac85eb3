package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The C tests by language area (src/test/c/*.c, each a list of ASSERT(expected, expr) lines), compiled at
 * -O0 and -O1 and run on the simulator: each must print OK and exit 0, so both levels agree on every value.
 */
class GuestTest {
    static Stream<Arguments> programs() throws Exception {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(GuestRunner.C_DIR)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".c") && !f.endsWith("runtime.c") && !f.endsWith("rt64.c")).sorted().toList()) {
                out.add(Arguments.of(p.getFileName().toString(), 0));
                out.add(Arguments.of(p.getFileName().toString(), 1));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -O{1}")
    @MethodSource("programs")
    void runs(String file, int opt) throws Exception {
        GuestRunner.Run r = GuestRunner.run(opt, GuestRunner.C_DIR.resolve(file));
        assertEquals("OK\n", r.stdout(), file + " -O" + opt + " printed");
        assertEquals(0, r.exitCode(), file + " -O" + opt + " exit status");
    }
}
