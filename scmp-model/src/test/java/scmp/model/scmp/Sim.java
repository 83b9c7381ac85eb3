package scmp.model.scmp;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import scmp.asm.Assembler;
import scmp.diag.DiagnosticException;
import scmp.elf.ElfWriter;
import scmp.elf.Executable;
import scmp.elf.ObjectFile;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;
import scmp.machine.Machine;
import scmp.machine.Loader;

/** Assembles, links and runs test programs on a machine, capturing the guest's output. */
public final class Sim {
    private Sim() {
    }

    /** Test programs are small: a run that takes longer than this is a bug, reported as --max-cycles. */
    public static final long TEST_CYCLE_LIMIT = 20_000_000;

    /** What a run produced. */
    public record Run(Machine machine, Machine.Result result, String out, String err) {
        int exit() {
            return result.exitCode();
        }

        long cycles() {
            return result.cycles();
        }

        String message() {
            return result.message();
        }
    }

    public static Executable build(String source) {
        try {
            ObjectFile o = Assembler.assemble("test.s", source);
            return Linker.link(List.of(new LinkInput.ObjectInput(o)), LinkOptions.defaults()).executable();
        } catch (DiagnosticException | LinkException e) {
            throw new IllegalArgumentException("test program does not build: " + e.getMessage(), e);
        }
    }

    public static byte[] elf(String source) {
        return ElfWriter.writeExecutable(build(source));
    }

    public static Run run(String source) {
        return run(source, b -> { }, "");
    }

    public static Run run(String source, Consumer<ScmpConfig.Builder> config) {
        return run(source, config, "");
    }

    public static Run run(String source, Consumer<ScmpConfig.Builder> config, String stdin) {
        return run(build(source), config, stdin);
    }

    public static Run run(Executable exe, Consumer<ScmpConfig.Builder> config, String stdin) {
        ScmpConfig.Builder b = ScmpConfig.builder("test").maxCycles(TEST_CYCLE_LIMIT);
        config.accept(b);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            Machine m = new Machine(b.build(), exe, out, err,
                    new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            Machine.Result r = m.run();
            return new Run(m, r, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } catch (Loader.LoadException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
