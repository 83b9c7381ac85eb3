package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpsim --debug-commands}: a command file run on an MPI program on 4 ranks (a breakpoint at a line on
 * rank 2, variables printed, steps into and over a call, a finish, the call stack, the registers, rank 2's MPI
 * queues, a watch of a word on rank 3) gives the transcript in src/test/resources/debug/ring.expected, on every
 * run and whichever engine the command line names.
 */
class DebuggerTest {

    @TempDir
    static Path dir;

    static Path ring;

    @BeforeAll
    static void build() throws IOException {
        ring = SpmdProgramsTest.compile(dir, "ring", resource("ring.c"), "-lmpi", "-g");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DebuggerTest.class.getResourceAsStream("/debug/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private String transcript(String engine) throws IOException {
        Path cmds = dir.resolve("ring.cmds");
        Files.writeString(cmds, resource("ring.cmds"));
        SpmdProgramsTest.Sim s = SpmdProgramsTest.scmpsim("-n", "4", "--engine", engine, "--debug-commands",
                cmds.toString(), ring.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals("", s.err());
        return s.out().replace(dir + "/", "");
    }

    @Test
    void aCommandFileGivesTheExpectedTranscript() throws IOException {
        String jit = transcript("jit");
        assertEquals(resource("ring.expected"), jit);
        assertEquals(jit, transcript("interp"));
    }
}
