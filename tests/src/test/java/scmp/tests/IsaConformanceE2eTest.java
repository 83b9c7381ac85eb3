package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.asm.Assembler;
import scmp.elf.Executable;
import scmp.isa.Instruction;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;

/**
 * The ISA conformance programs of programs/isa-tests through the whole toolchain: each {@code .s} is assembled,
 * linked alone (no libraries) and run on a default 1x1 machine; it exits with 0 when every check passed and with
 * N when check N failed. Every instruction of the ISA must have its program, named by the first line
 * {@code # isa-test: MNEMONIC}.
 */
class IsaConformanceE2eTest {
    static final Pattern HEADER = Pattern.compile("# isa-test: (\\S+)\\s*");
    /** Generous: the largest conformance program runs for a few thousand cycles. */
    static final long MAX_CYCLES = 10_000_000L;

    static List<Path> programs() throws IOException {
        return E2e.files("programs/isa-tests", ".s");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void conformanceProgramExitsZero(Path program) throws Exception {
        Executable exe = Linker.link(List.of(new LinkInput.ObjectInput(
                Assembler.assemble(program.getFileName().toString(), Files.readAllBytes(program)))),
                LinkOptions.defaults()).executable();
        E2e.Run r = E2e.run(exe, MAX_CYCLES);
        String name = program.getFileName().toString();
        assertNull(r.result().message(), () -> name + " did not exit normally: " + r.result().message());
        assertEquals(0, r.exit(), () -> name + ": check " + r.exit() + " failed (" + r.result().outcome() + ")");
    }

    /** The mnemonic each program tests, from its first line. */
    static Map<String, Path> programsByMnemonic() throws IOException {
        Map<String, Path> m = new TreeMap<>();
        for (Path p : programs()) {
            List<String> lines = Files.readAllLines(p);
            Matcher x = HEADER.matcher(lines.isEmpty() ? "" : lines.get(0));
            if (x.matches()) {
                m.put(x.group(1), p);
            }
        }
        return m;
    }

    @Test
    void everyInstructionHasAConformanceProgram() throws IOException {
        Map<String, Path> have = programsByMnemonic();
        List<String> missing = new ArrayList<>();
        for (Instruction i : Instruction.all()) {
            if (!have.containsKey(i.mnemonic)) {
                missing.add(i.mnemonic);
            }
        }
        assertTrue(missing.isEmpty(), "instructions without a programs/isa-tests program whose first line is "
                + "'# isa-test: MNEMONIC': " + missing);
    }

    @Test
    void everyProgramNamesARealInstruction() throws IOException {
        List<String> unknown = new ArrayList<>();
        List<String> mnemonics = Instruction.all().stream().map(i -> i.mnemonic).toList();
        for (Path p : programs()) {
            List<String> lines = Files.readAllLines(p);
            Matcher x = HEADER.matcher(lines.isEmpty() ? "" : lines.get(0));
            if (!x.matches() || !mnemonics.contains(x.group(1))) {
                unknown.add(p.getFileName() + ": " + (lines.isEmpty() ? "(empty)" : lines.get(0)));
            }
        }
        assertTrue(unknown.isEmpty(), "conformance programs without a valid '# isa-test: MNEMONIC' first line: "
                + unknown);
    }
}
