package scmp.noc.traffic;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * When nodes create packets: BookSim2's injection processes ({@code injection.cpp}), at a rate given in packets
 * per node per cycle.
 *
 * <ul>
 *   <li>{@code bernoulli}: every cycle each node creates a packet with probability {@code rate}
 *       ({@code BernoulliInjectionProcess}).</li>
 *   <li>{@code on_off}: each node is a two-state Markov chain ({@code OnOffInjectionProcess}). Every cycle an
 *       off node turns on with probability {@code alpha} and an on node turns off with probability
 *       {@code beta}; then an on node creates a packet with probability {@code r1}. Nodes start on or off with
 *       probability 1/2 each. Two of {@code alpha}, {@code beta} and {@code r1} are given and the third follows
 *       from the mean rate, {@code rate = r1 alpha / (alpha + beta)}, as in BookSim: a negative value marks the
 *       one to derive. Bursts last {@code 1 / beta} cycles on average, gaps {@code 1 / alpha}.</li>
 * </ul>
 *
 * @param kind  the process
 * @param alpha on_off: the probability per cycle that an off node turns on, or negative to derive it
 * @param beta  on_off: the probability per cycle that an on node turns off, or negative to derive it
 * @param r1    on_off: the probability per cycle that an on node creates a packet, or negative to derive it
 */
public record Injection(Kind kind, double alpha, double beta, double r1) {

    /** The processes. */
    public enum Kind {
        /** Independent draws every cycle. */
        BERNOULLI,
        /** Markov-modulated bursts. */
        ON_OFF;

        /** The name as BookSim spells it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** BookSim's {@code burst_alpha} and {@code burst_beta} defaults. */
    public static final double DEFAULT_ALPHA = 0.5;
    /** BookSim's {@code burst_beta} default. */
    public static final double DEFAULT_BETA = 0.5;

    /** The Bernoulli process. */
    public static final Injection BERNOULLI = new Injection(Kind.BERNOULLI, DEFAULT_ALPHA, DEFAULT_BETA, -1);

    /**
     * Checks the parameters.
     *
     * @throws IllegalArgumentException when an on/off parameter is above 1, or not exactly one is derived
     */
    public Injection {
        if (kind == null) {
            throw new IllegalArgumentException("the injection process must be given");
        }
        if (kind == Kind.ON_OFF) {
            if (alpha > 1 || beta > 1 || r1 > 1) {
                throw new IllegalArgumentException("on_off: burst_alpha, burst_beta and burst_r1 must be at most 1");
            }
            int derived = (alpha < 0 ? 1 : 0) + (beta < 0 ? 1 : 0) + (r1 < 0 ? 1 : 0);
            if (derived != 1) {
                throw new IllegalArgumentException("on_off: give exactly two of burst_alpha, burst_beta and burst_r1 "
                        + "(the third follows from the rate), got " + (3 - derived));
            }
        }
    }

    /**
     * Returns the on/off process with given {@code alpha} and {@code beta}; {@code r1} follows from the rate.
     *
     * @param alpha the probability per cycle that an off node turns on, more than 0
     * @param beta  the probability per cycle that an on node turns off
     * @return the process
     */
    public static Injection onOff(double alpha, double beta) {
        return new Injection(Kind.ON_OFF, alpha, beta, -1);
    }

    /**
     * Reads a process as BookSim's {@code injection_process} spells it: {@code bernoulli} or {@code on_off}
     * (whose parameters then come from {@code alpha}, {@code beta} and {@code r1}), case-insensitive,
     * {@code onoff} and {@code on-off} accepted too.
     *
     * @param name  the name
     * @param alpha the on/off {@code alpha}
     * @param beta  the on/off {@code beta}
     * @param r1    the on/off {@code r1}, negative to derive it
     * @return the process
     */
    public static Injection parse(String name, double alpha, double beta, double r1) {
        return switch (name.trim().toLowerCase(Locale.ROOT).replace("-", "_")) {
            case "bernoulli" -> BERNOULLI;
            case "on_off", "onoff" -> new Injection(Kind.ON_OFF, alpha, beta, r1);
            default -> throw new IllegalArgumentException("unknown injection process '" + name.trim()
                    + "' (known: bernoulli, on_off)");
        };
    }

    /**
     * Returns the on/off parameters {alpha, beta, r1} for a mean rate, the missing one derived as BookSim does.
     *
     * @param rate packets per node per cycle
     * @return the three probabilities
     * @throws IllegalArgumentException when the derived one is not a probability (the rate cannot be reached)
     */
    public double[] burstParameters(double rate) {
        double a = alpha;
        double b = beta;
        double r = r1;
        if (rate == 0) {
            return new double[] {Math.max(a, 0), Math.max(b, 0), 0};
        }
        if (a < 0) {
            a = b * rate / (r - rate);
        } else if (b < 0) {
            b = a * (r - rate) / rate;
        } else {
            r = rate * (a + b) / a;
        }
        if (!(a > 0 && a <= 1 && b >= 0 && b <= 1 && r >= 0 && r <= 1)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "on_off: %.4g packets/node/cycle cannot be "
                    + "reached with these burst parameters (alpha %.4g, beta %.4g, r1 %.4g; each must be a "
                    + "probability, alpha above 0, and rate = r1 alpha / (alpha + beta))", rate, a, b, r));
        }
        return new double[] {a, b, r};
    }

    /**
     * Creates the process for one run.
     *
     * @param nodes the nodes
     * @param rate  packets per node per cycle, 0..1
     * @param rng   the run's generator; on/off draws every node's initial state from it now
     * @return the process
     */
    public Process start(int nodes, double rate, SplittableRandom rng) {
        if (kind == Kind.BERNOULLI) {
            return (node, r) -> rate > 0 && r.nextDouble() < rate;
        }
        double[] p = burstParameters(rate);
        boolean[] on = new boolean[nodes];
        for (int n = 0; n < nodes; n++) {
            on[n] = rng.nextInt(2) == 1;
        }
        double a = p[0];
        double b = p[1];
        double r = p[2];
        return (node, g) -> {
            on[node] = on[node] ? g.nextDouble() >= b : g.nextDouble() < a;
            return on[node] && g.nextDouble() < r;
        };
    }

    /** Returns the process as a one-line description, e.g. {@code on_off(alpha 0.1, beta 0.4)}. */
    public String describe() {
        if (kind == Kind.BERNOULLI) {
            return kind.label();
        }
        StringBuilder sb = new StringBuilder("on_off(");
        String sep = "";
        String[] names = {"alpha", "beta", "r1"};
        double[] values = {alpha, beta, r1};
        for (int i = 0; i < 3; i++) {
            if (values[i] >= 0) {
                sb.append(sep).append(names[i]).append(' ').append(values[i]);
                sep = ", ";
            }
        }
        return sb.append(')').toString();
    }

    /** A running process: it decides, node by node and cycle by cycle, whether a packet is created. */
    @FunctionalInterface
    public interface Process {
        /**
         * Called once per node per cycle, nodes in increasing order.
         *
         * @param node the node
         * @param rng  the run's generator
         * @return whether the node creates a packet this cycle
         */
        boolean test(int node, SplittableRandom rng);
    }
}
