package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.cli.DumpMain;

/**
 * Choosing a machine model as a user does (docs/compiler.md "Machine models", docs/simulator.md): scmpcc
 * -mmachine builds for a model with the real sysroot, scmpdump -f shows it, scmpsim picks it from the program
 * (the T3D and the SP on the skeletons of their models) and refuses another model's, the linker refuses to mix
 * models.
 */
class MachineModelE2eTest {
    @TempDir
    Path dir;

    private static final String HELLO = "examples/hello.c";

    private Path build(String model, String source) {
        Path exe = dir.resolve(Path.of(source).getFileName() + "-" + model);
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=" + model, "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        assertEquals("", r.stderr());
        return exe;
    }

    private static String fileHeader(Path file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, DumpMain.run(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, "-f",
                file.toString()));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theScmpModelIsTheDefaultAndItsProgramsAreAsBefore() throws Exception {
        Path explicit = build("scmp", HELLO);
        Path plain = dir.resolve("hello");
        E2e.Cc r = E2e.scmpcc("-O1", "-o", plain.toString(), E2e.root().resolve(HELLO).toString());
        assertEquals(0, r.status(), r.stderr());
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(explicit));
        assertTrue(fileHeader(plain).contains("\nmachine model: scmp (e_flags 0x00000000)\n"), fileHeader(plain));
        E2e.Sim s = E2e.scmpsim("--machine", "scmp", plain.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertTrue(s.stdout().contains("hello, world"), s.stdout());
    }

    @Test
    void programsForTheT3dAndTheSpRunOnTheSkeletonsOfTheirModels() {
        for (String model : new String[] {"t3d", "sp"}) {
            Path exe = build(model, HELLO);
            String header = fileHeader(exe);
            int code = model.equals("t3d") ? 1 : 2;
            assertTrue(header.contains("\nmachine model: " + model + " (e_flags 0x0000000" + code + ")\n"), header);
            // one PE (one node) without -n; the program uses no network, so its cycles are the SCMP node's
            E2e.Sim s = E2e.scmpsim("--cycles", exe.toString());
            assertEquals(0, s.exit(), s.stderr());
            assertTrue(s.stdout().startsWith("hello from SCMP node 0: sorted 1 3 5 7 9 in "), s.stdout());
            assertTrue(s.stdout().endsWith("hello, world\n"), s.stdout());
            E2e.Sim scmp = E2e.scmpsim("--cycles", build("scmp", HELLO).toString());
            // the same output, but the program's clock() ticks are nanoseconds at each model's clock
            // (docs/libc.md), so its own figure differs where the clock is not the SCMP chip's 1 GHz
            String clockFigure = "in [0-9]+ cycles";
            assertEquals(scmp.stdout().replaceFirst(clockFigure, "in N cycles"), s.stdout().replaceFirst(clockFigure,
                    "in N cycles"));
            // printing a different number costs a few instructions: the cycles agree within a thousandth
            assertTrue(s.stderr().matches("cycles: [0-9]+\ninstructions: [0-9]+\n"), s.stderr());
            long mine = Long.parseLong(s.stderr().split("\\s+")[1]);
            long chip = Long.parseLong(scmp.stderr().split("\\s+")[1]);
            assertTrue(Math.abs(mine - chip) * 1000 <= chip, s.stderr() + " vs " + scmp.stderr());
            // SPMD by nature: every PE (node) runs main
            s = E2e.scmpsim("-n", "3", "--mem", "1M", exe.toString());
            assertEquals(0, s.exit(), s.stderr());
            assertEquals(3, s.stdout().split("hello, world\n", -1).length - 1, s.stdout());
            s = E2e.scmpsim("--machine", "scmp", exe.toString());
            assertEquals(126, s.exit());
            assertEquals("scmpsim: " + exe + " is built for the " + model + " machine model, not scmp (--machine)\n",
                    s.stderr());
        }
    }

    @Test
    void theScmpHeadersAreTheScmpModelsOnly() throws Exception {
        Path c = dir.resolve("uses_scmp.c");
        Files.writeString(c, "#include <stdio.h>\n#include <scmp.h>\nint main(void) { return getNodeId(); }\n");
        E2e.Cc ok = E2e.scmpcc("-c", "-o", dir.resolve("ok.o").toString(), c.toString());
        assertEquals(0, ok.status(), ok.stderr());
        E2e.Cc r = E2e.scmpcc("-mmachine=t3d", "-c", "-o", dir.resolve("t.o").toString(), c.toString());
        assertEquals(1, r.status());
        assertTrue(r.stderr().startsWith(c + ":2:10: error: scmp.h: No such file or directory\n"), r.stderr());
        assertTrue(r.stderr().contains("note: scmp.h is a header of the scmp machine model, and this compilation is "
                + "for t3d (-mmachine)"), r.stderr());
        Path shmem = dir.resolve("uses_shmem.c");
        Files.writeString(shmem, "#include <shmem.h>\nint main(void) { return _my_pe(); }\n");
        r = E2e.scmpcc("-mmachine=sp", "-c", "-o", dir.resolve("m.o").toString(), shmem.toString());
        assertEquals(1, r.status());
        assertTrue(r.stderr().contains("error: shmem.h: No such file or directory"), r.stderr());
    }

    @Test
    void objectsOfAnotherModelDoNotLink() throws Exception {
        Path c = dir.resolve("f.c");
        Files.writeString(c, "int f(void) { return 1; }\n");
        Path o = dir.resolve("f.o");
        assertEquals(0, E2e.scmpcc("-c", "-o", o.toString(), c.toString()).status());
        Path main = dir.resolve("main.c");
        Files.writeString(main, "int f(void);\nint main(void) { return f(); }\n");
        E2e.Cc r = E2e.scmpcc("-mmachine=t3d", "-o", dir.resolve("x").toString(), main.toString(), o.toString());
        assertEquals(1, r.status());
        assertEquals("scmpcc: error: " + o + " is for the scmp machine model, but the program is for t3d\n",
                r.stderr());
    }
}
