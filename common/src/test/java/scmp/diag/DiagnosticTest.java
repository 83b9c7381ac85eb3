package scmp.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DiagnosticTest {

    @Test
    void caretSitsUnderTheColumn() {
        Diagnostic d = Diagnostic.error("p.s", 4, 14, "bad", "addi a0, a1, 70000");
        assertEquals("""
                p.s:4:14: error: bad
                    4 | addi a0, a1, 70000
                      |              ^""", d.format());
    }

    @Test
    void gutterWidensForLongFiles() {
        Diagnostic d = Diagnostic.error("p.s", 1234567, 2, "bad", "xy");
        assertEquals("""
                p.s:1234567:2: error: bad
                1234567 | xy
                        |  ^""", d.format());
    }

    @Test
    void tabsAreKeptSoTheCaretLinesUp() {
        Diagnostic d = Diagnostic.error("p.s", 1, 3, "bad", "\tx y");
        assertEquals("p.s:1:3: error: bad\n    1 | \tx y\n      | \t ^", d.format());
    }

    @Test
    void withoutASourceLineOnlyTheHeadline() {
        assertEquals("p.s: error: too many", Diagnostic.error("p.s", 0, 0, "too many", null).format());
        assertEquals("p.s:3: error: m", Diagnostic.error("p.s", 3, 0, "m", "x").headline());
    }
}
