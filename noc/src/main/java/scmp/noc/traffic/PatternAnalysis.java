package scmp.noc.traffic;

import java.util.Locale;
import scmp.noc.Mesh2D;
import scmp.noc.RouterNetwork;
import scmp.noc.Topology;
import scmp.noc.sp.SpSwitchNetwork;

/**
 * What a traffic pattern asks of a mesh under dimension-order (X then Y) routing, computed exactly from the
 * pattern's destination probabilities ({@link TrafficPattern#shares}): the mean hop count, from which the
 * zero-load latency follows, and the load on the busiest channel per unit of offered load, {@code gamma}, from
 * which the ideal throughput follows, {@code 1 / gamma} flits/node/cycle (Dally and Towles, <i>Principles and
 * Practices of Interconnection Networks</i>, section 3.3.1: channel load and ideal throughput). Channels are the
 * router-to-router links, each way, and every node's injection and ejection channel; each carries one flit per
 * cycle.
 *
 * @param meanHops     the mean router-to-router hops of a packet
 * @param maxLoad      gamma: flits per cycle on the busiest channel when every node offers one flit per cycle
 * @param bottleneck   the busiest channel, in words
 */
public record PatternAnalysis(double meanHops, double maxLoad, String bottleneck) {

    /**
     * Analyses a pattern on a mesh.
     *
     * @param mesh    the mesh
     * @param pattern the pattern; it must apply to the mesh
     * @return the analysis
     */
    public static PatternAnalysis of(Mesh2D mesh, TrafficPattern pattern) {
        pattern.check(mesh);
        int n = mesh.nodes();
        // link loads: [node][direction] for the link leaving the node east, west, south, north
        double[][] link = new double[n][4];
        double[] eject = new double[n];
        double hops = 0;
        for (int src = 0; src < n; src++) {
            double[] p = pattern.shares(mesh, src);
            for (int dst = 0; dst < n; dst++) {
                if (p[dst] == 0) {
                    continue;
                }
                eject[dst] += p[dst];
                hops += p[dst] * mesh.hops(src, dst);
                int x = mesh.x(src);
                int y = mesh.y(src);
                int dx = mesh.x(dst);
                int dy = mesh.y(dst);
                while (x != dx) {
                    link[mesh.node(x, y)][x < dx ? 0 : 1] += p[dst];
                    x += x < dx ? 1 : -1;
                }
                while (y != dy) {
                    link[mesh.node(x, y)][y < dy ? 2 : 3] += p[dst];
                    y += y < dy ? 1 : -1;
                }
            }
        }
        double max = 1.0;   // every injection channel carries the node's own load
        String where = "the injection channels";
        String[] dirs = {"east", "west", "south", "north"};
        for (int node = 0; node < n; node++) {
            for (int d = 0; d < 4; d++) {
                if (link[node][d] > max + 1e-12) {
                    max = link[node][d];
                    where = String.format(Locale.ROOT, "the link from (%d,%d) %s", mesh.x(node), mesh.y(node), dirs[d]);
                }
            }
            if (eject[node] > max + 1e-12) {
                max = eject[node];
                where = String.format(Locale.ROOT, "the ejection channel of node %d", node);
            }
        }
        return new PatternAnalysis(hops / n, max, where);
    }

    /**
     * Analyses a pattern on any network by following its routing function from every source to every destination
     * (on the torus: dimension order, the shorter way round each ring); the same loads as {@link #of(Mesh2D,
     * TrafficPattern)} on a mesh.
     *
     * @param net     the network
     * @param pattern the pattern; it must apply to the network ({@link TrafficPattern#nodeView})
     * @return the analysis
     */
    public static PatternAnalysis of(RouterNetwork net, TrafficPattern pattern) {
        Topology t = net.topology();
        Mesh2D view = pattern.nodeView(t);
        int n = t.nodes();
        int ports = t.ports();
        double[] link = new double[t.routers() * ports];
        double[] eject = new double[n];
        double hops = 0;
        for (int src = 0; src < n; src++) {
            double[] p = pattern.shares(view, src);
            for (int dst = 0; dst < n; dst++) {
                if (p[dst] == 0) {
                    continue;
                }
                eject[dst] += p[dst];
                hops += p[dst] * t.hops(src, dst);
                int payload = net.routing().encodeHead(src, dst, 0, 0);
                int router = t.injectionRouter(src);
                int in = t.injectionPort(src);
                while (true) {
                    int out = net.routing().route(router, in, payload);
                    int next = t.downstream(router, out);
                    if (router == t.ejectionRouter(dst) && out == t.ejectionPort(dst) || next < 0) {
                        break;
                    }
                    link[router * ports + out] += p[dst];
                    payload = net.routing().forward(router, out, payload);
                    router = next / ports;
                    in = next % ports;
                }
            }
        }
        double max = 1.0;
        String where = "the injection channels";
        for (int k = 0; k < link.length; k++) {
            if (link[k] > max + 1e-12) {
                max = link[k];
                where = "the link from " + t.routerName(k / ports) + " " + t.portName(k % ports);
            }
        }
        for (int node = 0; node < n; node++) {
            if (eject[node] > max + 1e-12) {
                max = eject[node];
                where = "the ejection channel of node " + node;
            }
        }
        return new PatternAnalysis(hops / n, max, where);
    }

    /**
     * Analyses a pattern on the SP's multistage switch ({@link SpSwitchNetwork}): the switch's inside is taken to be
     * free (docs/sp.md, "Timing"), so the busiest channels are the nodes' links into and out of the switch, each
     * carrying {@code P / S(P)} flits per cycle with packets of {@code P} flits; the hops are the switch chips a
     * route crosses beyond the shortest, averaged over the pair's routes, which packets take in turn.
     *
     * @param net         the switch
     * @param pattern     the pattern; it must apply to the switch's nodes ({@link TrafficPattern#nodeView})
     * @param packetFlits flits per packet
     * @return the analysis
     */
    public static PatternAnalysis of(SpSwitchNetwork net, TrafficPattern pattern, int packetFlits) {
        Topology t = net.topology();
        Mesh2D view = pattern.nodeView(t);
        int n = t.nodes();
        double[] eject = new double[n];
        for (int src = 0; src < n; src++) {
            double[] p = pattern.shares(view, src);
            for (int dst = 0; dst < n; dst++) {
                eject[dst] += p[dst];
            }
        }
        double max = 1.0;
        String where = "the links into the switch";
        for (int node = 0; node < n; node++) {
            if (eject[node] > max + 1e-12) {
                max = eject[node];
                where = "the link out of the switch to node " + node;
            }
        }
        return new PatternAnalysis(net.meanHops(), max / net.linkFlitsPerCycle(packetFlits), where);
    }

    /** Returns the ideal throughput, {@code 1 / gamma}, in flits per node per cycle. */
    public double idealThroughput() {
        return 1 / maxLoad;
    }
}
