package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scmp.elf.Executable;
import scmp.machine.Loader;
import scmp.machine.Machine;

/**
 * Quiet rounds of a run without ranks (node 0 starts threads on the other nodes, whose {@code exit} ends the whole
 * run): several busy nodes run through windows of the network's lookahead, and waiting nodes are skipped in whole
 * periods of their loops, and the run is still the strict lockstep run, node by node, however it ends
 * (docs/simulator.md, "How the machine runs").
 */
class WindowTest {

    /**
     * Node 0 starts {@code finish} on node 1 and {@code WAIT} on nodes 2 and 3, and ends its thread; node 1 computes
     * and then ends the run with {@code END}, while nodes 2 and 3 compute ({@code spin}) or wait for a flag that
     * never changes ({@code idle}).
     */
    private static final String PROGRAM = """
                .text
                .globl _start
            _start:
                li s1, 1
                la s0, finish
                sendh_r s1, THREAD, s0, 0
                sende s1
                li s1, 2
                la s0, WAIT
            1:  sendh_r s1, THREAD, s0, 0
                sende s1
                addi s1, s1, 1
                li t0, 4
                blt s1, t0, 1b
                endt
            finish:
                li t0, 3000
            2:  addi t0, t0, -1
                bnez t0, 2b
                END
            spin:
                li t0, 0
            3:  addi t0, t0, 1
                andi t1, t0, 7
                bnez t1, 3b
                suspend
                j 3b
            idle:
                la t2, flag
            4:  lw t1, 0(t2)
                bnez t1, 5f
                suspend
                j 4b
            5:  endt
                .data
            flag:
                .word 0
            """;

    private record Outcome(Machine.Result result, String output, List<String> nodes, long quietRounds, long skipped) {
    }

    private static Outcome run(Executable exe, boolean lockstep, boolean skip) throws Loader.LoadException {
        ScmpConfig cfg = ScmpConfig.builder("window").mesh(2, 2).lockstep(lockstep).maxCycles(1_000_000).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
        m.setIdleSkip(skip);
        Machine.Result r = m.run();
        List<String> nodes = new ArrayList<>();
        for (int n = 0; n < m.nodeCount(); n++) {
            if (m.nodeBuilt(n)) {
                scmp.cpu.CoreStats s = m.node(n).stats();
                nodes.add(n + ": " + s.instructions() + " " + java.util.Arrays.toString(s.stallCycles()) + " "
                        + s.branchBubbles() + " " + s.switches() + " " + s.switchCycles() + " " + s.niuBlockedCycles()
                        + " " + ScmpHardware.of(m).niuStats(n));
            }
        }
        return new Outcome(r, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8), nodes,
                m.quietRounds(), m.skippedCycles());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"spin exit", "spin fault", "spin abort", "idle exit", "idle fault"})
    void windowedRunIsTheStrictLockstepRun(String variant) throws Exception {
        String[] v = variant.split(" ");
        String end = switch (v[1]) {
            case "exit" -> "li a0, 5\n    hcall exit";
            case "fault" -> "lw t0, 1(zero)";
            default -> "li a0, 0\n    hcall abort";
        };
        Executable exe = Sim.build(PROGRAM.replace("WAIT", v[0]).replace("END", end));
        Outcome strict = run(exe, true, false);
        Outcome fast = run(exe, false, false);
        Outcome skipping = run(exe, false, true);
        Machine.Outcome expected = switch (v[1]) {
            case "exit" -> Machine.Outcome.EXIT;
            case "fault" -> Machine.Outcome.FAULT;
            default -> Machine.Outcome.ABORT;
        };
        assertEquals(expected, strict.result().outcome(), strict.output());
        assertEquals(4, strict.nodes().size());
        for (Outcome o : List.of(fast, skipping)) {
            assertEquals(strict.result(), o.result());
            assertEquals(strict.output(), o.output());
            assertEquals(strict.nodes(), o.nodes());
        }
        // three busy nodes for about 6 000 cycles: rounds of the 6-cycle lookahead, not one round per cycle
        long cycles = strict.result().cycles();
        assertTrue(fast.quietRounds() < cycles / 4, fast.quietRounds() + " quiet rounds in " + cycles + " cycles");
        assertEquals(0, fast.skipped());
        if (v[0].equals("idle")) {
            // nodes 2 and 3 wait for the whole run: most of their cycles are skipped
            assertTrue(skipping.skipped() > cycles, "skipped node-cycles: " + skipping.skipped());
        }
    }
}
