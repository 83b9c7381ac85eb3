package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import scmp.noc.Mesh2D;

/**
 * The destinations of each synthetic pattern, checked against BookSim2's definitions: the oracles below are
 * BookSim's {@code traffic.cpp} expressions (and gem5 Garnet's for bit rotation), written out for a
 * {@code nodes = k^2} mesh.
 */
class TrafficPatternTest {
    private final Mesh2D mesh = new Mesh2D(8, 8);
    private final SplittableRandom rng = new SplittableRandom(3);

    /** BookSim's BitRevTrafficPattern::dest. */
    private static int bookSimBitRev(int nodes, int source) {
        int result = 0;
        for (int n = nodes; n > 1; n >>= 1) {
            result = (result << 1) | (source % 2);
            source >>= 1;
        }
        return result;
    }

    /** BookSim's ShuffleTrafficPattern::dest. */
    private static int bookSimShuffle(int nodes, int source) {
        int shifted = source << 1;
        return (shifted & (nodes - 1)) | ((shifted & nodes) != 0 ? 1 : 0);
    }

    /** BookSim's TransposeTrafficPattern::dest. */
    private static int bookSimTranspose(int nodes, int source) {
        int shift = Integer.numberOfTrailingZeros(nodes) / 2;
        int lo = (1 << shift) - 1;
        int hi = lo << shift;
        return ((source >> shift) & lo) | ((source << shift) & hi);
    }

    /** BookSim's TornadoTrafficPattern::dest with n = 2, xr = 1. */
    private static int bookSimTornado(int k, int source) {
        int offset = 1;
        int result = 0;
        for (int n = 0; n < 2; n++) {
            result += offset * (((source / offset) % k + ((k + 1) / 2 - 1)) % k);
            offset *= k;
        }
        return result;
    }

    /** BookSim's NeighborTrafficPattern::dest with n = 2, xr = 1. */
    private static int bookSimNeighbor(int k, int source) {
        int offset = 1;
        int result = 0;
        for (int n = 0; n < 2; n++) {
            result += offset * (((source / offset) % k + 1) % k);
            offset *= k;
        }
        return result;
    }

    /** gem5 Garnet's bit_rotation. */
    private static int garnetBitRotation(int nodes, int source) {
        return source % 2 == 0 ? source / 2 : source / 2 + nodes / 2;
    }

    private void sameAs(TrafficPattern p, Mesh2D m, IntUnaryOperator oracle) {
        for (int src = 0; src < m.nodes(); src++) {
            assertEquals(oracle.applyAsInt(src), p.destination(m, src, rng), p + " from node " + src + " on " + m.name());
        }
    }

    @Test
    void deterministicPatternsAreBookSims() {
        for (int k : new int[] {2, 4, 8, 16}) {
            Mesh2D m = new Mesh2D(k, k);
            int n = m.nodes();
            sameAs(TrafficPattern.BITREV, m, s -> bookSimBitRev(n, s));
            sameAs(TrafficPattern.SHUFFLE, m, s -> bookSimShuffle(n, s));
            sameAs(TrafficPattern.TRANSPOSE, m, s -> bookSimTranspose(n, s));
            sameAs(TrafficPattern.BITCOMP, m, s -> ~s & (n - 1));
            sameAs(TrafficPattern.TORNADO, m, s -> bookSimTornado(k, s));
            sameAs(TrafficPattern.NEIGHBOR, m, s -> bookSimNeighbor(k, s));
            sameAs(TrafficPattern.BITROT, m, s -> garnetBitRotation(n, s));
        }
        // a few by hand on the 8x8 mesh
        assertEquals(mesh.node(5, 2), TrafficPattern.TRANSPOSE.destination(mesh, mesh.node(2, 5), rng));
        assertEquals(0b010101, TrafficPattern.BITCOMP.destination(mesh, 0b101010, rng));
        assertEquals(0b011000, TrafficPattern.BITREV.destination(mesh, 0b000110, rng));
        assertEquals(0b000011, TrafficPattern.SHUFFLE.destination(mesh, 0b100001, rng));
        assertEquals(0b110000, TrafficPattern.BITROT.destination(mesh, 0b100001, rng));
        assertEquals(mesh.node(3, 3), TrafficPattern.TORNADO.destination(mesh, mesh.node(0, 0), rng));
        assertEquals(mesh.node(2, 1), TrafficPattern.TORNADO.destination(mesh, mesh.node(7, 6), rng));
        assertEquals(mesh.node(0, 0), TrafficPattern.NEIGHBOR.destination(mesh, mesh.node(7, 7), rng));
    }

