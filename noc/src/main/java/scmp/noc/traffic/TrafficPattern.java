package scmp.noc.traffic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import scmp.noc.Mesh2D;
import scmp.noc.Topology;

/**
 * The destinations of synthetic traffic, named and defined as BookSim2 defines them (its {@code traffic.cpp},
 * class by class; docs/noc.md section 7 has the table). Node {@code n} of a {@code W x H} mesh sits at
 * {@code x = n % W}, {@code y = n / W}, which is BookSim's numbering of a k-ary 2-mesh (digit 0 is x). A source
 * may be its own destination; such a packet crosses only its own router, as in BookSim.
 *
 * <ul>
 *   <li>{@code uniform}: every node equally likely, the source included ({@code UniformRandomTrafficPattern}).</li>
 *   <li>{@code transpose}: (x, y) to (y, x). BookSim swaps the high and low halves of the node number's bits,
 *       which is the same on the square power-of-two meshes it accepts; here any square mesh.</li>
 *   <li>{@code bitcomp}: the bitwise complement of the node number ({@code BitCompTrafficPattern}).</li>
 *   <li>{@code bitrev}: the node number's bits in reverse order ({@code BitRevTrafficPattern}).</li>
 *   <li>{@code shuffle}: the node number's bits rotated left by one ({@code ShuffleTrafficPattern}).</li>
 *   <li>{@code bitrot}: the bits rotated right by one. BookSim2 has no such pattern; this is gem5 Garnet's
 *       {@code bit_rotation}, the inverse of {@code shuffle}.</li>
 *   <li>{@code tornado}: every coordinate moves {@code ceil(k / 2) - 1} places forward, modulo the radix
 *       {@code k} of its dimension ({@code TornadoTrafficPattern}: (x + 3, y + 3) mod 8 on the 8x8 mesh).</li>
 *   <li>{@code neighbor}: every coordinate moves one place forward, modulo its radix
 *       ({@code NeighborTrafficPattern}: (x + 1, y + 1) mod k).</li>
 *   <li>{@code hotspot}: a share of the packets go to hot nodes, chosen in proportion to their weights, the
 *       others to a uniformly random node. BookSim's {@code hotspot({nodes},{rates})} sends every packet to the
 *       hot nodes; written that way here it means the same (share 1). Written plainly, {@code hotspot} sends
 *       20% of the packets to the mesh's centre node.</li>
 * </ul>
 *
 * The bit patterns need a power-of-two node count; transpose needs a square mesh ({@link #check}).
 */
public final class TrafficPattern {

    /** The kinds of pattern, by their BookSim name. */
    public enum Kind {
        /** Uniform random. */
        UNIFORM,
        /** Coordinates swapped. */
        TRANSPOSE,
        /** Bitwise complement. */
        BITCOMP,
        /** Bit reversal. */
        BITREV,
        /** Bits rotated left by one. */
        SHUFFLE,
        /** Bits rotated right by one. */
        BITROT,
        /** Every coordinate half-way round, less one. */
        TORNADO,
        /** Every coordinate one further. */
        NEIGHBOR,
        /** A share to hot nodes, the rest uniform. */
        HOTSPOT;

        /** The name as BookSim and the command line spell it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The share of packets that go to the hot nodes under a plain {@code hotspot}. */
    public static final double HOTSPOT_FRACTION = 0.2;

    /** Uniform random. */
    public static final TrafficPattern UNIFORM = new TrafficPattern(Kind.UNIFORM, null, null, 0);
    /** (x, y) to (y, x). */
    public static final TrafficPattern TRANSPOSE = new TrafficPattern(Kind.TRANSPOSE, null, null, 0);
    /** Bitwise complement of the node number. */
    public static final TrafficPattern BITCOMP = new TrafficPattern(Kind.BITCOMP, null, null, 0);
    /** Bits of the node number reversed. */
    public static final TrafficPattern BITREV = new TrafficPattern(Kind.BITREV, null, null, 0);
    /** Bits of the node number rotated left by one. */
    public static final TrafficPattern SHUFFLE = new TrafficPattern(Kind.SHUFFLE, null, null, 0);
    /** Bits of the node number rotated right by one. */
    public static final TrafficPattern BITROT = new TrafficPattern(Kind.BITROT, null, null, 0);
    /** Every coordinate {@code ceil(k / 2) - 1} places forward. */
    public static final TrafficPattern TORNADO = new TrafficPattern(Kind.TORNADO, null, null, 0);
    /** Every coordinate one place forward. */
    public static final TrafficPattern NEIGHBOR = new TrafficPattern(Kind.NEIGHBOR, null, null, 0);
    /** 20% of the packets to the mesh's centre node, the others uniform. */
    public static final TrafficPattern HOTSPOT = new TrafficPattern(Kind.HOTSPOT, null, null, HOTSPOT_FRACTION);

