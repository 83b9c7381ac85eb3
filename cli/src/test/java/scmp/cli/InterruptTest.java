package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.model.scmp.Sim;

/**
 * Ctrl-C and SIGTERM on a long run: scmpsim, a child JVM, runs an endless loop with {@code --progress}; once its
 * first progress line shows the run is under way the test sends the signal, and the run must end with the usual
 * report, exit 130 (SIGINT) or 143 (SIGTERM), and valid statistics, profile and timeline files.
 */
class InterruptTest {

    @TempDir
    Path dir;

    static final String ENDLESS = """
                .text
                .globl _start
            _start:
                li t0, 0
            spin:
                addi t0, t0, 1
                j spin
            """;

    private record Ended(int exit, String stderr, JsonObject stats, String profile, String timeline) {
    }

    private Ended interrupt(String signal) throws Exception {
        Path prog = dir.resolve("endless");
        Files.write(prog, Sim.elf(ENDLESS));
        Path stats = dir.resolve(signal + ".json");
        Path profile = dir.resolve(signal + ".profile.json");
        Path timeline = dir.resolve(signal + ".timeline.json");
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>();
        // A shell started in the background ignores SIGINT, and its children inherit that; reset it, as an
        // interactive shell would have left it, so that the JVM may take the signal.
        cmd.addAll(List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die"));
        cmd.addAll(List.of(java, "-cp", System.getProperty("java.class.path"), SimMain.class.getName(), "--progress",
                "--stats", stats.toString(), "--profile=" + profile, "--timeline", timeline.toString(), "--cycles", prog.toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        String first = err.readLine();
        assertNotNull(first, "scmpsim ended without a progress line");
        assertTrue(first.startsWith("scmpsim: cycle "), first);
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start().waitFor();
        StringBuilder rest = new StringBuilder(first).append('\n');
        for (String line; (line = err.readLine()) != null; ) {
            rest.append(line).append('\n');
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "scmpsim did not end after SIG" + signal);
        JsonObject json = JsonParser.parseString(Files.readString(stats)).getAsJsonObject();
        return new Ended(p.exitValue(), rest.toString(), json, Files.readString(profile),
                Files.readString(timeline));
    }

    private static void checkEnded(Ended e, String signal, int code) throws IOException {
        assertEquals(code, e.exit(), e.stderr());
        assertTrue(e.stderr().matches("(?s).*\nscmpsim: interrupted \\(SIG" + signal + "\\) at cycle \\d+\n"
                + "  node 0 thread 0: running at pc 0x0000100[48] \\((spin|_start)[^)]*\\)\n.*"), e.stderr());
        assertEquals("interrupted", e.stats().get("outcome").getAsString());
        assertEquals(code, e.stats().get("exit_code").getAsInt());
        long cycles = e.stats().get("cycles").getAsLong();
        assertTrue(cycles > 0);
        assertTrue(e.stderr().contains("\ncycles: " + cycles + "\n"), e.stderr());
        long instructions = e.stats().get("instructions").getAsLong();
        assertTrue(instructions > 0 && instructions <= cycles);
        JsonObject profile = JsonParser.parseString(e.profile()).getAsJsonObject();
        assertEquals(cycles, profile.get("cycles").getAsLong());
        TraceEventFormat.Trace timeline = TraceEventFormat.validate(e.timeline());
        assertEquals(1, timeline.phase("B").size());     // the code without function symbols, ended at the stop
        JsonObject run = timeline.phase("X").get(0);
        assertEquals("context 0", run.get("name").getAsString());
        long end = run.get("ts").getAsLong() + run.get("dur").getAsLong();     // its last issue, a branch bubble or two
        assertTrue(end <= cycles && end >= cycles - 3, end + " " + cycles);
    }

    @Test
    void sigintEndsTheRunWith130AndWritesTheFiles() throws Exception {
        checkEnded(interrupt("INT"), "INT", 130);
    }

    @Test
    void sigtermEndsTheRunWith143AndWritesTheFiles() throws Exception {
        checkEnded(interrupt("TERM"), "TERM", 143);
    }
}
