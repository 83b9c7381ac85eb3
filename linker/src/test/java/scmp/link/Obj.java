package scmp.link;

import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.EncodingException;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.RelocType;

/** A small fluent builder of relocatable objects for the linker tests. */
public final class Obj {
    final ObjectFile o;

    public Obj(String name) {
        o = new ObjectFile(name);
    }

    public static Obj named(String name) {
        return new Obj(name);
    }

    /** Returns the section, creating it with the usual flags of its name when it does not exist. */
    public Section sec(String name) {
        Section s = o.section(name);
        if (s == null) {
            int flags;
            int type = Section.SHT_PROGBITS;
            int align = 4;
            if (name.startsWith(".text")) {
                flags = Section.SHF_ALLOC | Section.SHF_EXECINSTR;
            } else if (name.startsWith(".rodata")) {
                flags = Section.SHF_ALLOC;
            } else if (name.startsWith(".data")) {
                flags = Section.SHF_ALLOC | Section.SHF_WRITE;
            } else if (name.startsWith(".bss")) {
                flags = Section.SHF_ALLOC | Section.SHF_WRITE;
                type = Section.SHT_NOBITS;
            } else {
                flags = 0;
                align = 1;
            }
            s = o.addSection(new Section(name, type, flags, align));
        }
        return s;
    }

    public Obj section(String name, int type, int flags, int align) {
        o.addSection(new Section(name, type, flags, align));
        return this;
    }

    /** Appends instruction words to a section. */
    public Obj words(String section, int... words) {
        Section s = sec(section);
        for (int w : words) {
            s.append(new byte[] {(byte) w, (byte) (w >> 8), (byte) (w >> 16), (byte) (w >> 24)});
        }
        return this;
    }

    public Obj bytes(String section, int count) {
        sec(section).reserve(count);
        return this;
    }

    public Obj global(String name, String section, long value) {
        sec(section);
        o.addSymbol(new Symbol(name, section, value, 0, Symbol.Binding.GLOBAL, Symbol.Type.FUNC));
        return this;
    }

    public Obj weak(String name, String section, long value) {
        sec(section);
        o.addSymbol(new Symbol(name, section, value, 0, Symbol.Binding.WEAK, Symbol.Type.FUNC));
        return this;
    }

    public Obj local(String name, String section, long value) {
        sec(section);
        o.addSymbol(new Symbol(name, section, value, 0, Symbol.Binding.LOCAL, Symbol.Type.NOTYPE));
        return this;
    }

    public Obj absolute(String name, long value) {
        o.addSymbol(new Symbol(name, Symbol.ABSOLUTE, value, 0, Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE));
        return this;
    }

    public Obj undef(String name) {
        o.addSymbol(new Symbol(name, null, 0, 0, Symbol.Binding.GLOBAL, Symbol.Type.NOTYPE));
        return this;
    }

    public Obj weakUndef(String name) {
        o.addSymbol(new Symbol(name, null, 0, 0, Symbol.Binding.WEAK, Symbol.Type.NOTYPE));
        return this;
    }

    public Obj common(String name, int size, int align) {
        o.addSymbol(new Symbol(name, Symbol.COMMON, align, size, Symbol.Binding.GLOBAL, Symbol.Type.OBJECT));
        return this;
    }

    public Obj reloc(String section, int offset, RelocType type, String symbol, int addend) {
        sec(section).addRelocation(new Relocation(offset, type, symbol, addend));
        return this;
    }

    /** A {@code _start} that is a single {@code endt}, for links that need an entry. */
    public static Obj start(String name) {
        return named(name).global("_start", ".text", 0).words(".text", enc(Instruction.ENDT));
    }

    public ObjectFile get() {
        return o;
    }

    public LinkInput in() {
        return LinkInput.object(o);
    }

    public static int enc(Instruction insn, long... operands) {
        try {
            return Isa.encode(insn, operands);
        } catch (EncodingException e) {
            throw new AssertionError(e);
        }
    }

    public static LinkInput ar(String name, Obj... members) {
        return LinkInput.archive(name, java.util.Arrays.stream(members).map(Obj::get).toList());
    }

    public static LinkResult link(LinkInput... inputs) throws LinkException {
        return Linker.link(List.of(inputs), LinkOptions.defaults());
    }

    /** Links and returns the errors, failing when the link succeeds. */
    public static List<String> errors(LinkOptions options, LinkInput... inputs) {
        try {
            Linker.link(List.of(inputs), options);
        } catch (LinkException e) {
            return e.errors();
        }
        throw new AssertionError("the link succeeded");
    }

    public static List<String> errors(LinkInput... inputs) {
        return errors(LinkOptions.defaults(), inputs);
    }

    /** The little-endian word at {@code address} of an allocated section of {@code e}. */
    public static int word(scmp.elf.Executable e, long address) {
        for (scmp.elf.Executable.PlacedSection s : e.sections()) {
            if (s.isAlloc() && s.contains(address)) {
                int i = (int) (address - s.address());
                byte[] d = s.data();
                return (d[i] & 0xFF) | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF) << 16 | (d[i + 3] & 0xFF) << 24;
            }
        }
        throw new AssertionError("no section holds 0x" + Long.toHexString(address));
    }

    /** The unsigned halfword at {@code address} of an allocated section of {@code e}. */
    public static int half(scmp.elf.Executable e, long address) {
        return word(e, address) & 0xFFFF;
    }

    /** The value of a symbol of {@code e}, failing when it is not defined. */
    public static long sym(scmp.elf.Executable e, String name) {
        Long v = e.symbolValue(name);
        if (v == null) {
            throw new AssertionError("symbol " + name + " is not defined");
        }
        return v;
    }

    /** Decodes {@code word}, checks it is {@code insn}, and returns its immediate operand value. */
    public static int imm(Instruction insn, int word) {
        assertSame(insn, Isa.decode(word), "instruction of word " + Integer.toHexString(word));
        int[] ops = Isa.operands(insn, word);
        List<Operand> kinds = insn.operands();
        for (int i = 0; i < ops.length; i++) {
            if (kinds.get(i).kind() == Operand.Kind.IMM) {
                return ops[i];
            }
        }
        throw new AssertionError(insn + " has no immediate");
    }
}
