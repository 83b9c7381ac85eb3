package scmp.noc.traffic;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;

/**
 * Measures simulation speed in router-cycles per host second (routers in the mesh times network cycles
 * simulated, over wall time) on the 8x8 mesh with the default router: uniform traffic at 0.1 flits/node/cycle
 * (traffic generation and draining included), a mostly idle network (0.001), and an empty network stepped on
 * its own. The rate is per second of this thread's CPU time, which a busy shared host disturbs less than wall
 * time (printed too). Run: {@code java -cp noc/target/classes:isa/target/classes scmp.noc.traffic.NocBenchmark [cycles]}.
 */
public final class NocBenchmark {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private NocBenchmark() {
    }

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Runs the three measurements and prints one line each. */
    public static void main(String[] args) {
        long cycles = args.length > 0 ? Long.parseLong(args[0]) : 400_000;
        for (int round = 0; round < 2; round++) {
            boolean warm = round == 0;
            long c = warm ? cycles / 4 : cycles;
            report(warm, "uniform 0.1", c, traffic(0.1, c));
            report(warm, "mostly idle 0.001", c, traffic(0.001, c));
            report(warm, "empty network", c, empty(c));
        }
    }

    /** Returns {cpu nanoseconds, wall nanoseconds}. */
    private static long[] traffic(double rate, long cycles) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        SyntheticTraffic t = new SyntheticTraffic(net, TrafficPattern.UNIFORM, rate, 5, 1);
        long wall = System.nanoTime();
        long start = cpu();
        t.run(0, cycles, 0);
        return new long[] {cpu() - start, System.nanoTime() - wall};
    }

    private static long[] empty(long cycles) {
        RouterNetwork net = RouterNetwork.mesh(8, 8, NocConfig.defaults());
        long wall = System.nanoTime();
        long start = cpu();
        for (long k = 0; k < cycles; k++) {
            net.step();
        }
        return new long[] {cpu() - start, System.nanoTime() - wall};
    }

    private static void report(boolean warm, String what, long cycles, long[] nanos) {
        if (warm) {
            return;
        }
        double cpuSeconds = Math.max(nanos[0], 1) / 1e9;
        double wallSeconds = nanos[1] / 1e9;
        System.out.printf(Locale.ROOT, "8x8 %-18s %7d cycles, %7.3f s CPU (%7.3f s wall): %9.2f M router-cycles/s, "
                + "%8.3f M network cycles/s%n", what, cycles, cpuSeconds, wallSeconds, 64 * cycles / cpuSeconds / 1e6,
                cycles / cpuSeconds / 1e6);
    }
}
