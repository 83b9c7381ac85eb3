package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bin/ launchers as a user calls them: through symbolic links (absolute and relative, chained) and from
 * any directory, on the jar and class-data sharing archive the build just made. This test runs after the jar is
 * packaged (cli/pom.xml binds it to the package phase).
 */
class PackagedLaunchersTest {
    private static final Path ROOT = Path.of(System.getProperty("scmp.root", "..")).toAbsolutePath().normalize();

    private record Run(int code, String out) {
    }

    private static Run run(Path cwd, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), String.join(" ", cmd));
        return new Run(p.exitValue(), out);
    }

    @Test
    void everyToolWorksThroughASymbolicLinkFromTheRootDirectory(@TempDir Path dir) throws Exception {
        assertTrue(Files.isRegularFile(ROOT.resolve("cli/target/scmp.jar")), "the jar is packaged before this test");
        for (String[] tool : Tools.TOOLS) {
            Path link = Files.createSymbolicLink(dir.resolve(tool[0]), ROOT.resolve("bin").resolve(tool[0]));
            Run r = run(Path.of("/"), Map.of(), link.toString(), "--version");
            assertEquals(0, r.code(), tool[0] + ": " + r.out());
            assertTrue(r.out().startsWith(tool[0] + " (scmp) "), r.out());
        }
    }

    @Test
    void chainedRelativeLinksCompileAndRunFromAnotherDirectory(@TempDir Path dir) throws Exception {
        Path tools = Files.createDirectories(dir.resolve("tools"));
        Files.createSymbolicLink(tools.resolve("cc"), ROOT.resolve("bin/scmpcc"));
        Files.createSymbolicLink(tools.resolve("sim"), ROOT.resolve("bin/scmpsim"));
        Files.createSymbolicLink(tools.resolve("c99"), Path.of("cc"));     // relative, to a link
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.copy(ROOT.resolve("examples/hello.c"), work.resolve("hello.c"));
        Run cc = run(work, Map.of(), "../tools/c99", "hello.c", "-o", "hello");
        assertEquals(0, cc.code(), cc.out());
        assertTrue(Files.isRegularFile(work.resolve("hello")), "output where the user said");
        Run sim = run(work, Map.of(), tools.resolve("sim").toString(), "hello");
        assertEquals(0, sim.code(), sim.out());
        assertTrue(sim.out().contains("hello, world"), sim.out());
    }

    @Test
    void theLaunchersMapTheClassDataSharingArchive(@TempDir Path dir) throws Exception {
        Path archive = ROOT.resolve("cli/target/scmp.jsa");
        assumeTrue(Files.isRegularFile(archive), "the build made no archive here (scripts/cds-archive.sh said why)");
        Map<String, String> log = Map.of("SCMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info");
        Run on = run(dir, log, ROOT.resolve("bin/scmpcc").toString(), "--version");
        long shared = on.out().lines().filter(l -> l.contains("source: shared objects file")).count();
        assertTrue(shared > 500, "classes from the archive: " + shared);
        assertTrue(on.out().contains("scmp.cli.CcMain source: shared objects file"), "CcMain is archived");
        Map<String, String> off = Map.of("SCMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info", "SCMP_CDS", "off");
        Run without = run(dir, off, ROOT.resolve("bin/scmpcc").toString(), "--version");
        assertTrue(without.out().contains("scmp.cli.CcMain source: file:"), "SCMP_CDS=off: from the jar");
    }
}
