package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A conditional branch reaches +-128 KiB; a function whose loop, if or switch spans more than that must still
 * assemble and run (the code generator turns such branches into an inverted branch over a {@code j}).
 */
class LongBranchTest {
    @TempDir
    Path dir;

    /** About 8 instructions each at -O1 (16 at -O0): 40,000 instructions, beyond a branch's 32,768. */
    static final int STATEMENTS = 5000;

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 1})
    void branchesAcrossAHugeBodyStillReach(int opt) throws Exception {
        StringBuilder sb = new StringBuilder("#include \"test.h\"\nstatic volatile int cond = 1;\n");
        sb.append("static unsigned big(unsigned x, int sel) {\n  switch (sel) {\n  case 0:\n    return x + 1;\n");
        sb.append("  case 1:\n");
        for (int k = 0; k < STATEMENTS; k++) {
            sb.append("    x = x * 3 + ").append(k).append(" + (x >> 7);\n");
        }
        sb.append("    break;\n  case 2:\n    return x - 1;\n  }\n  return x;\n}\n");
        sb.append("int main(void) {\n  unsigned x = 1;\n  int i;\n");
        sb.append("  for (i = 0; i < 2; i++) {\n    if (cond)\n      x = big(x, 1);\n    else\n      x = 0;\n  }\n");
        sb.append("  ASSERT(").append(Integer.toUnsignedString(expected())).append("u, x);\n");
        sb.append("  ASSERT(6, big(5, 0) + big(1, 2) + 0);\n");
        sb.append("  printf(\"OK\\n\");\n  return 0;\n}\n");
        Path src = dir.resolve("longbranch.c");
        Files.writeString(src, sb);
        GuestRunner.Run r = GuestRunner.run(opt, src);
        assertEquals("OK\n", r.stdout());
        assertEquals(0, r.exitCode());
    }

    static int expected() {
        int x = 1;
        for (int i = 0; i < 2; i++) {
            for (int k = 0; k < STATEMENTS; k++) {
                x = x * 3 + k + (x >>> 7);
            }
        }
        return x;
    }
}