    @Test
    void nonSquareMeshesUseEachDimensionsRadix() {
        Mesh2D m = new Mesh2D(4, 2);
        assertEquals(m.node(1, 0), TrafficPattern.TORNADO.destination(m, m.node(0, 0), rng));   // +1 in x, +0 in y
        assertEquals(m.node(0, 0), TrafficPattern.NEIGHBOR.destination(m, m.node(3, 1), rng));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.TRANSPOSE.check(m));
        for (TrafficPattern p : new TrafficPattern[] {TrafficPattern.BITCOMP, TrafficPattern.BITREV,
            TrafficPattern.SHUFFLE, TrafficPattern.BITROT}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.check(new Mesh2D(3, 3)));
            assertTrue(e.getMessage().contains("power-of-two"), e.getMessage());
        }
    }

    @Test
    void permutationsArePermutations() {
        for (TrafficPattern p : TrafficPattern.values()) {
            if (!p.deterministic()) {
                continue;
            }
            int[] seen = new int[64];
            for (int s = 0; s < 64; s++) {
                seen[p.destination(mesh, s, rng)]++;
            }
            assertTrue(Arrays.stream(seen).allMatch(c -> c == 1), p.spec());
        }
    }

    @Test
    void uniformAndHotspotShares() {
        int[] uniform = new int[64];
        int hot = 0;
        int draws = 64_000;
        for (int k = 0; k < draws; k++) {
            uniform[TrafficPattern.UNIFORM.destination(mesh, 5, rng)]++;
            if (TrafficPattern.HOTSPOT.destination(mesh, 5, rng) == TrafficPattern.hotNode(mesh)) {
                hot++;
            }
        }
        for (int n : uniform) {
            assertTrue(n > 800 && n < 1200, "uniform count " + n);
        }
        double expected = TrafficPattern.HOTSPOT_FRACTION + (1 - TrafficPattern.HOTSPOT_FRACTION) / 64;
        assertEquals(expected, (double) hot / draws, 0.01);
        assertEquals(expected, TrafficPattern.HOTSPOT.shares(mesh, 5)[TrafficPattern.hotNode(mesh)], 1e-12);
        assertEquals(mesh.node(4, 4), TrafficPattern.hotNode(mesh));
    }

    @Test
    void bookSimHotspotSendsEveryPacketToTheHotNodesByWeight() {
        TrafficPattern p = TrafficPattern.parse("hotspot({0, 63}, {1, 3})");
        assertEquals(1.0, p.fraction());
        assertEquals("hotspot({0,63},{1,3})", p.spec());
        int[] count = new int[64];
        for (int k = 0; k < 40_000; k++) {
            count[p.destination(mesh, 9, rng)]++;
        }
        assertEquals(40_000, count[0] + count[63]);
        assertEquals(0.25, count[0] / 40_000.0, 0.01);
        double[] shares = p.shares(mesh, 9);
        assertEquals(0.25, shares[0], 1e-12);
        assertEquals(0.75, shares[63], 1e-12);
        // BookSim repeats the last weight; a share below 1 mixes in uniform traffic
        TrafficPattern q = TrafficPattern.parse("hotspot({1,2,3},{2})").withFraction(0.5);
        assertEquals(0.5 / 3 + 0.5 / 64, q.shares(mesh, 0)[2], 1e-12);
        assertEquals(TrafficPattern.HOTSPOT, TrafficPattern.parse("HotSpot"));
    }

    @Test
    void sharesSumToOne() {
        for (TrafficPattern p : TrafficPattern.values()) {
            for (int s = 0; s < 64; s += 7) {
                assertEquals(1.0, Arrays.stream(p.shares(mesh, s)).sum(), 1e-9, p.spec());
            }
        }
    }

    @Test
    void parseNamesAndErrors() {
        assertEquals(TrafficPattern.BITREV, TrafficPattern.parse("bit-reverse"));
        assertEquals(TrafficPattern.BITROT, TrafficPattern.parse("bit_rotation"));
        assertEquals(TrafficPattern.UNIFORM, TrafficPattern.parse(" Uniform "));
        for (TrafficPattern p : TrafficPattern.values()) {
            assertEquals(p, TrafficPattern.parse(p.spec()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("randperm"));
        assertTrue(e.getMessage().contains("unknown traffic pattern 'randperm'") && e.getMessage().contains("tornado"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("uniform(3)"));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("hotspot({a})"));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("hotspot({1},{0})"));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("hotspot({})"));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.HOTSPOT.withFraction(0));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.UNIFORM.withFraction(0.5));
        e = assertThrows(IllegalArgumentException.class, () -> TrafficPattern.parse("hotspot({64})").check(mesh));
        assertTrue(e.getMessage().contains("hot node 64"), e.getMessage());
    }

    @Test
    void percentileIsNearestRank() {
        assertEquals(99, TrafficDriver.percentile(java.util.stream.IntStream.rangeClosed(1, 100).toArray(), 0.99));
        assertEquals(7, TrafficDriver.percentile(new int[] {7}, 0.99));
        assertEquals(0, TrafficDriver.percentile(new int[0], 0.99));
    }
}
