package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Diagnostics as gcc prints them ({@code file:line:col: error: message}, the source line and a caret),
 * several per run where the parser recovers, exit status 1 from the driver, and never a Java stack trace,
 * whatever the input.
 */
class DiagnosticsTest {
    private static String diagnose(String source) {
        Diagnostics d = new Diagnostics();
        String asm = Compiler.compile(Compiler.source("t.c", source.getBytes(StandardCharsets.ISO_8859_1)),
                Compiler.Options.defaults(null), d);
        if (d.hasErrors()) {
            assertNull(asm);
        }
        return d.text();
    }

    @Test
    void missingSemicolonPointsAfterThePreviousToken() {
        assertEquals("""
                t.c:2:12: error: expected ';' before 'return'
                    2 |   int x = 1
                      |            ^
                """, diagnose("int main(void) {\n  int x = 1\n  return x;\n}\n"));
    }

    @Test
    void complexOperandsOfOrderingRemainderAndBitOperatorsAreErrors() {
        String text = diagnose("double _Complex a, b;\nint f(void) { int r = a < b; r += a % 2; r += a & 1; r += a << 1;"
                + " return r + (a == b) + (a != 1.0); }\n");
        assertEquals(4, text.lines().filter(l -> l.contains("error:")).count(), text);
        assertTrue(text.contains("t.c:2:25: error: invalid operands to binary < (have 'complex double' and 'complex double')"),
                text);
        assertTrue(text.contains("t.c:2:37: error: invalid operands to binary % (have 'complex double' and 'int')"), text);
        assertTrue(text.contains("error: invalid operands to binary & (have 'complex double' and 'int')"), text);
        assertTrue(text.contains("error: invalid operands to binary << (have 'complex double' and 'int')"), text);
        assertEquals("", diagnose("float _Complex f; long double _Complex l; __complex__ double d;\n"
                + "int g(void) { l = f * 2 + d; __real__ f = 1; return sizeof f + sizeof l + (f != 0); }\n"));
    }

    @Test
    void complexIncrementAndImaginaryConstants() {
        // gcc's extensions, accepted without a diagnostic as gcc does by default: ++/-- on complex lvalues,
        // floating imaginary constants of every suffix order
        assertEquals("", diagnose("double _Complex z; float _Complex f;\n"
                + "void g(void) { z++; --z; f = 2.0fi + 1.5if + 3.0Fi; z = z * 2.0i + .5J + 1e3i; ++f; f--; }\n"));
        // integer ones are complex int to gcc, a type not provided: an error saying so
        String text = diagnose("double _Complex g(double x) { return x + 3i; }\n");
        assertTrue(text.contains("t.c:1:42: error: imaginary integer constant \"3i\" is not supported"), text);
        // a const complex is not modifiable
        text = diagnose("void g(void) { const double _Complex c = 1; c++; }\n");
        assertTrue(text.contains("error: increment of read-only variable 'c'"), text);
    }

    @Test
    void expectedExpression() {
        assertEquals("""
                t.c:1:29: error: expected expression before ')' token
                    1 | int main(void) { return 1 + ); }
                      |                             ^
                """, diagnose("int main(void) { return 1 + ); }\n"));
    }

    @Test
    void severalSyntaxErrorsInOneRun() {
        String text = diagnose("int f(void) { int a = ; }\nint g(void) { return 1 }\nint h(void) { return 2; }\n");
        assertEquals(2, text.lines().filter(l -> l.contains("error:")).count(), text);
        assertTrue(text.startsWith("t.c:1:23: error: expected expression before ';' token"), text);
        assertTrue(text.contains("t.c:2:23: error: expected ';' before '}' token"), text);
    }

    @Test
    void undeclaredIdentifierIsReportedOncePerFunction() {
        assertEquals("""
                t.c:1:25: error: 'y' undeclared (first use in this function)
                    1 | int main(void) { return y + y; }
                      |                         ^
                t.c:1:25: note: each undeclared identifier is reported only once for each function it appears in
                    1 | int main(void) { return y + y; }
                      |                         ^
                """, diagnose("int main(void) { return y + y; }\n"));
    }

