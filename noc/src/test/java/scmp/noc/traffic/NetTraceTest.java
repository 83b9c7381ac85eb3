package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import scmp.noc.Mesh2D;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;

/**
 * Packet traces: a run recorded as a trace replays to the same packets, each with the latency it had; the
 * format's rules; quiet stretches skipped at no cost to the timing.
 */
class NetTraceTest {

    /** A delivered packet: source, destination, flits, created, injected, arrived. */
    private record Delivery(int src, int dst, int flits, long created, long injected, long arrived) {
    }

    /** Keeps every delivery by packet number. */
    private static final class Deliveries implements PacketListener {
        final Map<Long, Delivery> byId = new TreeMap<>();

        @Override
        public void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
            assertNull(byId.put(id, new Delivery(src, dst, flits, created, injected, arrived)), "packet " + id + " twice");
        }
    }

    private static NetTrace read(String text) throws IOException {
        return NetTrace.read(new BufferedReader(new StringReader(text)), "t.trace");
    }

    private static TrafficResult replay(NetTrace t, NocConfig cfg, PacketListener l) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, cfg);
        TrafficDriver d = new TrafficDriver(net, t.source(new Mesh2D(8, 8)));
        d.setListener(l);
        return d.run(0, Math.max(1, t.span()), 100_000);
    }

    @Test
    void aRecordedRunReplaysToTheSamePacketsAndLatencies() throws IOException {
        StringWriter text = new StringWriter();
        Deliveries original = new Deliveries();
        TrafficResult first;
        try (NetTrace.Writer w = new NetTrace.Writer(text, new Mesh2D(8, 8))) {
            SyntheticTraffic t = new SyntheticTraffic(RouterNetwork.mesh(8, 8, NocConfig.defaults()), TrafficPattern.UNIFORM,
                    Injection.onOff(0.05, 0.1), 0.35, 4, 11);
            t.setListener(PacketListener.both(w, original));
            first = t.run(500, 3000, 20_000);
        }
        assertTrue(first.stable(), first.report());
        NetTrace trace = read(text.toString());
        assertEquals("8x8", trace.mesh());
        Deliveries again = new Deliveries();
        TrafficResult second = replay(trace, NocConfig.defaults(), again);
        assertTrue(second.stable(), second.report());
        // every packet of the trace arrives, and every packet the original run delivered has the same cycles
        assertEquals(trace.packets(), again.byId.size());
        assertEquals(trace.packets(), second.packets());
        assertTrue(original.byId.size() > 2000 && original.byId.size() <= trace.packets(), original.byId.size() + "");
        for (Map.Entry<Long, Delivery> e : original.byId.entrySet()) {
            assertEquals(e.getValue(), again.byId.get(e.getKey()), "packet " + e.getKey());
        }
        // under contention: latencies vary, and other router settings change them, not the packets
        assertTrue(first.avgExcess() > 3, first.report());
        Deliveries narrow = new Deliveries();
        TrafficResult other = replay(trace, NocConfig.defaults().withVcs(1).withBufferDepth(4), narrow);
        assertEquals(trace.packets(), narrow.byId.size());
        assertTrue(other.avgPacketLatency() > second.avgPacketLatency() + 5, other.report());
    }

    @Test
    void aLonePacketTakesTheZeroLoadLatencyAfterAQuietStretch() throws IOException {
        NocConfig cfg = NocConfig.defaults();
        NetTrace t = read("# a comment\n0 0 63 5\n\n2000000000 9 12 3   # far away\n");
        assertEquals(2, t.packets());
        assertEquals(8, t.flits());
        assertNull(t.mesh());
        Deliveries d = new Deliveries();
        long start = System.nanoTime();
        TrafficResult r = replay(t, cfg, d);
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "two billion quiet cycles are skipped, not stepped");
        assertEquals(new Delivery(0, 63, 5, 0, 0, cfg.zeroLoadLatency(5, 14)), d.byId.get(0L));
        long c = 2_000_000_000L;
        assertEquals(new Delivery(9, 12, 3, c, c, c + cfg.zeroLoadLatency(3, 3)), d.byId.get(1L));   // (1,1) to (4,1)
        assertEquals(2, r.packets());
        assertEquals(2, r.atZeroLoad());
    }

    @Test
    void noSkipWhileAPacketWaitsForCredits() throws IOException {
        // one-flit buffers and slow credits: the network can be empty while the second packet still waits for a
        // credit to inject; the clock must not jump to the next packet of the trace then
        NocConfig slow = NocConfig.defaults().withBufferDepth(1).withEjectionBuffer(1).withCreditDelay(10);
        Deliveries d = new Deliveries();
        replay(read("0 0 0 3\n0 0 0 3\n1000000 5 6 1\n"), slow, d);
        assertTrue(d.byId.get(1L).arrived() < 200, d.byId.toString());
    }

    @Test
    void formatErrorsNameTheLine() {
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"0 1 2\n", "t.trace:1: expected 4 numbers"});
        cases.add(new String[] {"# x\n0 1 2 x\n", "t.trace:2: '0 1 2 x' is not 4 integers"});
        cases.add(new String[] {"5 1 2 3\n4 1 2 3\n", "t.trace:2: cycle 4 comes after cycle 5"});
        cases.add(new String[] {"0 1 2 0\n", "t.trace:1: cycle and nodes must not be negative"});
        cases.add(new String[] {"# mesh 9y9\n", "t.trace:1: '# mesh 9y9'"});
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(c[0]), c[0]);
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read("0 1 64 2\n").source(new Mesh2D(8, 8)));
        assertTrue(e.getMessage().contains("packet 1 of the trace (1 to 64) does not fit the mesh 8x8"), e.getMessage());
    }
}
