package scmp.model.sp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.MachineKind;
import scmp.machine.ConfigException;
import scmp.machine.Guest;
import scmp.machine.Models;
import scmp.machine.Params;
import scmp.machine.Simulation;

/** The SP skeleton: its parameters, and programs that use no network on every node. */
class SpModelTest {
    @TempDir
    Path dir;

    private final SpModel model = new SpModel();

    @Test
    void theParametersHaveTheSeedsFiguresAndTheSystemFollowsMinusN() {
        SpParams d = Params.defaults(SpParams.class);
        assertEquals(List.of(332, 160, 4), List.of(d.clockMhz(), d.pairMBps(), d.routes()));
        assertEquals(1, model.fit(d, 0).nodes());
        assertEquals(16, model.fit(d, 16).nodes());
        assertEquals(16, model.ranks(model.fit(d, 16), 0), "every node runs the program");
        assertEquals("-n 8: the system has 4 nodes (--param nodes)", assertThrows(ConfigException.class,
                () -> model.fit(d.withNodes(4), 8)).getMessage());
        assertEquals("--param routes: must be at least 1, got 0", assertThrows(ConfigException.class,
                () -> Params.load(SpParams.class, "sp", List.of(new Params.Given("routes", "0")))).getMessage());
        assertEquals(0, d.dropEvery(), "the switch loses nothing by default");
        assertEquals(6640, d.threadSwitchCycles(), "an operating-system thread switch: 20 us at 332 MHz");
        assertEquals("--param threadSwitchCycles: must be at least 0, got -1", assertThrows(ConfigException.class,
                () -> Params.load(SpParams.class, "sp", List.of(new Params.Given("threadSwitchCycles", "-1"))))
                .getMessage());
        assertEquals("--param dropEvery: must be 0 (no loss) or at least 2, got 1", assertThrows(ConfigException.class,
                () -> Params.load(SpParams.class, "sp", List.of(new Params.Given("dropEvery", "1")))).getMessage());
    }

    private static String[] run(Path program, Integer ranks) {
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(program.toString(), List.of()).ranks(ranks)
                .cycles(true));
        return new String[] {Integer.toString(r.code()), r.err()};
    }

    private Path program(String source) throws Exception {
        return Guest.file(dir, MachineKind.SP, source);
    }

    @Test
    void everyNodeRunsTheProgramAndNetworkInstructionsFault() throws Exception {
        assertTrue(Models.of(MachineKind.SP) instanceof SpModel, "found through ServiceLoader");
        // rdsr 0, rdsr 1, sub 2, hcall exit 3: node k exits with xdim - k, so the first non-zero status is node 0's
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr a0, xdim
                    rdsr t0, nodeid
                    sub  a0, a0, t0
                    hcall exit
                """);
        assertEquals(List.of("3", "cycles: 4\ninstructions: 12\n"), List.of(run(p, 3)));
        Path net = program("""
                    .text
                    .globl _start
                _start:
                    send2 zero, zero
                """);
        String[] r = run(net, null);
        assertEquals("139", r[0]);
        assertTrue(r[1].startsWith("scmpsim: node 0 thread 0: SP switch adapter of node 0: data without a head at pc "
                + "0x00001000"), r[1]);
    }

    @Test
    void theAdapterRefusesMisuseWithOneLine() throws Exception {
        String[][] cases = {
            {"li t0, 5\n    sendh_i t0, 1, 0\n    sende t0", "node 5 is not in the system of 2 nodes"},
            {"la t0, buf\n    sendh_i zero, 1, 0\n    li t1, 255\n    sendme t0, t1",
                "a packet carries 1..254 words, not 255"},
            {"sendh_i zero, 3, 1", "frees 1 receive slot(s), but 0 hold packets"},
            {"sendh_i zero, 5, 0", "an interrupt return without an interrupt"},
            {"sendh_i zero, 6, 4", "a wait's mask is 1 (sends read), 2 (a packet received) or 3, not 4"},
            {"sendh_i zero, 9, 0", "no adapter operation has type 9"},
            {"la t0, spin\n    li t1, 8\nmore:\n    sendh_r zero, 7, t0, 0\n    addi t1, t1, -1\n    bnez t1, more\n"
                + "spin:\n    j spin", "a new thread, but every thread context of the node is in use"},
            {"li t0, 2\n    sendh_r zero, 2, t0, 0\n    sende t0", "the receive ring at 0x00000002 (2 slots of "
                + "1024 bytes) is not word-aligned memory"},
        };
        for (String[] c : cases) {
            Path p = program("""
                        .text
                        .globl _start
                    _start:
                        %s
                        hcall exit
                        .data
                    buf:
                        .space 1024
                    """.formatted(c[0]));
            String[] r = run(p, 2);
            assertTrue(r[1].startsWith("scmpsim: node 0 thread 0: SP switch adapter of node 0: " + c[1] + " at pc "),
                    r[1]);
            assertEquals(1, r[1].lines().filter(l -> l.startsWith("scmpsim:")).count(), r[1]);
        }
    }

    @Test
    void aNewThreadRunsWhenTheRunningOneSuspendsAfterTheSwitchCost() throws Exception {
        // rdsr at c, sw at c + 1, the head (type 7) at c + 2 makes the thread ready at c + 3, suspend at c + 3: the
        // new thread's first instruction issues at c + 3 + 1 + S (S = 3, docs/timing.md section 2), c + 7; before
        // the suspend, main runs on: the thread waits for the core
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    la t0, child
                    la t2, stamp
                    rdsr s1, cycle
                    sw s1, 0(t2)
                    sendh_r zero, 7, t0, 0
                    suspend
                    li a0, 99
                    hcall exit
                child:
                    rdsr t1, cycle
                    lw t3, stamp
                    sub a0, t1, t3
                    hcall exit
                    .data
                stamp:
                    .word 0
                """);
        assertEquals("7", run(p, 1)[0]);
    }
}
