package scmp.elf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import scmp.isa.EncodingException;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.RelocType;

/** Small hand-built models with known contents. */
public final class Fixtures {
    private Fixtures() {
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

    public static int enc(Instruction i, long... ops) {
        try {
            return Isa.encode(i, ops);
        } catch (EncodingException e) {
            throw new AssertionError(e);
        }
    }

    /** An object: main loads msg's address and calls printf; buf is common, SIZE absolute. */
    public static ObjectFile object() {
        ObjectFile o = new ObjectFile("fixed.o");
        Section text = o.addSection(new Section(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR, 4));
        text.append(words(enc(Instruction.LUI, 31, 0), enc(Instruction.ORI, 4, 31, 0), enc(Instruction.JAL, 0)));
        text.addRelocation(new Relocation(0, RelocType.HI16, "msg", 0));
        text.addRelocation(new Relocation(4, RelocType.LO16, "msg", 0));
        text.addRelocation(new Relocation(8, RelocType.PC26, "printf", 0));
        Section data = o.addSection(new Section(".data", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 4));
        data.append("hello\n\0\0".getBytes(StandardCharsets.US_ASCII));
        Section bss = o.addSection(new Section(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 8));
        bss.reserve(16);
        o.addSymbol(new Symbol("fixed.c", Symbol.ABSOLUTE, 0, 0, Symbol.Binding.LOCAL, Symbol.Type.FILE));
        o.addSymbol(new Symbol("msg", ".data", 0, 7, Symbol.Binding.LOCAL, Symbol.Type.OBJECT));
        o.addSymbol(new Symbol("SIZE", Symbol.ABSOLUTE, 0x40, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE));
        o.addSymbol(new Symbol("main", ".text", 0, 12, Symbol.Binding.GLOBAL, Symbol.Type.FUNC));
        o.addSymbol(new Symbol("printf", null, 0, 0, Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE));
        o.addSymbol(new Symbol("buf", Symbol.COMMON, 8, 4, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT));
        o.addSymbol(new Symbol("weak_fn", ".text", 8, 4, Symbol.Binding.WEAK, Symbol.Type.FUNC));
        return o;
    }

    /** An executable: _start at 0x1000 loops; .bss at 0x1010; a non-allocated .comment. */
    public static Executable executable() {
        byte[] text = words(enc(Instruction.ADDI, 4, 0, 1), enc(Instruction.ADDI, 4, 4, 1),
                enc(Instruction.BNE, 4, 0, -4));
        byte[] comment = "scmp 0.1.0\0".getBytes(StandardCharsets.US_ASCII);
        return new Executable(0x1000, List.of(
                new Executable.PlacedSection(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR,
                        0x1000, 12, 4, text),
                new Executable.PlacedSection(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE, 0x1010,
                        0x100, 8, new byte[0]),
                new Executable.PlacedSection(".comment", Section.SHT_PROGBITS, 0, 0, comment.length, 1, comment)),
                List.of(new Symbol("_start", ".text", 0x1000, 12, Symbol.Binding.GLOBAL, Symbol.Type.FUNC),
                        new Symbol("loop", ".text", 0x1004, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE),
                        new Symbol("buf", ".bss", 0x1010, 0x100, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT)));
    }

    /** Builds an archive by hand, for formats our writer does not produce. */
    public static byte[] handmade(String... headerNamesAndContents) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("!<arch>\n".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < headerNamesAndContents.length; i += 2) {
            byte[] data = headerNamesAndContents[i + 1].getBytes(StandardCharsets.ISO_8859_1);
            out.writeBytes(String.format("%-16s%-12s%-6s%-6s%-8s%-10d`\n", headerNamesAndContents[i], "0", "0", "0", "644",
                    data.length).getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(data);
            if (data.length % 2 != 0) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }
}
