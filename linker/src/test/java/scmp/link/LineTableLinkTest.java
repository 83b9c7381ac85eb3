package scmp.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static scmp.link.Obj.enc;
import static scmp.link.Obj.sym;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.elf.Executable;
import scmp.elf.LineTable;
import scmp.isa.Instruction;

/**
 * Line tables written by {@link LineTable.Writer} into several objects, linked, and read back from the
 * executable file: every entry holds its instruction's address and its file's name (docs/elf.md, "Line tables").
 */
class LineTableLinkTest {
    private static final int NOP = enc(Instruction.ADDI, 0, 0, 0);

    private static Obj withLines(Obj o, LineTable.Entry... entries) {
        LineTable.Writer w = new LineTable.Writer();
        for (LineTable.Entry e : entries) {
            w.add(e);
        }
        w.sections().forEach(o.get()::addSection);
        return o;
    }

    @Test
    void everyObjectsEntriesPointAtTheirInstructionsAndFiles() throws Exception {
        Obj a = withLines(Obj.start("a.o").words(".text", NOP, NOP),
                new LineTable.Entry(".text", 0, "a.c", 1, 1), new LineTable.Entry(".text", 8, "a.c", 3, 2));
        Obj b = withLines(Obj.named("b.o").words(".text", NOP, NOP).global("f", ".text", 0),
                new LineTable.Entry(".text", 4, "b.c", 7, 0), new LineTable.Entry(".text", 0, "lib/b.h", 2, 9));
        Executable linked = Linker.link(List.of(a.in(), b.in()), LinkOptions.defaults()).executable();
        Executable e = ElfReader.readExecutable("prog", ElfWriter.writeExecutable(linked));
        long f = sym(e, "f");
        assertEquals(List.of(new LineTable.Line(0x1000, "a.c", 1, 1), new LineTable.Line(0x1008, "a.c", 3, 2),
                new LineTable.Line((int) f + 4, "b.c", 7, 0), new LineTable.Line((int) f, "lib/b.h", 2, 9)),
                LineTable.read(e));
    }
}
