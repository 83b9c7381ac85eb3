package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.elf.Executable;
import scmp.model.scmp.ScmpConfig;
import scmp.noc.NocConfig;
import scmp.noc.VcSelection;

/**
 * libscmp, the native network library of thesis Tables 2.2 and 2.3 (clib/src/scmp, include/scmp.h,
 * docs/libscmp.md), through the programs of programs/scmp: each is compiled by scmpcc with the real sysroot
 * (libscmp.a is a default library), at -O0 and -O1, and run on a mesh. Every program checks its own results
 * and exits 1 on a mismatch; this test also rebuilds the exact expected output from the programs' documented
 * formulas, so a result that is wrong in the same way on both sides of a program's own check still fails here.
 *
 * <p>The programs are written so that they do not depend on the network's timing or on the order in which
 * separate messages arrive (getBlock's completion flag excepted, see docs/libscmp.md "Ordering"), so the
 * expected output holds for any network that delivers every message; order.c and getblock_flag.c test that
 * order itself, under both virtual-channel selections.
 */
class ScmpLibraryTest {
    /** Far above what any of these programs needs (the longest runs for about ten million cycles). */
    static final long MAX_CYCLES = 500_000_000L;

    static Path program(String name) {
        return E2e.root().resolve("programs/scmp").resolve(name);
    }

    /** Compiles one program at {@code -O<opt>} and runs it on an {@code x} by {@code y} mesh. */
    static E2e.Run run(String name, int opt, int x, int y, int memBytes, List<String> args) throws Exception {
        Executable exe = E2e.build(opt, program(name));
        ScmpConfig cfg = ScmpConfig.builder(name).mesh(x, y).memSize(memBytes).maxCycles(MAX_CYCLES)
                .args(args).build();
        return E2e.run(exe, cfg);
    }

    /** Compiles one program at -O1 and runs it on an {@code x} by {@code y} mesh choosing virtual channels {@code how}. */
    static E2e.Run run(String name, int x, int y, VcSelection how) throws Exception {
        Executable exe = E2e.build(1, program(name));
        ScmpConfig cfg = ScmpConfig.builder(name).mesh(x, y).memSize(2 << 20).maxCycles(MAX_CYCLES)
                .noc(NocConfig.defaults().withVcSelection(how)).build();
        return E2e.run(exe, cfg);
    }

    static void assertRun(String expected, E2e.Run r, String what) {
        assertNull(r.result().message(), () -> what + " did not exit normally: " + r.result().message()
                + "\nstdout:\n" + r.stdout() + "\nstderr:\n" + r.stderr());
        assertEquals(expected, r.stdout(), what + ": stdout");
        assertEquals(0, r.exit(), () -> what + ": exit status (" + r.result().outcome() + ")\n" + r.stderr());
    }

    static String lines(List<String> l) {
        return String.join("\n", l) + "\n";
    }

    // ---- start.c: the thesis's section 6.2 shape, parExecute(getXDim()*getYDim(), start, argc, argv) ----

    @ParameterizedTest(name = "start.c on {0}x{1} at -O{2}")
    @CsvSource({"2,2,1", "4,4,1", "4,4,0", "8,8,1"})
    void thesisStartExampleGathersOneValuePerNode(int x, int y, int opt) throws Exception {
        int p = x * y;
        int argc = 3;   // the program's name and the two arguments below
        List<String> out = new ArrayList<>();
        out.add("mesh " + x + "x" + y + ", " + p + " nodes, argc " + argc);
        int sum = 0;
        for (int i = 0; i < p; i++) {
            int v = argc * 1000 + i * i + (i % x) * 10 + i / x;
            out.add("node " + i + ": value " + v);
            sum += v;
        }
        out.add("sum " + sum);
        out.add("start: OK");
        assertRun(lines(out), run("start.c", opt, x, y, 1 << 20, List.of("a", "b")), "start.c " + x + "x" + y);
    }

