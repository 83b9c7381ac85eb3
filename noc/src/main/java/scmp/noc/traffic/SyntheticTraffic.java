package scmp.noc.traffic;

import java.util.SplittableRandom;
import scmp.noc.Mesh2D;
import scmp.noc.FlitNetwork;

/**
 * BookSim's synthetic traffic ({@code trafficmanager.cpp}): every network cycle each node asks its injection
 * process ({@link Injection}) whether it creates a packet of {@code packetFlits} flits, and if so draws the
 * destination from the pattern ({@link TrafficPattern}) at once. The offered load {@code rate} is in flits per
 * node per cycle, so the process runs at {@code rate / packetFlits} packets per node per cycle. The same seed
 * gives the same packets; the run itself is a {@link TrafficDriver}'s.
 */
public final class SyntheticTraffic implements PacketSource {
    private final FlitNetwork net;
    private final Mesh2D mesh;
    private final TrafficPattern pattern;
    private final double rate;
    private final int packetFlits;
    private final SplittableRandom rng;
    private final Injection.Process process;
    private PacketListener listener;

    /**
     * Prepares Bernoulli traffic on a network; the network must be fresh.
     *
     * @param net         the network
     * @param pattern     the destinations
     * @param rate        offered load in flits per node per cycle, 0..1
     * @param packetFlits flits per packet, at least 1
     * @param seed        the random seed; the same seed gives the same results
     */
    public SyntheticTraffic(FlitNetwork net, TrafficPattern pattern, double rate, int packetFlits, long seed) {
        this(net, pattern, Injection.BERNOULLI, rate, packetFlits, seed);
    }

    /**
     * Prepares traffic on a network, the mesh or another wiring ({@link TrafficPattern#nodeView}); the network
     * must be fresh.
     *
     * @param net         the network
     * @param pattern     the destinations
     * @param injection   the injection process
     * @param rate        offered load in flits per node per cycle, 0..1
     * @param packetFlits flits per packet, at least 1
     * @param seed        the random seed; the same seed gives the same results
     */
    public SyntheticTraffic(FlitNetwork net, TrafficPattern pattern, Injection injection, double rate, int packetFlits,
            long seed) {
        if (rate < 0 || rate > 1) {
            throw new IllegalArgumentException("rate must be 0..1 flits/node/cycle: " + rate);
        }
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet size must be at least 1 flit: " + packetFlits);
        }
        Mesh2D m = pattern.nodeView(net.topology());
        this.net = net;
        this.mesh = m;
        this.pattern = pattern;
        this.rate = rate;
        this.packetFlits = packetFlits;
        this.rng = new SplittableRandom(seed);
        this.process = injection.start(m.nodes(), rate / packetFlits, rng);
    }

    /** Sets who hears of every packet created and delivered; null for nobody. */
    public void setListener(PacketListener listener) {
        this.listener = listener;
    }

    /**
     * Runs warm-up, measurement and drain ({@link TrafficDriver#run}).
     *
     * @param warmup     warm-up cycles
     * @param measure    measurement cycles, at least 1
     * @param drainLimit the most cycles to wait for labelled packets after the measurement
     * @return the measurements
     */
    public TrafficResult run(long warmup, long measure, long drainLimit) {
        TrafficDriver d = new TrafficDriver(net, this);
        d.setListener(listener);
        return d.run(warmup, measure, drainLimit);
    }

    @Override
    public void emit(long now, TrafficDriver driver) {
        int n = mesh.nodes();
        for (int node = 0; node < n; node++) {
            if (process.test(node, rng)) {
                driver.create(node, pattern.destination(mesh, node, rng), packetFlits, now);
            }
        }
    }

    @Override
    public long nextCycle(long now) {
        return now;
    }

    @Override
    public double rate() {
        return rate;
    }
}