    @Test
    void typeErrors() {
        String text = diagnose("struct s { int a; };\nint main(void) {\n  struct s v; int i;\n  i = v;\n"
                + "  v.b = 1;\n  i.a = 2;\n  3 = i;\n  return *i;\n}\n");
        assertTrue(text.contains("t.c:4:5: error: incompatible types when assigning to type 'int' from type 'struct s'"), text);
        assertTrue(text.contains("t.c:5:4: error: 'struct s' has no member named 'b'"), text);
        assertTrue(text.contains("t.c:6:4: error: request for member 'a' in something not a structure or union"), text);
        assertTrue(text.contains("t.c:7:5: error: lvalue required as left operand of assignment"), text);
        assertTrue(text.contains("t.c:8:10: error: invalid type argument of unary '*' (have 'int')"), text);
    }

    @Test
    void argumentCountsAndImplicitDeclarations() {
        String text = diagnose("int f(int a, int b);\nint main(void) {\n  f(1);\n  f(1, 2, 3);\n  return g(2);\n}\n");
        // gcc reports the count at the start of the callee, not at the '('
        assertTrue(text.contains("t.c:3:3: error: too few arguments to function 'f'"), text);
        assertTrue(text.contains("t.c:4:3: error: too many arguments to function 'f'"), text);
        assertTrue(text.contains("t.c:5:10: warning: implicit declaration of function 'g'"
                + " [-Wimplicit-function-declaration]"), text);
    }

    @Test
    void argumentCountThroughPointersIsReportedAtTheCallee() {
        String text = diagnose("int (*fp)(int a, int b);\nstruct s { int (*g)(int); } S;\n"
                + "int main(void) { return (*fp)(1) + S.g(1, 2); }\n");
        assertTrue(text.contains("t.c:3:26: error: too few arguments to function"), text);
        assertTrue(text.contains("t.c:3:36: error: too many arguments to function"), text);
    }

    @Test
    void undeclaredTypeNamesAreReportedAsGccDoes() {
        // a forgotten #include: gcc says "unknown type name", not a syntax error at the declarator
        String text = diagnose("static foo_t counter;\nint f(bar_t x, int y);\nint main(void) {\n"
                + "  ptrdiff_t a = 1;\n  const baz_t *p = 0;\n  return 0;\n}\n");
        assertTrue(text.contains("t.c:1:8: error: unknown type name 'foo_t'"), text);
        assertTrue(text.contains("t.c:2:7: error: unknown type name 'bar_t'"), text);
        assertTrue(text.contains("t.c:4:3: error: unknown type name 'ptrdiff_t'"), text);
        assertTrue(text.contains("t.c:5:9: error: unknown type name 'baz_t'"), text);
        assertFalse(text.contains("expected"), text);
    }

    @Test
    void variableLengthArraysWhereTheyCannotBe() {
        String text = diagnose("int n = 3;\nint a[n];\ntypedef int T[n];\nint (*p)[n];\n"
                + "void g(int k, int b[*]) { }\nint main(void) {\n  int m = 4;\n  static int c[m];\n"
                + "  extern int d[m];\n  int e[m] = {1};\n  goto L;\n  int v[m];\nL:\n"
                + "  switch (m) { int w[m]; case 1: break; }\n  (void)sizeof(int (*)[*]);\n"
                + "  return sizeof(struct { int x[m]; });\n}\n");
        assertTrue(text.contains("t.c:2:5: error: variably modified 'a' at file scope"), text);
        assertTrue(text.contains("t.c:3:13: error: variably modified 'T' at file scope"), text);
        assertTrue(text.contains("t.c:4:7: error: variably modified 'p' at file scope"), text);
        assertTrue(text.contains("t.c:5:20: error: '[*]' not allowed in other than function prototype scope"), text);
        assertTrue(text.contains("t.c:8:14: error: storage size of 'c' isn't constant"), text);
        assertTrue(text.contains("t.c:9:14: error: object with variably modified type must have no linkage"), text);
        assertTrue(text.contains("t.c:10:3: error: variable-sized object may not be initialized"), text);
        assertTrue(text.contains("t.c:11:3: error: jump into scope of identifier with variably modified type"), text);
        assertTrue(text.contains("t.c:13:1: note: label 'L' defined here"), text);
        assertTrue(text.contains("t.c:12:7: note: 'v' declared here"), text);
        assertTrue(text.contains("t.c:14:26: error: switch jumps into scope of identifier with variably modified type"),
                text);
        assertTrue(text.contains("t.c:15:23: error: '[*]' not allowed in other than function prototype scope"), text);
        assertTrue(text.contains("t.c:14:3: note: switch starts here"), text);
        assertTrue(text.contains("error: a member of a structure or union cannot have a variably modified type"), text);
    }

