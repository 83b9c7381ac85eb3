package scmp.noc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The network as the network interfaces see it: per node an injection side and an ejection side, and a
 * clock. It is built from separate pieces: a {@link Topology} (the wiring), a {@link RoutingFunction} and a
 * {@link Router.Factory} (the router model), with parameters from a {@link NocConfig}.
 *
 * <p>Call order, per network cycle (docs/noc.md gives the same as a grammar):
 * <pre>
 *   cycle  = { canInject(n) [inject(n, flit)] | peekEject(n) | pollEject(n) }* step()
 *   message = head-flit {body-flit}, the last flit with the tail bit (a lone head may carry it)
 * </pre>
 * A node injects at most one flit per network cycle, the flits of one message at a time, in order. The
 * ejection side hands over the flits of one message at a time, in order; a network interface that stops
 * polling fills its ejection buffer and the network stalls behind it through credits, losing nothing.
 * Flits enter with the valid bit set; {@link Flit#NONE} means no flit.
 *
 * <p>The network clock is {@link NocConfig#clockRatio()} times the core clock: the machine calls
 * {@link #step()} that many times per core cycle.
 */
public final class RouterNetwork implements FlitNetwork {
    private final Topology topology;
    private final RoutingFunction routing;
    private final NocConfig config;
    private final Fabric fabric;
    private final Router[] routers;
    private final List<Channel> links = new ArrayList<>();
    private final Channel[] injection;
    private final Channel[] ejection;
    private final Ejector[] ejectors;
    private final int vcs;
    private final boolean flowVcs;
    private final int[] injectCredits;
    private final int[] openVc;
    private final int[] nextVc;
    private final long[] lastInject;
    private long flitsInNetwork;
    private long injectedTotal;
    private long ejectedTotal;
    private boolean reverseOrder;

    /**
     * Builds a network of {@link VcRouter}s.
     *
     * @param topology the wiring
     * @param routing the routing function
     * @param config the parameters
     */
    public RouterNetwork(Topology topology, RoutingFunction routing, NocConfig config) {
        this(topology, routing, config, VcRouter::new);
    }

    /**
     * Builds a network with a given router model.
     *
     * @param topology the wiring
     * @param routing the routing function
     * @param config the parameters
     * @param routerModel creates each router
     */
    public RouterNetwork(Topology topology, RoutingFunction routing, NocConfig config, Router.Factory routerModel) {
        this.topology = topology;
        this.routing = routing;
        this.config = config;
        this.vcs = config.vcs();
        this.flowVcs = config.vcSelection() == VcSelection.FLOW;
        int ports = topology.ports();
        if (ports * vcs > 64) {
            throw new IllegalArgumentException("ports x vcs must be at most 64 (" + ports + " ports, " + vcs + " VCs)");
        }
        int nr = topology.routers();
        int nn = topology.nodes();
        this.fabric = new Fabric(nr, nn);
        Channel[][] in = new Channel[nr][ports];
        Channel[][] out = new Channel[nr][ports];
        for (int r = 0; r < nr; r++) {
            for (int p = 0; p < ports; p++) {
                int d = topology.downstream(r, p);
                if (d >= 0) {
                    Channel c = new Channel(fabric, config.linkDelay(), vcs, config.bufferDepth(), r, p, d / ports, d % ports);
                    out[r][p] = c;
                    connect(in, d / ports, d % ports, c);
                    links.add(c);
                }
            }
        }
        this.injection = new Channel[nn];
        this.ejection = new Channel[nn];
        this.ejectors = new Ejector[nn];
        for (int n = 0; n < nn; n++) {
            int ir = topology.injectionRouter(n);
            int ip = topology.injectionPort(n);
            injection[n] = new Channel(fabric, NocConfig.LOCAL_CHANNEL_DELAY, vcs, config.bufferDepth(), -1, n, ir, ip);
            connect(in, ir, ip, injection[n]);
            int er = topology.ejectionRouter(n);
            int ep = topology.ejectionPort(n);
            if (out[er][ep] != null) {
                throw new IllegalArgumentException("topology attaches two channels to router " + er + " output " + ep);
            }
            ejection[n] = new Channel(fabric, NocConfig.LOCAL_CHANNEL_DELAY, vcs, config.ejectionBuffer(), er, ep, -1, n);
            ejectors[n] = new Ejector(ejection[n], config.creditDelay());
            out[er][ep] = ejection[n];
        }
        this.routers = new Router[nr];
        for (int r = 0; r < nr; r++) {
            routers[r] = routerModel.create(r, config, routing, in[r], out[r], fabric);
        }
        this.injectCredits = new int[nn * vcs];
        java.util.Arrays.fill(injectCredits, config.bufferDepth());
        this.openVc = new int[nn];
        java.util.Arrays.fill(openVc, -1);
        this.nextVc = new int[nn];
        this.lastInject = new long[nn];
        java.util.Arrays.fill(lastInject, -1);
    }

    private static void connect(Channel[][] in, int router, int port, Channel c) {
        if (in[router][port] != null) {
            throw new IllegalArgumentException("topology attaches two channels to router " + router + " input " + port);
        }
        in[router][port] = c;
    }

    /**
     * Builds the SCMP mesh: {@link Mesh2D} wiring, {@link DimensionOrderRouting} on the configured head format,
     * {@link VcRouter}s.
     *
     * @throws IllegalArgumentException when the mesh is too wide for the head format
     */
    public static RouterNetwork mesh(int width, int height, NocConfig config) {
        Mesh2D mesh = new Mesh2D(width, height);
        return new RouterNetwork(mesh, new DimensionOrderRouting(mesh, config.format()), config);
    }

    /**
     * Builds a 3D torus of {@link VcRouter}s, one node per router, with the routing of the T3D model's data torus:
     * {@link TorusRouting}'s dimension order and dateline virtual-channel classes, with no extra cycle at a corner
     * so that every hop costs the same (docs/noc.md section 7, "The torus"). The dateline classes choose among a
     * class's virtual channels, so the configuration must select them as BookSim does ({@link VcSelection#ANY}).
     *
     * @throws IllegalArgumentException when the virtual channels are not an even number or are selected per flow
     */
    public static RouterNetwork torus(int x, int y, int z, NocConfig config) {
        if (config.vcSelection() != VcSelection.ANY) {
            throw new IllegalArgumentException("the torus's dateline classes need --vc-select any, not "
                    + config.vcSelection().name().toLowerCase(java.util.Locale.ROOT));
        }
        Torus3D torus = new Torus3D(x, y, z, 1);
        return new RouterNetwork(torus, new TorusRouting(torus, config.vcs(), 0), config);
    }

    /** Returns the wiring. */
    public Topology topology() {
        return topology;
    }

    /** Returns the routing function. */
    public RoutingFunction routing() {
        return routing;
    }

    /** Returns the parameters. */
    public NocConfig config() {
        return config;
    }

    /** Returns the topology's minimal hops between two nodes, the route's under dimension-order routing. */
    @Override
    public int hops(int src, int dst) {
        return topology().hops(src, dst);
    }

    /** Returns {@link NocConfig#zeroLoadLatency} of the network's configuration. */
    @Override
    public long zeroLoadLatency(int flits, int hops) {
        return config().zeroLoadLatency(flits, hops);
    }

    /** Returns the number of nodes. */
    public int nodes() {
        return injection.length;
    }

    /** Returns the current network cycle: the number of {@link #step()} calls so far. */
    public long cycle() {
        return fabric.now;
    }

    /**
     * Builds the head flit of a message from {@code src} to {@code dst}; the caller sets the tail bit on the
     * last flit of the message (here too, for a one-flit message).
     *
     * @param src the sending node
     * @param dst the receiving node
     * @param type the message type code ({@link scmp.isa.MessageType#code})
     * @param stride the DATA stride in words
     * @return the head flit
     */
    public long headFlit(int src, int dst, int type, int stride) {
        return Flit.of(routing.encodeHead(src, dst, type, stride), true, false);
    }

    /**
     * Tells whether {@code node} may inject its next flit in this cycle: it has not injected in this cycle, and
     * the virtual channel of its open message (or, before a head, any virtual channel) has a credit. With
     * {@link VcSelection#FLOW} a head needs the credit of its own flow's virtual channel: ask
     * {@link #canInject(int, long)} with the head.
     */
    public boolean canInject(int node) {
        if (lastInject[node] == fabric.now) {
            return false;
        }
        absorbInjectionCredits(node);
        int base = node * vcs;
        int open = openVc[node];
        if (open >= 0) {
            return injectCredits[base + open] > 0;
        }
        for (int v = 0; v < vcs; v++) {
            if (injectCredits[base + v] > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tells whether {@code node} may inject {@code flit} in this cycle: as {@link #canInject(int)}, except that
     * with {@link VcSelection#FLOW} a head needs a credit on the virtual channel of its flow.
     *
     * @param node the injecting node
     * @param flit the flit it would inject next
     * @return whether {@link #inject} accepts it in this cycle
     */
    public boolean canInject(int node, long flit) {
        if (!flowVcs || openVc[node] >= 0 || !Flit.isHead(flit)) {
            return canInject(node);
        }
        int dst = routing.destination(node, Flit.payload(flit));
        if (dst < 0) {
            return canInject(node);     // inject rejects the head, saying why
        }
        if (lastInject[node] == fabric.now) {
            return false;
        }
        absorbInjectionCredits(node);
        return injectCredits[node * vcs + VcSelection.flowVc(node, dst, vcs)] > 0;
    }

    private void absorbInjectionCredits(int node) {
        Channel c = injection[node];
        while (c.creditDue(fabric.now)) {
            injectCredits[node * vcs + c.popCredit()]++;
        }
    }

    /** Tells whether {@code node} has injected a head whose tail has not been injected yet. */
    public boolean messageOpen(int node) {
        return openVc[node] >= 0;
    }

    /**
     * Injects one flit; it reaches the router's input buffer one cycle later. A head flit opens a message on the
     * virtual channel of its flow ({@link VcSelection#FLOW}) or on one chosen among those with credits, empty
     * ones first, round robin ({@link VcSelection#ANY}); the following flits use the same virtual channel; the
     * tail flit closes the message.
     *
     * @param node the injecting node
     * @param flit the flit (35 bits plus side-band); the valid bit is set here
     * @throws IllegalStateException when {@link #canInject(int, long)} is false
     * @throws IllegalArgumentException when the flit breaks the message order, or a head leads off the network
     */
    public void inject(int node, long flit) {
        if (!canInject(node, flit)) {
            throw new IllegalStateException("node " + node + " cannot inject in cycle " + fabric.now);
        }
        boolean head = Flit.isHead(flit);
        int vc = openVc[node];
        int base = node * vcs;
        if (head) {
            if (vc >= 0) {
                throw new IllegalArgumentException("node " + node + " injected a head flit inside an open message");
            }
            int dst = routing.destination(node, Flit.payload(flit));
            if (dst < 0) {
                throw new IllegalArgumentException("node " + node + " injected a head flit leading off the "
                        + topology.name() + ": " + Flit.toString(flit));
            }
            vc = flowVcs ? VcSelection.flowVc(node, dst, vcs) : chooseVc(node);
        } else if (vc < 0) {
            throw new IllegalArgumentException("node " + node + " injected a body flit with no open message: "
                    + Flit.toString(flit));
        }
        flit |= Flit.VALID;
        injectCredits[base + vc]--;
        openVc[node] = Flit.isTail(flit) ? -1 : vc;
        lastInject[node] = fabric.now;
        injection[node].sendFlit(flit, vc, fabric.now + NocConfig.LOCAL_CHANNEL_DELAY);
        flitsInNetwork++;
        injectedTotal++;
        if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
            fabric.tracer.event(fabric.now, FlitTracer.Event.INJECT, topology.injectionRouter(node),
                    topology.injectionPort(node), vc, 0, flit);
        }
    }

    private int chooseVc(int node) {
        int base = node * vcs;
        int any = -1;
        for (int k = 0; k < vcs; k++) {
            int v = (nextVc[node] + k) % vcs;
            int cr = injectCredits[base + v];
            if (cr == config.bufferDepth()) {
                any = v;
                break;
            }
            if (cr > 0 && any < 0) {
                any = v;
            }
        }
        nextVc[node] = (any + 1) % vcs;
        return any;
    }

    /** Returns the next flit waiting at {@code node}'s ejection port without taking it, or {@link Flit#NONE}. */
    public long peekEject(int node) {
        return ejectors[node].peek(fabric.now);
    }

    /**
     * Takes the next flit waiting at {@code node}'s ejection port, freeing its slot (a credit goes back to the
     * router), or returns {@link Flit#NONE}. The flits of one message come contiguously and in order: once a
     * head has been taken, only flits of its message are handed over until its tail, even if other messages
     * have arrived on other virtual channels meanwhile. Between messages, the message whose head arrived
     * first goes next.
     */
    public long pollEject(int node) {
        Channel c = ejection[node];
        long flit = ejectors[node].poll(fabric.now);
        if (flit == Flit.NONE) {
            return Flit.NONE;
        }
        flitsInNetwork--;
        ejectedTotal++;
        fabric.progress();
        if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
            fabric.tracer.event(fabric.now, FlitTracer.Event.EJECT, c.srcRouter, c.srcPort, ejectors[node].lastVc(), 0,
                    flit);
        }
        return flit;
    }

    /** Advances the network by one cycle: every busy router reads, then every busy router evaluates. */
    public void step() {
        long now = fabric.now;
        int n = fabric.activeCount();
        if (n != 0) {
            if (reverseOrder) {
                for (int k = n - 1; k >= 0; k--) {
                    routers[fabric.active(k)].read(now);
                }
                for (int k = n - 1; k >= 0; k--) {
                    routers[fabric.active(k)].evaluate(now);
                }
            } else {
                for (int k = 0; k < n; k++) {
                    routers[fabric.active(k)].read(now);
                }
                for (int k = 0; k < n; k++) {
                    routers[fabric.active(k)].evaluate(now);
                }
            }
            fabric.retain(routers);
        }
        fabric.now = now + 1;
    }

    /**
     * Advances the clock of an idle network by {@code cycles} cycles at once, as that many {@link #step()}
     * calls would: with no flit anywhere no router has work, and credits still on their wires are taken in
     * when their routers wake, as they would be after stepping. Lets a machine skip the cycles in which its
     * network interfaces have nothing to send.
     *
     * @param cycles the cycles to skip, at least 0
     * @throws IllegalStateException when a flit is still in the network
     */
    public void advanceIdle(long cycles) {
        if (cycles < 0) {
            throw new IllegalArgumentException("cannot go back in time: " + cycles);
        }
        if (flitsInNetwork != 0) {
            throw new IllegalStateException("advanceIdle with " + flitsInNetwork + " flit(s) in the network");
        }
        if (cycles == 0) {
            return;
        }
        fabric.retain(routers);
        fabric.now += cycles;
    }

    /**
     * Advances the clock of a stalled network by {@code cycles} cycles at once: flits are in the network, but none
     * has moved for longer than any pause a router, link or credit makes, so no router has anything to do (every
     * head waits for a virtual channel another message holds, every flit for a credit), and nothing changes until
     * a network interface injects or takes a flit. The caller knows that it is so (the machine's stall window);
     * flits still on a link's wire would contradict it.
     *
     * @param cycles the cycles to skip, at least 0
     * @throws IllegalStateException when a flit is still on its way on a link
     */
    public void advanceStalled(long cycles) {
        if (cycles < 0) {
            throw new IllegalArgumentException("cannot go back in time: " + cycles);
        }
        for (Channel c : links) {
            if (c.flitsInFlight() != 0) {
                throw new IllegalStateException("advanceStalled with a flit on its way on " + c);
            }
        }
        fabric.retain(routers);
        fabric.now += cycles;
    }

    /** Steps routers in reverse order from now on; for tests showing that order cannot change results. */
    void stepInReverseOrder(boolean reverse) {
        this.reverseOrder = reverse;
    }

    /** Tells whether no flit is anywhere: not in buffers, not on links, not in ejection buffers. */
    public boolean isIdle() {
        return flitsInNetwork == 0;
    }

    /** Returns the number of flits injected and not yet taken by the receiving network interface. */
    public long flitsInNetwork() {
        return flitsInNetwork;
    }

    /** Returns the number of flits injected since the network was built. */
    public long injectedFlits() {
        return injectedTotal;
    }

    /** Returns the number of flits ejected since the network was built. */
    public long ejectedFlits() {
        return ejectedTotal;
    }

    /** Returns the number of flits {@code node} has injected. */
    public long injectedFlits(int node) {
        return injection[node].carried();
    }

    /**
     * Sets in {@code marks}, one bit per node (bit {@code n & 63} of word {@code n >>> 6}), the nodes whose ejection
     * channel a flit has entered or whose injection channel a credit has entered since the last call, and forgets
     * them: what a network interface that waits for the network must be told.
     *
     * @param marks at least {@code (nodes() + 63) / 64} words; bits are only set
     * @return whether any node was marked (when not, {@code marks} is unchanged)
     */
    public boolean takeNodeMarks(long[] marks) {
        if (!fabric.anyNodeMark) {
            return false;
        }
        long[] e = fabric.nodeMarks;
        for (int w = 0; w < e.length; w++) {
            marks[w] |= e[w];
            e[w] = 0;
        }
        fabric.anyNodeMark = false;
        return true;
    }

    /**
     * Tells whether nothing is on its way to {@code node}: no flit on its ejection channel (the flits that have arrived
     * are in its ejection buffer) and no credit on its injection channel that is not due yet (the due ones are taken
     * in first, as {@link #canInject(int)} takes them).
     */
    public boolean nothingOnTheWay(int node) {
        if (ejection[node].flitsInFlight() != 0) {
            return false;
        }
        absorbInjectionCredits(node);
        return !injection[node].creditsInFlight();
    }

    /** Returns the number of flits the router delivered towards {@code node}'s ejection port (taken or not). */
    public long ejectedFlits(int node) {
        return ejection[node].carried();
    }

    /**
     * Returns the last cycle in which a flit moved (was injected, crossed a switch or was ejected). A network
     * that is not idle and has not moved for many cycles is deadlocked or blocked by a network interface that
     * does not drain.
     */
    public long lastProgressCycle() {
        return fabric.lastProgress;
    }

    /** Returns the number of routers being stepped; idle routers cost nothing. */
    public int activeRouters() {
        return fabric.activeCount();
    }

    /** Sets the tracer that watched flits are reported to; null for none. */
    public void setTracer(FlitTracer tracer) {
        fabric.tracer = tracer;
    }

    /** Returns the flits carried by every router-to-router link, in topology order. */
    public List<LinkLoad> linkLoads() {
        List<LinkLoad> list = new ArrayList<>(links.size());
        for (Channel c : links) {
            list.add(new LinkLoad(c.srcRouter, c.srcPort, c.dstRouter, c.dstPort, c.carried()));
        }
        return Collections.unmodifiableList(list);
    }

    /**
     * Describes where every flit is: occupied virtual channels with their state, credits and what they wait
     * for, flits on links, open injections and ejection buffers. Used in deadlock reports.
     */
    public String stateReport() {
        StringBuilder sb = new StringBuilder();
        sb.append("network ").append(topology.name()).append(" at cycle ").append(fabric.now).append(": ")
                .append(flitsInNetwork).append(" flit(s) in the network, last progress at cycle ")
                .append(fabric.lastProgress).append('\n');
        for (Router r : routers) {
            r.describe(sb, topology);
        }
        for (Channel c : links) {
            if (c.flitsInFlight() != 0) {
                sb.append("  link ").append(topology.routerName(c.srcRouter)).append(' ')
                        .append(topology.portName(c.srcPort)).append(" -> ").append(topology.routerName(c.dstRouter))
                        .append(": ").append(c.flitsInFlight()).append(" flit(s) in flight\n");
            }
        }
        for (int n = 0; n < nodes(); n++) {
            if (openVc[n] >= 0) {
                sb.append("  node ").append(n).append(": message open on injection vc ").append(openVc[n]).append('\n');
            }
            if (injection[n].flitsInFlight() != 0) {
                sb.append("  node ").append(n).append(": ").append(injection[n].flitsInFlight())
                        .append(" flit(s) on the injection channel\n");
            }
            Ejector e = ejectors[n];
            e.absorb(fabric.now);
            if (e.held() != 0 || ejection[n].flitsInFlight() != 0) {
                sb.append("  node ").append(n).append(": ").append(e.held()).append(" flit(s) in the ejection buffers, ")
                        .append(ejection[n].flitsInFlight()).append(" on the ejection channel");
                if (e.currentVc() >= 0) {
                    sb.append(", message open on vc ").append(e.currentVc());
                }
                if (e.front() != Flit.NONE) {
                    sb.append(", ").append(Flit.toString(e.front())).append(" waiting for the network interface");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Checks credit conservation on every channel and virtual channel: the sender's credits, the flits on
     * the wire, the flits in the receiver's buffer and the credits on their way back add up to the buffer
     * depth. Intended for tests; it costs a walk over the whole network.
     *
     * @throws IllegalStateException naming the first channel where the sum is wrong
     */
    public void checkInvariants() {
        for (Channel c : links) {
            for (int v = 0; v < c.vcs; v++) {
                check(c, v, routers[c.srcRouter].credits(c.srcPort, v), routers[c.dstRouter].buffered(c.dstPort, v));
            }
        }
        for (int n = 0; n < nodes(); n++) {
            Channel c = injection[n];
            for (int v = 0; v < c.vcs; v++) {
                check(c, v, injectCredits[n * vcs + v], routers[c.dstRouter].buffered(c.dstPort, v));
            }
            Channel e = ejection[n];
            for (int v = 0; v < e.vcs; v++) {
                check(e, v, routers[e.srcRouter].credits(e.srcPort, v), ejectors[n].buffered(v));
            }
        }
        long inBuffers = 0;
        for (Router r : routers) {
            inBuffers += r.bufferedFlits();
        }
        long onWires = 0;
        for (Channel c : links) {
            onWires += c.flitsInFlight();
        }
        for (int n = 0; n < nodes(); n++) {
            onWires += injection[n].flitsInFlight() + ejection[n].flitsInFlight() + ejectors[n].held();
        }
        if (inBuffers + onWires != flitsInNetwork) {
            throw new IllegalStateException("flit count mismatch: " + inBuffers + " buffered + " + onWires
                    + " on channels != " + flitsInNetwork + " injected and not ejected");
        }
    }

    private static void check(Channel c, int vc, int credits, int buffered) {
        int sum = credits + c.flitsInFlight(vc) + buffered + c.creditsInFlight(vc);
        if (sum != c.depth || credits < 0) {
            throw new IllegalStateException("credit conservation broken on " + c + " vc " + vc + ": " + credits
                    + " credits + " + c.flitsInFlight(vc) + " on wire + " + buffered + " buffered + "
                    + c.creditsInFlight(vc) + " credits returning != depth " + c.depth);
        }
    }
}
