package scmp.experiments;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.io.FileUtils;
import scmp.cc.Driver;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.elf.MachineKind;

/**
 * Stricker et al.'s application kernels (seed 002, Table 1) on the T3D model: the 2D-FFT and SOR of
 * programs/t3d-msg under PVM, RRMSG and DMSG (docs/t3d-msg.md) on partitions of the given sizes, at problem sizes
 * scaled down from the paper's 4096 x 4096. Writes, in OUT/t3d-tables.md, its own section (between two marker
 * comments, so that the file's other sections stay): MFLOPS and MB/s per node beside the paper's Table 1, and
 * every run; and the paper's Figures 3 to 10 for the model in OUT/t3d-kernels/ (aggregate and per-node MFLOPS and
 * communication MB/s of each kernel against PEs, a line per library).
 */
public final class T3dMsgKernels {
    /** The command's options. */
    public record Options(List<Integer> pes, int fftN, int sorN, int jobs, Path out) {
    }

    /** One run's line, as the kernels print it (programs/t3d-msg/kernels.h). */
    record Point(String kernel, String lib, int pes, int n, long cycles, long comp, long comm, double mflops,
                 double mbps) {
    }

    static final String BEGIN = "<!-- scmpexp t3d msg: begin -->";
    static final String END = "<!-- scmpexp t3d msg: end -->";
    /** The figures' directory under OUT. */
    static final String FIGURES = "t3d-kernels";
    /** The paper's Figures 3 to 10: file, kernel, per node (else aggregate), MB/s (else MFLOPS), figure. */
    private static final Object[][] FIGS = {{"fft2d-mflops", "fft2d", false, false, 3},
        {"sor-mflops", "sor", false, false, 4}, {"fft2d-mflops-node", "fft2d", true, false, 5},
        {"sor-mflops-node", "sor", true, false, 6},
        {"fft2d-mbps", "fft2d", false, true, 7}, {"sor-mbps", "sor", false, true, 8},
        {"fft2d-mbps-node", "fft2d", true, true, 9}, {"sor-mbps-node", "sor", true, true, 10}};
    private static final List<String> LIBS = List.of("pvm", "rrmsg", "dmsg");
    private static final List<String> FILES = List.of("kernels.h", "fft2d.c", "sor.c");
    /** The paper's Table 1 (512 PEs, 4096 x 4096): MFLOPS per node and MB/s per node, by kernel and library. */
    private static final double[][] PAPER = {{2.1, 0.64}, {13.6, 9.39}, {17.1, 20.27}, {11.7, 21.1}, {15.4, 47.3},
        {15.5, 48.4}};

    private final Options options;
    private final PrintWriter log;

    /**
     * A run of the kernels.
     *
     * @param options the partitions, problem sizes, parallel simulations and output directory
     * @param log     where progress and failures go
     */
    public T3dMsgKernels(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
    }

