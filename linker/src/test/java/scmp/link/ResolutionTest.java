package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.link.Obj.enc;
import static scmp.link.Obj.sym;
import static scmp.link.Obj.word;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.Executable;
import scmp.elf.Symbol;
import scmp.isa.Instruction;
import scmp.isa.RelocType;

/** Global, weak, common and local symbol resolution, and the errors it reports. */
class ResolutionTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);

    /** An object whose .data holds one word relocated by ABS32 against {@code symbol}. */
    private static Obj pointerTo(String name, String symbol) {
        return Obj.start(name).words(".data", 0).reloc(".data", 0, RelocType.ABS32, symbol, 0).undef(symbol);
    }

    private static long pointer(Executable e) {
        return Integer.toUnsignedLong(word(e, e.section(".data").address()));
    }

    @Test
    void strongDefinitionWinsOverWeakInEitherOrder() throws LinkException {
        Obj user = pointerTo("user.o", "x");
        Obj weak = Obj.named("weak.o").words(".rodata", 1, 2).weak("x", ".rodata", 0);
        Obj strong = Obj.named("strong.o").words(".rodata", 3).global("x", ".rodata", 0);
        for (List<Obj> order : List.of(List.of(user, weak, strong), List.of(user, strong, weak))) {
            Executable e = Obj.link(order.stream().map(Obj::in).toArray(LinkInput[]::new)).executable();
            long rodata = e.section(".rodata").address();
            long expected = order.get(1) == strong ? rodata : rodata + 8;
            assertEquals(expected, sym(e, "x"));
            assertEquals(expected, pointer(e));
            Symbol x = e.symbols().stream().filter(s -> s.name().equals("x")).findFirst().orElseThrow();
            assertEquals(Symbol.Binding.GLOBAL, x.binding());
        }
    }

    @Test
    void firstWeakDefinitionWinsAmongWeakOnes() throws LinkException {
        Obj a = Obj.named("a.o").words(".rodata", 1).weak("x", ".rodata", 0);
        Obj b = Obj.named("b.o").words(".rodata", 2).weak("x", ".rodata", 0);
        Executable e = Obj.link(pointerTo("u.o", "x").in(), a.in(), b.in()).executable();
        assertEquals(e.section(".rodata").address(), pointer(e));
        Symbol x = e.symbols().stream().filter(s -> s.name().equals("x")).findFirst().orElseThrow();
        assertEquals(Symbol.Binding.WEAK, x.binding());
    }

    @Test
    void undefinedWeakResolvesToZero() throws LinkException {
        Obj user = Obj.start("u.o").words(".data", 0x55555555).reloc(".data", 0, RelocType.ABS32, "opt", 12)
                .weakUndef("opt");
        Executable e = Obj.link(user.in()).executable();
        assertEquals(12, pointer(e));
        assertNull(e.symbolValue("opt"));
    }

    @Test
    void weakReferenceBecomesRealWhenSomeoneDefinesIt() throws LinkException {
        Obj user = Obj.start("u.o").words(".data", 0).reloc(".data", 0, RelocType.ABS32, "opt", 0).weakUndef("opt");
        Obj def = Obj.named("d.o").words(".text", NOP).global("opt", ".text", 0);
        Executable e = Obj.link(user.in(), def.in()).executable();
        assertEquals(sym(e, "opt"), pointer(e));
        assertEquals(0x1004, sym(e, "opt"));
    }

    @Test
    void commonSymbolsMergeToTheLargestSizeAndAlignmentInBss() throws LinkException {
        Obj a = pointerTo("a.o", "buf").common("buf", 4, 4).bytes(".bss", 12).global("zeros", ".bss", 0);
        Obj b = Obj.named("b.o").common("buf", 100, 2).common("other", 3, 1);
        Obj c = Obj.named("c.o").common("buf", 8, 16);
        Executable e = Obj.link(a.in(), b.in(), c.in()).executable();
        Executable.PlacedSection bss = e.section(".bss");
        long buf = sym(e, "buf");
        assertEquals(0, buf % 16, "the largest alignment");
        assertTrue(buf >= bss.address() + 12, "commons follow the .bss input sections");
        assertEquals(buf, pointer(e));
        Symbol s = e.symbols().stream().filter(x -> x.name().equals("buf")).findFirst().orElseThrow();
        assertEquals(100, s.size(), "the largest size");
        assertEquals(".bss", s.section());
        assertEquals(buf + 100, sym(e, "other"));
        assertEquals(bss.address() + bss.size(), buf + 103);
    }

    @Test
    void definitionWinsOverCommonAndCommonWinsOverWeak() throws LinkException {
        Obj a = pointerTo("a.o", "v").common("v", 64, 4).common("w", 16, 4);
        Obj b = Obj.named("b.o").words(".data", 42).global("v", ".data", 0);
        Obj c = Obj.named("c.o").words(".data", 43).weak("w", ".data", 0);
        Executable e = Obj.link(a.in(), b.in(), c.in()).executable();
        assertEquals(sym(e, "v"), pointer(e));
        assertTrue(e.section(".data").contains(sym(e, "v")));
        assertEquals(42, word(e, sym(e, "v")));
        assertTrue(e.section(".bss").contains(sym(e, "w")), "the common w beats the weak definition");
    }

    @Test
    void multipleStrongDefinitionsAreErrors() {
        Obj a = Obj.start("a.o").words(".data", 1).global("x", ".data", 0);
        Obj b = Obj.named("b.o").words(".data", 2).global("x", ".data", 0).global("_start", ".data", 0);
        assertEquals(List.of("b.o: multiple definition of `x'; first defined in a.o",
                "b.o: multiple definition of `_start'; first defined in a.o"), Obj.errors(a.in(), b.in()));
    }

    @Test
    void everyUndefinedReferenceIsReportedOnceWithItsFirstPlace() {
        Obj a = Obj.start("main.o").words(".text", NOP, NOP, NOP, enc(Instruction.JAL, 0), enc(Instruction.JAL, 0))
                .undef("foo").undef("bar")
                .reloc(".text", 0x10, RelocType.PC26, "foo", 0)
                .reloc(".text", 0x14, RelocType.PC26, "bar", 0);
        Obj b = Obj.named("b.o").words(".data", 0, 0).undef("foo")
                .reloc(".data", 0, RelocType.ABS32, "foo", 0)
                .reloc(".data", 4, RelocType.ABS32, "baz", 0);
        assertEquals(List.of("undefined reference to `foo' (referenced from main.o:.text+0x10 in `_start+0x10')",
                "undefined reference to `bar' (referenced from main.o:.text+0x14 in `_start+0x14')",
                "undefined reference to `baz' (referenced from b.o:.data+0x4)"), Obj.errors(a.in(), b.in()));
    }

    @Test
    void undefinedSymbolThatNothingRelocatesIsHarmless() throws LinkException {
        Executable e = Obj.link(Obj.start("a.o").undef("declared_only").in()).executable();
        assertNull(e.symbolValue("declared_only"));
    }

    @Test
    void localsAreNotVisibleToOtherObjects() {
        Obj a = Obj.start("a.o").words(".text", NOP).local("helper", ".text", 4);
        Obj b = Obj.named("b.o").words(".data", 0).reloc(".data", 0, RelocType.ABS32, "helper", 0).undef("helper");
        assertEquals(List.of("undefined reference to `helper' (referenced from b.o:.data+0x0)"),
                Obj.errors(a.in(), b.in()));
    }

    @Test
    void absoluteSymbolsKeepTheirValue() throws LinkException {
        Obj a = pointerTo("a.o", "MMIO");
        Obj b = Obj.named("b.o").absolute("MMIO", 0x7F000);
        Executable e = Obj.link(a.in(), b.in()).executable();
        assertEquals(0x7F000, pointer(e));
        assertEquals(0x7F000, sym(e, "MMIO"));
    }

    @Test
    void symbolInAMissingSectionIsRejected() {
        Obj a = Obj.start("a.o");
        a.get().addSymbol(new Symbol("ghost", ".sdata", 0, 0, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT));
        assertEquals(List.of("a.o: symbol `ghost' is defined in section .sdata, which the object does not have"),
                Obj.errors(a.in()));
    }

    @Test
    void noInputsIsAnError() {
        assertEquals(List.of("no input files"), Obj.errors());
    }
}