    private static final TrafficPattern[] ALL = {UNIFORM, TRANSPOSE, BITCOMP, BITREV, SHUFFLE, BITROT, TORNADO,
        NEIGHBOR, HOTSPOT};

    private final Kind kind;
    private final int[] hotNodes;     // null: the centre of the mesh
    private final int[] weights;      // one per hot node, positive
    private final int weightSum;
    private final double fraction;

    private TrafficPattern(Kind kind, int[] hotNodes, int[] weights, double fraction) {
        this.kind = kind;
        this.hotNodes = hotNodes;
        this.weights = weights;
        this.weightSum = weights == null ? 1 : Arrays.stream(weights).sum();
        this.fraction = fraction;
    }

    /** Returns one pattern of every kind, each with its default parameters. */
    public static TrafficPattern[] values() {
        return ALL.clone();
    }

    /** Returns the pattern of a kind with its default parameters. */
    public static TrafficPattern of(Kind kind) {
        return ALL[kind.ordinal()];
    }

    /**
     * Returns a hot-spot pattern.
     *
     * @param nodes    the hot nodes, at least one
     * @param weights  their weights (BookSim's rates), each positive; shorter than {@code nodes}, the last is
     *                 repeated, as BookSim does; empty for all 1
     * @param fraction the share of packets that go to a hot node, more than 0 and at most 1
     * @return the pattern
     */
    public static TrafficPattern hotspot(int[] nodes, int[] weights, double fraction) {
        if (nodes.length == 0) {
            throw new IllegalArgumentException("hotspot traffic needs at least one hot node");
        }
        int[] w = new int[nodes.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = weights.length == 0 ? 1 : weights[Math.min(i, weights.length - 1)];
            if (w[i] <= 0) {
                throw new IllegalArgumentException("hotspot weights must be positive, got " + w[i]);
            }
        }
        checkFraction(fraction);
        return new TrafficPattern(Kind.HOTSPOT, nodes.clone(), w, fraction);
    }

    private static void checkFraction(double fraction) {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("the hotspot fraction must be more than 0 and at most 1, got " + fraction);
        }
    }

