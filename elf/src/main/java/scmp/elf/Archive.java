package scmp.elf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code ar} archive (static library) of SCMP objects, in the common System V / GNU format that binutils'
 * {@code ar} and {@code nm} read: the {@code !<arch>\n} magic, then members, each behind a 60-byte header and
 * padded to an even offset. The first member, {@code /}, is the symbol index (global defined symbols and the
 * member that defines each); the next, {@code //}, holds member names longer than 15 bytes, which headers
 * refer to as {@code /offset}. docs/elf.md describes the layout in full.
 *
 * <p>Reading also accepts BSD-style {@code #1/length} names and ignores a BSD {@code __.SYMDEF} index (the
 * index is then computed from the members); thin archives and 64-bit indexes are rejected.
 */
public final class Archive {
    private static final byte[] MAGIC = "!<arch>\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] THIN = "!<thin>\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HDR = 60;
    private static final int SHORT_NAME = 15;

    /**
     * A member of an archive: a file name without directories and the file's bytes.
     *
     * @param name the member's name
     * @param data the member's contents
     */
    public record Member(String name, byte[] data) {
        /**
         * Checks that neither component is null.
         *
         * @param name the member's name
         * @param data the member's contents
         */
        public Member {
            if (name == null || data == null) {
                throw new IllegalArgumentException("archive member without a name or contents");
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Member m && m.name.equals(name) && java.util.Arrays.equals(m.data, data);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + java.util.Arrays.hashCode(data);
        }

        @Override
        public String toString() {
            return name + "[" + data.length + " bytes]";
        }
    }

    private final String name;
    private final List<Member> members;
    private final Map<String, Integer> symbolIndex;
    private final boolean hasIndex;

    private Archive(String name, List<Member> members, Map<String, Integer> symbolIndex, boolean hasIndex) {
        this.name = name;
        this.members = List.copyOf(members);
        this.symbolIndex = Collections.unmodifiableMap(symbolIndex);
        this.hasIndex = hasIndex;
    }

    /**
     * Tells whether {@code data} starts with the archive magic {@code !<arch>\n}.
     *
     * @param data the file's bytes
     * @return true for an archive (thin archives, which start with {@code !<thin>\n}, are not)
     */
    public static boolean isArchive(byte[] data) {
        return startsWith(data, MAGIC);
    }

    /**
     * Returns the archive's file name.
     *
     * @return the name given to {@link #read}
     */
    public String name() {
        return name;
    }

    /**
     * Returns the members.
     *
     * @return the members in archive order, without the symbol index and the long-name table
     */
    public List<Member> members() {
        return members;
    }

    /**
     * Returns the symbol index: each global or weak symbol that some member defines, mapped to the index in
     * {@link #members()} of the first member that defines it, in index order. When the file has no GNU
     * symbol index, the map is computed from the members that are SCMP objects.
     *
     * @return the unmodifiable map from symbol name to member index
     */
    public Map<String, Integer> symbolIndex() {
        return symbolIndex;
    }

    /**
     * Tells whether the file carried a GNU symbol index.
     *
     * @return true when the archive has a {@code /} member
     */
    public boolean hasSymbolIndex() {
        return hasIndex;
    }

    /**
     * Reads member {@code index} as an object named {@code archive(member)}, the form diagnostics use.
     *
     * @param index the member's position in {@link #members()}
     * @return the object
     * @throws ElfFormatException when the member is not an SCMP relocatable object
     */
    public ObjectFile object(int index) throws ElfFormatException {
        Member m = members.get(index);
        return ElfReader.readObject(name + "(" + m.name() + ")", m.data());
    }

    /**
     * Parses an archive. The members' contents are not examined, except to compute the symbol index when the
     * file has none.
     *
     * @param name the file name, for error messages
     * @param data the file's bytes
     * @return the archive
     * @throws ElfFormatException when the bytes are not a well-formed archive; the message names the file and
     *                            the problem in one line
     */
    public static Archive read(String name, byte[] data) throws ElfFormatException {
        if (data == null || !startsWith(data, MAGIC)) {
            if (startsWith(data, THIN)) {
                throw new ElfFormatException(name, "thin archives are not supported");
            }
            throw new ElfFormatException(name, "not an archive");
        }
        List<Member> members = new ArrayList<>();
        Map<Long, Integer> memberAt = new HashMap<>();
        byte[] longNames = null;
        int symtabAt = -1;
        long symtabSize = 0;
        long pos = MAGIC.length;
        while (pos < data.length) {
            if (data.length - pos < HDR) {
                throw new ElfFormatException(name, "truncated member header at offset " + pos);
            }
            int p = (int) pos;
            if (data[p + 58] != '`' || data[p + 59] != '\n') {
                throw new ElfFormatException(name, "bad member header at offset " + pos);
            }
            long size = decimal(data, p + 48, 10);
            if (size < 0) {
                throw new ElfFormatException(name, "bad member size at offset " + pos);
            }
            long start = pos + HDR;
            if (size > data.length - start) {
                throw new ElfFormatException(name, "member at offset " + pos + " extends past the end of the archive");
            }
            String raw = new String(data, p, 16, StandardCharsets.UTF_8).stripTrailing();
            int s = (int) start;
            int n = (int) size;
            if (raw.equals("/")) {
                if (symtabAt >= 0 || !members.isEmpty()) {
                    throw new ElfFormatException(name, "symbol index at offset " + pos + " is not the first member");
                }
                symtabAt = s;
                symtabSize = size;
            } else if (raw.equals("/SYM64/")) {
                throw new ElfFormatException(name, "64-bit archive symbol indexes are not supported");
            } else if (raw.equals("//")) {
                if (longNames != null) {
                    throw new ElfFormatException(name, "two long-name tables");
                }
                longNames = java.util.Arrays.copyOfRange(data, s, s + n);
            } else if (raw.equals("__.SYMDEF") || raw.equals("__.SYMDEF SORTED")) {
                // A BSD index: ignored, the index is computed from the members.
            } else {
                String member;
                int dataStart = s;
                if (raw.startsWith("#1/")) {
                    long len = decimal(raw.substring(3));
                    if (len < 0 || len > size) {
                        throw new ElfFormatException(name, "bad member name length at offset " + pos);
                    }
                    int end = s + (int) len;
                    while (end > s && data[end - 1] == 0) {
                        end--;
                    }
                    member = new String(data, s, end - s, StandardCharsets.UTF_8);
                    dataStart = s + (int) len;
                } else if (raw.startsWith("/")) {
                    long off = decimal(raw.substring(1));
                    if (longNames == null) {
                        throw new ElfFormatException(name, "member at offset " + pos + " has a long name but there is no name table");
                    }
                    if (off < 0 || off >= longNames.length) {
                        throw new ElfFormatException(name, "member at offset " + pos + " has a bad long-name offset");
                    }
                    int end = (int) off;
                    while (end < longNames.length && longNames[end] != '\n' && longNames[end] != 0) {
                        end++;
                    }
                    if (end > off && longNames[end - 1] == '/') {
                        end--;
                    }
                    member = new String(longNames, (int) off, end - (int) off, StandardCharsets.UTF_8);
                } else {
                    member = raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
                }
                if (member.isEmpty()) {
                    throw new ElfFormatException(name, "member at offset " + pos + " has no name");
                }
                memberAt.put(pos, members.size());
                members.add(new Member(member, java.util.Arrays.copyOfRange(data, dataStart, s + n)));
            }
            pos = start + size + (size & 1);
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        if (symtabAt >= 0) {
            parseIndex(name, data, symtabAt, symtabSize, memberAt, index);
        } else {
            for (int i = 0; i < members.size(); i++) {
                Member m = members.get(i);
                if (ElfReader.elfType(m.data()) == Elf.ET_REL) {
                    try {
                        for (String sym : definedGlobals(ElfReader.readObject(m.name(), m.data()))) {
                            index.putIfAbsent(sym, i);
                        }
                    } catch (ElfFormatException e) {
                        // Not an SCMP object: contributes nothing to the computed index.
                    }
                }
            }
        }
        return new Archive(name, members, index, symtabAt >= 0);
    }

    private static void parseIndex(String name, byte[] data, int at, long size, Map<Long, Integer> memberAt,
            Map<String, Integer> index) throws ElfFormatException {
        if (size < 4) {
            throw new ElfFormatException(name, "truncated symbol index");
        }
        long count = be32(data, at);
        if (count * 4 > size - 4) {
            throw new ElfFormatException(name, "symbol index of " + count + " entries does not fit in its member");
        }
        int strings = at + 4 + (int) count * 4;
        int end = at + (int) size;
        int p = strings;
        for (int k = 0; k < count; k++) {
            int q = p;
            while (q < end && data[q] != 0) {
                q++;
            }
            if (q >= end) {
                throw new ElfFormatException(name, "symbol index has fewer names than entries");
            }
            String sym = new String(data, p, q - p, StandardCharsets.UTF_8);
            long off = be32(data, at + 4 + 4 * k);
            Integer member = memberAt.get(off);
            if (member == null) {
                throw new ElfFormatException(name, "symbol index entry for " + sym + " points to no member (offset " + off + ")");
            }
            index.putIfAbsent(sym, member);
            p = q + 1;
        }
    }

    /**
     * Builds an archive file: the symbol index, the long-name table when a name is longer than 15 bytes, and
     * the members in order. Headers carry zero dates, owners 0 and mode 644, so equal inputs give equal files.
     *
     * @param members the members; each must be an SCMP relocatable object, and its name must be non-empty and
     *                free of '/', NUL and newline characters
     * @return the archive's bytes
     * @throws IllegalArgumentException when a name is unusable or a member is not an SCMP object; the message
     *                                  is one line, for example {@code "notes.txt: not an ELF file"}
     */
    public static byte[] write(List<Member> members) {
        List<String> syms = new ArrayList<>();
        List<Integer> symMember = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            String n = m.name();
            if (n.isEmpty() || n.indexOf('/') >= 0 || n.indexOf('\0') >= 0 || n.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("bad archive member name '" + n + "'");
            }
            ObjectFile o;
            try {
                o = ElfReader.readObject(n, m.data());
            } catch (ElfFormatException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            for (String s : definedGlobals(o)) {
                syms.add(s);
                symMember.add(i);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        if (members.isEmpty()) {
            return out.toByteArray();
        }
        // Long names.
        ByteArrayOutputStream longNames = new ByteArrayOutputStream();
        String[] headerName = new String[members.size()];
        for (int i = 0; i < members.size(); i++) {
            String n = members.get(i).name();
            if (n.getBytes(StandardCharsets.UTF_8).length <= SHORT_NAME && !n.startsWith("#1") && !n.isBlank()) {
                headerName[i] = n + "/";
            } else {
                headerName[i] = "/" + longNames.size();
                longNames.writeBytes((n + "/\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        if (longNames.size() % 2 != 0) {
            // As GNU ar does: the padding is part of the table, whose size is even (binutils' readelf insists).
            longNames.write('\n');
        }
        // Symbol index: count, offsets, names; its size is kept even.
        ByteArrayOutputStream names = new ByteArrayOutputStream();
        for (String s : syms) {
            names.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            names.write(0);
        }
        if ((4 + 4 * syms.size() + names.size()) % 2 != 0) {
            names.write(0);
        }
        long symtabSize = 4L + 4L * syms.size() + names.size();
        long pos = MAGIC.length + HDR + symtabSize;
        if (longNames.size() > 0) {
            pos += HDR + longNames.size();
        }
        long[] offsets = new long[members.size()];
        for (int i = 0; i < members.size(); i++) {
            offsets[i] = pos;
            long len = members.get(i).data().length;
            pos += HDR + len + (len & 1);
        }
        if (pos > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("archive larger than 4 GiB");
        }
        header(out, "/", "0", "0", "0", "0", symtabSize);
        out.write(syms.size() >>> 24);
        out.write(syms.size() >>> 16);
        out.write(syms.size() >>> 8);
        out.write(syms.size());
        for (int m : symMember) {
            long off = offsets[m];
            out.write((int) (off >>> 24));
            out.write((int) (off >>> 16));
            out.write((int) (off >>> 8));
            out.write((int) off);
        }
        out.writeBytes(names.toByteArray());
        if (longNames.size() > 0) {
            header(out, "//", "", "", "", "", longNames.size());
            out.writeBytes(longNames.toByteArray());
        }
        for (int i = 0; i < members.size(); i++) {
            byte[] d = members.get(i).data();
            header(out, headerName[i], "0", "0", "0", "644", d.length);
            out.writeBytes(d);
            if (d.length % 2 != 0) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** The names of the global and weak symbols {@code o} defines, in symbol table order. */
    static List<String> definedGlobals(ObjectFile o) {
        List<String> out = new ArrayList<>();
        for (Symbol s : o.symbols()) {
            if (s.isDefined() && s.isGlobal() && s.type() != Symbol.Type.SECTION && s.type() != Symbol.Type.FILE
                    && !s.name().isEmpty()) {
                out.add(s.name());
            }
        }
        return out;
    }

    private static void header(ByteArrayOutputStream out, String name, String date, String uid, String gid,
            String mode, long size) {
        field(out, name, 16);
        field(out, date, 12);
        field(out, uid, 6);
        field(out, gid, 6);
        field(out, mode, 8);
        field(out, Long.toString(size), 10);
        out.write('`');
        out.write('\n');
    }

    private static void field(ByteArrayOutputStream out, String value, int width) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        out.writeBytes(b);
        for (int i = b.length; i < width; i++) {
            out.write(' ');
        }
    }

    private static boolean startsWith(byte[] data, byte[] prefix) {
        if (data == null || data.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (data[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** A decimal field padded with trailing spaces, or -1. */
    private static long decimal(byte[] data, int at, int width) {
        return decimal(new String(data, at, width, StandardCharsets.ISO_8859_1));
    }

    private static long decimal(String s) {
        String t = s.stripTrailing();
        if (t.isEmpty() || t.length() > 10) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static long be32(byte[] d, int at) {
        return ((d[at] & 0xFFL) << 24) | ((d[at + 1] & 0xFF) << 16) | ((d[at + 2] & 0xFF) << 8) | (d[at + 3] & 0xFF);
    }
}
