package scmp.noc.alloc;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every arbiter: picks only requesters, is fair under full load and starves nobody. */
class ArbiterTest {

    @ParameterizedTest
    @EnumSource(ArbiterKind.class)
    void pickIsPureAndOnlyChoosesRequesters(ArbiterKind kind) {
        Arbiter a = kind.create(8);
        assertEquals(-1, a.pick(0));
        assertEquals(5, a.pick(1L << 5));
        assertEquals(a.pick(0b1010_0100), a.pick(0b1010_0100), "pick must not change state");
        Random rng = new Random(7);
        for (int k = 0; k < 1000; k++) {
            long req = rng.nextInt(256);
            int w = a.pick(req);
            if (req == 0) {
                assertEquals(-1, w);
            } else {
                assertTrue((req >>> w & 1) == 1);
                a.update(w);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ArbiterKind.class)
    void fullLoadIsServedInRotation(ArbiterKind kind) {
        for (int n : new int[] {1, 2, 5, 64}) {
            Arbiter a = kind.create(n);
            long all = n == 64 ? -1L : (1L << n) - 1;
            for (int round = 0; round < 3; round++) {
                long seen = 0;
                for (int k = 0; k < n; k++) {
                    int w = a.pick(all);
                    assertEquals(0, seen >>> w & 1, kind + ": requester " + w + " granted twice in one round");
                    seen |= 1L << w;
                    a.update(w);
                }
                assertEquals(all, seen);
            }
        }
    }

    @Test
    void roundRobinStartsAfterTheLastWinner() {
        Arbiter a = new RoundRobinArbiter(4);
        a.update(1);
        assertEquals(2, a.pick(0b1111));
        assertEquals(0, a.pick(0b0001));
        assertEquals(3, a.pick(0b1001));
        a.update(3);
        assertEquals(0, a.pick(0b1001));
    }

    @Test
    void matrixGrantsTheLeastRecentlyGranted() {
        Arbiter a = new MatrixArbiter(4);
        a.update(2);
        a.update(0);
        a.update(3);
        // 1 was never granted, then 2, 0, 3 in that order
        assertEquals(1, a.pick(0b1111));
        assertEquals(2, a.pick(0b1101));
        assertEquals(0, a.pick(0b1001));
    }

    @Property(tries = 300)
    void noStarvation(@ForAll ArbiterKind kind, @ForAll @IntRange(min = 1, max = 64) int n,
            @ForAll @IntRange(min = 0, max = 63) int victimSeed, @ForAll long seed) {
        int victim = victimSeed % n;
        Arbiter a = kind.create(n);
        Random rng = new Random(seed);
        long mask = n == 64 ? -1L : (1L << n) - 1;
        for (int trial = 0; trial < 5; trial++) {
            int waited = 0;
            while (true) {
                long req = (rng.nextLong() & mask) | 1L << victim;
                int w = a.pick(req);
                a.update(w);
                if (w == victim) {
                    break;
                }
                waited++;
                assertTrue(waited < n, kind + " starved requester " + victim + " of " + n);
            }
        }
    }
}