    @Test
    void genericSelectionErrors() {
        String text = diagnose("int main(void) {\n  double d = 0;\n  int x = _Generic(d, int: 1, long: 2);\n"
                + "  int y = _Generic(x, int: 1, signed int: 2, default: 3);\n"
                + "  int z = _Generic(x, default: 1, default: 2);\n  int v = _Generic(x, int[]: 1, int: 2);\n"
                + "  return x + y + z + v;\n}\n");
        assertTrue(text.contains("t.c:3:20: error: '_Generic' selector of type 'double' is not compatible with any"
                + " association"), text);
        assertTrue(text.contains("t.c:4:31: error: '_Generic' specifies two compatible types"), text);
        assertTrue(text.contains("t.c:4:23: note: compatible type is here"), text);
        assertTrue(text.contains("t.c:5:35: error: duplicate 'default' case in '_Generic'"), text);
        assertTrue(text.contains("t.c:5:23: note: original 'default' is here"), text);
        assertTrue(text.contains("t.c:6:23: error: '_Generic' association has incomplete type"), text);
    }

    @Test
    void repeatedTypedefsAreAcceptedAndConflictingOnesExplained() {
        assertEquals("", diagnose("typedef int T;\ntypedef int T;\ntypedef struct s s;\ntypedef struct s s;\n"
                + "struct s { s *next; };\nint main(void) { typedef T U; typedef int U; struct s s; goto s; s: "
                + "return 0; }\n"));
        assertEquals("""
                t.c:2:14: error: conflicting types for 'T'; have 'long int'
                    2 | typedef long T;
                      |              ^
                t.c:1:13: note: previous declaration of 'T' with type 'T' {aka 'int'}
                    1 | typedef int T;
                      |             ^
                """, diagnose("typedef int T;\ntypedef long T;\n"));
    }

    @Test
    void warningsDoNotFailTheCompilation() {
        Diagnostics d = new Diagnostics();
        String asm = Compiler.compile(Compiler.source("t.c", "int main(void) { int *p = 5; return 0; }\n"
                .getBytes(StandardCharsets.UTF_8)), Compiler.Options.defaults(null), d);
        assertTrue(asm != null && asm.contains("main:"));
        assertEquals("t.c:1:27: warning: initialization of 'int *' from 'int' makes pointer from integer without"
                + " a cast [-Wint-conversion]", d.all().get(0).headline());
    }

    @Test
    void unterminatedStringAndComment() {
        assertTrue(diagnose("char *s = \"abc; int x;\n").startsWith("""
                t.c:1:11: error: missing terminating " character
                    1 | char *s = "abc; int x;
                      |           ^
                """));
        String text = diagnose("int x; /* never closed\nint y;\n");
        assertTrue(text.startsWith("t.c:1:8: error: unterminated comment"), text);
    }

    @Test
    void missingHeaderIsFatal() {
        assertEquals("""
                t.c:1:10: error: nope.h: No such file or directory
                    1 | #include "nope.h"
                      |          ^
                """, diagnose("#include \"nope.h\"\nint main(void) { return x; }\n"));
    }

    @Test
    void preprocessorErrors() {
        String text = diagnose("#if 1\n#error stop here\n#endif\n#define F(a, b) a\nint x = F(1);\n#if\n#endif\n#foo\n");
        assertTrue(text.contains("t.c:2:2: error: #error stop here"), text);
        assertTrue(text.contains("t.c:5:9: error: macro \"F\" requires 2 arguments, but only 1 given"), text);
        assertTrue(text.contains("t.c:6:2: error: #if with no expression"), text);
        assertTrue(text.contains("t.c:8:2: error: invalid preprocessing directive #foo"), text);
        assertTrue(diagnose("#if 1\nint x;\n").contains("t.c:1:2: error: unterminated #if"));
    }

    @Test
    void strayCharacters() {
        assertEquals("""
                t.c:1:9: error: stray '@' in program
                    1 | int x = @;
                      |         ^
                t.c:1:10: error: expected expression before ';' token
                    1 | int x = @;
                      |          ^
                """, diagnose("int x = @;\n"));
        assertTrue(diagnose("int \u00ff;").contains("error: stray '\\377' in program"));
    }

