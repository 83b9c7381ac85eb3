package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libmpi on the T3D model, the EPCC design (docs/mpi-t3d.md): the SCMP MPI test programs, unmodified and built
 * with {@code -mmachine=t3d}, print what MPICH prints (their .expected files) at 4 and 16 processes (one-sided
 * communication among them, over the shell's put, get and swap), and a
 * many-to-one flood through small envelope queues delivers every message once and in its sender's order.
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
        "intercomm, 4", "intercomm, 16", "mpi2funcs, 4", "mpi2funcs, 16", "nbcoll, 4", "attrs, 4", "attrs, 16"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/" + name + "." + n + ".expected")), s.stdout());
    }

    /**
     * One-sided communication (mpi/src/t3d/win_t3d.c) over the shell's put, get and swap: onesided.c's puts,
     * gets and accumulates between fences and under exclusive and shared locks print what MPICH prints.
     */
    @ParameterizedTest(name = "onesided -n {0}")
    @CsvSource({"4", "16"})
    void oneSidedCommunicationPrintsWhatMpichPrints(int n) throws IOException {
        anScmpMpiProgramPrintsWhatMpichPrints("onesided", n);
    }

    /**
     * The point-to-point programs of programs/mpi whose MPICH output and exit status are in
     * programs/mpi/expected (fatal.c ends with MPI_ERRORS_ARE_FATAL's status).
     */
    @ParameterizedTest(name = "{0} -n {1}")
    @CsvSource({"datatypes, 4", "datatypes, 16", "probe, 4", "probe, 16", "bsend, 4", "bsend, 16", "persistent, 4",
        "persistent, 16", "completion, 4", "completion, 16", "errors, 4", "errors, 16", "fatal, 4", "fatal, 16",
        "storm, 4"})
    void aPointToPointProgramPrintsAndEndsAsUnderMpich(String name, int n) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(n), exe.toString());
        Path expected = E2e.root().resolve("programs/mpi/expected");
        assertEquals(Files.readString(expected.resolve(name + ".n" + n + ".out")), s.stdout(), s.stderr());
        assertEquals(Integer.parseInt(Files.readString(expected.resolve(name + ".n" + n + ".status")).strip()),
                s.exit(), s.stderr());
    }

    /**
     * The two slowest programs at 16 processes (several minutes of host time each on a shared host), run when
     * {@code -Dscmp.t3d.slow=true} is given: nbcoll.c with its .expected file, storm.c with programs/mpi/expected.
     */
    @ParameterizedTest(name = "{0} -n 16")
    @CsvSource({"nbcoll", "storm"})
    @EnabledIfSystemProperty(named = "scmp.t3d.slow", matches = "true")
    void theSlowProgramsAt16(String name) throws IOException {
        if (name.equals("storm")) {
            aPointToPointProgramPrintsAndEndsAsUnderMpich(name, 16);
        } else {
            anScmpMpiProgramPrintsWhatMpichPrints(name, 16);
        }
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

    @Test
    void manySendersFloodingOneQueueDeliverEveryMessageOnceInOrder() {
        Path exe = build("programs/t3d-mpi/flood.c");
        // a queue of 4 slots for 15 writers: the swap lock and the full-queue path are both exercised
        E2e.Sim s = E2e.scmpsim("-n", "16", "--env", "MPI_SM_POOL=4", exe.toString(), "30");
        assertEquals("flood: 15 senders x 30 messages, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }
}
