package scmp.diag;

import java.util.List;

/** Thrown by a tool stage that reported errors; carries every diagnostic it found (at least one error). */
public class DiagnosticException extends Exception {
    private final List<Diagnostic> diagnostics;

    public DiagnosticException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "error" : diagnostics.get(0).headline());
        this.diagnostics = List.copyOf(diagnostics);
    }

    public DiagnosticException(Diagnostic d) {
        this(List.of(d));
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
