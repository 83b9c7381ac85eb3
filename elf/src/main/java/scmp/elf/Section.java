package scmp.elf;

import java.util.ArrayList;
import java.util.List;

/**
 * A section of a relocatable object: its bytes (none for SHT_NOBITS such as .bss), flags, alignment and the
 * relocations that patch it. The assembler builds these; the ELF writer serializes them; the linker merges
 * sections of the same name.
 */
public final class Section {
    public static final int SHT_PROGBITS = 1, SHT_NOBITS = 8;
    public static final int SHF_WRITE = 1, SHF_ALLOC = 2, SHF_EXECINSTR = 4;

    private final String name;
    private final int type;
    private final int flags;
    private int align;
    private byte[] data;
    private int size;
    private final List<Relocation> relocations = new ArrayList<>();

    public Section(String name, int type, int flags, int align) {
        this.name = name;
        this.type = type;
        this.flags = flags;
        this.align = Math.max(1, align);
        this.data = new byte[0];
    }

    public String name() {
        return name;
    }

    public int type() {
        return type;
    }

    public int flags() {
        return flags;
    }

    public int align() {
        return align;
    }

    public void setAlign(int align) {
        this.align = Math.max(this.align, align);
    }

    public boolean isNobits() {
        return type == SHT_NOBITS;
    }

    public boolean isAlloc() {
        return (flags & SHF_ALLOC) != 0;
    }

    public boolean isExec() {
        return (flags & SHF_EXECINSTR) != 0;
    }

    public boolean isWrite() {
        return (flags & SHF_WRITE) != 0;
    }

    /** Size in bytes (for NOBITS sections, the size it occupies in memory). */
    public int size() {
        return size;
    }

    /** The section's bytes; length == size() for PROGBITS, empty for NOBITS. */
    public byte[] data() {
        return isNobits() ? new byte[0] : java.util.Arrays.copyOf(data, size);
    }

    /** Appends bytes (PROGBITS) and returns the offset they were placed at. */
    public int append(byte[] bytes) {
        int at = size;
        if (isNobits()) {
            size += bytes.length;
            return at;
        }
        ensure(size + bytes.length);
        System.arraycopy(bytes, 0, data, size, bytes.length);
        size += bytes.length;
        return at;
    }

    /** Grows the section by {@code n} zero bytes and returns their offset. */
    public int reserve(int n) {
        int at = size;
        if (!isNobits()) {
            ensure(size + n);
        }
        size += n;
        return at;
    }

    /** Pads with zeros to a multiple of {@code alignment}. */
    public void alignTo(int alignment) {
        int pad = (alignment - size % alignment) % alignment;
        reserve(pad);
        setAlign(alignment);
    }

    public int readWord(int offset) {
        return (data[offset] & 0xFF) | (data[offset + 1] & 0xFF) << 8 | (data[offset + 2] & 0xFF) << 16
                | (data[offset + 3] & 0xFF) << 24;
    }

    public void writeWord(int offset, int word) {
        data[offset] = (byte) word;
        data[offset + 1] = (byte) (word >> 8);
        data[offset + 2] = (byte) (word >> 16);
        data[offset + 3] = (byte) (word >> 24);
    }

    public void writeHalf(int offset, int half) {
        data[offset] = (byte) half;
        data[offset + 1] = (byte) (half >> 8);
    }

    public List<Relocation> relocations() {
        return relocations;
    }

    public void addRelocation(Relocation r) {
        relocations.add(r);
    }

    private void ensure(int capacity) {
        if (capacity > data.length) {
            data = java.util.Arrays.copyOf(data, Math.max(capacity, data.length * 2 + 64));
        }
    }

    @Override
    public String toString() {
        return name + "[" + size + "]";
    }
}
