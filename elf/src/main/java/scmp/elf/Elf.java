package scmp.elf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * ELF32 constants and a little-endian byte sink shared by {@link ElfWriter} and {@link ElfReader}. The values
 * are those of the System V ABI; only what SCMP files use is listed.
 */
final class Elf {
    private Elf() {
    }

    static final int EHDR_SIZE = 52, SHDR_SIZE = 40, PHDR_SIZE = 32, SYM_SIZE = 16, RELA_SIZE = 12;
    static final int ELFCLASS32 = 1, ELFCLASS64 = 2, ELFDATA2LSB = 1, ELFDATA2MSB = 2, EV_CURRENT = 1;
    static final int ET_NONE = 0, ET_REL = 1, ET_EXEC = 2, ET_DYN = 3, ET_CORE = 4;
    static final int SHT_NULL = 0, SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_STRTAB = 3, SHT_RELA = 4, SHT_HASH = 5,
            SHT_DYNAMIC = 6, SHT_NOTE = 7, SHT_NOBITS = 8, SHT_REL = 9, SHT_SHLIB = 10, SHT_DYNSYM = 11,
            SHT_GROUP = 17, SHT_SYMTAB_SHNDX = 18;
    static final int SHF_INFO_LINK = 0x40;
    static final int SHN_UNDEF = 0, SHN_LORESERVE = 0xff00, SHN_ABS = 0xfff1, SHN_COMMON = 0xfff2, SHN_XINDEX = 0xffff;
    static final int PT_NULL = 0, PT_LOAD = 1, PT_DYNAMIC = 2, PT_INTERP = 3;
    static final int PF_X = 1, PF_W = 2, PF_R = 4;

    private static final Map<Integer, String> MACHINES = new HashMap<>();

    static {
        MACHINES.put(0, "no machine");
        MACHINES.put(2, "SPARC");
        MACHINES.put(3, "i386");
        MACHINES.put(8, "MIPS");
        MACHINES.put(20, "PowerPC");
        MACHINES.put(21, "PowerPC64");
        MACHINES.put(22, "S/390");
        MACHINES.put(40, "ARM");
        MACHINES.put(43, "SPARC V9");
        MACHINES.put(50, "IA-64");
        MACHINES.put(62, "x86-64");
        MACHINES.put(183, "AArch64");
        MACHINES.put(243, "RISC-V");
        MACHINES.put(247, "BPF");
        MACHINES.put(258, "LoongArch");
    }

    /** Returns a short name of a well-known e_machine value, or null. */
    static String machineName(int machine) {
        return MACHINES.get(machine);
    }

    /** Returns a short description of an e_type value. */
    static String typeName(int type) {
        return switch (type) {
            case ET_NONE -> "no file type";
            case ET_REL -> "relocatable object";
            case ET_EXEC -> "executable";
            case ET_DYN -> "shared object";
            case ET_CORE -> "core file";
            default -> "unknown type";
        };
    }

    /** A growable little-endian byte buffer. */
    static final class Sink {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        int size() {
            return out.size();
        }

        Sink u8(int v) {
            out.write(v);
            return this;
        }

        Sink u16(int v) {
            out.write(v);
            out.write(v >>> 8);
            return this;
        }

        Sink u32(long v) {
            out.write((int) v);
            out.write((int) (v >>> 8));
            out.write((int) (v >>> 16));
            out.write((int) (v >>> 24));
            return this;
        }

        Sink bytes(byte[] b) {
            out.write(b, 0, b.length);
            return this;
        }

        /** Pads with zero bytes up to the next multiple of {@code align} (any positive number). */
        Sink alignTo(long align) {
            while (align > 1 && size() % align != 0) {
                out.write(0);
            }
            return this;
        }

        /** Pads with zero bytes up to the absolute offset {@code offset}. */
        Sink padTo(long offset) {
            while (size() < offset) {
                out.write(0);
            }
            return this;
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }
    }

    /** A string table under construction: offset 0 is the empty string; equal strings are stored once. */
    static final class StringTable {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final Map<String, Integer> offsets = new HashMap<>();

        StringTable() {
            out.write(0);
            offsets.put("", 0);
        }

        int add(String s) {
            Integer at = offsets.get(s);
            if (at != null) {
                return at;
            }
            if (s.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("name contains a NUL character: " + s.replace('\0', '?'));
            }
            int off = out.size();
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, b.length);
            out.write(0);
            offsets.put(s, off);
            return off;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
