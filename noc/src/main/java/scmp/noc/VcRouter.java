package scmp.noc;

import scmp.noc.alloc.Allocator;
import scmp.noc.alloc.SeparableSwitchAllocator;
import scmp.noc.alloc.SwitchAllocator;

/**
 * The SCMP router: input-buffered virtual channels, wormhole switching, credit-based flow control and a
 * pipeline of four named stages, each with its own delay from {@link NocConfig}.
 *
 * <ul>
 * <li>{@link #routeCompute RC}: a head flit at the front of an idle input virtual channel asks the routing
 * function for its output port; virtual-channel allocation may start {@code routeDelay} cycles later.
 * <li>{@link #vcAllocate VA}: waiting heads ask for a free virtual channel at their output port; winners
 * hold it until their tail leaves. Switch allocation may start {@code vcAllocDelay} cycles later.
 * <li>{@link #switchAllocate SA}: every virtual channel whose front flit has been in the router at least
 * {@code routeDelay + vcAllocDelay} cycles and whose output virtual channel has a credit asks for the
 * crossbar; at most one flit per input and per output port wins.
 * <li>{@link #switchTraverse ST}: a winner leaves its buffer (a credit goes back upstream, arriving
 * {@code creditDelay} cycles later) and reaches the next buffer {@code switchAllocDelay +
 * switchTraversalDelay + link latency} cycles after it won.
 * </ul>
 *
 * With {@link VcSelection#FLOW} a head may only take the output virtual channel with the number of its input
 * virtual channel, so a message keeps the virtual channel its source chose for its flow and the messages of one
 * flow stay in order.
 *
 * <p>Hot state lives in flat arrays indexed by {@code port * vcs + vc}; sets of virtual channels are bit masks.
 * Each stage visits only the virtual channels in its own state (masks of those waiting for a virtual channel and
 * of the active ones), and {@link #read} only the channels that hold flits or credits ({@link Fabric}'s port
 * masks, which the channels set when they send), so an active router costs little for what it does not hold.
 * docs/timing.md section 4 states the timing this produces.
 */
public final class VcRouter implements Router {
    private static final int IDLE = 0;
    private static final int VC_ALLOC = 1;
    private static final int ACTIVE = 2;
    private static final String[] STATE_NAMES = {"idle", "waiting for a VC", "active"};

    private final int id;
    private final int ports;
    private final int vcs;
    private final int depth;
    private final int routeDelay;
    private final int vcAllocDelay;
    private final int pipeDelay;
    private final int bodyDelay;
    private final int creditDelay;
    private final boolean keepVc;
    private final RoutingFunction routing;
    private final Channel[] in;
    private final Channel[] out;
    private final Fabric fabric;
    private final Allocator vcAllocator;
    private final SwitchAllocator switchAllocator;

    // input virtual channels, index port * vcs + vc
    private final long[] buffer;
    private final long[] arrival;
    private final int[] bufferHead;
    private final int[] bufferCount;
    private final int[] state;
    private final int[] route;
    private final int[] outVc;
    private final long[] readyAt;
    private long occupied;
    private int buffered;
    // the input virtual channels in state VC_ALLOC and ACTIVE, so that each stage visits only its own
    private long vcAllocVcs;
    private long activeVcs;

    // output virtual channels, index port * vcs + vc
    private final int[] owner;
    private final int[] credits;
    private final long[] portVcs;
    private long freeOutVcs;

