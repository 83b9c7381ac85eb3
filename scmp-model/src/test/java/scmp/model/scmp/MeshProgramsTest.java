package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.machine.Machine;

/**
 * The multi-node programs of programs/mesh, run on the meshes their headers name: the output is checked
 * against the program's own check, and the run against a strict lockstep run of the same program (identical
 * output, exit code, cycles and instruction counts).
 */
class MeshProgramsTest {
    static final Path DIR = Path.of("..", "programs", "mesh");

    static String source(String name) throws IOException {
        return Files.readString(DIR.resolve(name));
    }

    @ParameterizedTest(name = "{0} on {1}x{2}")
    @CsvSource(delimiter = '|', textBlock = """
        fanout.s | 4 | 4 | fanout: 16 nodes answered, checksum 0x00010a08: ok
        fanout.s | 8 | 8 | fanout: 64 nodes answered, checksum 0x00062020: ok
        fanout.s | 2 | 1 | fanout: 2 nodes answered, checksum 0x0000200d: ok
        """)
    void fanOutAnswersEveryNode(String program, int x, int y, String expected) throws IOException {
        Sim.Run r = Sim.run(source(program), b -> b.mesh(x, y));
        assertNull(r.message(), r.message());
        assertEquals(expected + "\n", r.out());
        assertEquals(0, r.exit());
        Sim.Run l = Sim.run(source(program), b -> b.mesh(x, y).lockstep(true));
        assertEquals(r.out(), l.out());
        assertEquals(r.result(), l.result());
    }

    @ParameterizedTest(name = "{0} on {1}x{2}")
    @CsvSource(delimiter = '|', textBlock = """
        ring.s    | 4 | 4 | ring: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 done
        ring.s    | 8 | 8 | ring: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 done
        hotspot.s | 4 | 4 | hotspot: 16 nodes, 64 messages, sum 7687680: ok
        hotspot.s | 8 | 8 | hotspot: 64 nodes, 256 messages, sum 129054720: ok
        """)
    void programPrintsItsLine(String program, int x, int y, String expected) throws IOException {
        Sim.Run r = Sim.run(source(program), b -> b.mesh(x, y));
        assertNull(r.message(), r.message());
        assertEquals(expected + "\n", r.out());
        assertEquals(0, r.exit());
    }

    @Test
    void deadlockEndsWithAReportOfEveryNode() throws IOException {
        Sim.Run r = Sim.run(source("deadlock.s"), b -> b.mesh(2, 1));
        assertEquals(Machine.Outcome.DEADLOCK, r.result().outcome());
        assertEquals(Machine.EXIT_DEADLOCK, r.exit());
        List<String> lines = r.message().lines().toList();
        assertTrue(lines.get(0).matches("scmpsim: deadlock at cycle \\d+ \\(network cycle \\d+\\): no thread can run on any "
                + "node and nothing has moved since cycle \\d+"), lines.get(0));
        // all 8 contexts of both nodes hold a blocked thread: one waits for queue room, the others for the NIU
        for (int node = 0; node < 2; node++) {
            for (int t = 0; t < 8; t++) {
                String prefix = "  node " + node + " thread " + t + ": blocked at pc ";
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(prefix) && l.contains("(pester+")), prefix);
            }
            String niu = "  node " + node + " NIU: injection queue 8/8 flits";
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(niu) && l.contains("a THREAD message's head waits at the "
                    + "ejection port for a free context")), niu);
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("waiting for queue room for 2 flit(s) (8/8 queued)")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("waiting for the NIU, held by thread 0's open message")));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("network mesh 2x1 at cycle ")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("(blocked downstream)")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("waiting for the network interface")));
    }
}
