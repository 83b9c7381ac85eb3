package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;
import static scmp.asm.Asm.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.*;
import org.junit.jupiter.api.Test;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;

/** Error reporting: exact positions and messages, many errors per run, and no crash on any input. */
class ErrorsTest {

    @Test
    void syntaxErrors() {
        assertEquals("t.s:1:16: error: missing ',' between operands", error("add a0, a1, a2 a3"));
        assertEquals("t.s:1:16: error: syntax error: unexpected ')'", error("add a0, a1, a2 )"));
        assertEquals("t.s:1:12: error: syntax error: unexpected end of line", error("add a0, a1,"));
        assertEquals("t.s:1:12: error: syntax error: unexpected end of line, expected ')'", error("lw a0, 4(a1"));
        assertEquals("t.s:1:1: error: syntax error: a statement starts with a label, an instruction or a directive, "
                + "not ','", error(", a0"));
        assertEquals("t.s:1:1: error: syntax error: a statement starts with a label, an instruction or a directive, "
                + "not character constant 'abc'", error("'abc'"));
        assertEquals("t.s:1:6: error: syntax error: a statement starts with a label, an instruction or a directive, "
                + "not string \"s\"", error("nop; \"s\""));
        assertEquals("t.s:1:4: error: syntax error: a statement starts with a label, an instruction or a directive, "
                + "not '('", error("x: (a0)"));
        assertEquals("t.s:1:4: error: syntax error: unexpected ':'", error("x: : nop"));
        assertEquals("t.s:1:12: error: missing ',' between operands", error("add a0, a1 a2"));
        assertEquals("t.s:1:7: error: missing ',' between operands", error("mv a0 a1"));
        assertEquals("t.s:1:14: error: unexpected character '!'", error("addi a0, a0, !1"));
        assertEquals("t.s:1:6: error: unexpected control character U+0007", error("nop  \u0007"));
    }

    @Test
    void lexicalErrors() {
        assertEquals("t.s:2:8: error: unterminated string (missing closing '\"')", error("nop\n.ascii \"abc\nnop"));
        assertEquals("t.s:1:7: error: unterminated character constant (missing closing \"'\")", error(".word 'a"));
        assertEquals("t.s:2:5: error: unterminated comment (missing '*/')", error("nop\nnop /* x\n nop\n"));
        assertEquals("t.s:1:10: error: unknown escape sequence '\\q'", error(".ascii \"a\\q\""));
    }

    @Test
    void operandErrors() {
        assertEquals("t.s:1:1: error: unknown mnemonic 'ad'; did you mean 'add'?", error("ad a0, a1, a2"));
        assertEquals("t.s:1:1: error: unknown mnemonic 'frobnicate'", error("frobnicate a0"));
        assertEquals("t.s:1:1: error: unknown mnemonic 'foo'", error("foo a0, a1"));
        assertEquals("t.s:1:1: error: unknown mnemonic 'fadd'; did you mean 'fadd.d'?", error("fadd f0, f1, f2"));
        assertEquals("t.s:1:13: error: expected an FP register, got integer register 'a0'", error("fadd.d ft0, a0, ft1"));
        assertEquals("t.s:1:5: error: expected an integer register, got FP register 'ft0'", error("add ft0, a0, a1"));
        assertEquals("t.s:1:9: error: expected an integer register, got '5'", error("add a0, 5, a1"));
        assertEquals("t.s:1:1: error: 'add' expects 3 operands (add rd, rs1, rs2), got 2", error("add a0, a1"));
        assertEquals("t.s:1:6: error: 'endt' expects 0 operands (endt), got 1", error("endt a0"));
        assertEquals("t.s:1:14: error: immediate 70000 out of range for addi (signed 16-bit, -32768..32767)",
                error("addi a0, a1, 70000"));
        assertEquals("t.s:1:14: error: immediate 32 out of range for slli (shift amount, 0..31)", error("slli a0, a1, 32"));
        assertEquals("t.s:1:14: error: expected an immediate, got register 'a2'", error("addi a0, a1, a2"));
        assertEquals("t.s:1:10: error: the base of a memory operand must be an integer register, got 'ft0'",
                error("lw a0, 4(ft0)"));
        assertEquals("t.s:1:10: error: expected a base register in the memory operand, got 'foo'", error("lw a0, 4(foo)"));
        assertEquals("t.s:1:13: error: expected a message type (THREAD, DATA, CTS or 0..15), got 'MAIL'",
                error("sendh_i a0, MAIL, 0"));
        assertEquals("t.s:1:13: error: message type 16 out of range 0..15", error("sendh_i a0, 16, 0"));
        assertEquals("t.s:1:10: error: unknown special register 'nodid'; expected one of nodeid, xdim, ydim, tid, "
                + "nctx, cycle, cycleh, instret, memsize, heapend, niustat or a number", error("rdsr a0, nodid"));
        assertEquals("t.s:1:10: error: special register number 11 out of range 0..10", error("rdsr a0, 11"));
        assertEquals("t.s:1:7: error: unknown host call 'quit'; expected one of exit, write, open, read, close, "
                + "cycles, abort, lseek, terminate, sleep, time, openw, unlink, rename or a number", error("hcall quit"));
        assertEquals("t.s:1:21: error: immediate 131072 out of range for sendh_i (unsigned 17-bit byte address, "
                + "0..131071)", error("sendh_i a0, THREAD, 0x20000"));
        assertEquals("t.s:2:1: error: instruction at offset 1 of '.text' is not 4-byte aligned (add .align 4 after the "
                + "data before it)", error(".byte 1\nnop"));
    }

