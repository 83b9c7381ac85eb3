package scmp.noc;

import scmp.noc.alloc.AllocatorKind;
import scmp.noc.alloc.ArbiterKind;

/**
 * The parameters of a network, validated once at construction. Times are in network cycles. The meaning of
 * every field, and the zero-load latency it implies, is specified in docs/timing.md section 4.
 *
 * @param vcs virtual channels per router input port, at least 1
 * @param bufferDepth flits per virtual channel buffer, at least 1
 * @param routeDelay cycles of route computation (RC) before virtual-channel allocation, at least 0
 * @param vcAllocDelay cycles of virtual-channel allocation (VA) before switch allocation, at least 0
 * @param switchAllocDelay cycles of switch allocation (SA) before switch traversal, at least 0
 * @param switchTraversalDelay cycles of switch traversal (ST) before the link, at least 0
 * @param linkDelay cycles a flit spends on a router-to-router link, at least 1
 * @param creditDelay cycles a credit spends on its way back upstream, at least 1
 * @param ejectionBuffer flits the ejection buffer in front of a network interface holds, at least 1
 * @param clockRatio network cycles per core cycle, at least 1
 * @param format the head flit layout
 * @param arbiter the arbiters inside both allocators
 * @param vcAllocator the virtual-channel allocator
 * @param vcSelection which virtual channels a message may take: one per flow, which keeps point-to-point order,
 *        or any
 */
