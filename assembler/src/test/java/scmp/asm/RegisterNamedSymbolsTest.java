package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.diag.DiagnosticException;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;

/** Symbols spelled like registers (a C global named fp, aT or a0) work where an expression is expected. */
class RegisterNamedSymbolsTest {

    @Test
    void aLaterLabelSpelledLikeARegisterIsASymbol() throws DiagnosticException {
        ObjectFile o = Assembler.assemble("t.s", "la a0, aT\nlw a1, fp\n.data\naT: .word 7\nfp: .word 1\n");
        long relocs = o.section(".text").relocations().stream().map(Relocation::type).count();
        assertEquals(4, relocs, "la and the load of fp are relocated against the data symbols");
    }

    @Test
    void anExternDeclarationMakesARegisterNameASymbol() throws DiagnosticException {
        ObjectFile o = Assembler.assemble("t.s", ".extern s1\nla a0, s1\n");
        assertTrue(o.section(".text").relocations().stream().anyMatch(r -> r.symbol().equals("s1")));
    }

    @Test
    void anUndeclaredRegisterWhereAnImmediateBelongsIsStillAnError() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Assembler.assemble("t.s", "li a0, a1\n"));
        assertEquals("t.s:1:8: error: expected an immediate, got register 'a1'", e.diagnostics().get(0).headline());
    }
}