    // ---- transpose.c: rows sent as columns with sendDataBlock / sendDataBlockNB ----

    @ParameterizedTest(name = "transpose.c on {0}x{1} at -O{2}")
    @CsvSource({"2,2,1", "4,4,1", "4,4,0", "8,8,1"})
    void transposeSendsRowsAsColumns(int x, int y, int opt) throws Exception {
        int p = x * y;
        int b = 4;
        int n = p * b;
        List<String> out = new ArrayList<>();
        out.add("transpose: " + p + " nodes, " + n + " x " + n + ", " + b + " rows per node");
        StringBuilder row = new StringBuilder("T[0][0..7] =");
        for (int j = 0; j < 8 && j < n; j++) {
            row.append(' ').append(j * n + 1);          // T(0, j) = A(j, 0) = j * N + 0 + 1
        }
        out.add(row.toString());
        for (int r = 0; r < p; r++) {
            int checksum = 0;                           // int arithmetic wraps as the guest's unsigned does
            for (int i = 0; i < b; i++) {
                for (int j = 0; j < n; j++) {
                    int t = j * n + (r * b + i) + 1;    // T(r*B + i, j) = A(j, r*B + i)
                    checksum += t * (i * n + j + 1);
                }
            }
            out.add("node " + r + ": errors 0 checksum " + Integer.toUnsignedString(checksum));
        }
        out.add("transpose: OK");
        assertRun(lines(out), run("transpose.c", opt, x, y, 1 << 20, List.of()), "transpose.c " + x + "x" + y);
    }

    // ---- callbacks.c: createThread with callbacks, relays and nested callbacks ----

