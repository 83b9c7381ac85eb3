package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.elf.Executable;
import scmp.noc.NocConfig;

/**
 * The machine's loop lets cores run ahead of the network while nothing is in flight and skips idle cycles;
 * a strict lockstep run (every core and the network one core cycle at a time) is the reference. Both must give
 * the same output, exit code, cycle count, instruction count and report on multi-node programs of every kind:
 * fan-out and fan-in with DMA and strides, THREAD chains, hot spots with backpressure, host calls on many
 * nodes, a run that ends while other nodes spin, a deadlock, and unusual network parameters.
 */
class LockstepEquivalenceTest {

    /** Node 0 exits while the other nodes spin with suspend: every node's instruction count must stop at the exit. */
    static final String EXIT_WHILE_OTHERS_SPIN = """
                .text
                .globl _start
            _start:
                la s0, spin
                li s1, 1
            1:  sendh_r s1, THREAD, s0, 0
                sende s1
                addi s1, s1, 1
                li t0, 4
                blt s1, t0, 1b
                li t0, 300
            2:  addi t0, t0, -1
                bnez t0, 2b
                li a0, 7
                hcall exit
            spin:
                li t0, 0
            3:  addi t0, t0, 1
                andi t1, t0, 7
                bnez t1, 3b
                suspend
                j 3b
            """;

    static Stream<Arguments> programs() throws IOException {
        NocConfig tight = NocConfig.defaults().withVcs(1).withBufferDepth(2).withEjectionBuffer(2).withRouterDelay(1)
                .withLinkDelay(3);
        return Stream.of(
                Arguments.of("fanout 4x4", program("fanout.s"), cfg(b -> b.mesh(4, 4))),
                Arguments.of("fanout 8x8", program("fanout.s"), cfg(b -> b.mesh(8, 8))),
                Arguments.of("fanout 3x2, 1 VC, 2-flit buffers", program("fanout.s"), cfg(b -> b.mesh(3, 2).noc(tight))),
                Arguments.of("ring 4x4", program("ring.s"), cfg(b -> b.mesh(4, 4))),
                Arguments.of("ring 5x3", program("ring.s"), cfg(b -> b.mesh(5, 3))),
                Arguments.of("hotspot 4x4", program("hotspot.s"), cfg(b -> b.mesh(4, 4))),
                Arguments.of("hotspot 4x4, 2 contexts, 2-flit queue", program("hotspot.s"),
                        cfg(b -> b.mesh(4, 4).contexts(3).niuQueue(2))),
                Arguments.of("hotspot 3x3, tight network", program("hotspot.s"), cfg(b -> b.mesh(3, 3).noc(tight))),
                Arguments.of("hotspot 4x2, wide flits, D = 2", program("hotspot.s"),
                        cfg(b -> b.mesh(4, 2).noc(NocConfig.defaults().withFormat(scmp.noc.FlitFormat.WIDE)
                                .withRouterDelay(2)))),
                Arguments.of("deadlock 2x1", program("deadlock.s"), cfg(b -> b.mesh(2, 1))),
                Arguments.of("exit while others spin", Sim.build(EXIT_WHILE_OTHERS_SPIN), cfg(b -> b.mesh(2, 2))),
                Arguments.of("message fan-out 2x2", Sim.build(MessageTest.FAN_OUT), cfg(b -> b.mesh(2, 2))),
                Arguments.of("message fan-out 4x2, 2 contexts", Sim.build(MessageTest.FAN_OUT),
                        cfg(b -> b.mesh(4, 2).contexts(2))),
                Arguments.of("bench ring 4x4", BenchProgram.ring(40), cfg(b -> b.mesh(4, 4))),
                Arguments.of("bench ring 2x2, 1 context", BenchProgram.ring(40), cfg(b -> b.mesh(2, 2).contexts(1))),
                // SPMD: every rank starts the program; busy ranks run ahead of each other by the network's lookahead
                Arguments.of("SPMD ring 4x4", program("ring.s"), cfg(b -> b.mesh(4, 4).ranks(16))),
                Arguments.of("SPMD ring 3x3, tight network", program("ring.s"), cfg(b -> b.mesh(3, 3).ranks(9).noc(tight))),
                Arguments.of("SPMD ping-pong 2x1", Sim.build(SpmdTest.PING_PONG), cfg(b -> b.mesh(2, 1).ranks(2))),
                Arguments.of("SPMD ping-pong 4x4, D = 1", Sim.build(SpmdTest.PING_PONG),
                        cfg(b -> b.mesh(4, 4).ranks(2).noc(NocConfig.defaults().withRouterDelay(1)))),
                Arguments.of("SPMD bench ring 4x4", BenchProgram.ring(40), cfg(b -> b.mesh(4, 4).ranks(5))),
                Arguments.of("SPMD bench compute 2x2", BenchProgram.build(300), cfg(b -> b.mesh(2, 2).ranks(4))));
    }

    private static Executable program(String name) throws IOException {
        return Sim.build(MeshProgramsTest.source(name));
    }

    private static Consumer<ScmpConfig.Builder> cfg(Consumer<ScmpConfig.Builder> c) {
        return c;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void lookaheadRunEqualsLockstepRun(String name, Executable exe, Consumer<ScmpConfig.Builder> config) {
        Sim.Run fast = Sim.run(exe, config, "");
        Sim.Run strict = Sim.run(exe, config.andThen(b -> b.lockstep(true)), "");
        assertEquals(strict.out(), fast.out());
        assertEquals(strict.err(), fast.err());
        assertEquals(strict.result(), fast.result());
        for (int n = 0; n < fast.machine().nodeCount(); n++) {
            assertEquals(strict.machine().nodeBuilt(n), fast.machine().nodeBuilt(n), "node " + n);
            if (fast.machine().nodeBuilt(n)) {
                assertEquals(statsOf(strict, n), statsOf(fast, n), "node " + n);
            }
        }
    }

    private static String statsOf(Sim.Run r, int node) {
        scmp.cpu.CoreStats s = r.machine().node(node).stats();
        return s.instructions() + " " + java.util.Arrays.toString(s.stallCycles()) + " " + s.branchBubbles() + " "
                + s.switches() + " " + s.switchCycles() + " " + s.niuBlockedCycles() + " "
                + ScmpHardware.of(r.machine()).niuStats(node);
    }
}
