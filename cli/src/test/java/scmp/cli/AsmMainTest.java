package scmp.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfReader;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.isa.RelocType;

/** The scmpas command line: outputs, standard streams, diagnostics and exit codes. */
class AsmMainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String stdin, String... args) {
        return AsmMain.run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesTheObjectNextToTheSource() throws Exception {
        Path src = dir.resolve("prog.s");
        Files.writeString(src, ".globl _start\n_start: la a0, msg\n hcall exit\n.data\nmsg: .asciz \"hi\"\n");
        assertEquals(0, run("", src.toString()), err());
        Path obj = dir.resolve("prog.o");
        assertTrue(Files.exists(obj));
        assertEquals("", err());
        ObjectFile o = ElfReader.readObject("prog.o", Files.readAllBytes(obj));
        assertEquals(12, o.section(".text").size());
        assertEquals(new Relocation(0, RelocType.HI16, ".data", 0), o.section(".text").relocations().get(0));
        assertTrue(o.symbol("_start").isGlobal());
    }

    @Test
    void explicitOutputAndStandardInput() throws Exception {
        Path obj = dir.resolve("x.o");
        assertEquals(0, run("nop\n", "-o", obj.toString(), "-"), err());
        assertEquals(4, ElfReader.readObject("x.o", Files.readAllBytes(obj)).section(".text").size());
    }

    @Test
    void outputToStandardOutput() {
        assertEquals(0, run("nop\n", "-o", "-", "-"), err());
        byte[] b = out.toByteArray();
        assertEquals(0x7F, b[0]);
        assertEquals('E', b[1]);
    }

    @Test
    void errorsAreGccStyleWithExitStatus1AndNoOutput() throws Exception {
        Path src = dir.resolve("bad.s");
        Files.writeString(src, "nop\n  addi a0, a0, 99999\n  bogus\n");
        assertEquals(1, run("", src.toString()));
        String e = err();
        assertTrue(e.startsWith(src + ":2:16: error: immediate 99999 out of range for addi (signed 16-bit, -32768..32767)\n"
                + "    2 |   addi a0, a0, 99999\n"
                + "      |                ^\n"), e);
        assertTrue(e.contains(src + ":3:3: error: unknown mnemonic 'bogus'"), e);
        assertFalse(e.contains("Exception"), e);
        assertFalse(Files.exists(dir.resolve("bad.o")));
    }

    @Test
    void standardInputIsNamedInDiagnostics() {
        assertEquals(1, run("bogus\n", "-o", dir.resolve("y.o").toString(), "-"));
        assertTrue(err().startsWith("<stdin>:1:1: error: unknown mnemonic 'bogus'"), err());
    }

    @Test
    void missingFileIsOneLine() {
        Path missing = dir.resolve("nofile.s");
        assertEquals(1, run("", missing.toString()));
        assertEquals("scmpas: error: cannot read '" + missing + "': no such file or directory\n", err());
    }

    @Test
    void refusesToWriteTheObjectOverItsSource() throws Exception {
        Path src = dir.resolve("keep.s");
        Files.writeString(src, "nop\n");
        assertEquals(1, run("", "-o", dir.resolve(".").resolve("keep.s").toString(), src.toString()));
        assertEquals("scmpas: error: output file '" + dir.resolve(".").resolve("keep.s")
                + "' is the same as the input file\n", err());
        assertEquals("nop\n", Files.readString(src));
    }

    @Test
    void hugeFileIsOneLineNotAnOutOfMemoryCrash() throws Exception {
        Path huge = dir.resolve("huge.s");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(AsmMain.MAX_SOURCE_SIZE + 1L); // sparse: costs no disk
        }
        assertEquals(1, run("", huge.toString()));
        assertEquals("scmpas: error: cannot read '" + huge + "': file too large (" + (AsmMain.MAX_SOURCE_SIZE + 1L)
                + " bytes; the limit is " + AsmMain.MAX_SOURCE_SIZE + ")\n", err());
    }

    @Test
    void directoryAsInputOrOutput() throws Exception {
        assertEquals(1, run("", dir.toString()));
        assertEquals("scmpas: error: cannot read '" + dir + "': is a directory\n", err());
        err.reset();
        Path src = dir.resolve("ok.s");
        Files.writeString(src, "nop\n");
        assertEquals(1, run("", "-o", dir.toString(), src.toString()));
        assertTrue(err().startsWith("scmpas: error: cannot write '" + dir + "': "), err());
    }

    @Test
    void binaryFileIsOneError() throws Exception {
        Path bin = dir.resolve("blob.s");
        Files.write(bin, new byte[] {0x7f, 'E', 'L', 'F', (byte) 0xC3, 0x28, 0});
        assertEquals(1, run("", bin.toString()));
        assertEquals(bin + ":1:5: error: not a UTF-8 text file: invalid byte 0xc3 at offset 4 (is this a binary file?)\n",
                err());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, run("", "--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("Usage: scmpas"), help);
        assertTrue(help.contains("-o=OUT"), help);
        out.reset();
        assertEquals(0, run("", "--version"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("scmpas (scmp) "));
    }

    @Test
    void badUsageIsExitStatus2() {
        assertEquals(2, run("", "--bogus", "x.s"));
        assertTrue(err().startsWith("scmpas: error: "), err());
        err.reset();
        assertEquals(2, run(""));
        assertTrue(err().contains("FILE"), err());
    }

    @Test
    void defaultOutputNames() {
        assertEquals("d/p.o", AsmMain.defaultOutput("d/p.s"));
        assertEquals("p.o", AsmMain.defaultOutput("p.S"));
        assertEquals("p.o", AsmMain.defaultOutput("p.asm"));
        assertEquals("p.txt.o", AsmMain.defaultOutput("p.txt"));
    }
}