    @Test
    void wideLiteralsOfDifferentKindsAndOverlongConstants() {
        String text = diagnose("const void *a = u8\"a\" L\"b\";\nconst void *b = u\"a\" U\"b\";\n"
                + "const void *c = \"a\" L\"b\" \"c\" L\"d\";\nlong w = L'ab';\nint u = U'xy';\n");
        assertTrue(text.contains("t.c:1:23: error: unsupported non-standard concatenation of string literals"), text);
        assertTrue(text.contains("t.c:2:22: error: unsupported non-standard concatenation of string literals"), text);
        assertFalse(text.contains("t.c:3:"), text);
        assertTrue(text.contains("t.c:4:10: warning: character constant too long for its type"), text);
        assertTrue(text.contains("t.c:5:9: warning: character constant too long for its type"), text);
    }

    @Test
    void genericSelectionOfABitFieldNamesItsTypeAsGccDoes() {
        String text = diagnose("struct bf { unsigned u : 3; int i : 5; long long l : 40; } b;\n"
                + "int x = _Generic(b.u, unsigned: 1);\nint y = _Generic(b.i, int: 1);\n"
                + "int z = _Generic(b.l, long long: 1);\n");
        assertTrue(text.contains("t.c:2:18: error: '_Generic' selector of type 'unsigned char:3' is not compatible"
                + " with any association"), text);
        assertTrue(text.contains("t.c:3:18: error: '_Generic' selector of type 'signed char:5'"), text);
        assertTrue(text.contains("t.c:4:18: error: '_Generic' selector of type 'long long int:40'"), text);
    }

    @Test
    void statementErrors() {
        String text = diagnose("int main(void) {\n  break;\n  continue;\n  case 1: ;\n  goto nowhere;\n"
                + "  switch (1) { case 1: case 1: ; }\n l: l: ;\n}\n");
        assertTrue(text.contains("t.c:2:3: error: break statement not within loop or switch"), text);
        assertTrue(text.contains("t.c:3:3: error: continue statement not within a loop"), text);
        assertTrue(text.contains("t.c:4:3: error: case label not within a switch statement"), text);
        assertTrue(text.contains("t.c:5:3: error: label 'nowhere' used but not defined"), text);
        assertTrue(text.contains("t.c:6:24: error: duplicate case value"), text);
        assertTrue(text.contains("t.c:7:5: error: duplicate label 'l'\n"), text);
        assertTrue(text.contains("t.c:7:2: note: previous definition of 'l' with type 'void'"), text);
    }

    @Test
    void redefinitionsAndConflicts() {
        String text = diagnose("int f(void) { return 0; }\nint f(void) { return 1; }\nint g(int);\nchar g(int);\n"
                + "int v = 1;\nint v = 2;\n");
        assertTrue(text.contains("t.c:2:5: error: redefinition of 'f'"), text);
        assertTrue(text.contains("t.c:4:6: error: conflicting types for 'g'; have 'char(int)'"), text);
        assertTrue(text.contains("t.c:6:5: error: redefinition of 'v'"), text);
    }

    @Test
    void wallWarnsAboutCommonMistakes() {
        String src = "int printf(const char *, ...);\nstatic int unused_fn(void) { return 1; }\nint noret(int x) { if (x) return 1; }\n"
                + "int loops(int x) { for (;;) { if (x) return 1; } }\nint sw(int x) { switch (x) { case 1: return 1;"
                + " default: return 2; } }\nint main(void) {\n    int unused;\n    int x = 5;\n"
                + "    if (x = 3) printf(\"%d\\n\", x);\n    if ((x = 4)) x++;\n    return noret(x) + loops(x) + sw(x);\n}\n";
        Diagnostics d = new Diagnostics();
        d.setWallEnabled(true);
        assertNotNull(Compiler.compile(Compiler.source("t.c", src.getBytes(StandardCharsets.ISO_8859_1)),
                Compiler.Options.defaults(null), d));
        String text = d.text();
        assertTrue(text.contains("t.c:2:12: warning: 'unused_fn' defined but not used [-Wunused-function]"), text);
        assertTrue(text.contains("t.c:3:37: warning: control reaches end of non-void function [-Wreturn-type]"), text);
        assertTrue(text.contains("t.c:7:9: warning: unused variable 'unused' [-Wunused-variable]"), text);
        assertTrue(text.contains("t.c:9:9: warning: suggest parentheses around assignment used as truth value"), text);
        assertEquals(4, text.split("warning:", -1).length - 1, text);
        // without -Wall none of them
        Diagnostics quiet = new Diagnostics();
        Compiler.compile(Compiler.source("t.c", src.getBytes(StandardCharsets.ISO_8859_1)),
                Compiler.Options.defaults(null), quiet);
        assertFalse(quiet.text().contains("warning"), quiet.text());
    }