    @ParameterizedTest(name = "callbacks.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1", "4,4,0", "2,2,1"})
    void createThreadRunsRemotelyAndCallsBack(int x, int y, int opt) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("callbacks: " + p + " nodes");
        for (int d = 0; d < p; d++) {
            int s = d;
            for (int k = 0; k < 20 + d; k++) {
                s = (s * 31 + 7 + k) % 10007;
            }
            out.add("node " + d + ": result " + (s * 1000 + d));
        }
        int hops = 2 * p + 3;
        int relay = 0;
        for (int d = 0; d < hops; d++) {
            relay += (1 % p + d) % p + 1;
        }
        out.add("relay: hops " + hops + " total " + relay);
        int squares = 0;
        for (int d = 0; d < p; d++) {
            squares += d * d;
        }
        out.add("second round: " + p + " answers, sum " + squares);
        out.add("callbacks: OK");
        assertRun(lines(out), run("callbacks.c", opt, x, y, 1 << 20, List.of()), "callbacks.c " + x + "x" + y);
    }

    // ---- getblock.c: remote reads through a pointer read on the data's node ----

    static int word(int node, int k) {
        return node * 100000 + k;
    }

    @ParameterizedTest(name = "getblock.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1", "4,4,0"})
    void getBlockFetchesStridedWordsFromOtherNodes(int x, int y, int opt) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("getblock: " + p + " nodes");
        for (int r = 0; r < p; r++) {
            out.add("fetch " + r + ": first " + word(r, 3 + r) + " last " + word(r, 3 + r + 2 * 11));
        }
        StringBuilder back = new StringBuilder("backwards:");
        for (int k = 0; k < 5; k++) {
            back.append(' ').append(word(p - 1, 50 - k));
        }
        out.add(back.toString());
        int checksum = 0;
        for (int k = 0; k < 70000; k++) {
            checksum += word(1 % p, 7 + k) * (k + 1);
        }
        out.add("big: 70000 words, checksum " + Integer.toUnsignedString(checksum));
        out.add("neighbours: " + p + " reports, 0 errors");
        out.add("getblock: OK");
        assertRun(lines(out), run("getblock.c", opt, x, y, 2 << 20, List.of()), "getblock.c " + x + "x" + y);
    }

    // ---- order.c and getblock_flag.c: point-to-point order (docs/noc.md, "Point-to-point order") ----

    @ParameterizedTest(name = "order.c on {0}x{1}: none overtaken with one VC per flow")
    @CsvSource({"4,4", "8,8"})
    void messagesBetweenTwoNodesKeepTheirOrderByDefault(int x, int y) throws Exception {
        assertRun("order: " + x * y + " nodes, 0 overtaken\n", run("order.c", x, y, VcSelection.FLOW), "order.c");
    }

    @ParameterizedTest(name = "order.c on {0}x{1}: {2} senders overtaken with any VC")
    @CsvSource({"4,4,2", "8,8,20"})
    void anyVirtualChannelLetsLaterMessagesOvertake(int x, int y, int overtaken) throws Exception {
        E2e.Run r = run("order.c", x, y, VcSelection.ANY);
        assertEquals(1, r.exit(), r.stdout());
        String[] lines = r.stdout().split("\n");
        assertEquals(overtaken + 1, lines.length, r.stdout());
        for (int i = 0; i < overtaken; i++) {
            assertTrue(lines[i].matches("node \\d+: the message with [1-7] arrived last"), lines[i]);
        }
        assertEquals("order: " + x * y + " nodes, " + overtaken + " overtaken", lines[overtaken]);
    }

    @ParameterizedTest(name = "getblock_flag.c on {0}x{1}: the flag never passes the block")
    @CsvSource({"4,4", "8,8"})
    void getBlocksFlagFollowsItsBlockOverACongestedMesh(int x, int y) throws Exception {
        assertRun("getblock_flag: " + x * y + " nodes, 6 rounds of 48 words, 0 stale\ngetblock_flag: OK\n",
                run("getblock_flag.c", x, y, VcSelection.FLOW), "getblock_flag.c");
    }

    @ParameterizedTest(name = "getblock_flag.c on 8x8 with any VC: flags overtake their blocks")
    @CsvSource({"8,8"})
    void getBlockReturnsEarlyWhenTheFlagMayOvertake(int x, int y) throws Exception {
        E2e.Run r = run("getblock_flag.c", x, y, VcSelection.ANY);
        assertEquals(1, r.exit(), r.stdout());
        assertTrue(r.stdout().matches("getblock_flag: 64 nodes, 6 rounds of 48 words, [1-9]\\d* stale\n"
                + "getblock_flag: FAILED\n"), r.stdout());
    }

    // ---- primitives.c: everything else, section by section ----

    @ParameterizedTest(name = "primitives.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1", "4,4,0", "2,2,1"})
    void primitivesAndTheRestOfTheApi(int x, int y, int opt) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("primitives: " + p + " nodes");
        out.add("ids: " + p + " reports, consistent");
        double dsum = 0;
        for (int i = 0; i < p; i++) {
            dsum += i * 0.5 + 0.25;
        }
        out.add(String.format("double: sum %.2f", dsum));
        out.add("add: total " + p * (p + 1) / 2);
        // The 24-word message's function sees its first eight words, w0 = 15 << 16 | 100, then 101..107.
        int weigh = (15 << 16 | 100);
        for (int i = 1; i < 8; i++) {
            weigh += (100 + i) * (i + 1);
        }
        out.add("threadK: 15 messages, all words right, 24 words weigh " + weigh);
        // inbox[0..11] on the receiver after the raw DATA message: 11 0 12 0 13 0 14 0 15 0 16 0.
        int raw = 0;
        int[] inbox = {11, 0, 12, 0, 13, 0, 14, 0, 15, 0, 16, 0};
        for (int v : inbox) {
            raw = raw * 3 + v;
        }
        out.add("raw: data " + raw + ", thread 1234");
        int big = 0;
        for (int k = 0; k < 70000; k++) {
            big += (70000 - k) * (k + 1);           // big_in[k] = 70000 - k: the block arrived reversed
        }
        out.add("big: 70000 words, checksum " + Integer.toUnsignedString(big));
        out.add("wide: 12345");
        out.add("nb: sum " + 256 * 257 / 2);
        out.add("clamp: 2 leaves");
        out.add("primitives: OK");
        assertRun(lines(out), run("primitives.c", opt, x, y, 2 << 20, List.of()), "primitives.c " + x + "x" + y);
    }

    // ---- thesis_mpi.c: the thesis's section 6.2 MPI program, unchanged ----

    @ParameterizedTest(name = "thesis_mpi.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1", "2,2,0"})
    void thesisMpiExampleRunsAsPrinted(int x, int y, int opt) throws Exception {
        assertRun("Value received: 5\n", run("thesis_mpi.c", opt, x, y, 1 << 20, List.of()),
                "thesis_mpi.c " + x + "x" + y);
    }

    // ---- heap.c: a heap per node, a stack per thread ----

    @ParameterizedTest(name = "heap.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1"})
    void everyNodeHasItsOwnHeapAndEveryThreadItsOwnStack(int x, int y, int opt) throws Exception {
        int p = x * y;
        List<String> out = new ArrayList<>();
        out.add("heap: " + p + " nodes, 4 threads per node, 40 steps per thread");
        for (int r = 0; r < p; r++) {
            out.add("node " + r + ": 131 allocations, 0 errors");
        }
        out.add("first block: same address on every node: yes");
        out.add("first blocks hold their own node's number: " + p + " of " + p);
        out.add("heap: OK");
        assertRun(lines(out), run("heap.c", opt, x, y, 2 << 20, List.of()), "heap.c " + x + "x" + y);
    }

    // ---- costs.c: the cycle costs of docs/libscmp.md ----

    /** The cycles costs.c printed for the table row that starts with {@code what}. */
    static long cost(String out, String what) {
        for (String l : out.split("\n")) {
            if (l.startsWith("| " + what + " |")) {
                return Long.parseLong(l.substring(what.length() + 4, l.indexOf(" |", what.length() + 4)).strip());
            }
        }
        throw new AssertionError("costs.c printed no row for " + what + ":\n" + out);
    }

    @ParameterizedTest(name = "costs.c on {0}x{1} at -O{2}")
    @CsvSource({"4,4,1"})
    void costsFollowTheTimingModel(int x, int y, int opt) throws Exception {
        E2e.Run r = run("costs.c", opt, x, y, 1 << 20, List.of());
        String out = r.stdout();
        assertNull(r.result().message(), out);
        assertEquals(0, r.exit(), out);
        // The DMA engine reads one word per network cycle, two per core cycle (docs/timing.md 3.1), so 240
        // more words take 120 more cycles, and the non-blocking send does not wait for them.
        assertEquals(120, cost(out, "`sendDataBlock()`, 256 words") - cost(out, "`sendDataBlock()`, 16 words"), out);
        assertEquals(120, cost(out, "`getBlock()` from a neighbour, 256 words")
                - cost(out, "`getBlock()` from a neighbour, 16 words"), out);
        long nb = cost(out, "`sendDataBlockNB()`, 1 word");
        assertEquals(nb, cost(out, "`sendDataBlockNB()`, 16 words"), out);
        assertEquals(nb, cost(out, "`sendDataBlockNB()`, 256 words"), out);
        // Five more hops cost 5 x 5 network cycles (router and link, docs/timing.md 4), 12.5 core cycles. Each side
        // sees the flag at its polling loop's next load (a loop of a load and a taken branch, 4 cycles here), so
        // the difference of the averages is 12.5 give or take the loop's period less one, and the truncation.
        long far = cost(out, "one-way latency to node 15 (6 hops), `sendDataIntValue()` ping-pong");
        long near = cost(out, "one-way latency to a neighbour (node 1), `sendDataIntValue()` ping-pong");
        assertTrue(Math.abs((far - near) - 12.5) <= 3.5, out);
        assertTrue(out.endsWith("costs: OK\n"), out);
    }
}
