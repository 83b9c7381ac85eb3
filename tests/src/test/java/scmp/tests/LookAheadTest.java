package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scmp.cpu.Engine;
import scmp.cpu.Interpreter;
import scmp.cpu.JitEngine;
import scmp.elf.Executable;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;

/**
 * The machine's look-ahead (docs/performance.md, "Look-ahead"): in a run without ranks whose nodes compute long
 * between messages (the native QR on a 2x2 mesh, node 0 starting the others with {@code parExecute}), the busy
 * nodes are brought forward by their shadows in long stretches, and the run is the one without look-ahead, counter
 * by counter, on both engines, with idle skipping and without.
 */
class LookAheadTest {
    private static Executable exe;

    @BeforeAll
    static void build() throws Exception {
        exe = E2e.build(1, E2e.root().resolve("programs/qr/qr_native.c"));
    }

    private record Outcome(Machine.Result result, String output, List<String> counters, long stretches,
            long stalled) {
    }

    private static Outcome run(Engine.Factory engine, boolean skip, boolean ahead) throws Exception {
        return run(engine, skip, ahead, 2, 2);
    }

    private static Outcome run(Engine.Factory engine, boolean skip, boolean ahead, int x, int y) throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("qr_native").args(List.of("64")).mesh(x, y).engine(engine).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
        m.setIdleSkip(skip);
        m.setLookAhead(ahead);
        Machine.Result r = m.run();
        return new Outcome(r, out.toString(StandardCharsets.ISO_8859_1) + err.toString(StandardCharsets.ISO_8859_1),
                IdleSkipTest.counters(m), m.lookAheadCounts()[0], m.lookAheadCounts()[2]);
    }

    @Test
    void stretchesLeaveTheRunAsTheRoundsGiveIt() throws Exception {
        for (Engine.Factory engine : List.<Engine.Factory>of(Interpreter::new, JitEngine::new)) {
            for (boolean skip : new boolean[] {true, false}) {
                Outcome rounds = run(engine, skip, false);
                assertEquals(0, rounds.result().exitCode(), rounds.output());
                assertTrue(rounds.output().contains("OK"), rounds.output());
                assertEquals(0, rounds.stretches());
                Outcome ahead = run(engine, skip, true);
                assertEquals(rounds.result(), ahead.result());
                assertEquals(rounds.output(), ahead.output());
                assertEquals(rounds.counters(), ahead.counters());
                assertTrue(ahead.stretches() > 10, "stretches: " + ahead.stretches());
            }
        }
    }

    /**
     * On an 8x8 mesh the 63 THREAD messages that end {@code parExecute}'s threads wait in the network for node 0's
     * contexts while node 0 computes the sequential reference (7 contexts are free, the handlers run only when its
     * thread waits): the network is busy but stalled, and the look-ahead over it brings node 0 forward in long
     * stretches instead of one lockstep round per cycle. The run is the one without look-ahead.
     */
    @Test
    void stretchesOverAStalledNetworkLeaveTheRunAsTheRoundsGiveIt() throws Exception {
        for (boolean skip : new boolean[] {true, false}) {
            Outcome rounds = run(JitEngine::new, skip, false, 8, 8);
            assertEquals(0, rounds.result().exitCode(), rounds.output());
            assertTrue(rounds.output().contains("OK"), rounds.output());
            assertEquals(0, rounds.stalled());
            Outcome ahead = run(JitEngine::new, skip, true, 8, 8);
            assertEquals(rounds.result(), ahead.result());
            assertEquals(rounds.output(), ahead.output());
            assertEquals(rounds.counters(), ahead.counters());
            assertTrue(ahead.stalled() > 0, "stretches over a stalled network: " + ahead.stalled());
        }
    }
}
