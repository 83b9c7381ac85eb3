package scmp.asm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import scmp.elf.Relocation;
import scmp.elf.Section;

/**
 * A section being assembled. The assembler patches bytes anywhere in it (forward references are filled in
 * at the end of the file), which {@link Section} does not offer byte-wise, so the bytes live here and become
 * a {@link Section} once the file is done.
 */
final class SectionBuffer {
    final String name;
    final int type;
    final int flags;
    int align;
    /** The section symbol; {@code .} is this plus the current size. */
    final SymEntry symbol;
    private byte[] data = new byte[64];
    private int size;
    final List<Relocation> relocations = new ArrayList<>();

    SectionBuffer(String name, int type, int flags, int align) {
        this.name = name;
        this.type = type;
        this.flags = flags;
        this.align = align;
        this.symbol = new SymEntry(name);
        symbol.kind = SymEntry.Kind.SECTION;
        symbol.section = name;
    }

    boolean nobits() {
        return type == Section.SHT_NOBITS;
    }

    int size() {
        return size;
    }

    /** Grows the section by {@code n} zero bytes and returns their offset. */
    int reserve(int n) {
        int at = size;
        if (!nobits()) {
            if (size + n > data.length) {
                data = Arrays.copyOf(data, Math.max(size + n, data.length * 2));
            }
        }
        size += n;
        return at;
    }

    int append(byte[] bytes) {
        int at = reserve(bytes.length);
        System.arraycopy(bytes, 0, data, at, bytes.length);
        return at;
    }

    /** Writes the low {@code n} bytes of {@code v} little-endian at {@code offset}. */
    void put(int offset, long v, int n) {
        for (int i = 0; i < n; i++) {
            data[offset + i] = (byte) (v >> (8 * i));
        }
    }

    void fill(int offset, int n, byte b) {
        Arrays.fill(data, offset, offset + n, b);
    }

    /** The finished ELF section: bytes, alignment and relocations sorted by offset. */
    Section toSection() {
        Section s = new Section(name, type, flags, align);
        if (nobits()) {
            s.reserve(size);
        } else {
            s.append(Arrays.copyOf(data, size));
        }
        List<Relocation> sorted = new ArrayList<>(relocations);
        sorted.sort((a, b) -> Integer.compare(a.offset(), b.offset()));
        sorted.forEach(s::addRelocation);
        return s;
    }
}