    /**
     * Reads a pattern as BookSim's {@code traffic} option spells it: a name, or for hot spots
     * {@code hotspot({n1,n2,...})} or {@code hotspot({n1,n2,...},{w1,w2,...})}, which send every packet to the hot
     * nodes as BookSim does. Names are case-insensitive; {@code bit-reverse}, {@code bit-rotation},
     * {@code bit-complement} and {@code uniform_random} are accepted too.
     *
     * @param text the specification
     * @return the pattern
     * @throws IllegalArgumentException with a one-line reason when it is not one
     */
    public static TrafficPattern parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        int paren = t.indexOf('(');
        String name = paren < 0 ? t : t.substring(0, paren);
        Kind kind = switch (name.replace('-', '_')) {
            case "uniform", "uniform_random" -> Kind.UNIFORM;
            case "transpose" -> Kind.TRANSPOSE;
            case "bitcomp", "bit_complement" -> Kind.BITCOMP;
            case "bitrev", "bit_reverse" -> Kind.BITREV;
            case "shuffle" -> Kind.SHUFFLE;
            case "bitrot", "bit_rotation" -> Kind.BITROT;
            case "tornado" -> Kind.TORNADO;
            case "neighbor", "neighbour" -> Kind.NEIGHBOR;
            case "hotspot" -> Kind.HOTSPOT;
            default -> throw new IllegalArgumentException("unknown traffic pattern '" + text.trim() + "' (known: "
                    + String.join(", ", Arrays.stream(Kind.values()).map(Kind::label).toList()) + ")");
        };
        if (paren < 0) {
            return of(kind);
        }
        if (kind != Kind.HOTSPOT || !t.endsWith(")")) {
            throw new IllegalArgumentException("'" + text.trim() + "': only hotspot takes parameters, as "
                    + "hotspot({n1,n2,...}) or hotspot({n1,n2,...},{w1,w2,...})");
        }
        List<int[]> lists = braceLists(t.substring(paren + 1, t.length() - 1), text.trim());
        if (lists.isEmpty() || lists.size() > 2) {
            throw new IllegalArgumentException("'" + text.trim() + "': expected hotspot({n1,n2,...}) or "
                    + "hotspot({n1,n2,...},{w1,w2,...})");
        }
        return hotspot(lists.get(0), lists.size() > 1 ? lists.get(1) : new int[0], 1.0);
    }

    /** Reads {@code {1,2},{3}} or {@code 1} as lists of integers. */
    private static List<int[]> braceLists(String s, String whole) {
        List<int[]> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            String item;
            if (s.charAt(i) == '{') {
                int close = s.indexOf('}', i);
                if (close < 0) {
                    throw new IllegalArgumentException("'" + whole + "': missing '}'");
                }
                item = s.substring(i + 1, close);
                i = close + 1;
            } else {
                int comma = s.indexOf(',', i);
                item = comma < 0 ? s.substring(i) : s.substring(i, comma);
                i = comma < 0 ? s.length() : comma;
            }
            try {
                out.add(item.isEmpty() ? new int[0] : Arrays.stream(item.split(",")).mapToInt(Integer::parseInt).toArray());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + whole + "': '" + item + "' is not a list of integers");
            }
            if (i < s.length()) {
                if (s.charAt(i) != ',') {
                    throw new IllegalArgumentException("'" + whole + "': expected ',' after '" + item + "'");
                }
                i++;
            }
        }
        return out;
    }

    /** The kind of pattern. */
    public Kind kind() {
        return kind;
    }

    /** The share of packets that go to a hot node (0 unless hotspot). */
    public double fraction() {
        return fraction;
    }

    /**
     * Returns this hot-spot pattern with another share of packets going to the hot nodes.
     *
     * @param f more than 0, at most 1
     * @return the pattern
     * @throws IllegalArgumentException when this is not a hot-spot pattern or the share is out of range
     */
    public TrafficPattern withFraction(double f) {
        if (kind != Kind.HOTSPOT) {
            throw new IllegalArgumentException("a hotspot fraction applies only to hotspot traffic, not " + kind.label());
        }
        checkFraction(f);
        return new TrafficPattern(kind, hotNodes, weights, f);
    }

    /**
     * Returns the view in which this pattern picks destinations on a network that is not a 2D mesh (the torus):
     * its nodes in one row, {@code n x 1}, so that the patterns defined on node numbers (uniform, the bit
     * patterns, hotspot, whose default hot node becomes node {@code n / 2}) mean what they mean on BookSim's
     * numbering. The patterns defined by 2D coordinates (transpose, tornado, neighbor) are refused.
     *
     * @param topology the network's wiring
     * @return a mesh to pass to {@link #destination} and {@link #shares}: the topology itself if it is a mesh
     * @throws IllegalArgumentException with one line when the pattern does not apply
     */
    public Mesh2D nodeView(Topology topology) {
        if (topology instanceof Mesh2D m) {
            check(m);
            return m;
        }
        if (kind == Kind.TRANSPOSE || kind == Kind.TORNADO || kind == Kind.NEIGHBOR) {
            throw new IllegalArgumentException(kind.label() + " traffic is defined on a 2D mesh's coordinates, not on the "
                    + topology.name() + "; use uniform, bitcomp, bitrev, shuffle, bitrot or hotspot");
        }
        Mesh2D row = new Mesh2D(topology.nodes(), 1);
        check(row);
        return row;
    }

    /** Returns the hot nodes on a mesh: the ones given, or its centre. */
    public int[] hotNodes(Mesh2D mesh) {
        return hotNodes != null ? hotNodes.clone() : new int[] {hotNode(mesh)};
    }

    /** Returns the centre node of a mesh, the default hot node. */
    public static int hotNode(Mesh2D mesh) {
        return mesh.node(mesh.width() / 2, mesh.height() / 2);
    }

    /**
     * Checks that this pattern applies to a mesh.
     *
     * @throws IllegalArgumentException with a one-line reason when it does not
     */
    public void check(Mesh2D mesh) {
        int n = mesh.nodes();
        switch (kind) {
            case TRANSPOSE -> {
                if (mesh.width() != mesh.height()) {
                    throw new IllegalArgumentException("transpose traffic needs a square mesh, not " + mesh.name());
                }
            }
            case BITCOMP, BITREV, SHUFFLE, BITROT -> {
                if (Integer.bitCount(n) != 1) {
                    throw new IllegalArgumentException(kind.label() + " traffic needs a power-of-two node count, not " + n);
                }
            }
            case HOTSPOT -> {
                for (int h : hotNodes(mesh)) {
                    if (h < 0 || h >= n) {
                        throw new IllegalArgumentException("hot node " + h + " is not a node of the " + mesh.name()
                                + " (0.." + (n - 1) + ")");
                    }
                }
            }
            default -> {
            }
        }
    }

    /** Tells whether every source has one fixed destination (a permutation, or nearly: transpose fixes the diagonal). */
    public boolean deterministic() {
        return kind != Kind.UNIFORM && kind != Kind.HOTSPOT;
    }

    /**
     * Chooses the destination of a new packet.
     *
     * @param mesh the mesh
     * @param src  the source node
     * @param rng  the generator; uniform and hotspot draw from it
     * @return the destination node
     */
    public int destination(Mesh2D mesh, int src, SplittableRandom rng) {
        int n = mesh.nodes();
        return switch (kind) {
            case UNIFORM -> rng.nextInt(n);
            case HOTSPOT -> rng.nextDouble() < fraction ? hot(mesh, rng) : rng.nextInt(n);
            default -> fixed(mesh, src);
        };
    }

    private int hot(Mesh2D mesh, SplittableRandom rng) {
        if (hotNodes == null) {
            return hotNode(mesh);
        }
        if (hotNodes.length == 1) {
            return hotNodes[0];
        }
        int pick = rng.nextInt(weightSum);
        int i = 0;
        while (pick >= weights[i]) {
            pick -= weights[i++];
        }
        return hotNodes[i];
    }

    /** The destination of a deterministic pattern. */
    private int fixed(Mesh2D mesh, int src) {
        int n = mesh.nodes();
        int bits = Integer.numberOfTrailingZeros(n);
        int w = mesh.width();
        int h = mesh.height();
        int x = mesh.x(src);
        int y = mesh.y(src);
        return switch (kind) {
            case TRANSPOSE -> mesh.node(y, x);
            case BITCOMP -> ~src & (n - 1);
            case BITREV -> Integer.reverse(src) >>> (32 - bits) & (n - 1);
            case SHUFFLE -> ((src << 1) | (src >>> (bits - 1))) & (n - 1);
            case BITROT -> ((src >>> 1) | (src << (bits - 1))) & (n - 1);
            case TORNADO -> mesh.node((x + (w + 1) / 2 - 1) % w, (y + (h + 1) / 2 - 1) % h);
            case NEIGHBOR -> mesh.node((x + 1) % w, (y + 1) % h);
            default -> throw new IllegalStateException(kind + " is not deterministic");
        };
    }

    /**
     * Returns the probability of each destination for packets from a source: exact, not sampled, for the
     * zero-load and channel-load analyses ({@link ChannelLoad}).
     *
     * @param mesh the mesh
     * @param src  the source
     * @return one probability per node, summing to 1
     */
    public double[] shares(Mesh2D mesh, int src) {
        int n = mesh.nodes();
        double[] p = new double[n];
        switch (kind) {
            case UNIFORM -> Arrays.fill(p, 1.0 / n);
            case HOTSPOT -> {
                Arrays.fill(p, (1 - fraction) / n);
                int[] hot = hotNodes(mesh);
                int[] w = weights != null ? weights : new int[] {1};
                for (int i = 0; i < hot.length; i++) {
                    p[hot[i]] += fraction * w[i] / weightSum;
                }
            }
            default -> p[fixed(mesh, src)] = 1;
        }
        return p;
    }

    /**
     * Returns the pattern as {@link #parse} reads it: its name, or for hot nodes given explicitly
     * {@code hotspot({nodes},{weights})}. The hot-spot share is not part of it ({@link #fraction()}).
     */
    public String spec() {
        if (kind != Kind.HOTSPOT || hotNodes == null) {
            return kind.label();
        }
        return "hotspot({" + join(hotNodes) + "},{" + join(weights) + "})";
    }

    private static String join(int[] v) {
        return String.join(",", Arrays.stream(v).mapToObj(Integer::toString).toList());
    }

    /** Returns the specification, with the hot-spot share for hotspot traffic. */
    @Override
    public String toString() {
        return kind == Kind.HOTSPOT ? spec() + " (fraction " + fraction + ")" : spec();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrafficPattern p && p.kind == kind && Arrays.equals(p.hotNodes, hotNodes)
                && Arrays.equals(p.weights, weights) && p.fraction == fraction;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Arrays.hashCode(hotNodes) + Double.hashCode(fraction);
    }
}
