package scmp.experiments;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code scmpexp micro}: OSU-style micro-benchmarks (programs/micro) for the native primitives and libmpi's two
 * protocol families: ping-pong latency and streaming bandwidth by size between neighbours, and barrier,
 * bcast, reduce and alltoall times against the node count. Prints the tables and writes them as markdown.
 */
@Command(name = "micro", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ExperimentsMain.VersionLines.class,
        description = {"Runs the micro-benchmarks of programs/micro: ping-pong latency and streaming bandwidth by "
                + "message size between nodes 0 and 1 of a 2x1 mesh, and barrier, bcast, reduce and alltoall "
                + "times on 4, 16 and 64 nodes, each with the native libscmp primitives, libmpi's thesis protocol "
                + "family and its default (ours). Prints the tables and writes OUT/microbenchmarks.md."})
final class Micro implements Callable<Integer> {
    /** An implementation measured. */
    enum Impl {
        NATIVE("native", Runner.Protocol.NONE), THESIS("MPI thesis", Runner.Protocol.THESIS),
        OURS("MPI ours", Runner.Protocol.OURS);

        final String title;
        final Runner.Protocol protocol;

        Impl(String title, Runner.Protocol protocol) {
            this.title = title;
            this.protocol = protocol;
        }
    }

    @Spec
    private CommandSpec spec;

    @Option(names = "--iterations", paramLabel = "N", description = "Timed iterations of each measurement (default 20).")
    private int iterations = 20;

    @Option(names = "--max-size", paramLabel = "BYTES",
            description = "Largest point-to-point message, a power of 2 up to 65536 (default 65536).")
    private int maxSize = 65536;

    @Option(names = "--nodes", split = ",", paramLabel = "N", description = "Node counts of the collectives (default 4,16,64).")
    private List<Integer> nodes = new ArrayList<>(List.of(4, 16, 64));

    @Option(names = "--sizes", split = ",", paramLabel = "BYTES",
            description = "Sizes of the collectives, 1 to 3 multiples of 8 up to 4096 (default 8,1024,4096).")
    private List<Integer> sizes = new ArrayList<>(List.of(8, 1024, 4096));

    @Option(names = {"-j", "--jobs"}, paramLabel = "J", description = "Simulations run at once (default 1).")
    private int jobs = 1;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where microbenchmarks.md goes (default: the current directory).")
    private Path out = Path.of(".");

    /** Measurements by kind, implementation, nodes and size. */
    private final Map<String, double[]> values = new TreeMap<>();
    private final Map<String, String> failures = new TreeMap<>();

    private static String key(String kind, Impl impl, int nodes, int size) {
        return kind + "/" + impl.name() + "/" + nodes + "/" + size;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outw = spec.commandLine().getOut();
        if (iterations < 1 || jobs < 1 || maxSize < 4 || maxSize > 65536 || Integer.bitCount(maxSize) != 1
                || sizes.isEmpty() || sizes.size() > 3
                || sizes.stream().anyMatch(s -> s < 8 || s % 8 != 0 || s > 4096)
                || nodes.stream().anyMatch(n -> n < 2 || n > 64)) {
            err.println("scmpexp micro: --iterations and --jobs >= 1; --max-size a power of 2 from 4 to 65536; "
                    + "1 to 3 --sizes, multiples of 8 up to 4096; --nodes from 2 to 64");
            return 2;
        }
        List<Runner.Job> todo = new ArrayList<>();
        for (Impl impl : Impl.values()) {
            boolean nat = impl == Impl.NATIVE;
            todo.add(new Runner.Job(nat ? "micro/native_p2p.c" : "micro/mpi_p2p.c", 2, 1,
                    Runner.args(iterations, maxSize), impl.protocol));
            for (int n : nodes) {
                int[] mesh = ThesisData.mesh(n);
                List<String> a = new ArrayList<>(List.of(String.valueOf(iterations)));
                sizes.forEach(s -> a.add(String.valueOf(s)));
                todo.add(new Runner.Job(nat ? "micro/native_coll.c" : "micro/mpi_coll.c", mesh[0], mesh[1], a,
                        impl.protocol));
                if (!nat) {
                    todo.add(new Runner.Job("micro/mpi_alltoall.c", mesh[0], mesh[1], a, impl.protocol));
                }
            }
        }
        Runner runner = new Runner("-O1");
        try {
            ExecutorService pool = Executors.newFixedThreadPool(jobs);
            List<Future<?>> fs = new ArrayList<>();
            for (Runner.Job j : todo) {
                fs.add(pool.submit(() -> {
                    Impl impl = j.protocol() == Runner.Protocol.THESIS ? Impl.THESIS
                            : j.protocol() == Runner.Protocol.OURS ? Impl.OURS : Impl.NATIVE;
                    String what = j.program() + " on " + j.nodes() + " nodes, " + impl.title;
                    try {
                        Runner.Result r = runner.run(j, 0);
                        synchronized (this) {
                            if (!r.ok() || !r.stdout().contains("micro: OK")) {
                                String why = r.failure() != null ? r.failure() : "the check failed";
                                failures.put(what, why.lines().findFirst().orElse(""));
                            }
                            parse(r.stdout(), impl, j.nodes());
                            err.printf(Locale.ROOT, "%s: %s (%.1f s CPU)%n", what,
                                    failures.containsKey(what) ? failures.get(what) : "done", r.cpuSeconds());
                            err.flush();
                        }
                    } catch (RuntimeException e) {
                        synchronized (this) {
                            failures.put(what, e.getMessage().lines().findFirst().orElse(""));
                            err.println(what + ": " + failures.get(what));
                            err.flush();
                        }
                    }
                    return null;
                }));
            }
            pool.shutdown();
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            runner.close();
        }
        String md = markdown();
        outw.print(md);
        outw.flush();
        Files.createDirectories(out);
        Files.writeString(out.resolve("microbenchmarks.md"), md, StandardCharsets.UTF_8);
        return failures.isEmpty() ? 0 : 1;
    }

