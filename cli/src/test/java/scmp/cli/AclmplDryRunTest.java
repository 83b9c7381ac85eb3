package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code scmpexp aclmpl --dry-run} and {@code scmpexp t3d aclmpl --dry-run}: every run listed with its estimate,
 * the total on the last line, nothing run and nothing written.
 */
class AclmplDryRunTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"aclmpl, 16, the SCMP chip", "t3d aclmpl, 32, the T3D model"})
    void listsTheRunsAndTheirTotalAndWritesNothing(String command, int runs, String machine, @TempDir Path dir)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream o0 = System.out;
        int status;
        try (PrintStream po = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            System.setOut(po);
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.addAll(List.of("--dry-run", "--pes", "2", "--sizes", "64", "-j", "2", "--out", dir.toString()));
            status = ExperimentsMain.run(args.toArray(new String[0]));
        } finally {
            System.setOut(o0);
        }
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, status, String.join("\n", lines));
        // latency once per protocol; the other cases once per protocol at 2 PEs and 64 bytes
        assertEquals(runs + 1, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(runs).startsWith(runs + " runs on " + machine + ", estimated "), lines.get(runs));
        assertTrue(lines.get(runs).contains("with -j 2"), lines.get(runs));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count());
        }
    }
}
