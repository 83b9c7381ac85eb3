package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.elf.ObjectFile;

/** Numeric local labels: {@code 1:} defined many times, {@code 1b} and {@code 1f} find the nearest one. */
class LocalLabelsTest {

    @Test
    void backwardAndForwardReferences() {
        assertEquals(List.of("addi zero, zero, 0", "beq a0, a1, .-4", "bne a0, a1, .+8", "addi zero, zero, 0",
                "addi zero, zero, 0", "j .-4"),
                listing("1: nop\nbeq a0, a1, 1b\nbne a0, a1, 1f\nnop\n1: nop\nj 1b\n"));
    }

    @Test
    void eachDefinitionIsDistinctAndLabelsCanShareALine() {
        assertEquals(List.of("j .+4", "addi zero, zero, 0", "j .+0", "j .-4"),
                listing("j 2f\n2: nop\n2: j 2b\nj 2b\n"));
        assertEquals(List.of("j .+0"), listing("1: j 1b"), "1b on the label's own line is that label");
    }

    @Test
    void differentNumbersAreIndependent() {
        assertEquals(List.of("addi zero, zero, 0", "addi zero, zero, 0", "j .-8", "j .-8"),
                listing("1: nop\n2: nop\nj 1b\nj 2b\n"));
    }

    @Test
    void inDataAndExpressions() {
        ObjectFile o = ok(".data\n1: .word 1f - 1b\n1: .word 0\n");
        assertEquals(4, words(o, ".data")[0]);
        assertNull(o.symbol("1"));
        assertTrue(o.symbols().stream().noneMatch(s -> s.name().startsWith(".L")), "numeric labels are not exported");
    }

    @Test
    void semicolonSeparatedStatementsAndLabels() {
        assertEquals(List.of("addi zero, zero, 0", "j .-4", "addi zero, zero, 0"), listing("1: nop; j 1b ; nop"));
    }

    @Test
    void errors() {
        assertEquals("t.s:1:3: error: numeric label 3 is not defined before this reference (3b)", error("j 3b"));
        assertEquals("t.s:1:3: error: numeric label 3 is not defined after this reference (3f)", error("j 3f\n3b: nop"
                .replace("3b: ", "")));
        assertEquals("t.s:1:1: error: a numeric label must be a decimal number, not '0x1'", error("0x1: nop"));
    }
}
