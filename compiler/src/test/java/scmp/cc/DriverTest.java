package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfReader;

/** The driver's pipeline: -E, -S, -c, linking objects, -D/-I, -O levels, -g, inputs it refuses. */
class DriverTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int cc(Driver.Builder options) {
        return Driver.run(options.build(), new PrintStream(out, true), new PrintStream(err, true));
    }

    private static Driver.Builder options(Path... files) {
        return Driver.Options.builder().files(Arrays.stream(files).map(Path::toString).toList());
    }

    @Test
    void compilesAssemblesLinksAndRuns(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("main.c");
        Files.writeString(c, "#include \"val.h\"\nint twice(int);\nint main(void) { return twice(VAL) + EXTRA; }\n");
        Files.writeString(dir.resolve("val.h"), "#define VAL 20\n");
        Path lib = dir.resolve("lib.c");
        Files.writeString(lib, "int twice(int x) { return 2 * x; }\n");
        Path start = GuestRunner.C_DIR.resolve("start.s");
        assertEquals(0, cc(options(lib).stage(Driver.Stage.OBJECT).optLevel(1).output(dir.resolve("lib.o").toString())),
                err.toString());
        Path exe = dir.resolve("prog");
        assertEquals(0, cc(options(start, c, dir.resolve("lib.o")).noStdLib(true).optLevel(2).debug(true)
                .defines(List.of("EXTRA=2")).output(exe.toString())), err.toString());
        GuestRunner.Run r = GuestRunner.execute(ElfReader.readExecutable("prog", Files.readAllBytes(exe)), "");
        assertEquals(42, r.exitCode());
    }

    @Test
    void preprocessAndAssemblyOutputs(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("p.c");
        Files.writeString(c, "#define N 7\nint n = N;\n");
        assertEquals(0, cc(options(c).stage(Driver.Stage.PREPROCESS)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("int n = 7;"), out.toString());
        Path s = dir.resolve("p.s");
        assertEquals(0, cc(options(c).stage(Driver.Stage.ASSEMBLY).output(s.toString())));
        String asm = Files.readString(s);
        assertTrue(asm.contains("n:") && asm.contains(".globl n"), asm);
        assertEquals(1, cc(options(dir.resolve("nope.c")).stage(Driver.Stage.ASSEMBLY)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("nope.c: No such file or directory"));
    }

    @Test
    void hugeInputsAreRejectedWithOneLine(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.c");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);   // sparse: 3 GiB that take no disk
        }
        assertEquals(1, cc(options(huge).stage(Driver.Stage.OBJECT)));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("scmpcc: error: " + huge + ": file too large") && e.lines().count() == 1, e);
    }

    @Test
    void noInput() {
        assertEquals(1, cc(options()));
        assertEquals("scmpcc: fatal error: no input files\ncompilation terminated.\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void oneOutputForManyFilesOnlyWhenLinking(@TempDir Path dir) {
        assertEquals(1, cc(options(dir.resolve("a.c"), dir.resolve("b.c")).stage(Driver.Stage.OBJECT).output("x.o")));
        assertEquals("scmpcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void missingSysrootIsReported(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("m.c");
        Files.writeString(c, "int main(void) { return 0; }\n");
        assertEquals(1, cc(options(c).sysroot(dir.resolve("empty").toString())
                .output(dir.resolve("a.out").toString())));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("crt0.o not found in the sysroot"), err.toString());
    }
}
