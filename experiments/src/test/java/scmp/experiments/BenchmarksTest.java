package scmp.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.experiments.sweep.Slurm;

/**
 * The benchmarks of programs/cg, programs/qr and programs/micro on small configurations: each must end
 * normally and print its verify line with OK (the programs check their results against sequential
 * references and recomputed data, and say FAILED otherwise); and the reproduction command on a tiny subset.
 */
class BenchmarksTest {
    private static Runner runner;

    @BeforeAll
    static void compile() {
        runner = new Runner(1);
    }

    @AfterAll
    static void clean() {
        runner.close();
    }

    private static Runner.Result run(String program, int x, int y, Object... args) {
        Runner.Result r = runner.run(new Runner.Job(program, x, y, Runner.args(args), Runner.Protocol.NONE),
                200_000_000L);
        assertTrue(r.ok(), () -> program + " on " + x + "x" + y + ": " + r.failure() + "\n" + r.stdout());
        return r;
    }

    private static int iterations(Runner.Result r) {
        Matcher m = Pattern.compile("iterations (\\d+)").matcher(r.stdout());
        assertTrue(m.find(), r.stdout());
        return Integer.parseInt(m.group(1));
    }

    @Test
    void cgNativeAndMpiSolveTheSameSystem() {
        // 96 rows, 480 nonzeros: 2 full distances and 48 rows of a third, rows cyclic over 4 nodes.
        Runner.Result nat = run("cg/cg_native.c", 2, 2, 480, 96);
        Runner.Result mpi = run("cg/cg_mpi.c", 2, 2, 480, 96);
        Runner.Result faithful = run("cg/cg_mpi_faithful.c", 2, 2, 480, 96);
        for (Runner.Result r : List.of(nat, mpi, faithful)) {
            assertTrue(r.verified(), r.stdout());
            assertTrue(r.cycles() > 0, r.stdout());
            assertTrue(r.stdout().contains("nodes 4 n 96 nnz 480 "), r.stdout());
        }
        assertEquals(iterations(nat), iterations(mpi));
        assertEquals(iterations(mpi), iterations(faithful));
        // the same arithmetic in the same order: the same error to the last printed digit; the packing costs
        assertEquals(mpi.stdout().replaceFirst("(?s)cycles.*", ""), faithful.stdout().replaceFirst("(?s)cycles.*", ""));
        assertTrue(faithful.cycles() > mpi.cycles(), faithful.stdout() + mpi.stdout());
        assertTrue(iterations(nat) > 5, nat.stdout());
        // Rows that do not divide evenly, and one node.
        assertTrue(run("cg/cg_native.c", 3, 1, 250, 50).verified());
        assertTrue(run("cg/cg_native.c", 1, 1, 250, 50).verified());
    }

    @Test
    void thesisTablesVariantsAreNamedAsOnTheCommandLine() {
        assertEquals(ThesisTables.Variant.THESIS_HW, ThesisTables.Variant.parse("thesis-hw"));
        assertEquals(ThesisTables.Variant.FAITHFUL, ThesisTables.Variant.parse("faithful-thesis"));
        assertEquals(ThesisTables.Variant.OURS, ThesisTables.Variant.parse("mpi_ours"));
        assertEquals(ThesisTables.Variant.NATIVE, ThesisTables.Variant.parse("native"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ThesisTables.Variant.parse("fast"));
        assertTrue(e.getMessage().contains("thesis-hw"), e.getMessage());
        assertTrue(!ThesisTables.Variant.FAITHFUL.runs(ThesisData.Bench.QR) && ThesisTables.Variant.FAITHFUL.runs(
                ThesisData.Bench.CG));
    }

    @Test
    void microDryRunListsEveryRunWithItsEstimate(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("microbenchmarks.csv"),
                "program,args,nodes,protocol,cpu_s\nmicro/mpi_coll.c,20 8,4,thesis-hw,12.40\n");
        StringWriter out = new StringWriter();
        int status = new Micro(new Micro.Options(20, 64, List.of(4), List.of(8), 1, dir, true),
                new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "scmpexp micro --dry-run").run();
        assertEquals(0, status);
        String plan = out.toString();
        assertTrue(plan.matches("(?s).*micro/mpi_coll.c +4 nodes MPI thesis-hw +measured before 12 s\n.*"), plan);
        assertTrue(plan.matches("(?s).*micro/mpi_coll.c +4 nodes MPI thesis +estimated 12 s\n.*"), plan);
        // 4 implementations: a ping-pong and a collective each, and the three MPI families' alltoall
        assertTrue(plan.contains("11 runs, estimated "), plan);
        assertTrue(!Files.exists(dir.resolve("microbenchmarks.md")), "a dry run writes nothing");
    }

