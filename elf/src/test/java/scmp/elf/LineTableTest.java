package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.*;
import org.junit.jupiter.api.Test;

/** The line table's format: what the writer writes, an object's and a program's readers give back. */
class LineTableTest {

    /** An object with a .text of 64 bytes and a .text.b of 16, their section symbols and the table's. */
    private static ObjectFile withTable(List<LineTable.Entry> entries) {
        ObjectFile o = new ObjectFile("t.o");
        o.addSection(new Section(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4))
                .reserve(64);
        o.addSection(new Section(".text.b", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4))
                .reserve(16);
        LineTable.Writer w = new LineTable.Writer();
        entries.forEach(w::add);
        w.sections().forEach(o::addSection);
        for (Section s : o.sections()) {
            o.addSymbol(new Symbol(s.name(), s.name(), 0, 0, Symbol.Binding.LOCAL, Symbol.Type.SECTION));
        }
        return o;
    }

    @Property(tries = 200)
    void entriesSurviveWritingAnObjectAndReadingItBack(@ForAll long seed) throws ElfFormatException {
        Random r = new Random(seed);
        List<LineTable.Entry> entries = new ArrayList<>();
        String[] files = {"a.c", "dir/b.h", "", "ünï.c"};
        for (int i = r.nextInt(20); i > 0; i--) {
            boolean b = r.nextBoolean();
            entries.add(new LineTable.Entry(b ? ".text.b" : ".text", 4 * r.nextInt(b ? 4 : 16),
                    files[r.nextInt(files.length)], r.nextInt() & 0xFFFFFFFFL, r.nextInt(200)));
        }
        ObjectFile o = withTable(entries);
        ObjectFile back = ElfReader.readObject("t.o", ElfWriter.writeObject(o));
        assertEquals(entries, LineTable.read(back));
        if (!entries.isEmpty()) {
            assertEquals(LineTable.ENTRY_SIZE * entries.size(), back.section(LineTable.LINES_SECTION).size());
        }
    }

    @Test
    void theSectionsHoldFourWordsPerEntryAndEachFileNameOnce() {
        ObjectFile o = withTable(List.of(new LineTable.Entry(".text", 8, "p.c", 3, 5),
                new LineTable.Entry(".text", 12, "p.c", 4, 0), new LineTable.Entry(".text.b", 0, "q.h", 7, 1)));
        Section lines = o.section(LineTable.LINES_SECTION);
        Section files = o.section(LineTable.FILES_SECTION);
        assertEquals(4, lines.align());
        assertEquals(0, lines.flags(), "not allocated: never loaded");
        assertEquals("p.c\0q.h\0", new String(files.data(), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of(0, 0, 3, 5, 0, 0, 4, 0, 0, 0, 7, 1), words(lines.data()));
        assertEquals(List.of(new Relocation(0, scmp.isa.RelocType.ABS32, ".text", 8),
                new Relocation(4, scmp.isa.RelocType.ABS32, LineTable.FILES_SECTION, 0),
                new Relocation(16, scmp.isa.RelocType.ABS32, ".text", 12),
                new Relocation(20, scmp.isa.RelocType.ABS32, LineTable.FILES_SECTION, 0),
                new Relocation(32, scmp.isa.RelocType.ABS32, ".text.b", 0),
                new Relocation(36, scmp.isa.RelocType.ABS32, LineTable.FILES_SECTION, 4)), lines.relocations());
    }

    @Test
    void aProgramsEntriesHoldAddresses() {
        // Two objects' tables linked one after the other: addresses and file offsets relocated.
        byte[] lines = bytes(0x1008, 0, 3, 5, 0x1000, 4, 9, 0, 0x1010, 99, 1, 1);
        byte[] files = "p.c\0q.h\0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Executable e = new Executable(0x1000, List.of(
                new Executable.PlacedSection(LineTable.LINES_SECTION, Section.SHT_PROGBITS, 0, 0, lines.length, 4,
                        lines),
                new Executable.PlacedSection(LineTable.FILES_SECTION, Section.SHT_PROGBITS, 0, 0, files.length, 1,
                        files)), List.of());
        assertEquals(List.of(new LineTable.Line(0x1008, "p.c", 3, 5), new LineTable.Line(0x1000, "q.h", 9, 0),
                new LineTable.Line(0x1010, null, 1, 1)), LineTable.read(e));
        assertEquals(List.of(), LineTable.read(Fixtures.executable()), "no table: no entries");
    }

    @Test
    void anObjectEntryWithoutItsRelocationsIsAFormatError() {
        ObjectFile o = withTable(List.of(new LineTable.Entry(".text", 0, "p.c", 1, 1)));
        o.section(LineTable.LINES_SECTION).relocations().remove(1);
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> LineTable.read(o));
        assertEquals("t.o: .scmp.lines entry at offset 0 lacks its relocations", e.getMessage());
    }

    @Test
    void onlyTheTwoSectionsAreReserved() {
        assertTrue(LineTable.isReserved(".scmp.lines"));
        assertTrue(LineTable.isReserved(".scmp.files"));
        assertFalse(LineTable.isReserved(".scmp"));
        assertFalse(LineTable.isReserved(".text"));
    }

    private static byte[] bytes(int... words) {
        return Fixtures.words(words);
    }

    private static List<Integer> words(byte[] b) {
        List<Integer> w = new ArrayList<>();
        for (int i = 0; i + 4 <= b.length; i += 4) {
            w.add((b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24);
        }
        return w;
    }
}
