package scmp.dump;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import scmp.asm.Assembler;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.elf.ObjectFile;
import scmp.elf.Section;

/** {@code scmpdump -D --reassemblable} prints a listing that scmpas assembles back into the same bytes. */
class ReassemblableListingTest {
    /** What {@code -D --reassemblable} shows. */
    static final Dumper.Options LISTING = new Dumper.Options(false, false, false, false, false, false, true, false,
            true, Set.of());

    @Test
    void listingOfEverySectionAssemblesToTheSameContents() throws Exception {
        ObjectFile o = Assembler.assemble("p.s", """
                    .text
                    .globl _start
                _start: li a0, 0x12345678
                    la a1, msg
                1:  addi a0, a0, -1
                    bnez a0, 1b
                    call ext
                    sendh_i a0, THREAD, _start
                    hcall exit
                    .data
                msg: .asciz "hi"
                    .align 4
                tab: .word msg, 0xffffffff
                    .section .rodata.k, "a"
                k:  .half 7
                    .byte 1
                    .section "odd name", "awx"
                    nop
                    .bss
                    .space 16
                """);
        String listing = Dumper.of(ElfReader.readObject("p.o", ElfWriter.writeObject(o))).render("p.o", LISTING);
        assertSameContents(o.sections(), listing);
    }

    @Test
    void listingOfAnExecutableWithLineTablesAndRepeatedLocalNamesAssembles() throws Exception {
        String part = """
                    .file 1 "%s.c"
                    .text
                    .globl %s
                %s: .loc 1 3
                    li a0, 3
                loop: addi a0, a0, -1
                    bnez a0, loop
                    ret
                """;
        ObjectFile a = Assembler.assemble("a.s", String.format(part, "a", "_start", "_start"));
        ObjectFile b = Assembler.assemble("b.s", String.format(part, "b", "f", "f"));
        scmp.elf.Executable exe = scmp.link.Linker.link(List.of(scmp.link.LinkInput.object(a),
                scmp.link.LinkInput.object(b)), scmp.link.LinkOptions.defaults()).executable();
        String listing = Dumper.of(ElfReader.readExecutable("prog", ElfWriter.writeExecutable(exe)))
                .render("prog", LISTING);
        assertTrue(listing.contains("\nloop:\n"), listing);
        assertTrue(listing.contains("\n# loop: (another symbol of this name)\n"), listing);
        assertTrue(listing.contains("# Section .scmp.lines is not listed"), listing);
        List<Section> loaded = new java.util.ArrayList<>();
        for (scmp.elf.Executable.PlacedSection s : exe.sections()) {
            if (s.isAlloc()) {
                Section copy = new Section(s.name(), s.type(), s.flags(), s.align());
                copy.append(s.data());
                loaded.add(copy);
            }
        }
        assertSameContents(loaded, listing);
    }

    private static void assertSameContents(List<Section> sections, String listing) throws Exception {
        ObjectFile again = Assembler.assemble("listing.s", listing);
        for (Section s : sections) {
            if (s.type() == Section.SHT_NOBITS || s.size() == 0) {
                continue;
            }
            Section t = again.section(s.name());
            assertNotNull(t, s.name() + " is missing from the listing:\n" + listing);
            assertArrayEquals(s.data(), t.data(), s.name() + " differs; listing:\n" + listing);
            assertEquals(s.flags(), t.flags(), s.name() + " flags");
        }
    }
}