    /**
     * Creates a router; the signature matches {@link Router.Factory}.
     *
     * @param id the router's index
     * @param config the network parameters
     * @param routing the routing function
     * @param in input channels by port, null where unconnected
     * @param out output channels by port, null where unconnected
     * @param fabric the shared clocking state
     */
    public VcRouter(int id, NocConfig config, RoutingFunction routing, Channel[] in, Channel[] out, Fabric fabric) {
        this.id = id;
        this.ports = in.length;
        this.vcs = config.vcs();
        if (ports * vcs > 64) {
            throw new IllegalArgumentException("ports x vcs must be at most 64: " + ports + " x " + vcs);
        }
        this.depth = config.bufferDepth();
        this.routeDelay = config.routeDelay();
        this.vcAllocDelay = config.vcAllocDelay();
        this.pipeDelay = config.switchAllocDelay() + config.switchTraversalDelay();
        this.bodyDelay = config.routeDelay() + config.vcAllocDelay();
        this.creditDelay = config.creditDelay();
        this.keepVc = config.vcSelection() == VcSelection.FLOW;
        this.routing = routing;
        this.in = in;
        this.out = out;
        this.fabric = fabric;
        int n = ports * vcs;
        this.vcAllocator = config.vcAllocator().create(n, n, config.arbiter());
        this.switchAllocator = new SeparableSwitchAllocator(ports, vcs, config.arbiter());
        this.buffer = new long[n * depth];
        this.arrival = new long[n * depth];
        this.bufferHead = new int[n];
        this.bufferCount = new int[n];
        this.state = new int[n];
        this.route = new int[n];
        this.outVc = new int[n];
        this.readyAt = new long[n];
        this.owner = new int[n];
        this.credits = new int[n];
        this.portVcs = new long[ports];
        java.util.Arrays.fill(owner, -1);
        for (int p = 0; p < ports; p++) {
            if (in[p] != null && in[p].vcs != vcs) {
                throw new IllegalArgumentException("input channel of port " + p + " has " + in[p].vcs + " VCs, router " + vcs);
            }
            if (out[p] != null) {
                if (out[p].vcs > vcs) {
                    throw new IllegalArgumentException("output channel of port " + p + " has more VCs than the router");
                }
                for (int v = 0; v < out[p].vcs; v++) {
                    credits[p * vcs + v] = out[p].depth;
                    portVcs[p] |= 1L << (p * vcs + v);
                }
                freeOutVcs |= portVcs[p];
            }
        }
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public void read(long now) {
        // only the ports whose channels hold something, in port order as before (Fabric's masks, set by Channel)
        long[] flitPorts = fabric.flitPorts;
        for (long m = flitPorts[id]; m != 0; m &= m - 1) {
            int p = Long.numberOfTrailingZeros(m);
            Channel c = in[p];
            while (c.flitDue(now)) {
                write(p, c.frontVc(), c.frontFlit(), c.frontTime());
                c.popFlit();
            }
            if (c.flitsInFlight() == 0) {
                flitPorts[id] &= ~(1L << p);
            }
        }
        long[] creditPorts = fabric.creditPorts;
        for (long m = creditPorts[id]; m != 0; m &= m - 1) {
            int p = Long.numberOfTrailingZeros(m);
            Channel c = out[p];
            while (c.creditDue(now)) {
                int ov = p * vcs + c.popCredit();
                if (++credits[ov] > c.depth) {
                    throw new IllegalStateException("router " + id + " port " + p + ": more credits than buffer slots");
                }
            }
            if (!c.creditsInFlight()) {
                creditPorts[id] &= ~(1L << p);
            }
        }
    }

    /** Buffer write: the flit enters its input virtual channel. */
    private void write(int port, int vc, long flit, long time) {
        int iv = port * vcs + vc;
        int n = bufferCount[iv];
        if (n == depth) {
            throw new IllegalStateException("router " + id + " port " + port + " vc " + vc + ": buffer overflow");
        }
        int slot = bufferHead[iv] + n;
        if (slot >= depth) {
            slot -= depth;
        }
        buffer[iv * depth + slot] = flit;
        arrival[iv * depth + slot] = time;
        bufferCount[iv] = n + 1;
        occupied |= 1L << iv;
        buffered++;
        if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
            fabric.tracer.event(time, FlitTracer.Event.ARRIVE, id, port, vc, 0, flit);
        }
    }

    @Override
    public void evaluate(long now) {
        if (buffered == 0) {
            return;
        }
        routeCompute(now);
        vcAllocate(now);
        switchAllocate(now);
    }

