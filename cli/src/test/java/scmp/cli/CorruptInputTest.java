package scmp.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.*;
import scmp.dump.Programs;
import scmp.elf.Archive;
import scmp.elf.ElfWriter;

/** Damaged files give either a listing or one line on stderr and status 1; never anything else. */
class CorruptInputTest {

    static byte[] mutate(byte[] original, Random r) {
        byte[] b = original.clone();
        int edits = 1 + r.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int where = r.nextInt(3) == 0 ? r.nextInt(Math.min(64, b.length)) : r.nextInt(b.length);
            b[where] = (byte) (r.nextInt(3) == 0 ? 0xFF : r.nextInt(256));
        }
        if (r.nextInt(6) == 0) {
            b = java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));
        }
        return b;
    }

    @Property(tries = 300)
    void damagedFilesAreListedOrRejectedInOneLine(@ForAll long seed) throws IOException {
        Random r = new Random(seed);
        byte[] original = switch (r.nextInt(3)) {
            case 0 -> ElfWriter.writeObject(Programs.object());
            case 1 -> ElfWriter.writeExecutable(Programs.executable());
            default -> Archive.write(List.of(new Archive.Member("hello.o", ElfWriter.writeObject(Programs.object()))));
        };
        Path f = Files.createTempFile("corrupt", ".bin");
        try {
            Files.write(f, mutate(original, r));
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            ByteArrayOutputStream e = new ByteArrayOutputStream();
            int code = DumpMain.run(new PrintStream(o, true, StandardCharsets.UTF_8),
                    new PrintStream(e, true, StandardCharsets.UTF_8), "-x", "-D", "-s", f.toString());
            String err = e.toString(StandardCharsets.UTF_8);
            if (code == 0) {
                assertEquals("", err);
            } else {
                assertEquals(1, code, err);
                assertTrue(err.startsWith("scmpdump: " + f), err);
                assertTrue(err.lines().count() <= 1 || Archive.isArchive(Files.readAllBytes(f)), err);
                for (String line : err.lines().toList()) {
                    assertTrue(line.startsWith("scmpdump: "), line);
                }
            }
        } finally {
            Files.delete(f);
        }
    }
}
