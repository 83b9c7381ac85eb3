package scmp.cc;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfReader;
import scmp.elf.MachineKind;

/**
 * Building for a machine model (docs/compiler.md, "Machine models"): the model's predefined macro, the sysroot's
 * shared and per-model headers and libraries, and the model recorded in objects and executables.
 */
class MachineModelTest {
    @TempDir
    Path dir;
    private Path sysroot;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void sysroot() throws Exception {
        sysroot = dir.resolve("sysroot");
        write("include/shared.h", "#define SHARED 1\n");
        write("include/which.h", "#define WHICH 0\n");
        write("scmp/include/scmp.h", "#define CHIP 1\n");
        write("t3d/include/which.h", "#define WHICH 3\n");
        write("lib/libx.a", "shared");
        write("t3d/lib/libx.a", "t3d");
    }

    private void write(String relative, String text) throws Exception {
        Path p = sysroot.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private Driver.Builder options(MachineKind m, String... files) {
        return Driver.Options.builder().machine(m).sysroot(sysroot.toString()).files(files);
    }

    private int run(Driver.Builder b) {
        return Driver.run(b.build(), new PrintStream(out, true), new PrintStream(err, true));
    }

    private String preprocessed(MachineKind m, String source) throws Exception {
        Path c = dir.resolve("m.c");
        Files.writeString(c, source);
        out.reset();
        assertEquals(0, run(options(m, c.toString()).stage(Driver.Stage.PREPROCESS)), err.toString());
        return out.toString(StandardCharsets.ISO_8859_1).replaceAll("(?m)^#.*\\n", "").strip();
    }

    @Test
    void eachModelHasItsMacroAndEveryModelTheInstructionSetsAndTheCompilers() throws Exception {
        String probe = "S __SCMP__ T __T3D__ P __SP__ I __scmp__ C __scmpcc__";
        assertEquals("S 1 T __T3D__ P __SP__ I 1 C 1", preprocessed(MachineKind.SCMP, probe));
        assertEquals("S __SCMP__ T 1 P __SP__ I 1 C 1", preprocessed(MachineKind.T3D, probe));
        assertEquals("S __SCMP__ T __T3D__ P 1 I 1 C 1", preprocessed(MachineKind.SP, probe));
        assertEquals("S __SCMP__ T __T3D__ P __SP__ I 1 C 1", preprocessed(null, probe), "code for every model");
    }

    @Test
    void aModelsOwnHeaderComesBeforeTheSharedOne() throws Exception {
        String probe = "#include <shared.h>\n#include <which.h>\nSHARED WHICH\n";
        assertEquals("1 0", preprocessed(MachineKind.SCMP, probe));
        assertEquals("1 3", preprocessed(MachineKind.T3D, probe));
        assertEquals("1 0", preprocessed(null, probe));
        assertEquals("1", preprocessed(MachineKind.SCMP, "#include <scmp.h>\nCHIP\n"));
    }

    @Test
    void anotherModelsHeaderIsMissingWithANoteSayingWhose() throws Exception {
        Path c = dir.resolve("s.c");
        Files.writeString(c, "#include <scmp.h>\nint main(void) { return 0; }\n");
        assertEquals(1, run(options(MachineKind.T3D, c.toString()).stage(Driver.Stage.OBJECT)));
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(c + ":1:10: error: scmp.h: No such file or directory", lines.get(0));
        assertTrue(lines.contains(c + ":1:10: note: scmp.h is a header of the scmp machine model, and this "
                + "compilation is for t3d (-mmachine)"), lines.toString());
    }

    @Test
    void objectsAndExecutablesRecordTheModel() throws Exception {
        Path c = dir.resolve("p.c");
        Files.writeString(c, "int main(void) { return 0; }\n");
        Path start = GuestRunner.C_DIR.resolve("start.s");
        for (MachineKind m : new MachineKind[] {MachineKind.SCMP, MachineKind.T3D, MachineKind.SP, null}) {
            Path o = dir.resolve("p.o");
            assertEquals(0, run(options(m, c.toString()).stage(Driver.Stage.OBJECT).output(o.toString())),
                    err.toString());
            assertEquals(m, ElfReader.readObject("p.o", Files.readAllBytes(o)).machine());
            Path exe = dir.resolve("p");
            assertEquals(0, run(options(m, start.toString(), c.toString()).noStdLib(true).output(exe.toString())),
                    err.toString());
            assertSame(m == null ? MachineKind.SCMP : m,
                    ElfReader.readExecutable("p", Files.readAllBytes(exe)).machine());
        }
    }

    @Test
    void aModelsOwnLibraryComesBeforeTheSharedOne() {
        Sysroot root = Sysroot.ofDirectory(sysroot);
        assertEquals("t3d", new String(root.library(MachineKind.T3D, "libx.a"), StandardCharsets.UTF_8));
        assertEquals("shared", new String(root.library(MachineKind.SCMP, "libx.a"), StandardCharsets.UTF_8));
        assertEquals("shared", new String(root.library(null, "libx.a"), StandardCharsets.UTF_8));
        assertNull(root.library(MachineKind.SP, "liby.a"));
        assertEquals(List.of(MachineKind.SCMP), root.modelsWithHeader("scmp.h"));
        assertEquals(List.of(), root.modelsWithHeader("shared.h"));
    }
}
