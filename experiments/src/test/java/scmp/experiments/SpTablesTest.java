package scmp.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.MachineKind;
import scmp.experiments.T3dMpiTables.Point;

/**
 * {@code scmpexp sp} end to end on a tiny configuration (messages of 4 and 16 bytes, one round trip, streams of
 * two, IS with 256 keys): the CSV has its columns and a row for every stack's measure, its numbers are what the
 * programs print when run on their own, the native stack's figures are measured exactly when libmpi@sp has it,
 * MPI-LAPI's interrupt-mode run ends without figures (it has no interrupt mode), and the page has every table.
 */
class SpTablesTest {
    @TempDir
    Path dir;

    @Test
    void aTinyConfigurationRunsEndToEnd() throws Exception {
        StringWriter progress = new StringWriter();
        SpTables.Options o = new SpTables.Options(16, 1, 2, List.of(8, 6, 4), 1, dir);
        int status = new SpTables(o, new PrintWriter(progress)).run("bin/scmpexp sp --tiny");
        assertEquals(0, status, progress.toString());
        // several jobs at once: the same CSV, row for row, whichever run ends first
        Path parallel = dir.resolve("j3");
        SpTables.Options o3 = new SpTables.Options(16, 1, 2, List.of(8, 6, 4), 3, parallel);
        assertEquals(0, new SpTables(o3, new PrintWriter(new StringWriter())).run("bin/scmpexp sp --tiny"));
        assertEquals(java.nio.file.Files.readString(dir.resolve("sp-tables.csv")),
                java.nio.file.Files.readString(parallel.resolve("sp-tables.csv")));

        List<CSVRecord> rows;
        try (CSVParser p = CSVParser.parse(dir.resolve("sp-tables.csv"), java.nio.charset.StandardCharsets.UTF_8,
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            assertEquals(SpTables.COLUMNS, p.getHeaderNames());
            rows = new ArrayList<>(p.getRecords());
        }
        for (String[] m : new String[][] {{"lapi", "put"}, {"lapi", "amsend"}, {"lapi", "stream"},
                {"base", "pingpong"}, {"counters", "pingpong"}, {"enhanced", "pingpong"}, {"base", "stream"},
                {"counters", "stream"}, {"enhanced", "stream"}}) {
            for (String size : List.of("4", "16")) {
                CSVRecord r = row(rows, m[0], m[1], size);
                assertNotNull(r, m[0] + " " + m[1] + " " + size + " in\n" + rows);
                assertEquals("ok", r.get("status"));
                long cycles = Long.parseLong(r.get("cycles"));
                assertTrue(cycles > 1000, r.toString());
                assertEquals(cycles / SpTables.MHZ, Double.parseDouble(r.get("us")), 0.01, r.toString());
            }
        }
        CSVRecord is = row(rows, "enhanced", "is", "256");
        assertNotNull(is, rows.toString());
        assertTrue(Long.parseLong(is.get("cycles")) > 0, is.toString());

        // The numbers are the programs' own: counters' ping-pong, run here alone, prints the CSV's cycles.
        Runner runner = new Runner(1);
        try {
            Runner.Result alone = runner.runSpmd("mpi_bench", runner.program("sp-bench/mpi_bench.c", 1, List.of(),
                    MachineKind.SP), 2, 0, List.of("1", "16", "2"), Map.of("MPI_LAPI_VERSION", "counters"),
                    List.of(), 0);
            assertTrue(alone.ok(), alone.failure());
            Point p = T3dMpiTables.find(T3dMpiTables.parse("counters", alone.stdout()), "counters", "pingpong", 16);
            assertEquals(String.valueOf(p.cycles()), row(rows, "counters", "pingpong", "16").get("cycles"));

            boolean nativeBuilt = SpTables.nativeStackBuilt(runner);
            CSVRecord nat = rows.stream().filter(r -> r.get("stack").equals("native")
                    && r.get("measure").startsWith("pingpong")).findFirst().orElse(null);
            assertNotNull(nat, rows.toString());
            if (nativeBuilt) {
                assertEquals("ok", nat.get("status"), nat.toString());
            } else {
                assertEquals(SpTables.NATIVE_NOT_BUILT, nat.get("status"));
                assertEquals("", nat.get("cycles"));
            }
        } finally {
            runner.close();
        }
        // both stacks have interrupt mode: Figure 18's runs get their messages outside MPI calls
        for (String stack : List.of("enhanced", "native")) {
            CSVRecord intr = rows.stream().filter(r -> r.get("stack").equals(stack)
                    && r.get("measure").equals("interrupt")).findFirst().orElseThrow();
            assertEquals("ok", intr.get("status"), intr.toString());
            assertTrue(Long.parseLong(intr.get("cycles")) > 0, intr.toString());
        }

        String page = Files.readString(dir.resolve("sp-tables.md"));
        for (String s : List.of("## Raw LAPI against MPI-LAPI (Figures 13-15)", "## Native MPI against MPI-LAPI",
                "## NAS IS on 4 nodes", "## The seed's claims", "## The seed's numbers", "## Every run",
                "bin/scmpexp sp --tiny", "Interrupt mode (Figure 18)")) {
            assertTrue(page.contains(s), s + " in\n" + page);
        }
        assertFalse(page.contains(SpTables.INTERRUPT_NEEDS), page);
        assertTrue(Files.exists(dir.resolve("sp-tables/latency.png")));
    }

    private static CSVRecord row(List<CSVRecord> rows, String stack, String measure, String size) {
        return rows.stream().filter(r -> r.get("stack").equals(stack) && r.get("measure").equals(measure)
                && r.get("bytes").equals(size)).findFirst().orElse(null);
    }

    @Test
    void theClaimsReadTheGapsAndTheGains() {
        List<Point> pts = new ArrayList<>();
        for (int n : new int[] {4, 64, 65536}) {
            pts.add(new Point("lapi", "put", n, 0, 10 + n / 1000.0));
            pts.add(new Point("base", "pingpong", n, 0, 20 + n / 1000.0));
            pts.add(new Point("counters", "pingpong", n, 0, n < 4096 ? 15 + n / 1000.0 : 20 + n / 1000.0));
            pts.add(new Point("enhanced", "pingpong", n, 0, 12 + n / 1000.0));
        }
        assertEquals(10, SpTables.gap(pts, "base", 0, 4096), 1e-9);
        assertEquals(5, SpTables.gap(pts, "counters", 0, 4096), 1e-9);
        List<SpTables.Claim> c = SpTables.claims(pts, 65536);
        assertEquals(Boolean.TRUE, c.get(0).holds(), c.get(0).measured());
        assertEquals(Boolean.TRUE, c.get(1).holds(), c.get(1).measured());
        // no native figures: the native claims are not measured, not guessed
        assertEquals(null, c.get(2).holds());
        assertTrue(c.get(3).measured().startsWith(SpTables.NATIVE_NOT_BUILT), c.get(3).measured());
        // with a native 64 KB stream 20% slower than MPI-LAPI's the bandwidth claim holds; 5% does not
        pts.add(new Point("enhanced", "stream", 65536, 0, 65536 / 83.35));
        pts.add(new Point("native", "stream", 65536, 0, 65536 / 68.93));
        assertEquals(Boolean.TRUE, SpTables.claims(pts, 65536).get(3).holds());
        pts.set(pts.size() - 1, new Point("native", "stream", 65536, 0, 65536 / 80.0));
        assertFalse(SpTables.claims(pts, 65536).get(3).holds());
        assertEquals(65536, SpTables.largest(100000));
        assertEquals(16, SpTables.largest(63));
    }

    @Test
    void readsIsTimingLine() {
        Point p = SpTables.isPoint("enhanced", "is: 256 keys below 64, 16 buckets, 4 processes, 10 rankings\n"
                + "is: timed 100.0 us\nverify: is: OK\n");
        assertEquals(new Point("enhanced", "is", 256, 33200, 100.0), p);
        assertEquals(null, SpTables.isPoint("enhanced", "is: nothing\n"));
    }
}
