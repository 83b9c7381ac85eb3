package scmp.model.scmp;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import scmp.elf.Executable;
import scmp.machine.Loader;
import scmp.machine.Machine;
import scmp.noc.NocConfig;
import scmp.noc.RouterNetwork;
import scmp.noc.traffic.SyntheticTraffic;
import scmp.noc.traffic.TrafficPattern;

/**
 * The simulator's speed on built-in programs ({@code scmpsim bench}, docs/performance.md), per second of the
 * benchmark thread's CPU time (wall time is printed too): simulated instructions per second on a compute-bound
 * node; the same program on one busy node of an 8x8 mesh; node-cycles per second of a message-heavy program on
 * every node of a 4x4 mesh; router-cycles per second of the 8x8 network under uniform synthetic traffic. Each
 * case runs once to warm the JIT up, then {@code runs} times; the best run counts.
 */
public final class SpeedBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The benchmark cases, named as {@code --case} names them. */
    public enum Case { compute, mesh_idle, spmd, messages, noc, all }

    /** Compute loop iterations between the mesh_idle case's DATA messages. */
    static final int IDLE_CHUNK = 100_000;

    /**
     * What to measure.
     *
     * @param which      the case, or all of them
     * @param iterations compute loop iterations per run
     * @param messages   DATA messages each of the 16 nodes sends in the messages case
     * @param nocCycles  network cycles of the noc case
     * @param runs       timed runs after the warm-up
     * @param lockstep   run the machine cases in strict lockstep
     */
    public record Settings(Case which, int iterations, int messages, int nocCycles, int runs, boolean lockstep) {
        /** Whether every count is positive, as a measurement needs. */
        public boolean valid() {
            return iterations >= 1 && runs >= 1 && messages >= 1 && nocCycles >= 1;
        }
    }

    private final Settings s;
    private final PrintWriter out;

    private SpeedBench(Settings s, PrintWriter out) {
        this.s = s;
        this.out = out;
    }

    /**
     * Runs the selected cases, printing a line per run and the best rate of each case.
     *
     * @param s   what to measure; {@link Settings#valid()} must hold
     * @param out where the results go
     * @throws Loader.LoadException when a built-in program does not load (a bug)
     */
    public static void run(Settings s, PrintWriter out) throws Loader.LoadException {
        if (!s.valid()) {
            throw new IllegalArgumentException("every count must be positive");
        }
        new SpeedBench(s, out).run();
    }

    private boolean selected(Case c) {
        return s.which() == c || s.which() == Case.all;
    }

    private void run() throws Loader.LoadException {
        int iterations = s.iterations();
        if (selected(Case.compute)) {
            out.printf("compute: %d iterations of a %d-instruction loop on one node (1x1)%n", iterations,
                    BenchProgram.LOOP_LENGTH);
            double best = machine(BenchProgram.build(iterations), 1, 1, false);
            out.printf(Locale.ROOT, "compute: best %.1f million simulated instructions per second%n", best);
        }
        if (selected(Case.mesh_idle)) {
            out.printf("mesh_idle: node 0 starts and ends a thread on every node, then runs the compute loop "
                    + "(%d iterations) with a DATA message to the last node every %d; 8x8, then 1x1%n", iterations,
                    Math.min(IDLE_CHUNK, iterations));
            int chunk = Math.min(IDLE_CHUNK, iterations);
            int n = iterations / chunk * chunk;
            double mesh = machine(BenchProgram.mostlyIdle(n, chunk), 8, 8, false);
            double one = machine(BenchProgram.mostlyIdle(n, chunk), 1, 1, false);
            out.printf(Locale.ROOT, "mesh_idle: 8x8 %.1f, 1x1 %.1f million instructions per second: the 8x8 runs at "
                    + "%.2f of the 1x1's speed%n", mesh, one, mesh / one);
        }
        if (selected(Case.spmd)) {
            int each = Math.max(1, iterations / 16);
            out.printf("spmd: the compute loop (%d iterations) on each of 16 ranks (-n 16, 4x4), nothing in flight%n",
                    each);
            double best = machine(BenchProgram.build(each), 4, 4, false, 16);
            out.printf(Locale.ROOT, "spmd: best %.1f million simulated instructions per second (all ranks)%n", best);
        }
        if (selected(Case.messages)) {
            out.printf("messages: every node of a 4x4 mesh sends %d DATA messages of 16 words (DMA) to the next "
                    + "node, 16 loop iterations apart%n", s.messages());
            double best = machine(BenchProgram.ring(s.messages()), 4, 4, true);
            out.printf(Locale.ROOT, "messages: best %.2f million node-cycles per second%n", best);
        }
        if (selected(Case.noc)) {
            noc();
        }
        out.flush();
    }

    private void noc() {
        int cycles = s.nocCycles();
        out.printf("noc: 8x8 mesh, uniform traffic at 0.1 flits/node/cycle, 5-flit packets, %d network cycles%n",
                cycles);
        double best = 0;
        for (int r = 0; r <= s.runs(); r++) {
            RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
            SyntheticTraffic t = new SyntheticTraffic(net, TrafficPattern.UNIFORM, 0.1, 5, 1);
            long w0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            t.run(0, cycles, 0);
            double cpu = (THREADS.getCurrentThreadCpuTime() - c0) / 1e9;
            double wall = (System.nanoTime() - w0) / 1e9;
            double rate = 64.0 * cycles / cpu / 1e6;
            out.printf(Locale.ROOT, "  %s: %.3f s CPU (%.3f s wall), %.2f million router-cycles/s%n",
                    r == 0 ? "warm-up" : "run " + r, cpu, wall, rate);
            if (r > 0) {
                best = Math.max(best, rate);
            }
        }
        out.printf(Locale.ROOT, "noc: best %.2f million router-cycles per second%n", best);
    }

    /** Runs a program {@code runs + 1} times; returns the best rate: instructions, or node-cycles, per CPU µs. */
    private double machine(Executable exe, int x, int y, boolean nodeCycles) throws Loader.LoadException {
        return machine(exe, x, y, nodeCycles, 0);
    }

    /** As above, with {@code ranks} SPMD ranks (0: the program starts on node 0 only). */
    private double machine(Executable exe, int x, int y, boolean nodeCycles, int ranks) throws Loader.LoadException {
        ScmpConfig cfg = ScmpConfig.builder("bench").mesh(x, y).lockstep(s.lockstep()).ranks(ranks).build();
        double best = 0;
        for (int r = 0; r <= s.runs(); r++) {
            Machine m = new Machine(cfg, exe, OutputStream.nullOutputStream(), OutputStream.nullOutputStream(),
                    InputStream.nullInputStream());
            long w0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            Machine.Result res = m.run();
            double cpu = (THREADS.getCurrentThreadCpuTime() - c0) / 1e9;
            double wall = (System.nanoTime() - w0) / 1e9;
            double work = nodeCycles ? (double) res.cycles() * x * y : res.instructions();
            double rate = work / cpu / 1e6;
            out.printf(Locale.ROOT, "  %s: %d instructions, %d cycles, %.3f s CPU (%.3f s wall), %.2f million %s/s%n",
                    r == 0 ? "warm-up" : "run " + r, res.instructions(), res.cycles(), cpu, wall, rate,
                    nodeCycles ? "node-cycles" : "instructions");
            if (res.outcome() != Machine.Outcome.EXIT && res.outcome() != Machine.Outcome.ALL_ENDED) {
                throw new IllegalStateException("benchmark program ended with " + res.outcome() + ": " + res.message());
            }
            if (r > 0) {
                best = Math.max(best, rate);
            }
        }
        out.flush();
        return best;
    }
}
