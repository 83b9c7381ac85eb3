package scmp.tests;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.machine.Loader;
import scmp.machine.RunConfig;

/**
 * Fuzz target of the simulator's loader (docs/testing.md, "Fuzzing"), through its public API as
 * {@code scmpsim} calls it: any bytes are read as an executable, checked against a small machine and
 * loaded into a node's memory with an argument area; each step either succeeds or ends in its documented
 * exception ({@link ElfFormatException}, {@link Loader.LoadException}); nothing else is thrown and nothing
 * hangs. The seeds in {@code LoaderFuzzTestInputs/} run with the tests.
 */
class LoaderFuzzTest {
    /** A small node (256 KiB, two contexts), so that loading one costs little and the fuzzer runs fast. */
    private static final RunConfig CONFIG = RunConfig.builder("f").memSize(256 << 10).contexts(2).build();

    @FuzzTest(maxDuration = "2h")
    void load(byte[] input) {
        try {
            Executable exe = ElfReader.readExecutable("f", input);
            Loader.Program p = Loader.prepare(exe, CONFIG);
            Loader.loadNode(p, CONFIG, Loader.argumentArea(CONFIG.memSize(), List.of("f", "x"), List.of("A=1")));
        } catch (ElfFormatException | Loader.LoadException e) {
            // the documented diagnoses
        }
    }
}
