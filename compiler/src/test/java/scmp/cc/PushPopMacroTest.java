package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import scmp.cc.pp.Preprocessor;

/** {@code #pragma push_macro("X")} and {@code #pragma pop_macro("X")}, as gcc has them. */
class PushPopMacroTest {
    private static String preprocess(String src) {
        Diagnostics d = new Diagnostics();
        String out = Preprocessor.render(Compiler.preprocess(Compiler.source("t.c",
                src.getBytes(StandardCharsets.ISO_8859_1)), Compiler.Options.defaults(null), d));
        assertEquals("", d.text());
        return out.replaceAll("(?m)^# .*\\n", "").replaceAll("\\s+", " ").trim();
    }

    @Test
    void popRestoresTheDefinitionPushed() {
        assertEquals("a = 2; b = 1;", preprocess("#define X 1\n#pragma push_macro(\"X\")\n#undef X\n#define X 2\n"
                + "a = X;\n#pragma pop_macro(\"X\")\nb = X;\n"));
    }

    @Test
    void popOfANameThatWasUndefinedUndefinesIt() {
        assertEquals("a = 3; b = X;", preprocess("#pragma push_macro(\"X\")\n#define X 3\na = X;\n"
                + "#pragma pop_macro(\"X\")\nb = X;\n"));
    }

    @Test
    void pushesNestAndAPopWithNothingPushedChangesNothing() {
        assertEquals("F(0) 2 1 1", preprocess("#define F(x) 1\n#pragma push_macro(\"F\")\n#undef F\n"
                + "#define F(x) 2\n#pragma push_macro(\"F\")\n#undef F\nF(0)\n#pragma pop_macro(\"F\")\nF(0)\n"
                + "#pragma pop_macro(\"F\")\nF(0)\n#pragma pop_macro(\"F\")\nF(0)\n"));
    }
}
