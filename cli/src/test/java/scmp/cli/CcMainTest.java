package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfReader;
import scmp.elf.MachineKind;
import scmp.machine.Simulation;

/** The scmpcc command line: gcc's spellings of the options, usage errors, --help and --version. */
class CcMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int cc(String... args) {
        return CcMain.run(new PrintStream(out, true), new PrintStream(err, true), args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void gccsAttachedAndLongFormsReachTheDriver(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("inc"));
        Files.writeString(dir.resolve("inc/val.h"), "#define VAL 40\n");
        Path c = dir.resolve("m.c");
        Files.writeString(c, """
                #include <val.h>
                #ifndef __OPTIMIZE__
                #error not optimised
                #endif
                int main(void) { return VAL + EXTRA; }
                """);
        Path exe = dir.resolve("m");
        assertEquals(0, cc("-O2", "-DEXTRA=2", "-Wall", "-std=c99", "-fno-builtin", "-I" + dir.resolve("inc"),
                "-o" + exe, c.toString()), err());
        ByteArrayOutputStream simErr = new ByteArrayOutputStream();
        int status = Simulation.run(new Simulation.Options().program(exe.toString(), List.of()),
                new ByteArrayOutputStream(), simErr, new ByteArrayInputStream(new byte[0]));
        assertEquals(42, status, simErr.toString(StandardCharsets.UTF_8));
        assertEquals(1, cc("-O0", "-DEXTRA=2", "-I", dir.resolve("inc").toString(), "-o", exe.toString(),
                c.toString()));
        assertTrue(err().contains("error: #error not optimised"), err());
    }

    @Test
    void fmaxErrorsStopsAfterThatManyErrors(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("bad.c"), "int x@;\n".repeat(50));
        assertEquals(1, cc("-fmax-errors=2", "-c", c.toString(), "-o", dir.resolve("bad.o").toString()));
        assertEquals(2, err().lines().filter(l -> l.contains("error:")).count(), err());
        assertTrue(err().endsWith("compilation terminated due to -fmax-errors=2.\n"), err());
        err.reset();
        assertEquals(1, cc("-fmax-errors=x", c.toString()));
        assertEquals("scmpcc: error: argument to '-fmax-errors=' should be a non-negative integer\n", err());
    }

    @Test
    void outputOverTheInputIsRefused(@TempDir Path dir) throws Exception {
        Path c = Files.writeString(dir.resolve("t.c"), "int main(void) { return 0; }\n");
        assertEquals(1, cc(c.toString(), "-o", c.toString()));
        assertEquals("scmpcc: error: input file '" + c + "' is the same as output file\n", err());
        assertEquals("int main(void) { return 0; }\n", Files.readString(c));
    }

    @Test
    void mmachineNamesTheModelAndTheOtherMOptionsAreIgnored(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("m.c");
        Files.writeString(c, "#ifndef __T3D__\n#error not for the T3D\n#endif\nint f(void) { return 0; }\n");
        Path o = dir.resolve("m.o");
        assertEquals(0, cc("-mmachine=t3d", "-mno-such-option", "-c", "-o", o.toString(), c.toString()), err());
        assertEquals(MachineKind.T3D, ElfReader.readObject("m.o", Files.readAllBytes(o)).machine());
        assertEquals(1, cc("-c", "-o", o.toString(), c.toString()));
        assertTrue(err().contains("error: #error not for the T3D"), err());
        err.reset();
        assertEquals(1, cc("-mmachine=cm5", c.toString()));
        assertEquals("scmpcc: error: Invalid value for option '-mmachine': unknown machine model 'cm5' (scmp, t3d or "
                + "sp)\nTry 'scmpcc --help' for more information.\n", err());
    }

    @Test
    void usageErrorsGiveOneAndAHint() {
        assertEquals(1, cc("--bogus-option", "x.c"));
        assertEquals("scmpcc: error: Unknown option: '--bogus-option'\nTry 'scmpcc --help' for more information.\n",
                err());
    }

    @Test
    void noInputFiles() {
        assertEquals(1, cc("-O1"));
        assertEquals("scmpcc: fatal error: no input files\ncompilation terminated.\n", err());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, cc("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.startsWith("Usage: scmpcc "), help);
        assertTrue(help.contains("-nostdlib") && help.contains("--sysroot DIR"), help);
        out.reset();
        assertEquals(0, cc("--version"));
        assertEquals("scmpcc (scmp) 0.1.0\nSCMP toolchain and cycle-accurate simulator\n",
                out.toString(StandardCharsets.UTF_8));
    }
}
