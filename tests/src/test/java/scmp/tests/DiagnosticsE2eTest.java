package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Broken programs through the compiler driver exactly as a user runs it ({@code scmpcc prog.c}, in-process):
 * the exit status is 1, the first line of stderr is gcc's {@code file:line:col: error: message} pointing at the
 * right place, and no input, however broken, produces a Java stack trace.
 */
class DiagnosticsE2eTest {
    static final Pattern FIRST = Pattern.compile("(.*):(\\d+):(\\d+): error: (.*)");

    @TempDir
    Path dir;

    /** Compiles {@code source} as {@code name} with the driver; checks the invariants every failure shares. */
    E2e.Cc compileBroken(String name, byte[] source) throws Exception {
        Path src = dir.resolve(name);
        Files.write(src, source);
        E2e.Cc r = E2e.scmpcc("-o", dir.resolve("a.out").toString(), src.toString());
        assertNoStackTrace(r);
        assertEquals(1, r.status(), () -> name + ": exit status; stderr:\n" + r.stderr());
        assertFalse(Files.exists(dir.resolve("a.out")), name + ": no executable after an error");
        return r;
    }

    static void assertNoStackTrace(E2e.Cc r) {
        String all = r.stdout() + r.stderr();
        assertFalse(all.contains("Exception"), () -> "a Java exception in the output:\n" + all);
        assertFalse(all.contains("\tat "), () -> "a stack trace in the output:\n" + all);
        assertFalse(all.contains("internal compiler error"), () -> "an internal compiler error:\n" + all);
    }

    static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        syntax.c     | 3 | 13 | expected ';' before '}' token | int main(void)\\n{\\n    return 0\\n}\\n
        undeclared.c | 4 | 12 | 'x' undeclared (first use in this function) | int main(void)\\n{\\n    int y = 1;\\n    return x + y;\\n}\\n
        type.c       | 5 | 14 | invalid operands to binary + (have 'struct s' and 'int') | struct s { int a; };\\nint main(void)\\n{\\n    struct s v = { 1 };\\n    return v + 1;\\n}\\n
        assign.c     | 5 | 7 | incompatible types when assigning to type 'double' from type 'struct p' | struct p { int x; };\\nint main(void)\\n{\\n    double d; struct p q = { 0 };\\n    d = q;\\n    return 0;\\n}\\n
        string.c     | 4 | 10 | missing terminating \" character | #include <stdio.h>\\nint main(void)\\n{\\n    puts("abc);\\n    return 0;\\n}\\n
        comment.c    | 3 | 15 | unterminated comment | int main(void)\\n{\\n    return 0; /* never closed\\n}\\n
        header.c     | 2 | 10 | nonexistent_header.h: No such file or directory | #include <stdio.h>\\n#include <nonexistent_header.h>\\nint main(void) { return 0; }\\n
        noinclude.c  | 3 | 5 | unknown type name 'uint32_t' | int main(void)\\n{\\n    uint32_t x = 5;\\n    return (int)x;\\n}\\n
        call.c       | 4 | 12 | too few arguments to function 'f' | int f(int a, int b);\\nint main(void)\\n{\\n    return f(1);\\n}\\n
        """)
    void brokenProgram(String name, int line, int col, String message, String text) throws Exception {
        String source = text.replace("\\n", "\n");
        E2e.Cc r = compileBroken(name, source.getBytes(StandardCharsets.ISO_8859_1));
        String first = firstLine(r.stderr());
        Matcher m = FIRST.matcher(first);
        assertTrue(m.matches(), () -> name + ": first line is not 'file:line:col: error: ...': " + first);
        assertEquals(dir.resolve(name).toString(), m.group(1), name + ": file name");
        assertEquals(line + ":" + col, m.group(2) + ":" + m.group(3), () -> name + ": position in " + first);
        assertEquals(message, m.group(4), name + ": message");
    }

    @Test
    void binaryGarbage() throws Exception {
        Random rnd = new Random(20240601L);
        for (int i = 0; i < 12; i++) {
            byte[] junk = new byte[200 + rnd.nextInt(4000)];
            rnd.nextBytes(junk);
            String name = "garbage" + i + ".c";
            E2e.Cc r = compileBroken(name, junk);
            String first = firstLine(r.stderr());
            Matcher m = FIRST.matcher(first);
            assertTrue(m.matches(), () -> name + ": first line is not 'file:line:col: error: ...': " + first);
            assertEquals(dir.resolve(name).toString(), m.group(1));
        }
    }

    @Test
    void elfObjectNamedAsCSource() throws Exception {
        // A real binary (an ELF executable) given a .c name.
        Path exe = dir.resolve("prog");
        Path src = dir.resolve("ok.c");
        Files.writeString(src, "int main(void) { return 0; }\n");
        E2e.Cc ok = E2e.scmpcc("-o", exe.toString(), src.toString());
        assertEquals(0, ok.status(), ok.stderr());
        E2e.Cc r = compileBroken("elf.c", Files.readAllBytes(exe));
        assertTrue(FIRST.matcher(firstLine(r.stderr())).matches(), r.stderr());
    }

    @Test
    void mangledCorpusProgramsNeverCrashTheCompiler() throws Exception {
        // Truncations and byte flips of real programs: they may even compile; they must never crash the driver.
        Random rnd = new Random(7);
        List<Path> sources = new ArrayList<>(E2e.files("programs/c", ".c"));
        for (int i = 0; i < 16; i++) {
            byte[] text = Files.readAllBytes(sources.get(rnd.nextInt(sources.size())));
            byte[] mangled;
            if (i % 2 == 0) {
                mangled = java.util.Arrays.copyOf(text, rnd.nextInt(text.length));
            } else {
                mangled = text.clone();
                for (int k = 0; k < 5; k++) {
                    String junk = "{}();,\"'/*#\\0x";
                    mangled[rnd.nextInt(mangled.length)] = (byte) junk.charAt(rnd.nextInt(junk.length()));
                }
            }
            Path src = dir.resolve("mangled" + i + ".c");
            Files.write(src, mangled);
            E2e.Cc r = E2e.scmpcc("-c", "-o", dir.resolve("m.o").toString(), src.toString());
            assertNoStackTrace(r);
            if (r.status() != 0) {
                assertEquals(1, r.status());
                String first = firstLine(r.stderr());
                assertTrue(first.startsWith(src + ":") && first.matches(".*:\\d+:\\d+: (error|warning): .*"),
                        () -> "mangled" + " program, first line: " + first);
            }
        }
    }

    @Test
    void deeplyNestedExpression() throws Exception {
        String src = "int main(void) { return " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "; }\n";
        E2e.Cc r = compileBroken("nested.c", src.getBytes(StandardCharsets.ISO_8859_1));
        assertTrue(firstLine(r.stderr()).contains("error:"), r.stderr());
    }
}
