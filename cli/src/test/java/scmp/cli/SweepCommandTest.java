package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpexp sweep} on this host: a 12-point grid run with two threads in a separate JVM is killed part of
 * the way through and run again; the second run runs only the points the first did not finish, and the CSV and
 * JSON have every point with every setting. And scmpexp's commands write where they are run unless told
 * otherwise.
 */
class SweepCommandTest {
    /** Two meshes x three VC counts x both protocol families: 12 runs of CG through MPI. */
    static final String GRID = """
            # CG through MPI
            program = cg/cg_mpi.c
            args = 240 48
            mesh = 2x2, 4x2
            vcs = 1, 2, 4
            protocol = thesis, ours
            """;

    /** The class path of this test's JVM, for the JVMs it starts. */
    static String classPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null ? cp : System.getProperty("java.class.path");
    }

    /** A command that runs scmpexp in a new JVM. */
    static List<String> scmpexp(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xss16m", "-cp", classPath(), ExperimentsMain.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static int results(Path store) throws IOException {
        if (!Files.isDirectory(store)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(store)) {
            return (int) s.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    private static Map<Path, FileTime> stamps(Path store) throws IOException {
        Map<Path, FileTime> m = new HashMap<>();
        try (Stream<Path> s = Files.list(store)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (p.toString().endsWith(".json")) {
                    m.put(p, Files.getLastModifiedTime(p));
                }
            }
        }
        return m;
    }

    @Test
    void interruptedSweepResumesAndGathersEveryPoint(@TempDir Path dir) throws Exception {
        Path grid = dir.resolve("cg.grid");
        Files.writeString(grid, GRID);
        Path out = dir.resolve("results");
        Path store = out.resolve("cg.points");

        // First run, in its own JVM, killed once a few points have their results.
        Process first = new ProcessBuilder(scmpexp("sweep", grid.toString(), "-j", "2", "--out", out.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("first.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (results(store) < 3 && first.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        first.destroyForcibly();
        first.waitFor();
        int kept = results(store);
        assertTrue(kept >= 3 && kept < 12, "killed after " + kept + " of 12 points:\n"
                + Files.readString(dir.resolve("first.log")));
        assertTrue(!Files.exists(out.resolve("cg.csv")), "the killed run gathered nothing");
        Map<Path, FileTime> before = stamps(store);

        // Second run, in this JVM: only the rest runs.
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        PrintStream e0 = System.err;
        PrintStream o0 = System.out;
        try (PrintStream pe = new PrintStream(err, true, StandardCharsets.UTF_8);
             PrintStream po = new PrintStream(stdout, true, StandardCharsets.UTF_8)) {
            System.setErr(pe);
            System.setOut(po);
            status = ExperimentsMain.run("sweep", grid.toString(), "-j", "2", "--out", out.toString());
        } finally {
            System.setErr(e0);
            System.setOut(o0);
        }
        String log = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, log + stdout);
        assertTrue(log.contains("cg: 12 points, " + kept + " with results, " + (12 - kept) + " to run"), log);
        assertEquals(12 - kept, log.lines().filter(l -> l.matches("\\[\\d+/" + (12 - kept) + "] .*: ok, .*")).count(), log);
        for (Map.Entry<Path, FileTime> e : before.entrySet()) {
            assertEquals(e.getValue(), Files.getLastModifiedTime(e.getKey()), "kept, not run again: " + e.getKey());
        }
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains("12 points, 12 ok, 0 failed"), stdout.toString());

        // The CSV: a row per point, in the grid's order, a column per setting, then the measurements.
        List<CSVRecord> rows;
        try (CSVParser p = CSVParser.parse(out.resolve("cg.csv"), StandardCharsets.UTF_8,
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            assertEquals(List.of("program", "args", "mesh", "vcs", "protocol", "status", "outcome", "exit", "cycles",
                    "instructions", "timed_cycles", "verify", "cpu_s", "note", "point"), p.getHeaderNames());
            rows = p.getRecords();
        }
        assertEquals(12, rows.size());
        Set<String> combos = new HashSet<>();
        for (CSVRecord r : rows) {
            combos.add(r.get("mesh") + "/" + r.get("vcs") + "/" + r.get("protocol"));
            assertEquals("240 48", r.get("args"));
            assertEquals("ok", r.get("status"));
            assertEquals("OK", r.get("verify"));
            assertTrue(Long.parseLong(r.get("timed_cycles")) > 0 && Long.parseLong(r.get("cycles"))
                    > Long.parseLong(r.get("timed_cycles")), r.toString());
            assertTrue(Files.readString(store.resolve(r.get("point") + ".out")).contains("verify: "), r.get("point"));
        }
        assertEquals(12, combos.size());
        assertEquals("2x2/1/thesis", rows.get(0).get("mesh") + "/" + rows.get(0).get("vcs") + "/"
                + rows.get(0).get("protocol"));
        assertEquals("4x2/4/ours", rows.get(11).get("mesh") + "/" + rows.get(11).get("vcs") + "/"
                + rows.get(11).get("protocol"));
        // Deterministic: the protocol changes the cycles, the number of VCs does not on these small meshes.
        assertEquals(rows.get(0).get("cycles"), rows.get(2).get("cycles"));
        assertTrue(!rows.get(0).get("cycles").equals(rows.get(1).get("cycles")));

        // The JSON: the same rows, numbers as numbers.
        List<?> json = new Gson().fromJson(Files.readString(out.resolve("cg.json")), List.class);
        assertEquals(12, json.size());
        Map<?, ?> first0 = (Map<?, ?>) json.get(0);
        assertEquals(1.0, first0.get("vcs"));
        assertEquals("2x2", first0.get("mesh"));
        assertEquals(rows.get(0).get("cycles"), String.valueOf(((Number) first0.get("cycles")).longValue()));

        // A dry run now plans nothing and estimates from what ran.
        Process dry = new ProcessBuilder(scmpexp("sweep", grid.toString(), "-s", "vcs=1,8", "--out", out.toString(),
                "--dry-run")).redirectErrorStream(true).start();
        String plan = new String(dry.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, dry.waitFor(), plan);
        assertTrue(plan.contains("8 points, 4 with results, 4 to run"), plan);
        assertTrue(plan.matches("(?s).*estimated \\d+ s of host CPU for 4 of them.*"), plan);
        assertEquals(4, plan.lines().filter(l -> l.startsWith("to run  ") && l.contains("vcs=8")).count(), plan);
    }

    @Test
    void outputsGoToTheCurrentDirectory(@TempDir Path dir) throws Exception {
        Process tables = new ProcessBuilder(scmpexp("thesis-tables", "--bench", "qr", "--size", "8", "--nodes", "64",
                "--variant", "native")).directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(tables.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, tables.waitFor(), log);
        assertTrue(log.contains("wrote ./thesis-tables.md, ./thesis-tables.csv and ./thesis-tables/fig5_*.png and .svg"),
                log);
        for (String f : List.of("thesis-tables.md", "thesis-tables.csv", "thesis-tables/fig5_2.png",
            "thesis-tables/fig5_2.svg")) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), f);
        }
        assertEquals(1, results(dir.resolve("thesis-tables.points")));

        Process sweep = new ProcessBuilder(scmpexp("sweep", "-s", "program=cg/cg_native.c", "-s", "args=250 50"))
                .directory(dir.toFile()).redirectErrorStream(true).start();
        log = new String(sweep.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, sweep.waitFor(), log);
        assertTrue(log.contains("wrote ./sweep.csv and ./sweep.json: 1 points, 1 ok, 0 failed"), log);
        assertEquals(2, Files.readAllLines(dir.resolve("sweep.csv")).size());
    }

    @Test
    void badGridsAreOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path grid = dir.resolve("g");
        Files.writeString(grid, "program = cg/cg_native.c\nvcs = 1, 99\n");
        for (String[] args : new String[][] {{"sweep", grid.toString()}, {"sweep", "-s", "mesh=2x2"},
            {"sweep", "-s", "program=cg/cg_native.c", "-s", "wat=1"}, {"sweep", dir.resolve("none").toString()},
            {"sweep", "-s", "program=" + dir.resolve("missing.c")}}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream e0 = System.err;
            int status;
            try (PrintStream pe = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                System.setErr(pe);
                status = ExperimentsMain.run(concat(args, "--out", dir.toString()));
            } finally {
                System.setErr(e0);
            }
            String text = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, String.join(" ", args) + ": " + text);
            assertEquals(1, text.lines().count(), text);
            assertTrue(text.startsWith("scmpexp sweep: "), text);
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(grid), s.toList(), "nothing written");
        }
    }

    static String[] concat(String[] a, String... b) {
        String[] r = new String[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
