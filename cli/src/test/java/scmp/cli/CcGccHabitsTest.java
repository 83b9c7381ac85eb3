package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scmpcc's gcc habits (docs/compiler.md, "Command line"): -Werror, make dependency files (-MD, -MMD, -MF, -MT, -MP)
 * used by a real make, standard input, -v, -Wformat, -Wuninitialized, the reason an output file cannot be
 * written, and --help's -O levels.
 */
class CcGccHabitsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int cc(String... args) {
        return ccWithInput("", args);
    }

    private int ccWithInput(String stdin, String... args) {
        out.reset();
        err.reset();
        return CcMain.run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true),
                new PrintStream(err, true), args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void werrorMakesWarningsFail(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("w.c"), "int main(void) {\n    int unused;\n    return 0;\n}\n");
        Path o = dir.resolve("w.o");
        assertEquals(0, cc("-Wall", "-c", c.toString(), "-o", o.toString()), err());
        assertTrue(err().contains("warning: 'unused' defined but not used [-Wunused-variable]")
                || err().contains("warning: unused variable 'unused' [-Wunused-variable]"), err());
        Files.delete(o);
        assertEquals(1, cc("-Wall", "-Werror", "-c", c.toString(), "-o", o.toString()));
        assertTrue(err().contains("error: unused variable 'unused' [-Werror=unused-variable]"), err());
        assertTrue(err().endsWith("scmpcc: all warnings being treated as errors\n"), err());
        assertFalse(Files.exists(o), "no object after an error");
        assertEquals(0, cc("-Wall", "-Werror", "-Wno-error", "-c", c.toString(), "-o", o.toString()), err());
        assertEquals(0, cc("-Werror", "-c", c.toString(), "-o", o.toString()), "no -Wall: nothing to warn about");
    }

    @Test
    void wformatChecksLiteralFormatsAgainstTheArguments(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("f.c"), """
                #include <stdio.h>
                int main(void) {
                    long l = 3;
                    char *s = "a";
                    double d = 1;
                    int n = 2;
                    unsigned u = 4;
                    printf("%d %s %f %ld %u %c %p %5.2f %*d %hhd %%\\n", s, l, 1, n, u, 'c', s, d, 3, n, n);
                    printf("%d\\n");
                    printf("%d %d\\n", 1, 2, 3);
                    scanf("%d %lf %s %[^x] %*d %ld", &n, &d, s, s, l);
                    printf(s, 1);
                    printf("%ls %lc %d %-10s %+.3e %#x %llu %zu %Lf\\n", L"w", L'c', 1, s, d, u, 1ULL,
                           sizeof n, (long double)d);
                    return 0;
                }
                """);
        assertEquals(0, cc("-Wformat", "-c", c.toString(), "-o", dir.resolve("f.o").toString()), err());
        List<String> warnings = err().lines().filter(l -> l.contains("warning:"))
                .map(l -> l.substring(l.indexOf("warning:"))).toList();
        assertEquals(List.of(
                "warning: format '%d' expects argument of type 'int', but argument 2 has type 'char *' [-Wformat=]",
                "warning: format '%s' expects argument of type 'char *', but argument 3 has type 'long int' [-Wformat=]",
                "warning: format '%f' expects argument of type 'double', but argument 4 has type 'int' [-Wformat=]",
                "warning: format '%ld' expects argument of type 'long int', but argument 5 has type 'int' [-Wformat=]",
                "warning: format '%d' expects a matching 'int' argument [-Wformat=]",
                "warning: too many arguments for format [-Wformat-extra-args]",
                "warning: format '%ld' expects argument of type 'long int *', but argument 6 has type 'long int' "
                        + "[-Wformat=]"), warnings, err());
        assertEquals(0, cc("-c", c.toString(), "-o", dir.resolve("f.o").toString()));
        assertEquals("", err(), "-Wformat is not on by default");
        assertEquals(0, cc("-Wall", "-Wno-format", "-c", c.toString(), "-o", dir.resolve("f.o").toString()));
        assertEquals("", err());
    }

    @Test
    void wuninitializedFindsAReadBeforeAnyAssignmentInStraightLineCode(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("u.c"), """
                int g(int *p);
                int f(int c) {
                    int a;
                    int b;
                    int d;
                    int e;
                    int *q;
                    b = 1;
                    d = a + b;
                    g(&e);
                    d += e;
                    q = &d;
                    if (c) {
                        int z;
                        return z;
                    }
                    return d + *q;
                }
                """);
        assertEquals(0, cc("-Wall", "-c", c.toString(), "-o", dir.resolve("u.o").toString()), err());
        List<String> lines = err().lines().filter(l -> l.startsWith(c.toString())).toList();
        assertEquals(List.of(c + ":9:9: warning: 'a' is used uninitialized [-Wuninitialized]",
                c + ":3:9: note: 'a' was declared here"), lines, err());
        assertEquals(0, cc("-Wuninitialized", "-c", c.toString(), "-o", dir.resolve("u.o").toString()));
        assertTrue(err().contains("'a' is used uninitialized"), err());
        assertEquals(0, cc("-Wall", "-Wno-uninitialized", "-c", c.toString(), "-o", dir.resolve("u.o").toString()));
        assertEquals("", err());
    }

    @Test
    void standardInputIsReadWithDashAndX(@TempDir Path dir) throws Exception {
        String program = "int main(void) { return 7; }\n";
        Path o = dir.resolve("s.o");
        assertEquals(0, ccWithInput(program, "-x", "c", "-c", "-", "-o", o.toString()), err());
        assertTrue(Files.size(o) > 0);
        assertEquals(0, ccWithInput(program, "-xc", "-S", "-o", "-", "-"), err());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("main:"), out.toString(StandardCharsets.UTF_8));
        assertEquals(0, ccWithInput("#define V 5\nV\n", "-E", "-"), err());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("5"));
        assertEquals(1, ccWithInput(program, "-c", "-"));
        assertEquals("scmpcc: error: -E or -x required when input is from standard input\n", err());
        assertEquals(1, ccWithInput("int main(void) { return x; }\n", "-x", "c", "-c", "-", "-o", o.toString()));
        assertTrue(err().startsWith("<stdin>:1:25: error: 'x' undeclared"), err());
        assertEquals(1, ccWithInput(program, "-x", "fortran", "-"));
        assertEquals("scmpcc: error: language fortran not recognized\n", err());
    }

    @Test
    void verboseShowsTheVersionPathsAndSteps(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("v.c"), "int main(void) { return 0; }\n");
        assertEquals(0, cc("-v", "-I", dir.toString(), "-c", c.toString(), "-o", dir.resolve("v.o").toString()));
        String e = err();
        assertTrue(e.startsWith("scmpcc (scmp) "), e);
        assertTrue(e.contains("#include <...> search starts here:\n " + dir + "\n"), e);
        assertTrue(e.contains("End of search list.\n"), e);
        assertTrue(e.contains(" compile " + c + " -> object\n"), e);
        assertEquals(0, cc("-v"));
        assertTrue(err().startsWith("scmpcc (scmp) "), err());
    }

    @Test
    void anOutputFileThatCannotBeOpenedSaysWhy(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("o.c"), "int main(void) { return 0; }\n");
        String missing = dir.resolve("no/such/dir/o.o").toString();
        assertEquals(1, cc("-c", c.toString(), "-o", missing));
        assertEquals("scmpcc: error: cannot open output file " + missing + ": No such file or directory\n", err());
        assertEquals(1, cc(c.toString(), "-o", dir.toString()));
        assertEquals("scmpcc: error: cannot open output file " + dir + ": Is a directory\n", err());
    }

    @Test
    void helpListsTheOptimisationLevelsAndTheNewOptions() {
        assertEquals(0, cc("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        for (String s : List.of("-O0, -O1, -O2", "-Os is -O1", "-Werror", "-Wformat", "-Wuninitialized", "-MMD",
                "-MF FILE", "-MT TARGET", "-x LANG", "-v ")) {
            assertTrue(help.contains(s), s + " in:\n" + help);
        }
    }

    @Test
    void dependencyFilesAreWrittenAsGccWritesThem(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("inc"));
        Files.createDirectories(dir.resolve("obj"));
        Files.writeString(dir.resolve("inc/a_header_with_a_rather_long_name_to_wrap_the_line.h"), "#define A 1\n");
        Files.writeString(dir.resolve("b.h"), "#define B 2\n");
        Path c = Files.writeString(dir.resolve("m.c"), """
                #include "a_header_with_a_rather_long_name_to_wrap_the_line.h"
                #include "b.h"
                #include <stdio.h>
                int main(void) { return A + B; }
                """);
        String inc = dir.resolve("inc").toString();
        String obj = dir.resolve("obj/m.o").toString();
        assertEquals(0, cc("-MMD", "-MP", "-I" + inc, "-c", c.toString(), "-o", obj), err());
        String a = inc + "/a_header_with_a_rather_long_name_to_wrap_the_line.h";
        String b = dir.resolve("b.h").toString();
        // gcc breaks the line before a word that would pass column 72, and -MP adds an empty rule per header.
        String expected = wrap(List.of(obj + ":", c.toString(), a, b)) + a + ":\n" + b + ":\n";
        assertEquals(expected, Files.readString(dir.resolve("obj/m.d")));

        Path d = dir.resolve("deps.txt");
        assertEquals(0, cc("-MD", "-MFdeps.txt".replace("deps.txt", d.toString()), "-MT", "x", "-MTy", "-I", inc,
                "-c", c.toString(), "-o", obj), err());
        String text = Files.readString(d);
        assertTrue(text.startsWith("x y: " + c + " "), text);
        assertTrue(text.contains(b), text);
        assertFalse(text.contains(b + ":"), "no -MP: " + text);
    }

    /** A rule as gcc's mkdeps lays it out: words one space apart, a break before one that would pass column 72. */
    private static String wrap(List<String> words) {
        StringBuilder sb = new StringBuilder();
        int column = 0;
        for (String w : words) {
            if (column > 0) {
                if (column + w.length() > 72) {
                    sb.append(" \\\n");
                    column = 0;
                }
                column++;
                sb.append(' ');
            }
            sb.append(w);
            column += w.length();
        }
        return sb.append('\n').toString();
    }

    @Test
    void makeWithMmdRebuildsExactlyTheObjectsWhoseHeadersChanged(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("common.h"), "#define BASE 40\n");
        Files.writeString(dir.resolve("a.h"), "#define A 1\n");
        Files.writeString(dir.resolve("b.h"), "#define B 1\n");
        Files.writeString(dir.resolve("a.c"), "#include \"common.h\"\n#include \"a.h\"\nint a(void) { return BASE + A; }\n");
        Files.writeString(dir.resolve("b.c"), "#include \"b.h\"\nint b(void) { return B; }\n");
        Files.writeString(dir.resolve("main.c"), "#include \"common.h\"\nint a(void);\nint b(void);\n"
                + "int main(void) { return a() + b() - BASE; }\n");
        String cc = "'" + javaCommand() + "' -cp '" + System.getProperty("java.class.path") + "' scmp.cli.CcMain";
        Files.writeString(dir.resolve("Makefile"), """
                CC = %s
                OBJS = a.o b.o main.o
                prog: $(OBJS)
                \t$(CC) -o $@ $(OBJS)
                %%.o: %%.c
                \t@echo compiling $<
                \t@$(CC) -MMD -c $< -o $@
                -include $(OBJS:.o=.d)
                """.formatted(cc));
        if (!hasMake()) {
            // No make here: the dependency files alone are checked.
            assertEquals(0, cc("-MMD", "-c", dir.resolve("a.c").toString(), "-o", dir.resolve("a.o").toString()));
            assertEquals(dir.resolve("a.o") + ": " + dir.resolve("a.c") + " " + dir.resolve("common.h") + " "
                    + dir.resolve("a.h") + "\n", Files.readString(dir.resolve("a.d")));
            return;
        }
        assertEquals(List.of("compiling a.c", "compiling b.c", "compiling main.c"), make(dir));
        assertEquals(List.of(), make(dir), "nothing changed");
        touch(dir, "a.h");
        assertEquals(List.of("compiling a.c"), make(dir));
        touch(dir, "common.h");
        assertEquals(List.of("compiling a.c", "compiling main.c"), make(dir));
        touch(dir, "b.h");
        assertEquals(List.of("compiling b.c"), make(dir));
        assertEquals("a.o: a.c common.h a.h\n", Files.readString(dir.resolve("a.d")));
    }

    private static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static boolean hasMake() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "make"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Makes {@code name} newer than everything make wrote, and older than what it writes next: every file of
     * {@code dir} is set 100 s back, then {@code name} 10 s back (no waiting for the file system's clock).
     */
    private static void touch(Path dir, String name) throws IOException {
        long now = System.currentTimeMillis();
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.setLastModifiedTime(p, FileTime.fromMillis(now - 100_000));
            }
        }
        Files.setLastModifiedTime(dir.resolve(name), FileTime.fromMillis(now - 10_000));
    }

    /** Runs make in {@code dir}; returns the "compiling X" lines it printed, in order (make -j1). */
    private static List<String> make(Path dir) throws Exception {
        Process p = new ProcessBuilder("make", "-s", "--no-print-directory").directory(dir.toFile())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        List<String> compiled = new ArrayList<>();
        output.lines().filter(l -> l.startsWith("compiling ")).forEach(compiled::add);
        return compiled;
    }
}
