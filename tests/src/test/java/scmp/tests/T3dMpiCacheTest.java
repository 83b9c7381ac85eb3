package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libmpi on the T3D model with the data cache ({@code --param dataCache=true}; docs/t3d.md "Data cache",
 * docs/mpi-t3d.md "The data cache"): remote writes reach memory behind the cache, so every word another PE writes
 * and this one reads (the envelope queue's head and slots, acknowledgements, RAT's address and flag, the
 * collectives' slots and landed data, the windows' notices and memory) has to be read after its line is
 * invalidated, or a poll spins on a stale value for good (the run then ends with the livelock report). The programs
 * of {@link T3dMpiTest} print with the cache what they print without it: MPICH's output where there is one, else
 * the same run without the cache. Which lines collide in the 8 KB direct-mapped cache depends on the code's and
 * the data's layout, so the programs that exercise the most protocols are built at -O0, -O1 and -O2.
 */
class T3dMpiCacheTest {
    @TempDir
    Path dir;

    private Path build(String source, String opt) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", "") + opt);
        E2e.Cc r = E2e.scmpcc(opt, "-mmachine=t3d", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    /**
     * scmpsim -n N --param dataCache=true [options] EXE [program arguments], stopped at 100 million cycles (the
     * longest run here, bigreduce's, is given 400 million; it takes 194 million at -O1, the others at most 30 million):
     * a poll that spins on a stale line invalidates other lines as it goes, so the livelock proof does not end
     * such a run, the limit does.
     */
    private static E2e.Sim cached(int n, List<String> options, Path exe, String... arguments) {
        long limit = exe.getFileName().toString().startsWith("bigreduce") ? 400_000_000L : 100_000_000L;
        List<String> args = new ArrayList<>(List.of("-n", String.valueOf(n), "--param", "dataCache=true",
                "--max-cycles=" + limit));
        args.addAll(options);
        args.add(exe.toString());
        args.addAll(List.of(arguments));
        return E2e.scmpsim(args.toArray(String[]::new));
    }

    /**
     * Every program of programs/mpi that T3dMpiTest runs at 4 processes (and some at 16), with the cache, against
     * MPICH's output (NAME.N.expected, or expected/NAME.nN.out and .status) or, for the programs without one, the
     * same executable's output and status without the cache.
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({
        // the point-to-point protocols (T, TA, RTA with and without a copy, RAT, buffered), probes, completion
        "datatypes, 4, -O0", "datatypes, 4, -O1", "datatypes, 4, -O2", "datatypes, 16, -O1",
        "probe, 4, -O0", "probe, 4, -O1", "probe, 4, -O2",
        "bsend, 4, -O0", "bsend, 4, -O1", "bsend, 4, -O2",
        "persistent, 4, -O0", "persistent, 4, -O1", "persistent, 4, -O2",
        "completion, 4, -O0", "completion, 4, -O1", "completion, 4, -O2", "completion, 16, -O1",
        "storm, 4, -O0", "storm, 4, -O1", "storm, 4, -O2", "storm, 16, -O1",
        "errors, 4, -O1", "fatal, 4, -O1", "pmpi, 4, -O1",
        // one-sided: fences, locks, lock_all and flushes, general active target, the atomics, derived datatypes
        // and the pair types on both sides of the accumulates, the request-based calls and a dynamic window
        "onesided, 4, -O0", "onesided, 4, -O1", "onesided, 4, -O2", "onesided, 16, -O1",
        "onesided3, 4, -O0", "onesided3, 4, -O1", "onesided3, 4, -O2", "onesided3, 16, -O1",
        "onesided_dtype, 4, -O0", "onesided_dtype, 4, -O1", "onesided_dtype, 4, -O2", "onesided_dtype, 16, -O1",
        "onesided_req, 4, -O1", "onesided_req, 16, -O1",
        // the collectives over the protocol slots, communicators, the rest of the API
        "coll, 4, -O0", "coll, 4, -O1", "coll, 4, -O2", "coll, 16, -O1",
        "nbcoll, 4, -O0", "nbcoll, 4, -O1", "nbcoll, 4, -O2",
        "comms, 4, -O1", "groups, 4, -O1", "ops, 4, -O1", "colltypes, 4, -O1", "cart, 4, -O1", "commgroup, 4, -O1",
        "bigreduce, 4, -O1", "intercomm, 4, -O1", "intercomm, 16, -O1", "mpi2funcs, 4, -O1", "attrs, 4, -O1",
        "manyruns, 4, -O1",
        // no MPICH output: the same run without the cache
        "anysource, 4, -O1", "barrier, 4, -O1", "bcast, 4, -O1", "ring, 4, -O1", "pi, 4, -O1",
        "pingpong, 4, -O0", "pingpong, 4, -O1", "pingpong, 4, -O2", "fastpaths, 4, -O1", "leftover, 4, -O1"})
    void anMpiProgramPrintsWithTheCacheWhatItPrintsWithout(String name, int n, String opt) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c", opt);
        E2e.Sim s = cached(n, List.of(), exe);
        Path mpich = E2e.root().resolve("programs/mpi/" + name + "." + n + ".expected");
        Path expected = E2e.root().resolve("programs/mpi/expected");
        if (Files.exists(mpich)) {
            assertEquals(Files.readString(mpich), s.stdout(), s.stderr());
            assertEquals(0, s.exit(), s.stderr());
        } else if (Files.exists(expected.resolve(name + ".n" + n + ".out"))) {
            assertEquals(Files.readString(expected.resolve(name + ".n" + n + ".out")), s.stdout(), s.stderr());
            assertEquals(Integer.parseInt(Files.readString(expected.resolve(name + ".n" + n + ".status")).strip()),
                    s.exit(), s.stderr());
        } else {
            E2e.Sim plain = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
            assertEquals(plain.stdout(), s.stdout(), s.stderr());
            assertEquals(plain.exit(), s.exit(), s.stderr());
        }
    }

    /**
     * Fifteen senders flooding one queue of 4 slots with the cache: the queue's head is read after its line is
     * invalidated, the full-queue path reads the consumed count with a get, and every message arrives once and in
     * order.
     */
    @ParameterizedTest(name = "flood {0}")
    @CsvSource({"-O0", "-O1", "-O2"})
    void manySendersFloodingOneQueueDeliverEveryMessageWithTheCache(String opt) {
        E2e.Sim s = cached(16, List.of("--env", "MPI_SM_POOL=4"), build("programs/t3d-mpi/flood.c", opt), "30");
        assertEquals("flood: 15 senders x 30 messages, 0 error(s)\n", s.stdout(), s.stderr());
        assertEquals(0, s.exit(), s.stderr());
    }

    /** The collectives over slots give exact results with the cache, on process counts that are not powers of two. */
    @ParameterizedTest(name = "collcheck -n {0} {1}")
    @CsvSource({"3, -O1", "7, -O0", "7, -O2"})
    void theCollectivesOverSlotsAreExactWithTheCache(int n, String opt) {
        E2e.Sim s = cached(n, List.of(), build("programs/t3d-mpi/collcheck.c", opt));
        assertEquals("collcheck: " + n + " processes, 0 error(s)\n", s.stdout(), s.stderr());
        assertEquals(0, s.exit(), s.stderr());
    }
}
