package scmp.model.scmp;

import java.util.List;
import java.util.Locale;
import scmp.machine.ParamException;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;
import scmp.noc.VcSelection;

/**
 * The parameters of the SCMP chip (docs/simulator.md, docs/timing.md sections 3 and 4), each set by
 * {@code scmpsim --param KEY=VALUE} or by scmpsim's own option named in brackets. The no-argument constructor
 * gives the defaults; the canonical constructor checks every value and names the parameter at fault.
 *
 * @param mesh                the mesh, at most {@link #MAX_DIM} nodes per side ({@code --mesh XxY}); null: 4x4, or for
 *                            {@code -n N} the smallest near-square mesh ({@link ScmpModel#meshFor})
 * @param vcs                 virtual channels per router port, 1..{@link #MAX_VCS} ({@code --vcs}; default 4)
 * @param bufferFlits         flits per virtual-channel buffer in the routers, at least 1 ({@code --buffer}, which sets
 *                            the ejection buffer too; default 8)
 * @param ejectionBufferFlits flits of the buffer in front of each NIU, at least 1 ({@code --buffer}; default 8)
 * @param routerDelayCycles   the router pipeline delay D in network cycles, at least 1 ({@code --router-delay};
 *                            default 4: RC, VA, SA, ST; timing.md section 4 says how other values split)
 * @param linkDelayCycles     router-to-router link delay L in network cycles, at least 1 ({@code --link-delay};
 *                            default 1)
 * @param creditDelayCycles   the delay C of a credit going upstream, in network cycles, at least 1 (default 1)
 * @param vcSelect            which virtual channels a message may take ({@code --vc-select}): {@code flow}, one per
 *                            source-destination pair, which keeps the order of messages between two nodes (default),
 *                            or {@code any}, which does not (docs/noc.md section 3)
 * @param wideFlits           the wide head flit (5-bit offsets) also on meshes up to 8x8 ({@code --wide-flits});
 *                            wider meshes use it anyway
 * @param niuQueueFlits       flits in each NIU's injection queue, 2..{@link NiuConfig#MAX_QUEUE} ({@code --niu-queue};
 *                            default 8)
 * @param hwRts               the hardware request-to-send / clear-to-send of thesis section 2.3: the NIUs serve CTS
 *                            messages themselves (docs/timing.md section 3.5); off by default
 * @param watch               messages to trace through the NIUs and routers, {@code NODE:K} each ({@code --watch})
 */
public record ScmpParams(Mesh mesh, int vcs, int bufferFlits, int ejectionBufferFlits, int routerDelayCycles,
                         int linkDelayCycles, int creditDelayCycles, VcSelection vcSelect, boolean wideFlits, int niuQueueFlits,
                         boolean hwRts, List<Watch.Selection> watch) {

    /** The largest mesh side (with the wide head flit). */
    public static final int MAX_DIM = 32;
    /** The most virtual channels per port the mesh router supports (ports x VCs at most 64). */
    public static final int MAX_VCS = 12;
    /** The network of docs/timing.md section 4, whose values are the defaults. */
    private static final NocConfig TIMING = NocConfig.defaults();

    /**
     * A mesh size.
     *
     * @param x nodes in X
     * @param y nodes in Y
     */
    public record Mesh(int x, int y) {

        /**
         * Reads {@code XxY}.
         *
         * @param text the size
         * @return the mesh
         * @throws IllegalArgumentException when the text is not two numbers with an x between
         */
        public static Mesh parse(String text) {
            String[] p = text.toLowerCase(Locale.ROOT).split("x");
            try {
                if (p.length == 2) {
                    return new Mesh(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new IllegalArgumentException("'" + text + "' is not a mesh size such as 2x2");
        }

        /** Returns the number of nodes. */
        public int nodes() {
            return x * y;
        }

        @Override
        public String toString() {
            return x + "x" + y;
        }
    }

    /** The defaults: the mesh chosen by the run, and docs/timing.md's network and NIUs. */
    public ScmpParams() {
        this(null, TIMING.vcs(), TIMING.bufferDepth(), TIMING.ejectionBuffer(), TIMING.routerDelay(), TIMING.linkDelay(),
                TIMING.creditDelay(), TIMING.vcSelection(), false, NiuConfig.DEFAULT_QUEUE, false, List.of());
    }

    /**
     * Checks the parameters.
     *
     * @throws ParamException naming the parameter at fault
     */
    public ScmpParams {
        if (mesh != null && (mesh.x() < 1 || mesh.x() > MAX_DIM || mesh.y() < 1 || mesh.y() > MAX_DIM)) {
            throw new ParamException("mesh", ": each dimension must be 1.." + MAX_DIM + ", got " + mesh);
        }
        if (vcs < 1 || vcs > MAX_VCS) {
            throw new ParamException("vcs", ": must be 1.." + MAX_VCS + ", got " + vcs);
        }
        atLeast("bufferFlits", bufferFlits, 1);
        atLeast("ejectionBufferFlits", ejectionBufferFlits, 1);
        atLeast("routerDelayCycles", routerDelayCycles, 1);
        atLeast("linkDelayCycles", linkDelayCycles, 1);
        atLeast("creditDelayCycles", creditDelayCycles, 1);
        if (vcSelect == null) {
            throw new ParamException("vcSelect", ": must be flow or any");
        }
        if (niuQueueFlits < 2 || niuQueueFlits > NiuConfig.MAX_QUEUE) {
            throw new ParamException("niuQueueFlits", ": must be 2.." + NiuConfig.MAX_QUEUE + " flits, got "
                    + niuQueueFlits);
        }
        watch = List.copyOf(watch);
        for (Watch.Selection w : watch) {
            if (mesh != null && w.node() >= mesh.nodes()) {
                throw new ParamException("watch", " " + w + ": the mesh has " + mesh.nodes() + " node"
                        + (mesh.nodes() == 1 ? "" : "s"));
            }
        }
    }

    private static void atLeast(String key, int value, int least) {
        if (value < least) {
            throw new ParamException(key, ": must be at least " + least + ", got " + value);
        }
    }

    /**
     * Returns these parameters on another mesh.
     *
     * @param m the mesh
     * @return the parameters
     */
    public ScmpParams withMesh(Mesh m) {
        return new ScmpParams(m, vcs, bufferFlits, ejectionBufferFlits, routerDelayCycles, linkDelayCycles,
                creditDelayCycles, vcSelect, wideFlits, niuQueueFlits, hwRts, watch);
    }

    /** Returns the number of nodes; the mesh must be set. */
    public int nodes() {
        return mesh.nodes();
    }

    /**
     * Returns the router network's configuration: docs/timing.md section 4 with these values, the wide head flit
     * when asked or when a side of the mesh exceeds the SCMP flit's reach.
     */
    public NocConfig noc() {
        int side = FlitFormat.SCMP.maxMeshSide();
        boolean wide = wideFlits || mesh.x() > side || mesh.y() > side;
        return TIMING.withVcs(vcs).withBufferDepth(bufferFlits).withEjectionBuffer(ejectionBufferFlits)
                .withRouterDelay(routerDelayCycles).withLinkDelay(linkDelayCycles).withCreditDelay(creditDelayCycles)
                .withVcSelection(vcSelect).withFormat(wide ? FlitFormat.WIDE : FlitFormat.SCMP);
    }
}
