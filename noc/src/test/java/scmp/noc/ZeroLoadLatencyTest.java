package scmp.noc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The zero-load latency of docs/timing.md section 4: T(n, h) = (h + 1) D + h L + 2 + (n - 1) network cycles from
 * the head's injection to the cycle the tail can be taken, for a message alone in the network.
 */
class ZeroLoadLatencyTest {

    /** The formula as docs/timing.md states it, written out independently of NocConfig. */
    private static long formula(int n, int h, int d, int l) {
        return (long) (h + 1) * d + (long) h * l + 2 + (n - 1);
    }

    @ParameterizedTest(name = "n={0} flits, {1} hops east, {2} hops south")
    @CsvSource({"1,0,0", "2,0,0", "2,1,0", "3,0,1", "4,3,0", "10,7,7", "5,2,5", "17,4,3", "64,7,0", "2,7,7"})
    void defaultRouterMatchesFormula(int n, int dx, int dy) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        Mesh2D mesh = (Mesh2D) net.topology();
        int src = mesh.node(0, 0);
        int dst = mesh.node(dx, dy);
        assertEquals(formula(n, dx + dy, 4, 1), Harness.latency(net, src, dst, n));
    }

    @ParameterizedTest(name = "D={0} L={1} C={2} n={3} h={4}")
    @CsvSource({
        "1,1,1,4,3", "2,1,1,4,3", "3,1,1,6,5", "4,2,1,8,2", "5,1,2,3,6", "6,3,3,12,4", "1,4,1,2,7", "2,2,2,20,1"})
    void otherPipelinesMatchFormula(int d, int l, int c, int n, int h) {
        NocConfig cfg = NocConfig.defaults().withRouterDelay(d).withLinkDelay(l).withCreditDelay(c)
                .withBufferDepth(d + l + c).withEjectionBuffer(8);
        assertTrue(cfg.streamsAtFullRate());
        RouterNetwork net = RouterNetwork.mesh(8, 8, cfg);
        Mesh2D mesh = (Mesh2D) net.topology();
        // h hops going west then north, to exercise the negative directions
        int dx = Math.min(h, 7);
        int src = mesh.node(7, 7);
        int dst = mesh.node(7 - dx, 7 - (h - dx));
        assertEquals(formula(n, h, d, l), Harness.latency(net, src, dst, n));
        assertEquals(cfg.zeroLoadLatency(n, h), formula(n, h, d, l));
    }

    @Test
    void workedExampleOfTheSpec() {
        // docs/timing.md: a 10-flit message corner to corner of the 8x8 mesh, default router.
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        assertEquals(85, Harness.latency(net, 0, 63, 10));
        // and a one-hop 3-flit THREAD message: 13 network cycles
        assertEquals(13, Harness.latency(RouterNetwork.mesh(8, 8, NocConfig.defaults()), 9, 10, 3));
    }

    @Test
    void shallowBuffersThrottleAStream() {
        // B < D + L + C: the credit round trip (6 cycles) exceeds the 3 buffer slots, so a long message
        // cannot stream one flit per cycle and takes longer than the formula.
        NocConfig cfg = NocConfig.defaults().withBufferDepth(3);
        RouterNetwork net = RouterNetwork.mesh(4, 1, cfg);
        long t = Harness.latency(net, 0, 3, 30);
        assertTrue(t > formula(30, 3, 4, 1), "latency " + t);
    }

    @Test
    void wideFormatOnA32x32Mesh() {
        NocConfig cfg = NocConfig.defaults().withFormat(FlitFormat.WIDE);
        RouterNetwork net = RouterNetwork.mesh(32, 32, cfg);
        assertEquals(formula(3, 62, 4, 1), Harness.latency(net, 0, 32 * 32 - 1, 3));
        assertEquals(formula(3, 62, 4, 1), Harness.latency(net, 32 * 32 - 1, 0, 3));
    }
}
