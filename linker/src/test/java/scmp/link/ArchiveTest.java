package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.link.Obj.enc;
import static scmp.link.Obj.sym;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.Executable;
import scmp.isa.Instruction;
import scmp.isa.RelocType;

/** Archive members are linked only when they define a symbol still undefined. */
class ArchiveTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);

    /** A member defining {@code defines} in .text and calling each of {@code calls}. */
    private static Obj member(String name, String defines, String... calls) {
        Obj m = Obj.named(name).words(".text", NOP).global(defines, ".text", 0);
        int off = 4;
        for (String c : calls) {
            m.words(".text", enc(Instruction.JAL, 0)).reloc(".text", off, RelocType.PC26, c, 0).undef(c);
            off += 4;
        }
        return m;
    }

    private static Obj caller(String name, String... calls) {
        Obj m = Obj.start(name);
        int off = 4;
        for (String c : calls) {
            m.words(".text", enc(Instruction.JAL, 0)).reloc(".text", off, RelocType.PC26, c, 0).undef(c);
            off += 4;
        }
        return m;
    }

    @Test
    void onlyNeededMembersAreLinkedAndMembersPullMembers() throws LinkException {
        LinkInput lib = Obj.ar("libc.a", member("libc.a(printf.o)", "printf", "vfprintf"),
                member("libc.a(unused.o)", "unused"),
                member("libc.a(vfprintf.o)", "vfprintf", "putchar"),
                member("libc.a(putchar.o)", "putchar"));
        LinkResult r = Obj.link(caller("main.o", "printf").in(), lib);
        Executable e = r.executable();
        assertNotNull(e.symbolValue("printf"));
        assertNotNull(e.symbolValue("vfprintf"));
        assertNotNull(e.symbolValue("putchar"), "needed by a member linked after it: the archive is rescanned");
        assertNull(e.symbolValue("unused"));
        assertEquals(8 + 8 + 8 + 4, e.section(".text").size(), "main.o, printf.o, vfprintf.o, putchar.o");
        assertTrue(r.map().contains("""
                libc.a(printf.o)              main.o (printf)
                libc.a(vfprintf.o)            libc.a(printf.o) (vfprintf)
                libc.a(putchar.o)             libc.a(vfprintf.o) (putchar)
                """), r.map());
        assertTrue(!r.map().contains("unused.o"));
    }

    @Test
    void archiveBeforeTheObjectsThatNeedItIsRescanned() throws LinkException {
        LinkInput libm = Obj.ar("libm.a", member("libm.a(sqrt.o)", "sqrt"));
        LinkInput libc = Obj.ar("libc.a", member("libc.a(pow.o)", "pow", "sqrt"));
        Executable e = Obj.link(libm, caller("main.o", "pow").in(), libc).executable();
        assertTrue(sym(e, "sqrt") > sym(e, "pow"), "members are laid out in the order they are linked");
    }

    @Test
    void archiveMemberDefinitionLosesToAnEarlierObject() throws LinkException {
        Obj main = caller("main.o", "f").words(".text", NOP).global("f", ".text", 8);
        LinkResult r = Obj.link(main.in(), Obj.ar("lib.a", member("lib.a(f.o)", "f")));
        assertEquals(0x1008, sym(r.executable(), "f"));
        assertTrue(r.map().contains("Archive member included to satisfy reference by file (symbol)\n\n(none)\n"));
    }

    @Test
    void weakReferencesDoNotPullMembers() throws LinkException {
        Obj main = Obj.start("main.o").words(".data", 0).reloc(".data", 0, RelocType.ABS32, "hook", 0)
                .weakUndef("hook");
        Executable e = Obj.link(main.in(), Obj.ar("lib.a", member("lib.a(hook.o)", "hook"))).executable();
        assertNull(e.symbolValue("hook"));
    }

    @Test
    void entrySymbolIsPulledFromAnArchive() throws LinkException {
        Obj main = Obj.named("main.o").words(".text", NOP).global("main", ".text", 0);
        Obj crt0 = Obj.start("libc.a(crt0.o)");
        LinkResult r = Obj.link(main.in(), Obj.ar("libc.a", crt0));
        assertEquals(0x1004, r.executable().entry());
        assertTrue(r.map().contains("libc.a(crt0.o)                entry point (_start)"), r.map());
    }

    @Test
    void archivesAloneLinkWhatTheEntryNeeds() throws LinkException {
        LinkInput lib = Obj.ar("libc.a", Obj.start("libc.a(crt0.o)"), member("libc.a(x.o)", "x"));
        Executable e = Obj.link(lib).executable();
        assertEquals(0x1000, e.entry());
        assertNull(e.symbolValue("x"));
        assertEquals(List.of("entry symbol _start not defined"),
                Obj.errors(Obj.ar("libx.a", member("libx.a(x.o)", "x"))));
    }

    @Test
    void undefinedAfterAllArchivesIsReported() {
        LinkInput lib = Obj.ar("lib.a", member("lib.a(a.o)", "a", "missing"));
        assertEquals(List.of("undefined reference to `missing' (referenced from lib.a(a.o):.text+0x4 in `a+0x4')"),
                Obj.errors(caller("main.o", "a").in(), lib));
    }
}
