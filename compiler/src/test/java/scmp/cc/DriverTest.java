package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfReader;

/** The scmpcc command line: -E, -S, -c, linking objects, -D/-I, -O levels, -g. */
class DriverTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int cc(String... args) {
        return CcMain.run(new PrintStream(out, true), new PrintStream(err, true), args);
    }

    @Test
    void compilesAssemblesLinksAndRuns(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("main.c");
        Files.writeString(c, "#include \"val.h\"\nint twice(int);\nint main(void) { return twice(VAL) + EXTRA; }\n");
        Files.writeString(dir.resolve("val.h"), "#define VAL 20\n");
        Path lib = dir.resolve("lib.c");
        Files.writeString(lib, "int twice(int x) { return 2 * x; }\n");
        Path start = GuestRunner.C_DIR.resolve("start.s");
        assertEquals(0, cc("-c", "-O1", lib.toString(), "-o", dir.resolve("lib.o").toString()), err.toString());
        Path exe = dir.resolve("prog");
        assertEquals(0, cc("-nostdlib", "-O2", "-g", "-DEXTRA=2", start.toString(), c.toString(),
                dir.resolve("lib.o").toString(), "-o", exe.toString()), err.toString());
        GuestRunner.Run r = GuestRunner.execute(ElfReader.readExecutable("prog", Files.readAllBytes(exe)), "");
        assertEquals(42, r.exitCode());
    }

    @Test
    void preprocessAndAssemblyOutputs(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("p.c");
        Files.writeString(c, "#define N 7\nint n = N;\n");
        assertEquals(0, cc("-E", c.toString()));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("int n = 7;"), out.toString());
        Path s = dir.resolve("p.s");
        assertEquals(0, cc("-S", c.toString(), "-o", s.toString()));
        String asm = Files.readString(s);
        assertTrue(asm.contains("n:") && asm.contains(".globl n"), asm);
        assertEquals(1, cc("-S", dir.resolve("nope.c").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("nope.c: No such file or directory"));
    }

    @Test
    void hugeInputsAreRejectedWithOneLine(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.c");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);   // sparse: 3 GiB that take no disk
        }
        assertEquals(1, cc("-c", huge.toString()));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("scmpcc: error: " + huge + ": file too large") && e.lines().count() == 1, e);
    }

    @Test
    void noInputAndHelp() {
        assertEquals(1, cc());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no input files"));
        assertEquals(0, cc("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("Usage: scmpcc"));
        assertEquals(1, cc("--bogus-option", "x.c"));
    }

    @Test
    void missingSysrootIsReported(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("m.c");
        Files.writeString(c, "int main(void) { return 0; }\n");
        assertEquals(1, cc("--sysroot", dir.resolve("empty").toString(), c.toString(), "-o",
                dir.resolve("a.out").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("crt0.o not found in the sysroot"), err.toString());
    }
}