public record NocConfig(int vcs, int bufferDepth, int routeDelay, int vcAllocDelay, int switchAllocDelay,
        int switchTraversalDelay, int linkDelay, int creditDelay, int ejectionBuffer, int clockRatio,
        FlitFormat format, ArbiterKind arbiter, AllocatorKind vcAllocator, VcSelection vcSelection) {

    /** Latency of the channel from a network interface into its router, and of the one back. */
    public static final int LOCAL_CHANNEL_DELAY = 1;

    /** Validates every field. */
    public NocConfig {
        require(vcs >= 1 && vcs <= 64, "vcs must be 1..64", vcs);
        require(bufferDepth >= 1, "buffer depth must be at least 1", bufferDepth);
        require(routeDelay >= 0, "route delay must be at least 0", routeDelay);
        require(vcAllocDelay >= 0, "VC allocation delay must be at least 0", vcAllocDelay);
        require(switchAllocDelay >= 0, "switch allocation delay must be at least 0", switchAllocDelay);
        require(switchTraversalDelay >= 0, "switch traversal delay must be at least 0", switchTraversalDelay);
        require(routeDelay + vcAllocDelay + switchAllocDelay + switchTraversalDelay >= 1,
                "router delay (sum of the stage delays) must be at least 1",
                routeDelay + vcAllocDelay + switchAllocDelay + switchTraversalDelay);
        require(linkDelay >= 1, "link delay must be at least 1", linkDelay);
        require(creditDelay >= 1, "credit delay must be at least 1", creditDelay);
        require(ejectionBuffer >= 1, "ejection buffer must be at least 1", ejectionBuffer);
        require(clockRatio >= 1, "clock ratio must be at least 1", clockRatio);
        if (format == null || arbiter == null || vcAllocator == null || vcSelection == null) {
            throw new IllegalArgumentException("format, arbiter, VC allocator and VC selection must be given");
        }
    }

    private static void require(boolean ok, String what, int value) {
        if (!ok) {
            throw new IllegalArgumentException(what + ": " + value);
        }
    }

    /**
     * Returns the default configuration: 4 virtual channels of 8 flits, a 4-stage router (RC, VA, SA, ST one
     * cycle each), 1-cycle links and credits, an 8-flit ejection buffer, the network clocked at twice the
     * core clock, the SCMP head format, round-robin arbiters, an input-first VC allocator and one virtual
     * channel per flow (point-to-point order).
     */
    public static NocConfig defaults() {
        return new NocConfig(4, 8, 1, 1, 1, 1, 1, 1, 8, 2, FlitFormat.SCMP, ArbiterKind.ROUND_ROBIN,
                AllocatorKind.INPUT_FIRST, VcSelection.FLOW);
    }

    /** Returns the router delay D: the sum of the four stage delays. */
    public int routerDelay() {
        return routeDelay + vcAllocDelay + switchAllocDelay + switchTraversalDelay;
    }

    /**
     * Returns a copy whose stage delays add up to {@code d}: 1 is a single-cycle router (RC, VA, SA, ST in one
     * cycle); 2 is RC+VA+SA | ST; 3 is RC+VA | SA | ST; 4 is RC | VA | SA | ST; above 4 the extra cycles lengthen
     * switch traversal.
     */
    public NocConfig withRouterDelay(int d) {
        if (d < 1) {
            throw new IllegalArgumentException("router delay must be at least 1: " + d);
        }
        int rc = d >= 4 ? 1 : 0;
        int va = d >= 3 ? 1 : 0;
        int sa = d >= 2 ? 1 : 0;
        int st = d - rc - va - sa;
        return withStages(rc, va, sa, st);
    }

    /** Returns a copy with the four stage delays given one by one. */
    public NocConfig withStages(int rc, int va, int sa, int st) {
        return new NocConfig(vcs, bufferDepth, rc, va, sa, st, linkDelay, creditDelay, ejectionBuffer, clockRatio,
                format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another number of virtual channels per port. */
    public NocConfig withVcs(int v) {
        return new NocConfig(v, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, clockRatio, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another buffer depth per virtual channel. */
    public NocConfig withBufferDepth(int b) {
        return new NocConfig(vcs, b, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, clockRatio, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another link delay. */
    public NocConfig withLinkDelay(int l) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                l, creditDelay, ejectionBuffer, clockRatio, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another credit delay. */
    public NocConfig withCreditDelay(int c) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, c, ejectionBuffer, clockRatio, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another ejection buffer size. */
    public NocConfig withEjectionBuffer(int e) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, e, clockRatio, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another number of network cycles per core cycle. */
    public NocConfig withClockRatio(int k) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, k, format, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with another head format. */
    public NocConfig withFormat(FlitFormat f) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, clockRatio, f, arbiter, vcAllocator, vcSelection);
    }

    /** Returns a copy with other arbiters and VC allocator. */
    public NocConfig withAllocation(ArbiterKind a, AllocatorKind va) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, clockRatio, format, a, va, vcSelection);
    }

    /** Returns a copy with another choice of virtual channels (one per flow keeps point-to-point order). */
    public NocConfig withVcSelection(VcSelection s) {
        return new NocConfig(vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay, switchTraversalDelay,
                linkDelay, creditDelay, ejectionBuffer, clockRatio, format, arbiter, vcAllocator, s);
    }

    /**
     * Returns the zero-load latency of an {@code n}-flit message over {@code h} router-to-router links, from the
     * network cycle its head is injected to the network cycle its tail can be taken from the ejection port:
     * {@code (h + 1) * D + h * L + 2 + (n - 1)} (docs/timing.md section 4). It holds when
     * {@link #streamsAtFullRate()}.
     */
    public long zeroLoadLatency(int n, int h) {
        return (long) (h + 1) * routerDelay() + (long) h * linkDelay + 2L * LOCAL_CHANNEL_DELAY + (n - 1);
    }

    /**
     * Tells whether a lone message streams one flit per cycle: the buffers cover the credit round trips
     * ({@code B >= D + L + C}, {@code B >= 1 + RC + VA + C} at injection, {@code E >= SA + ST + 1 + C} at
     * ejection). Otherwise credits throttle even an unloaded network and the zero-load formula is a lower bound.
     */
    public boolean streamsAtFullRate() {
        return bufferDepth >= routerDelay() + linkDelay + creditDelay
                && bufferDepth >= LOCAL_CHANNEL_DELAY + routeDelay + vcAllocDelay + creditDelay
                && ejectionBuffer >= switchAllocDelay + switchTraversalDelay + LOCAL_CHANNEL_DELAY + creditDelay;
    }

    /** Returns a one-line summary of the parameters. */
    public String summary() {
        return String.format("vcs=%d buffer=%d stages(RC,VA,SA,ST)=%d,%d,%d,%d D=%d link=%d credit=%d eject=%d "
                + "clock=%dx format=%s arbiter=%s va=%s vc-select=%s", vcs, bufferDepth, routeDelay, vcAllocDelay, switchAllocDelay,
                switchTraversalDelay, routerDelay(), linkDelay, creditDelay, ejectionBuffer, clockRatio, format,
                arbiter, vcAllocator, vcSelection);
    }
}