    @Test
    void numbersAndNamesForSpecialOperands() {
        assertArrayEquals(text("rdsr a0, heapend\nhcall lseek\nsendh_r a0, DATA, a1, 3"),
                text("rdsr a0, 9\nhcall 7\nsendh_r a0, 1, a1, 3"));
        assertArrayEquals(text(".equ SVC, 1\nhcall SVC"), text("hcall write"));
    }

    @Test
    void reportsEveryBadLineInOneRun() {
        List<String> e = errors("""
                nop
                ad a0, a1, a2
                addi a0, a1, 70000
                .ascii "unterminated
                good: nop
                fadd.d ft0, a0, ft1
                j nowhere_1b
                beq a0, a1, .+6
                good: nop
                """);
        assertEquals(List.of(
                "t.s:2:1: error: unknown mnemonic 'ad'; did you mean 'add'?",
                "t.s:3:14: error: immediate 70000 out of range for addi (signed 16-bit, -32768..32767)",
                "t.s:4:8: error: unterminated string (missing closing '\"')",
                "t.s:6:13: error: expected an FP register, got integer register 'a0'",
                "t.s:8:13: error: misaligned branch target: it is 6 bytes away, not a multiple of 4",
                "t.s:9:1: error: symbol 'good' is already defined (first defined on line 5)"), e);
    }

