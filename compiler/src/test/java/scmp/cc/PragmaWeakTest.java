package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code #pragma weak} (docs/compiler.md, "Preprocessor"): a weak symbol, and a weak alias emitted where the
 * translation unit defines its target, with names that are not macro-expanded (libmpi's profiling interface,
 * docs/mpi.md).
 */
class PragmaWeakTest {
    private final Diagnostics diag = new Diagnostics();

    private String compile(String src) {
        return Compiler.compile(Compiler.source("t.c", src.getBytes(StandardCharsets.ISO_8859_1)),
                Compiler.Options.defaults(null), diag);
    }

    @Test
    void anAliasOfADefinedFunctionIsAWeakSymbolAtItsAddress() {
        String asm = compile("#define MPI_Send PMPI_Send\n#pragma weak MPI_Send = PMPI_Send\n"
                + "int MPI_Send(int x) { return x + 1; }\nint data = 3;\n#pragma weak alias_data = data\n");
        assertEquals("", diag.text());
        assertTrue(asm.contains("PMPI_Send:"), asm);
        assertTrue(asm.contains("\t.weak MPI_Send\n\t.set MPI_Send, PMPI_Send\n"), asm);
        assertTrue(asm.contains("\t.weak alias_data\n\t.set alias_data, data\n"), asm);
    }

    @Test
    void anAliasOfATargetDefinedElsewhereIsLeftOutAndANameAloneIsWeak() {
        String asm = compile("#pragma weak MPI_Recv = PMPI_Recv\n#pragma weak hook\nvoid hook(void);\n"
                + "int f(void) { hook(); return 0; }\n");
        assertEquals("", diag.text());
        assertFalse(asm.contains("MPI_Recv"), asm);
        assertTrue(asm.contains("\t.weak hook\n"), asm);
    }

    @Test
    void aMalformedOneIsIgnoredWithGccsWarning() {
        compile("#pragma weak\n#pragma weak a = \n#pragma weak 1\nint x;\n");
        assertEquals(3, diag.text().split("malformed #pragma weak, ignored", -1).length - 1, diag.text());
    }
}
