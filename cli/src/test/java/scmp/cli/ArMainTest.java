package scmp.cli;

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
import scmp.elf.Archive;
import scmp.elf.ElfWriter;
import scmp.elf.Fixtures;
import scmp.elf.ObjectFile;
import scmp.elf.Section;
import scmp.elf.Symbol;

class ArMainTest {
    @TempDir
    Path dir;

    private String out;
    private String err;
    private byte[] fixed;
    private byte[] other;

    private int ar(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = ArMain.run(new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8),
                args);
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
        return code;
    }

    private String p(String name) {
        return dir.resolve(name).toString();
    }

    @BeforeEach
    void objects() throws Exception {
        fixed = ElfWriter.writeObject(Fixtures.object());
        ObjectFile o = new ObjectFile("other.o");
        o.addSection(new Section(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4))
                .append(new byte[8]);
        o.addSymbol(new Symbol("helper", ".text", 4, 4, Symbol.Binding.GLOBAL, Symbol.Type.FUNC));
        other = ElfWriter.writeObject(o);
        Files.write(dir.resolve("fixed.o"), fixed);
        Files.write(dir.resolve("other.o"), other);
        Files.writeString(dir.resolve("notes.txt"), "not an object\n");
    }

    @Test
    void createListExtract() throws Exception {
        assertEquals(0, ar("rcs", p("lib.a"), p("fixed.o"), p("other.o")), err);
        assertEquals("", err);
        assertEquals(0, ar("t", p("lib.a")));
        assertEquals("fixed.o\nother.o\n", out);
        Archive a = Archive.read("lib.a", Files.readAllBytes(dir.resolve("lib.a")));
        assertEquals(1, a.symbolIndex().get("helper"));

        Path x = Files.createDirectory(dir.resolve("x"));
        assertEquals(0, ar("xv", p("lib.a"), "--output", x.toString()), err);
        assertEquals("x - fixed.o\nx - other.o\n", out);
        assertArrayEquals(fixed, Files.readAllBytes(x.resolve("fixed.o")));
        assertArrayEquals(other, Files.readAllBytes(x.resolve("other.o")));

        Path y = Files.createDirectory(dir.resolve("y"));
        assertEquals(0, ar("x", p("lib.a"), "other.o", "--output", y.toString()), err);
        assertEquals(List.of(y.resolve("other.o")), Files.list(y).toList());
    }

    @Test
    void gnuStyleDashedKeysAndVerboseListing() {
        assertEquals(0, ar("-rcs", p("lib.a"), p("fixed.o")), err);
        assertEquals(0, ar("-tv", p("lib.a")));
        assertEquals(String.format("%10d fixed.o%n", fixed.length).replace(System.lineSeparator(), "\n"), out);
    }

    @Test
    void replaceKeepsOrderAndReportsCreation() throws Exception {
        assertEquals(0, ar("r", p("lib.a"), p("fixed.o"), p("other.o")));
        assertEquals("scmpar: creating " + p("lib.a") + "\n", err);
        Files.write(dir.resolve("fixed.o"), other);
        assertEquals(0, ar("rv", p("lib.a"), p("fixed.o")));
        assertEquals("r - fixed.o\n", out);
        Archive a = Archive.read("lib.a", Files.readAllBytes(dir.resolve("lib.a")));
        assertEquals(List.of("fixed.o", "other.o"), a.members().stream().map(Archive.Member::name).toList());
        assertArrayEquals(other, a.members().get(0).data());
    }

    @Test
    void deleteAndIndexOnly() throws Exception {
        assertEquals(0, ar("rc", p("lib.a"), p("fixed.o"), p("other.o")));
        assertEquals(0, ar("d", p("lib.a"), "fixed.o"));
        assertEquals(0, ar("t", p("lib.a")));
        assertEquals("other.o\n", out);
        assertEquals(1, ar("d", p("lib.a"), "missing.o"));
        assertEquals("scmpar: missing.o: no such member in " + p("lib.a") + "\n", err);
        assertEquals(0, ar("s", p("lib.a")));
        assertEquals(0, Archive.read("l", Files.readAllBytes(dir.resolve("lib.a"))).symbolIndex().get("helper"));
    }

    @Test
    void errorsAreOneLine() throws Exception {
        assertEquals(1, ar("rcs", p("lib.a"), p("notes.txt")));
        assertEquals("scmpar: " + p("notes.txt") + ": not an ELF file\n", err);
        assertFalse(Files.exists(dir.resolve("lib.a")), "nothing written on error");

        assertEquals(1, ar("rcs", p("lib.a"), p("missing.o")));
        assertEquals("scmpar: " + p("missing.o") + ": no such file or directory\n", err);

        assertEquals(1, ar("t", p("notes.txt")));
        assertEquals("scmpar: " + p("notes.txt") + ": not an archive\n", err);

        assertEquals(1, ar("t", p("nothere.a")));
        assertEquals("scmpar: " + p("nothere.a") + ": no such file or directory\n", err);

        assertEquals(2, ar("q", p("lib.a")), "a bad key letter is bad usage");
        assertTrue(err.startsWith("scmpar: unknown key letter 'q'"), err);
        assertEquals(1, err.lines().count());

        assertEquals(2, ar("rt", p("lib.a")));
        assertEquals(1, ar("rcs", p("lib.a"), dir.toString()));
        assertEquals("scmpar: " + dir + ": is a directory\n", err);

        assertEquals(2, ar());
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("scmpar: "), err);
    }

    @Test
    void refusesToExtractPaths() throws Exception {
        byte[] evil = Fixtures.handmade("//", "../evil.o/\n", "/0", "x");
        Files.write(dir.resolve("evil.a"), evil);
        assertEquals(1, ar("x", p("evil.a"), "--output", dir.toString()));
        assertEquals("scmpar: refusing to extract member '../evil.o', whose name is a path\n", err);
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, ar("--help"));
        assertTrue(out.contains("Usage: scmpar"), out);
        assertTrue(out.contains("rcs"), out);
        assertEquals(0, ar("--version"));
        assertEquals("scmpar (scmp) 0.1.0\nSCMP toolchain and cycle-accurate simulator\n", out.replace("\r\n", "\n"));
    }
}
