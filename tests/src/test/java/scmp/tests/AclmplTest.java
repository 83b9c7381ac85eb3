package scmp.tests;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.elf.Executable;
import scmp.model.scmp.ScmpConfig;

/**
 * ACLMPL on the SCMP chip (docs/aclmpl.md): the test programs of programs/aclmpl, compiled by scmpcc with the
 * real sysroot (libaclmpl.a and the SCMP chip's libaclport.a are default libraries) and run on meshes of 1, 2,
 * 6 (not a power of two), 8 and 32 nodes. Each program checks every result against values it computes
 * independently and prints {@code NAME: OK} only when all of them hold; a failed check prints the PE and line.
 *
 * <ul>
 *   <li>{@code port.c}: the portability layer: blocks with signals (apart and right before the block), plain
 *       puts, gets, swaps and fetch-and-increments from every PE at once, the register reset, barriers;
 *   <li>{@code p2p.c}: the synchronous protocol: send and receive of 0 to 4 KB, a cut message,
 *       send_and_receive around a ring and with the PE itself, bad arguments;
 *   <li>{@code async.c}: the asynchronous protocol: the pool's overflow into the linked list and the register
 *       reset, messages received from the list in order, senders blocked on a full pool, any source and tag;
 *   <li>{@code global.c}: broadcast from several roots, tree and binary-swap reduce equal bit for bit on
 *       integers, user operators, the crossover of aclmpl_reduce, doubles.
 * </ul>
 */
class AclmplTest {
    static final long MAX_CYCLES = 2_000_000_000L;

    @ParameterizedTest(name = "{0} on {1}x{2} at -O{3}")
    @CsvSource({
        "port.c,1,1,1", "port.c,2,1,1", "port.c,3,2,1", "port.c,4,2,0", "port.c,8,4,1",
        "p2p.c,2,1,1", "p2p.c,3,2,1", "p2p.c,4,2,0", "p2p.c,8,4,1",
        "async.c,1,1,1", "async.c,2,1,1", "async.c,3,2,1", "async.c,4,2,0", "async.c,8,4,1",
        "global.c,2,1,1", "global.c,3,2,1", "global.c,4,2,0", "global.c,8,4,1"})
    void programChecksEveryResult(String program, int x, int y, int opt) throws Exception {
        Executable exe = E2e.build(opt, E2e.root().resolve("programs/aclmpl").resolve(program));
        ScmpConfig cfg = ScmpConfig.builder(program).mesh(x, y).memSize(1 << 20).maxCycles(MAX_CYCLES)
                .args(List.of()).build();
        String name = program.substring(0, program.length() - 2);
        ScmpLibraryTest.assertRun(name + ": OK\n", E2e.run(exe, cfg), program + " on " + x + "x" + y);
    }
}
