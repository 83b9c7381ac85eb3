package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.LineTable;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.isa.RelocType;

/** .file N "name" and .loc N LINE [COL] build the .scmp.lines and .scmp.files sections. */
class LineTableTest {

    @Test
    void entriesAddressesFilesLinesColumns() {
        ObjectFile o = ok("""
                .file 1 "main.c"
                .file 2 "util.h"
                .text
                nop
                .loc 1 10 3
                addi a0, a0, 1
                .loc 1 11
                .loc 1 12 7
                addi a0, a0, 2
                .loc 2 5 1
                ret
                .section .text.other, "ax"
                .loc 1 20
                nop
                """);
        Section lines = section(o, LineTable.LINES_SECTION);
        assertEquals(Section.SHT_PROGBITS, lines.type());
        assertEquals(0, lines.flags(), "not allocated: not loaded into node memory");
        assertEquals(4, lines.align());
        assertEquals(4 * LineTable.ENTRY_SIZE, lines.size(), "the .loc 1 11 at the same address is replaced");
        int[] w = words(o, LineTable.LINES_SECTION);
        assertArrayEquals(new int[] {0, 0, 10, 3, 0, 0, 12, 7, 0, 0, 5, 1, 0, 0, 20, 0}, w,
                "address and file words are 0, filled by relocations");
        Section files = section(o, LineTable.FILES_SECTION);
        assertEquals(0, files.flags());
        assertEquals("main.c\0util.h\0", new String(files.data(), StandardCharsets.UTF_8));
        assertEquals(List.of(
                new Relocation(0, RelocType.ABS32, ".text", 4), new Relocation(4, RelocType.ABS32, ".scmp.files", 0),
                new Relocation(16, RelocType.ABS32, ".text", 8), new Relocation(20, RelocType.ABS32, ".scmp.files", 0),
                new Relocation(32, RelocType.ABS32, ".text", 12), new Relocation(36, RelocType.ABS32, ".scmp.files", 7),
                new Relocation(48, RelocType.ABS32, ".text.other", 0),
                new Relocation(52, RelocType.ABS32, ".scmp.files", 0)), lines.relocations());
        assertNotNull(o.symbol(LineTable.FILES_SECTION), "relocations need the section symbol");
    }

    @Test
    void noLocNoSections() {
        ObjectFile o = ok(".file 1 \"a.c\"\nnop\n");
        assertNull(o.section(LineTable.LINES_SECTION));
        assertNull(o.section(LineTable.FILES_SECTION));
    }

    @Test
    void commaSeparatedFormsWorkToo() {
        ObjectFile o = ok(".file 1, \"a.c\"\n.loc 1, 3, 4\nnop\n");
        assertArrayEquals(new int[] {0, 0, 3, 4}, words(o, LineTable.LINES_SECTION));
    }

    @Test
    void errors() {
        assertEquals("t.s:1:6: error: file number 3 was not declared with .file 3 \"name\"", error(".loc 3 1"));
        assertEquals("t.s:1:1: error: .file expects \"name\" or a number and \"name\" (.file 1 \"prog.c\")", error(".file 1"));
        assertEquals("t.s:1:7: error: .file number 0 out of range (from 1)", error(".file 0 \"x\""));
        assertEquals("t.s:1:1: error: section '.scmp.lines' is reserved for the line table (.file/.loc)",
                error(".section .scmp.lines"));
        assertEquals("t.s:2:9: error: .loc line -1 out of range", error(".file 1 \"a\"\n.loc 1, -1"));
    }
}
