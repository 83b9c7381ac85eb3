package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.link.Obj.enc;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.elf.Executable;
import scmp.isa.Instruction;
import scmp.isa.RelocType;
import scmp.link.Obj;

/** The scmpld command on real files: objects and archives written by ElfWriter, the executable read back. */
class LinkMainTest {
    @TempDir
    Path dir;

    private String out;
    private String err;

    /** Runs scmpld and returns its exit status, keeping its standard output and error. */
    private int run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int status = LinkMain.run(args, new PrintWriter(o), new PrintWriter(e));
        out = o.toString();
        err = e.toString();
        return status;
    }

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    private void writeObject(String name, Obj o) throws IOException {
        Files.write(dir.resolve(name), ElfWriter.writeObject(o.get()));
    }

    private void writeArchive(String name, Obj... members) {
        List<Archive.Member> list = new ArrayList<>();
        for (Obj m : members) {
            list.add(new Archive.Member(m.get().name(), ElfWriter.writeObject(m.get())));
        }
        try {
            Files.write(dir.resolve(name), Archive.write(list));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Executable readOutput(String name) throws IOException, ElfFormatException {
        return ElfReader.readExecutable(name, Files.readAllBytes(dir.resolve(name)));
    }

    private static Obj calls(Obj o, int at, String... callees) {
        for (String c : callees) {
            o.words(".text", enc(Instruction.JAL, 0)).reloc(".text", at, RelocType.PC26, c, 0).undef(c);
            at += 4;
        }
        return o;
    }

    @BeforeEach
    void files() throws IOException {
        writeObject("main.o", calls(Obj.start("main.o"), 4, "printf")
                .words(".data", 0).reloc(".data", 0, RelocType.ABS32, ".text", 4)
                .words(".scmp.lines", 0).reloc(".scmp.lines", 0, RelocType.ABS32, "_start", 0));
        writeArchive("libc.a",
                calls(Obj.named("printf.o").words(".text", enc(Instruction.ADDI, 0, 0, 0)).global("printf", ".text", 0),
                        4, "putchar"),
                Obj.named("unused.o").words(".text", 0).global("unused", ".text", 0),
                Obj.named("putchar.o").words(".text", 0).global("putchar", ".text", 0));
    }

    @Test
    void linksObjectsAndLibrariesIntoAnExecutableFile() throws Exception {
        assertEquals(0, run("-o", path("prog"), "-Map", path("prog.map"), "-L", dir.toString(), path("main.o"),
                "-lc"), err);
        assertEquals("", err);
        Path prog = dir.resolve("prog");
        assertTrue(Files.isExecutable(prog));
        Executable e = readOutput("prog");
        assertEquals(0x1000, e.entry());
        assertEquals(0x1000, e.section(".text").address());
        assertEquals(0x1008, e.symbolValue("printf"));
        assertEquals(0x1010, e.symbolValue("putchar"));
        assertNull(e.symbolValue("unused"));
        int call = Obj.word(e, 0x1004);
        assertEquals(4, Obj.imm(Instruction.JAL, call), "main's call reaches printf");
        assertEquals(0x1004, Obj.word(e, e.section(".data").address()), "ABS32 against the section symbol");
        assertEquals(0, e.section(".scmp.lines").address());
        assertArrayEquals(new byte[] {0, 0x10, 0, 0}, e.section(".scmp.lines").data());
        String map = Files.readString(dir.resolve("prog.map"));
        String lib = path("libc.a");
        assertTrue(map.contains(lib + "(printf.o)"), map);
        assertTrue(map.contains(path("main.o") + " (printf)"), map);
        assertTrue(map.contains(lib + "(printf.o) (putchar)"), map);
        assertFalse(map.contains("unused"), map);
    }

    @Test
    void libraryBeforeTheObjectIsRescannedAndColonNamesTheFile() throws Exception {
        // -l:FILE names the archive exactly; the library comes first and is rescanned after main.o.
        assertEquals(0, run("-o", path("p"), "-L" + dir, "-l:libc.a", path("main.o")), err);
        assertEquals(0x1008, readOutput("p").symbolValue("printf"));
        assertEquals(1, run("-o", path("q"), "-l:libc.a", path("main.o")), "no -L directory, nothing found");
        assertEquals("scmpld: error: cannot find -l:libc.a\n", err);
    }

    @Test
    void textBaseEntryAndMapOnStandardOutput() throws Exception {
        assertEquals(0, run("-Ttext", "2000", "-e", "printf", "-Map", "-", "-o", path("p"), path("main.o"),
                path("libc.a")), err);
        Executable e = readOutput("p");
        assertEquals(0x2000, e.section(".text").address());
        assertEquals(0x2008, e.entry());
        assertTrue(out.startsWith("Archive member included to satisfy reference by file (symbol)"), out);
        assertTrue(out.contains("entry point     0x00002008  printf"), out);
        assertEquals(0, run("-Ttext=0x3000", "-o", path("q"), path("main.o"), path("libc.a")), err);
        assertEquals(0x3000, readOutput("q").entry());
    }

    @Test
    void undefinedReferencesAreReportedOneLineEach() throws IOException {
        assertEquals(1, run("-o", path("p"), path("main.o")));
        assertEquals("scmpld: error: undefined reference to `printf' (referenced from " + path("main.o")
                + ":.text+0x4 in `_start+0x4')\n", err);
        assertFalse(Files.exists(dir.resolve("p")), "no output after a failed link");
    }

    @Test
    void inputsThatAreNotObjectsOrArchivesAreRejected() throws IOException {
        Files.writeString(dir.resolve("foo.txt"), "hello\n");
        byte[] obj = Files.readAllBytes(dir.resolve("main.o"));
        Files.write(dir.resolve("cut.o"), Arrays.copyOf(obj, 30));
        assertEquals(1, run("-o", path("p"), path("foo.txt"), path("cut.o"), path("missing.o"), "-lnothere"));
        String[] lines = err.split("\n");
        assertEquals(4, lines.length, err);
        assertEquals("scmpld: error: " + path("foo.txt") + ": not an ELF object or archive", lines[0]);
        assertTrue(lines[1].startsWith("scmpld: error: " + path("cut.o") + ": "), lines[1]);
        assertEquals("scmpld: error: cannot find " + path("missing.o") + ": no such file", lines[2]);
        assertEquals("scmpld: error: cannot find -lnothere", lines[3]);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void emptyThinAndHugeInputsAreRejectedInOneLine() throws IOException {
        Files.write(dir.resolve("empty.o"), new byte[0]);
        Files.writeString(dir.resolve("thin.a"), "!<thin>\n");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(dir.resolve("huge.o").toFile(), "rw")) {
            f.write(new byte[] {0x7f, 'E', 'L', 'F'});
            f.setLength(scmp.common.InputFile.MAX_BINARY_SIZE + 1); // sparse: costs no disk
        }
        assertEquals(1, run("-o", path("p"), path("empty.o"), path("thin.a"), path("huge.o")));
        assertEquals("scmpld: error: " + path("empty.o") + ": empty file, not an ELF object or archive\n"
                + "scmpld: error: " + path("thin.a") + ": thin archives are not supported (members must be inside "
                + "the archive)\n"
                + "scmpld: error: " + path("huge.o") + ": file too large (1073741825 bytes; the limit is 1073741824)\n",
                err);
    }

    @Test
    void refusesToWriteTheExecutableOverAnInput() throws IOException {
        byte[] before = Files.readAllBytes(dir.resolve("main.o"));
        assertEquals(1, run("-o", path("main.o"), path("main.o"), path("libc.a")));
        assertEquals("scmpld: error: output file " + path("main.o") + " is also an input file\n", err);
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("main.o")));
    }

    @Test
    void aMapThatCannotBeWrittenLeavesNoExecutable() {
        assertEquals(1, run("-o", path("p"), "-Map", path("no/such/dir/p.map"), path("main.o"), path("libc.a")));
        assertTrue(err.startsWith("scmpld: error: cannot write map file " + path("no/such/dir/p.map") + ": "), err);
        assertFalse(Files.exists(dir.resolve("p")), "no output after a failed link");
    }

    @Test
    void anExecutableIsNotALinkInput() throws IOException {
        assertEquals(0, run("-o", path("p"), path("main.o"), path("libc.a")), err);
        assertEquals(1, run("-o", path("q"), path("p")));
        assertTrue(err.startsWith("scmpld: error: " + path("p") + ": "), err);
        assertEquals(1, err.split("\n").length, err);
    }

    @Test
    void usageErrorsAreOneLine() {
        assertEquals(1, run("--frobnicate", path("main.o")));
        assertEquals("scmpld: error: Unknown option: '--frobnicate' (see scmpld --help)\n", err);
        assertEquals(1, run());
        assertEquals("scmpld: error: no input files\n", err);
        assertEquals(1, run("-Ttext", "0x12g", path("main.o")));
        assertEquals("scmpld: error: invalid address for -Ttext: `0x12g' (expected a hexadecimal number)\n", err);
        assertEquals(1, run("-o", path("no/such/dir/p"), path("main.o"), path("libc.a")));
        assertTrue(err.startsWith("scmpld: error: cannot write output file " + path("no/such/dir/p") + ": "), err);
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, run("--help"));
        assertTrue(out.startsWith("Usage: scmpld [-o OUT] [-Map FILE] [-L DIR]... [-l NAME]...\n"), out);
        assertTrue(out.contains(" [-e SYM] [-Ttext ADDR] FILE...\n"), out);
        assertTrue(out.contains("-Ttext"));
        assertEquals(0, run("--version"));
        assertEquals(String.join("\n", scmp.common.Version.lines("scmpld")) + "\n", out);
    }

    /** Runs a program and returns its standard output, or null when it cannot be started. */
    private static String tool(String... command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? text : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Test
    void binutilsReadelfAgreesWithTheLayout() throws Exception {
        Assumptions.assumeTrue(tool("readelf", "--version") != null, "readelf is not installed");
        assertEquals(0, run("-o", path("prog"), path("main.o"), path("libc.a")), err);
        String headers = tool("readelf", "-W", "-h", "-l", "-s", path("prog"));
        assertTrue(headers != null);
        assertTrue(headers.contains("Type:                              EXEC"), headers);
        assertTrue(headers.contains("Entry point address:               0x1000"), headers);
        assertTrue(headers.matches("(?s).*LOAD\\s+0x[0-9a-f]+ 0x00001000 0x00001000 0x00014 0x00014 R E.*"), headers);
        assertTrue(headers.matches("(?s).*\\s00001008\\s+\\d+\\s+FUNC\\s+GLOBAL\\s+DEFAULT\\s+\\d+\\s+printf\\n.*"),
                headers);
        assertTrue(headers.matches("(?s).*\\s00001018\\s+0\\s+NOTYPE\\s+GLOBAL\\s+DEFAULT\\s+ABS\\s+_end\\n.*"),
                headers);
    }
}