    @Test
    void diagnosticsCarryTheSourceLineForACaret() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Assembler.assemble("p.s", "nop\n\tadd a0, 1, a1\n"));
        Diagnostic d = e.diagnostics().get(0);
        assertEquals("\tadd a0, 1, a1", d.sourceLine());
        assertEquals("p.s:2:10: error: expected an integer register, got '1'\n"
                + "    2 | \tadd a0, 1, a1\n"
                + "      | \t        ^", d.format());
    }

    @Test
    void windowsLineEndingsKeepLineNumbers() {
        assertEquals("t.s:3:1: error: unknown mnemonic 'bogus'", error("nop\r\nnop\r\nbogus\r\n"));
    }

    @Test
    void manyErrorsStopAtTheLimit() {
        List<String> e = errors("bad\n".repeat(500));
        assertEquals(Assembler.MAX_ERRORS + 1, e.size());
        assertEquals("t.s: error: too many errors (" + Assembler.MAX_ERRORS + "); stopping", e.get(e.size() - 1));
    }

    @Test
    void errorsOfOneStatementStopAtTheLimitToo() {
        // Found by AssemblerFuzzTest: a directive reports an error per operand, past the limit.
        List<String> e = errors("bad\n".repeat(Assembler.MAX_ERRORS - 1) + ".byte x1, x2, x3, x4\n");
        assertEquals(Assembler.MAX_ERRORS + 1, e.size(), String.join("\n", e));
        assertEquals("t.s: error: too many errors (" + Assembler.MAX_ERRORS + "); stopping", e.get(e.size() - 1));
    }

    @Test
    void endlessLineIsOneErrorWithAShortEcho() {
        String line = "nop; ".repeat(2_000_000);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Assembler.assemble("t.s", line + "\n"));
        assertEquals(1, e.diagnostics().size());
        assertEquals("t.s:1:1: error: line too long (" + line.length() + " characters; the limit is "
                + scmp.common.Limits.MAX_LINE_LENGTH + ")", e.diagnostics().get(0).headline());
        assertTrue(e.diagnostics().get(0).format().length() < 3 * scmp.common.Limits.ECHO_WINDOW);
    }

    @Test
    void binaryInputIsOneError() {
        assertEquals("t.s:2:3: error: not assembly source: the input contains NUL characters (is this a binary file?)",
                error("nop\nab\0cd\n"));
        byte[] elf = {0x7f, 'E', 'L', 'F', 1, 1, 1, 0, (byte) 0xff, (byte) 0xfe, 0, 0};
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Assembler.assemble("x.o", elf));
        assertEquals(1, e.diagnostics().size());
        assertEquals("x.o:1:9: error: not a UTF-8 text file: invalid byte 0xff at offset 8 (is this a binary file?)",
                e.diagnostics().get(0).headline());
    }

    @Test
    void utf8BytesAreAccepted() throws Exception {
        byte[] src = "\uFEFF.data\n.asciz \"é\" # ok\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(3, Assembler.assemble("u.s", src).section(".data").size());
    }

    @Test
    void deepNestingIsAnErrorNotACrash() {
        String deep = ".word " + "(".repeat(5000) + "1" + ")".repeat(5000);
        assertTrue(error(deep).contains("parentheses nested too deeply"));
        String longSum = ".word 1" + "+1".repeat(20000);
        try {
            Assembler.assemble("t.s", longSum);
        } catch (DiagnosticException ok) {
            // Either outcome is fine; what matters is that nothing else escapes.
        }
    }

    @Test
    void undefinedLocalSymbolIsReportedWhereItIsUsed() {
        assertEquals("t.s:3:8: error: symbol 'x' is declared .local and used here, but never defined",
                error(".local x\nnop\nla a0, x\nla a1, x\n"));
    }

    @Test
    void symbolsMayNotBeNamedLikeSections() {
        // The object names a section's symbol after the section: a label of that name would capture
        // the relocations meant for the section.
        assertEquals("t.s:2:1: error: symbol '.data' has the name of a section; choose another name",
                error("la a0, x\n.data: nop\n.data\nx: .word 7\n"));
        assertEquals("t.s:1:1: error: symbol 'tab' has the name of a section; choose another name",
                error("tab: nop\n.section tab, \"a\"\n.word 1\n"));
        ok(".equ .data_size, 4\nla a0, .text\n");
    }

    @Test
    void commonAlignmentIsLimitedAsTheLinkerLimitsIt() {
        assertEquals("t.s:1:13: error: .comm alignment must be a power of two up to 65536, got 131072",
                error(".comm x, 4, 131072"));
        ok(".comm x, 4, 65536\n.lcomm y, 4, 131072");
    }

    @Test
    void longRunsOfUnaryOperatorsAreRefusedQuickly() {
        assertEquals(-1, words(ok(".word " + "- ".repeat(99) + "1"), ".text")[0]);
        assertEquals("t.s:1:" + (7 + 2 * Assembler.MAX_NESTING) + ": error: too many unary operators in a row "
                + "(more than " + Assembler.MAX_NESTING + ")", error(".word " + "- ".repeat(200000) + "1"));
    }

    @Test
    void floatingPointOverflowIsAnErrorNotInfinity() {
        assertEquals("t.s:1:9: error: 1e400 is too large for .double (the largest finite value is "
                + "1.7976931348623157e308); write inf for infinity", error(".double 1e400"));
        assertEquals("t.s:1:13: error: -1e39 is too large for .float (the largest finite value is 3.4028235e38); "
                + "write inf for infinity", error(".float 1.0, -1e39"));
        int[] w = words(ok(".float inf, -inf, 3.4028235e38, 1e-50\n.double -infinity"), ".text");
        assertArrayEquals(new int[] {0x7f800000, 0xff800000, 0x7f7fffff, 0, 0, 0xfff00000}, w);
    }

    @Property(tries = 400)
    void randomTextNeverThrowsAnythingElse(@ForAll("asmLike") String src) {
        try {
            Assembler.assemble("r.s", src);
        } catch (DiagnosticException e) {
            assertFalse(e.diagnostics().isEmpty());
        }
    }

    @Property(tries = 300)
    void randomBytesNeverThrowAnythingElse(@ForAll byte[] bytes) {
        try {
            Assembler.assemble("r.s", bytes);
        } catch (DiagnosticException e) {
            assertFalse(e.diagnostics().isEmpty());
        }
    }

    @Provide
    Arbitrary<String> asmLike() {
        Arbitrary<String> pieces = Arbitraries.of("add", "addi", "li", "la", "lw", "sw", "beq", "j", "call", ".word",
                ".byte", ".half", ".ascii", ".asciz", ".align", ".p2align", ".space", ".equ", ".set", ".globl", ".section",
                ".data", ".text", ".bss", ".comm", ".lcomm", ".type", ".size", ".file", ".loc", ".double", "sendh_i",
                "rdsr", "hcall", "a0", "ft0", "zero", "sp", "x", "y", "1:", "1b", "1f", "2f", "lbl:", ".", ",", "(", ")",
                "%hi(", "%lo(", "%ha(", "+", "-", "*", "/", "%", "<<", ">>", "~", "&", "|", "^", "=", ";", "\n", " ",
                "0", "1", "-1", "0x7fff", "0xffffffff", "4096", "99999999999999999999", "'a'", "'\\n'", "\"s\"", "\"",
                "'", "/*", "*/", "#", "//", "@function", "@nobits", "THREAD", "DATA", "nodeid", "exit", "1.5", "$",
                "\t", "\u00e9", "\u0001", "09", "0b", "12abc");
        return pieces.list().ofMaxSize(60).map(l -> String.join("", l));
    }
}
