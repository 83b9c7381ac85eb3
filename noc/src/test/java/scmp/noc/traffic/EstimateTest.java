package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Means and Student's t confidence intervals over seeds. */
class EstimateTest {

    @Test
    void studentsTQuantilesFromTables() {
        assertEquals(12.706, Estimate.tQuantile(1), 1e-3);
        assertEquals(2.776, Estimate.tQuantile(4), 1e-3);
        assertEquals(2.262, Estimate.tQuantile(9), 1e-3);
        assertEquals(1.984, Estimate.tQuantile(100), 1e-3);
    }

    @Test
    void intervalOfASample() {
        // mean 3, sample standard deviation sqrt(2.5); half-width t(4) sqrt(2.5) / sqrt(5)
        Estimate e = Estimate.of(1, 2, 3, 4, 5);
        assertEquals(3, e.mean(), 1e-12);
        assertEquals(2.776445 * Math.sqrt(2.5) / Math.sqrt(5), e.halfWidth(), 1e-5);
        assertEquals("3.00 +- 1.96", e.format(2));
        Estimate one = Estimate.of(7);
        assertTrue(Double.isNaN(one.halfWidth()));
        assertEquals("7.0", one.format(1));
        assertEquals(0, Estimate.of(4, 4, 4).halfWidth(), 0);
    }

    @Test
    void seedRunsAverageAndSum() {
        TrafficResult a = new TrafficResult(0.1, 0.1, 0.09, 100, 30, 50, 28, 48, 5, true, 1000, 90, 1.0, 0, 2.0);
        TrafficResult b = new TrafficResult(0.1, 0.12, 0.11, 120, 34, 54, 30, 50, 6, false, 1100, 100, 2.0, 1, 4.0);
        SeedRuns r = new SeedRuns(3, List.of(a, b));
        TrafficResult m = r.mean();
        assertEquals(0.11, m.offered(), 1e-12);
        assertEquals(0.10, m.accepted(), 1e-12);
        assertEquals(220, m.packets());
        assertEquals(32, m.avgPacketLatency(), 1e-12);
        assertFalse(m.stable());
        assertEquals(2100, m.cycles());
        assertEquals(190, m.atZeroLoad());
        assertEquals(0, m.minExcess());
        assertEquals(3.0, m.latencyRise(), 1e-12);
        assertEquals(32, r.packetLatency().mean(), 1e-12);
        assertEquals(12.706 * Math.sqrt(8) / Math.sqrt(2), r.packetLatency().halfWidth(), 1e-2);
        assertSame(a, new SeedRuns(3, List.of(a)).mean());
    }
}
