package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import scmp.noc.Mesh2D;

/**
 * Mean hops and ideal throughput of each pattern under dimension-order routing, against closed forms (Dally and
 * Towles, section 3.3) and hand counts on the 8x8 mesh.
 */
class PatternAnalysisTest {
    private final Mesh2D mesh = new Mesh2D(8, 8);

    private PatternAnalysis of(TrafficPattern p) {
        return PatternAnalysis.of(mesh, p);
    }

    @Test
    void uniformOnAKByKMesh() {
        for (int k : new int[] {2, 4, 8, 16}) {
            PatternAnalysis a = PatternAnalysis.of(new Mesh2D(k, k), TrafficPattern.UNIFORM);
            // each dimension: mean |x - x'| over uniform pairs is (k^2 - 1) / 3k; the bisection bounds the rate at 4 / k
            assertEquals(2.0 * (k * k - 1) / (3.0 * k), a.meanHops(), 1e-9);
            assertEquals(Math.min(1.0, 4.0 / k), a.idealThroughput(), 1e-9, "k = " + k);
        }
    }

    @Test
    void permutationsOnTheEightByEightMesh() {
        // bitcomp: every packet crosses the bisection, 32 packets each way over 8 links
        assertEquals(0.25, of(TrafficPattern.BITCOMP).idealThroughput(), 1e-9);
        assertEquals(8.0, of(TrafficPattern.BITCOMP).meanHops(), 1e-9);
        // transpose: the 7 nodes (x, 0), x > 0, go west along row 0 and turn south at (0, 0), whose link south
        // carries 7 packets' load
        assertEquals(1.0 / 7, of(TrafficPattern.TRANSPOSE).idealThroughput(), 1e-9);
        // tornado: +3 in x; sources 0, 1, 2 of a row cross the link from x = 2 east
        assertEquals(1.0 / 3, of(TrafficPattern.TORNADO).idealThroughput(), 1e-9);
        assertEquals(7.5, of(TrafficPattern.TORNADO).meanHops(), 1e-9);
        // neighbor: every link carries one packet's load, as does every injection channel
        assertEquals(1.0, of(TrafficPattern.NEIGHBOR).idealThroughput(), 1e-9);
        assertEquals(3.5, of(TrafficPattern.NEIGHBOR).meanHops(), 1e-9);
        assertEquals(4.0, of(TrafficPattern.SHUFFLE).meanHops(), 1e-9);
        assertEquals(4.0, of(TrafficPattern.BITROT).meanHops(), 1e-9);
    }

    @Test
    void hotspotIsBoundByTheHotNodesEjection() {
        // 20% of 64 nodes' load plus the uniform share of the other 80%: 12.8 + 0.8 = 13.6 per unit of rate
        PatternAnalysis a = of(TrafficPattern.HOTSPOT);
        assertEquals(1 / 13.6, a.idealThroughput(), 1e-9);
        assertTrue(a.bottleneck().contains("ejection channel of node 36"), a.bottleneck());
        assertEquals(1 / 32.0, of(TrafficPattern.parse("hotspot({0,63})")).idealThroughput(), 1e-9);
    }
}
