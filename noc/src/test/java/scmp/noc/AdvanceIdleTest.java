package scmp.noc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Skipping the cycles of an idle network at once is the same as stepping through them. */
class AdvanceIdleTest {

    @Test
    void skippingIdleCyclesEqualsSteppingThem() {
        RouterNetwork stepped = RouterNetwork.mesh(4, 4, NocConfig.defaults());
        RouterNetwork skipped = RouterNetwork.mesh(4, 4, NocConfig.defaults());
        for (RouterNetwork net : new RouterNetwork[] {stepped, skipped}) {
            assertEquals(NocConfig.defaults().zeroLoadLatency(6, 4), Harness.latency(net, 0, 10, 6));
        }
        // the tail was just taken: credits are still on their way back, routers may still be active
        for (int k = 0; k < 1000; k++) {
            stepped.step();
        }
        skipped.advanceIdle(1000);
        assertEquals(stepped.cycle(), skipped.cycle());
        assertEquals(0, skipped.activeRouters());
        for (RouterNetwork net : new RouterNetwork[] {stepped, skipped}) {
            assertEquals(NocConfig.defaults().zeroLoadLatency(9, 5), Harness.latency(net, 15, 4, 9));
            net.checkInvariants();
        }
        assertEquals(stepped.cycle(), skipped.cycle());
    }

    @Test
    void aNetworkWithFlitsCannotSkip() {
        RouterNetwork net = RouterNetwork.mesh(2, 2, NocConfig.defaults());
        net.inject(0, net.headFlit(0, 3, 1, 1));
        assertThrows(IllegalStateException.class, () -> net.advanceIdle(5));
        assertThrows(IllegalArgumentException.class, () -> RouterNetwork.mesh(2, 2, NocConfig.defaults()).advanceIdle(-1));
    }
}
