package scmp.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.dump.Programs;
import scmp.elf.Archive;
import scmp.elf.ElfWriter;

/** Golden tests of scmpdump on programs built with the model API. */
class DumpMainTest {
    @TempDir
    Path dir;

    private String out;
    private String err;

    private int dump(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = DumpMain.run(new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8),
                args);
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
        return code;
    }

    private String obj;
    private String exe;

    @BeforeEach
    void files() throws Exception {
        Files.write(dir.resolve("hello.o"), ElfWriter.writeObject(Programs.object()));
        Files.write(dir.resolve("hello"), ElfWriter.writeExecutable(Programs.executable()));
        obj = dir.resolve("hello.o").toString();
        exe = dir.resolve("hello").toString();
    }

    private static String header(String file) {
        return "\n" + file + ":     file format elf32-scmp\n";
    }

    @Test
    void disassembleObjectWithRelocationsInline() {
        assertEquals(0, dump("-d", obj), err);
        assertEquals(header(obj) + """

                Disassembly of section .text:

                00000000 <main>:
                       0:\t1042fff8 \taddi sp, sp, -8
                       4:\t37e00000 \tlui at, 0x0
                \t\t\t4: R_SCMP_HI16\tmsg
                       8:\t189f0000 \tori a0, at, 0x0
                \t\t\t8: R_SCMP_LO16\tmsg
                       c:\ta4000000 \tjal 0xc <main+0xc>
                \t\t\tc: R_SCMP_PC26\tprintf

                00000010 <loop>:
                      10:\t1084ffff \taddi a0, a0, -1
                      14:\t8480ffff \tbne a0, zero, 0x10 <loop>
                      18:\t8000ffff \tbeq zero, zero, 0x14 <loop+0x4>
                      1c:\ta8010000 \tjalr zero, ra, 0
                """, out);
        assertEquals("", err);
        assertEquals(0, dump("-dr", obj));
        assertTrue(out.contains("\t\t\tc: R_SCMP_PC26\tprintf\n"));
        assertFalse(out.contains("RELOCATION RECORDS"), "-dr shows relocations inline only");
    }

    @Test
    void disassembleExecutableWithSymbols() {
        assertEquals(0, dump("-d", exe), err);
        assertEquals(header(exe) + """

                Disassembly of section .text:

                00001000 <main>:
                    1000:\t1042fff8 \taddi sp, sp, -8
                    1004:\t37e00000 \tlui at, 0x0
                    1008:\t189f0000 \tori a0, at, 0x0
                    100c:\ta4000000 \tjal 0x100c <main+0xc>

                00001010 <loop>:
                    1010:\t1084ffff \taddi a0, a0, -1
                    1014:\t8480ffff \tbne a0, zero, 0x1010 <loop>
                    1018:\t8000ffff \tbeq zero, zero, 0x1014 <loop+0x4>
                    101c:\ta8010000 \tjalr zero, ra, 0
                """, out);
    }

    @Test
    void reassemblableDisassembly() {
        assertEquals(0, dump("-d", "--reassemblable", obj), err);
        assertEquals("\n# " + obj + ":     file format elf32-scmp\n" + """

                # Disassembly of section .text:
                	.text
                main:
                \taddi sp, sp, -8
                \tlui at, 0x0
                \t# R_SCMP_HI16 msg
                \tori a0, at, 0x0
                \t# R_SCMP_LO16 msg
                \tjal .+0
                \t# R_SCMP_PC26 printf
                loop:
                \taddi a0, a0, -1
                \tbne a0, zero, .-4
                \tbeq zero, zero, .-4
                \tjalr zero, ra, 0
                """, out);
    }

    @Test
    void allHeadersOfAnObject() {
        assertEquals(0, dump("-x", obj), err);
        assertEquals(header(obj) + """
                architecture: scmp, type: relocatable object
                machine model: scmp (e_flags 0x00000000)
                start address 0x00000000

                Sections:
                Idx Name          Size      VMA       Type      Algn
                  0 .text         00000020  00000000  PROGBITS  2**2
                                  CONTENTS, ALLOC, LOAD, RELOC, READONLY, CODE
                  1 .data         00000008  00000000  PROGBITS  2**2
                                  CONTENTS, ALLOC, LOAD, RELOC, DATA
                  2 .bss          00000040  00000000  NOBITS    2**3
                                  ALLOC

                SYMBOL TABLE:
                00000000 l    df *ABS*\t00000000 hello.s
                00000000 l    d  .text\t00000000 .text
                00000000 l    d  .data\t00000000 .data
                00000000 l    d  .bss\t00000000 .bss
                00000010 l       .text\t00000000 loop
                00000000 l     O .data\t00000004 msg
                00000000 g     F .text\t00000020 main
                00000000         *UND*\t00000000 printf
                00000000  w    O .bss\t00000040 buf
                00000008       O *COM*\t00000080 pool

                RELOCATION RECORDS FOR [.text]:
                OFFSET   TYPE              VALUE
                00000004 R_SCMP_HI16       msg
                00000008 R_SCMP_LO16       msg
                0000000c R_SCMP_PC26       printf

                RELOCATION RECORDS FOR [.data]:
                OFFSET   TYPE              VALUE
                00000004 R_SCMP_ABS32      .text+0x00000004
                00000004 R_SCMP_NONE       *ABS*-0x00000010

                """, out);
        String all = out;
        assertEquals(0, dump(obj));
        assertEquals(all, out, "no option means -x");
    }

    @Test
    void allHeadersOfAnExecutable() {
        assertEquals(0, dump("-x", exe), err);
        assertEquals(header(exe) + """
                architecture: scmp, type: executable
                machine model: scmp (e_flags 0x00000000)
                start address 0x00001000

                Program Header:
                    LOAD vaddr 0x00001000 paddr 0x00001000 align 2**2
                         filesz 0x00000020 memsz 0x00000020 flags r-x  (.text)
                    LOAD vaddr 0x00001020 paddr 0x00001020 align 2**2
                         filesz 0x00000006 memsz 0x00000006 flags rw-  (.data)
                    LOAD vaddr 0x00001028 paddr 0x00001028 align 2**3
                         filesz 0x00000000 memsz 0x00000040 flags rw-  (.bss)

                Sections:
                Idx Name          Size      VMA       Type      Algn
                  0 .text         00000020  00001000  PROGBITS  2**2
                                  CONTENTS, ALLOC, LOAD, READONLY, CODE
                  1 .data         00000006  00001020  PROGBITS  2**2
                                  CONTENTS, ALLOC, LOAD, DATA
                  2 .bss          00000040  00001028  NOBITS    2**3
                                  ALLOC
                  3 .comment      00000005  00000000  PROGBITS  2**0
                                  CONTENTS, READONLY

                SYMBOL TABLE:
                00001010 l       .text\t00000000 loop
                00001000 g     F .text\t00000020 main
                00001020 g     O .data\t00000006 msg
                00001028 g     O .bss\t00000040 buf
                00010000 g       *ABS*\t00000000 STACK

                """, out);
    }

    @Test
    void fullContents() {
        assertEquals(0, dump("-s", exe), err);
        assertEquals(header(exe) + """
                Contents of section .text:
                 1000 f8ff4210 0000e037 00009f18 000000a4  ..B....7........
                 1010 ffff8410 ffff8084 ffff0080 000001a8  ................
                Contents of section .data:
                 1020 68656c6c 6f00                        hello.
                Contents of section .comment:
                 0000 73636d70 00                          scmp.
                """, out);
        assertEquals(0, dump("-s", "-j", ".data", exe), err);
        assertEquals(header(exe) + """
                Contents of section .data:
                 1020 68656c6c 6f00                        hello.
                """, out);
        assertEquals("", err);
        assertEquals(0, dump("-s", "-j", ".dtaa", "-j", ".data", exe));
        assertEquals("scmpdump: warning: section '.dtaa' mentioned in a -j option, but not found in any input file\n",
                err);
    }

    @Test
    void sectionHeadersAndSymbolsAlone() {
        assertEquals(0, dump("-h", "-j", ".bss", obj), err);
        assertEquals(header(obj) + """
                Sections:
                Idx Name          Size      VMA       Type      Algn
                  2 .bss          00000040  00000000  NOBITS    2**3
                                  ALLOC

                """, out);
        assertEquals(0, dump("-t", exe), err);
        assertTrue(out.startsWith(header(exe) + "SYMBOL TABLE:\n00001010 l       .text\t00000000 loop\n"), out);
    }

    @Test
    void disassembleAllIncludesDataAndPartialWords() {
        assertEquals(0, dump("-D", "-j", ".data", exe), err);
        assertEquals(header(exe) + """

                Disassembly of section .data:

                00001020 <msg>:
                    1020:\t6c6c6568 \tfsw fa3, 25960(t0)
                    1024:\t6f00     \t.byte 0x6f, 0x00
                """, out);
    }

    @Test
    void archivesShowEveryMember() throws Exception {
        byte[] a = Archive.write(List.of(new Archive.Member("hello.o", ElfWriter.writeObject(Programs.object())),
                new Archive.Member("again.o", ElfWriter.writeObject(Programs.object()))));
        Path lib = dir.resolve("lib.a");
        Files.write(lib, a);
        assertEquals(0, dump("-h", "-j", ".text", lib.toString()), err);
        String section = """
                Sections:
                Idx Name          Size      VMA       Type      Algn
                  0 .text         00000020  00000000  PROGBITS  2**2
                                  CONTENTS, ALLOC, LOAD, RELOC, READONLY, CODE

                """;
        assertEquals("In archive " + lib + ":\n" + header("hello.o") + section + header("again.o") + section, out);
    }

    @Test
    void aBadMemberIsReportedAndTheOthersShown() throws Exception {
        byte[] good = ElfWriter.writeObject(Programs.object());
        // ar format by hand: a text member between two objects.
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.writeBytes("!<arch>\n".getBytes(StandardCharsets.US_ASCII));
        String[][] members = {{"a.o/", null}, {"notes.txt/", "text\n"}, {"b.o/", null}};
        for (String[] m : members) {
            byte[] data = m[1] == null ? good : m[1].getBytes(StandardCharsets.US_ASCII);
            b.writeBytes(String.format("%-16s%-12s%-6s%-6s%-8s%-10d`\n", m[0], "0", "0", "0", "644", data.length)
                    .getBytes(StandardCharsets.US_ASCII));
            b.writeBytes(data);
            if (data.length % 2 != 0) {
                b.write('\n');
            }
        }
        Path lib = dir.resolve("mixed.a");
        Files.write(lib, b.toByteArray());
        assertEquals(1, dump("-f", lib.toString()));
        assertEquals("scmpdump: " + lib + "(notes.txt): not an ELF file or archive\n", err);
        assertTrue(out.contains(header("a.o")) && out.contains(header("b.o")), out);
    }

    /** Rewrites bytes of the ELF header of {@code data}. */
    private static byte[] patch(byte[] data, int at, int... bytes) {
        byte[] b = data.clone();
        for (int i = 0; i < bytes.length; i++) {
            b[at + i] = (byte) bytes[i];
        }
        return b;
    }

    @Test
    void rejectionsAreOneLineAndExitOne() throws Exception {
        byte[] good = ElfWriter.writeObject(Programs.object());
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"x86.o", "not an SCMP file (e_machine 62, x86-64)"});
        Files.write(dir.resolve("x86.o"), patch(good, 18, 62, 0));
        cases.add(new String[] {"elf64.o", "ELF64 files are not SCMP files"});
        Files.write(dir.resolve("elf64.o"), patch(good, 4, 2));
        cases.add(new String[] {"be.o", "big-endian ELF; SCMP files are little-endian"});
        Files.write(dir.resolve("be.o"), patch(good, 5, 2));
        cases.add(new String[] {"short.o", "truncated ELF header"});
        Files.write(dir.resolve("short.o"), java.util.Arrays.copyOf(good, 30));
        cases.add(new String[] {"cut.o", "section header table lies outside the file"});
        Files.write(dir.resolve("cut.o"), java.util.Arrays.copyOf(good, good.length - 8));
        cases.add(new String[] {"so", "not an executable (e_type 3, shared object)"});
        Files.write(dir.resolve("so"), patch(good, 16, 3, 0));
        cases.add(new String[] {"text.txt", "not an ELF file or archive"});
        Files.writeString(dir.resolve("text.txt"), "hello\n");
        cases.add(new String[] {"empty", "empty file"});
        Files.write(dir.resolve("empty"), new byte[0]);
        cases.add(new String[] {"thin.a", "thin archives are not supported"});
        Files.writeString(dir.resolve("thin.a"), "!<thin>\n");
        cases.add(new String[] {"missing.o", "no such file or directory"});
        cases.add(new String[] {"adir", "is a directory"});
        Files.createDirectory(dir.resolve("adir"));
        for (String[] c : cases) {
            String f = dir.resolve(c[0]).toString();
            assertEquals(1, dump("-x", f), c[0]);
            assertEquals("scmpdump: " + f + ": " + c[1] + "\n", err, c[0]);
            assertEquals("", out, c[0]);
        }
        // Thin archives start with "!<thin>", which is not the ELF magic either; the message says what it is.
        assertEquals(1, dump("-h", obj, dir.resolve("text.txt").toString(), exe));
        assertTrue(out.contains(header(obj)) && out.contains(header(exe)), "good files are still shown");
    }

    @Test
    void usageHelpAndVersion() {
        assertEquals(0, dump("--help"));
        assertTrue(out.startsWith("Usage: scmpdump"), out);
        assertTrue(out.contains("With no option, scmpdump shows all headers, as with -x."), out);
        assertEquals(0, dump("--version"));
        assertEquals("scmpdump (scmp) 0.1.0\nSCMP toolchain and cycle-accurate simulator\n", out.replace("\r\n", "\n"));
        assertEquals(2, dump());
        assertEquals(1, err.lines().count(), err);
        assertEquals(2, dump("--bogus", obj));
        assertEquals("scmpdump: Unknown option: '--bogus' (try 'scmpdump --help')\n", err);
    }

    @Test
    void sourceOptionInterleavesTheLinesOfAProgramBuiltWithDashG() throws Exception {
        Path src = dir.resolve("sq.c");
        Files.writeString(src, "int sq(int x) {\n    return x * x;\n}\nint main(void) {\n    return sq(3);\n}\n");
        Path prog = dir.resolve("sq");
        ByteArrayOutputStream ccErr = new ByteArrayOutputStream();
        assertEquals(0, CcMain.run(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(ccErr, true, StandardCharsets.UTF_8), "-g", "-O1", src.toString(), "-o", prog.toString()),
                ccErr.toString(StandardCharsets.UTF_8));
        assertEquals(0, dump("-S", prog.toString()), err);
        // the line comes before its first instruction, with its text; the multiply is under it
        int at = out.indexOf(src + ":2\n    return x * x;\n");
        assertTrue(at >= 0, out);
        int sq = out.indexOf("<sq>:");
        assertTrue(sq >= 0 && sq < at, out);
        String after = out.substring(at);
        int mul = after.indexOf("\tmul ");
        assertTrue(mul > 0 && after.substring(0, mul).indexOf(src + ":5") < 0, out);
        assertTrue(out.contains(src + ":5\n    return sq(3);\n"), out);
        // without the source file, the file and line alone
        Files.delete(src);
        assertEquals(0, dump("-S", prog.toString()), err);
        assertTrue(out.contains(src + ":2\n") && !out.contains("return x * x;"), out);
        // without -S, no source lines
        assertEquals(0, dump("-d", prog.toString()), err);
        assertTrue(!out.contains(src + ":2"), out);
    }
}
