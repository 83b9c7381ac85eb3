package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.elf.Executable;

/**
 * The differential C corpus of programs/c: every {@code NAME.c} is compiled by scmpcc (in-process, with the real
 * sysroot: crt0, libc, libm) at -O0, -O1 and -O2 and run on the simulator; its standard output followed by a line
 * {@code exit N} must equal {@code NAME.expected}, which the host's gcc and glibc produced
 * ({@code programs/c/update-expected.sh}). When gcc is installed, a second test checks that every
 * {@code .expected} still is what gcc produces, so the oracle cannot drift from the programs.
 */
class CCorpusTest {
    static final String DIR = "programs/c";

    static List<Path> sources() throws IOException {
        return E2e.files(DIR, ".c");
    }

    static Stream<Arguments> runs() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (Path p : sources()) {
            out.add(Arguments.of(p.getFileName().toString(), 0));
            out.add(Arguments.of(p.getFileName().toString(), 1));
            out.add(Arguments.of(p.getFileName().toString(), 2));
        }
        return out.stream();
    }

    static Path expectedFile(String name) {
        return E2e.root().resolve(DIR).resolve(name.substring(0, name.length() - 2) + ".expected");
    }

    @ParameterizedTest(name = "{0} -O{1}")
    @MethodSource("runs")
    void matchesGcc(String name, int opt) throws Exception {
        Path src = E2e.root().resolve(DIR).resolve(name);
        Path exp = expectedFile(name);
        assertTrue(Files.isRegularFile(exp), () -> name + " has no " + exp.getFileName()
                + " (run programs/c/update-expected.sh " + name + ")");
        String expected = Files.readString(exp, StandardCharsets.ISO_8859_1);
        Executable exe = E2e.build(opt, src);
        E2e.Run r = E2e.run(exe, E2e.DEFAULT_MAX_CYCLES);
        String actual = r.stdout() + (r.stdout().isEmpty() || r.stdout().endsWith("\n") ? "" : "\n")
                + "exit " + r.exit() + "\n";
        String diff = TextDiff.firstDifference(exp.getFileName().toString(), expected,
                "scmpcc -O" + opt + " " + name + " on scmpsim", actual);
        if (diff != null) {
            fail(name + " -O" + opt + ": output differs from gcc's"
                    + (r.result().message() != null ? " (" + r.result().message() + ")" : "")
                    + (r.stderr().isEmpty() ? "" : "\nstderr: " + r.stderr().strip()) + "\n" + diff);
        }
    }

    @Test
    void corpusIsLargeAndComplete() throws IOException {
        List<Path> srcs = sources();
        assertTrue(srcs.size() >= 30, "programs/c holds at least 30 programs, found " + srcs.size());
        for (Path p : E2e.files(DIR, ".expected")) {
            String n = p.getFileName().toString();
            assertTrue(Files.isRegularFile(p.resolveSibling(n.substring(0, n.length() - 9) + ".c")),
                    n + " has no program");
        }
    }

    private static Boolean gcc;

    static synchronized boolean gccAvailable() {
        if (gcc == null) {
            gcc = probeGcc();
        }
        return gcc;
    }

    private static boolean probeGcc() {
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    static Stream<String> names() throws IOException {
        return sources().stream().map(p -> p.getFileName().toString());
    }

    /** The oracle stays honest: each .expected is what update-expected.sh makes gcc produce today. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void expectedIsWhatGccProduces(String name) throws Exception {
        Assumptions.assumeTrue(gccAvailable(), "gcc is not installed");
        Path script = E2e.root().resolve(DIR).resolve("update-expected.sh");
        Path src = E2e.root().resolve(DIR).resolve(name);
        Process p = new ProcessBuilder("bash", script.toString(), "--print", src.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), name + ": gcc build and run timed out");
        assertEquals(0, p.exitValue(), name + ": update-expected.sh --print failed");
        String gcc = new String(out, StandardCharsets.ISO_8859_1);
        String expected = Files.readString(expectedFile(name), StandardCharsets.ISO_8859_1);
        String diff = TextDiff.firstDifference(expectedFile(name).getFileName().toString(), expected,
                "gcc " + name, gcc);
        if (diff != null) {
            fail(name + ": the .expected file is stale (run programs/c/update-expected.sh " + name + ")\n" + diff);
        }
    }
}
