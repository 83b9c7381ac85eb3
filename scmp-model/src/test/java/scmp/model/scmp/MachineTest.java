package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.cpu.Memory;
import scmp.elf.Executable;
import scmp.elf.Section;
import scmp.isa.Abi;
import scmp.machine.Machine;
import scmp.machine.Loader;
import scmp.machine.ConfigException;

/** The machine's ends, limits, loader and configuration. */
class MachineTest {

    @Test
    void runEndsWithStatusZeroWhenEveryThreadEnded() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    nop
                    endt
                """);
        assertEquals(Machine.Outcome.ALL_ENDED, r.result().outcome());
        assertEquals(0, r.exit());
        assertNull(r.message());
        assertEquals(2, r.cycles());
        assertEquals(2, r.result().instructions());
    }

    @Test
    void maxCyclesStopsAnEndlessLoop() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                1:  j 1b
                """, b -> b.maxCycles(1000));
        assertEquals(Machine.Outcome.MAX_CYCLES, r.result().outcome());
        assertEquals(124, r.exit());
        assertEquals(1000, r.cycles());
        assertEquals("scmpsim: stopped after 1000 cycles (--max-cycles): node 0 thread 0 at pc 0x00001000 (_start)",
                r.message());
        assertEquals(500, r.result().instructions());   // one jump every 2 cycles
    }

    @Test
    void maxCyclesLetsAProgramFinishBelowTheLimit() {
        String p = """
                    .text
                    .globl _start
                _start:
                    nop
                    nop
                    hcall exit
                """;
        assertEquals(Machine.Outcome.EXIT, Sim.run(p, b -> b.maxCycles(3)).result().outcome());
        assertEquals(Machine.Outcome.MAX_CYCLES, Sim.run(p, b -> b.maxCycles(2)).result().outcome());
    }

    @Test
    void sameProgramSameOptionsSameResult() {
        String p = MessageTest.FAN_OUT;
        Sim.Run a = Sim.run(p, b -> b.mesh(4, 2).contexts(2));
        Sim.Run b = Sim.run(p, c -> c.mesh(4, 2).contexts(2));
        // workers print their digits as their THREAD messages arrive, node 0 the answers as they come back
        char[] sorted = a.out().toCharArray();
        java.util.Arrays.sort(sorted);
        assertEquals("011223344556677", new String(sorted));
        assertTrue(a.out().endsWith("70"));
        assertEquals(a.out(), b.out());
        assertEquals(a.cycles(), b.cycles());
        assertEquals(a.result(), b.result());
    }

    @Test
    void idleNodesChangeNothing() {
        // on a mesh, host calls are ordered across nodes: a lone node must still see the timing of one node
        String p = """
                    .text
                    .globl _start
                _start:
                    li a0, 1
                    la a1, msg
                    li a2, 3
                    hcall write          # 4: a2 is ready at 4
                    hcall cycles         # 5
                    hcall exit           # 6: a0 is ready at 6
                    .data
                msg: .ascii "hi\\n"
                """;
        Sim.Run one = Sim.run(p);
        Sim.Run four = Sim.run(p, b -> b.mesh(2, 2));
        assertEquals(5, one.exit());
        assertEquals(7, one.cycles());
        assertEquals(one.result(), four.result());
        assertEquals("hi\n", four.out());
    }

    @Test
    void threadMessagesWaitForAFreeContext() {
        // one context per node: node 0 sends three THREAD messages to itself; each runs after the previous ended
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    la s0, worker
                    li s1, 3
                1:  sendh_r zero, THREAD, s0, 0
                    sende s1
                    addi s1, s1, -1
                    bnez s1, 1b
                    endt
                worker:
                    la a1, digits
                    add a1, a1, a0
                    li a0, 1
                    li a2, 1
                    hcall write
                    endt
                    .data
                digits: .ascii "0123"
                """, b -> b.contexts(1));
        assertEquals(Machine.Outcome.ALL_ENDED, r.result().outcome());
        assertEquals("321", r.out());
    }

    @Test
    void loaderPlacesSectionsAndGuards() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    hcall exit
                    .data
                    .align 4
                w:  .word 0x12345678
                    .bss
                z:  .space 16
                """, b -> b.memSize(1 << 20).stackSize(8 << 10).contexts(4));
        Memory m = r.machine().node(0).memory();
        assertEquals(0x12345678, m.peek(r.machine().addressOf("w")));
        assertEquals(0, m.peek(r.machine().addressOf("z")));
        assertEquals(1 << 20, m.size());
        assertEquals(Abi.heapEnd(1 << 20, 8 << 10, 4), r.machine().node(0).heapEnd());
    }

    @Test
    void programTooBigForTheMemoryIsRejected() {
        byte[] text = new byte[8];
        Executable exe = new Executable(Abi.TEXT_BASE, List.of(
                new Executable.PlacedSection(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR,
                        Abi.TEXT_BASE, text.length, 4, text),
                new Executable.PlacedSection(".bss", Section.SHT_NOBITS, Section.SHF_ALLOC | Section.SHF_WRITE,
                        0x2000, 0x100000, 8, new byte[0])), List.of());
        Loader.LoadException e = assertThrows(Loader.LoadException.class,
                () -> Loader.prepare(exe, ScmpConfig.builder("p").memSize(1 << 20).build().run()));
        assertTrue(e.getMessage().startsWith("section .bss (0x2000..0x102000) does not fit below the stacks at 0x7f000"),
                e.getMessage());
    }

    @Test
    void entryOutsideTheTextIsRejected() {
        byte[] text = new byte[8];
        Executable exe = new Executable(0x2000, List.of(
                new Executable.PlacedSection(".text", Section.SHT_PROGBITS, Section.SHF_ALLOC | Section.SHF_EXECINSTR,
                        Abi.TEXT_BASE, text.length, 4, text)), List.of());
        Loader.LoadException e = assertThrows(Loader.LoadException.class,
                () -> Loader.prepare(exe, ScmpConfig.builder("p").build().run()));
        assertEquals("the entry point 0x2000 is not an instruction of the text", e.getMessage());
    }

    @Test
    void configurationIsValidatedOnce() {
        assertEquals("--contexts: must be 1..32, got 0",
                assertThrows(ConfigException.class, () -> ScmpConfig.builder("p").contexts(0).build())
                        .getMessage());
        assertThrows(ConfigException.class, () -> ScmpConfig.builder("p").memSize(1000).build());
        assertThrows(ConfigException.class, () -> ScmpConfig.builder("p").stackSize(1024).build());
        assertThrows(ConfigException.class, () -> ScmpConfig.builder("p").mesh(0, 1).build());
        assertThrows(ConfigException.class, () -> ScmpConfig.builder("p").maxCycles(0).build());
        assertEquals("--contexts 32 stacks of 262144 bytes do not fit in --mem 8388608",
                assertThrows(ConfigException.class,
                        () -> ScmpConfig.builder("p").contexts(32).stackSize(256 << 10).build()).getMessage());
    }

    @Test
    void argumentsTooLongForTheArgumentAreaAreRejected() {
        Executable exe = Sim.build("""
                    .text
                    .globl _start
                _start:
                    endt
                """);
        ScmpConfig cfg = ScmpConfig.builder("p").args(List.of("x".repeat(5000))).build();
        Loader.LoadException e = assertThrows(Loader.LoadException.class, () -> new Machine(cfg, exe,
                java.io.OutputStream.nullOutputStream(), java.io.OutputStream.nullOutputStream(),
                java.io.InputStream.nullInputStream()));
        assertTrue(e.getMessage().contains("more than the 4096-byte argument area"), e.getMessage());
    }

    @Test
    void benchProgramRunsAndCountsExactly() {
        Executable exe = BenchProgram.build(1000);
        Sim.Run r = Sim.run(exe, b -> { }, "");
        assertEquals(0, r.exit());
        assertEquals(BenchProgram.OVERHEAD + BenchProgram.LOOP_LENGTH * 1000L, r.result().instructions());
        // 4 set-up cycles, 10 cycles per taken iteration (load-use 1, taken branch 2), the last iteration 8,
        // then addi and hcall exit
        assertEquals(4 + 10 * 999 + 8 + 2, r.cycles());
    }
}