    private long front(int iv) {
        return buffer[iv * depth + bufferHead[iv]];
    }

    /** RC: idle virtual channels whose front flit is a head get their output port. */
    private void routeCompute(long now) {
        for (long m = occupied & ~(vcAllocVcs | activeVcs); m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);
            long flit = front(iv);
            int port = iv / vcs;
            if ((flit & Flit.HEAD) == 0) {
                throw new IllegalStateException("router " + id + " port " + port + " vc " + (iv % vcs)
                        + ": a body flit arrived with no message open (" + Flit.toString(flit) + ")");
            }
            int o = routing.route(id, port, Flit.payload(flit));
            if (o < 0 || o >= ports || out[o] == null) {
                throw new IllegalStateException("router " + id + ": head " + Flit.toString(flit)
                        + " routed to unconnected port " + o);
            }
            route[iv] = o;
            state[iv] = VC_ALLOC;
            vcAllocVcs |= 1L << iv;
            readyAt[iv] = now + routeDelay + routing.extraDelay(id, port, o);
            if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
                fabric.tracer.event(now, FlitTracer.Event.ROUTE, id, port, iv % vcs, o, flit);
            }
        }
    }

    /** VA: heads that know their port compete for its free virtual channels. */
    private void vcAllocate(long now) {
        long requesters = 0;
        for (long m = occupied & vcAllocVcs; m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);
            if (readyAt[iv] <= now) {
                int o = route[iv];
                long free = freeOutVcs & portVcs[o];
                if (keepVc) {
                    free &= 1L << (o * vcs + iv % vcs);
                }
                if (free != 0) {
                    long allowed = routing.allowedVcs(id, iv / vcs, iv % vcs, o, free);
                    if (allowed != 0) {
                        vcAllocator.request(iv, allowed);
                        requesters |= 1L << iv;
                    }
                }
            }
        }
        if (requesters == 0) {
            return;
        }
        vcAllocator.allocate();
        for (long m = requesters; m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);
            int ov = vcAllocator.grant(iv);
            if (ov >= 0) {
                owner[ov] = iv;
                freeOutVcs &= ~(1L << ov);
                outVc[iv] = ov;
                state[iv] = ACTIVE;
                vcAllocVcs &= ~(1L << iv);
                activeVcs |= 1L << iv;
                readyAt[iv] = now + vcAllocDelay;
                long flit = front(iv);
                if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
                    fabric.tracer.event(now, FlitTracer.Event.VC_ALLOC, id, iv / vcs, ov % vcs, ov / vcs, flit);
                }
            }
        }
    }

    /** SA: flits ready to leave and holding a credit compete for the crossbar; winners traverse it. */
    private void switchAllocate(long now) {
        boolean any = false;
        for (long m = occupied & activeVcs; m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);
            if (readyAt[iv] <= now && credits[outVc[iv]] > 0
                    && arrival[iv * depth + bufferHead[iv]] + bodyDelay <= now) {
                switchAllocator.request(iv / vcs, iv % vcs, route[iv]);
                any = true;
            }
        }
        if (!any) {
            return;
        }
        switchAllocator.allocate();
        for (long g = switchAllocator.grantedInputs(); g != 0; g &= g - 1) {
            int p = Long.numberOfTrailingZeros(g);
            switchTraverse(p * vcs + switchAllocator.grantedVc(p), now);
        }
    }

    /** ST: the flit leaves its buffer, returns a credit upstream and goes out on its output channel. */
    private void switchTraverse(int iv, long now) {
        int slot = iv * depth + bufferHead[iv];
        long flit = buffer[slot];
        bufferHead[iv] = bufferHead[iv] + 1 == depth ? 0 : bufferHead[iv] + 1;
        if (--bufferCount[iv] == 0) {
            occupied &= ~(1L << iv);
        }
        buffered--;
        int port = iv / vcs;
        int o = route[iv];
        int ov = outVc[iv];
        if ((flit & Flit.HEAD) != 0) {
            flit = Flit.withPayload(flit, routing.forward(id, o, Flit.payload(flit)));
        }
        credits[ov]--;
        Channel c = out[o];
        c.sendFlit(flit, ov - o * vcs, now + pipeDelay + c.latency);
        in[port].sendCredit(iv - port * vcs, now + creditDelay);
        if ((flit & Flit.TAIL) != 0) {
            owner[ov] = -1;
            freeOutVcs |= 1L << ov;
            state[iv] = IDLE;
            activeVcs &= ~(1L << iv);
        }
        if ((flit & Flit.WATCH) != 0 && fabric.tracer != null) {
            fabric.tracer.event(now, FlitTracer.Event.SWITCH, id, o, ov - o * vcs, 0, flit);
        }
    }

    @Override
    public boolean busy() {
        return buffered != 0 || fabric.flitPorts[id] != 0;
    }

    /**
     * {@inheritDoc} Here: a router with flits sleeps when no flit or credit is on its way to it, no head waits to be
     * routed, no routed head finds an output virtual channel it may take (only a tail leaving this router frees one),
     * and every flit of an active channel waits for a credit. Its stages would then request nothing, so no allocator
     * or arbiter would change.
     */
    @Override
    public boolean mustStep(long now) {
        if (buffered == 0) {
            return fabric.flitPorts[id] != 0;
        }
        return (fabric.flitPorts[id] | fabric.creditPorts[id]) != 0 || !blocked();
    }

    /** Whether nothing this router holds can move before a flit or a credit reaches it (see {@link #mustStep}). */
    private boolean blocked() {
        if ((occupied & ~(vcAllocVcs | activeVcs)) != 0) {
            return false;
        }
        for (long m = occupied & activeVcs; m != 0; m &= m - 1) {
            if (credits[outVc[Long.numberOfTrailingZeros(m)]] > 0) {
                return false;
            }
        }
        for (long m = occupied & vcAllocVcs; m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);     // ready or not: it would find the same VCs free
            int o = route[iv];
            long free = freeOutVcs & portVcs[o];
            if (keepVc) {
                free &= 1L << (o * vcs + iv % vcs);
            }
            if (free != 0 && routing.allowedVcs(id, iv / vcs, iv % vcs, o, free) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int bufferedFlits() {
        return buffered;
    }

    @Override
    public int buffered(int inPort, int vc) {
        return bufferCount[inPort * vcs + vc];
    }

    @Override
    public int credits(int outPort, int vc) {
        return credits[outPort * vcs + vc];
    }

    @Override
    public void describe(StringBuilder sb, Topology topology) {
        for (long m = occupied; m != 0; m &= m - 1) {
            int iv = Long.numberOfTrailingZeros(m);
            int p = iv / vcs;
            sb.append("  router ").append(topology.routerName(id)).append(" in ").append(topology.portName(p))
                    .append(" vc ").append(iv % vcs).append(": ").append(bufferCount[iv]).append(" flit(s), front ")
                    .append(Flit.toString(front(iv))).append(", ").append(STATE_NAMES[state[iv]]);
            if (state[iv] != IDLE) {
                sb.append(", to ").append(topology.portName(route[iv]));
            }
            if (state[iv] == ACTIVE) {
                int ov = outVc[iv];
                sb.append(" vc ").append(ov % vcs).append(" with ").append(credits[ov]).append(" credit(s)");
                if (credits[ov] == 0) {
                    sb.append(" (blocked downstream)");
                }
            } else if (state[iv] == VC_ALLOC) {
                long free = freeOutVcs & portVcs[route[iv]];
                if (free == 0) {
                    sb.append(" (all its VCs held by other messages)");
                } else if (keepVc && (free & 1L << (route[iv] * vcs + iv % vcs)) == 0) {
                    sb.append(" (its flow's VC held by another message)");
                }
            }
            sb.append('\n');
        }
    }
}
