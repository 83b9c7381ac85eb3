package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;



/**
 * C programs launched the SPMD way ({@code scmpsim -n N}) and the SCMP way, compiled by scmpcc with the real C
 * library: getenv on every node, main's envp, exit statuses, {@code _exit_all}, output of many ranks, and an
 * MPI program under both protocol families.
 */
class SpmdProgramsTest {

    @TempDir
    static Path dir;

    record Sim(int code, String out, String err) {
    }

    static Sim scmpsim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimMain.run(new SimMain(out, err, new ByteArrayInputStream(new byte[0])), args);
        return new Sim(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Path compile(String name, String source, String... libs) throws IOException {
        return compile(dir, name, source, libs);
    }

    static Path compile(Path dir, String name, String source, String... libs) throws IOException {
        Path c = dir.resolve(name + ".c");
        Files.writeString(c, source);
        Path exe = dir.resolve(name);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new java.util.ArrayList<>(List.of("-O1", "-o", exe.toString(), c.toString()));
        args.addAll(List.of(libs));
        int status;
        try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = CcMain.run(o, e, args.toArray(new String[0]));
        }
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return exe;
    }

    static Path ranks;
    static Path probe;

    @BeforeAll
    static void build() throws IOException {
        // every rank prints three lines, each in several printf calls with work in between, then returns
        // the status given by argv[1] for rank 2 (0 for the others), or calls _exit_all from rank 1 with argv[2]
        ranks = compile("ranks", """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <unistd.h>
                #include <scmp.h>
                static volatile int sink;
                static void work(int n) { int i; for (i = 0; i < n; i++) sink += i; }
                int main(int argc, char **argv, char **envp) {
                    int me = getNodeId(), l;
                    const char *np = getenv("SCMP_NPROCS");
                    for (l = 0; l < 3; l++) {
                        printf("rank %d", me);
                        work(7 * me + 3 * l);
                        printf(" line %d", l);
                        work(11 * ((me * 5 + l) % 7));
                        printf(" of %s\\n", np ? np : "?");
                    }
                    if (envp != environ)
                        return 99;
                    if (argc > 2 && me == 1) {
                        fflush(stdout);
                        _exit_all(atoi(argv[2]));
                    }
                    if (argc > 2)
                        for (;;)
                            work(10);
                    return me == 2 && argc > 1 ? atoi(argv[1]) : 0;
                }
                """);
        // node 0 starts a thread on nodes 1..3 (they never run main), each reports the length of $GREETING
        probe = compile("probe", """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <scmp.h>
                int result[4] = {0, -2, -2, -2};
                void report(int node, int len) { result[node] = len; }
                void probe(int from) {
                    const char *v = getenv("GREETING");
                    createThread(from, (void (*)())report, 0, getNodeId(), v ? (int)strlen(v) : -1);
                }
                int main(void) {
                    int i, done = 0;
                    for (i = 1; i < 4; i++)
                        createThread(i, (void (*)())probe, 0, 0);
                    while (!done) {
                        suspendThread();
                        done = result[1] != -2 && result[2] != -2 && result[3] != -2;
                    }
                    for (i = 1; i < 4; i++)
                        printf("node %d: %d\\n", i, result[i]);
                    printf("node 0: %s\\n", getenv("GREETING") ? getenv("GREETING") : "(none)");
                    return 0;
                }
                """);
    }

    @Test
    void getenvWorksOnNodesThatOnlyThreadMessagesReach() {
        Sim s = scmpsim("--mesh", "2x2", "--env", "GREETING=hello world", probe.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals("node 1: 11\nnode 2: 11\nnode 3: 11\nnode 0: hello world\n", s.out());
        Sim none = scmpsim("--mesh", "2x2", probe.toString());
        assertEquals("node 1: -1\nnode 2: -1\nnode 3: -1\nnode 0: (none)\n", none.out());
    }

    @Test
    void sixteenRanksPrintWholeLinesDeterministically() {
        Sim s = scmpsim("-n", "16", "--cycles", ranks.toString());
        assertEquals(0, s.code(), s.err());
        List<String> lines = s.out().lines().toList();
        assertEquals(48, lines.size(), s.out());
        Pattern whole = Pattern.compile("rank (\\d+) line (\\d) of 16");
        int[] next = new int[16];
        for (String line : lines) {
            var m = whole.matcher(line);
            assertTrue(m.matches(), line);
            int r = Integer.parseInt(m.group(1));
            assertEquals(next[r]++, Integer.parseInt(m.group(2)), "each rank's lines in order");
        }
        assertTrue(!s.out().equals(sortedByRank(lines)), "the ranks' lines interleave");
        assertEquals(s, scmpsim("-n", "16", "--cycles", ranks.toString()));
    }

    private static String sortedByRank(List<String> lines) {
        StringBuilder sb = new StringBuilder();
        lines.stream().sorted(java.util.Comparator.comparingInt(l -> Integer.parseInt(l.split(" ")[1])))
                .forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    @Test
    void exitStatusesOfRanks() {
        Sim s = scmpsim("-n", "4", ranks.toString(), "3");
        assertEquals(3, s.code(), s.err());
        assertEquals(12, s.out().lines().count());
        Sim all = scmpsim("-n", "4", ranks.toString(), "0", "5");
        assertEquals(5, all.code(), all.err());
        assertEquals("", all.err());
        assertTrue(all.out().contains("rank 1 line 2 of 4\n"), all.out());
    }

    @Test
    void anMpiProgramRunsUnderBothProtocolFamilies() throws IOException {
        Path mpi = compile("mpihello", """
                #include <stdio.h>
                #include <mpi.h>
                int main(int argc, char **argv) {
                    int rank, size, sum = 0;
                    MPI_Init(&argc, &argv);
                    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                    MPI_Comm_size(MPI_COMM_WORLD, &size);
                    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                    printf("rank %d of %d: sum %d\\n", rank, size, sum);
                    MPI_Finalize();
                    return 0;
                }
                """, "-lmpi");
        for (String p : List.of("thesis", "ours")) {
            Sim s = scmpsim("-n", "6", "--mpi-protocol", p, mpi.toString());
            assertEquals(0, s.code(), s.err());
            List<String> lines = s.out().lines().sorted().toList();
            assertEquals(6, lines.size(), s.out());
            for (int r = 0; r < 6; r++) {
                assertEquals("rank " + r + " of 6: sum 15", lines.get(r));
            }
        }
    }
}