    /**
     * Runs every kernel, library and partition and writes the section.
     *
     * @return 0, or 1 when a run failed
     * @throws Exception when a file cannot be written or a run is interrupted
     */
    public int run() throws Exception {
        Path dir = Files.createTempDirectory("scmp-t3dmsg");
        Runner runner = new Runner(1);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.jobs()));
        try {
            for (String f : FILES) {
                try (InputStream in = getClass().getClassLoader().getResourceAsStream("scmp/bench/t3d-msg/" + f)) {
                    if (in == null) {
                        throw new IOException("t3d-msg/" + f + ": not among the benchmark sources");
                    }
                    Files.write(dir.resolve(f), in.readAllBytes());
                }
            }
            Executable fft = compile(dir, "fft2d");
            Executable sor = compile(dir, "sor");
            List<Future<Point>> futures = new ArrayList<>();
            for (String kernel : List.of("fft2d", "sor")) {
                for (String lib : LIBS) {
                    for (int p : options.pes()) {
                        Executable exe = kernel.equals("fft2d") ? fft : sor;
                        int n = kernel.equals("fft2d") ? options.fftN() : options.sorN();
                        futures.add(pool.submit(() -> point(runner, kernel, exe, lib, p, n)));
                    }
                }
            }
            List<Point> points = new ArrayList<>();
            int status = 0;
            for (Future<Point> f : futures) {
                Point pt = f.get();
                if (pt == null) {
                    status = 1;
                } else {
                    points.add(pt);
                }
            }
            Path file = options.out().resolve("t3d-tables.md");
            Files.createDirectories(options.out());
            String old = Files.isRegularFile(file) ? Files.readString(file) : "";
            Files.writeString(file, splice(old, section(points)));
            if (!points.isEmpty()) {
                plot(points, options.out().resolve(FIGURES));
            }
            log.println("wrote the kernels' section of " + file + " and the figures in " + options.out()
                    .resolve(FIGURES));
            log.flush();
            return status;
        } finally {
            pool.shutdown();
            runner.close();
            FileUtils.deleteQuietly(dir.toFile());
        }
    }

    static Executable compile(Path dir, String name) throws IOException {
        Path out = dir.resolve(name);
        ByteArrayOutputStream msgs = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(msgs, true, StandardCharsets.UTF_8)) {
            status = Driver.run(Driver.Options.builder().optLevel(1).machine(MachineKind.T3D).libs(LIBS)
                    .output(out.toString()).files(dir.resolve(name + ".c").toString()).build(), o, o);
        }
        if (status != 0) {
            throw new IllegalStateException("scmpcc t3d-msg/" + name + ".c: " + msgs.toString(StandardCharsets.UTF_8)
                    .strip());
        }
        try {
            return ElfReader.readExecutable(name, Files.readAllBytes(out));
        } catch (scmp.elf.ElfFormatException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private Point point(Runner runner, String kernel, Executable exe, String lib, int p, int n) {
        Runner.Result r = runner.runSpmd(kernel, exe, p, 4 << 20, Runner.args(lib, n));
        synchronized (log) {
            if (!r.ok()) {
                log.println(kernel + " " + lib + " on " + p + " PEs: " + r.failure());
                log.flush();
                return null;
            }
            log.print(r.stdout());
            log.flush();
        }
        String[] f = r.stdout().strip().split(" ");
        return new Point(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Long.parseLong(f[4]),
                Long.parseLong(f[5]), Long.parseLong(f[6]), Double.parseDouble(f[7]), Double.parseDouble(f[8]));
    }

    /** Replaces the text between the markers, or appends the section when the file has none. */
    static String splice(String old, String section) {
        int b = old.indexOf(BEGIN);
        int e = old.indexOf(END);
        if (b >= 0 && e > b) {
            return old.substring(0, b) + section + old.substring(e + END.length());
        }
        return old + (old.isEmpty() || old.endsWith("\n\n") ? "" : old.endsWith("\n") ? "\n" : "\n\n") + section
                + "\n";
    }

    private String section(List<Point> points) {
        StringBuilder b = new StringBuilder(BEGIN).append("\n## Stricker et al.'s kernels: PVM, RRMSG and DMSG\n\n");
        int largest = options.pes().stream().mapToInt(Integer::intValue).max().orElse(0);
        b.append(String.format(Locale.ROOT, "Written by `scmpexp t3d msg` (docs/t3d-msg.md, \"Kernels\"). The paper "
                + "(seed 002) ran a 4096 x 4096 2D-FFT and SOR on 512 PEs; the model runs a %d x %d 2D-FFT and a "
                + "%d x %d SOR (10 sweeps) on %s PEs, problems 1/%d and 1/%d of the paper's, so that a run "
                + "simulates in seconds. Per node: MFLOPS over the whole kernel, MB/s over its communication "
                + "phases (the least communication time of any PE). docs/t3d-msg.md (\"Kernels\") says why each "
                + "figure more than 25%% off the paper's is. Table 1 beside the model's largest partition (%d PEs):"
                + "\n\n",
                options.fftN(), options.fftN(), options.sorN(), options.sorN(), join(options.pes()),
                (4096 / options.fftN()) * (4096 / options.fftN()), (4096 / options.sorN()) * (4096 / options.sorN()),
                largest));
        b.append("| kernel | library | paper MFLOPS/node | paper MB/s/node | model MFLOPS/node | model MB/s/node |\n")
                .append("|---|---|---|---|---|---|\n");
        int row = 0;
        for (String kernel : List.of("fft2d", "sor")) {
            for (String lib : LIBS) {
                Point pt = points.stream().filter(q -> q.kernel().equals(kernel) && q.lib().equals(lib)
                        && q.pes() == largest).findFirst().orElse(null);
                b.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.2f | %s | %s |\n", kernel, lib,
                        PAPER[row][0], PAPER[row][1], pt == null ? "-" : String.format(Locale.ROOT, "%.2f", pt.mflops()),
                        pt == null ? "-" : String.format(Locale.ROOT, "%.2f", pt.mbps())));
                row++;
            }
        }
        b.append("\nThe paper's Figures 3 to 10 for the model, a line per library against PEs (aggregate figures on "
                + "log-log scales, as the paper's):");
        for (Object[] f : FIGS) {
            b.append(String.format(Locale.ROOT, " [%d](%s/%s.png)", (Integer) f[4], FIGURES, f[0]));
        }
        b.append(".\n");
        b.append("\n### Every run\n\n| kernel | library | PEs | N | cycles | computation | communication | MFLOPS/node "
                + "| MB/s/node |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Point p : points) {
            b.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %.2f | %.2f |\n", p.kernel(),
                    p.lib(), p.pes(), p.n(), p.cycles(), p.comp(), p.comm(), p.mflops(), p.mbps()));
        }
        return b.append(END).toString();
    }

    private static String join(List<Integer> l) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < l.size(); i++) {
            b.append(i == 0 ? "" : i == l.size() - 1 ? " and " : ", ").append(l.get(i));
        }
        return b.toString();
    }

    /** The paper's Figures 3 to 10 for the model: MFLOPS and MB/s, aggregate and per node, against PEs. */
    static void plot(List<Point> points, Path dir) throws IOException {
        for (Object[] f : FIGS) {
            String kernel = (String) f[1];
            boolean node = (Boolean) f[2];
            boolean mbps = (Boolean) f[3];
            String what = (mbps ? "communication MB/s" : "MFLOPS") + (node ? " per node" : ", aggregate");
            org.knowm.xchart.XYChart c = Charts.lines(String.format(Locale.ROOT, "%s on the T3D model: %s (the "
                    + "paper's Figure %d)", kernel.equals("fft2d") ? "2D-FFT" : "SOR", what, (Integer) f[4]), "PEs",
                    mbps ? "MB/s" : "MFLOPS", !node, !node, !node);
            int k = 0;
            for (String lib : LIBS) {
                List<Point> s = points.stream().filter(q -> q.kernel().equals(kernel) && q.lib().equals(lib))
                        .sorted(java.util.Comparator.comparingInt(Point::pes)).toList();
                if (!s.isEmpty()) {
                    Charts.add(c, lib, Charts.PALETTE[k % Charts.PALETTE.length], Charts.Style.SOLID, k,
                            s.stream().mapToDouble(Point::pes).toArray(), s.stream().mapToDouble(q -> (mbps ? q.mbps()
                                    : q.mflops()) * (node ? 1 : q.pes())).toArray());
                }
                k++;
            }
            Charts.write(c, dir.resolve((String) f[0]));
        }
    }
}
