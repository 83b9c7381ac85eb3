package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import scmp.noc.Mesh2D;

/** The destinations of each synthetic pattern. */
class TrafficPatternTest {
    private final Mesh2D mesh = new Mesh2D(8, 8);
    private final SplittableRandom rng = new SplittableRandom(3);

    @Test
    void transposeSwapsCoordinates() {
        assertEquals(mesh.node(5, 2), TrafficPattern.TRANSPOSE.destination(mesh, mesh.node(2, 5), rng));
        assertEquals(mesh.node(3, 3), TrafficPattern.TRANSPOSE.destination(mesh, mesh.node(3, 3), rng));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.TRANSPOSE.check(new Mesh2D(4, 2)));
    }

    @Test
    void bitcompComplementsTheNodeNumber() {
        assertEquals(63, TrafficPattern.BITCOMP.destination(mesh, 0, rng));
        assertEquals(0b010101, TrafficPattern.BITCOMP.destination(mesh, 0b101010, rng));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.BITCOMP.check(new Mesh2D(3, 3)));
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
        assertEquals(mesh.node(4, 4), TrafficPattern.hotNode(mesh));
    }

    @Test
    void percentileIsNearestRank() {
        assertEquals(99, SyntheticTraffic.percentile(java.util.stream.IntStream.rangeClosed(1, 100).toArray(), 0.99));
        assertEquals(7, SyntheticTraffic.percentile(new int[] {7}, 0.99));
        assertEquals(0, SyntheticTraffic.percentile(new int[0], 0.99));
    }
}
