package scmp.model.t3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.elf.MachineKind;
import scmp.machine.ConfigException;
import scmp.machine.Guest;
import scmp.machine.Models;
import scmp.machine.Params;
import scmp.machine.Simulation;

/** The T3D model: its parameters, the partition's shape, programs on every PE, and misuse of the shell. */
class T3dModelTest {
    @TempDir
    Path dir;

    private final T3dModel model = new T3dModel();

    @ParameterizedTest(name = "{0} nodes: {1}")
    @CsvSource({"1, 1x1x1", "2, 2x1x1", "3, 3x1x1", "4, 2x2x1", "8, 2x2x2", "16, 4x2x2", "32, 4x4x2", "64, 4x4x4",
        "512, 8x8x8", "1024, 16x8x8"})
    void theDefaultTorusIsTheSmallestMostNearlyCubicOne(int nodes, String torus) {
        assertEquals(torus, T3dModel.torusFor(nodes).toString());
    }

    @Test
    void everyDefaultTorusHoldsItsNodesWithXAtLeastYAtLeastZ() {
        for (int n = 1; n <= 1024; n++) {
            T3dParams.Torus t = T3dModel.torusFor(n);
            assertTrue(t.nodes() >= n && t.x() >= t.y() && t.y() >= t.z(), n + ": " + t);
        }
    }

    @Test
    void thePartitionFollowsMinusNAndTwoPesShareANode() {
        T3dParams one = model.fit(new T3dParams(), 0);
        assertEquals(1, one.pes());
        assertEquals("1x1x1", one.torus().toString());
        assertEquals(1, model.ranks(one, 0), "every PE runs the program");
        T3dParams p = model.fit(new T3dParams(), 64);
        assertEquals(64, p.pes());
        assertEquals("4x4x2", p.torus().toString());
        assertEquals(List.of(1, 1, 0), List.of(p.position(10)[0], p.position(10)[1], p.position(10)[2]));
        assertEquals(List.of(3, 3, 1), List.of(p.position(63)[0], p.position(63)[1], p.position(63)[2]));
        assertEquals("-n 16: the partition has 8 PEs (--param pes)", assertThrows(ConfigException.class,
                () -> model.fit(new T3dParams().withPartition(8, null), 16)).getMessage());
    }

    @Test
    void theParametersLoadWithTheSeedsFiguresAsDefaults() {
        T3dParams d = Params.defaults(T3dParams.class);
        assertEquals(List.of(2, 150, 64 << 20, 2, 1, 300), List.of(d.pesPerNode(), d.clockMhz(), d.memoryBytes(),
                d.hopCycles(), d.turnCycles(), d.channelMBps()));
        T3dParams p = Params.load(T3dParams.class, "t3d", List.of(new Params.Given("torus", "4x4x2", "--torus"),
                new Params.Given("pes", "64"), new Params.Given("memoryBytes", "16M")));
        assertEquals(new T3dParams.Torus(4, 4, 2), p.torus());
        assertEquals(16 << 20, model.defaultMemory(p));
        assertEquals("--torus 2x2x2: holds 16 PEs, fewer than the 64 of the partition",
                assertThrows(ConfigException.class, () -> Params.load(T3dParams.class, "t3d", List.of(
                        new Params.Given("torus", "2x2x2", "--torus"), new Params.Given("pes", "64")))).getMessage());
        assertEquals("--torus: '4x4' is not a torus shape such as 4x4x2", assertThrows(ConfigException.class,
                () -> Params.load(T3dParams.class, "t3d", List.of(new Params.Given("torus", "4x4", "--torus"))))
                .getMessage());
    }

    private Path program(String source) throws Exception {
        return Guest.file(dir, MachineKind.T3D, source);
    }

