package scmp.machine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import scmp.asm.Assembler;
import scmp.diag.DiagnosticException;
import scmp.elf.ElfWriter;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;

/**
 * Guest programs for the tests of the machine and of the models: assembled and linked from one source, for a kind
 * of machine, and run as scmpsim runs them. The models' modules use it through this module's test jar.
 */
public final class Guest {
    private Guest() {
    }

    /**
     * What a run printed and returned.
     *
     * @param code the exit code
     * @param out  the guest's stdout
     * @param err  the guest's stderr and scmpsim's messages
     */
    public record Outcome(int code, String out, String err) {
    }

    /**
     * Assembles and links a program.
     *
     * @param source assembly text
     * @return the executable, for the SCMP chip (the assembler's default)
     * @throws IllegalArgumentException when the program does not build
     */
    public static Executable build(String source) {
        try {
            return Linker.link(List.of(new LinkInput.ObjectInput(Assembler.assemble("test.s", source))),
                    LinkOptions.defaults()).executable();
        } catch (DiagnosticException | LinkException e) {
            throw new IllegalArgumentException("test program does not build: " + e.getMessage(), e);
        }
    }

    /**
     * Writes a program, built for a kind of machine, into a file.
     *
     * @param dir    the directory
     * @param kind   the machine the executable is for
     * @param source assembly text
     * @return the file, named after the kind
     * @throws IOException when the file cannot be written
     */
    public static Path file(Path dir, MachineKind kind, String source) throws IOException {
        Executable e = build(source);
        Path p = dir.resolve("p-" + kind.id());
        Files.write(p, ElfWriter.writeExecutable(new Executable(kind, e.entry(), e.sections(), e.symbols())));
        return p;
    }

    /**
     * Runs a program as scmpsim does, without input.
     *
     * @param o the run
     * @return what it printed and returned
     */
    public static Outcome simulate(Simulation.Options o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Simulation.run(o, out, err, new ByteArrayInputStream(new byte[0]));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
