package scmp.link;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.isa.Instruction;
import scmp.isa.RelocType;

/** The link map shows why members were linked, where everything went, and which definitions lost. */
class LinkMapTest {

    private static String sampleMap() throws LinkException {
        return LayoutTest.sample(LinkOptions.defaults()).map();
    }

    @Test
    void memoryMapListsOutputSectionsContributionsAndSymbols() throws LinkException {
        String map = sampleMap();
        assertTrue(map.contains("""
                .text           0x00001000       0x18
                 .text          0x00001000        0x8 a.o
                                0x00001000                _start
                 .text.startup  0x00001008        0x4 a.o
                                0x00001008                early
                 .text          0x00001010        0x8 b.o
                                0x00001014                fb
                                0x00001018                _etext (linker-defined)
                """), map);
        assertTrue(map.contains("""
                .bss            0x0000102c        0xc
                                0x0000102c                __bss_start (linker-defined)
                 .bss           0x0000102c        0x3 a.o
                                0x0000102c                counter
                 .bss           0x00001030        0x4 b.o
                                0x00001030                bvar
                 COMMON         0x00001034        0x4 b.o
                                0x00001034                heap_ptr
                                0x00001038                _end (linker-defined)
                                0x00001038                __heap_start (linker-defined)
                """), map);
        assertTrue(map.contains("""
                .scmp.lines     0x00000000        0xc  (not loaded)
                 .scmp.lines    0x00000000        0x8 a.o
                 .scmp.lines    0x00000008        0x4 b.o
                """), map);
        assertTrue(map.contains("entry point     0x00001000  _start\n"), map);
        assertTrue(map.contains("image end       0x00001038  _end, the start of the heap\n"), map);
        assertTrue(map.contains("heap end        0x0077f000  "), map);
    }

    @Test
    void sectionsComeInLayoutOrderAfterTheArchiveMembers() throws LinkException {
        String map = sampleMap();
        List<String> headings = List.of("Archive member included", "Memory layout", "Memory map", "\n.text ",
                "\n.rodata ", "\n.data ", "\n.bss ", "\n.scmp.lines ", "Common symbols", "Discarded definitions");
        int at = -1;
        for (String h : headings) {
            int next = map.indexOf(h);
            assertTrue(next > at, h + " out of order in\n" + map);
            at = next;
        }
    }

    @Test
    void longInputSectionAndMemberNamesWrap() throws LinkException {
        Obj u = Obj.start("u.o").words(".text.unlikely.cold", 0).undef("zz")
                .reloc(".text.unlikely.cold", 0, RelocType.ABS32, "zz", 0);
        LinkInput lib = Obj.ar("libverylongname.a",
                Obj.named("libverylongname.a(member_with_long_name.o)").words(".text", 0).global("zz", ".text", 0));
        String map = Obj.link(u.in(), lib).map();
        assertTrue(map.contains("""
                libverylongname.a(member_with_long_name.o)
                                              u.o (zz)
                """), map);
        assertTrue(map.contains("""
                 .text.unlikely.cold
                                0x00001004        0x4 u.o
                """), map);
    }

    @Test
    void commonAndDiscardedSymbolsAreListed() throws LinkException {
        Obj a = Obj.start("a.o").common("buf", 16, 8).common("v", 4, 4).words(".data", 0).weak("w", ".data", 0);
        Obj b = Obj.named("b.o").common("buf", 64, 4).words(".data", 0, 0).global("v", ".data", 0)
                .global("w", ".data", 4).absolute("IOBASE", 0x7000);
        String map = Obj.link(a.in(), b.in()).map();
        assertTrue(map.contains("""
                Common symbols

                Symbol              Size        Align   File
                buf                 0x40        8       b.o
                """), map);
        assertTrue(map.contains("""
                Discarded definitions

                Symbol              File                Reason
                buf                 a.o                 common symbol of size 0x10; merged into the larger one in b.o
                v                   a.o                 common symbol; overridden by the definition in b.o
                w                   a.o                 weak definition; overridden by the definition in b.o
                """), map);
        assertTrue(map.contains("""
                Absolute symbols

                                0x00007000                IOBASE (b.o)
                """), map);
    }

    @Test
    void weakWinnersAreMarked() throws LinkException {
        Obj a = Obj.start("a.o").words(".data", 0).weak("hook", ".data", 0);
        String map = Obj.link(a.in()).map();
        assertTrue(map.contains("                0x00001004                hook (weak)\n"), map);
        assertTrue(map.startsWith("Archive member included to satisfy reference by file (symbol)\n\n(none)\n\n"), map);
    }

    /** The example of docs/linker.md: crt0.o main.o hooks.o libc.a. */
    static String docsExample() throws LinkException {
        Obj crt0 = Obj.start("crt0.o").words(".text", Obj.enc(Instruction.JAL, 0))
                .reloc(".text", 4, RelocType.PC26, "main", 0).undef("main");
        Obj main = Obj.named("main.o").words(".text", 0, Obj.enc(Instruction.JAL, 0), 0, 0).global("main", ".text", 0)
                .reloc(".text", 4, RelocType.PC26, "printf", 0).undef("printf")
                .words(".rodata", 0x6c6c6568, 0x6f).common("counts", 64, 4).weak("on_exit", ".text", 12)
                .words(".scmp.lines", 0, 0, 0);
        Obj printf = Obj.named("libc.a(printf.o)").words(".text", 0, Obj.enc(Instruction.JAL, 0), 0)
                .global("printf", ".text", 0).reloc(".text", 4, RelocType.PC26, "putchar", 0).undef("putchar")
                .words(".data", 0, 0).global("stdout", ".data", 0);
        Obj putchar = Obj.named("libc.a(putchar.o)").words(".text", 0, 0).global("putchar", ".text", 0)
                .bytes(".bss", 256).global("outbuf", ".bss", 0);
        Obj exit = Obj.named("libc.a(exit.o)").words(".text", 0).global("on_exit", ".text", 0)
                .global("exit", ".text", 0);
        Obj hooks = Obj.named("hooks.o").common("counts", 16, 8);
        return Obj.link(crt0.in(), main.in(), hooks.in(), Obj.ar("libc.a", printf, exit, putchar)).map();
    }

    @Test
    void exampleInTheDocumentationIsCurrent() throws LinkException, IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("docs/linker.md"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "docs/linker.md not found");
        String doc = Files.readString(dir.resolve("docs/linker.md"));
        String map = docsExample();
        assertTrue(doc.contains("```\n" + map + "```\n"), "docs/linker.md should show this map:\n" + map);
    }
}
