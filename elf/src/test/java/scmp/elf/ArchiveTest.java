package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.*;
import org.junit.jupiter.api.Test;

class ArchiveTest {

    static List<Archive.Member> randomMembers(Random r) {
        List<Archive.Member> members = new ArrayList<>();
        Set<String> used = new HashSet<>();
        int n = r.nextInt(8);
        for (int i = 0; i < n; i++) {
            String name = Models.ident(r, used).replace('$', '_') + ".o";
            ObjectFile o = r.nextInt(4) == 0 ? Fixtures.object() : Models.randomObject(r);
            byte[] data = ElfWriter.writeObject(o);
            members.add(new Archive.Member(name, data));
        }
        return members;
    }

    static Map<String, Integer> expectedIndex(List<Archive.Member> members) throws ElfFormatException {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < members.size(); i++) {
            for (Symbol s : ElfReader.readObject("m", members.get(i).data()).symbols()) {
                if (s.isDefined() && s.isGlobal() && s.type() != Symbol.Type.SECTION && s.type() != Symbol.Type.FILE) {
                    index.putIfAbsent(s.name(), i);
                }
            }
        }
        return index;
    }

    @Property(tries = 300)
    void writeThenReadGivesTheMembersAndTheIndex(@ForAll long seed) throws ElfFormatException {
        List<Archive.Member> members = randomMembers(new Random(seed));
        byte[] bytes = Archive.write(members);
        assertEquals(0, bytes.length % 2, "archives have an even size");
        Archive a = Archive.read("lib.a", bytes);
        assertEquals(members, a.members());
        assertEquals(!members.isEmpty(), a.hasSymbolIndex());
        assertEquals(new ArrayList<>(expectedIndex(members).entrySet()), new ArrayList<>(a.symbolIndex().entrySet()));
        assertArrayEquals(bytes, Archive.write(a.members()), "deterministic");
    }

    @Test
    void indexNamesTheFirstDefiner() throws ElfFormatException {
        byte[] fixed = ElfWriter.writeObject(Fixtures.object());
        Archive a = Archive.read("lib.a", Archive.write(List.of(new Archive.Member("one.o", fixed),
                new Archive.Member("a_member_name_longer_than_fifteen.o", fixed))));
        assertEquals(Map.of("main", 0, "buf", 0, "weak_fn", 0), a.symbolIndex());
        assertEquals("a_member_name_longer_than_fifteen.o", a.members().get(1).name());
        assertEquals("lib.a(a_member_name_longer_than_fifteen.o)", a.object(1).name());
        assertNotNull(a.object(1).symbol("main"));
    }

    @Test
    void emptyArchive() throws ElfFormatException {
        byte[] bytes = Archive.write(List.of());
        assertEquals("!<arch>\n", new String(bytes, StandardCharsets.US_ASCII));
        Archive a = Archive.read("e.a", bytes);
        assertTrue(a.members().isEmpty());
        assertTrue(a.symbolIndex().isEmpty());
    }

    @Test
    void writeRejectsNonObjectsAndBadNames() {
        byte[] text = "just text\n".getBytes(StandardCharsets.US_ASCII);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Archive.write(List.of(new Archive.Member("notes.txt", text))));
        assertEquals("notes.txt: not an ELF file", e.getMessage());
        byte[] exe = ElfWriter.writeExecutable(Fixtures.executable());
        e = assertThrows(IllegalArgumentException.class, () -> Archive.write(List.of(new Archive.Member("a.out", exe))));
        assertEquals("a.out: not a relocatable object (e_type 2, executable)", e.getMessage());
        byte[] obj = ElfWriter.writeObject(Fixtures.object());
        assertThrows(IllegalArgumentException.class, () -> Archive.write(List.of(new Archive.Member("dir/x.o", obj))));
        assertThrows(IllegalArgumentException.class, () -> Archive.write(List.of(new Archive.Member("", obj))));
    }

    @Test
    void readsBsdNamesAndComputesAMissingIndex() throws ElfFormatException {
        String obj = new String(ElfWriter.writeObject(Fixtures.object()), StandardCharsets.ISO_8859_1);
        byte[] bytes = Fixtures.handmade("#1/20", "a_long_bsd_name.o\0\0\0" + obj, "short.o", "odd");
        Archive a = Archive.read("bsd.a", bytes);
        assertEquals(List.of("a_long_bsd_name.o", "short.o"), a.members().stream().map(Archive.Member::name).toList());
        assertEquals(obj, new String(a.members().get(0).data(), StandardCharsets.ISO_8859_1));
        assertEquals("odd", new String(a.members().get(1).data(), StandardCharsets.ISO_8859_1));
        assertFalse(a.hasSymbolIndex());
        assertEquals(Map.of("main", 0, "buf", 0, "weak_fn", 0), a.symbolIndex());
    }

    private static String error(byte[] data) {
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> Archive.read("lib.a", data));
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(e.getMessage().startsWith("lib.a: "));
        return e.reason();
    }

    @Test
    void readErrors() {
        assertEquals("not an archive", error("hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("not an archive", error(ElfWriter.writeObject(Fixtures.object())));
        assertEquals("thin archives are not supported", error("!<thin>\n".getBytes(StandardCharsets.US_ASCII)));
        byte[] good = Fixtures.handmade("a.o/", "abcd");
        assertEquals("truncated member header at offset 8", error(Arrays.copyOf(good, 30)));
        assertEquals("member at offset 8 extends past the end of the archive", error(Arrays.copyOf(good, 70)));
        byte[] bad = good.clone();
        bad[8 + 58] = 'x';
        assertEquals("bad member header at offset 8", error(bad));
        bad = good.clone();
        bad[8 + 48] = 'z';
        assertEquals("bad member size at offset 8", error(bad));
        assertEquals("member at offset 8 has a long name but there is no name table", error(Fixtures.handmade("/0", "x")));
        assertEquals("member at offset 72 has a bad long-name offset", error(Fixtures.handmade("//", "ab/\n", "/40", "x")));
        assertEquals("symbol index entry for f points to no member (offset 99)",
                error(Fixtures.handmade("/", "\0\0\0\1\0\0\0\143f\0", "a.o/", "x")));
        assertEquals("truncated symbol index", error(Fixtures.handmade("/", "\0\0")));
        assertEquals("symbol index of 16777216 entries does not fit in its member", error(Fixtures.handmade("/", "\1\0\0\0")));
        assertEquals("symbol index has fewer names than entries", error(Fixtures.handmade("/", "\0\0\0\1\0\0\0\0ab")));
        assertEquals("64-bit archive symbol indexes are not supported", error(Fixtures.handmade("/SYM64/", "")));
    }

    @Test
    void longNamesResolve() throws ElfFormatException {
        Archive a = Archive.read("l.a", Fixtures.handmade("//", "first_long_name.o/\nsecond_long_name.o/\n", "/19", "B", "/0", "A"));
        assertEquals("second_long_name.o", a.members().get(0).name());
        assertEquals("first_long_name.o", a.members().get(1).name());
    }

    @Property(tries = 2000)
    void corruptArchivesAreRejectedOrRead(@ForAll long seed) {
        Random r = new Random(seed);
        List<Archive.Member> members = randomMembers(r);
        if (members.isEmpty()) {
            return;
        }
        byte[] b = ReaderErrorsTest.mutate(Archive.write(members), r);
        try {
            Archive a = Archive.read("lib.a", b);
            for (int v : a.symbolIndex().values()) {
                assertTrue(v >= 0 && v < a.members().size());
            }
        } catch (ElfFormatException e) {
            assertFalse(e.getMessage().contains("\n"));
        }
    }
}
