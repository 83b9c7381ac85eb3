package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import org.junit.jupiter.api.Test;
import scmp.elf.ObjectFile;

/** Literals, operators, precedence, the location counter and symbol differences. */
class ExpressionsTest {

    /** The value of {@code e} as stored by {@code .word e}. */
    private static int word(String e) {
        return words(ok(".data\n.word " + e + "\n"), ".data")[0];
    }

    @Test
    void numberFormats() {
        assertEquals(42, word("42"));
        assertEquals(0x2A, word("0x2a"));
        assertEquals(0x2A, word("0X2A"));
        assertEquals(5, word("0b101"));
        assertEquals(8, word("010"));
        assertEquals(0, word("0"));
        assertEquals(-1, word("0xffffffff"));
        assertEquals(-5, word("-5"));
    }

    @Test
    void characterConstants() {
        assertEquals('a', word("'a'"));
        assertEquals('\n', word("'\\n'"));
        assertEquals('\'', word("'\\''"));
        assertEquals('\\', word("'\\\\'"));
        assertEquals(0, word("'\\0'"));
        assertEquals(0x41, word("'\\x41'"));
        assertEquals(0xFF, word("'\\377'"));
        assertEquals('a' + 1, word("'a' + 1"));
    }

    @Test
    void operatorsBindAsInC() {
        assertEquals(7, word("1 + 2 * 3"));
        assertEquals(9, word("(1 + 2) * 3"));
        assertEquals(1 << 4 | 1, word("1 << 2 + 2 | 1"));
        assertEquals(6 & 3 ^ 1, word("6 & 3 ^ 1"));
        assertEquals(-7 / 2, word("-7 / 2"));
        assertEquals(-7 % 2, word("-7 % 2"));
        assertEquals(~0xF0, word("~0xf0"));
        assertEquals(-8 >> 1, word("-8 >> 1"));
        assertEquals(3, word("+3"));
        assertEquals(2 - 3 - 4, word("2 - 3 - 4"));
        assertEquals(1, word("5 % 2"));
        assertEquals(10 % 4, word("10%4"));
    }

    @Test
    void symbolDifferenceInOneSectionIsConstant() {
        ObjectFile o = ok(".data\na: .word 1, 2, 3\nb: .word b - a, a - b, . - a\n");
        int[] w = words(o, ".data");
        assertEquals(12, w[3]);
        assertEquals(-12, w[4]);
        assertEquals(20, w[5], ". is the address of the item being emitted");
        assertTrue(relocs(o, ".data").isEmpty());
    }

    @Test
    void forwardDifferenceIsResolvedAtTheEnd() {
        ObjectFile o = ok(".data\n.word end - start\nstart: .space 10\nend:\n");
        assertEquals(10, words(o, ".data")[0]);
    }

    @Test
    void equAndSetAndAssignment() {
        ObjectFile o = ok("""
                .equ SIZE, 4 * 8
                .set MASK, SIZE - 1
                TWICE = SIZE * 2
                .data
                .word SIZE, MASK, TWICE, LATER
                .equ LATER, 99
                """);
        int[] w = words(o, ".data");
        assertArrayEquals(new int[] {32, 31, 64, 99}, w);
        assertNull(o.symbol("SIZE"), "local constants stay out of the symbol table");
    }

    @Test
    void setCanBeRedefinedAndUsesTheValueAtEachPoint() {
        ObjectFile o = ok(".set n, 1\n.data\n.word n\n.set n, n + 1\n.word n\n");
        assertArrayEquals(new int[] {1, 2}, words(o, ".data"));
    }

    @Test
    void relocationOperatorsFoldOnConstants() {
        int[] w = text("""
                lui a0, %hi(0x12345678)
                ori a0, a0, %lo(0x12345678)
                lui a1, %ha(0x12348000)
                addi a1, a1, %lo(0x12348000)
                """);
        assertEquals(0x1234, w[0] & 0xFFFF);
        assertEquals(0x5678, w[1] & 0xFFFF);
        assertEquals(0x1235, w[2] & 0xFFFF, "%ha rounds up when bit 15 is set");
        assertEquals(0x8000, w[3] & 0xFFFF, "%lo fills addi's signed field with the raw low half");
    }

    @Test
    void locationCounterInInstructions() {
        assertEquals(listOf("beq a0, a1, .+8", "beq a0, a1, .-4", "j .+0"),
                listing("beq a0, a1, .+8\nbeq a0, a1, .-4\nj .\n"));
    }

    private static java.util.List<String> listOf(String... s) {
        return java.util.List.of(s);
    }

    @Test
    void expressionErrors() {
        assertEquals("t.s:1:9: error: division by zero", error(".word 1 / 0"));
        assertEquals("t.s:1:9: error: division by zero", error(".word 1 % 0"));
        assertEquals("t.s:1:9: error: shift count 64 out of range 0..63", error(".word 1 << 64"));
        assertEquals("t.s:2:9: error: operator '*' needs constant operands, not symbol addresses",
                error("x: nop\n.word x * 2"));
        assertEquals("t.s:2:9: error: cannot add two symbol addresses", error("x: nop\n.word x + x"));
        assertEquals("t.s:2:7: error: cannot apply '-' to a symbol address", error("x: nop\n.word -x"));
        assertEquals("t.s:1:7: error: invalid octal number '09' (a leading 0 means octal)", error(".word 09"));
        assertEquals("t.s:1:7: error: invalid number '12abc'", error(".word 12abc"));
        assertEquals("t.s:1:7: error: character constant 'ab' holds more than one character", error(".word 'ab'"));
        assertEquals("t.s:1:7: error: empty character constant", error(".word ''"));
        assertEquals("t.s:1:7: error: unknown operator '%foo'; expected %hi, %lo or %ha", error(".word %foo(1)"));
        assertEquals("t.s:1:9: error: %hi/%lo/%ha of a symbol must be the whole operand",
                error("lui a0, %hi(x) + 1"));
        assertEquals("t.s:3:12: error: the difference of 'a' and 'b' is not a constant: they are not defined in "
                + "the same section", error("a: nop\n.data\nb: .word a - b"));
        assertEquals("t.s:1:7: error: a floating-point number is only allowed in .double and .float",
                error(".word 1.5"));
    }
}
