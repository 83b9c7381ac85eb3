package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** The mesh wiring and dimension-order routing on offsets. */
class Mesh2DTest {

    @Test
    void linksArePairedAndEdgesUnconnected() {
        Mesh2D m = new Mesh2D(4, 3);
        int links = 0;
        for (int r = 0; r < m.routers(); r++) {
            assertEquals(-1, m.downstream(r, Mesh2D.LOCAL));
            for (int p = 1; p < Mesh2D.PORTS; p++) {
                int d = m.downstream(r, p);
                if (d >= 0) {
                    links++;
                    int back = m.downstream(d / Mesh2D.PORTS, d % Mesh2D.PORTS);
                    assertEquals(r * Mesh2D.PORTS + p, back, "link back from " + m.routerName(r));
                }
            }
        }
        assertEquals(2 * (3 * 3 + 4 * 2), links);
        assertEquals(m.node(2, 1) * 5 + Mesh2D.WEST, m.downstream(m.node(1, 1), Mesh2D.EAST));
        assertEquals(m.node(1, 2) * 5 + Mesh2D.NORTH, m.downstream(m.node(1, 1), Mesh2D.SOUTH));
        assertEquals(5, m.hops(m.node(0, 0), m.node(3, 2)));
        assertEquals("(3,2)", m.routerName(11));
        assertEquals("mesh 4x3", Mesh2D.parse("4x3").name());
        assertThrows(IllegalArgumentException.class, () -> Mesh2D.parse("4by3"));
    }

    @Test
    void dimensionOrderGoesXThenYAndDecrements() {
        Mesh2D m = new Mesh2D(8, 8);
        DimensionOrderRouting dor = new DimensionOrderRouting(m, FlitFormat.SCMP);
        int src = m.node(5, 2);
        int dst = m.node(3, 6);
        int p = dor.encodeHead(src, dst, 1, 1);
        assertEquals(dst, dor.destination(src, p));
        StringBuilder path = new StringBuilder();
        int at = src;
        for (int guard = 0; guard < 20; guard++) {
            int port = dor.route(at, 0, p);
            path.append(m.portName(port));
            if (port == Mesh2D.LOCAL) {
                break;
            }
            p = dor.forward(at, port, p);
            at = m.downstream(at, port) / Mesh2D.PORTS;
        }
        assertEquals("WWSSSSL", path.toString());
        assertEquals(dst, at);
        assertEquals(0, FlitFormat.SCMP.dx(p));
        assertEquals(0, FlitFormat.SCMP.dy(p));
    }

    @Test
    void tooWideMeshNeedsTheWideFormat() {
        assertThrows(IllegalArgumentException.class, () -> new DimensionOrderRouting(new Mesh2D(9, 2), FlitFormat.SCMP));
        assertThrows(IllegalArgumentException.class, () -> RouterNetwork.mesh(16, 16, NocConfig.defaults()));
        assertEquals(256, RouterNetwork.mesh(16, 16, NocConfig.defaults().withFormat(FlitFormat.WIDE)).nodes());
    }

    @Test
    void headLeavingTheMeshIsRejectedAtInjection() {
        RouterNetwork net = RouterNetwork.mesh(4, 4, NocConfig.defaults());
        long off = Flit.of(FlitFormat.SCMP.encode(-1, 0, 1, 1), true, true);
        assertThrows(IllegalArgumentException.class, () -> net.inject(0, off));
        assertThrows(IllegalArgumentException.class, () -> net.inject(0, Flit.of(5, false, true)));
        net.inject(0, net.headFlit(0, 5, 1, 1));
        assertThrows(IllegalStateException.class, () -> net.inject(0, Flit.of(5, false, true)), "one flit per cycle");
        net.step();
        assertThrows(IllegalArgumentException.class, () -> net.inject(0, net.headFlit(0, 5, 1, 1)), "message open");
        assertTrue(net.messageOpen(0));
    }
}
