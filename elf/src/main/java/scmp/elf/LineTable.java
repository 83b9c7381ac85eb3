package scmp.elf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import scmp.isa.RelocType;

/**
 * The line table: which source line each instruction comes from, in the two sections {@value #LINES_SECTION}
 * and {@value #FILES_SECTION} (docs/elf.md, "Line tables"). The assembler writes it from its {@code .file} and
 * {@code .loc} directives with a {@link Writer}; the linker concatenates and relocates it like any
 * non-allocated section; {@link #read(Executable)} gives the entries of a linked program, and
 * {@link #read(ObjectFile)} those of an object.
 */
public final class LineTable {
    /** The entries: four little-endian words each (address, file, line, column). */
    public static final String LINES_SECTION = ".scmp.lines";
    /** The file names the entries refer to, NUL-terminated, each once per object. */
    public static final String FILES_SECTION = ".scmp.files";
    /** Bytes per entry. */
    public static final int ENTRY_SIZE = 16;

    private LineTable() {
    }

    /**
     * Whether a section name belongs to the line table, which only the {@link Writer} may create.
     *
     * @param sectionName a section's name
     * @return true for {@value #LINES_SECTION} and {@value #FILES_SECTION}
     */
    public static boolean isReserved(String sectionName) {
        return sectionName.equals(LINES_SECTION) || sectionName.equals(FILES_SECTION);
    }

    /**
     * An entry of a relocatable object: the instruction at {@code offset} of {@code section} comes from
     * {@code file}:{@code line}:{@code column}.
     *
     * @param section the section of the instruction
     * @param offset  its offset in the section
     * @param file    the source file's name
     * @param line    the line, from 1 (0: none), an unsigned 32-bit number
     * @param column  the column, from 1 (0: none), an unsigned 32-bit number
     */
    public record Entry(String section, int offset, String file, long line, long column) {
    }

    /**
     * An entry of a linked program.
     *
     * @param address the instruction's address
     * @param file    the source file's name, or null when the entry points outside {@value #FILES_SECTION}
     * @param line    the line, an unsigned 32-bit number
     * @param column  the column, an unsigned 32-bit number
     */
    public record Line(int address, String file, long line, long column) {
    }

    /** Builds the two sections of one object's line table, entry after entry. */
    public static final class Writer {
        private final Section lines = new Section(LINES_SECTION, Section.SHT_PROGBITS, 0, 4);
        private final Section files = new Section(FILES_SECTION, Section.SHT_PROGBITS, 0, 1);
        private final Map<String, Integer> nameOffsets = new HashMap<>();

        /**
         * Adds an entry.
         *
         * @param e the entry
         * @return this writer
         */
        public Writer add(Entry e) {
            int nameOff = nameOffsets.computeIfAbsent(e.file(), n -> {
                byte[] b = n.getBytes(StandardCharsets.UTF_8);
                int at = files.append(b);
                files.reserve(1);
                return at;
            });
            int at = lines.reserve(ENTRY_SIZE);
            lines.addRelocation(new Relocation(at, RelocType.ABS32, e.section(), e.offset()));
            lines.addRelocation(new Relocation(at + 4, RelocType.ABS32, FILES_SECTION, nameOff));
            lines.writeWord(at + 8, (int) e.line());
            lines.writeWord(at + 12, (int) e.column());
            return this;
        }

        /**
         * The finished sections, {@value #LINES_SECTION} then {@value #FILES_SECTION}. The entries' relocations
         * refer to the sections by their section symbols, so the object must have a section symbol for each.
         *
         * @return the two sections
         */
        public List<Section> sections() {
            return List.of(lines, files);
        }
    }

    /**
     * The entries of a linked program, in the order they were written (several objects' tables one after the
     * other, so not sorted by address); none when it has no line table.
     *
     * @param exe the program
     * @return the entries
     */
    public static List<Line> read(Executable exe) {
        Executable.PlacedSection lineSec = exe.section(LINES_SECTION);
        Executable.PlacedSection fileSec = exe.section(FILES_SECTION);
        List<Line> out = new ArrayList<>();
        if (lineSec == null || fileSec == null) {
            return out;
        }
        byte[] l = lineSec.data();
        byte[] f = fileSec.data();
        for (int at = 0; at + ENTRY_SIZE <= l.length; at += ENTRY_SIZE) {
            out.add(new Line(word(l, at), cString(f, word(l, at + 4)), word(l, at + 8) & 0xFFFFFFFFL,
                    word(l, at + 12) & 0xFFFFFFFFL));
        }
        return out;
    }

    /**
     * The entries of a relocatable object, read back through their relocations.
     *
     * @param obj the object
     * @return the entries, in order
     * @throws ElfFormatException when an entry lacks its relocations or names a file outside the table
     */
    public static List<Entry> read(ObjectFile obj) throws ElfFormatException {
        Section lineSec = obj.section(LINES_SECTION);
        Section fileSec = obj.section(FILES_SECTION);
        List<Entry> out = new ArrayList<>();
        if (lineSec == null) {
            return out;
        }
        byte[] l = lineSec.data();
        byte[] f = fileSec == null ? new byte[0] : fileSec.data();
        Map<Integer, Relocation> relocs = new HashMap<>();
        for (Relocation r : lineSec.relocations()) {
            relocs.put(r.offset(), r);
        }
        for (int at = 0; at + ENTRY_SIZE <= l.length; at += ENTRY_SIZE) {
            Relocation where = relocs.get(at);
            Relocation file = relocs.get(at + 4);
            if (where == null || file == null || !file.symbol().equals(FILES_SECTION)) {
                throw new ElfFormatException(obj.name(), LINES_SECTION + " entry at offset " + at
                        + " lacks its relocations");
            }
            String name = cString(f, file.addend());
            if (name == null) {
                throw new ElfFormatException(obj.name(), LINES_SECTION + " entry at offset " + at
                        + " names no file of " + FILES_SECTION);
            }
            out.add(new Entry(where.symbol(), where.addend(), name, word(l, at + 8) & 0xFFFFFFFFL,
                    word(l, at + 12) & 0xFFFFFFFFL));
        }
        return out;
    }

    private static int word(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    private static String cString(byte[] b, int off) {
        if (off < 0 || off >= b.length) {
            return null;
        }
        int end = off;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }
}
