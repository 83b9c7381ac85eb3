package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.machine.Simulation;
import scmp.model.scmp.HostCallTest;
import scmp.model.scmp.MessageTest;
import scmp.model.scmp.Sim;

/** The scmpsim command line: streams, exit codes, options, and rejection of bad input without stack traces. */
class SimMainTest {

    @TempDir
    Path dir;

    record Cli(int code, String out, String err) {
        /** Asserts that stderr is exactly one line and holds no trace of a Java exception. */
        void oneLine() {
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.endsWith("\n"));
            assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        }
    }

    private static Cli simWithInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimMain.run(new SimMain(out, err, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8))),
                args);
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Cli sim(String... args) {
        return simWithInput("", args);
    }

    private Path program(String name, String source) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, Sim.elf(source));
        return p;
    }

    static final String ECHO = """
                .text
                .globl _start
            _start:
                mv s0, a0                # argc
                mv s1, a1                # argv
                li s2, 1
            1:  bge s2, s0, 3f
                slli t0, s2, 2
                add t0, t0, s1
                lw a1, 0(t0)
                li a2, 0
            2:  add t1, a1, a2
                lbu t1, 0(t1)
                beqz t1, 4f
                addi a2, a2, 1
                b 2b
            4:  li a0, 1
                hcall write
                li a0, 1
                la a1, nl
                li a2, 1
                hcall write
                addi s2, s2, 1
                b 1b
            3:  addi a0, s0, 40
                hcall exit
                .data
            nl: .ascii "\\n"
            """;

    @Test
    void runsAProgramWithArgumentsAndReturnsItsStatus() throws IOException {
        Path p = program("echo", ECHO);
        Cli c = sim(p.toString(), "hello", "-x", "--cycles");
        assertEquals("hello\n-x\n--cycles\n", c.out());
        assertEquals("", c.err());
        assertEquals(44, c.code());
    }

    /**
     * Two ranks loop (rank 0 twice as long), rank 1 aborts: the look-ahead's stretches over their quiet rounds end
     * where the rounds' windows end, so rank 0 has run exactly as far at the abort with it (on, and auto with -n) as
     * without it. (With the windows as they were, the lookahead from each round's start, a stretch that ended at the
     * abort's own cycle left rank 0 three instructions further: 120 021 against 120 018.)
     */
    @Test
    void theLookAheadLeavesAnSpmdRunAsItIsItsAbortIncluded() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    rdsr s0, nodeid
                    li t2, 2
                    sub s2, t2, s0
                    li t1, 20000
                    mul s2, s2, t1
                    li s1, 0
                1:  addi s1, s1, 1
                    mul t0, s1, s1
                    bne s1, s2, 1b
                    bnez s0, 2f
                    li a0, 0
                    hcall exit
                2:  li a0, 0
                    hcall abort
                """);
        Cli off = sim("-n", "2", "--look-ahead", "off", "--cycles", p.toString());
        assertEquals(134, off.code(), off.err());
        assertTrue(off.err().contains("instructions: 120021"), off.err());
        for (String ahead : List.of("on", "auto")) {
            Cli c = sim("-n", "2", "--look-ahead", ahead, "--cycles", p.toString());
            assertEquals(off.code(), c.code());
            assertEquals(off.err(), c.err(), ahead);
        }
        Cli bad = sim("--look-ahead", "sometimes", p.toString());
        assertEquals(125, bad.code(), bad.err());
        bad.oneLine();
    }

    @Test
    void cyclesOptionPrintsTheCounts() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    li a0, 0
                    hcall exit
                """);
        Cli c = sim("--cycles", p.toString());
        assertEquals(0, c.code());
        assertEquals("cycles: 2\ninstructions: 2\n", c.err());
    }

    @Test
    void traceOptionPrintsEveryInstruction() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    lw t0, -4(sp)
                    addi a0, t0, 3
                    hcall exit
                """);
        Cli c = sim("--trace", p.toString());
        assertEquals(3, c.code());
        assertEquals("""
                           0  n0 t0  0x00001000  _start                lw t0, -4(sp)
                           2  n0 t0  0x00001004  _start+0x4            addi a0, t0, 3
                           3  n0 t0  0x00001008  _start+0x8            hcall exit
                """, c.err());
    }

    @Test
    void faultGivesOneLineAnd139() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    jr zero
                """);
        Cli c = sim(p.toString());
        assertEquals(139, c.code());
        c.oneLine();
        assertEquals("scmpsim: node 0 thread 0: jump to 0x0 outside the program text at pc 0x00001000 (_start),"
                + " address 0x00000000\n", c.err());
    }

    @Test
    void maxCyclesGives124() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                1:  j 1b
                """);
        Cli c = sim("--max-cycles", "100", "--cycles", p.toString());
        assertEquals(124, c.code());
        assertEquals("scmpsim: stopped after 100 cycles (--max-cycles): node 0 thread 0 at pc 0x00001000 (_start)\n"
                + "cycles: 100\ninstructions: 50\n", c.err());
    }

    @Test
    void fileOptionAllowsReadingAHostFile() throws IOException {
        Path data = dir.resolve("in.txt");
        Files.writeString(data, "12345");
        Path p = program("cat", HostCallTest.CAT.replace("lw a0, 4(a1)         # argv[1]", "la a0, path")
                + "path: .asciz \"" + data + "\"\n");
        assertEquals(13, sim(p.toString()).code());
        Cli c = sim("--file", data.toString(), p.toString());
        assertEquals("12345", c.out());
        assertEquals('3', c.code());
        Cli missing = sim("--file", dir.resolve("nope").toString(), p.toString());
        assertEquals(Simulation.EXIT_TOOL, missing.code());
        missing.oneLine();
    }

    @Test
    void stdinIsTheGuestsFdZero() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    li a0, 0
                    la a1, buf
                    li a2, 64
                    hcall read
                    mv a2, a0
                    li a0, 1
                    la a1, buf
                    hcall write
                    hcall exit
                    .data
                buf: .space 64
                """);
        Cli c = simWithInput("first line\nsecond\n", p.toString());
        assertEquals("first line\n", c.out());
        assertEquals(11, c.code());
    }

    @Test
    void corruptTruncatedAndForeignFilesAreRejectedWithOneLine() throws IOException {
        byte[] good = Sim.elf(ECHO);
        Path garbage = dir.resolve("garbage");
        Files.write(garbage, "this is not an ELF file at all".getBytes(StandardCharsets.UTF_8));
        Path truncated = dir.resolve("truncated");
        Files.write(truncated, Arrays.copyOf(good, 40));
        Path foreign = dir.resolve("foreign");
        byte[] f = good.clone();
        f[18] = 62;   // e_machine: x86-64
        f[19] = 0;
        Files.write(foreign, f);
        Path cut = dir.resolve("cut");
        Files.write(cut, Arrays.copyOf(good, good.length - 20));
        for (Path p : new Path[] {garbage, truncated, foreign, cut}) {
            Cli c = sim(p.toString());
            assertEquals(Simulation.EXIT_CANNOT_RUN, c.code(), p + ": " + c.err());
            c.oneLine();
            assertTrue(c.err().startsWith("scmpsim: " + p + ": "), c.err());
        }
        Path obj = dir.resolve("empty");
        Files.write(obj, new byte[0]);
        assertEquals(Simulation.EXIT_CANNOT_RUN, sim(obj.toString()).code());
    }

    @Test
    void missingProgramFileIsAnError() {
        Cli c = sim(dir.resolve("absent").toString());
        assertEquals(Simulation.EXIT_NOT_FOUND, c.code());
        c.oneLine();
        assertTrue(c.err().endsWith("absent: no such file or directory\n"), c.err());
    }

    @Test
    void hugeFilesAndDirectoriesAreRejectedWithOneLine() throws IOException {
        Path huge = dir.resolve("huge");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);   // sparse: 3 GiB that take no disk
        }
        Cli c = sim(huge.toString());
        assertEquals(Simulation.EXIT_NOT_FOUND, c.code());
        c.oneLine();
        assertTrue(c.err().startsWith("scmpsim: " + huge + ": file too large"), c.err());
        Cli d = sim(dir.toString());
        assertEquals(Simulation.EXIT_NOT_FOUND, d.code());
        d.oneLine();
        assertTrue(d.err().endsWith(": is a directory\n"), d.err());
    }

    @Test
    void stdoutAndStderrKeepTheGuestsOrderOnOneTerminal() throws IOException {
        Path p = program("both", """
                    .text
                    .globl _start
                _start:
                    li a0, 1
                    la a1, one
                    li a2, 4
                    hcall write
                    li a0, 2
                    la a1, two
                    li a2, 4
                    hcall write
                    li a0, 1
                    la a1, three
                    li a2, 6
                    hcall write
                    li a0, 0
                    hcall exit
                    .data
                one:   .ascii "out\\n"
                two:   .ascii "err\\n"
                three: .ascii "again\\n"
                """);
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();   // stdout and stderr on one terminal
        int code = SimMain.run(new SimMain(terminal, terminal, new ByteArrayInputStream(new byte[0])),
                p.toString());
        assertEquals(0, code);
        assertEquals("out\nerr\nagain\n", terminal.toString(StandardCharsets.UTF_8));
    }

    @Test
    void usageErrorsGive125() throws IOException {
        Cli unknown = sim("--frobnicate", "x");
        assertEquals(Simulation.EXIT_TOOL, unknown.code());
        assertEquals("scmpsim: Unknown option: '--frobnicate' (see scmpsim --help)\n", unknown.err());
        Cli none = sim();
        assertEquals(Simulation.EXIT_TOOL, none.code());
        assertTrue(none.err().contains("missing PROGRAM"));
        Path p = program("p", ECHO);
        Cli lots = sim("--mem", "lots", p.toString());
        assertEquals(Simulation.EXIT_TOOL, lots.code());
        lots.oneLine();
        Cli proto = sim("--mpi-protocol", "bogus", p.toString());
        assertEquals(Simulation.EXIT_TOOL, proto.code());
        proto.oneLine();
        Cli nocBad = sim("noc", "--rate", "x");
        assertEquals(2, nocBad.code());
        assertTrue(nocBad.err().startsWith("scmpsim noc: "), nocBad.err());
        nocBad.oneLine();
        Cli range = sim("--contexts", "40", p.toString());
        assertEquals(Simulation.EXIT_TOOL, range.code());
        assertEquals("scmpsim: --contexts: must be 1..32, got 40\n", range.err());
        assertEquals(Simulation.EXIT_TOOL, sim("--mesh", "2by2", p.toString()).code());
    }

    @Test
    void sizesTakeSuffixes() throws IOException {
        Path p = program("p", """
                    .text
                    .globl _start
                _start:
                    rdsr a0, memsize
                    srli a0, a0, 16
                    hcall exit
                """);
        assertEquals(16, sim("--mem", "1M", "--stack", "16K", p.toString()).code());
        assertEquals(Simulation.EXIT_TOOL, sim("--mem", "128k", p.toString()).code());
    }

    @Test
    void meshOptionRunsSeveralNodes() throws IOException {
        Path p = program("fan", MessageTest.FAN_OUT);
        Cli a = sim("--mesh", "2x2", "--cycles", p.toString());
        Cli b = sim("--mesh", "2x2", "--cycles", p.toString());
        assertEquals(0, a.code());
        assertEquals("1231230", a.out());
        assertEquals(a, b);
    }

    @Test
    void benchPrintsARate() {
        Cli c = sim("bench", "--iterations", "1000", "--runs", "1");
        assertEquals(0, c.code(), c.err());
        // both engines by default, side by side, with the same counts
        assertTrue(c.out().contains("run 1 interp: 8006 instructions, 10004 cycles"), c.out());
        assertTrue(c.out().contains("run 1 jit: 8006 instructions, 10004 cycles"), c.out());
        assertTrue(c.out().matches("(?s).*compute: best [0-9.]+ \\(interp\\), [0-9.]+ \\(jit\\) million.*"), c.out());
        Cli one = sim("bench", "--iterations", "1000", "--runs", "1", "--engine", "jit");
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("run 1: 8006 instructions, 10004 cycles"), one.out());
    }

    @Test
    void benchMeasuresEveryCase() {
        Cli c = sim("bench", "--case", "all", "--iterations", "1000", "--messages", "3", "--cycles", "200", "--runs", "1");
        assertEquals(0, c.code(), c.err());
        for (String k : new String[] {"compute: best ", "mesh_idle interp: 8x8 ", "mesh_idle jit: 8x8 ", "spmd: best ",
                "messages: best ", "noc: best "}) {
            assertTrue(c.out().contains(k), c.out());
        }
        assertTrue(c.out().contains("million node-cycles per second"), c.out());
        assertTrue(c.out().contains("million router-cycles per second"), c.out());
    }

    static final String MESH_SIZE = """
                .text
                .globl _start
            _start:
                rdsr a0, xdim
                li t0, 10
                mul a0, a0, t0
                rdsr t1, ydim
                add a0, a0, t1
                hcall exit
            """;

    @Test
    void theMeshIs4x4ByDefaultAndAsLargeAs32x32WithWideFlits() throws IOException {
        Path p = program("size", MESH_SIZE);
        assertEquals(44, sim(p.toString()).code());
        assertEquals(21, sim("--mesh", "2x1", p.toString()).code());
        // wider than 8: the wide head flit, without being asked
        assertEquals(92, sim("--mesh", "9x2", p.toString()).code());
        assertEquals(32 * 10 + 32 & 0xFF, sim("--mesh", "32x32", "--wide-flits", "--mem", "1M", p.toString()).code());
        assertEquals(32 * 10 + 32 & 0xFF, sim("--mesh", "32x32", "--mem", "1M", p.toString()).code());
    }

    @Test
    void theModelsParametersComeFromParamFromAFileAndFromTheOptionsThatNameThem() throws IOException {
        Path p = program("size", MESH_SIZE);
        assertEquals(21, sim("--param", "mesh=2x1", p.toString()).code());
        Path f = dir.resolve("chip.params");
        Files.writeString(f, "# a 3x2 chip with two virtual channels\nmesh = 3x2\nvcs = 2\n");
        assertEquals(32, sim("--params", f.toString(), p.toString()).code());
        assertEquals(52, sim("--params", f.toString(), "--param", "mesh=5x2", p.toString()).code(), "--param after files");
        assertEquals(72, sim("--param", "mesh=5x2", "--mesh", "7x2", p.toString()).code(), "the option after --param");
        Cli unknown = sim("--param", "torus=2x2x2", p.toString());
        assertEquals(Simulation.EXIT_TOOL, unknown.code());
        unknown.oneLine();
        assertTrue(unknown.err().startsWith("scmpsim: --param torus: the scmp model has no such parameter; its "
                + "parameters: mesh, vcs, "), unknown.err());
        Cli t3dOnly = sim("--torus", "2x2x2", p.toString());
        assertEquals("scmpsim: --torus: the scmp model has no such parameter; its parameters: mesh, vcs, bufferFlits, "
                + "ejectionBufferFlits, routerDelayCycles, linkDelayCycles, creditDelayCycles, vcSelect, wideFlits, niuQueueFlits, "
                + "hwRts, watch\n", t3dOnly.err());
        Cli bad = sim("--param", "vcs", p.toString());
        assertEquals(Simulation.EXIT_TOOL, bad.code());
        assertEquals("scmpsim: --param vcs: expected KEY=VALUE\n", bad.err());
        Files.writeString(f, "vcs=13\n");
        assertEquals("scmpsim: " + f + ":1: vcs: must be 1..12, got 13\n", sim("--params", f.toString(), p.toString())
                .err());
    }

    @Test
    void badNetworkOptionsGiveOneLineAnd125() throws IOException {
        Path p = program("size", MESH_SIZE);
        String[][] bad = {{"--vcs", "0"}, {"--vcs", "13"}, {"--buffer", "0"}, {"--router-delay", "0"},
            {"--link-delay", "0"}, {"--niu-queue", "1"}, {"--watch", "x"}, {"--watch", "16:0"}, {"--watch", "0:3-1"}, {"--watch", "0:*-2"},
            {"--watch", "16:*"}, {"--mesh", "33x1"}};
        for (String[] b : bad) {
            Cli c = sim(b[0], b[1], p.toString());
            assertEquals(Simulation.EXIT_TOOL, c.code(), String.join(" ", b) + ": " + c.err());
            c.oneLine();
            assertTrue(c.err().startsWith("scmpsim: " + (b[0].equals("--mesh") ? "--mesh" : b[0])), c.err());
        }
    }

    @Test
    void threadsAreOptionsOfTheHostAndLeaveTheRunAlone() throws IOException {
        Path p = program("size", MESH_SIZE);
        Cli one = sim("--mesh", "2x2", "--spmd", "--cycles", "--threads", "1", p.toString());
        for (String[] t : new String[][] {{"--threads", "2"}, {"--threads", "3", "--parallel-window", "1"}}) {
            List<String> args = new java.util.ArrayList<>(List.of("--mesh", "2x2", "--spmd", "--cycles"));
            args.addAll(List.of(t));
            args.add(p.toString());
            Cli many = sim(args.toArray(new String[0]));
            assertEquals(one, many, String.join(" ", t));
        }
        for (String[] b : new String[][] {{"--threads", "0"}, {"--parallel-window", "0"}}) {
            Cli c = sim(b[0], b[1], p.toString());
            assertEquals(Simulation.EXIT_TOOL, c.code(), c.err());
            assertEquals("scmpsim: " + b[0] + " must be at least 1\n", c.err());
        }
    }

    static final String PING = """
                .text
                .globl _start
            _start:
                li s0, 5
                li a0, 7
                sendh_i s0, DATA, flag           # message #0: flag = 7 on node 5
                sende a0
                la t2, worker
                sendh_r s0, THREAD, t2, 0        # message #1: worker() on node 5, behind it on the same path
                sende zero
                endt
            worker:
                la t0, flag
                lw a0, 0(t0)
                hcall exit
                .data
                .align 4
            flag: .word 0
            """;

    @Test
    void statsFileHoldsPerNodeAndPerLinkFigures() throws IOException {
        Path p = program("ping", PING);
        Path json = dir.resolve("stats.json");
        Cli c = sim("--stats", json.toString(), p.toString());
        assertEquals(7, c.code(), c.err());
        assertEquals("", c.err());
        String j = Files.readString(json);
        assertTrue(j.startsWith("{\n  \"program\": "), j);
        assertTrue(j.contains("\"mesh\": {\"x\": 4, \"y\": 4}"), j);
        assertTrue(j.contains("\"outcome\": \"exit\""), j);
        assertTrue(j.matches("(?s).*\"node\": 0, \"x\": 0, \"y\": 0, \"built\": true.*\"messages_sent\": 2, "
                + "\"flits_sent\": 6, \"messages_received\": 0.*"), j);
        assertTrue(j.matches("(?s).*\"node\": 5, \"x\": 1, \"y\": 1, \"built\": true.*\"threads_started\": 1, "
                + "\"messages_sent\": 0, \"flits_sent\": 0, \"messages_received\": 2, \"flits_received\": 6, "
                + "\"dma_words_read\": 0, \"words_written\": 1.*"), j);
        assertTrue(j.contains("\"node\": 15, \"x\": 3, \"y\": 3, \"built\": false, \"instructions\": 0"), j);
        // node 0 -> node 5 goes east then south: (0,0) E -> (1,0) and (1,0) S -> (1,1) carried 6 flits each
        assertTrue(j.contains("{\"from\": \"(0,0)\", \"port\": \"E\", \"to\": \"(1,0)\", \"flits\": 6"), j);
        assertTrue(j.contains("{\"from\": \"(1,0)\", \"port\": \"S\", \"to\": \"(1,1)\", \"flits\": 6"), j);
        assertTrue(j.contains("{\"from\": \"(0,0)\", \"port\": \"S\", \"to\": \"(0,1)\", \"flits\": 0, "
                + "\"utilisation\": 0.000000}"), j);
        Cli s = sim("--stats", "-", p.toString());
        assertEquals(7, s.code());
        assertTrue(s.err().startsWith("stats: 4x4 mesh, "), s.err());
        assertTrue(s.err().contains("2 of 16 nodes ran"), s.err());
        assertTrue(s.err().contains("links: 48, 12 flits carried"), s.err());
    }

    @Test
    void statsJsonRecordsTheToolTheCommandLineTheModelAndEverySetting() throws IOException {
        Path p = program("ping", PING);
        Path json = dir.resolve("described.json");
        String[] argv = {"--stats", json.toString(), "--vcs", "2", "--mesh", "3x2", "--contexts", "4", "--mem", "1M",
            "--stack", "8K", "--env", "A=1", "--mpi-protocol", "thesis", "--max-cycles", "100000", p.toString(), "x"};
        Cli c = sim(argv);
        assertEquals(7, c.code(), c.err());
        com.google.gson.JsonObject j = com.google.gson.JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        assertEquals("scmpsim", j.getAsJsonObject("tool").get("name").getAsString());
        assertEquals(scmp.common.Version.NUMBER, j.getAsJsonObject("tool").get("version").getAsString());
        com.google.gson.JsonArray cl = j.getAsJsonArray("command_line");
        assertEquals("scmpsim", cl.get(0).getAsString());
        assertEquals(argv.length + 1, cl.size());
        for (int k = 0; k < argv.length; k++) {
            assertEquals(argv[k], cl.get(k + 1).getAsString());
        }
        com.google.gson.JsonObject m = j.getAsJsonObject("machine");
        assertEquals("scmp", m.get("model").getAsString());
        assertEquals(6, m.get("nodes").getAsInt());
        com.google.gson.JsonObject params = m.getAsJsonObject("parameters");
        assertEquals(3, params.getAsJsonObject("mesh").get("x").getAsInt());
        assertEquals(2, params.getAsJsonObject("mesh").get("y").getAsInt());
        assertEquals(2, params.get("vcs").getAsInt());
        assertEquals(8, params.get("bufferFlits").getAsInt());
        assertEquals(8, params.get("niuQueueFlits").getAsInt());
        assertEquals(4, params.get("routerDelayCycles").getAsInt());
        assertFalse(params.get("wideFlits").getAsBoolean());
        com.google.gson.JsonObject st = j.getAsJsonObject("settings");
        assertEquals(4, st.get("contexts").getAsInt());
        assertEquals(1 << 20, st.get("memory").getAsInt());
        assertEquals(8192, st.get("stack").getAsInt());
        assertEquals(0, st.get("ranks").getAsInt());
        assertEquals(100000, st.get("max_cycles").getAsLong());
        assertEquals("thesis", st.get("mpi_protocol").getAsString());
        assertEquals("[\"A=1\",\"SCMP_MPI_PROTOCOL=thesis\"]", st.get("env").toString());
        assertEquals("[\"x\"]", st.get("args").toString());
        assertEquals(7, j.get("exit_code").getAsInt());
        // without a limit the setting is null, and the default protocol family is named
        sim("--stats", json.toString(), p.toString());
        st = com.google.gson.JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonObject("settings");
        assertTrue(st.get("max_cycles").isJsonNull());
        assertEquals("ours", st.get("mpi_protocol").getAsString());
    }

    @Test
    void mpiProtocolThesisHwIsTheHardwareHandshakeParameterAndTheFamilysVariable() throws IOException {
        Path p = program("ping", PING);
        Path a = dir.resolve("spelled.json");
        Path b = dir.resolve("long.json");
        Cli spelled = sim("--stats", a.toString(), "--mpi-protocol", "thesis-hw", p.toString());
        Cli longForm = sim("--stats", b.toString(), "--param", "hwRts=true", "--env", "SCMP_MPI_PROTOCOL=thesis-hw",
                p.toString());
        assertEquals(7, spelled.code(), spelled.err());
        assertEquals(longForm.err(), spelled.err());
        com.google.gson.JsonObject ja = com.google.gson.JsonParser.parseString(Files.readString(a)).getAsJsonObject();
        com.google.gson.JsonObject jb = com.google.gson.JsonParser.parseString(Files.readString(b)).getAsJsonObject();
        assertTrue(ja.getAsJsonObject("machine").getAsJsonObject("parameters").get("hwRts").getAsBoolean());
        assertEquals(jb.getAsJsonObject("machine"), ja.getAsJsonObject("machine"));
        assertEquals("thesis-hw", ja.getAsJsonObject("settings").get("mpi_protocol").getAsString());
        assertEquals(jb.getAsJsonObject("settings"), ja.getAsJsonObject("settings"));
        // the other families leave the chip without the handshake
        sim("--stats", a.toString(), "--mpi-protocol", "thesis", p.toString());
        ja = com.google.gson.JsonParser.parseString(Files.readString(a)).getAsJsonObject();
        assertFalse(ja.getAsJsonObject("machine").getAsJsonObject("parameters").get("hwRts").getAsBoolean());
        Cli bad = sim("--mpi-protocol", "thesis_hw", p.toString());
        assertEquals(Simulation.EXIT_TOOL, bad.code());
        assertTrue(bad.err().contains("thesis, thesis-hw, ours"), bad.err());
        bad.oneLine();
    }

    @Test
    void watchTracesOneMessageAndLockstepChangesNothing() throws IOException {
        Path p = program("ping", PING);
        Cli c = sim("--watch", "0:1", "--cycles", p.toString());
        assertEquals(7, c.code(), c.err());
        assertTrue(c.err().contains(" SENDH    node 0 thread 0 pc 0x"), c.err());
        assertTrue(c.err().contains(": THREAD message #1 to node 5 (core cycle "), c.err());
        assertTrue(c.err().contains(" READY    node 5: thread 0 ready at core cycle "), c.err());
        assertTrue(c.err().lines().noneMatch(l -> l.contains("DATA message #0")), c.err());
        Cli l = sim("--lockstep", "--cycles", p.toString());
        String cycles = c.err().lines().filter(x -> x.startsWith("cycles: ")).findFirst().orElseThrow();
        assertTrue(l.err().startsWith(cycles), l.err());
    }

    @Test
    void watchTakesAllMessagesOfANodeOrARange() throws IOException {
        Path p = program("ping", PING);
        for (String w : new String[] {"0:*", "0:0-1", "0:0-7"}) {
            Cli c = sim("--watch", w, p.toString());
            assertEquals(7, c.code(), c.err());
            assertEquals(2, c.err().lines().filter(l -> l.contains(" SENDH    ")).count(), w + ": " + c.err());
            assertTrue(c.err().contains(": DATA message #0 to node 5"), c.err());
            assertTrue(c.err().contains(": THREAD message #1 to node 5"), c.err());
        }
        Cli one = sim("--watch", "0:1-1", p.toString());
        assertEquals(1, one.err().lines().filter(l -> l.contains(" SENDH    ")).count(), one.err());
        Cli none = sim("--watch", "5:*", p.toString());
        assertEquals("", none.err());
    }

    @Test
    void nocSubcommandRunsSyntheticTraffic() {
        Cli c = sim("noc", "--mesh", "4x4", "--rate", "0.05", "--warmup", "100", "--measure", "1000", "--drain", "2000");
        assertEquals(0, c.code(), c.err());
        assertTrue(c.out().contains("mesh 4x4, uniform traffic"), c.out());
        Cli bad = sim("noc", "--rate", "x");
        assertEquals(2, bad.code());
    }

    @Test
    void versionAndHelp() {
        Cli v = sim("--version");
        assertEquals(0, v.code());
        assertTrue(v.out().startsWith("scmpsim (scmp) "));
        Cli h = sim("--help");
        assertEquals(0, h.code());
        assertTrue(h.out().contains("--max-cycles"));
        for (String code : java.util.List.of("124", "125", "126", "127", "134", "139", "142")) {
            assertTrue(h.out().contains("\n  " + code + " "), code + " in:\n" + h.out());
        }
        assertTrue(h.out().contains("-n, -np, --np=N"), h.out());
    }
}
