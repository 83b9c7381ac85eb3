package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpsim --timeline}: the timeline of an MPI program on 4 ranks is valid trace-event JSON
 * ({@link TraceEventFormat}) and tells what the run did: every rank's MPI calls, one flow per message the NIUs
 * received, the DMA words the NIUs read, the threads' runs; the cycle window, node and kind filters bound it; and
 * the same run writes the same file.
 */
class TimelineTest {

    @TempDir
    static Path dir;

    static Path mpi;

    @BeforeAll
    static void build() throws IOException {
        mpi = SpmdProgramsTest.compile(dir, "timeline_mpi", """
                #include <stdio.h>
                #include <mpi.h>
                static int buf[64];
                static int work(int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        s += i * i;
                    }
                    return s;
                }
                int main(int argc, char **argv) {
                    int rank, size, sum = 0;
                    MPI_Init(&argc, &argv);
                    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                    MPI_Comm_size(MPI_COMM_WORLD, &size);
                    for (int i = 0; i < 64; i++) {
                        buf[i] = rank * 100 + i;
                    }
                    int x = work(200 * (rank + 1));
                    if (rank == 0) {
                        for (int r = 1; r < size; r++) {
                            MPI_Send(buf, 64, MPI_INT, r, 7, MPI_COMM_WORLD);
                        }
                    } else {
                        MPI_Recv(buf, 64, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    }
                    MPI_Barrier(MPI_COMM_WORLD);
                    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                    printf("rank %d: sum %d buf %d work %d\\n", rank, sum, buf[63], x);
                    MPI_Finalize();
                    return 0;
                }
                """, "-lmpi");
    }

    private static TraceEventFormat.Trace run(Path file, String... options) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("-n", "4", "--timeline", file.toString()));
        args.addAll(List.of(options));
        args.add(mpi.toString());
        SpmdProgramsTest.Sim s = SpmdProgramsTest.scmpsim(args.toArray(new String[0]));
        assertEquals(0, s.code(), s.err());
        assertEquals(4, s.out().lines().count(), s.out());
        return TraceEventFormat.validate(Files.readString(file));
    }

    private static Set<Integer> pids(TraceEventFormat.Trace t, String ph) {
        return t.phase(ph).stream().map(e -> e.get("pid").getAsInt()).collect(Collectors.toCollection(TreeSet::new));
    }

    private static List<String> names(TraceEventFormat.Trace t, String ph, int pid) {
        return t.phase(ph).stream().filter(e -> e.get("pid").getAsInt() == pid)
                .map(e -> e.get("name").getAsString()).toList();
    }

    @Test
    void theTimelineOfAnMpiRunIsValidAndShowsItsCallsMessagesAndThreads() throws IOException {
        Path file = dir.resolve("whole.json");
        Path stats = dir.resolve("whole.stats.json");
        TraceEventFormat.Trace t = run(file, "--stats", stats.toString());
        JsonObject st = JsonParser.parseString(Files.readString(stats)).getAsJsonObject();
        long received = 0;
        long dmaWords = 0;
        for (var n : st.getAsJsonArray("nodes")) {
            received += n.getAsJsonObject().get("messages_received").getAsLong();
            dmaWords += n.getAsJsonObject().get("dma_words_read").getAsLong();
        }
        long cycles = st.get("cycles").getAsLong();
        // every message the NIUs received is an arrow from its send to its receipt
        assertTrue(received > 0);
        assertEquals(received, t.flows());
        assertEquals(received, t.phase("X").stream().filter(e -> e.get("name").getAsString().contains(" from node "))
                .count());
        // every DMA word read is in a DMA slice
        long inSlices = t.phase("X").stream().filter(e -> e.get("name").getAsString().startsWith("DMA "))
                .mapToLong(e -> e.getAsJsonObject("args").get("words").getAsLong()).sum();
        assertEquals(dmaWords, inSlices);
        for (int rank = 0; rank < 4; rank++) {
            List<String> calls = names(t, "B", rank);
            for (String f : List.of("main", "MPI_Init", "MPI_Barrier", "MPI_Allreduce", "MPI_Finalize")) {
                assertTrue(calls.contains(f), "rank " + rank + " has no " + f + " slice: " + calls);
            }
            assertTrue(calls.contains(rank == 0 ? "MPI_Send" : "MPI_Recv"), calls.toString());
            assertTrue(names(t, "X", rank).contains("context 0"), "no run of context 0 on rank " + rank);
            assertTrue(names(t, "C", rank).contains("NIU queue"));
        }
        assertEquals(Set.of(0, 1, 2, 3), pids(t, "B"));
        for (JsonObject e : t.events()) {
            if (e.has("ts")) {
                long end = e.get("ts").getAsLong() + (e.has("dur") ? e.get("dur").getAsLong() : 0);
                assertTrue(end <= cycles, "after the run's end: " + e);
            }
        }
        // determinism: the same run writes the same file
        Path again = dir.resolve("again.json");
        run(again);
        assertEquals(Files.readString(file), Files.readString(again));
    }

    @Test
    void aWindowNodesAndKindsBoundTheTimeline() throws IOException {
        Path whole = dir.resolve("all.json");
        TraceEventFormat.Trace all = run(whole);
        Path part = dir.resolve("part.json");
        TraceEventFormat.Trace t = run(part, "--timeline-window", "2000:9000", "--timeline-nodes", "1-2");
        assertTrue(t.events().size() < all.events().size());
        assertEquals(Set.of(1, 2), pids(t, "B"));
        assertEquals(Set.of(1, 2), pids(t, "X"));
        for (JsonObject e : t.events()) {
            if (e.has("ts")) {
                long ts = e.get("ts").getAsLong();
                long end = ts + (e.has("dur") ? e.get("dur").getAsLong() : 0);
                assertTrue(ts >= 2000 && end <= 9000, "outside the window: " + e);
            }
        }
        Path mpiOnly = dir.resolve("mpi.json");
        TraceEventFormat.Trace m = run(mpiOnly, "--timeline-kinds", "mpi");
        for (JsonObject e : m.events()) {
            String ph = e.get("ph").getAsString();
            assertTrue(ph.equals("M") || e.get("cat").getAsString().equals("mpi"), "not an MPI event: " + e);
        }
        assertTrue(m.phase("B").size() >= 4 * 5);
    }

    @Test
    void badTimelineOptionsAreOneLine() {
        SpmdProgramsTest.Sim s = SpmdProgramsTest.scmpsim("--timeline", "/nonexistent-dir/t.json",
                mpi.toString());
        assertEquals(scmp.machine.Simulation.EXIT_TOOL, s.code());
        assertEquals("scmpsim: --timeline /nonexistent-dir/t.json: cannot write: no such directory\n", s.err());
        s = SpmdProgramsTest.scmpsim("--timeline", "x.json", "--timeline-window", "9:3", mpi.toString());
        assertEquals(scmp.machine.Simulation.EXIT_TOOL, s.code());
        assertEquals("scmpsim: --timeline-window 9:3: needs 0 <= FROM < TO\n", s.err());
        s = SpmdProgramsTest.scmpsim("--timeline", "x.json", "--timeline-nodes", "a", mpi.toString());
        assertEquals(scmp.machine.Simulation.EXIT_TOOL, s.code());
        assertEquals("scmpsim: --timeline-nodes a: expected a node number or a range N-M\n", s.err());
    }
}
