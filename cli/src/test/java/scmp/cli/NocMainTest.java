package scmp.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The BookSim-style command line: runs, seeds, JSON, sweeps, configuration files and traces. */
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
    void torusRunsAtItsZeroLoadLatencyAndRefusesMeshPatterns() {
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--topology", "torus", "--mesh", "4x4x4", "--rate", "0.01",
                "--warmup", "500", "--measure", "4000"));
        String s = out.toString();
        assertTrue(s.contains("torus 4x4x4, uniform traffic, 5-flit packets, seed 1"), s);
        assertTrue(s.contains("vc-select=ANY"), s);
        assertTrue(s.contains("3.000 hops on average, zero-load latency 25.00 network cycles"), s);
        assertTrue(s.contains("least 0"), s);
        for (String[] bad : new String[][] {{"--topology", "torus", "--traffic", "neighbor"},
            {"--mesh", "4x4x4"}, {"--topology", "torus", "--mesh", "4x4"},
            {"--topology", "torus", "--vc-select", "flow"}, {"--topology", "torus", "--vcs", "3"}}) {
            StringWriter err = new StringWriter();
            assertEquals(2, run(new StringWriter(), err, bad), String.join(" ", bad));
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("noc: "), err.toString());
        }
    }

    @Test
    void spSwitchRunsAtItsZeroLoadLatencyWithJsonAndRefusesBadSizes() {
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--topology", "sp", "--mesh", "8", "--rate", "0.002",
                "--packet-flits", "4", "--json"));
        JsonObject o = JsonParser.parseString(out.toString()).getAsJsonObject();
        assertEquals("sp", o.getAsJsonObject("settings").get("topology").getAsString());
        // 4 + 332 + 3 * 42 + ceil(24 * 332 / 160) = 512
        assertEquals(512.0, o.getAsJsonObject("analysis").get("zero_load_latency").getAsDouble(), 1e-9);
        JsonObject r = o.getAsJsonObject("result");
        double error = 94 / Math.sqrt(r.get("packets").getAsDouble());
        assertEquals(512.0, r.get("avg_network_latency").getAsDouble(), 3 * error + 1, out.toString());
        for (String[] bad : new String[][] {{"--topology", "sp", "--mesh", "4x4"}, {"--topology", "sp", "--mesh", "200"},
            {"--topology", "sp", "--traffic", "transpose"}, {"--topology", "sp", "--packet-flits", "300"},
            {"--mesh", "16"}, {"--topology", "sp", "--vcs", "2"}}) {
            StringWriter err = new StringWriter();
            assertEquals(2, run(new StringWriter(), err, bad), String.join(" ", bad));
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("noc: "), err.toString());
        }
    }

    @Test
    void aBookSimTorusFileRunsOnTheTorus(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("torus444.cfg");
        Files.writeString(cfg, "topology = torus; k = 4; n = 3; routing_function = dim_order;\n"
                + "injection_rate = 0.002; sample_period = 500; warmup_periods = 1; max_samples = 8;\n");
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--config", cfg.toString()));
        String s = out.toString();
        assertTrue(s.contains("torus 4x4x4, uniform traffic, 5-flit packets, seed 1"), s);
        assertTrue(s.contains("3.000 hops on average, zero-load latency 25.00 network cycles"), s);
    }

    @Test
    void timelineHasAFlowPerPacketFromInjectionToArrivalInsideTheWindow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.json");
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--topology", "torus", "--mesh", "2x2x2", "--rate", "0.05",
                "--warmup", "100", "--measure", "1000", "--timeline", file.toString(), "--timeline-window", "300:700"));
        assertTrue(out.toString().contains("wrote the timeline to " + file), out.toString());
        JsonObject root = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        assertEquals("scmpsim noc", root.getAsJsonObject("otherData").get("tool").getAsString());
        Map<String, JsonObject> sends = new TreeMap<>();
        Map<String, JsonObject> receives = new TreeMap<>();
        Map<String, JsonObject> starts = new TreeMap<>();
        Map<String, JsonObject> ends = new TreeMap<>();
        Map<String, String> processes = new TreeMap<>();
        for (var e : root.getAsJsonArray("traceEvents")) {
            JsonObject o = e.getAsJsonObject();
            String ph = o.get("ph").getAsString();
            if (ph.equals("M")) {
                if (o.get("name").getAsString().equals("process_name")) {
                    processes.put(o.get("pid").getAsString(), o.getAsJsonObject("args").get("name").getAsString());
                }
                continue;
            }
            long ts = o.get("ts").getAsLong();
            assertTrue(ts >= 300 && ts < 700, o.toString());
            if (ph.equals("X")) {
                assertTrue(ts + o.get("dur").getAsLong() <= 700, o.toString());
                String id = o.getAsJsonObject("args").get("packet").getAsString();
                (o.get("tid").getAsInt() == 0 ? sends : receives).put(id, o);
            } else {
                (ph.equals("s") ? starts : ends).put(o.get("id").getAsString(), o);
            }
        }
        assertEquals(starts.keySet(), ends.keySet());
        assertTrue(starts.size() > 20, "flows: " + starts.size());
        int checked = 0;
        for (String id : starts.keySet()) {
            JsonObject s = sends.get(id);
            JsonObject r = receives.get(id);
            JsonObject from = starts.get(id);
            JsonObject to = ends.get(id);
            // the arrow leaves the send slice at the injection and lands on the receive slice at the arrival
            assertEquals(s.get("ts"), from.get("ts"));
            assertEquals(s.get("pid"), from.get("pid"));
            assertEquals(r.get("ts"), to.get("ts"));
            assertEquals(r.get("pid"), to.get("pid"));
            assertEquals("e", to.get("bp").getAsString());
            JsonObject args = r.getAsJsonObject("args");
            assertEquals(5, args.get("flits").getAsInt());
            assertEquals(s.get("pid").getAsInt(), args.get("from").getAsInt());
            assertEquals("node " + r.get("pid").getAsInt(), processes.get(r.get("pid").getAsString()));
            long arrived = r.get("ts").getAsLong() + r.get("dur").getAsLong() - 1;
            if (arrived < 699) {
                // the tail is taken in the receive slice's last cycle: injection to there is the network latency
                assertEquals(arrived - s.get("ts").getAsLong(), args.get("network_latency_cycles").getAsLong(), id);
                assertTrue(args.get("latency_cycles").getAsLong() >= args.get("network_latency_cycles").getAsLong());
                // no packet beats the zero-load latency of 0 hops, T(5, 0) = 10
                assertTrue(args.get("network_latency_cycles").getAsLong() >= 10, args.toString());
                checked++;
            }
        }
        assertTrue(checked > 20, "checked " + checked);
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--timeline", file.toString(), "--timeline-window", "5:3"));
        assertEquals("noc: --timeline-window 5:3: needs 0 <= FROM < TO", err.toString().strip());
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
    void helpListsTheOptionsCleanly() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, run(out, err, "--help"));
        assertEquals("", err.toString());
        for (String o : new String[] {"--config", "--traffic", "--injection", "--seeds", "--json", "--trace",
            "--net-trace", "--packet-log", "--stages", "--packet-rate", "95% confidence"}) {
            assertTrue(out.toString().contains(o), o);
        }
    }

    @Test
    void badOptionsExitWithTwo() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mesh", "3x3", "--traffic", "bitcomp"));
        assertTrue(err.toString().contains("power-of-two"), err.toString());
        for (String[] bad : new String[][] {{"--rate", "2"}, {"--rate", "-0.1"}, {"--packet-flits", "0"},
            {"--measure", "0"}, {"--step", "0"}, {"--packet-rate", "0.5"}, {"--seeds", "0"},
            {"--stages", "1,2"}, {"--traffic", "hotspot({99})"}, {"--hotspot-fraction", "0", "--traffic", "hotspot"},
            {"--latency-limit", "-1"}, {"--warmup", "-5"}, {"--vcs", "20"}}) {
            StringWriter e = new StringWriter();
            assertEquals(2, run(new StringWriter(), e, bad), String.join(" ", bad));
            assertEquals(1, e.toString().lines().count(), e.toString());
            assertTrue(e.toString().startsWith("noc: "), e.toString());
        }
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--mesh", "9x9", "--format", "scmp"));
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--mesh", "8x8", "--vcs", "0"));
        assertEquals(2, run(new StringWriter(), new StringWriter(), "--bogus"));
    }

    private static JsonObject json(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, run(out, err, args), err.toString());
        return JsonParser.parseString(out.toString()).getAsJsonObject();
    }

    private static final String[] SHORT = {"--mesh", "4x4", "--warmup", "200", "--measure", "2000"};

    private static String[] with(String[] base, String... more) {
        String[] a = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, a, base.length, more.length);
        return a;
    }

    @Test
    void jsonOfASingleRun() {
        JsonObject j = json(with(SHORT, "--traffic", "tornado", "--rate", "0.1", "--json"));
        JsonObject s = j.getAsJsonObject("settings");
        assertEquals("4x4", s.get("mesh").getAsString());
        assertEquals("tornado", s.get("traffic").getAsString());
        assertEquals("bernoulli", s.get("injection_process").getAsString());
        assertEquals(4, s.get("num_vcs").getAsInt());
        JsonObject a = j.getAsJsonObject("analysis");
        assertEquals(3.0, a.get("mean_hops").getAsDouble(), 1e-9);   // (x + 1, y + 1) mod 4: 1.5 hops in each dimension
        JsonObject r = j.getAsJsonObject("result");
        assertTrue(r.get("stable").getAsBoolean());
        assertEquals(0.1, r.get("offered").getAsDouble(), 0.02);
        assertTrue(r.get("avg_packet_latency").getAsDouble() >= a.get("zero_load_latency").getAsDouble() - 1);
        assertNull(r.get("ci95"));
    }

    @Test
    void seedsGiveMeansAndConfidenceIntervals() {
        JsonObject j = json(with(SHORT, "--rate", "0.2", "--seeds", "4", "--seed", "10", "--json"));
        JsonObject r = j.getAsJsonObject("result");
        assertEquals(4, r.getAsJsonArray("runs").size());
        assertEquals(13, r.getAsJsonArray("runs").get(3).getAsJsonObject().get("seed").getAsLong());
        double sum = 0;
        for (var run : r.getAsJsonArray("runs")) {
            sum += run.getAsJsonObject().get("avg_packet_latency").getAsDouble();
        }
        assertEquals(sum / 4, r.get("avg_packet_latency").getAsDouble(), 1e-9);
        double ci = r.getAsJsonObject("ci95").get("avg_packet_latency").getAsDouble();
        assertTrue(ci > 0 && ci < 5, "half-width " + ci);
        // the first seed alone is the single run with that seed
        JsonObject first = json(with(SHORT, "--rate", "0.2", "--seed", "10", "--json")).getAsJsonObject("result");
        assertEquals(first.get("avg_packet_latency").getAsDouble(),
                r.getAsJsonArray("runs").get(0).getAsJsonObject().get("avg_packet_latency").getAsDouble());
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), with(SHORT, "--rate", "0.2", "--seeds", "4", "--seed", "10")));
        assertTrue(out.toString().matches("(?s).*packet latency avg +[0-9.]+ \\+- [0-9.]+ cycles.*"), out.toString());
    }

    @Test
    void everyPatternAndBurstyInjectionRun() {
        for (String p : new String[] {"uniform", "transpose", "bitcomp", "bitrev", "shuffle", "bitrot", "tornado",
            "neighbor", "hotspot", "hotspot({0,15},{1,3})"}) {
            JsonObject r = json(with(SHORT, "--traffic", p, "--rate", "0.05", "--json")).getAsJsonObject("result");
            assertTrue(r.get("stable").getAsBoolean(), p);
        }
        JsonObject j = json(with(SHORT, "--traffic", "hotspot({5})", "--hotspot-fraction", "0.5", "--injection",
                "on_off", "--burst-alpha", "0.1", "--burst-beta", "0.2", "--rate", "0.1", "--json"));
        JsonObject s = j.getAsJsonObject("settings");
        assertEquals(0.5, s.get("hotspot_fraction").getAsDouble());
        assertEquals("on_off", s.get("injection_process").getAsString());
        assertEquals(0.1 / 5 * 3, s.get("burst_r1").getAsDouble(), 1e-12);   // r1 = rate (alpha + beta) / alpha
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--traffic", "uniform", "--hotspot-fraction", "0.5"));
        assertTrue(err.toString().contains("hotspot traffic only"), err.toString());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--injection", "on_off", "--rate", "1", "--packet-flits", "1"));
        assertTrue(err.toString().startsWith("noc: on_off:"), err.toString());
    }

    @Test
    void configurationFileWithCommandLineOverrides(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("mesh44.cfg");
        Files.writeString(cfg, """
                // a BookSim file
                topology = mesh; k = 4; n = 2;
                routing_function = dor;
                num_vcs = 2; vc_buf_size = 6;
                routing_delay = 0; vc_alloc_delay = 1; sw_alloc_delay = 1; st_final_delay = 1;
                traffic = bitrev;
                packet_size = 3;
                injection_rate = 0.02;
                sample_period = 200; warmup_periods = 1; max_samples = 10;
                seed = 7;
                """);
        JsonObject s = json("--config", cfg.toString(), "--vcs", "3", "--json").getAsJsonObject("settings");
        assertEquals("4x4", s.get("mesh").getAsString());
        assertEquals(3, s.get("num_vcs").getAsInt());            // the command line wins
        assertEquals(6, s.get("vc_buf_size").getAsInt());
        assertEquals(0, s.get("routing_delay").getAsInt());
        assertEquals(3, s.get("router_delay").getAsInt());
        assertEquals("bitrev", s.get("traffic").getAsString());
        assertEquals(0.06, s.get("injection_rate").getAsDouble(), 1e-12);   // 0.02 packets of 3 flits
        assertEquals(200, s.get("warmup").getAsLong());
        assertEquals(2000, s.get("measure").getAsLong());
        assertEquals(7, s.get("seed").getAsLong());
        // a rate or router delay on the command line replaces the file's, whichever unit or form it uses
        s = json("--config", cfg.toString(), "--rate", "0.1", "--router-delay", "2", "--json").getAsJsonObject("settings");
        assertEquals(0.1, s.get("injection_rate").getAsDouble(), 1e-12);
        assertEquals(2, s.get("router_delay").getAsInt());
        Files.writeString(cfg, "k = 4;\nvc_buffer_size = 4;\n");
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--config", cfg.toString()));
        assertEquals("noc: " + cfg + ":2: unknown key 'vc_buffer_size' (docs/noc.md lists the BookSim keys scmpsim noc "
                + "takes)", err.toString().strip());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--config", dir.resolve("none.cfg").toString()));
        assertEquals("noc: " + dir.resolve("none.cfg") + ": no such file", err.toString().strip());
    }

    private static Map<Long, String> log(Path file) throws Exception {
        Map<Long, String> m = new TreeMap<>();
        List<String> lines = Files.readAllLines(file);
        assertEquals("packet,created,source,destination,flits,injected,arrived,latency,network_latency", lines.get(0));
        for (String l : lines.subList(1, lines.size())) {
            m.put(Long.parseLong(l.substring(0, l.indexOf(','))), l);
        }
        return m;
    }

    @Test
    void aRecordedTraceReplaysToTheSameLatencies(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("run.trace");
        Path first = dir.resolve("first.csv");
        Path second = dir.resolve("second.csv");
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--mesh", "4x4", "--rate", "0.3", "--traffic", "transpose",
                "--warmup", "100", "--measure", "1500", "--net-trace", trace.toString(), "--packet-log", first.toString()));
        assertTrue(out.toString().contains("wrote the trace to " + trace), out.toString());
        assertTrue(Files.readString(trace).startsWith("# scmp network trace: cycle source destination flits\n# mesh 4x4\n"));
        long packets = Files.readAllLines(trace).stream().filter(l -> !l.startsWith("#")).count();
        // the mesh comes from the trace
        JsonObject j = json("--trace", trace.toString(), "--packet-log", second.toString(), "--json");
        assertEquals("4x4", j.getAsJsonObject("settings").get("mesh").getAsString());
        assertEquals(packets, j.getAsJsonObject("settings").get("trace_packets").getAsLong());
        assertEquals(packets, j.getAsJsonObject("result").get("packets").getAsLong());
        Map<Long, String> a = log(first);
        Map<Long, String> b = log(second);
        assertEquals(packets, b.size());
        assertTrue(a.size() > 500, "packets delivered in the first run: " + a.size());
        for (Map.Entry<Long, String> e : a.entrySet()) {
            assertEquals(e.getValue(), b.get(e.getKey()));
        }
        out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--trace", trace.toString(), "--vcs", "1"));
        assertTrue(out.toString().contains("trace " + trace + ": " + packets + " packets"), out.toString());
        Files.writeString(trace, "0 1 2 3\n0 1 99 3\n");
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--trace", trace.toString(), "--mesh", "4x4"));
        assertTrue(err.toString().startsWith("noc: packet 2 of the trace (1 to 99) does not fit the mesh 4x4"), err.toString());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--trace", dir.toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("noc: " + dir), err.toString());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mesh", "4x4", "--net-trace", dir.resolve("no/such/dir").toString()));
        assertEquals("noc: " + dir.resolve("no/such/dir") + ": no such file", err.toString().strip());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--trace", trace.toString(), "--sweep"));
        assertTrue(err.toString().contains("--trace replays one run"), err.toString());
    }
}
