package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpsim --profile} on programs with known hot spots: a loop in one function, and ranks that wait in a
 * barrier while rank 0 works. The attribution is checked against what the programs do, and every node's self
 * cycles must add up to the run's cycles.
 */
class ProfileE2eTest {

    @TempDir
    Path dir;

    static final String HOT = """
            #include <stdio.h>
            static volatile int sink;
            int hot(int n) {
                int s = 0;
                for (int i = 0; i < n; i++) {
                    s += i * i;
                }
                return s;
            }
            int cold(int n) {
                return n + 1;
            }
            int main(void) {
                int t = 0;
                for (int k = 0; k < 10; k++) {
                    t += hot(1000);
                    t += cold(k);
                }
                sink = t;
                printf("%d\\n", t);
                return 0;
            }
            """;

    static final String BARRIER = """
            #include <mpi.h>
            static volatile int sink;
            void work(int n) {
                int s = 0;
                for (int i = 0; i < n; i++) {
                    s += i ^ (s >> 3);
                }
                sink = s;
            }
            int main(int argc, char **argv) {
                int rank;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                if (rank == 0) {
                    work(20000);
                }
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Finalize();
                return 0;
            }
            """;

    /** Every node's functions by name. */
    private static Map<Integer, Map<String, JsonObject>> byNode(JsonObject profile) {
        Map<Integer, Map<String, JsonObject>> out = new HashMap<>();
        for (JsonElement n : profile.getAsJsonArray("nodes")) {
            Map<String, JsonObject> fns = new HashMap<>();
            for (JsonElement f : n.getAsJsonObject().getAsJsonArray("functions")) {
                fns.put(f.getAsJsonObject().get("function").getAsString(), f.getAsJsonObject());
            }
            out.put(n.getAsJsonObject().get("node").getAsInt(), fns);
        }
        return out;
    }

    private static long selfSum(Map<String, JsonObject> fns) {
        return fns.values().stream().mapToLong(f -> f.get("self").getAsLong()).sum();
    }

    private static long get(Map<String, JsonObject> fns, String fn, String field) {
        JsonObject f = fns.get(fn);
        assertNotNull(f, () -> fn + " is not in the profile: " + fns.keySet());
        return f.get(field).getAsLong();
    }

    @Test
    void theLoopsFunctionHasTheCyclesAndSelfCyclesAddUpToTheRun() throws Exception {
        Path exe = E2e.buildDebug(dir, "hot", HOT);
        Path json = dir.resolve("hot.json");
        E2e.Sim r = E2e.scmpsim("--profile=" + json, "--cycles", exe.toString());
        assertEquals(0, r.exit(), r.stderr());
        long cycles = Long.parseLong(IdentityCorpusTest.value(r.stderr(), "cycles"));
        JsonObject profile = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        assertEquals(cycles, profile.get("cycles").getAsLong());
        Map<String, JsonObject> fns = byNode(profile).get(0);
        assertEquals(cycles, selfSum(fns), "node 0's self cycles add up to the run's");
        long hot = get(fns, "hot", "self");
        assertTrue(hot > 0.95 * cycles, () -> "hot: " + hot + " of " + cycles);
        assertEquals(10, get(fns, "hot", "calls"));
        assertEquals(10, get(fns, "cold", "calls"));
        assertEquals(hot, get(fns, "hot", "inclusive"), "hot calls nothing");
        // the loop multiplies: its stalls are the multiplier's; its branch bubbles the loop's taken branch
        assertTrue(get(fns, "hot", "stall_mul") >= 10 * 1000, fns.get("hot").toString());
        assertTrue(get(fns, "hot", "branch") >= 10 * 1000, fns.get("hot").toString());
        assertTrue(fns.get("hot").get("file").getAsString().endsWith("hot.c"), fns.get("hot").toString());
        long main = get(fns, "main", "inclusive");
        assertTrue(main >= hot + get(fns, "cold", "inclusive") && main <= cycles, "main: " + main);
        // the flat table on stderr names the function with its file, first
        String table = r.stderr().substring(r.stderr().indexOf("profile: "));
        String first = table.lines().skip(2).findFirst().orElse("");
        assertTrue(first.contains(" hot (") && first.contains("hot.c)"), table);
        // the CSV has the same figures
        Path csv = dir.resolve("hot.csv");
        assertEquals(0, E2e.scmpsim("--profile=" + csv, exe.toString()).exit());
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.get(0).startsWith("node,function,file,self,inclusive,instructions,"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("0,hot,") && l.contains("," + hot + ",")), lines.toString());
    }

    @Test
    void ranksInABarrierWaitInMpiBarrierAndRankZeroWorks() throws Exception {
        Path exe = E2e.buildDebug(dir, "barrier", BARRIER);
        Path json = dir.resolve("barrier.json");
        Path stats = dir.resolve("stats.json");
        E2e.Sim r = E2e.scmpsim("-n", "4", "--profile=" + json, "--stats=" + stats, "--cycles", exe.toString());
        assertEquals(0, r.exit(), r.stderr());
        long cycles = Long.parseLong(IdentityCorpusTest.value(r.stderr(), "cycles"));
        Map<Integer, Map<String, JsonObject>> nodes = byNode(JsonParser.parseString(Files.readString(json))
                .getAsJsonObject());
        assertEquals(4, nodes.size());
        for (int n = 0; n < 4; n++) {
            assertEquals(cycles, selfSum(nodes.get(n)), "node " + n + "'s self cycles add up to the run's");
        }
        assertTrue(get(nodes.get(0), "work", "self") > 0.8 * cycles);
        assertTrue(get(nodes.get(0), "MPI_Barrier", "waiting") < 0.01 * cycles);
        JsonArray st = JsonParser.parseString(Files.readString(stats)).getAsJsonObject().getAsJsonArray("nodes");
        for (int n = 1; n < 4; n++) {
            Map<String, JsonObject> fns = nodes.get(n);
            long waiting = get(fns, "MPI_Barrier", "waiting");
            assertTrue(waiting > 0.8 * cycles, "node " + n + " waits in MPI_Barrier: " + waiting + " of " + cycles);
            assertTrue(get(fns, "MPI_Barrier", "waiting_calls") == 1);
            assertTrue(!fns.containsKey("work"));
            // --stats splits the issue slots: polling in the barrier is waiting, not busy
            JsonObject c = st.get(n).getAsJsonObject().getAsJsonObject("cycles");
            assertTrue(c.get("waiting").getAsLong() > 4 * c.get("busy").getAsLong(), c.toString());
        }
        JsonObject c0 = st.get(0).getAsJsonObject().getAsJsonObject("cycles");
        assertTrue(c0.get("busy").getAsLong() > 100 * c0.get("waiting").getAsLong(), c0.toString());
        assertTrue(r.stderr().contains("waiting in library calls"), r.stderr());
        assertTrue(r.stderr().matches("(?s).*\n  MPI_Barrier +3 .*"), r.stderr());
    }

    @Test
    void aBareProfileOptionDoesNotTakeTheProgramForItsFile() throws Exception {
        Path exe = E2e.buildDebug(dir, "hot", HOT);
        E2e.Sim r = E2e.scmpsim("--profile", exe.toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("profile: "), r.stderr());
    }
}
