package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libmpi on the T3D model, the EPCC design (docs/mpi-t3d.md): every SCMP MPI test program of programs/mpi, built
 * with {@code -mmachine=t3d}, at 4 and 16 processes, prints what MPICH prints (its .expected file or
 * programs/mpi/expected) or, with no MPICH output, what it prints on SCMP (one-sided communication among them,
 * over the shell's put, get and swap); the slowest runs need {@code -Dscmp.t3d.slow=true}
 * (scripts/t3d-mpi-matrix.sh runs them all and prints the table of docs/mpi-t3d.md). A many-to-one flood through
 * small envelope queues delivers every message once and in its sender's order.
 */
class T3dMpiTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=t3d", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"coll, 4", "coll, 16", "comms, 4", "comms, 16", "groups, 4", "groups, 16", "ops, 4", "ops, 16",
        "colltypes, 4", "colltypes, 16", "cart, 4", "cart, 16", "commgroup, 4", "commgroup, 16", "bigreduce, 4",
        "intercomm, 4", "intercomm, 16", "mpi2funcs, 4", "mpi2funcs, 16", "nbcoll, 4", "nbcoll, 16", "attrs, 4",
        "attrs, 16", "manyruns, 4", "distgraph, 4", "nbrcoll, 4",
        "counts, 4", "info, 4", "info, 16", "winerr, 4",
        "winerr, 16", "adderr, 4", "largecount, 4", "largecount, 16", "comminfo, 4",
        "typecontents, 4", "typecontents, 16", "typeattrs, 4", "typeattrs, 16",
        "typedarray, 4", "typedarray, 16", "packexternal, 4", "packexternal, 16",
        "mprobe, 4", "mprobe, 16", "isendrecv, 4",
        "isendrecv, 16", "commidup, 4", "commidup, 16", "greq, 4", "internbc, 4", "internbc, 16", "largecount2, 4",
        "universe, 4", "statuserr, 4", "statuserr, 16",
        "fixedtypes, 4", "fixedtypes, 16", "ftypes, 4", "ftypes, 16", "pcoll, 4", "pcoll, 16",
        "transpose, 4", "winpoll, 4", "winpoll, 16",
        "winsync, 4", "winsync, 16", "getnomem, 4", "pcollc, 4", "accbulk, 4", "putconflict, 4", "putconflict, 16"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/" + name + "." + n + ".expected")), s.stdout());
    }

    /**
     * onesided_req.c on the T3D (mpi/src/win_extra.c over win_t3d.c): the request-based operations, window attributes,
     * keyvals and names, a dynamic window (MPI_Win_create_dynamic, attach, a put between fences and an MPI_Rget under
     * a lock at MPI_Get_address displacements, detach: its fence and lock drop the attached regions' lines from the
     * data cache, not the whole memory's) and a shared window of one process print MPICH's lines.
     */
    @ParameterizedTest(name = "onesided_req -n {0}")
    @CsvSource({"4", "16"})
    void requestBasedOperationsAndWindowAttributesPrintWhatMpichPrints(int n) throws IOException {
        anScmpMpiProgramPrintsWhatMpichPrints("onesided_req", n);
    }

    /**
     * One-sided communication (mpi/src/t3d/win_t3d.c) over the shell's put, get and swap: onesided.c's puts,
     * gets and accumulates between fences and under exclusive and shared locks, and onesided3.c's MPI-3 calls
     * (lock_all and the flushes, general active target, MPI_Fetch_and_op, MPI_Compare_and_swap,
     * MPI_Get_accumulate), and onesided_dtype.c's accumulates, get-accumulates and fetch-and-ops with derived
     * datatypes on origin, target and result and the six pair types element by element (those with a gap, a value
     * and an int apart, each read, combined and written back whole under the target's mutex), print what MPICH
     * prints.
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"onesided, 4", "onesided, 16", "onesided3, 4", "onesided3, 16", "onesided_dtype, 4",
        "onesided_dtype, 16"})
    void oneSidedCommunicationPrintsWhatMpichPrints(String name, int n) throws IOException {
        anScmpMpiProgramPrintsWhatMpichPrints(name, n);
    }

    /**
     * programs/sp-mpi/rma3.c's latencies of the MPI-3 calls on the T3D, the figures docs/mpi-t3d.md gives, each
     * completed by MPI_Win_flush: a flush alone, a put, fetch-and-ops and a compare-and-swap under the target's
     * mutex, an empty general-active-target epoch; and the results right.
     */
    @Test
    void theMpi3CallsTakeTheDocumentedCycles() {
        E2e.Sim s = E2e.scmpsim("-n", "2", build("programs/sp-mpi/rma3.c").toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("""
                rma3: a flush alone                           253 cycles
                rma3: put of an int                          1087 cycles
                rma3: fetch-and-op of an int (MPI_SUM)       3819 cycles
                rma3: fetch-and-op of a double (MPI_SUM)     3861 cycles
                rma3: compare-and-swap of an int             2726 cycles
                rma3: start and complete, an empty epoch     3221 cycles
                rma3: results ok
                """, s.stdout());
    }

    /**
     * lockfair.c at 4 processes with -v (docs/mpi-t3d.md, "Fairness of the lock"): a process waiting in
     * MPI_Win_lock gets the lock after a few of the iterations of a process that locks, updates and unlocks the
     * same target again and again (the ticket lock of win_t3d.c; with the lock taken by whoever swapped first the
     * waiter got in only after the loop's 1000 iterations), for an exclusive and a shared waiter behind an
     * exclusive loop and an exclusive waiter behind two shared loops; the lines MPI guarantees are MPICH's, and an
     * uncontended lock and unlock takes the documented cycles.
     */
    @Test
    void aProcessWaitingForAWindowLockGetsItWhileAnotherLocksAgainAndAgain() throws IOException {
        E2e.Sim s = E2e.scmpsim("-n", "4", build("programs/mpi/lockfair.c").toString(), "-v");
        assertTheWaiterGotInSoon(s, """
                lockfair: an uncontended exclusive lock and unlock: 2350 cycles (the mean of 16)
                lockfair: an uncontended shared lock and unlock: 2358 cycles (the mean of 16)
                """);
    }

    /**
     * What lockfair.c -v printed at 4 processes: MPICH's lines (lockfair.4.expected), each waiter in after at most
     * 16 of the loopers' iterations (rank 1 asks it to come after its third, and it takes 1000 when the lock
     * starves it), and, if given, the lines of the uncontended lock's cycles.
     */
    static void assertTheWaiterGotInSoon(E2e.Sim s, String cycles) throws IOException {
        assertEquals(0, s.exit(), s.stderr());
        Pattern after = Pattern.compile("lockfair .*: the waiter got the lock after (\\d+) iterations, of \\d+ in all");
        StringBuilder mpi = new StringBuilder(), timed = new StringBuilder();
        int waiters = 0;
        for (String line : s.stdout().lines().toList()) {
            Matcher m = after.matcher(line);
            if (m.matches()) {
                waiters++;
                assertTrue(Integer.parseInt(m.group(1)) <= 16, line);
            } else if (line.startsWith("lockfair: an uncontended")) {
                timed.append(line).append('\n');
            } else {
                mpi.append(line).append('\n');
            }
        }
        assertEquals(3, waiters, s.stdout());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/lockfair.4.expected")), mpi.toString());
        if (cycles != null)
            assertEquals(cycles, timed.toString());
    }

    /**
     * The point-to-point programs of programs/mpi whose MPICH output and exit status are in
     * programs/mpi/expected (fatal.c ends with MPI_ERRORS_ARE_FATAL's status).
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"datatypes, 4", "datatypes, 16", "probe, 4", "probe, 16", "bsend, 4", "bsend, 16", "persistent, 4",
        "persistent, 16", "completion, 4", "completion, 16", "errors, 4", "errors, 16", "fatal, 4", "fatal, 16",
        "storm, 4", "storm, 16"})
    void aPointToPointProgramPrintsAndEndsAsUnderMpich(String name, int n) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        Path expected = E2e.root().resolve("programs/mpi/expected");
        assertEquals(Files.readString(expected.resolve(name + ".n" + n + ".out")), s.stdout(), s.stderr());
        assertEquals(Integer.parseInt(Files.readString(expected.resolve(name + ".n" + n + ".status")).strip()),
                s.exit(), s.stderr());
    }

    /**
     * The slowest runs, given {@code -Dscmp.t3d.slow=true} (minutes of host time each; scripts/t3d-mpi-matrix.sh
     * prints their times): the messages of up to 3 x 65536 words of bigmsg.c and the 1 MiB ping-pong of
     * bigpingpong.c at both sizes against MPICH's output and status, and bigreduce.c at 16 against its .expected
     * file.
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"bigmsg, 4", "bigmsg, 16", "bigpingpong, 4", "bigpingpong, 16", "bigreduce, 16"})
    @EnabledIfSystemProperty(named = "scmp.t3d.slow", matches = "true")
    void theSlowRuns(String name, int n) throws IOException {
        if (name.equals("bigreduce")) {
            anScmpMpiProgramPrintsWhatMpichPrints(name, n);
        } else {
            aPointToPointProgramPrintsAndEndsAsUnderMpich(name, n);
        }
    }

    /**
     * The programs of programs/mpi with no MPICH output print on the T3D what they print on SCMP (the same
     * source built without {@code -mmachine}, run by {@code scmpsim -n}) and end with its status: the thesis's
     * launch form programs, which run main on every process elsewhere, the fast paths' reductions and a
     * program that ends with traffic left over.
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"anysource, 4", "anysource, 16", "barrier, 4", "barrier, 16", "bcast, 4", "bcast, 16", "ring, 4",
        "ring, 16", "pi, 4", "pi, 16", "pingpong, 4", "pingpong, 16", "fastpaths, 4", "fastpaths, 16",
        "leftover, 4", "leftover, 16", "greqquery, 4"})
    void aProgramWithoutMpichOutputPrintsWhatItPrintsOnScmp(String name, int n) {
        E2e.Sim scmp = onScmp(name, n);
        E2e.Sim t3d = E2e.scmpsim("-n", String.valueOf(n), build("programs/mpi/" + name + ".c").toString());
        assertEquals(scmp.stdout(), t3d.stdout(), t3d.stderr());
        assertEquals(scmp.exit(), t3d.exit(), t3d.stderr());
    }

    /** Builds programs/mpi/NAME.c for SCMP and runs it with {@code scmpsim -n N}. */
    private E2e.Sim onScmp(String name, int n) {
        Path exe = dir.resolve(name + ".scmp");
        E2e.Cc r = E2e.scmpcc("-O1", "-o", exe.toString(), E2e.root().resolve("programs/mpi/" + name + ".c").toString());
        assertEquals(0, r.status(), r.stderr());
        return E2e.scmpsim("-n", String.valueOf(n), exe.toString());
    }

    /**
     * The programs that print the machine's timings (latency.c's ping-pong, collbench.c's collectives) run to
     * the end on the T3D and print the lines they print on SCMP, the same message sizes and operations in the
     * same order (the first word of every line), with other numbers: collbench.c at 4 processes, the rest
     * (latency.c's 64 KB messages take half a minute) when {@code -Dscmp.t3d.slow=true} is given.
     */
    @Test
    void theCollectiveTimingsPrintTheLinesTheyPrintOnScmp() {
        timings("collbench", 4);
    }

    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"latency, 4", "latency, 16", "collbench, 16"})
    @EnabledIfSystemProperty(named = "scmp.t3d.slow", matches = "true")
    void aTimingProgramPrintsTheLinesItPrintsOnScmp(String name, int n) {
        timings(name, n);
    }

    private void timings(String name, int n) {
        E2e.Sim scmp = onScmp(name, n);
        E2e.Sim t3d = E2e.scmpsim("-n", String.valueOf(n), build("programs/mpi/" + name + ".c").toString());
        assertEquals(0, t3d.exit(), t3d.stderr());
        assertEquals(firstWords(scmp.stdout()), firstWords(t3d.stdout()));
        assertNotEquals(scmp.stdout(), t3d.stdout());
    }

    private static List<String> firstWords(String out) {
        return out.lines().map(l -> l.strip().split("\\s+")[0]).toList();
    }

    /**
     * nomem.c on nodes of SCMP's 8 MB: the packed copy of MPI_Sendrecv_replace and MPI_Alltoall's copy in place
     * find no room and return MPI_ERR_NO_MEM on every rank, as on SCMP, and under MPI_ERRORS_ARE_FATAL the run
     * ends with that status and a line per rank. The truncated receive of 5 MB into 8 bytes differs by design:
     * the T3D's receiver gets the 8 bytes it has room for straight into the user's buffer (docs/mpi-t3d.md,
     * "Point to point") and returns MPI_ERR_TRUNCATE, as MPICH does, where SCMP's needs a landing buffer of the
     * whole message.
     */
    @ParameterizedTest(name = "nomem -n {0}")
    @CsvSource({"4", "16"})
    void callsWithNoRoomForTheirCopiesReturnNoMemory(int n) {
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), "--mem=8M", build("programs/mpi/nomem.c").toString());
        assertEquals("""
                MPI_Sendrecv_replace of 5242880 bytes: MPI_ERR_NO_MEM, on every rank: yes
                MPI_Alltoall in place of 5242880 bytes: MPI_ERR_NO_MEM, on every rank: yes
                a truncated receive of 5242880 bytes: another error, buffer untouched: no; the sender: MPI_SUCCESS
                """, s.stdout());
        assertEquals(onScmp("nomem", n).exit(), s.exit());
        assertEquals(n, s.stderr().lines().filter(l -> l.startsWith("MPI_ERRORS_ARE_FATAL: MPI_Sendrecv_replace: "
                + "MPI_ERR_NO_MEM")).count(), s.stderr());
    }

    /**
     * deadlock.c ends with the deadlock report on the T3D as on SCMP: its PEs spin in libmpi's progress loop, which
     * the livelock proof covers on a model whose waits spin (docs/simulator.md, "Deadlocks and livelocks"), so the
     * run ends at the first check after 2^20 cycles with status 142, every PE named with its pc and the MPI call it
     * waits in, and every rank's MPI state (rank 0's posted receive from rank 1, the messages of ranks 2 and 3).
     */
    @ParameterizedTest(name = "deadlock -n {0}")
    @CsvSource({"4", "16"})
    void aDeadlockedProgramEndsAtOnceWithTheReport(int n) {
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), "--max-cycles=20000000",
                build("programs/mpi/deadlock.c").toString());
        assertEquals(142, s.exit(), s.stderr());
        assertEquals("", s.stdout());
        assertTrue(s.stderr().startsWith("scmpsim: deadlock at cycle "), s.stderr());
        assertTrue(s.stderr().contains(": livelock: every thread left only waits (spinning in a loop that reads only "
                + "what never changes); since cycle 1048576 "), s.stderr());
        long at = Long.parseLong(s.stderr().replaceAll("(?s)^scmpsim: deadlock at cycle (\\d+):.*", "$1"));
        assertTrue(at < (1 << 20) + (1 << 14), s.stderr());
        for (int pe = 0; pe < n; pe++) {
            assertTrue(s.stderr().matches("(?s).*\n  node " + pe + " thread 0: running at pc 0x[0-9a-f]{8} \\([^)]+\\), "
                    + "in MPI_Recv\\+0x[0-9a-f]+\n.*"), s.stderr());
        }
        assertTrue(s.stderr().contains("\nMPI state (libmpi"), s.stderr());
        assertTrue(s.stderr().contains("\n  rank 0 (node 0):\n    posted receive: source 1, tag 5, MPI_COMM_WORLD, "
                + "4 bytes\n"), s.stderr());
    }

    /**
     * cartmesh.c (mesh hops of the SCMP chip's nodes) and inittwice.c (the thesis's launch form only) are about
     * the SCMP chip: built for the T3D they stop at their {@code #include <scmp.h>} with one error line and a
     * note that names the header's machine.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"cartmesh", "inittwice"})
    void anScmpOnlyProgramDoesNotBuildForTheT3d(String name) {
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=t3d", "-o", dir.resolve(name).toString(),
                E2e.root().resolve("programs/mpi/" + name + ".c").toString());
        assertEquals(1, r.status());
        assertTrue(r.stderr().contains("error: scmp.h: No such file or directory"), r.stderr());
        assertTrue(r.stderr().contains("note: scmp.h is a header of the scmp machine model"), r.stderr());
    }

    /**
     * The collectives over protocol slots give exact results on process counts that are not powers of two
     * too: broadcast and reduce from every root (words, odd byte counts, a strided type, a non-commutative
     * operation), gather, scatter, allreduce, all-to-all, and barriers and broadcasts on part of the world.
     */
    @ParameterizedTest(name = "collcheck -n {0}")
    @CsvSource({"2", "3", "7"})
    void theCollectivesOverSlotsAreExact(int n) {
        Path exe = build("programs/t3d-mpi/collcheck.c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        assertEquals("collcheck: " + n + " processes, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    /** The profiling interface in the T3D's libmpi: pmpi.c's own MPI_Send, MPI_Recv and MPI_Barrier over PMPI_. */
    @ParameterizedTest(name = "pmpi -n {0}")
    @CsvSource({"4", "16"})
    void aProgramWrapsMpiFunctionsOverTheirPmpiNames(int n) throws IOException {
        Path exe = build("programs/mpi/pmpi.c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/expected/pmpi.n" + n + ".out")), s.stdout());
    }

    /**
     * MPI_BUFFER_MAX and MPI_BUFFER_TOTAL come from the environment (docs/mpi-t3d.md, "Point to point"): COMMS1's standard
     * send of 1 KB is copied and advertised (RTA) by default; above MPI_BUFFER_MAX it goes as a synchronous send (RAT:
     * no copy, the data put), and with no room for its copy within MPI_BUFFER_TOTAL it advertises the message itself
     * (RTA without the copy). The T protocol's 8 bytes and the copied 512 bytes do not move.
     */
    @Test
    void theBufferLimitsComeFromTheEnvironment() {
        Path exe = build("programs/t3d-mpi/comms1.c");
        assertEquals(List.of("standard 8 3373", "standard 512 6264", "standard 1024 8405", "sync 1024 5198"),
            comms1(exe));
        assertEquals(List.of("standard 8 3373", "standard 512 6264", "standard 1024 4961", "sync 1024 5198"),
            comms1(exe, "--env", "MPI_BUFFER_MAX=512"));
        assertEquals(List.of("standard 8 3373", "standard 512 6264", "standard 1024 6006", "sync 1024 5198"),
            comms1(exe, "--env", "MPI_BUFFER_TOTAL=512"));
    }

    /**
     * COMMS2 (both ranks send, then receive) up to 64 KB within an MPI_BUFFER_TOTAL of 200000 bytes: each copy is
     * given back once its receiver has got it, so the copies held never pass 2 x 64 KB. A send and a receive that
     * both complete without a wait gave none back before, and at 64 KB both sides found no room, advertised their
     * messages in place and waited for each other for good (docs/mpi-t3d.md, "Point to point").
     */
    @Test
    void anExchangeGivesItsCopiesBackAndEnds() {
        Path exe = build("programs/t3d-mpi/comms2.c");
        E2e.Sim s = E2e.scmpsim("-n", "2", "--env", "MPI_BUFFER_TOTAL=200000", exe.toString(), "4", "65536");
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(18, s.stdout().lines().count(), s.stdout());
        assertTrue(s.stdout().contains("exchange 65536 "), s.stdout());
    }

    /** COMMS1 up to 1 KB, 4 round trips: the mode, bytes and cycles of 8, 512 and 1024 bytes standard, 1024 sync. */
    private static List<String> comms1(Path exe, String... env) {
        List<String> args = new java.util.ArrayList<>(List.of("-n", "2"));
        args.addAll(List.of(env));
        args.addAll(List.of(exe.toString(), "4", "1024"));
        E2e.Sim s = E2e.scmpsim(args.toArray(String[]::new));
        assertEquals(0, s.exit(), s.stderr());
        return s.stdout().lines().map(l -> l.split(" "))
            .filter(f -> f[0].equals("standard") ? List.of("8", "512", "1024").contains(f[1]) : f[1].equals("1024"))
            .map(f -> f[0] + " " + f[1] + " " + f[2]).toList();
    }

    @Test
    void manySendersFloodingOneQueueDeliverEveryMessageOnceInOrder() {
        Path exe = build("programs/t3d-mpi/flood.c");
        // a queue of 4 slots for 15 writers: the swap lock and the full-queue path are both exercised
        E2e.Sim s = E2e.scmpsim("-n", "16", "--env", "MPI_SM_POOL=4", exe.toString(), "30");
        assertEquals("flood: 15 senders x 30 messages, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }
}
