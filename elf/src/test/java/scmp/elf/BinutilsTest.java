package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Binutils as an independent oracle: readelf, objdump, ar and nm must read what we write without a single
 * warning. Each test is skipped when its tool is not on PATH.
 */
class BinutilsTest {
    @TempDir
    Path dir;

    static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    record Result(int exit, String out, String err) {
    }

    static Result run(Path cwd, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().put("LC_ALL", "C");
        Path outFile = Files.createTempFile(cwd, "out", ".txt");
        Path errFile = Files.createTempFile(cwd, "err", ".txt");
        pb.redirectOutput(outFile.toFile()).redirectError(errFile.toFile());
        int exit = pb.start().waitFor();
        Result r = new Result(exit, Files.readString(outFile, StandardCharsets.ISO_8859_1),
                Files.readString(errFile, StandardCharsets.ISO_8859_1));
        Files.delete(outFile);
        Files.delete(errFile);
        return r;
    }

    private List<String> writeObjects(int n, long seed) throws IOException {
        List<String> files = new ArrayList<>();
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            String name = "obj" + i + ".o";
            Files.write(dir.resolve(name), ElfWriter.writeObject(Models.randomObject(r)));
            files.add(name);
        }
        files.add("fixed.o");
        Files.write(dir.resolve("fixed.o"), ElfWriter.writeObject(Fixtures.object()));
        return files;
    }

    private List<String> writeExecutables(int n, long seed) throws IOException {
        List<String> files = new ArrayList<>();
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            String name = "exe" + i;
            Files.write(dir.resolve(name), ElfWriter.writeExecutable(Models.randomExecutable(r)));
            files.add(name);
        }
        files.add("fixed");
        Files.write(dir.resolve("fixed"), ElfWriter.writeExecutable(Fixtures.executable()));
        // A .bss with a 1 MiB alignment after the last byte of the file.
        files.add("bigalign");
        Files.write(dir.resolve("bigalign"), ElfWriter.writeExecutable(new Executable(0x1000, List.of(
                new Executable.PlacedSection(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR,
                        0x1000, 8, 4, new byte[8]),
                new Executable.PlacedSection(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE,
                        0x100000, 0x100, 1 << 20, new byte[0])), List.of())));
        return files;
    }

    private void assertClean(Result r, String what) {
        assertEquals("", r.err(), what + " wrote to stderr");
        assertEquals(0, r.exit(), what + " failed");
        assertFalse(r.out().toLowerCase().contains("warning"), what + " printed a warning:\n" + r.out());
    }

    @Test
    void readelfReadsObjectsCleanly() throws Exception {
        assumeTrue(onPath("readelf"), "readelf is not on PATH");
        List<String> cmd = new ArrayList<>(List.of("readelf", "-W", "-h", "-S", "-s", "-r"));
        cmd.addAll(writeObjects(60, 1));
        Result r = run(dir, cmd);
        assertClean(r, "readelf");
        assertTrue(r.out().contains("REL (Relocatable file)"));
        assertTrue(r.out().contains("Machine:                           <unknown>: 0x5343"), r.out());
        assertTrue(r.out().contains(".rela.text"));
    }

    @Test
    void readelfReadsExecutablesCleanly() throws Exception {
        assumeTrue(onPath("readelf"), "readelf is not on PATH");
        List<String> cmd = new ArrayList<>(List.of("readelf", "-W", "-h", "-l", "-S", "-s", "-r"));
        cmd.addAll(writeExecutables(60, 2));
        Result r = run(dir, cmd);
        assertClean(r, "readelf");
        assertTrue(r.out().contains("EXEC (Executable file)"));
        assertTrue(r.out().contains("LOAD"));
    }

    @Test
    void readelfSeesTheFixtureAsWeWroteIt() throws Exception {
        assumeTrue(onPath("readelf"), "readelf is not on PATH");
        Files.write(dir.resolve("f.o"), ElfWriter.writeObject(Fixtures.object()));
        Result r = run(dir, List.of("readelf", "-W", "-s", "-r", "f.o"));
        assertClean(r, "readelf");
        String out = r.out();
        // main is a global function of 12 bytes in section 1 (.text); printf is undefined.
        assertTrue(out.matches("(?s).*: 00000000\\s+12 FUNC\\s+GLOBAL DEFAULT\\s+1 main\n.*"), out);
        assertTrue(out.matches("(?s).*: 00000000\\s+0 NOTYPE\\s+GLOBAL DEFAULT\\s+UND printf\n.*"), out);
        assertTrue(out.matches("(?s).*: 00000008\\s+4 OBJECT\\s+GLOBAL DEFAULT\\s+COM buf\n.*"), out);
        assertTrue(out.matches("(?s).*: 00000040\\s+0 NOTYPE\\s+LOCAL\\s+DEFAULT\\s+ABS SIZE\n.*"), out);
        assertTrue(out.contains("Relocation section '.rela.text' at offset"), out);
        assertTrue(out.contains("3 entries"), out);
        Files.write(dir.resolve("f"), ElfWriter.writeExecutable(Fixtures.executable()));
        r = run(dir, List.of("readelf", "-W", "-h", "-l", "f"));
        assertClean(r, "readelf");
        assertTrue(r.out().contains("Entry point address:               0x1000"), r.out());
        assertTrue(r.out().matches("(?s).*LOAD\\s+0x[0-9a-f]+ 0x00001000 0x00001000 0x0000c 0x0000c R E 0x4\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*LOAD\\s+0x[0-9a-f]+ 0x00001010 0x00001010 0x00000 0x00100 RW  0x8\n.*"), r.out());
    }

    @Test
    void objdumpReadsObjectsAndExecutablesCleanly() throws Exception {
        assumeTrue(onPath("objdump"), "objdump is not on PATH");
        List<String> cmd = new ArrayList<>(List.of("objdump", "-h", "-t"));
        cmd.addAll(writeObjects(20, 3));
        cmd.addAll(writeExecutables(20, 4));
        Result r = run(dir, cmd);
        assertClean(r, "objdump");
        assertTrue(r.out().contains("file format elf32-little"), r.out());
    }

    @Test
    void arAndNmReadOurArchives() throws Exception {
        assumeTrue(onPath("ar") && onPath("nm"), "ar or nm is not on PATH");
        List<Archive.Member> members = new ArrayList<>();
        Random r = new Random(5);
        for (int i = 0; i < 12; i++) {
            String name = i % 3 == 0 ? "a_rather_long_member_name_" + i + ".o" : "m" + i + ".o";
            members.add(new Archive.Member(name, ElfWriter.writeObject(Models.randomObject(r))));
        }
        // A 25-byte name makes the long-name table odd-sized: binutils wants its padding counted in its size.
        members.add(new Archive.Member("an_odd_long_member_name.o", ElfWriter.writeObject(Models.randomObject(r))));
        members.add(new Archive.Member("fixed.o", ElfWriter.writeObject(Fixtures.object())));
        Files.write(dir.resolve("lib.a"), Archive.write(members));
        Result t = run(dir, List.of("ar", "t", "lib.a"));
        assertClean(t, "ar t");
        StringBuilder expected = new StringBuilder();
        for (Archive.Member m : members) {
            expected.append(m.name()).append('\n');
        }
        assertEquals(expected.toString(), t.out());

        Result nm = run(dir, List.of("nm", "-s", "lib.a"));
        assertClean(nm, "nm -s");
        assertTrue(nm.out().startsWith("\nArchive index:\n"), nm.out());
        assertTrue(nm.out().contains("\nmain in fixed.o\nbuf in fixed.o\nweak_fn in fixed.o\n\n"), nm.out());

        if (onPath("readelf")) {
            Result re = run(dir, List.of("readelf", "-W", "-h", "-S", "-s", "-r", "lib.a"));
            assertClean(re, "readelf on the archive");
            assertTrue(re.out().contains("File: lib.a(fixed.o)"), re.out());
        }
        if (onPath("objdump")) {
            assertClean(run(dir, List.of("objdump", "-h", "lib.a")), "objdump -h on the archive");
        }

        // ar extracts members byte for byte.
        Path x = Files.createDirectory(dir.resolve("x"));
        Result xr = run(x, List.of("ar", "x", "../lib.a"));
        assertClean(xr, "ar x");
        for (Archive.Member m : members) {
            assertArrayEquals(m.data(), Files.readAllBytes(x.resolve(m.name())), m.name());
        }
    }

    @Test
    void weReadArchivesThatGnuArWrites() throws Exception {
        assumeTrue(onPath("ar"), "ar is not on PATH");
        Random r = new Random(6);
        List<String> cmd = new ArrayList<>(List.of("ar", "rcsD", "gnu.a"));
        List<byte[]> data = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String name = i == 2 ? "member_with_a_long_name_" + i + ".o" : "g" + i + ".o";
            byte[] b = ElfWriter.writeObject(i == 4 ? Fixtures.object() : Models.randomObject(r));
            Files.write(dir.resolve(name), b);
            cmd.add(name);
            data.add(b);
        }
        assertClean(run(dir, cmd), "ar rcs");
        Archive a = Archive.read("gnu.a", Files.readAllBytes(dir.resolve("gnu.a")));
        assertEquals(5, a.members().size());
        for (int i = 0; i < 5; i++) {
            assertEquals(cmd.get(3 + i), a.members().get(i).name());
            assertArrayEquals(data.get(i), a.members().get(i).data());
        }
        assertTrue(a.hasSymbolIndex());
        assertEquals(4, a.symbolIndex().get("main"));
        assertEquals(4, a.symbolIndex().get("buf"));
    }
}
