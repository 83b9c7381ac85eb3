package scmp.dump;

import java.nio.charset.StandardCharsets;
import java.util.List;
import scmp.elf.Executable;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.EncodingException;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.RelocType;

/** Small programs built with the model API, as the assembler and linker would build them. */
public final class Programs {
    private Programs() {
    }

    public static int enc(Instruction i, long... ops) {
        try {
            return Isa.encode(i, ops);
        } catch (EncodingException e) {
            throw new AssertionError(e);
        }
    }

    public static byte[] words(int... w) {
        byte[] b = new byte[w.length * 4];
        for (int i = 0; i < w.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (w[i] >>> (8 * k));
            }
        }
        return b;
    }

    /** The code of main, at any address: a loop, a call and a return. */
    public static byte[] mainCode() {
        return words(
                enc(Instruction.ADDI, 2, 2, -8),      // 0x00 main: addi sp, sp, -8
                enc(Instruction.LUI, 31, 0),          // 0x04 lui at, %hi(msg)
                enc(Instruction.ORI, 4, 31, 0),       // 0x08 ori a0, at, %lo(msg)
                enc(Instruction.JAL, 0),              // 0x0c jal printf
                enc(Instruction.ADDI, 4, 4, -1),      // 0x10 loop: addi a0, a0, -1
                enc(Instruction.BNE, 4, 0, -4),       // 0x14 bne a0, zero, loop
                enc(Instruction.BEQ, 0, 0, -4),       // 0x18 beq zero, zero, loop+4
                enc(Instruction.JALR, 0, 1, 0));      // 0x1c ret
    }

    /** hello.o: main in .text, msg and a pointer to main+4 in .data, a .bss buffer. */
    public static ObjectFile object() {
        ObjectFile o = new ObjectFile("hello.o");
        Section text = o.addSection(new Section(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4));
        text.append(mainCode());
        text.addRelocation(new Relocation(0x04, RelocType.HI16, "msg", 0));
        text.addRelocation(new Relocation(0x08, RelocType.LO16, "msg", 0));
        text.addRelocation(new Relocation(0x0c, RelocType.PC26, "printf", 0));
        Section data = o.addSection(new Section(".data", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 4));
        data.append("hi!\n".getBytes(StandardCharsets.US_ASCII));
        data.append(new byte[4]);
        data.addRelocation(new Relocation(4, RelocType.ABS32, ".text", 4));
        data.addRelocation(new Relocation(4, RelocType.NONE, "", -16));
        Section bss = o.addSection(new Section(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 8));
        bss.reserve(64);
        o.addSymbol(new Symbol("hello.s", Symbol.ABSOLUTE, 0, 0, Symbol.Binding.LOCAL, Symbol.Type.FILE));
        o.addSymbol(new Symbol("loop", ".text", 0x10, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE));
        o.addSymbol(new Symbol("msg", ".data", 0, 4, Symbol.Binding.LOCAL, Symbol.Type.OBJECT));
        o.addSymbol(new Symbol("main", ".text", 0, 32, Symbol.Binding.GLOBAL, Symbol.Type.FUNC));
        o.addSymbol(new Symbol("printf", null, 0, 0, Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE));
        o.addSymbol(new Symbol("buf", ".bss", 0, 64, Symbol.Binding.WEAK, Symbol.Type.OBJECT));
        o.addSymbol(new Symbol("pool", Symbol.COMMON, 8, 128, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT));
        return o;
    }

    /** A linked program: main at 0x1000 (the entry), msg at 0x1020, a .bss at 0x1028, a .comment. */
    public static Executable executable() {
        byte[] comment = "scmp\0".getBytes(StandardCharsets.US_ASCII);
        return new Executable(0x1000, List.of(
                new Executable.PlacedSection(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR,
                        0x1000, 32, 4, mainCode()),
                new Executable.PlacedSection(".data", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_WRITE,
                        0x1020, 6, 4, "hello\0".getBytes(StandardCharsets.US_ASCII)),
                new Executable.PlacedSection(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE,
                        0x1028, 0x40, 8, new byte[0]),
                new Executable.PlacedSection(".comment", Section.SHT_PROGBITS, 0, 0, comment.length, 1, comment)),
                List.of(new Symbol("loop", ".text", 0x1010, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE),
                        new Symbol("main", ".text", 0x1000, 32, Symbol.Binding.GLOBAL, Symbol.Type.FUNC),
                        new Symbol("msg", ".data", 0x1020, 6, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT),
                        new Symbol("buf", ".bss", 0x1028, 0x40, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT),
                        new Symbol("STACK", Symbol.ABSOLUTE, 0x10000, 0, Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE)));
    }
}