    @Test
    void oldStyleDefinitionsAndImplicitInt() {
        String text = diagnose("static int sq();\nadd(a, b) int a; { return a + b; }\nmain() { return add(1, 2) + sq(3); }\n"
                + "static int sq(x) int x; { return x * x; }\nstruct S { int v; } make(void) { struct S s = {1}; return s; }\n");
        assertTrue(text.contains("t.c:2:1: warning: return type defaults to 'int' [-Wimplicit-int]"), text);
        assertTrue(text.contains("t.c:2:8: warning: type of 'b' defaults to 'int' [-Wimplicit-int]"), text);
        assertTrue(text.contains("t.c:3:1: warning: return type defaults to 'int' [-Wimplicit-int]"), text);
        assertFalse(text.contains("error"), text);
    }

    @Test
    void noCascadeAfterAMemberError() {
        String text = diagnose("struct S { int a; };\nint main(void) {\n  struct S s;\n  s.b = 3;\n  int x = 0;\n  x();\n"
                + "  return 0;\n}\n");
        assertTrue(text.contains("t.c:4:4: error: 'struct S' has no member named 'b'"), text);
        assertTrue(text.contains("t.c:6:3: error: called object 'x' is not a function or function pointer"), text);
        assertFalse(text.contains("lvalue"), text);
    }

    /** Random bytes, and mutations of a real program, never crash the compiler. */
    @Test
    void garbageNeverCrashes() {
        Random rnd = new Random(42);
        String program = "#include <stdio.h>\nstruct s { int a[3]; char *p; };\nint f(int x, ...) { return x ? f(x - 1)"
                + " : 0; }\nint main(void) { struct s v = {{1, 2}, \"x\"}; for (int i = 0; i < 3; i++) v.a[i] += "
                + "f(i); switch (v.a[0]) { case 1: return 2; default: ; } return (int)sizeof v + v.p[0]; }\n";
        for (int i = 0; i < 300; i++) {
            byte[] b;
            if (i % 3 == 0) {
                b = new byte[rnd.nextInt(200)];
                rnd.nextBytes(b);
            } else {
                StringBuilder sb = new StringBuilder(program);
                for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
                    int at = rnd.nextInt(sb.length());
                    if (rnd.nextBoolean()) {
                        sb.deleteCharAt(at);
                    } else {
                        sb.insert(at, "(){};,*&\"'#\\/x1.e[]"
                                .charAt(rnd.nextInt(19)));
                    }
                }
                b = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
            }
            Diagnostics d = new Diagnostics();
            try {
                Compiler.compile(Compiler.source("g.c", b), Compiler.Options.defaults(null), d);
            } catch (RuntimeException e) {
                throw new AssertionError("crash on input " + i + ": " + new String(b, StandardCharsets.ISO_8859_1), e);
            }
        }
    }

    @Test
    void driverExitsOneWithoutStackTrace(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.c");
        Files.write(bad, new byte[] {0x7f, 'E', 'L', 'F', 0, 1, 2, (byte) 0xff, '\n', '{', '"'});
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Driver.run(Driver.Options.builder().stage(Driver.Stage.ASSEMBLY).output(dir.resolve("x.s").toString())
                .files(bad.toString()).build(), new PrintStream(out), new PrintStream(err));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, rc, e);
        assertTrue(e.contains("error:"), e);
        assertFalse(e.contains("\tat ") || e.contains("Exception"), e);
        rc = Driver.run(Driver.Options.builder().files(dir.resolve("missing.c").toString()).build(),
                new PrintStream(out), new PrintStream(err));
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("missing.c: No such file or directory"));
    }
}
