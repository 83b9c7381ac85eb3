package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;

/** BookSim's injection processes: their mean rates, the on/off process's bursts and its derived parameters. */
class InjectionTest {

    /** Counts packets per window of {@code w} cycles of one node, over {@code windows} windows. */
    private static long[] counts(Injection i, double rate, int windows, int w, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        Injection.Process p = i.start(1, rate, rng);
        long[] c = new long[windows];
        for (int k = 0; k < windows; k++) {
            for (int t = 0; t < w; t++) {
                c[k] += p.test(0, rng) ? 1 : 0;
            }
        }
        return c;
    }

    private static double mean(long[] v) {
        double s = 0;
        for (long x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(long[] v) {
        double m = mean(v);
        double s = 0;
        for (long x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    @Test
    void bernoulliHasTheRateAndNoBursts() {
        long[] c = counts(Injection.BERNOULLI, 0.1, 4000, 100, 5);
        assertEquals(10, mean(c), 0.2);
        // binomial counts: variance n p (1 - p) = 9
        assertEquals(9, variance(c), 1.0);
    }

    @Test
    void onOffHasTheRateInBursts() {
        Injection i = Injection.onOff(0.02, 0.06);
        // BookSim: r1 = rate (alpha + beta) / alpha
        assertArrayEquals(new double[] {0.02, 0.06, 0.4}, i.burstParameters(0.1), 1e-12);
        long[] c = counts(i, 0.1, 4000, 100, 5);
        assertEquals(10, mean(c), 0.6);
        // on for 1 / beta = 17 cycles, off for 1 / alpha = 50 cycles on average: counts vary far more than binomial
        assertTrue(variance(c) > 5 * 9, "variance " + variance(c));
    }

    @Test
    void theMissingParameterIsDerivedAsBookSimDoes() {
        double rate = 0.05;
        // alpha from beta and r1: alpha = beta rate / (r1 - rate)
        assertArrayEquals(new double[] {0.1 * 0.05 / 0.45, 0.1, 0.5},
                new Injection(Injection.Kind.ON_OFF, -1, 0.1, 0.5).burstParameters(rate), 1e-12);
        // beta from alpha and r1: beta = alpha (r1 - rate) / rate
        assertArrayEquals(new double[] {0.02, 0.02 * 0.45 / 0.05, 0.5},
                new Injection(Injection.Kind.ON_OFF, 0.02, -1, 0.5).burstParameters(rate), 1e-12);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Injection(Injection.Kind.ON_OFF, 0.5, 0.5, 0.5));
        assertTrue(e.getMessage().contains("exactly two"), e.getMessage());
        // alpha = beta = 0.5 doubles the rate in bursts: 0.6 packets/cycle cannot be offered
        e = assertThrows(IllegalArgumentException.class, () -> Injection.onOff(0.5, 0.5).burstParameters(0.6));
        assertTrue(e.getMessage().contains("cannot be reached"), e.getMessage());
        assertEquals(Injection.BERNOULLI, Injection.parse("Bernoulli", 0, 0, 0));
        assertEquals(Injection.Kind.ON_OFF, Injection.parse("on-off", 0.1, 0.2, -1).kind());
        assertThrows(IllegalArgumentException.class, () -> Injection.parse("poisson", 0.1, 0.2, -1));
        assertEquals("on_off(alpha 0.1, beta 0.2)", Injection.onOff(0.1, 0.2).describe());
    }

    @Test
    void burstsRaiseLatencyAtTheSameLoad() {
        TrafficResult smooth = new SyntheticTraffic(RouterNetwork.mesh(8, 8, NocConfig.defaults()), TrafficPattern.UNIFORM,
                Injection.BERNOULLI, 0.25, 5, 3).run(1000, 5000, 20000);
        TrafficResult bursty = new SyntheticTraffic(RouterNetwork.mesh(8, 8, NocConfig.defaults()), TrafficPattern.UNIFORM,
                Injection.onOff(0.01, 0.04), 0.25, 5, 3).run(1000, 5000, 20000);
        assertTrue(smooth.stable() && bursty.stable(), bursty.report());
        assertEquals(0.25, bursty.offered(), 0.02, bursty.report());
        assertEquals(bursty.offered(), bursty.accepted(), 0.02, bursty.report());
        assertTrue(bursty.avgPacketLatency() > 1.3 * smooth.avgPacketLatency(), smooth.report() + "\n" + bursty.report());
    }
}
