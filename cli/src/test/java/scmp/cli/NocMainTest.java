package scmp.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The synthetic-traffic command line. */
class NocMainTest {

    private static int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cl = new CommandLine(new NocMain());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void singleRunReportsLatencyAndThroughput() {
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(), "--mesh", "4x4", "--traffic", "transpose", "--rate", "0.1",
                "--packet-flits", "3", "--vcs", "2", "--buffer", "6", "--router-delay", "3", "--link-delay", "2",
                "--seed", "9", "--warmup", "200", "--measure", "1000");
        assertEquals(0, code);
        String s = out.toString();
        assertTrue(s.contains("mesh 4x4, transpose traffic, 3-flit packets, seed 9"), s);
        assertTrue(s.contains("stages(RC,VA,SA,ST)=0,1,1,1 D=3 link=2"), s);
        // T(3, h) = (h + 1) 3 + 2 h + 2 + 2 = 7 + 5 h
        assertTrue(s.contains("7 + 5 h network cycles"), s);
        assertTrue(s.matches("(?s).*packet latency +avg [0-9.]+ +p99 [0-9.]+ cycles.*"), s);
        assertTrue(s.matches("(?s).*offered 0\\.09[0-9]+ +accepted 0\\.09[0-9]+.*|(?s).*offered 0\\.10[0-9]+ +accepted 0\\.1[0-9]+.*"), s);
    }

    @Test
    void sweepOutputOntoAFileOrAnUnwritablePathIsOneLineBeforeTheSweep(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "x");
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--sweep", "--out", file.toString()));
        assertEquals("noc: --out " + file + ": not a directory", err.toString().strip());
        StringWriter under = new StringWriter();
        assertEquals(2, run(new StringWriter(), under, "--sweep", "--out", file.resolve("sub").toString()));
        assertEquals(1, under.toString().strip().lines().count(), under.toString());
        assertTrue(under.toString().startsWith("noc: --out " + file.resolve("sub") + ": "), under.toString());
        assertFalse(under.toString().contains("Exception"), under.toString());
    }

    @Test
    void phasesNearTheLargestLongAreRefused() {
        for (String opt : List.of("--warmup", "--drain", "--measure")) {
            StringWriter err = new StringWriter();
            assertEquals(2, run(new StringWriter(), err, opt, "9223372036854775000"));
            assertEquals("noc: --warmup, --measure and --drain: at most 1152921504606846976 cycles each",
                    err.toString().strip());
        }
    }

    @Test
    void sweepWritesCsvAndPlot(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(), "--mesh", "4x4", "--sweep", "--step", "0.15", "--warmup", "200",
                "--measure", "800", "--drain", "2000", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> csv = Files.readAllLines(dir.resolve("noc-sweep-uniform-4x4.csv"));
        assertTrue(csv.get(0).startsWith("rate,offered,accepted"));
        assertTrue(csv.size() >= 4, csv.toString());
        BufferedImage png = ImageIO.read(dir.resolve("noc-sweep-uniform-4x4.png").toFile());
        assertEquals(900, png.getWidth());
        assertTrue(Files.readString(dir.resolve("noc-sweep-uniform-4x4.svg")).contains("<svg"), "the plot as SVG too");
        assertTrue(out.toString().contains("saturation between"), out.toString());
    }

    @Test
    void badOptionsExitWithTwo() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mesh", "3x3", "--traffic", "bitcomp"));
        assertTrue(err.toString().contains("power-of-two"), err.toString());
        for (String[] bad : new String[][] {{"--rate", "2"}, {"--rate", "-0.1"}, {"--packet-flits", "0"},
            {"--measure", "0"}, {"--step", "0"}, {"--latency-limit", "-1"}, {"--warmup", "-5"}, {"--vcs", "20"}}) {
            StringWriter e = new StringWriter();
            assertEquals(2, run(new StringWriter(), e, bad), String.join(" ", bad));
            assertEquals(1, e.toString().lines().count(), e.toString());
            assertTrue(e.toString().startsWith("noc: "), e.toString());
        }
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--mesh", "9x9", "--format", "scmp"));
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--mesh", "8x8", "--vcs", "0"));
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--bogus"));
    }
}
