package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.*;
import org.junit.jupiter.api.Test;

/** Every way a file can be bad ends in an ElfFormatException with a one-line reason, and nothing else. */
class ReaderErrorsTest {

    private static byte[] object() {
        return ElfWriter.writeObject(Fixtures.object());
    }

    private static void put16(byte[] b, long at, int v) {
        b[(int) at] = (byte) v;
        b[(int) at + 1] = (byte) (v >>> 8);
    }

    private static void put32(byte[] b, long at, long v) {
        for (int k = 0; k < 4; k++) {
            b[(int) at + k] = (byte) (v >>> (8 * k));
        }
    }

    private static long get32(byte[] b, long at) {
        long v = 0;
        for (int k = 3; k >= 0; k--) {
            v = v << 8 | (b[(int) at + k] & 0xFF);
        }
        return v;
    }

    /** The offset of field {@code field} (0 = sh_name .. 9 = sh_entsize) of section header {@code index}. */
    private static long sh(byte[] b, int index, int field) {
        return get32(b, 32) + 40L * index + 4L * field;
    }

    /** The offset of symbol {@code index} in the fixture's .symtab (section 5). */
    private static long sym(byte[] b, int index) {
        return get32(b, sh(b, 5, 4)) + 16L * index;
    }

    /** The offset of relocation {@code index} in the fixture's .rela.text (section 4). */
    private static long rela(byte[] b, int index) {
        return get32(b, sh(b, 4, 4)) + 12L * index;
    }

