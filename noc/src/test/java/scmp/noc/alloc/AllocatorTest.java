package scmp.noc.alloc;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The separable allocators: grants are matchings of requested pairs, fair, and starve nobody. */
class AllocatorTest {

    @Property(tries = 300)
    void grantsFormAMatchingOfRequests(@ForAll AllocatorKind kind, @ForAll ArbiterKind arb,
            @ForAll @IntRange(min = 1, max = 20) int inputs, @ForAll @IntRange(min = 1, max = 20) int outputs,
            @ForAll long seed) {
        Allocator a = kind.create(inputs, outputs, arb);
        Random rng = new Random(seed);
        long outMask = (1L << outputs) - 1;
        for (int cycle = 0; cycle < 20; cycle++) {
            long[] req = new long[inputs];
            for (int i = 0; i < inputs; i++) {
                req[i] = rng.nextInt(3) == 0 ? 0 : rng.nextLong() & outMask;
                a.request(i, req[i]);
            }
            a.allocate();
            long used = 0;
            boolean anyRequest = false;
            int grants = 0;
            for (int i = 0; i < inputs; i++) {
                anyRequest |= req[i] != 0;
                int o = a.grant(i);
                if (o >= 0) {
                    grants++;
                    assertTrue((req[i] >>> o & 1) == 1, "input " + i + " granted unrequested output " + o);
                    assertEquals(0, used >>> o & 1, "output " + o + " granted twice");
                    used |= 1L << o;
                }
            }
            assertEquals(anyRequest, grants > 0, "some request must be granted");
        }
    }

    @ParameterizedTest
    @EnumSource(AllocatorKind.class)
    void contendersForOneOutputTakeTurns(AllocatorKind kind) {
        Allocator a = kind.create(3, 4, ArbiterKind.ROUND_ROBIN);
        int[] wins = new int[3];
        for (int cycle = 0; cycle < 30; cycle++) {
            for (int i = 0; i < 3; i++) {
                a.request(i, 1L << 2);
            }
            a.allocate();
            for (int i = 0; i < 3; i++) {
                if (a.grant(i) == 2) {
                    wins[i]++;
                }
            }
        }
        assertArrayEquals(new int[] {10, 10, 10}, wins);
    }

    @ParameterizedTest
    @EnumSource(AllocatorKind.class)
    void grantsLastOnlyOneCycle(AllocatorKind kind) {
        Allocator a = kind.create(2, 2, ArbiterKind.ROUND_ROBIN);
        a.request(0, 0b01);
        a.request(1, 0b10);
        a.allocate();
        assertEquals(0, a.grant(0));
        assertEquals(1, a.grant(1));
        a.allocate();
        assertEquals(-1, a.grant(0));
        assertEquals(-1, a.grant(1));
    }

    @Property(tries = 200)
    void persistentRequestIsGranted(@ForAll AllocatorKind kind, @ForAll ArbiterKind arb,
            @ForAll @IntRange(min = 1, max = 20) int inputs, @ForAll @IntRange(min = 1, max = 20) int outputs,
            @ForAll long seed) {
        Allocator a = kind.create(inputs, outputs, arb);
        Random rng = new Random(seed);
        int victim = rng.nextInt(inputs);
        long victimReq = (rng.nextLong() & ((1L << outputs) - 1)) | 1L << rng.nextInt(outputs);
        long outMask = (1L << outputs) - 1;
        for (int trial = 0; trial < 3; trial++) {
            int waited = 0;
            while (true) {
                for (int i = 0; i < inputs; i++) {
                    a.request(i, i == victim ? victimReq : rng.nextLong() & outMask);
                }
                a.allocate();
                if (a.grant(victim) >= 0) {
                    break;
                }
                assertTrue(++waited <= inputs * outputs, "input " + victim + " starved");
            }
        }
    }

    @Test
    void switchAllocatorRespectsPortsAndRotatesVcs() {
        SwitchAllocator s = new SeparableSwitchAllocator(5, 4, ArbiterKind.ROUND_ROBIN);
        int[] vcWins = new int[4];
        for (int cycle = 0; cycle < 40; cycle++) {
            for (int vc = 0; vc < 4; vc++) {
                s.request(0, vc, 3);
            }
            s.request(1, 2, 3);
            s.request(2, 0, 4);
            s.allocate();
            assertEquals(2, Long.bitCount(s.grantedInputs()), "output 3 once, output 4 once");
            assertEquals(4, s.grantedOutput(2));
            if (s.grantedVc(0) >= 0) {
                assertEquals(3, s.grantedOutput(0));
                vcWins[s.grantedVc(0)]++;
            } else {
                assertEquals(2, s.grantedVc(1));
            }
        }
        // input 0 wins output 3 every other cycle, its four VCs in turn
        assertArrayEquals(new int[] {5, 5, 5, 5}, vcWins);
    }

    @Property(tries = 200)
    void switchAllocationIsAMatching(@ForAll ArbiterKind arb, @ForAll @IntRange(min = 1, max = 8) int ports,
            @ForAll @IntRange(min = 1, max = 8) int vcs, @ForAll long seed) {
        SwitchAllocator s = new SeparableSwitchAllocator(ports, vcs, arb);
        Random rng = new Random(seed);
        int starved = 0;
        int victimOut = rng.nextInt(ports);
        for (int cycle = 0; cycle < 200; cycle++) {
            int[] want = new int[ports * vcs];
            java.util.Arrays.fill(want, -1);
            for (int p = 0; p < ports; p++) {
                for (int v = 0; v < vcs; v++) {
                    // VC (0,0) asks for the same output every cycle, as a blocked flit does; others at random
                    if ((p == 0 && v == 0) || rng.nextBoolean()) {
                        want[p * vcs + v] = p == 0 && v == 0 ? victimOut : rng.nextInt(ports);
                        s.request(p, v, want[p * vcs + v]);
                    }
                }
            }
            s.allocate();
            long outs = 0;
            for (int p = 0; p < ports; p++) {
                int v = s.grantedVc(p);
                if (v >= 0) {
                    int o = s.grantedOutput(p);
                    assertEquals(want[p * vcs + v], o);
                    assertEquals(0, outs >>> o & 1);
                    outs |= 1L << o;
                }
            }
            starved = s.grantedVc(0) == 0 ? 0 : starved + 1;
            assertTrue(starved <= 4 * ports * vcs, "VC 0 of port 0 starved");
        }
    }
}
