package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compiled programs that go wrong, built with {@code scmpcc -g} at -O0 and -O1 and run by {@code scmpsim}
 * in-process: each run ends with the simulator's one-line report (docs/simulator.md, "Fault report") naming the
 * fault, the function and the source line ({@code file.c:N}, from the compiler's line table), and the documented
 * exit code: 139 for a fault, 124 at the cycle limit, 134 for an abort.
 */
class GuestFaultE2eTest {
    /** The report's first line: {@code scmpsim: node 0 thread 0: WHAT at pc 0x... (FUNC+0x.., FILE:LINE)[, address 0x...]}. */
    static final Pattern REPORT = Pattern.compile(
            "scmpsim: node 0 thread 0: (.+) at pc 0x[0-9a-f]{8} \\(([A-Za-z_][A-Za-z0-9_]*)\\+0x[0-9a-f]+, ([^,:)]+):(\\d+)\\)"
            + "(, address 0x([0-9a-f]{8}))?");

    @TempDir
    Path dir;

    /** Writes {@code source} as {@code name}, builds it with -g at {@code opt}, runs it with {@code args}. */
    E2e.Sim compileAndRun(String name, String source, int opt, String... args) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, source);
        Path exe = dir.resolve(name.replace(".c", "") + opt);
        E2e.buildFile(opt, true, exe, src);
        String[] argv = new String[args.length + 3];
        argv[0] = "--max-cycles";
        argv[1] = "200000000";
        argv[2] = exe.toString();
        System.arraycopy(args, 0, argv, 3, args.length);
        return E2e.scmpsim(argv);
    }

    /** The line of {@code source} that holds {@code marker}, counting from 1. */
    static int lineOf(String source, String marker) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no " + marker);
    }

    /**
     * Checks the exit code and the report; returns the report's match for further checks. The file is named as
     * it was given to the compiler (here, a path in the temporary directory).
     */
    Matcher assertFault(E2e.Sim r, String what, String function, String file, int line) {
        assertEquals(139, r.exit(), () -> "exit code; stderr:\n" + r.stderr());
        String first = r.stderr().lines().filter(l -> l.startsWith("scmpsim:")).findFirst().orElse("");
        Matcher m = REPORT.matcher(first);
        assertTrue(m.matches(), () -> "not a fault report with function and source line: " + first);
        assertEquals(what, m.group(1), "fault description");
        assertEquals(function, m.group(2), () -> "function in " + first);
        assertEquals(dir.resolve(file).toString(), m.group(3), () -> "file in " + first);
        assertEquals(line, Integer.parseInt(m.group(4)), () -> "source line in " + first);
        return m;
    }

    @Test
    void aFaultInALibraryFunctionBorrowsNoSourceLine() throws Exception {
        // strlen (libc, built without -g) follows main in the program: the fault names strlen and no line of
        // the program's file; the caller's frame keeps its line
        E2e.Sim r = compileAndRun("strlen.c", """
                #include <string.h>
                int main(int argc, char **argv)
                {
                    return (int)strlen(argc > 5 ? argv[0] : 0);
                }
                """, 1);
        assertEquals(139, r.exit(), r::stderr);
        List<String> lines = r.stderr().lines().toList();
        // the library frame has no line; the line then names the user's frame that called it
        String[] parts = lines.get(0).split("; in the program at ");
        assertEquals(2, parts.length, lines.get(0));
        assertTrue(parts[0].contains("(strlen+0x") && !parts[0].contains(".c:"), lines.get(0));
        assertTrue(parts[1].matches("main\\+0x[0-9a-f]+, .*strlen\\.c:4"), lines.get(0));
        assertTrue(r.stderr().contains("in main+0x") && r.stderr().contains("strlen.c:4)"), r::stderr);
    }

    static final String NULL_DEREF = """
            #include <stdio.h>

            struct node { int value; struct node *next; };

            static int sum(const struct node *n)
            {
                int s = 0;
                while (n->value >= 0) {     /* FAULT: the list ends with NULL, not with a negative value */
                    s += n->value;
                    n = n->next;
                }
                return s;
            }

            int main(void)
            {
                struct node c = { 3, NULL }, b = { 2, &c }, a = { 1, &b };
                printf("summing\\n");
                return sum(&a);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void nullPointerDereference(int opt) throws Exception {
        E2e.Sim r = compileAndRun("null.c", NULL_DEREF, opt);
        Matcher m = assertFault(r, "load from unmapped memory (a null pointer?)", "sum", "null.c",
                lineOf(NULL_DEREF, "FAULT"));
        assertEquals("00000000", m.group(6), "the faulting address: n->value with n == NULL");
        assertEquals("summing\n", r.stdout(), "output before the fault is flushed");
    }

    static final String WILD_STORE = """
            static int table[16];

            static void record(int index, int value)
            {
                table[index] = value;       /* FAULT: index far outside the table */
            }

            int main(void)
            {
                int i;
                for (i = 0; i < 16; i++)
                    record(i * 1000000, i);
                return 0;
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void storeThroughAWildPointer(int opt) throws Exception {
        E2e.Sim r = compileAndRun("wild.c", WILD_STORE, opt);
        Matcher m = assertFault(r, "store to unmapped memory", "record", "wild.c", lineOf(WILD_STORE, "FAULT"));
        // table + 3 * 4000000 bytes is the first index beyond the 8 MiB memory
        assertTrue(Long.parseLong(m.group(6), 16) >= 8L << 20, "address beyond the memory: " + m.group(6));
    }

    static final String TEXT_STORE = """
            static int patch(int (*f)(void))
            {
                *(volatile int *)(void *)f = 0;     /* FAULT: the text is read-only */
                return 1;
            }

            static int victim(void) { return 7; }

            int main(void)
            {
                return patch(victim);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void storeIntoTheProgramText(int opt) throws Exception {
        E2e.Sim r = compileAndRun("text.c", TEXT_STORE, opt);
        assertFault(r, "store into the program text", "patch", "text.c", lineOf(TEXT_STORE, "FAULT"));
    }

    static final String DIV_ZERO = """
            #include <stdio.h>

            static int average(const int *v, int n)
            {
                int s = 0, i;
                for (i = 0; i < n; i++)
                    s += v[i];
                return s / n;               /* FAULT: n == 0 */
            }

            int main(void)
            {
                int v[3] = { 4, 5, 6 };
                printf("%d\\n", average(v, 3));
                printf("%d\\n", average(v, 0));
                return 0;
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void integerDivisionByZero(int opt) throws Exception {
        E2e.Sim r = compileAndRun("div.c", DIV_ZERO, opt);
        Matcher m = assertFault(r, "integer division by zero", "average", "div.c", lineOf(DIV_ZERO, "FAULT"));
        assertEquals(null, m.group(5), "no address for a division fault");
        assertEquals("5\n", r.stdout());
    }

    static final String RECURSION = """
            static int depth(int n)
            {
                volatile char frame[200];   /* FAULT: each call takes a little more stack */
                frame[0] = (char)n;
                frame[199] = (char)(n >> 8);
                return depth(n + 1) + frame[0] + frame[199];
            }

            int main(void)
            {
                return depth(0);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void unboundedRecursionOverflowsIntoTheGuard(int opt) throws Exception {
        E2e.Sim r = compileAndRun("deep.c", RECURSION, opt);
        assertEquals(139, r.exit(), r.stderr());
        String first = r.stderr().lines().findFirst().orElse("");
        Matcher m = REPORT.matcher(first);
        assertTrue(m.matches(), () -> "not a fault report with function and source line: " + first);
        assertEquals("stack overflow: store in the guard of thread 0's stack", m.group(1));
        assertEquals("depth", m.group(2));
        assertEquals(dir.resolve("deep.c").toString(), m.group(3));
        // the first store into the guard is the frame set-up or one of the stores into frame[]
        int line = Integer.parseInt(m.group(4));
        assertTrue(line >= 1 && line <= lineOf(RECURSION, "return depth"), "a line of depth(): " + first);
    }

    static final String BAD_CALL = """
            typedef int (*handler)(int);
            static handler handlers[4];

            static int dispatch(int k)
            {
                return handlers[k](k);      /* FAULT: no handler was installed */
            }

            int main(void)
            {
                return dispatch(2);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void callThroughANullFunctionPointer(int opt) throws Exception {
        E2e.Sim r = compileAndRun("call.c", BAD_CALL, opt);
        Matcher m = assertFault(r, "jump to 0x0 outside the program text", "dispatch", "call.c",
                lineOf(BAD_CALL, "FAULT"));
        assertEquals("00000000", m.group(6));
    }

    static final String MISALIGNED = """
            static int word_at(const char *p)
            {
                return *(const int *)p;     /* FAULT: p is not 4-byte aligned */
            }

            int main(void)
            {
                int words[2] = { 1, 2 };
                return word_at((const char *)words + 2);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void misalignedLoad(int opt) throws Exception {
        E2e.Sim r = compileAndRun("align.c", MISALIGNED, opt);
        Matcher m = assertFault(r, "misaligned 4-byte load", "word_at", "align.c", lineOf(MISALIGNED, "FAULT"));
        assertEquals(2, Long.parseLong(m.group(6), 16) % 4, "the address is 2 mod 4");
    }

    static final String FOREVER = """
            #include <stdio.h>

            static volatile int ready;

            static void wait_until_ready(void)
            {
                while (!ready)
                    ;
            }

            int main(void)
            {
                printf("waiting\\n");
                wait_until_ready();
                return 0;
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void infiniteLoopStopsAtTheCycleLimit(int opt) throws Exception {
        Path src = dir.resolve("loop.c");
        Files.writeString(src, FOREVER);
        Path exe = dir.resolve("loop" + opt);
        E2e.buildFile(opt, true, exe, src);
        E2e.Sim r = E2e.scmpsim("--max-cycles", "250000", exe.toString());
        assertEquals(124, r.exit(), r.stderr());
        // docs/simulator.md: the limit's report names where the program was, as a fault's does, and its stack
        String[] lines = r.stderr().split("\n");
        assertTrue(lines[0].matches("scmpsim: stopped after 250000 cycles \\(--max-cycles\\): node 0 thread 0 at"
                + " pc 0x[0-9a-f]{8} \\(wait_until_ready\\+0x[0-9a-f]+, .*loop\\.c:(7|8)\\)"), r.stderr());
        assertEquals("call stack:", lines[1], r.stderr());
        assertTrue(lines[3].matches("  #1 0x[0-9a-f]{8} in main\\+0x[0-9a-f]+ \\(.*loop\\.c:14\\)"), r.stderr());
        assertEquals("waiting\n", r.stdout());
    }

    static final String ASSERTION = """
            #include <assert.h>
            #include <stdio.h>

            static int checked_sqrt(int x)
            {
                int r = 0;
                assert(x >= 0);             /* FAULT */
                while ((r + 1) * (r + 1) <= x)
                    r++;
                return r;
            }

            int main(void)
            {
                printf("%d\\n", checked_sqrt(50));
                return checked_sqrt(-4);
            }
            """;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void failedAssertionAborts(int opt) throws Exception {
        E2e.Sim r = compileAndRun("assert.c", ASSERTION, opt);
        assertEquals(134, r.exit(), r.stderr());
        assertEquals("7\n", r.stdout());
        List<String> err = r.stderr().lines().toList();
        // glibc's message (docs/libc.md), then the simulator's abort report
        assertEquals("assert" + opt + ": " + dir.resolve("assert.c") + ":" + lineOf(ASSERTION, "FAULT")
                + ": checked_sqrt: Assertion `x >= 0' failed.", err.get(0));
        assertTrue(err.get(1).startsWith("scmpsim: node 0 thread 0: abort at pc 0x"), r.stderr());
    }
}
