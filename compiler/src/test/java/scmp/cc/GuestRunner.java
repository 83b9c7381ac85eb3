package scmp.cc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.asm.Assembler;
import scmp.diag.DiagnosticException;
import scmp.elf.Executable;
import scmp.elf.ObjectFile;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;

/**
 * Compiles C test programs with the compiler's in-process API, links them with the tests' own small
 * runtime (src/test/c: start.s and runtime.c, no C library), and runs them on the simulator in-process,
 * which is much faster than spawning the tools.
 */
final class GuestRunner {
    static final Path C_DIR = Path.of("src/test/c");

    /** What a program did: its exit status and standard output, and the compiler's diagnostics. */
    record Run(int exitCode, String stdout, String diagnostics, long cycles) {
    }

    private GuestRunner() {
    }

    static Compiler.Options options(int opt) {
        return new Compiler.Options(opt, false, List.of(C_DIR.resolve("include").toString(), C_DIR.toString()),
                List.of(), List.of(), true, null, true);
    }

    /** Compiles one C file to an object, or throws with the diagnostics. */
    static ObjectFile compile(Path file, Compiler.Options o) throws IOException, DiagnosticException {
        Diagnostics diag = new Diagnostics();
        String asm = Compiler.compile(Compiler.source(file.toString(), Files.readAllBytes(file)), o, diag);
        if (asm == null) {
            throw new AssertionError("compilation failed:\n" + diag.text());
        }
        return Assembler.assemble(file.getFileName() + ".s", asm);
    }

    /** Compiles and runs {@code files} (plus the runtime) at optimisation level {@code opt}. */
    static Run run(int opt, Path... files) throws Exception {
        Compiler.Options o = options(opt);
        List<LinkInput> inputs = new ArrayList<>();
        inputs.add(new LinkInput.ObjectInput(Assembler.assemble("start.s",
                Files.readString(C_DIR.resolve("start.s")))));
        inputs.add(new LinkInput.ObjectInput(compile(C_DIR.resolve("runtime.c"), o)));
        inputs.add(new LinkInput.ObjectInput(compile(C_DIR.resolve("rt64.c"), o)));
        for (Path f : files) {
            inputs.add(new LinkInput.ObjectInput(compile(f, o)));
        }
        Executable exe = Linker.link(inputs, LinkOptions.defaults()).executable();
        return execute(exe, "");
    }

    static Run execute(Executable exe, String diagnostics) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ScmpConfig cfg = ScmpConfig.builder("prog").maxCycles(2_000_000_000L).build();
        Machine m = new Machine(cfg, exe, out, err, new java.io.ByteArrayInputStream(new byte[0]));
        Machine.Result r = m.run();
        String text = out.toString(StandardCharsets.ISO_8859_1) + err.toString(StandardCharsets.ISO_8859_1);
        return new Run(r.exitCode(), text, diagnostics, r.cycles());
    }
}
