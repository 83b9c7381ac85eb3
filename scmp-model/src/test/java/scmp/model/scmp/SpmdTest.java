package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.machine.Params;
import scmp.machine.Simulation;

/**
 * SPMD runs ({@code scmpsim -n N}, docs/simulator.md "SPMD runs"), made by {@link Simulation} as scmpsim makes
 * them: every rank starts at cycle 0, the mesh a rank count gets, the environment, per-rank exit and the
 * all-ranks-end rule, whole-run termination, output in whole lines, and deadlock reports.
 */
class SpmdTest {

    @TempDir
    Path dir;

    record Cli(int code, String out, String err) {
    }

    /** Runs a program with its arguments as scmpsim would, with the options {@code o}. */
    private static Cli sim(Simulation.Options o, Path program, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Simulation.run(o.program(program.toString(), List.of(args)), out, err,
                new ByteArrayInputStream(new byte[0]));
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path program(String source) throws IOException {
        Path p = dir.resolve("p" + source.hashCode());
        Files.write(p, Sim.elf(source));
        return p;
    }

    /**
     * Each rank prints "node N of XxY argc A\n" (digits as letters 'a' + value, two letters for the node) in one
     * write, then waits {@code 10 * (R - node)} loop iterations (R the rank count) and exits with the status
     * table[node].
     */
    static final String REPORT = """
                .text
                .globl _start
            _start:
                mv s5, a0
                rdsr s0, nodeid
                la s1, line
                srli t0, s0, 4
                addi t0, t0, 'a'
                sb t0, 5(s1)
                andi t0, s0, 15
                addi t0, t0, 'a'
                sb t0, 6(s1)
                rdsr t0, xdim
                addi t0, t0, 'a'
                sb t0, 11(s1)
                rdsr t0, ydim
                addi t0, t0, 'a'
                sb t0, 15(s1)
                addi t0, s5, 'a'
                sb t0, 22(s1)
                li a0, 1
                mv a1, s1
                li a2, 24
                hcall write
                la t0, nranks
                lw t1, 0(t0)
                sub t1, t1, s0
                slli t1, t1, 3
            1:  addi t1, t1, -1
                bgtz t1, 1b
                la t0, table
                slli t1, s0, 2
                add t0, t0, t1
                lw a0, 0(t0)
                hcall exit
                .data
            line: .ascii "node xx of X x Y argc A\\n"
                .align 2
            nranks: .word 4
            table: .word 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            """;

    private static String withStatuses(int ranks, int... status) {
        StringBuilder t = new StringBuilder();
        for (int k = 0; k < 16; k++) {
            t.append(k == 0 ? "" : ", ").append(k < status.length ? status[k] : 0);
        }
        return REPORT.replace("nranks: .word 4", "nranks: .word " + ranks)
                .replace("table: .word 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0", "table: .word " + t);
    }

    @ParameterizedTest
    @CsvSource({"1, 1, 1", "2, 2, 1", "3, 2, 2", "4, 2, 2", "5, 3, 2", "6, 3, 2", "7, 4, 2", "8, 4, 2", "12, 4, 3",
        "16, 4, 4", "17, 6, 3", "32, 8, 4", "64, 8, 8", "128, 16, 8", "256, 16, 16", "1000, 32, 32"})
    void aRankCountGetsTheMostSquareMeshWithTheFewestUnusedNodes(int n, int x, int y) {
        assertEquals(new ScmpParams.Mesh(x, y), ScmpModel.meshFor(n));
    }

    @ParameterizedTest
    @CsvSource({"1, b b", "2, c b", "4, c c", "8, e c", "16, e e"})
    void everyRankStartsTheProgramWithItsArguments(int n, String mesh) throws IOException {
        Path p = program(withStatuses(n));
        Cli c = sim(new Simulation.Options().ranks(n), p, "arg");
        assertEquals(0, c.code(), c.err());
        List<String> lines = c.out().lines().toList();
        assertEquals(n, lines.size(), c.out());
        for (int k = 0; k < n; k++) {
            // the ranks print at the same cycle: in node order
            String id = "" + (char) ('a' + k / 16) + (char) ('a' + k % 16);
            assertEquals("node " + id + " of " + mesh.replace(" ", " x ") + " argc c", lines.get(k));
        }
    }

    @Test
    void theRunEndsAtTheLastExitWithTheFirstFailingStatusInSimulatedTime() throws IOException {
        // rank r waits 8 (4 - r) iterations: rank 3 exits first, rank 0 last
        Path p = program(withStatuses(4, 0, 5, 0, 7));
        Cli c = sim(new Simulation.Options().ranks(4).cycles(true), p);
        assertEquals(7, c.code(), c.err());
        Path q = program(withStatuses(4, 0, 0, 0, 0));
        Cli ok = sim(new Simulation.Options().ranks(4).cycles(true), q);
        assertEquals(0, ok.code());
        assertEquals(ok, sim(new Simulation.Options().ranks(4).cycles(true).lockstep(true), q));
        assertEquals(c.err(), ok.err(), "the same cycles: the run ends at rank 0's exit either way");
        Path r = program(withStatuses(4, 9, 5, 0, 0));
        assertEquals(5, sim(new Simulation.Options().ranks(4), r).code());
    }

    @Test
    void theRunEndsAtTheIssueCycleOfTheLastRanksExitPlusOne() throws IOException {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    beqz t0, 1f
                    li a0, 0
                    hcall exit          # rank 1 at cycle 3
                1:  nop
                    nop
                    nop
                    li a0, 0
                    hcall exit          # rank 0 at cycle 8 (the taken branch costs 2 bubbles)
                """);
        Cli c = sim(new Simulation.Options().ranks(2).cycles(true), p);
        assertEquals(0, c.code());
        assertEquals("cycles: 9\ninstructions: 11\n", c.err());
    }

    /** Rank 1 starts a second thread on itself that spins in a suspend loop for ever, then exits. */
    static final String SPINNER = """
                .text
                .globl _start
            _start:
                rdsr t0, nodeid
                beqz t0, 2f
                la t1, spin
                sendh_r t0, THREAD, t1, 0
                sende zero
                suspend                 # let the spinner start
                li a0, 0
                hcall exit
            spin:
                suspend
                j spin
            2:  li t1, 200
            3:  addi t1, t1, -1
                bgtz t1, 3b
                la t1, spin             # a THREAD message to rank 1, which has exited: dropped
                li t0, 1
                sendh_r t0, THREAD, t1, 0
                sende zero
                li t1, 100
            4:  addi t1, t1, -1
                bgtz t1, 4b
                li a0, 0
                hcall exit
            """;

    @Test
    void aRanksExitStopsAllItsThreadsAndLaterThreadMessagesAreDropped() throws IOException {
        Path p = program(SPINNER);
        Path stats = dir.resolve("s.json");
        Cli c = sim(new Simulation.Options().ranks(2).stats(stats.toString()), p);
        assertEquals(0, c.code(), c.err());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"outcome\": \"exit\""), json);
        // node 1 started one thread (the spinner) and dropped the second THREAD message; it received both
        assertTrue(json.replaceAll("\\s+", " ").matches(".*\"node\": 1,.*?\"threads_started\": 1,.*"), json);
    }

    @Test
    void terminateEndsTheWholeRunFromAnyRank() throws IOException {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    li t1, 2
                    beq t0, t1, 2f
                1:  suspend
                    j 1b
                2:  li t1, 50
                3:  addi t1, t1, -1
                    bgtz t1, 3b
                    li a0, 9
                    hcall terminate
                """);
        Cli c = sim(new Simulation.Options().ranks(4), p);
        assertEquals(9, c.code(), c.err());
        assertEquals("", c.err());
    }

