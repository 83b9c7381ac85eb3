package scmp.experiments;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import scmp.elf.Executable;
import scmp.elf.MachineKind;

/**
 * The CRI/EPCC MPI benchmarks of seed 001 section 4 on the T3D model (docs/mpi-t3d.md, "Measured"): COMMS1
 * (ping-pong, standard and synchronous mode) and COMMS2 (exchange) by message size on PEs 0 and 1
 * ({@code programs/t3d-mpi/comms1.c}, {@code comms2.c}), and the collective timings against the number of
 * processes ({@code collbench.c}); beside them PVM as seed 001 measured CRI's (docs/t3d-msg.md): COMMS1 as
 * {@code programs/t3d-msg/latency.c} (pack and send, psend/precv, and RRMSG and DMSG), COMMS2 as {@code exchange.c}
 * and {@code pvm_barrier} as {@code barrier.c}. Writes OUT/t3d-mpi.csv, the figures in OUT/t3d-mpi/ and its own
 * section of
 * OUT/t3d-tables.md (between {@link #BEGIN} and {@link #END}, replaced on every run, the rest of the file kept):
 * the figures beside the seeds' numbers, the shape the seed describes (the T to RTA step above 24 bytes, the
 * synchronous RTA to RAT switch at 512 bytes, synchronous bandwidth about twice standard's) and why any figure
 * more than 25% off a seed's is.
 */
public final class T3dMpiTables {
    /** The first line of this experiment's section of t3d-tables.md. */
    static final String BEGIN = "<!-- scmpexp t3d mpi: begin -->";
    /** The last line of the section. */
    static final String END = "<!-- scmpexp t3d mpi: end -->";

    /**
     * What to run.
     *
     * @param pes      partition sizes for the collectives
     * @param maxBytes the largest COMMS1/COMMS2 message
     * @param reps     timed repetitions (COMMS: of the messages up to 4 KB; longer ones fewer)
     * @param jobs     simulations at once
     * @param out      where the files go
     */
    public record Options(List<Integer> pes, int maxBytes, int reps, int jobs, Path out) {
    }

    /** One measured line: the benchmark (comms1, comms2, coll), the mode or operation, size, cycles, us. */
    record Point(String bench, String what, int size, long cycles, double us) {
        /** Megabytes per second of a message of {@code size} bytes taking {@code us}. */
        double mbps() {
            return size / us;
        }
    }

    private final Options options;
    private final PrintWriter log;

    /**
     * Creates the experiment.
     *
     * @param options what to run
     * @param log     where progress goes
     */
    public T3dMpiTables(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
    }

    /** Memory per PE: COMMS holds two messages and standard mode's copy; the T3D had 64 MB. */
    static final int MEMORY = 8 << 20;

