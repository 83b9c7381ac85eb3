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
 * setjmp/longjmp, files written in scmpsim's writable directory, and a sleeping thread. The programs are
 * clib/hosttest/e2e/files.c, scmp_only.c, writefiles.c and sleep_threads.c, compiled by scmpcc with the real
 * sysroot at -O1; the expected values of files.c are computed here from the data file it reads, and
 * writefiles.expected is checked against gcc -m32 and glibc when they are installed.
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

    static final Path WRITEFILES = E2e.root().resolve("clib/hosttest/e2e/writefiles.c");

    /** The lines writefiles.c prints on SCMP only: what scmpsim refuses outside the writable directory. */
    static final int SCMP_ONLY_LINES = 4;

    @Test
    void filesWrittenInTheWritableDirectoryAndEscapesRefused(@TempDir Path tmp) throws Exception {
        Path exe = tmp.resolve("writefiles");
        E2e.buildFile(1, false, exe, WRITEFILES);
        Path w = Files.createDirectory(tmp.resolve("w"));
        E2e.Sim r = E2e.scmpsim("--dir", w.toString(), exe.toString(), w.toString(), "scmp");
        assertEquals("", r.stderr());
        assertEquals(0, r.exit());
        assertEquals(Files.readString(WRITEFILES.resolveSibling("writefiles.expected"), StandardCharsets.ISO_8859_1),
                r.stdout());
        // what the program left: the file it created inside to rename, and nothing outside
        assertEquals(List.of("x"), Files.list(w).map(p -> p.getFileName().toString()).sorted().toList());
        assertTrue(!Files.exists(tmp.resolve("escape.txt")));

        // without --dir the host files stay read-only
        E2e.Sim ro = E2e.scmpsim(exe.toString(), w.toString());
        assertTrue(ro.stdout().startsWith("fopen w: Read-only file system\n"), ro.stdout());
        E2e.Sim bad = E2e.scmpsim("--dir", tmp.resolve("none").toString(), exe.toString(), w.toString());
        assertEquals(125, bad.exit());
        assertEquals("scmpsim: --dir " + tmp.resolve("none") + ": not a directory\n", bad.stderr());
    }

    @Test
    void writefilesExpectedIsWhatGlibcPrints(@TempDir Path tmp) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(CCorpusTest.gccAvailable(), "gcc is not installed");
        Path exe = tmp.resolve("writefiles-gcc");
        Process cc = new ProcessBuilder("gcc", "-m32", "-std=gnu99", "-w", "-o", exe.toString(), WRITEFILES.toString())
                .redirectErrorStream(true).start();
        String ccOut = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        org.junit.jupiter.api.Assumptions.assumeTrue(cc.waitFor() == 0, "gcc -m32 cannot build: " + ccOut);
        Path w = Files.createDirectory(tmp.resolve("w"));
        Process run = new ProcessBuilder(exe.toString(), w.toString()).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertEquals(0, run.waitFor());
        List<String> expected = Files.readAllLines(WRITEFILES.resolveSibling("writefiles.expected"),
                StandardCharsets.ISO_8859_1);
        assertEquals(String.join("\n", expected.subList(0, expected.size() - SCMP_ONLY_LINES)) + "\n", out);
    }

    @Test
    void aSleepingThreadLetsTheOtherThreadsOfItsNodeRun() throws Exception {
        Executable exe = E2e.build(1, E2e.root().resolve("clib/hosttest/e2e/sleep_threads.c"));
        E2e.Run r = E2e.run(exe, E2e.DEFAULT_MAX_CYCLES);
        assertNull(r.result().message(), r.stderr());
        assertEquals("main slept at least 50000 cycles 1, less than 51000 1\n"
                + "the worker ran meanwhile, more than 2000 rounds 1\n", r.stdout());
    }
}
