package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.common.Limits;

/**
 * Inputs made to hurt a compiler (docs/compiler.md, "Limits"): each ends in well under a minute with one
 * diagnostic (or success), a few lines of output and no Java stack trace. The inputs are generated here, not
 * kept as files: the largest are 50 MB.
 */
class HostileInputTest {
    @TempDir
    Path dir;

    /** What a run printed and returned. */
    private record Run(int status, String err) {
    }

    private Run compile(String name, String source, String... extra) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, source.getBytes(StandardCharsets.ISO_8859_1));
        return compileFile(f, dir.resolve("out.s").toString(), extra);
    }

    private static Run compileFile(Path f, String output, String... extra) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Driver.Builder b = Driver.Options.builder().stage(Driver.Stage.ASSEMBLY).output(output).files(f.toString());
        if (extra.length > 0) {
            b.maxErrors(Integer.parseInt(extra[0]));
        }
        int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Driver.run(b.build(),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new Run(status, err.toString(StandardCharsets.UTF_8));
    }

    /** Exit status 1, one error (its message containing {@code message}), bounded output, no stack trace. */
    private static void assertOneError(Run r, String message) {
        assertEquals(1, r.status, r.err);
        assertTrue(r.err.length() < 2000, () -> r.err.length() + " characters: " + r.err.substring(0, 2000));
        assertEquals(1, r.err.lines().filter(l -> l.contains("error:")).count(), r.err);
        assertTrue(r.err.contains(message), r.err);
        assertFalse(r.err.contains("Exception") || r.err.contains("\tat ") || r.err.contains("Error:"), r.err);
    }

    @Test
    void fiftyMegabyteLine() throws Exception {
        Run r = compile("t.c", "int x = " + "1+".repeat(25_000_000) + "1;\n");
        assertOneError(r, "t.c:1:1: error: line too long (50000010 characters; the limit is "
                + Limits.MAX_LINE_LENGTH + ")");
        // The echo is cut to a window around the column.
        assertTrue(r.err.lines().allMatch(l -> l.length() < Limits.ECHO_WINDOW + 20), r.err);
    }

    @Test
    void sourceOverTheSizeLimit() throws Exception {
        Path f = dir.resolve("t.c");
        byte[] spaces = new byte[(int) Limits.MAX_SOURCE_SIZE + 1];
        java.util.Arrays.fill(spaces, (byte) ' ');
        Files.write(f, spaces);
        Run r = compileFile(f, dir.resolve("out.s").toString());
        assertEquals(1, r.status);
        assertEquals("scmpcc: error: " + f + ": file too large (" + spaces.length + " bytes; the limit is "
                + Limits.MAX_SOURCE_SIZE + ")\n", r.err);
    }

    @Test
    void fiftyMegabytesOfBadTokensOnShortLines() throws Exception {
        Run r = compile("t.c", ("@".repeat(79) + "\n").repeat(625_000));
        assertOneError(r, "error: too many tokens in ");
    }

    @Test
    void badTokensStopAtTheErrorLimit() throws Exception {
        Run r = compile("t.c", ("int x" + "@".repeat(200) + ";\n").repeat(10_000));
        assertEquals(1, r.status);
        assertEquals(Limits.DEFAULT_MAX_ERRORS, r.err.lines().filter(l -> l.contains("error:")).count());
        assertTrue(r.err.endsWith("compilation terminated due to -fmax-errors=" + Limits.DEFAULT_MAX_ERRORS
                + ".\n"), r.err);
        Run three = compile("t.c", ("int x" + "@".repeat(200) + ";\n").repeat(10_000), "3");
        assertEquals(3, three.err.lines().filter(l -> l.contains("error:")).count(), three.err);
    }

    @Test
    void longLineEchoIsAWindowAroundTheColumn() throws Exception {
        Run r = compile("t.c", "int x = " + "1 + ".repeat(5_000) + "@;\n");
        assertEquals(1, r.status);
        String[] lines = r.err.split("\n");
        assertTrue(lines[0].endsWith("t.c:1:20009: error: stray '@' in program"), r.err);
        assertTrue(lines[1].startsWith("    1 | ...") && lines[1].endsWith("@;"), lines[1]);
        assertEquals(lines[1].indexOf('@'), lines[2].indexOf('^'), r.err);
    }

    @Test
    void hundredThousandNestedIfs() throws Exception {
        Run r = compile("t.c", "#if 1\n".repeat(100_000) + "int x;\n" + "#endif\n".repeat(100_000));
        assertOneError(r, "t.c:" + (Limits.MAX_IF_DEPTH + 1) + ":2: error: #if nested too deeply (the limit is "
                + Limits.MAX_IF_DEPTH + ")");
    }

    @Test
    void manyIfsAndMacroCallsTakeLinearTime() throws Exception {
        // Each #if and each macro argument used to copy the rest of the file aside: 4000 nested groups and
        // 50000 macro calls took minutes. They compile now.
        String src = "#define F(x) (x)\n" + "#if 1\n".repeat(4000) + "int f(int a) {\n  int s = 0;\n"
                + "  s += F(a);\n".repeat(50_000) + "  return s;\n}\n" + "#endif\n".repeat(4000);
        Run r = compile("t.c", src);
        assertEquals(0, r.status, r.err);
    }

    @Test
    void exponentialMacro() throws Exception {
        StringBuilder sb = new StringBuilder("#define A0 x\n");
        for (int i = 0; i < 40; i++) {
            sb.append("#define A").append(i + 1).append(" A").append(i).append(" A").append(i).append('\n');
        }
        Run r = compile("t.c", sb + "int y = A40;\n");
        assertOneError(r, "t.c:42:9: error: expansion of macro 'A40' is too large (more than "
                + Limits.MAX_MACRO_EXPANSION + " tokens)");
        Run inIf = compile("t.c", sb + "#if A40\n#endif\n");
        assertOneError(inIf, "t.c:42:5: error: expansion of macro 'A40' is too large");
    }

    @Test
    void macroCallsNestedInArguments() throws Exception {
        Run r = compile("t.c", "#define F(x) x\nint y = " + "F(".repeat(5000) + "1" + ")".repeat(5000) + ";\n");
        assertOneError(r, "error: macro invocations nested too deeply in macro arguments (the limit is "
                + Limits.MAX_MACRO_NESTING + ")");
    }

    @Test
    void includeRecursion() throws Exception {
        Run r = compile("t.c", "#include \"t.c\"\n");
        assertOneError(r, "error: #include nested depth " + (Limits.MAX_INCLUDE_DEPTH + 1) + " exceeds maximum of "
                + Limits.MAX_INCLUDE_DEPTH);
    }

    @Test
    void deepParentheses() throws Exception {
        Run r = compile("t.c", "int x = " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + ";\n");
        assertOneError(r, "t.c:1:" + (9 + Limits.MAX_BRACKET_DEPTH) + ": error: bracket nesting level exceeded "
                + "maximum of " + Limits.MAX_BRACKET_DEPTH);
        Run inIf = compile("t.c", "#if " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\n#endif\n");
        assertOneError(inIf, "error: #if expression nested too deeply");
    }

    @Test
    void deepExpressionsAndDeclarators() throws Exception {
        String limit = "error: expression or declarator nested too deeply (the limit is " + Limits.MAX_NESTING
                + " levels)";
        assertOneError(compile("t.c", "int x = " + "-".repeat(50_000) + "1;\n"), limit);
        assertOneError(compile("t.c", "int x = " + "(int)".repeat(20_000) + "1;\n"), limit);
        assertOneError(compile("t.c", "int f(int a) { return " + "a = ".repeat(20_000) + "1; }\n"), limit);
        assertOneError(compile("t.c", "int f(int a) { return " + "a ? 1 : ".repeat(20_000) + "1; }\n"), limit);
        assertOneError(compile("t.c", "int x = " + "1+".repeat(50_000) + "1;\n"), limit);
        assertOneError(compile("t.c", "int x" + "[1]".repeat(20_000) + ";\n"), limit);
        // A pointer declarator is a list, not a nesting: a long one is accepted.
        Run stars = compile("t.c", "int " + "*".repeat(100_000) + "p;\n");
        assertEquals(0, stars.status, stars.err);
    }

    @Test
    void longIdentifier() throws Exception {
        Run r = compile("t.c", "int " + "x".repeat(Limits.MAX_IDENTIFIER_LENGTH + 1) + ";\n");
        assertOneError(r, "t.c:1:5: error: identifier too long (" + (Limits.MAX_IDENTIFIER_LENGTH + 1)
                + " characters; the limit is " + Limits.MAX_IDENTIFIER_LENGTH + ")");
    }

    @Test
    void structOverTwoGigabytes() throws Exception {
        Run r = compile("t.c", "struct s { char a[0x7fffffff]; char b[0x7fffffff]; };\n"
                + "int main(void) { return sizeof(struct s) == 0; }\n");
        assertOneError(r, "t.c:1:37: error: type 'struct s' is too large");
        Run union = compile("t.c", "struct s { char a[0x7fffffff]; int b; };\n");
        assertOneError(union, "error: type 'struct s' is too large");
    }

    @Test
    void outputSameAsInputIsRefused() throws Exception {
        Path f = dir.resolve("t.c");
        String src = "int main(void) { return 0; }\n";
        Files.writeString(f, src);
        Run r = compileFile(f, f.toString());
        assertEquals(1, r.status);
        assertEquals("scmpcc: error: input file '" + f + "' is the same as output file\n", r.err);
        assertEquals(src, Files.readString(f));
    }

    @Test
    void hugeLineNumbersAndManyLineMarkers() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            sb.append("# ").append(i * 2 + 1).append(" \"g.c\"\nint x").append(i).append(";\n");
        }
        Run r = compile("t.c", sb + "#line 99999999999999999999\nint @;\n");
        assertOneError(r, "g.c:2147483647:5: error: stray '@' in program");
    }
}
