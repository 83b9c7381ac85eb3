package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.Executable;
import scmp.model.scmp.ScmpConfig;

/**
 * clib on the simulator where the host harness (clib/hosttest, against glibc) cannot go: host files that
 * scmpsim lets a program open, exit with atexit handlers, abort, clock, the special registers and
 * setjmp/longjmp. The programs are clib/hosttest/e2e/files.c and scmp_only.c, compiled by scmpcc with the
 * real sysroot at -O1; the expected values of files.c are computed here from the data file it reads.
 */
class ClibOnScmpTest {
    static Executable files;

    @TempDir
    static Path dir;

    static Path data;

    @BeforeAll
    static void build() throws Exception {
        files = E2e.build(1, E2e.root().resolve("clib/hosttest/e2e/files.c"));
        // 5000-odd bytes of printable lines, then three bytes that are not ASCII and a last line without newline
        Random r = new Random(5);
        StringBuilder b = new StringBuilder();
        while (b.length() < 5000) {
            int n = r.nextInt(40);
            for (int i = 0; i < n; i++) {
                b.append((char) (32 + r.nextInt(95)));
            }
            b.append('\n');
        }
        byte[] text = b.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] tail = {0, (byte) 0xff, (byte) 0x80, ' ', 'e', 'n', 'd'};
        byte[] all = new byte[text.length + tail.length];
        System.arraycopy(text, 0, all, 0, text.length);
        System.arraycopy(tail, 0, all, text.length, tail.length);
        data = dir.resolve("data.bin");
        Files.write(data, all);
        Files.writeString(dir.resolve("other.txt"), "other\n");
    }

    static E2e.Run runFiles(String mode) throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("files").mesh(1, 1).maxCycles(E2e.DEFAULT_MAX_CYCLES)
                .file(dir.resolve("other.txt"))
                .args(List.of(data.toString(), dir.toString(), dir.resolve("missing.txt").toString(), mode))
                .build();
        return E2e.run(files, cfg);
    }

    /** What files.c prints about the data file and the other opens, up to its clock line. */
    static String expectedFileLines() throws Exception {
        byte[] d = Files.readAllBytes(data);
        int sum = 0;
        int lines = 0;
        for (byte x : d) {
            sum = sum * 31 + (x & 0xff);
            if (x == '\n') {
                lines++;
            }
        }
        String s = Integer.toUnsignedString(sum);
        return "size " + d.length + "\n"
                + "fread: " + d.length + " bytes in " + (d.length + 996) / 997 + " chunks, checksum " + s
                + ", feof 1, ferror 0\n"
                + "fgetc: " + d.length + " bytes, checksum " + s + "\n"
                + "fgets: " + lines + " lines\n"
                + "byte 100: " + (d[100] & 0xff) + "\n"
                + "byte 151: " + (d[151] & 0xff) + ", ftell 152\n"
                + "last byte: " + (d[d.length - 1] & 0xff) + "\n"
                + "after the end: -1, feof 1\n"
                + "ungetc: Z then " + (d[1] & 0xff) + "\n"
                + "fopen --file: opened\n"
                + "fopen named but missing: NULL, No such file or directory\n"
                + "fopen not named: NULL, Permission denied\n"
                + "fopen a directory argument: NULL, Is a directory\n"
                + "fopen for writing: NULL, Read-only file system\n"
                + "stdout line\n"
                + "clock: advances 1, counts cycles 1, CLOCKS_PER_SEC 1000000000\n";
    }

    @Test
    void hostFilesAtexitOrderAndTheFlushAtExit() throws Exception {
        E2e.Run r = runFiles("exit");
        assertNull(r.result().message(), r.stderr());
        assertEquals(expectedFileLines()
                + "partial line, flushed by exit: atexit 3 (registered last, runs first)\n"
                + "atexit 2atexit 1 (registered first, runs last)\n", r.stdout());
        assertEquals("stderr line 1\nstderr line 2\n", r.stderr());
        assertEquals(7, r.exit());
    }

    @Test
    void abortEndsWithStatus134WithoutFlushingStdout() throws Exception {
        E2e.Run r = runFiles("abort");
        assertEquals(expectedFileLines(), r.stdout());
        assertEquals(134, r.exit());
        assertTrue(r.stderr().startsWith("stderr line 1\nstderr line 2\n"), r.stderr());
    }

    @Test
    void setjmpSpecialRegistersAndAFileNamedAsAnArgument() throws Exception {
        Path src = E2e.root().resolve("clib/hosttest/e2e/scmp_only.c");
        Executable exe = E2e.build(1, src);
        ScmpConfig cfg = ScmpConfig.builder("scmp_only").mesh(2, 1).maxCycles(E2e.DEFAULT_MAX_CYCLES)
                .args(List.of(src.toString())).build();
        E2e.Run r = E2e.run(exe, cfg);
        assertNull(r.result().message(), r.stderr());
        assertEquals(Files.readString(src.resolveSibling("scmp_only.expected"), StandardCharsets.ISO_8859_1),
                r.stdout());
        assertEquals(5, r.exit());
    }
}
