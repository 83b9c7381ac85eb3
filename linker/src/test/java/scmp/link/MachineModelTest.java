package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static scmp.link.Obj.enc;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.MachineKind;
import scmp.isa.Instruction;

/** Machine models in a link: the program's is its objects', and objects of different models do not link. */
class MachineModelTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);

    private static Obj start(MachineKind m) {
        Obj o = Obj.start("start.o").undef("f");
        o.get().setMachine(m);
        return o;
    }

    private static Obj f(String name, MachineKind m) {
        Obj o = Obj.named(name).words(".text", NOP).global("f", ".text", 0);
        o.get().setMachine(m);
        return o;
    }

    private static MachineKind linked(LinkOptions options, Obj... objects) throws LinkException {
        return Linker.link(List.of(objects).stream().map(Obj::in).toList(), options).executable().machine();
    }

    @Test
    void theProgramIsForTheModelOfItsObjects() throws LinkException {
        for (MachineKind m : MachineKind.values()) {
            assertSame(m, linked(LinkOptions.defaults(), start(m), f("f.o", m)));
            // objects for any model (the C library) count for nothing
            assertSame(m, linked(LinkOptions.defaults(), start(m), f("f.o", null)));
            assertSame(m, linked(LinkOptions.defaults(), start(null), f("f.o", m)));
        }
        assertSame(MachineKind.SCMP, linked(LinkOptions.defaults(), start(null), f("f.o", null)),
                "nothing names a model: the SCMP chip");
        assertSame(MachineKind.SP, linked(LinkOptions.defaults().withMachine(MachineKind.SP), start(null),
                f("f.o", null)), "the options name it");
    }

    @Test
    void objectsOfDifferentModelsDoNotLink() {
        assertEquals(List.of("cannot link f.o (machine model t3d) with start.o (machine model scmp)"),
                Obj.errors(start(MachineKind.SCMP).in(), f("f.o", MachineKind.T3D).in()));
        // a member that an archive gives the link is checked too (objects read from archives are named so)
        assertEquals(List.of("cannot link libf.a(f.o) (machine model sp) with start.o (machine model t3d)"),
                Obj.errors(start(MachineKind.T3D).in(), Obj.ar("libf.a", f("libf.a(f.o)", MachineKind.SP))));
    }

    @Test
    void anObjectForAnotherModelThanTheOptionsIsAnError() {
        assertEquals(List.of("f.o is for the scmp machine model, but the program is for t3d"),
                Obj.errors(LinkOptions.defaults().withMachine(MachineKind.T3D), start(null).in(),
                        f("f.o", MachineKind.SCMP).in()));
    }
}
