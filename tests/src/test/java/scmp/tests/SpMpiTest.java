package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * libmpi on the SP model, MPI-LAPI (docs/mpi-sp.md): the SCMP MPI test programs, unmodified and built with
 * {@code -mmachine=sp}, print what MPICH prints and end as under MPICH (their .expected files, or
 * programs/mpi/expected) under the three versions (MPI_LAPI_VERSION) at 4 and 16 processes, and the whole matrix
 * of programs, process counts and stacks with {@code -Dscmp.sp.slow=true}; messages across the eager limit arrive whole in every send mode and in their order; and the
 * one-word ping-pong takes the cycles docs/mpi-sp.md gives for each version.
 */
class SpMpiTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=sp", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    private E2e.Sim run(Path exe, int n, String... env) {
        String[] args = new String[5 + 2 * env.length];
        int i = 0;
        args[i++] = "--machine";
        args[i++] = "sp";
        args[i++] = "-n";
        args[i++] = String.valueOf(n);
        for (String e : env) {
            args[i++] = "--env";
            args[i++] = e;
        }
        args[i] = exe.toString();
        return E2e.scmpsim(args);
    }

    /**
     * What MPICH gives for programs/mpi's NAME at n processes: NAME.N.expected (exit status 0) for the programs in
     * standard form, else programs/mpi/expected/NAME.nN.out and .status (the point-to-point programs; fatal.c ends
     * with MPI_ERRORS_ARE_FATAL's status). The run must print that and end so.
     */
    static void assertAsUnderMpich(String name, int n, E2e.Sim s) throws IOException {
        Path mpi = E2e.root().resolve("programs/mpi");
        Path standard = mpi.resolve(name + "." + n + ".expected");
        if (Files.exists(standard)) {
            assertEquals(Files.readString(standard), s.stdout(), s.stderr());
            assertEquals(0, s.exit(), s.stderr());
        } else {
            assertEquals(Files.readString(mpi.resolve("expected/" + name + ".n" + n + ".out")), s.stdout(), s.stderr());
            assertEquals(Integer.parseInt(Files.readString(mpi.resolve("expected/" + name + ".n" + n + ".status"))
                    .strip()), s.exit(), s.stderr());
        }
    }

    /** The --env settings of a stack: base, counters or enhanced (MPI-LAPI's versions) or native. */
    static String stackEnv(String stack) {
        return stack.equals("native") ? "MP_MPI_STACK=native" : "MPI_LAPI_VERSION=" + stack;
    }

    /**
     * Every SCMP MPI program with MPICH output at -n 4 under one of the versions (the native stack runs the others
     * in SpNativeMpiTest), and a spread at -n 16; bigmsg, bigpingpong and bigreduce (minutes each) only in
     * {@link #everyProgramUnderEveryStack}.
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({"groups, 4, base", "groups, 4, counters", "groups, 4, enhanced", "ops, 4, base", "comms, 4, counters",
        "coll, 4, enhanced", "attrs, 4, base", "cart, 4, base", "errors, 4, base", "pmpi, 4, base",
        "bsend, 4, counters", "colltypes, 4, counters", "fatal, 4, counters", "storm, 4, counters",
        "commgroup, 4, enhanced", "intercomm, 4, enhanced", "datatypes, 4, enhanced", "probe, 4, enhanced",
        "groups, 16, enhanced", "bsend, 16, base", "errors, 16, base", "fatal, 16, counters",
        "datatypes, 16, counters", "completion, 16, enhanced", "onesided_req, 4, counters", "onesided_req, 4, native",
        "onesided_req, 4, enhanced", "onesided_req, 16, enhanced", "onesided_req, 16, native",
        "winpoll, 4, base", "winpoll, 4, enhanced", "winpoll, 4, native", "winpoll, 16, enhanced", "winpoll, 16, native",
        "distgraph, 4, enhanced", "nbrcoll, 4, counters", "counts, 4, base",
        "info, 4, counters", "info, 4, native", "winerr, 4, counters",
        "winerr, 4, native", "adderr, 4, base", "largecount, 4, base", "largecount, 4, native",
        "largecount, 16, enhanced", "comminfo, 4, counters", "comminfo, 4, native",
        "typecontents, 4, enhanced", "typecontents, 16, native",
        "typeattrs, 4, counters", "typeattrs, 16, base", "typedarray, 4, native", "typedarray, 16, enhanced",
        "packexternal, 4, base", "packexternal, 16, native",
        "mprobe, 4, enhanced", "mprobe, 4, native",
        "mprobe, 16, counters", "isendrecv, 4, base", "isendrecv, 4, native",
        "commidup, 4, enhanced", "commidup, 4, native", "commidup, 16, base", "greq, 4, counters", "greq, 4, native",
        "internbc, 4, native", "internbc, 16, enhanced", "largecount2, 4, native", "largecount2, 16, enhanced",
        "universe, 4, base", "statuserr, 4, counters", "statuserr, 4, native", "statuserr, 16, enhanced",
        "fixedtypes, 4, counters", "fixedtypes, 4, native", "ftypes, 4, counters", "ftypes, 4, native",
        "pcoll, 4, base", "pcoll, 4, native", "pcoll, 16, enhanced",
        "transpose, 4, counters", "winsync, 4, base", "winsync, 4, native", "winsync, 16, enhanced",
        "putconflict, 4, base", "putconflict, 4, native", "putconflict, 16, enhanced",
        "getnomem, 4, counters", "getnomem, 4, native", "pcollc, 4, enhanced", "pcollc, 4, native"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n, String version) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        assertAsUnderMpich(name, n, run(exe, n, stackEnv(version)));
    }

    /**
     * The programs of programs/mpi with no MPICH output print on the SP what they print on SCMP (the same source
     * built without {@code -mmachine}, run by {@code scmpsim -n}) and end with its status: the thesis's launch form
     * programs, which run main on every process elsewhere, the fast paths' reductions and a program that ends with
     * traffic left over; each under one stack, a spread over the four.
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({"anysource, 4, base", "barrier, 4, counters", "bcast, 4, enhanced", "ring, 4, native",
        "pi, 4, base", "pingpong, 4, native", "fastpaths, 4, counters", "leftover, 4, enhanced", "ring, 16, base",
        "bcast, 16, native", "greqquery, 4, counters", "greqquery, 4, native"})
    void aProgramWithoutMpichOutputPrintsWhatItPrintsOnScmp(String name, int n, String stack) {
        Path scmpExe = dir.resolve(name + ".scmp");
        E2e.Cc r = E2e.scmpcc("-O1", "-o", scmpExe.toString(), E2e.root().resolve("programs/mpi/" + name + ".c")
                .toString());
        assertEquals(0, r.status(), r.stderr());
        E2e.Sim scmp = E2e.scmpsim("-n", String.valueOf(n), scmpExe.toString());
        E2e.Sim sp = run(build("programs/mpi/" + name + ".c"), n, stackEnv(stack));
        assertEquals(scmp.stdout(), sp.stdout(), sp.stderr());
        assertEquals(scmp.exit(), sp.exit(), sp.stderr());
    }

    /**
     * One-sided communication over LAPI (mpi/src/sp/win_lapi.c) and, under the native stack, over MPCI's messages
     * (mpi/src/sp/win_mpci.c; docs/mpi-sp.md "One-sided communication"): onesided.c's puts, gets and accumulates
     * between fences and under exclusive and shared locks print MPICH's output under each version and the native
     * stack, in polling and in interrupt mode at -n 4, and at -n 16 (base and counters there with
     * {@code -Dscmp.sp.slow=true}); onesided3.c's MPI-3 calls (lock_all and the flushes, general active target,
     * MPI_Fetch_and_op, MPI_Compare_and_swap, MPI_Get_accumulate) likewise, and under the native stack (MPCI's FETCH
     * and NOTE messages) at -n 4 and 16 in polling and interrupt mode; manyruns.c, whose accumulate of 1200 one-int
     * runs overflowed the stack in LAPI's dispatch (it recursed once per packet taken while a sender waited for room
     * in its window: such packets are held now), under enhanced and the native stack; onesided_dtype.c's
     * accumulates, get-accumulates and fetch-and-ops with derived datatypes on every side and the six pair types
     * element by element (a pair with a gap one element a message, combined where it arrives), under each version
     * and the native stack, in polling and interrupt mode, at -n 4 and 16 (base and counters at 16 in
     * {@link #oneSidedCommunicationPrintsWhatMpichPrintsOn16}).
     */
    @ParameterizedTest(name = "{0} -n {1} {2} interrupts {3}")
    @CsvSource({"onesided, 4, base, no", "onesided, 4, counters, no", "onesided, 4, enhanced, no",
        "onesided, 4, base, yes", "onesided, 4, counters, yes", "onesided, 4, enhanced, yes",
        "onesided, 16, enhanced, no", "onesided, 4, native, no", "onesided, 4, native, yes",
        "onesided, 16, native, no", "onesided3, 4, base, no", "onesided3, 4, counters, no",
        "onesided3, 4, enhanced, no", "onesided3, 4, base, yes", "onesided3, 4, counters, yes",
        "onesided3, 4, enhanced, yes", "onesided3, 16, enhanced, no", "onesided3, 4, native, no",
        "onesided3, 4, native, yes", "onesided3, 16, native, no", "onesided3, 16, native, yes",
        "manyruns, 4, enhanced, no", "manyruns, 4, native, no", "onesided_dtype, 4, base, no",
        "onesided_dtype, 4, counters, no", "onesided_dtype, 4, enhanced, no", "onesided_dtype, 4, native, no",
        "onesided_dtype, 4, native, yes", "onesided_dtype, 4, enhanced, yes", "onesided_dtype, 16, enhanced, no",
        "onesided_dtype, 16, native, no"})
    void oneSidedCommunicationPrintsWhatMpichPrints(String name, int n, String version, String interrupts)
            throws IOException {
        assertAsUnderMpich(name, n, run(build("programs/mpi/" + name + ".c"), n, stackEnv(version),
                "MP_CSS_INTERRUPT=" + interrupts));
    }

    @ParameterizedTest(name = "{0} -n 16 {1}")
    @CsvSource({"onesided, base", "onesided, counters", "onesided3, base", "onesided3, counters",
        "onesided_dtype, base", "onesided_dtype, counters"})
    @EnabledIfSystemProperty(named = "scmp.sp.slow", matches = "true")
    void oneSidedCommunicationPrintsWhatMpichPrintsOn16(String name, String version) throws IOException {
        assertAsUnderMpich(name, 16, run(build("programs/mpi/" + name + ".c"), 16, stackEnv(version)));
    }

    /**
     * lockfair.c at 4 processes with -v (docs/mpi-sp.md, "Fairness of the lock") under MPI-LAPI base and enhanced
     * and the native stack: a process waiting in MPI_Win_lock gets the lock after a few of the iterations of a process
     * that locks, updates and unlocks the same target again and again (MPI-LAPI's waiters in ticket order; under
     * base, a shared waiter behind an exclusive loop got in only after the loop's 1000 iterations when every
     * request tried its COMPARE_AND_SWAP again and again), the lines MPI guarantees MPICH's.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"base", "enhanced", "native"})
    void aProcessWaitingForAWindowLockGetsItWhileAnotherLocksAgainAndAgain(String stack) throws IOException {
        Path exe = build("programs/mpi/lockfair.c");
        String[] args = {"--machine", "sp", "-n", "4", "--env", stackEnv(stack), exe.toString(), "-v"};
        T3dMpiTest.assertTheWaiterGotInSoon(E2e.scmpsim(args), null);
    }

    /**
     * programs/sp-mpi/rma.c's one-sided latencies and bandwidth, the figures docs/mpi-sp.md gives (enhanced,
     * polling mode; and under the native stack): an empty fence, a 4-byte and a 64 KB put and get between fences,
     * and a put under a lock.
     */
    @Test
    void putAndGetTakeTheDocumentedCycles() {
        assertRmaFigures(run(build("programs/sp-mpi/rma.c"), 2), "rma: an empty epoch (a fence) 2532 cycles\n",
            "rma: put     4 bytes, epoch    6276 cycles, beyond an empty one    3744 cycles,    0.2 MB/s\n",
            "rma: put 65536 bytes, epoch  292200 cycles, beyond an empty one  289668 cycles,   74.5 MB/s\n",
            "rma: get     4 bytes, epoch    6364 cycles, beyond an empty one    3832 cycles,    0.2 MB/s\n",
            "rma: get 65536 bytes, epoch  292599 cycles, beyond an empty one  290067 cycles,   74.4 MB/s\n",
            "rma: lock, put of 4 bytes, unlock 13002 cycles\n");
    }

    @Test
    void putAndGetTakeTheDocumentedCyclesUnderTheNativeStack() {
        assertRmaFigures(run(build("programs/sp-mpi/rma.c"), 2, "MP_MPI_STACK=native"),
            "rma: an empty epoch (a fence) 9081 cycles\n",
            "rma: put     4 bytes, epoch   19126 cycles, beyond an empty one   10045 cycles,    0.1 MB/s\n",
            "rma: put 65536 bytes, epoch  367749 cycles, beyond an empty one  358668 cycles,   59.2 MB/s\n",
            "rma: get     4 bytes, epoch   20652 cycles, beyond an empty one   11571 cycles,    0.1 MB/s\n",
            "rma: get 65536 bytes, epoch  369427 cycles, beyond an empty one  360346 cycles,   58.9 MB/s\n",
            "rma: lock, put of 4 bytes, unlock 16519 cycles\n");
    }

    private static void assertRmaFigures(E2e.Sim s, String... lines) {
        assertEquals(0, s.exit(), s.stderr());
        for (String line : lines) {
            assertTrue(s.stdout().contains(line), line + " in\n" + s.stdout());
        }
    }

    /**
     * programs/sp-mpi/rma3.c's latencies of the MPI-3 calls, the figures docs/mpi-sp.md gives (enhanced, polling
     * mode), each completed by MPI_Win_flush: a flush alone, a put, a fetch-and-op of an int (one LAPI_Rmw) and of
     * a double (an active message whose completion handler puts the old value back), a compare-and-swap, an empty
     * general-active-target epoch; and the results right. Under the native stack the same over MPCI's messages.
     */
    @Test
    void theMpi3CallsTakeTheDocumentedCycles() {
        E2e.Sim s = run(build("programs/sp-mpi/rma3.c"), 2);
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("""
                rma3: a flush alone                           322 cycles
                rma3: put of an int                          5321 cycles
                rma3: fetch-and-op of an int (MPI_SUM)       5981 cycles
                rma3: fetch-and-op of a double (MPI_SUM)     8620 cycles
                rma3: compare-and-swap of an int             4899 cycles
                rma3: start and complete, an empty epoch     5529 cycles
                rma3: results ok
                """, s.stdout());
    }

    @Test
    void theMpi3CallsTakeTheDocumentedCyclesUnderTheNativeStack() {
        E2e.Sim s = run(build("programs/sp-mpi/rma3.c"), 2, "MP_MPI_STACK=native");
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("""
                rma3: a flush alone                           281 cycles
                rma3: put of an int                          9285 cycles
                rma3: fetch-and-op of an int (MPI_SUM)      14352 cycles
                rma3: fetch-and-op of a double (MPI_SUM)    14436 cycles
                rma3: compare-and-swap of an int            13482 cycles
                rma3: start and complete, an empty epoch     6026 cycles
                rma3: results ok
                """, s.stdout());
    }

    /**
     * programs/sp-mpi/flush.c: MPI_Win_flush(1) under MPI_Win_lock_all returns once the put to rank 1 is complete,
     * though the put to rank 2, which computes without calling MPI for 100000 cycles, is not (the counters of
     * MPI-LAPI are per target; the native stack's FLUSH goes to the named target only); the flush to rank 2 then
     * waits for it. Polling mode, both stacks.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"enhanced, 3416, 98111", "native, 6859, 99660"})
    void aFlushWaitsForItsTargetOnly(String stack, int first, int second) {
        E2e.Sim s = run(build("programs/sp-mpi/flush.c"), 3, stackEnv(stack));
        assertEquals(0, s.exit(), s.stderr());
        assertEquals("flush: to rank 1 " + first + " cycles, then to rank 2 " + second
            + " cycles (busy 100000 cycles)\nflush: the first waited for rank 1 only: yes\nflush: puts ok\n",
            s.stdout());
    }

    /**
     * In interrupt mode a 64 KB get is served by the target's interrupt handler, which sends more packets than
     * LAPI's window holds: it takes the acknowledgements itself (it waited for another thread to take them
     * before, and the run never ended).
     */
    @Test
    void aLongGetServedInInterruptModeCompletes() {
        E2e.Sim s = run(build("programs/sp-mpi/rma.c"), 2, "MP_CSS_INTERRUPT=yes");
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(12, s.stdout().lines().count(), s.stdout());
        assertTrue(s.stdout().contains("rma: get 65536 bytes, epoch "), s.stdout());
    }

    /** The programs programs/mpi has MPICH output for. */
    static Stream<String> programs() throws IOException {
        try (Stream<Path> files = Files.list(E2e.root().resolve("programs/mpi"));
                Stream<Path> more = Files.list(E2e.root().resolve("programs/mpi/expected"))) {
            return Stream.concat(files, more).map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".4.expected") || f.endsWith(".n4.out"))
                    .map(f -> f.substring(0, f.indexOf('.')))
                    .sorted()
                    .toList().stream();
        }
    }

    static Stream<Arguments> matrix() throws IOException {
        return programs().flatMap(p -> Stream.of(4, 16).flatMap(n -> Stream.of("base", "counters", "enhanced",
                "native").map(s -> Arguments.of(p, n, s))));
    }

    /**
     * The whole matrix (docs/mpi-sp.md, "Tests"; scripts/sp-mpi-matrix.sh prints it as a table): every program at
     * -n 4 and -n 16 under each version and the native stack, run when {@code -Dscmp.sp.slow=true} is given (hours
     * of host time: bigmsg and bigreduce at -n 16 take the most).
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @MethodSource("matrix")
    @EnabledIfSystemProperty(named = "scmp.sp.slow", matches = "true")
    void everyProgramUnderEveryStack(String name, int n, String stack) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        assertAsUnderMpich(name, n, run(exe, n, stackEnv(stack)));
    }

    @Test
    void messagesAcrossTheEagerLimitArriveWholeAndInOrder() {
        E2e.Sim s = run(build("programs/sp-mpi/sizes.c"), 2);
        assertEquals("sizes: 61 checks, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0}: {1} cycles")
    @CsvSource({"base, 39732", "counters, 13113", "enhanced, 12734"})
    void aOneWordPingPongTakesTheDocumentedCycles(String version, int cycles) {
        E2e.Sim s = run(build("programs/sp-mpi/pingpong.c"), 2, "MPI_LAPI_VERSION=" + version);
        assertEquals("pingpong: 4 round trips, word 4, last round trip " + cycles + " cycles, one way " + cycles / 2
            + " cycles\n", s.stdout());
    }

    @Test
    void anUnknownVersionIsOneClearLine() {
        E2e.Sim s = run(build("programs/sp-mpi/pingpong.c"), 2, "MPI_LAPI_VERSION=fast");
        assertEquals(1, s.exit());
        assertEquals("MPI-LAPI on node 0: MPI_LAPI_VERSION must be base, counters or enhanced\n",
            s.stderr().lines().filter(l -> l.startsWith("MPI-LAPI on node 0")).findFirst().orElse("") + "\n");
    }

    /**
     * deadlock.c ends with the deadlock report under MPI-LAPI and under the native stack, polling or with
     * interrupts: a node's waits spin in LAPI's progress, or in Pipes' polls, which read the clock only while a
     * packet is unacknowledged or an acknowledgement owed, so once those are settled the livelock proof covers them
     * (docs/simulator.md, "Deadlocks and livelocks"); every node is named with the MPI call it waits in, and every
     * rank's MPI state is given. (The native stack ran to --max-cycles before: its polls read the clock always.)
     */
    @ParameterizedTest(name = "deadlock -n 4 {0}")
    @ValueSource(strings = {"MP_MPI_STACK=lapi", "MP_CSS_INTERRUPT=yes", "MP_MPI_STACK=native",
        "MP_MPI_STACK=native,MP_CSS_INTERRUPT=yes"})
    void aDeadlockedProgramEndsWithTheReport(String env) {
        E2e.Sim s = run(build("programs/mpi/deadlock.c"), 4, env.split(","));
        assertEquals(142, s.exit(), s.stderr());
        assertTrue(s.stderr().startsWith("scmpsim: deadlock at cycle "), s.stderr());
        assertTrue(s.stderr().contains(": livelock: every thread left only waits ("), s.stderr());
        for (int node = 0; node < 4; node++) {
            assertTrue(s.stderr().matches("(?s).*\n  node " + node + " thread 0: [^\n]*, in MPI_Recv\\+0x[0-9a-f]+\n.*"),
                    s.stderr());
        }
        assertTrue(s.stderr().contains("\n  rank 0 (node 0):\n    posted receive: source 1, tag 5, MPI_COMM_WORLD, "
                + "4 bytes\n"), s.stderr());
    }
}