    private static String objectError(byte[] data) {
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> ElfReader.readObject("x.o", data));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals("x.o: " + e.reason(), e.getMessage());
        assertEquals("x.o", e.file());
        return e.reason();
    }

    private static String executableError(byte[] data) {
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> ElfReader.readExecutable("a.out", data));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.reason();
    }

    @Test
    void fixtureIsFine() throws ElfFormatException {
        ObjectFile o = ElfReader.readObject("x.o", object());
        assertEquals(3, o.section(".text").relocations().size());
        assertEquals(7, o.symbol("msg").size());
    }

    @Test
    void notElfAtAll() {
        assertEquals("empty file, not an ELF file", objectError(new byte[0]));
        assertEquals("not an ELF file", objectError("hello, world\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("not an ELF file", objectError("!<arch>\n".getBytes(StandardCharsets.US_ASCII)));
        assertFalse(ElfReader.isElf("hello".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(ElfReader.isElf(object()));
        assertEquals(1, ElfReader.elfType(object()));
        assertEquals(-1, ElfReader.elfType(new byte[3]));
    }

    @Test
    void truncatedHeader() {
        byte[] b = object();
        assertEquals("truncated ELF header", objectError(Arrays.copyOf(b, 3)));
        assertEquals("truncated ELF header", objectError(Arrays.copyOf(b, 20)));
        assertEquals("truncated ELF header", objectError(Arrays.copyOf(b, 51)));
    }

    @Test
    void foreignClassesByteOrdersAndMachines() {
        byte[] b = object();
        b[4] = 2;
        assertEquals("ELF64 files are not SCMP files", objectError(b));
        b = object();
        b[5] = 2;
        assertEquals("big-endian ELF; SCMP files are little-endian", objectError(b));
        b = object();
        put16(b, 18, 62);
        assertEquals("not an SCMP file (e_machine 62, x86-64)", objectError(b));
        put16(b, 18, 183);
        assertEquals("not an SCMP file (e_machine 183, AArch64)", objectError(b));
        put16(b, 18, 243);
        assertEquals("not an SCMP file (e_machine 243, RISC-V)", objectError(b));
        put16(b, 18, 0xBEEF);
        assertEquals("not an SCMP file (e_machine 48879)", objectError(b));
        b = object();
        b[4] = 7;
        assertEquals("bad ELF class 7", objectError(b));
    }

    @Test
    void wrongFileType() {
        assertEquals("not an executable (e_type 1, relocatable object)", executableError(object()));
        byte[] exe = ElfWriter.writeExecutable(Fixtures.executable());
        assertEquals("not a relocatable object (e_type 2, executable)", objectError(exe));
        put16(exe, 16, 3);
        assertEquals("not an executable (e_type 3, shared object)", executableError(exe));
    }

    @Test
    void sectionTableProblems() {
        byte[] b = object();
        put32(b, 32, 0x7FFFFF00L);
        assertEquals("section header table lies outside the file", objectError(b));
        b = object();
        put16(b, 50, 99);
        assertEquals("bad section name string table index 99", objectError(b));
        put16(b, 50, 1);
        assertEquals("bad section name string table index 1 (not a string table)", objectError(b));
        b = object();
        put32(b, sh(b, 1, 4), 0xFFFFFF00L);
        assertEquals("section 1 (.text) lies outside the file", objectError(b));
        b = object();
        put32(b, sh(b, 2, 5), b.length);
        assertEquals("section 2 (.data) lies outside the file", objectError(b));
        b = object();
        put32(b, sh(b, 1, 0), 100000);
        assertEquals("section 1 has a bad name offset", objectError(b));
        b = object();
        put32(b, sh(b, 1, 8), 3);
        assertEquals("section 1 (.text) has alignment 3, not a power of two", objectError(b));
        b = object();
        put16(b, 48, 0);
        assertEquals("extended section numbering is not supported", objectError(b));
    }

    @Test
    void symbolProblems() {
        byte[] b = object();
        put16(b, sym(b, 7) + 14, 55);
        assertEquals("symbol 7 (main) has bad section index 55", objectError(b));
        b = object();
        put16(b, sym(b, 7) + 14, 5);
        assertEquals("symbol 7 (main) has bad section index 5", objectError(b), "the symbol table is not a model section");
        b = object();
        b[(int) sym(b, 7) + 12] = (byte) (3 << 4 | 2);
        assertEquals("symbol 7 (main) has unsupported binding 3", objectError(b));
        b = object();
        b[(int) sym(b, 7) + 12] = (byte) (1 << 4 | 6);
        assertEquals("symbol 7 (main) has unsupported type 6", objectError(b));
        b = object();
        put32(b, sh(b, 5, 7), 6);
        assertEquals("symbol 6 (SIZE) is local but follows the first global symbol (sh_info 6)", objectError(b));
        b = object();
        put32(b, sh(b, 5, 7), 9);
        assertEquals("symbol 7 (main) is global but precedes the first global symbol (sh_info 9)", objectError(b));
        b = object();
        put32(b, sym(b, 7), 100000);
        assertEquals("symbol 7 has a bad name offset", objectError(b));
        b = object();
        put32(b, sh(b, 5, 6), 1);
        assertEquals("symbol table's string table index 1 is bad", objectError(b));
        b = object();
        put32(b, sh(b, 5, 9), 12);
        assertEquals("symbol table entry size 12 is not 16", objectError(b));
        b = object();
        b[(int) sym(b, 3) + 12] = (byte) (1 << 4 | 3);
        assertEquals("section symbol 3 is not local", objectError(b));
    }

    @Test
    void relocationProblems() {
        byte[] b = object();
        put32(b, rela(b, 0) + 4, (get32(b, rela(b, 0) + 4) & ~0xFFL) | 99);
        assertEquals("relocation 0 in .rela.text has unknown type 99", objectError(b));
        b = object();
        put32(b, rela(b, 1), 100);
        assertEquals("relocation 1 in .rela.text: offset 0x64 is outside .text (size 0xc)", objectError(b));
        b = object();
        put32(b, rela(b, 2), 10);
        assertEquals("relocation 2 in .rela.text: offset 0xa is outside .text (size 0xc)", objectError(b));
        b = object();
        put32(b, rela(b, 2) + 4, 200 << 8 | 6);
        assertEquals("relocation 2 in .rela.text has bad symbol index 200", objectError(b));
        b = object();
        put32(b, sh(b, 4, 7), 3);
        assertEquals("relocation section .rela.text applies to .bss, which has no contents", objectError(b));
        b = object();
        put32(b, sh(b, 4, 7), 6);
        assertEquals("relocation section .rela.text applies to bad section index 6", objectError(b));
        b = object();
        put32(b, sh(b, 4, 6), 0);
        assertEquals("relocation section .rela.text does not use the symbol table (sh_link 0)", objectError(b));
        b = object();
        put32(b, sh(b, 4, 9), 8);
        assertEquals("relocation section .rela.text has entry size 8, not 12", objectError(b));
        b = object();
        put32(b, sh(b, 4, 1), 9);
        assertEquals("section 4 (.rela.text) has type SHT_REL; SCMP files use SHT_RELA", objectError(b));
    }

    @Test
    void executableProblems() {
        byte[] b = ElfWriter.writeExecutable(Fixtures.executable());
        put32(b, 52 + 4, 0xFFFFF000L);
        assertEquals("segment 0 lies outside the file", executableError(b));
        b = ElfWriter.writeExecutable(Fixtures.executable());
        put32(b, 52, 3);
        assertEquals("dynamically linked executables are not supported", executableError(b));
        b = ElfWriter.writeExecutable(Fixtures.executable());
        put32(b, 28, 0xFFFFFFF0L);
        assertEquals("program header table lies outside the file", executableError(b));
        b = ElfWriter.writeExecutable(Fixtures.executable());
        put32(b, 52 + 16, 0x20);
        assertEquals("segment 0 has a file size larger than its memory size", executableError(b));
    }

    /** Corrupts bytes, mostly in the headers and tables, and truncates. */
    static byte[] mutate(byte[] original, Random r) {
        byte[] b = original.clone();
        int edits = 1 + r.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int where = switch (r.nextInt(4)) {
                case 0 -> r.nextInt(Math.min(52, b.length));
                case 1 -> b.length - 1 - r.nextInt(Math.min(b.length, 400));
                default -> r.nextInt(b.length);
            };
            if (r.nextBoolean()) {
                b[where] = (byte) r.nextInt(256);
            } else if (where + 4 <= b.length) {
                long[] interesting = {0, 1, 0xFFFFFFFFL, 0x7FFFFFFFL, 0x80000000L, b.length, b.length - 1, 40, 16,
                    r.nextInt(64), r.nextInt(b.length)};
                put32(b, where, interesting[r.nextInt(interesting.length)]);
            }
        }
        if (r.nextInt(5) == 0) {
            b = Arrays.copyOf(b, r.nextInt(b.length + 1));
        }
        return b;
    }

    @Property(tries = 3000)
    void corruptObjectsAreRejectedOrReadable(@ForAll long seed) {
        Random r = new Random(seed);
        byte[] b = mutate(ElfWriter.writeObject(r.nextBoolean() ? Fixtures.object() : Models.randomObject(r)), r);
        ObjectFile o;
        try {
            o = ElfReader.readObject("x.o", b);
        } catch (ElfFormatException e) {
            assertFalse(e.getMessage().contains("\n"));
            return;
        }
        // Whatever the reader accepts, the writer can write and the reader reads back the same.
        byte[] again = ElfWriter.writeObject(o);
        try {
            assertEquals(Models.describe(Models.canonical(o)), Models.describe(ElfReader.readObject("x.o", again)));
        } catch (ElfFormatException e) {
            fail("rewritten object rejected: " + e.getMessage());
        }
    }

    @Property(tries = 3000)
    void corruptExecutablesAreRejectedOrReadable(@ForAll long seed) {
        Random r = new Random(seed);
        byte[] b = mutate(ElfWriter.writeExecutable(r.nextBoolean() ? Fixtures.executable() : Models.randomExecutable(r)), r);
        Executable e;
        try {
            e = ElfReader.readExecutable("a.out", b);
        } catch (ElfFormatException ex) {
            assertFalse(ex.getMessage().contains("\n"));
            return;
        }
        byte[] again = ElfWriter.writeExecutable(e);
        try {
            assertEquals(Models.describe(Models.canonical(e)), Models.describe(ElfReader.readExecutable("a.out", again)));
        } catch (ElfFormatException ex) {
            fail("rewritten executable rejected: " + ex.getMessage());
        }
    }
}