    /**
     * Runs COMMS1, COMMS2 and the collectives and writes the files.
     *
     * @return 0, or 1 when a run failed
     * @throws Exception when a file cannot be written or a run is interrupted
     */
    public int run() throws Exception {
        Runner runner = new Runner(1);
        Path dir = Files.createTempDirectory("scmp-t3dcomms");
        for (String f : PVM_PROGRAMS) {
            try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream("scmp/bench/t3d-msg/" + f)) {
                if (in == null) {
                    throw new IOException("t3d-msg/" + f + ": not among the benchmark sources");
                }
                Files.write(dir.resolve(f), in.readAllBytes());
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.jobs()));
        List<Future<List<Point>>> futures = new ArrayList<>();
        String reps = String.valueOf(options.reps());
        String max = String.valueOf(options.maxBytes());
        try {
            futures.add(pool.submit(() -> points(runner, "comms1", 2, List.of(reps, max))));
            futures.add(pool.submit(() -> points(runner, "comms2", 2, List.of(reps, max))));
            Executable latency = T3dMsgKernels.compile(dir, "latency");
            Executable exchange = T3dMsgKernels.compile(dir, "exchange");
            Executable barrier = T3dMsgKernels.compile(dir, "barrier");
            List<String> sizes = new ArrayList<>(List.of(reps));
            for (int b = 8; b <= options.maxBytes(); b = b < 64 ? b + 8 : b * 2) {
                sizes.add(String.valueOf(b));
            }
            futures.add(pool.submit(() -> pvmPoints(runner, "comms1", "latency", latency, 2, sizes)));
            futures.add(pool.submit(() -> pvmPoints(runner, "comms2", "exchange", exchange, 2, List.of(reps, max))));
            for (int p : options.pes()) {
                futures.add(pool.submit(() -> points(runner, "collbench", p, List.of(reps))));
                if (p <= PVM_MAX_PES) {
                    futures.add(pool.submit(() -> pvmPoints(runner, "coll", "barrier", barrier, p, List.of(reps))));
                }
            }
            List<Point> points = new ArrayList<>();
            int status = 0;
            for (Future<List<Point>> f : futures) {
                List<Point> pts = f.get();
                if (pts == null) {
                    status = 1;
                } else {
                    points.addAll(pts);
                }
            }
            Files.createDirectories(options.out());
            writeCsv(points, options.out().resolve("t3d-mpi.csv"));
            plot(points, options.out().resolve("t3d-mpi"));
            Path tables = options.out().resolve("t3d-tables.md");
            String old = Files.exists(tables) ? Files.readString(tables) : "";
            Files.writeString(tables, splice(old, section(points)));
            log.println("wrote the MPI section of " + tables + ", t3d-mpi.csv and the figures in "
                    + options.out().resolve("t3d-mpi"));
            log.flush();
            return status;
        } finally {
            pool.shutdown();
            runner.close();
            org.apache.commons.io.FileUtils.deleteQuietly(dir.toFile());
        }
    }

    /** PVM's programs (docs/t3d-msg.md): COMMS1 as latency.c, COMMS2 as exchange.c, and pvm_barrier. */
    static final List<String> PVM_PROGRAMS = List.of("latency.c", "exchange.c", "barrier.c");
    /** libpvm's largest partition. */
    static final int PVM_MAX_PES = 64;

    /**
     * Runs one of PVM's programs; its lines become points of {@code bench} (COMMS1's lines of RRMSG and DMSG
     * too, which latency.c measures beside PVM's). A check the program prints that does not end in "ok" or "0 error(s)"
     * fails the run.
     */
    private List<Point> pvmPoints(Runner runner, String bench, String name, Executable exe, int pes,
                                  List<String> args) {
        Runner.Result r = runner.runSpmd(name, exe, pes, MEMORY, args);
        synchronized (log) {
            String bad = r.ok() ? r.stdout().lines().filter(l -> l.contains(": ") && !l.endsWith(" ok")
                    && !l.endsWith(": 0 error(s)")).findFirst().orElse(null) : r.failure();
            if (bad != null) {
                log.println("t3d-msg/" + name + ".c " + String.join(" ", args) + " on " + pes + ": " + bad);
                log.flush();
                return null;
            }
            log.print(r.stdout());
            log.flush();
        }
        // the checks' lines ("barrier: check ok") are not figures
        return parse(bench, String.join("\n", r.stdout().lines().filter(l -> !l.contains(": ")).toList()));
    }

    private List<Point> points(Runner runner, String name, int pes, List<String> args) {
        String program = "t3d-mpi/" + name + ".c";
        Runner.Result r = runner.runSpmd(program, runner.program(program, 1, List.of(), MachineKind.T3D), pes,
                MEMORY, args);
        synchronized (log) {
            if (!r.ok()) {
                log.println(program + " " + String.join(" ", args) + " on " + pes + ": " + r.failure());
                log.flush();
                return null;
            }
            log.print(r.stdout());
            log.flush();
        }
        return parse(name.equals("collbench") ? "coll" : name, r.stdout());
    }

    /** Parses a benchmark's lines: {@code WHAT SIZE CYCLES US [MBPS]}. */
    static List<Point> parse(String bench, String stdout) {
        List<Point> points = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length >= 4) {
                points.add(new Point(bench, f[0], Integer.parseInt(f[1]), Long.parseLong(f[2]),
                        Double.parseDouble(f[3])));
            }
        }
        return points;
    }

    /** Replaces the section between {@link #BEGIN} and {@link #END} in {@code doc}, or appends it. */
    static String splice(String doc, String section) {
        int b = doc.indexOf(BEGIN);
        int e = doc.indexOf(END);
        String block = BEGIN + "\n" + section + END + "\n";
        if (b >= 0 && e > b) {
            return doc.substring(0, b) + block + doc.substring(e + END.length()).replaceFirst("^\n", "");
        }
        return doc.isEmpty() ? block : doc + (doc.endsWith("\n") ? "\n" : "\n\n") + block;
    }

    static Point find(List<Point> points, String bench, String what, int size) {
        for (Point p : points) {
            if (p.bench().equals(bench) && p.what().equals(what) && p.size() == size) {
                return p;
            }
        }
        return null;
    }

    static List<Point> series(List<Point> points, String bench, String what) {
        return points.stream().filter(p -> p.bench().equals(bench) && p.what().equals(what)).toList();
    }

    /**
     * The asymptotic bandwidth of a COMMS1 series, MB/s: the gradient of its latency between its two longest
     * messages (seed 001: "bandwidth is represented as the gradient of the latency incline").
     */
    static double gradient(List<Point> s) {
        if (s.size() < 2) {
            return Double.NaN;
        }
        Point a = s.get(s.size() - 2);
        Point b = s.get(s.size() - 1);
        return (b.size() - a.size()) / (b.us() - a.us());
    }

    /** The shape seed 001 section 4.1 describes, measured: each a name, our figure and whether it holds. */
    record Shape(String claim, String measured, boolean holds) {
    }

    static List<Shape> shape(List<Point> points) {
        List<Shape> out = new ArrayList<>();
        Point s24 = find(points, "comms1", "standard", 24);
        Point s32 = find(points, "comms1", "standard", 32);
        Point s16 = find(points, "comms1", "standard", 16);
        if (s16 != null && s24 != null && s32 != null) {
            double flat = s24.us() - s16.us();
            double step = s32.us() - s24.us();
            out.add(new Shape("standard mode's latency steps up above 24 bytes (T -> RTA)",
                    String.format(Locale.ROOT, "24 -> 32 bytes: %+.2f us; 16 -> 24 bytes: %+.2f us", step, flat),
                    step > 2 && step > 5 * Math.abs(flat)));
        }
        List<Point> sync = series(points, "comms1", "sync");
        double below = slope(sync, 256, 512);
        double above = slope(sync, 512, 1024);
        if (!Double.isNaN(below) && !Double.isNaN(above)) {
            out.add(new Shape("synchronous mode switches from RTA (get) to RAT (put) at 512 bytes",
                    String.format(Locale.ROOT, "synchronous, us per KB: %.1f from 256 to 512 bytes (RTA), %.1f from "
                            + "512 to 1024 (RAT)", below * 1024, above * 1024),
                    above < 0.8 * below));
        }
        double std = gradient(series(points, "comms1", "standard"));
        double syn = gradient(sync);
        if (!Double.isNaN(std) && !Double.isNaN(syn)) {
            out.add(new Shape("synchronous mode's asymptotic bandwidth is about twice standard mode's (put vs get)",
                    String.format(Locale.ROOT, "%.1f against %.1f MB/s: %.2f times", syn, std, syn / std),
                    syn / std >= 1.6 && syn / std <= 3.5));
        }
        pvmShape(points, out);
        return out;
    }

    /** PVM's shape in seed 001 section 4.1 (Figures 5 to 8), when PVM's programs ran. */
    static void pvmShape(List<Point> points, List<Shape> out) {
        List<Point> pvm = series(points, "comms1", "pvm");
        List<Point> psend = series(points, "comms1", "psend");
        double[] r = new double[3];
        int[] at = {1024, 2048, pvm.isEmpty() ? 0 : pvm.get(pvm.size() - 1).size()};
        boolean all = !pvm.isEmpty();
        for (int i = 0; i < 3 && all; i++) {
            Point a = find(points, "comms1", "psend", at[i]);
            Point b = find(points, "comms1", "pvm", at[i]);
            all = a != null && b != null;
            r[i] = all ? a.us() / b.us() : Double.NaN;
        }
        if (all) {
            out.add(new Shape("single-call PVM (psend/precv) gains over pack and send only below 2048 bytes",
                    String.format(Locale.ROOT, "psend/precv's time over pack and send's: %.2f at 1024 bytes, %.2f at "
                            + "2048, %.2f at %d", r[0], r[1], r[2], at[2]),
                    r[0] < 0.9 && r[1] > 0.9 && r[2] > 0.9));
        }
        double std = gradient(series(points, "comms1", "standard"));
        double pv = gradient(pvm);
        double ps = gradient(psend);
        if (!Double.isNaN(std) && !Double.isNaN(pv) && !Double.isNaN(ps)) {
            out.add(new Shape("MPI standard mode and PVM tend to a similar steady bandwidth (copy and get)",
                    String.format(Locale.ROOT, "PVM %.1f, psend/precv %.1f, standard %.1f MB/s (PVM %.2f times "
                            + "standard's)", pv, ps, std, pv / std),
                    pv / std >= 2.0 / 3 && pv / std <= 1.5));
        }
        double x = gradient(series(points, "comms2", "exchange"));
        double xp = gradient(series(points, "comms2", "pvm"));
        double xs = gradient(series(points, "comms2", "psend"));
        if (!Double.isNaN(x) && !Double.isNaN(xp) && !Double.isNaN(xs)) {
            out.add(new Shape("COMMS2: PVM achieves better bandwidth than MPI (standard mode)",
                    String.format(Locale.ROOT, "PVM %.1f, psend/precv %.1f, MPI standard %.1f MB/s", xp, xs, x),
                    Math.max(xp, xs) > x));
        }
        List<String> ratios = new ArrayList<>();
        boolean half = true;
        for (Point b : series(points, "coll", "pvm_barrier")) {
            Point m = find(points, "coll", "barrier", b.size());
            if (m != null) {
                ratios.add(String.format(Locale.ROOT, "%.2f at %d", m.us() / b.us(), b.size()));
                half &= m.us() / b.us() >= 0.35 && m.us() / b.us() <= 0.65;
            }
        }
        if (!ratios.isEmpty()) {
            out.add(new Shape("MPI's barrier costs half PVM's, consistently (Figure 8)",
                    "MPI_Barrier over pvm_barrier, by processes: " + String.join(", ", ratios), half));
        }
    }

    /** Why a claim of {@link #shape} does not hold on the model (docs/t3d-msg.md says more). */
    static final java.util.Map<String, String> SHAPE_NOTES = java.util.Map.of(
            "COMMS2: PVM achieves better bandwidth than MPI (standard mode)", "Seed 001 puts PVM's better COMMS2 "
                    + "bandwidth down to MPI's per-transfer buffer management. Both pass over a long message twice "
                    + "(PVM: the pack and the receiver's get in pvm_upk*; MPI: the copy and the receiver's get), so "
                    + "their steady rates differ only by the per-message software, which the model's MPI keeps "
                    + "cheap (a malloc per copy, freed when the receiver has got it).",
            "MPI's barrier costs half PVM's, consistently (Figure 8)", "pvm_barrier is MPI's unbalanced tree "
                    + "over PVM's own empty messages (docs/t3d-msg.md, \"Barrier\"), since a constant ratio to a "
                    + "tree needs a barrier that grows as a tree does, and it does: a poll reads one bell word when "
                    + "nothing came and a wait takes the awaited sender's ring first, so the ratio is near-constant "
                    + "(it fell from 0.30 to 0.12 when every poll read every sender's ring). It is a quarter, not "
                    + "half: a step is a whole PVM message (the header, count and bell puts and the wait for their "
                    + "acknowledgements, then at the receiver a malloc, a credit put, the match and a free), about "
                    + "1150 cycles against MPI's 375-cycle protocol-slot signal. The seeds give neither CRI's "
                    + "barrier nor its per-message costs.",
            "MPI standard mode and PVM tend to a similar steady bandwidth (copy and get)", "The model's PVM "
                    + "passes over a long message twice as MPI standard mode does (pack and get against copy and "
                    + "get); the per-message costs differ.");

    /** Microseconds per byte of a series between two message sizes, or NaN. */
    static double slope(List<Point> s, int from, int to) {
        Point a = null;
        Point b = null;
        for (Point p : s) {
            if (p.size() == from) {
                a = p;
            } else if (p.size() == to) {
                b = p;
            }
        }
        return a == null || b == null ? Double.NaN : (b.us() - a.us()) / (to - from);
    }

    /** The seeds' numbers this experiment measures: label, seed figure, unit, and where ours comes from. */
    record Seed(String label, double seed, String unit, String source) {
    }

    static final List<Seed> SEEDS = List.of(
            new Seed("one-word latency, standard mode", 40, "us", "seed 000 Table 1, MPI (async)"),
            new Seed("one-word latency, synchronous mode", 47, "us", "seed 000 Table 1, MPI (sync)"),
            new Seed("synchronous asymptotic bandwidth (put)", 120, "MB/s", "seed 001 section 2, shmem_put"),
            new Seed("standard asymptotic bandwidth (copy + get)", 60, "MB/s",
                    "seed 001 section 2, shmem_get (an upper bound: standard mode adds a copy)"),
            new Seed("one-word latency, PVM psend/precv", 25, "us", "seed 000 Table 1, PVM (psend/precv)"),
            new Seed("broadcast of 1 KB on 32 PEs", 135, "us", "seed 000 Table 2, MPI"),
            new Seed("reduce of 1 KB on 32 PEs", 452, "us", "seed 000 Table 2, MPI"));

    /** Our figure for a seed's number, or NaN when it was not measured. */
    static double ours(List<Point> points, Seed s) {
        return switch (s.label()) {
            case "one-word latency, standard mode" -> us(find(points, "comms1", "standard", 8));
            case "one-word latency, synchronous mode" -> us(find(points, "comms1", "sync", 8));
            case "synchronous asymptotic bandwidth (put)" -> gradient(series(points, "comms1", "sync"));
            case "standard asymptotic bandwidth (copy + get)" -> gradient(series(points, "comms1", "standard"));
            case "one-word latency, PVM psend/precv" -> us(find(points, "comms1", "psend", 8));
            case "broadcast of 1 KB on 32 PEs" -> us(find(points, "coll", "bcast-1k", 32));
            case "reduce of 1 KB on 32 PEs" -> us(find(points, "coll", "reduce", 32));
            default -> Double.NaN;
        };
    }

    private static double us(Point p) {
        return p == null ? Double.NaN : p.us();
    }

    /** Why a figure is more than 25% off the seed's (docs/mpi-t3d.md, "Measured", says more). */
    static final java.util.Map<String, String> NOTES = java.util.Map.of(
            "one-word latency, PVM psend/precv", "Below PVM_DATA_MAX (2048 bytes) the model's psend is a put of "
                    + "the message and a 4-word header into a ring slot at the receiver, and precv a poll of the "
                    + "rings, a malloc, the copy out of the slot, a credit put, the match and the copy into the "
                    + "program's array (docs/t3d-msg.md): every step of Stricker's Figure 1 that a single call "
                    + "keeps. CRI's PVM did more per message, in software the seeds do not describe (seed 001 cites "
                    + "its design report, not its algorithm); a short message's copies cost little, so the gap is "
                    + "per-message software, not a missing copy.",
            "one-word latency, standard mode", "The model's envelope path is shorter than EPCC's: one swap to take "
                    + "the queue, one put of the 32-byte slot, a quiet and a swap to release it, then the receiver's "
                    + "poll, match and unpack, all compiled C on the SCMP core at 150 MHz; EPCC's went through the "
                    + "CHIMP-derived generic layer and a datatype-tree traversal per message, which the seed (section "
                    + "3.1) names but does not cost. The ratios hold: standard below synchronous, as in the seed.",
            "one-word latency, synchronous mode", "As for standard mode: the same envelope path plus the "
                    + "acknowledgement, one put back into the sender's request.",
            "standard asymptotic bandwidth (copy + get)", "Standard mode's bandwidth is the copy into the "
                    + "send buffer and the receiver's get in series; the seed's 60 MB/s is the get alone, and the "
                    + "get alone is what the model's synchronous RTA reaches (60 MB/s from 256 to 512 bytes). The "
                    + "copy (memcpy, a word per load-store pair, missing in the 8 KB direct-mapped cache) runs at "
                    + "about 85 MB/s on the model; the seed's own copy was a local shmem_put (section 5).",
            "reduce of 1 KB on 32 PEs", "The reduce is the seed's binary tree rooted at rank 0 over the "
                    + "protocol slots (coll_t3d.c): 5 levels on 32 PEs, each the child's put of 1 KB straight into "
                    + "a buffer its parent described at entry, so both children's data come in parallel, and a "
                    + "combine of 256 ints through the operator's pointer. The seeds do not break EPCC's 452 us "
                    + "down (about 90 us a level); the model has no copy on the way, single-packet slot messages "
                    + "from registers, and a core that combines faster than the 21064's generic operator call.",
            "broadcast of 1 KB on 32 PEs", "The broadcast is the seed's unbalanced tree over per-peer protocol "
                    + "slots (coll_t3d.c): at each of its 5 levels the child's buffer description (one 4-word put "
                    + "from registers, sent at entry), the parent's put of 1 KB straight into the child's buffer "
                    + "(256 words at 5 cycles each, about 8.5 us) and a completion put behind it, about 15 us a "
                    + "level. EPCC's level went through a buffer-description object and the BASIC COMMS transfer "
                    + "module (seed 001 section 3.3) whose costs the seeds do not give; the model's 100-cycle put "
                    + "start-up is the only fixed cost per message.");

    static String section(List<Point> points) {
        StringBuilder b = new StringBuilder();
        b.append("\n## MPI (the CRI/EPCC design) and PVM: COMMS1, COMMS2 and the collectives\n\n");
        b.append("Written by `scmpexp t3d mpi` (docs/mpi-t3d.md): the benchmarks of seed 001 section 4 on the T3D "
                + "model, `programs/t3d-mpi/comms1.c` and `comms2.c` on PEs 0 and 1 and `collbench.c` on each "
                + "partition, and beside them PVM as seed 001 measured CRI's (pack, send, receive and unpack with "
                + "`PvmDataRaw`, and psend/precv; docs/t3d-msg.md): `programs/t3d-msg/latency.c` (COMMS1, which "
                + "also times RRMSG and DMSG, in the CSV), `exchange.c` (COMMS2) and `barrier.c` (pvm_barrier). "
                + "Seed 001 gives its COMMS and collective results as figures whose values its text "
                + "does not state; where it or seed 000 does state a number, it is beside ours below. Figures: "
                + "[COMMS1](t3d-mpi/comms1.png), [COMMS2](t3d-mpi/comms2.png), "
                + "[collectives](t3d-mpi/collectives.png).\n\n");
        b.append("### The shape seed 001 describes\n\n| claim | T3D model | holds |\n|---|---|---|\n");
        for (Shape s : shape(points)) {
            b.append("| ").append(s.claim()).append(" | ").append(s.measured()).append(" | ")
                    .append(s.holds() ? "yes" : "**no**").append(" |\n");
        }
        List<String> fails = new ArrayList<>();
        for (Shape s : shape(points)) {
            if (!s.holds()) {
                fails.add("- **" + s.claim() + "**: " + SHAPE_NOTES.getOrDefault(s.claim(), "no explanation recorded"));
            }
        }
        if (!fails.isEmpty()) {
            b.append("\nWhere the model's shape is not the seed's:\n\n").append(String.join("\n", fails)).append('\n');
        }
        b.append("\n### The seeds' numbers\n\n| figure | seed | T3D model | off | seed's source |\n"
                + "|---|---|---|---|---|\n");
        List<String> off = new ArrayList<>();
        for (Seed s : SEEDS) {
            double o = ours(points, s);
            double d = o / s.seed() - 1;
            b.append("| ").append(s.label()).append(" | ").append(fmt(s.seed())).append(' ').append(s.unit())
                    .append(" | ").append(Double.isNaN(o) ? "-" : fmt(o) + " " + s.unit()).append(" | ")
                    .append(Double.isNaN(o) ? "-" : String.format(Locale.ROOT, "%+.0f%%", 100 * d)).append(" | ")
                    .append(s.source()).append(" |\n");
            if (!Double.isNaN(o) && Math.abs(d) > 0.25) {
                off.add(String.format(Locale.ROOT, "- **%s**: %s %s against %s (%+.0f%%). %s", s.label(), fmt(o),
                        s.unit(), fmt(s.seed()), 100 * d, NOTES.getOrDefault(s.label(), "no explanation recorded")));
            }
        }
        if (!off.isEmpty()) {
            b.append("\nMore than 25% off:\n\n").append(String.join("\n", off)).append('\n');
        }
        b.append("\n### COMMS1 (ping-pong): one-way latency in us, bandwidth in MB/s\n\n"
                + "| bytes | standard us | MB/s | synchronous us | MB/s | PVM us | MB/s | psend/precv us | MB/s |\n"
                + "|---|---|---|---|---|---|---|---|---|\n");
        for (Point p : series(points, "comms1", "standard")) {
            b.append("| ").append(p.size());
            for (String w : List.of("standard", "sync", "pvm", "psend")) {
                cells(b, find(points, "comms1", w, p.size()));
            }
            b.append(" |\n");
        }
        b.append("\n### COMMS2 (exchange): latency in us, bandwidth in MB/s\n\n"
                + "| bytes | MPI standard us | MB/s | PVM us | MB/s | psend/precv us | MB/s |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Point p : series(points, "comms2", "exchange")) {
            b.append("| ").append(p.size());
            for (String w : List.of("exchange", "pvm", "psend")) {
                cells(b, find(points, "comms2", w, p.size()));
            }
            b.append(" |\n");
        }
        List<Integer> sizes = points.stream().filter(p -> p.bench().equals("coll") && p.what().equals("bcast"))
                .map(Point::size).sorted().toList();
        List<String> ops = List.of("barrier-hw", "barrier", "pvm_barrier", "bcast", "bcast-1k", "reduce", "alltoall");
        b.append("\n### Collectives: us per call against processes\n\nThe software barrier runs on all but the "
                + "last PE (as the seed measured it), so its process count is one less than the partition's; "
                + "`barrier-hw` is the whole partition's hardware barrier; `pvm_barrier` runs on the same tasks as "
                + "`barrier` (all the PEs of 2). bcast: 2 KB; bcast-1k: 1 KB; reduce: "
                + "the sum of 1 KB of ints; alltoall: 1 KB blocks.\n\n| PEs |");
        for (String op : ops) {
            b.append(' ').append(op).append(" |");
        }
        b.append("\n|---|").append("---|".repeat(ops.size())).append('\n');
        for (int n : sizes) {
            b.append("| ").append(n).append(" |");
            for (String op : ops) {
                int k = op.equals("barrier") || op.equals("pvm_barrier") && n > 2 ? n - 1 : n;
                Point p = find(points, "coll", op, k);
                b.append(' ').append(p == null ? "-" : fmt(p.us())).append(" |");
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static void cells(StringBuilder b, Point p) {
        b.append(" | ").append(p == null ? "-" : fmt(p.us())).append(" | ").append(p == null ? "-" : fmt(p.mbps()));
    }

    static void writeCsv(List<Point> points, Path file) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(Files.newBufferedWriter(file), CSVFormat.DEFAULT.builder()
                .setHeader("bench", "what", "size", "cycles", "us").build())) {
            for (Point p : points) {
                csv.printRecord(p.bench(), p.what(), p.size(), p.cycles(), fmt(p.us()));
            }
        }
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** The latency figures (seed 001's Figures 5, 7 and 8-11): us by size, and us by processes. */
    static void plot(List<Point> points, Path dir) throws IOException {
        plotLines(points, dir.resolve("comms1"), "COMMS1 on the T3D model", "message size (bytes)", "comms1",
                List.of("standard", "sync", "pvm", "psend"));
        plotLines(points, dir.resolve("comms2"), "COMMS2 on the T3D model", "message size (bytes)", "comms2",
                List.of("exchange", "pvm", "psend"));
        plotLines(points, dir.resolve("collectives"), "MPI collectives and PVM's barrier on the T3D model",
                "processes", "coll",
                List.of("barrier-hw", "barrier", "pvm_barrier", "bcast", "reduce", "alltoall"));
    }

    private static void plotLines(List<Point> points, Path base, String title, String x, String bench,
                                  List<String> whats) throws IOException {
        org.knowm.xchart.XYChart c = Charts.lines(title, x, "us", true, true, true);
        int k = 0;
        for (String w : whats) {
            List<Point> s = series(points, bench, w);
            if (s.isEmpty()) {
                continue;
            }
            Charts.add(c, w, Charts.PALETTE[k % Charts.PALETTE.length], Charts.Style.SOLID, k,
                    s.stream().mapToDouble(Point::size).toArray(), s.stream().mapToDouble(Point::us).toArray());
            k++;
        }
        if (k > 0) {
            Charts.write(c, base);
        }
    }
}
