package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import scmp.cc.pp.Preprocessor;

/**
 * {@code #pragma pack} and {@code _Alignas} in struct layout (docs/compiler.md, "Structure layout"): each case
 * states gcc's sizes and offsets with static assertions, which fail to compile when scmpcc lays out otherwise.
 * The values and byte images are compared with gcc -m32 by programs/c/struct_pack.c.
 */
class PragmaPackTest {
    private static String check(String src) {
        Diagnostics d = new Diagnostics();
        Compiler.check(Compiler.source("t.c", src.getBytes(StandardCharsets.ISO_8859_1)), Compiler.Options.defaults(null), d);
        return d.text();
    }

    private static void assertCompiles(String src) {
        assertEquals("", check("#define offsetof(T, m) __builtin_offsetof(T, m)\n" + src));
    }

    @Test
    void aValueCapsTheAlignmentOfTheMembersAndOfTheStruct() {
        assertCompiles("#pragma pack(1)\nstruct s { char c; int i; short h; };\n#pragma pack()\n"
                + "struct n { char c; int i; };\n"
                + "_Static_assert(sizeof(struct s) == 7 && offsetof(struct s, h) == 5 && _Alignof(struct s) == 1, \"1\");\n"
                + "_Static_assert(sizeof(struct n) == 8, \"pack() removes the cap\");\n"
                + "#pragma pack(2)\nstruct t { char c; int i; };\n"
                + "_Static_assert(sizeof(struct t) == 6 && offsetof(struct t, i) == 2, \"2\");\n");
    }

    @Test
    void pushAndPopWithIdentifiersAsGccHasThem() {
        assertCompiles("#pragma pack(push, outer, 4)\n#pragma pack(push, 1)\n#pragma pack(push, 2)\n"
                + "struct a { char c; int i; };\n#pragma pack(pop, outer)\nstruct b { char c; int i; };\n"
                + "#pragma pack(push, 1)\n#pragma pack(pop)\nstruct c { char c; short h; };\n"
                + "_Static_assert(sizeof(struct a) == 6, \"2 on top\");\n"
                + "_Static_assert(sizeof(struct b) == 8, \"pop(outer) goes back below outer: no cap\");\n"
                + "_Static_assert(sizeof(struct c) == 4, \"push and pop leave it as it was\");\n");
    }

    @Test
    void aPragmaInsideAFunctionOrAStructAppliesFromThere() {
        assertCompiles("int f(void) {\n#pragma pack(push, 1)\n struct l { char c; int i; };\n#pragma pack(pop)\n"
                + " return sizeof(struct l) == 5;\n}\n"
                + "_Static_assert(sizeof(struct { char c; int i; }) == 8, \"the pop ended it\");\n");
    }

    @Test
    void bitFieldsStartAtTheNextFreeBit() {
        assertCompiles("#pragma pack(1)\nstruct s { char a; int x : 4; int y : 20; unsigned z : 3; char t; };\n"
                + "_Static_assert(sizeof(struct s) == 6 && offsetof(struct s, t) == 5, \"gcc -m32\");\n");
        assertCompiles("#pragma pack(1)\nstruct s { char a : 3; int y : 31; long long z : 61; char t; };\n"
                + "_Static_assert(sizeof(struct s) == 13 && offsetof(struct s, t) == 12, \"y over 5 bytes, z over 9\");\n");
    }

    @Test
    void alignasRaisesAMemberAndItsStruct() {
        assertCompiles("struct s { char c; _Alignas(16) int i; char e; };\n"
                + "_Static_assert(sizeof(struct s) == 32 && offsetof(struct s, i) == 16 && _Alignof(struct s) == 16, \"\");\n"
                + "#pragma pack(1)\nstruct p { char c; _Alignas(8) int i; };\n"
                + "_Static_assert(sizeof(struct p) == 5, \"the cap wins, as in gcc\");\n");
    }

    @Test
    void aMalformedPragmaIsIgnoredWithGccsWarningAndTheOutputOfEKeepsAGoodOne() {
        String d = check("#pragma pack(3)\n#pragma pack(push, 1, 2, 3)\nstruct s { char c; int i; };\n"
                + "_Static_assert(sizeof(struct s) == 8, \"\");\n");
        assertTrue(d.contains("malformed '#pragma pack' - ignored"), d);
        assertTrue(!d.contains("error"), d);
        Diagnostics e = new Diagnostics();
        String out = Preprocessor.render(Compiler.preprocess(Compiler.source("t.c",
                "#pragma pack(push, 1)\nint x;\n".getBytes(StandardCharsets.ISO_8859_1)), Compiler.Options.defaults(null), e));
        assertTrue(out.contains("#pragma pack(push,1)"), out);
    }
}
