package scmp.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A second machine model ({@link ToyModel}: two nodes and a remote-write port, written in this module's tests
 * against the machine's seam alone) runs a guest program, found like any model, with exact cycles.
 */
class ToyModelTest {

    /**
     * Both nodes run it (the toy's programs are SPMD). Node 0 writes 42 into node 1's {@code flag}; node 1 spins
     * until it sees it, then exits with it. Issue cycles (docs/timing.md section 1; la is lui and ori):
     * <pre>
     *   both     rdsr 0, bnez 1                      node 1 takes the branch: reader at 1 + 1 + 2 = 4
     *   node 0   lui 2, ori 3, addi 4, send2 5       the word lands at 5 + L; li 6, hcall exit 7
     *   node 1   lui 4, ori 5, then the loop: lw 6 + 5k, beqz 8 + 5k (load-use), taken: 2 bubbles
     * </pre>
     * The first {@code lw} at or after {@code 5 + L} sees the word; {@code beqz} falls through 2 cycles later, then
     * {@code mv} and {@code hcall exit}: the run ends at that {@code lw} plus 4, plus 1, with exit code 42 (node 0
     * exits with 0, node 1 with 42).
     */
    static final String PROGRAM = """
                .text
                .globl _start
            _start:
                rdsr t0, nodeid
                bnez t0, reader
                la   a0, flag
                li   a1, 42
                send2 a0, a1
                li   a0, 0
                hcall exit
            reader:
                la   a0, flag
            spin:
                lw   t1, 0(a0)
                beqz t1, spin
                mv   a0, t1
                hcall exit
                .data
                .align 2
            flag:
                .word 0
            """;

    private static Machine machine(ToyModel.Params params) throws Exception {
        MachineModel<?> toy = Models.named("toy");
        assertTrue(toy instanceof ToyModel, "the toy is found through ServiceLoader");
        return new Machine(new ModelConfig<>((ToyModel) toy, params), RunConfig.builder("toy").build(),
                Guest.build(PROGRAM), new ByteArrayOutputStream(), new ByteArrayOutputStream(),
                new ByteArrayInputStream(new byte[0]));
    }

    @ParameterizedTest(name = "latency {0}: the word lands at {1}, the lw at {2} sees it")
    @CsvSource({"1, 6, 6", "5, 10, 11", "6, 11, 11", "7, 12, 16", "20, 25, 26"})
    void aRemoteWriteLandsItsLatencyAfterTheInstruction(int latency, long lands, long seenBy) throws Exception {
        assertEquals(lands, 5 + latency);
        Machine m = machine(new ToyModel.Params(latency, latency));
        Machine.Result r = m.run();
        assertEquals(Machine.Outcome.EXIT, r.outcome(), r.message());
        assertEquals(42, r.exitCode());
        assertEquals(seenBy + 4 + 1, r.cycles());
        assertEquals(0, m.exitStatus(0));
        assertEquals(7, m.exitCycle(0));
        assertEquals(42, m.exitStatus(1));
        assertEquals(seenBy + 4, m.exitCycle(1));
        // node 0: rdsr bnez lui ori addi send2 addi hcall; node 1: rdsr bnez lui ori, lw beqz per round, mv hcall
        assertEquals(8 + 4 + 2 * ((seenBy - 6) / 5 + 1) + 2, r.instructions());
        assertEquals(1, m.node(1).remote().stats().writes());
        assertEquals(0, m.node(0).remote().stats().writes());
    }

    /**
     * Node 0 sends 42 to node 1, which answers 43; the answer travels on the second network when there is one.
     * Issue cycles: both nodes rdsr 0, lui 1, ori 2, bnez 3 (node 1 takes it: its loop starts at 6); node 0 li 4,
     * send2 5 (lands at {@code 5 + L}); both poll with lw at {@code 6 + 5k}, beqz 2 later. Node 1 sees 42 at the
     * first poll {@code S1 >= 5 + L}, then beqz, addi {@code S1 + 3}, send2 {@code S1 + 4} (lands at
     * {@code S1 + 4 + B}); node 0 sees 43 at the first poll {@code S0 >= S1 + 4 + B} and exits at {@code S0 + 4}.
     */
    static final String PING_PONG = """
                .text
                .globl _start
            _start:
                rdsr t0, nodeid
                la   a0, flag
                bnez t0, pong
                li   a1, 42
                send2 a0, a1
            ping:
                lw   t1, 0(a0)
                beqz t1, ping
                mv   a0, t1
                hcall exit
            pong:
                lw   t1, 0(a0)
                beqz t1, pong
                addi a1, t1, 1
                send2 a0, a1
                li   a0, 0
                hcall exit
                .data
                .align 2
            flag:
                .word 0
            """;

    @ParameterizedTest(name = "there in {0}, back in {1} (0: the same network): {2} cycles")
    @CsvSource({"5, 0, 26", "5, 9, 31", "9, 5, 31", "1, 1, 16", "20, 1, 36"})
    void twoNetworksCarryThePingAndThePong(int there, int back, long cycles) throws Exception {
        ToyModel.Params params = new ToyModel.Params(there, there, back);
        Machine m = new Machine(new ModelConfig<>(new ToyModel(), params), RunConfig.builder("toy").build(),
                Guest.build(PING_PONG), new ByteArrayOutputStream(), new ByteArrayOutputStream(),
                new ByteArrayInputStream(new byte[0]));
        assertEquals(back == 0 ? 1 : 2, m.hardware().networks().size());
        Machine.Result r = m.run();
        assertEquals(43, r.exitCode(), r.message());
        assertEquals(cycles, r.cycles());
        Machine strict = new Machine(new ModelConfig<>(new ToyModel(), params),
                RunConfig.builder("toy").lockstep(true).build(), Guest.build(PING_PONG), new ByteArrayOutputStream(),
                new ByteArrayOutputStream(), new ByteArrayInputStream(new byte[0]));
        assertEquals(r, strict.run());
    }

    @Test
    void strictLockstepGivesTheSameRun() throws Exception {
        Machine fast = machine(new ToyModel.Params(7, 7));
        Machine.Result a = fast.run();
        Machine strict = new Machine(fast.model(), RunConfig.builder("toy").lockstep(true).build(),
                Guest.build(PROGRAM), new ByteArrayOutputStream(), new ByteArrayOutputStream(),
                new ByteArrayInputStream(new byte[0]));
        assertEquals(a, strict.run());
    }

    @Test
    void theStatisticsHaveTheRemoteWrites() throws Exception {
        Machine m = machine(new ToyModel.Params());
        RunStats st = new RunStats(m, m.run());
        assertTrue(st.json().contains("\"remote_reads\": 0, \"remote_writes\": 1, \"remote_swaps\": 0, "
                + "\"remote_fetch_adds\": 0, \"exit_status\": 42"), st.json());
        assertTrue(st.summary().startsWith("stats: 2 nodes, 16 cycles, "), st.summary());
        assertSame(StatsLayout.GENERIC, m.hardware().stats());
    }

    @Test
    void aNetworkThatOverstatesItsLookaheadIsCaughtByTheRemotePort() {
        // the busy nodes run 12 cycles apart, but the word lands 5 cycles after it is sent: node 1 has run past it
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> machine(new ToyModel.Params(5, 12)).run());
        assertTrue(e.getMessage().startsWith("a remote access landing at cycle 10 on node 1, which has already run to "
                + "cycle "), e.getMessage());
    }

    @Test
    void theToysParametersLoadLikeAnyModels() {
        ToyModel.Params p = Params.load(ToyModel.Params.class, "toy",
                List.of(new Params.Given("latencyCycles", "9"), new Params.Given("lookaheadCycles", "3")));
        assertEquals(new ToyModel.Params(9, 3), p);
        ConfigException e = assertThrows(ConfigException.class, () -> Params.load(ToyModel.Params.class, "toy",
                List.of(new Params.Given("latencyCycles", "0"))));
        assertEquals("--param latencyCycles: must be at least 1, got 0", e.getMessage());
    }
}