    private static final Pattern LINE = Pattern.compile("(?m)^micro (\\w+) (\\d+) ([0-9.]+)(?: ([0-9.]+))?");

    private void parse(String stdout, Impl impl, int n) {
        Matcher m = LINE.matcher(stdout);
        while (m.find()) {
            String kind = m.group(1);
            int size = Integer.parseInt(m.group(2));
            double a = Double.parseDouble(m.group(3));
            double b = m.group(4) != null ? Double.parseDouble(m.group(4)) : Double.NaN;
            int nodesKey = kind.equals("latency") || kind.equals("bandwidth") ? 2 : n;
            values.put(key(kind, impl, nodesKey, size), new double[] {a, b});
        }
    }

    private String cell(String kind, Impl impl, int n, int size, int idx, String fmt) {
        double[] v = values.get(key(kind, impl, n, size));
        return v == null || Double.isNaN(v[idx]) ? "" : String.format(Locale.ROOT, fmt, v[idx]);
    }

    private String markdown() {
        String command = "bin/scmpexp" + String.join("", spec.commandLine().getParseResult().originalArgs()
                .stream().map(a -> " " + a).toList());
        StringBuilder sb = new StringBuilder("# Micro-benchmarks\n\n");
        sb.append("Generated by `").append(command).append("`; the programs are in `programs/micro` and ")
                .append("[benchmarks.md](benchmarks.md) describes them. Times in cycles (1 ns at 1 GHz), bandwidth ")
                .append("in bytes per cycle (the network injects at most 2 flits of 4 bytes per cycle: 8 bytes per ")
                .append("cycle). *native*: libscmp's primitives; *MPI thesis* / *MPI ours*: libmpi with its thesis ")
                .append("protocol family / its default.\n\n");
        sb.append("## Point to point: nodes 0 and 1 (neighbours), 2x1 mesh\n\n");
        sb.append("| size (bytes) | native latency | MPI thesis latency | MPI ours latency | native bandwidth | ")
                .append("MPI thesis bandwidth | MPI ours bandwidth |\n|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int s = 4; s <= maxSize; s *= 2) {
            sb.append("| ").append(s);
            for (Impl i : Impl.values()) {
                sb.append(" | ").append(cell("latency", i, 2, s, 0, "%.1f"));
            }
            for (Impl i : Impl.values()) {
                sb.append(" | ").append(cell("bandwidth", i, 2, s, 0, "%.3f"));
            }
            sb.append(" |\n");
        }
        double[] nat = values.get(key("latency", Impl.NATIVE, 2, 4));
        sb.append('\n');
        for (Impl i : new Impl[] {Impl.THESIS, Impl.OURS}) {
            double[] v = values.get(key("latency", i, 2, 4));
            if (nat != null && v != null) {
                // the target compares MPI's one-way latency with a whole native round (there and back)
                sb.append(String.format(Locale.ROOT, "One-word latency, %s: %.1f cycles one way, %.2f native "
                        + "sendDataIntValue rounds (there and back, 2 x %.1f; the target for ours is at most 3), "
                        + "%.2f times the native one-way latency.%n%n", i.title, v[0], v[0] / (2 * nat[0]), nat[0],
                        v[0] / nat[0]));
            }
        }
        for (String kind : List.of("barrier", "bcast", "reduce", "alltoall")) {
            sb.append("## ").append(kind).append("\n\n");
            List<Integer> ss = kind.equals("barrier") ? List.of(0) : sizes;
            sb.append("| nodes |");
            for (int s : ss) {
                for (Impl i : Impl.values()) {
                    sb.append(' ').append(i.title).append(s > 0 ? " " + s + " B" : "").append(" |");
                }
            }
            sb.append('\n').append("|---:|".repeat(1));
            sb.append("---:|".repeat(ss.size() * Impl.values().length)).append('\n');
            for (int n : nodes) {
                sb.append("| ").append(n).append(" |");
                for (int s : ss) {
                    for (Impl i : Impl.values()) {
                        sb.append(' ').append(cell(kind, i, n, s, 0, "%.0f")).append(" |");
                    }
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        sb.append("Collective times are the mean over the nodes of each node's mean time in the call (OSU's average ")
                .append("latency); the barrier's is node 0's time per barrier, barriers back to back.\n\n");
        if (!failures.isEmpty()) {
            sb.append("## Runs that did not complete\n\n");
            failures.forEach((k, v) -> sb.append("- ").append(k).append(": ").append(v).append('\n'));
            sb.append('\n');
        }
        return sb.toString();
    }
}