    @Test
    void abortEndsTheWholeRun() throws IOException {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    beqz t0, 2f
                1:  suspend
                    j 1b
                2:  li a0, 0
                    hcall abort
                """);
        Cli c = sim(new Simulation.Options().ranks(2), p);
        assertEquals(134, c.code());
        assertTrue(c.err().startsWith("scmpsim: node 0 thread 0: abort at pc"), c.err());
    }

    @Test
    void twoRanksWaitingForEachOtherForEverAreReportedWithEveryNodesState() throws IOException {
        // ranks 0 and 1 each wait for a flag the other never sets; rank 2 exits at once
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    li t1, 2
                    bne t0, t1, 1f
                    li a0, 0
                    hcall exit
                1:  la t1, flag
                2:  lw t2, 0(t1)
                    bnez t2, 3f
                    suspend
                    j 2b
                3:  li a0, 0
                    hcall exit
                    .data
                flag: .word 0
                """);
        Cli c = sim(new Simulation.Options().ranks(3), p);
        assertEquals(scmp.machine.Machine.EXIT_DEADLOCK, c.code());
        assertTrue(c.err().startsWith("scmpsim: deadlock at cycle "), c.err());
        assertTrue(c.err().contains("livelock"), c.err());
        assertTrue(c.err().contains("\n  node 0 thread 0: "), c.err());
        assertTrue(c.err().contains("\n  node 1 thread 0: "), c.err());
        assertTrue(c.err().contains("\n  node 2: exited with status 0 at cycle 4"), c.err());
    }

    @Test
    void ranksBlockedOnTheirNiusForEverAreADeadlock() throws IOException {
        // one context per node; each rank sends itself a THREAD message while its only context is busy, then
        // blocks sending another message behind it: heads wait at both ejection ports for ever
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    la t1, _start
                1:  sendh_r t0, THREAD, t1, 0
                    send2 zero, zero
                    send2 zero, zero
                    send2 zero, zero
                    sende zero
                    j 1b
                """);
        Cli c = sim(new Simulation.Options().ranks(2).contexts(1).params(List.of(mesh(2, 1))), p);
        assertEquals(scmp.machine.Machine.EXIT_DEADLOCK, c.code());
        assertTrue(c.err().startsWith("scmpsim: deadlock at cycle "), c.err());
        assertFalse(c.err().contains("livelock"), c.err());
        assertTrue(c.err().contains("node 0 thread 0: blocked"), c.err());
        assertTrue(c.err().contains("node 1 thread 0: blocked"), c.err());
    }

    /** Rank r writes "r" then, 20 (r + 1) cycles later, "-end\n": partial lines of the ranks overlap in time. */
    static final String HALVES = """
                .text
                .globl _start
            _start:
                rdsr s0, nodeid
                la s1, buf
                addi t0, s0, '0'
                sb t0, 0(s1)
                li a0, 1
                mv a1, s1
                li a2, 1
                hcall write
                addi t1, s0, 1
                slli t1, t1, 3
            1:  addi t1, t1, -1
                bgtz t1, 1b
                li a0, 1
                la a1, tail
                li a2, 5
                hcall write
                li a0, 2
                la a1, part
                li a2, 4
                hcall write
                li a0, 0
                hcall exit
                .data
            buf: .word 0
            tail: .ascii "-end\\n"
            part: .ascii "err!"
            """;

    @Test
    void outputOfTheRanksIsForwardedInWholeLinesInSimulatedTimeOrder() throws IOException {
        Path p = program(HALVES);
        Cli c = sim(new Simulation.Options().ranks(4), p);
        assertEquals(0, c.code());
        assertEquals("0-end\n1-end\n2-end\n3-end\n", c.out());
        // partial lines without a newline go out when the rank exits
        assertEquals("err!err!err!err!", c.err());
        Cli again = sim(new Simulation.Options().ranks(4), p);
        assertEquals(c, again);
        Cli strict = sim(new Simulation.Options().ranks(4).lockstep(true), p);
        assertEquals(c, strict);
        // without -n the program runs on node 0 alone, and writes go out as they are
        Cli one = sim(new Simulation.Options(), p);
        assertEquals("0-end\n", one.out());
    }

    /** Ranks 0 and 1 play ping-pong, 20 rounds, each waiting in a suspend loop for the other's DATA word. */
    static final String PING_PONG = """
                # ping-pong between ranks 0 and 1, 20 rounds, each waits in a suspend loop for the other's DATA word
                    .text
                    .globl _start
                _start:
                    rdsr s0, nodeid
                    xori s1, s0, 1          # the other rank
                    la s2, flag
                    li s3, 1                # round
                    bnez s0, 2f
                1:  sendh_r s1, DATA, s2, 1 # rank 0: send round s3
                    sende s3
                2:  lw t0, 0(s2)            # wait for round s3 from the other
                    beq t0, s3, 3f
                    suspend
                    j 2b
                3:  bnez s0, 4f
                    addi s3, s3, 1
                    li t1, 21
                    blt s3, t1, 1b
                    li a0, 0
                    hcall exit
                4:  sendh_r s1, DATA, s2, 1 # rank 1: answer
                    sende s3
                    addi s3, s3, 1
                    li t1, 21
                    blt s3, t1, 2b
                    li a0, 0
                    hcall exit
                    .data
                    .align 4
                flag: .word 0
                """;

    /**
     * Ranks 0 and 1 play ping-pong, each waiting in a suspend loop for the other's DATA word: busy ranks that run
     * ahead of each other in quiet stretches (the network's lookahead) still see every message when strict
     * lockstep does.
     */
    @Test
    void busyRanksExchangingMessagesRunAsInStrictLockstep() throws IOException {
        Path p = program(PING_PONG);
        Cli c = sim(new Simulation.Options().ranks(2).cycles(true).stats("-"), p);
        assertEquals(0, c.code(), c.err());
        assertTrue(c.err().contains("20/20"), c.err());
        assertEquals(c, sim(new Simulation.Options().ranks(2).cycles(true).stats("-").lockstep(true), p));
        Cli far = sim(new Simulation.Options().ranks(2).params(List.of(mesh(8, 8), new Params.Given("routerDelayCycles", "1", "--router-delay"))).cycles(true),
                p);
        assertEquals(far, sim(new Simulation.Options().ranks(2).params(List.of(mesh(8, 8), new Params.Given("routerDelayCycles", "1", "--router-delay")))
                .cycles(true).lockstep(true), p));
    }

    @Test
    void spmdOnTheWholeMesh() throws IOException {
        Path p = program(withStatuses(6));
        Cli c = sim(new Simulation.Options().spmd(true).params(List.of(mesh(3, 2))), p);
        assertEquals(0, c.code(), c.err());
        assertEquals(6, c.out().lines().count());
        assertTrue(c.out().startsWith("node aa of d x c argc b\n"), c.out());
    }

    @Test
    void badRankCountsAreOneLineErrors() throws IOException {
        Path p = program(withStatuses(4));
        Cli c = sim(new Simulation.Options().ranks(5).params(List.of(mesh(2, 2))), p);
        assertEquals(Simulation.EXIT_TOOL, c.code());
        assertEquals("scmpsim: -n 5: the 2x2 mesh (--mesh) has only 4 nodes\n", c.err());
        Cli z = sim(new Simulation.Options().ranks(0), p);
        assertEquals(Simulation.EXIT_TOOL, z.code());
        assertEquals("scmpsim: -n: must be 1..1024, got 0\n", z.err());
        Cli e = sim(new Simulation.Options().env(List.of("NOEQUALS")), p);
        assertEquals(Simulation.EXIT_TOOL, e.code());
        assertEquals("scmpsim: --env NOEQUALS: expected NAME=VALUE\n", e.err());
    }

    @Test
    void meshesWiderThanEightUseTheWideHeadFlit() throws IOException {
        Path p = program(withStatuses(16));
        Cli c = sim(new Simulation.Options().ranks(16).params(List.of(mesh(16, 1))), p);
        assertEquals(0, c.code(), c.err());
        assertEquals(16, c.out().lines().count());
    }

    /**
     * The environment in the argument area: node 0 and node 1 (reached only by a THREAD message) each print the
     * strings environ points to, one per line.
     */
    @Test
    void everyNodeSeesTheEnvironmentThroughEnviron() throws IOException {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    li t0, 1
                    la t1, printenv
                    sendh_r t0, THREAD, t1, 0
                    sende zero
                    li s0, 400
                1:  addi s0, s0, -1
                    suspend
                    bgtz s0, 1b
                    jal printenv
                    li a0, 0
                    hcall exit
                printenv:
                    mv s3, ra
                    la t0, environ
                    lw s1, 0(t0)
                2:  lw a1, 0(s1)
                    beqz a1, 4f
                    li a2, 0
                3:  add t1, a1, a2
                    lbu t1, 0(t1)
                    beqz t1, 5f
                    addi a2, a2, 1
                    j 3b
                5:  li a0, 1
                    hcall write
                    li a0, 1
                    la a1, nl
                    li a2, 1
                    hcall write
                    addi s1, s1, 4
                    j 2b
                4:  jr s3
                    .globl __thread_exit
                __thread_exit:
                    endt
                    .data
                    .align 2
                    .globl environ
                environ: .word 0
                nl: .ascii "\\n"
                """);
        Cli c = sim(new Simulation.Options().params(List.of(mesh(2, 1))).env(List.of("A=1", "B=two words", "A=3"))
                .mpiProtocol(Simulation.MpiProtocol.thesis), p);
        assertEquals(0, c.code(), c.err());
        String env = "A=3\nB=two words\nSCMP_MPI_PROTOCOL=thesis\n";
        assertEquals(env + env, c.out());
        Cli spmd = sim(new Simulation.Options().ranks(2).env(List.of("A=3")), p);
        assertTrue(spmd.out().startsWith("A=3\nSCMP_NPROCS=2\n"), spmd.out());
    }

    /** The mesh as scmpsim's --mesh gives it. */
    static Params.Given mesh(int x, int y) {
        return new Params.Given("mesh", x + "x" + y, "--mesh");
    }
}