    @Test
    void everyPeRunsTheProgramOnItsOwnMemory() throws Exception {
        assertTrue(Models.of(MachineKind.T3D) instanceof T3dModel, "found through ServiceLoader");
        // rdsr at 0, hcall exit at 1 (a0 ready at 1): every PE exits with xdim, the number of PEs, at cycle 1
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr a0, xdim
                    hcall exit
                """);
        Path stats = dir.resolve("stats.json");
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(4).cycles(true)
                .stats(stats.toString()));
        assertEquals(4, r.code(), r.err());
        assertEquals("cycles: 2\ninstructions: 8\n", r.err());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"torus\": {\"x\": 2, \"y\": 1, \"z\": 1},\n  \"pes_per_node\": 2,\n"), json);
        assertTrue(json.contains("{\"node\": 3, \"x\": 1, \"y\": 0, \"z\": 0, \"built\": true"), json);
        assertTrue(json.contains("\"exit_status\": 4, \"exit_cycle\": 1}"), json);
    }

    @Test
    void aPeHasTheT3dsSixtyFourMegabytesUnlessTheRunSaysLess() throws Exception {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr a0, memsize
                    srli a0, a0, 20
                    hcall exit
                """);
        assertEquals(64, Guest.simulate(new Simulation.Options().program(p.toString(), List.of())).code());
        assertEquals(2, Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).mem(2 << 20)).code());
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).mem(128 << 20));
        assertEquals("scmpsim: --mem: must be a multiple of 4K from 64K to 64M, got 134217728\n", r.err());
    }

    @Test
    void aMisusedShellIsAGuestFaultAtTheInstruction() throws Exception {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    send2 zero, zero
                """);
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()));
        assertEquals(139, r.code());
        assertTrue(r.err().startsWith("scmpsim: node 0 thread 0: T3D shell of PE 0: data without a head at pc "
                + "0x00001000"), r.err());
        Path q = program("""
                    .text
                    .globl _start
                _start:
                    li t0, 5
                    sendh_i t0, 1, 0x100
                """);
        r = Guest.simulate(new Simulation.Options().program(q.toString(), List.of()).ranks(4));
        assertTrue(r.err().startsWith("scmpsim: node 0 thread 0: T3D shell of PE 0: PE 5 is not in the partition of "
                + "4 PEs at pc"), r.err());
    }

    @Test
    void aPutIntoAnotherPesTextFaultsAtThePutWhenItLands() throws Exception {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    li t1, 1
                    li t2, 0x1000
                    sendh_r t1, 1, t2, 1
                    sende t1
                    sendh_i zero, 7, 1
                    hcall exit
                """);
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2));
        assertEquals(139, r.code());
        assertEquals("scmpsim: node 0 thread 0: T3D shell of PE 0: a put between PE 0 and PE 1: DMA write into the "
                + "program text at pc 0x0000100c (_start+0xc), address 0x00001000\n", r.err());
    }

    @Test
    void theStatisticsCountPacketsPhitsBarriersAndRequests() throws Exception {
        // PE 0 puts one word to PE 1 (a 6-phit packet, a 4-phit acknowledgement) and fetches-and-increments PE 1's
        // register (4 and 6 phits); both PEs then meet at one barrier
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    rdsr t0, nodeid
                    bnez t0, 1f
                    li t1, 1
                    li t2, 0x20000
                    sendh_r t1, 1, t2, 1
                    sende t1
                    sendh_i t1, 4, 0
                    sende t2
                    sendh_i zero, 7, 1
                1:
                    sendh_i zero, 6, 0
                    sendh_i zero, 7, 2
                    li a0, 0
                    hcall exit
                """);
        Path stats = dir.resolve("stats.json");
        Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2)
                .stats(stats.toString()));
        assertEquals(0, r.code(), r.err());
        String json = Files.readString(stats);
        assertTrue(json.contains("\"torus_packets\": 4,\n  \"torus_phits\": 20,\n  \"barriers\": 1,"), json);
        assertTrue(json.contains("\"shell_requests\": 2, \"fetch_inc_register\": 0,"), json);
        assertTrue(json.contains("\"remote_writes\": 1, \"remote_swaps\": 0, \"remote_fetch_adds\": 0, "
                + "\"shell_requests\": 0, \"fetch_inc_register\": 1,"), json);
    }

    @Test
    void aRunThatNamesNoEngineTakesTheInterpreterAndOneThatNamesItsEngineKeepsIt() throws Exception {
        Path p = program("""
                    .text
                    .globl _start
                _start:
                    li a0, 3
                    hcall exit
                """);
        int[] built = new int[1];
        scmp.cpu.Engine.Factory counting = c -> {
            built[0]++;
            return new scmp.cpu.Interpreter(c);
        };
        Guest.Outcome d = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2)
                .engine(counting).defaultEngine(true));
        assertEquals(3, d.code(), d.err());
        assertEquals(0, built[0], "the tools' default engine gives way to the model's interpreter");
        // (without the look-ahead, whose copies of the busy PEs get engines of their own)
        Guest.Outcome n = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2)
                .engine(counting).lookAhead(false));
        assertEquals(3, n.code(), n.err());
        assertEquals(2, built[0], "an engine the run names is every PE's");
    }
}