    @Test
    void cgRejectsImpossibleProblems() {
        Runner.Result r = runner.run(new Runner.Job("cg/cg_native.c", 1, 1, Runner.args(101, 100),
                Runner.Protocol.NONE), 0);
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("nnz - n must be even"), r.stderr());
    }

    @Test
    void qrNativeFactorsOnSquareOblongAndSingleNodeGrids() {
        for (int[] c : new int[][] {{2, 2, 16}, {4, 2, 16}, {1, 1, 8}}) {
            Runner.Result r = run("qr/qr_native.c", c[0], c[1], c[2]);
            assertTrue(r.verified(), r.stdout());
            assertTrue(r.stdout().contains("R_ref"), "the sequential reference ran: " + r.stdout());
            assertTrue(r.cycles() > 0);
        }
        Runner.Result big = run("qr/qr_native.c", 2, 2, 32, 16);
        assertTrue(big.verified() && big.stdout().contains("no reference above n 16"), big.stdout());
    }

    @Test
    void microBenchmarksMeasureAndCheck() {
        Runner.Result p2p = run("micro/native_p2p.c", 2, 1, 2, 64);
        assertTrue(p2p.stdout().contains("micro latency 4 ") && p2p.stdout().contains("micro bandwidth 64 ")
                && p2p.stdout().contains("micro: OK"), p2p.stdout());
        Runner.Result coll = run("micro/native_coll.c", 2, 2, 2, 8, 64);
        for (String s : List.of("micro barrier 0 ", "micro bcast 64 ", "micro reduce 8 ", "micro alltoall 64 ",
                "micro: OK")) {
            assertTrue(coll.stdout().contains(s), coll.stdout());
        }
        Runner.Result mpi = run("micro/mpi_p2p.c", 2, 1, 1, 16);
        assertTrue(mpi.stdout().contains("micro latency 16 ") && mpi.stdout().contains("micro: OK"), mpi.stdout());
        Runner.Result mcoll = run("micro/mpi_coll.c", 2, 2, 1, 8);
        assertTrue(mcoll.stdout().contains("micro reduce 8 ") && mcoll.stdout().contains("micro: OK"), mcoll.stdout());
    }

    /** Runs thesis-tables with {@code o}, returning the exit status and what went to stdout and stderr. */
    private static String[] tables(ThesisTables.Options o) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = new ThesisTables(o, new PrintWriter(out, true), new PrintWriter(err, true), "scmpexp thesis-tables")
                .run();
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void reproductionWritesTableCsvFiguresAndKeepsItsResult(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("thesis-tables.md"), "old table\n" + ThesisTables.KEPT + "\n## Why\n\nbecause\n");
        Files.writeString(dir.resolve("benchmarks.md"), "before\n" + ThesisTables.FIGURES_BEGIN + "\nstale\n"
                + ThesisTables.FIGURES_END + "\nafter\n");
        String[] r = tables(new ThesisTables.Options(List.of("qr"), List.of(64), List.of(8),
                List.of("native", "thesis-hw"), 1, 1800, false, dir, false, false, 0, Slurm.Options.NONE));
        String errText = r[2];
        assertEquals("0", r[0], errText);
        assertTrue(errText.contains("qr-8-64 native: "), errText);
        // the thesis family on the chip with the hardware handshake (without it MPI_Init would end the run)
        assertTrue(errText.matches("(?s).*qr-8-64 mpi_thesis_hw: [0-9,]+ cycles.*"), errText);
        List<String> csv = Files.readAllLines(dir.resolve("thesis-tables.csv"));
        assertEquals(31, csv.size(), "a header and the 30 configurations of Tables 5.1 and 5.2");
        String row = csv.stream().filter(l -> l.startsWith("qr,8,64,8x8,77,556,7.221,")).findFirst().orElseThrow();
        Matcher m = Pattern.compile("^qr,8,64,8x8,77,556,7.221,(\\d+),ok,").matcher(row);
        assertTrue(m.find(), row);
        assertTrue(Long.parseLong(m.group(1)) > 1000);
        String md = Files.readString(dir.resolve("thesis-tables.md"));
        assertTrue(md.contains("Generated by `scmpexp thesis-tables`"), md);
        assertTrue(!md.contains("old table") && md.endsWith(ThesisTables.KEPT + "\n## Why\n\nbecause\n"), md);
        String bench = Files.readString(dir.resolve("benchmarks.md"));
        assertTrue(bench.matches("(?s)before\n.*\n\\| QR 8x8 on 64 nodes, native, thousands of cycles \\| 77 \\| [0-9]+ \\|\n"
                + ".*after\n") && !bench.contains("stale"), bench);
        assertTrue(md.matches("(?s).*\\| 8x8 \\| 64 \\| 77 \\| 556 \\| 7.221 \\| [0-9]+ \\|  \\|  \\| [0-9]+ \\| [0-9.]+ \\|.*"),
                "the thesis-hw column: " + md);
        assertTrue(md.contains("| 8x8 | 64 | 77 | 556 | 7.221 | "), md);
        assertTrue(md.contains("| 2,000 | 4 | 1,695 | 2,717 | 1.603 |"), md);
        assertTrue(md.contains("| nonzeros | nodes | thesis native | thesis MPI | thesis ratio | native | MPI thesis | "
                + "ratio | faithful MPI thesis | ratio | MPI thesis-hw | ratio | MPI ours | ratio | halved |"), md);
        assertTrue(md.contains("| matrix | nodes | thesis native | thesis MPI | thesis ratio | native | MPI thesis | "
                + "ratio | MPI thesis-hw | ratio | MPI ours | ratio | halved |"), md);
        for (String f : List.of("fig5_2", "fig5_4", "fig5_5", "fig5_6")) {
            BufferedImage img = ImageIO.read(dir.resolve("thesis-tables").resolve(f + ".png").toFile());
            assertNotNull(img, f);
            assertTrue(img.getWidth() > 500 && img.getHeight() > 300, f);
            String svg = Files.readString(dir.resolve("thesis-tables").resolve(f + ".svg"));
            assertTrue(svg.contains("<svg") && svg.strip().endsWith("</svg>"), f);
        }
        try (Stream<Path> results = Files.list(dir.resolve("thesis-tables.points"))) {
            assertEquals(2, results.filter(f -> f.toString().endsWith(".json")).count(), "the runs' results are kept");
        }

        // A second run keeps the first one's result and, with a dry run, only plans.
        r = tables(new ThesisTables.Options(List.of("qr"), List.of(64), List.of(), List.of("native"), 1, 0, false, dir,
                false, true, 0, Slurm.Options.NONE));
        String plan = r[1];
        assertEquals("0", r[0]);
        assertTrue(plan.contains("qr-16-64") && plan.contains("over budget"), plan);
        assertTrue(plan.matches("(?s).*qr-8-64 +native +has its result.*"), plan);
        assertTrue(plan.contains("5 runs, 1 with results; 0 to run, estimated 0 s of host CPU in all (0 s with -j 1); "
                + "4 over the budget, not run ("), plan);
    }
}
