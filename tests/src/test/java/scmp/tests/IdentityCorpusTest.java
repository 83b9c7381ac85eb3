package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import scmp.asm.Assembler;
import scmp.elf.ElfWriter;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;

/**
 * The identity check of the whole corpus: every program of the repository that a test runs (the ISA conformance
 * programs, the C corpus at -O0, -O1 and -O2, the SCMP library and mesh programs, every MPI program under both
 * protocol families on 4 and 16 ranks, the kernels, a CG and a QR case, the ACLMPL test programs and a few of
 * its benchmark runs) is built and run through {@code scmpsim}
 * with {@code --stats}, and what the run did is compared with {@code tests/golden/identity.tsv}: exit code,
 * cycles, instructions, and digests of the guest's stdout, of stderr and of the statistics JSON. The runs use
 * scmpsim's default engine, the compiled one; {@link InterpreterIdentityCorpusTest} runs the corpus on the reference
 * interpreter against the same records. The tests run with system property {@code scmp.jit.fallback=fail} (the
 * module's pom), so a region the compiled engine declines fails the run instead of falling back unnoticed.
 *
 * <p>The golden file pins the simulator's behaviour: a change to the machine, an engine or a model that is meant
 * to keep behaviour identical must leave it unchanged. A change that is meant to alter timing or output
 * regenerates it on purpose, and the diff of the file shows which runs moved:
 * <pre>
 *   mvn -q install -DskipTests &amp;&amp; mvn -q -pl tests test -Dtest=IdentityCorpusTest -Dscmp.identity.update=true
 * </pre>
 * {@code -Dscmp.identity.only=REGEX} runs (and with the update, regenerates) only the cases whose name it finds.
 */
@Execution(ExecutionMode.CONCURRENT)
class IdentityCorpusTest {
    /** Where the golden records are, relative to the repository's root. */
    static final String GOLDEN = "tests/golden/identity.tsv";
    static final boolean UPDATE = Boolean.getBoolean("scmp.identity.update");
    /**
     * Only the cases whose name this regular expression finds ({@code -Dscmp.identity.only=' thesis '}); with
     * {@link #UPDATE} their records replace theirs in the golden file and the others stay.
     */
    static final java.util.regex.Pattern ONLY = System.getProperty("scmp.identity.only") == null ? null
            : java.util.regex.Pattern.compile(System.getProperty("scmp.identity.only"));
    static final String MAX_CYCLES = "--max-cycles=2000000000";

    /**
     * One run of the corpus.
     *
     * @param name    the record's key
     * @param sources the program's sources, relative to the root (one {@code .s} file, or C files)
     * @param opt     the optimisation level for C sources
     * @param simArgs scmpsim's options (before the program)
     * @param progArgs the program's arguments
     */
    record Case(String name, List<String> sources, int opt, List<String> simArgs, List<String> progArgs) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final Map<String, String> RECORDS = new ConcurrentHashMap<>();
    /** The stderr of each run (by name and extra options), for the message of a failed comparison. */
    private static final Map<String, String> STDERR = new ConcurrentHashMap<>();

    static List<Case> cases() throws IOException {
        List<Case> all = allCases();
        return ONLY == null ? all : all.stream().filter(c -> ONLY.matcher(c.name()).find()).toList();
    }

    private static List<Case> allCases() throws IOException {
        List<Case> l = new ArrayList<>();
        for (Path p : E2e.files("programs/isa-tests", ".s")) {
            String f = p.getFileName().toString();
            l.add(new Case("isa/" + f, List.of("programs/isa-tests/" + f), 0, List.of("--mesh=1x1"), List.of()));
        }
        for (Path p : E2e.files("programs/c", ".c")) {
            String f = p.getFileName().toString();
            for (int opt = 0; opt <= 2; opt++) {
                l.add(new Case("c/" + f + " -O" + opt, List.of("programs/c/" + f), opt, List.of("--mesh=1x1"),
                        List.of()));
            }
        }
        for (Path p : E2e.files("programs/kernels", ".c")) {
            String f = p.getFileName().toString();
            for (int opt = 0; opt <= 2; opt++) {
                l.add(new Case("kernels/" + f + " -O" + opt, List.of("programs/kernels/" + f), opt,
                        List.of("--mesh=1x1"), List.of()));
            }
        }
        for (Path p : E2e.files("programs/mesh", ".s")) {
            String f = p.getFileName().toString();
            l.add(new Case("mesh/" + f, List.of("programs/mesh/" + f), 0, List.of("--mesh=" + meshOf(p)), List.of()));
        }
        for (Path p : E2e.files("programs/scmp", ".c")) {
            String f = p.getFileName().toString();
            for (String mesh : List.of("2x2", "4x4")) {
                l.add(new Case("scmp/" + f + " " + mesh, List.of("programs/scmp/" + f), 1,
                        List.of("--mesh=" + mesh, "--mem=2M"), List.of()));
            }
        }
        for (Path p : E2e.files("programs/mpi", ".c")) {
            String f = p.getFileName().toString();
            String src = Files.readString(p);
            // The thesis's launch form: node 0 starts the others (parExecute, in the program or in launch_main.h).
            boolean thesisLaunch = src.contains("parExecute") || src.contains("launch_main.h");
            for (String protocol : List.of("ours", "thesis")) {
                for (int n : new int[] {4, 16}) {
                    if (SLOW_MPI.contains(f) && (n == 16 || protocol.equals("thesis"))) {
                        continue;
                    }
                    List<String> sim = new ArrayList<>();
                    sim.add(thesisLaunch ? "--mesh=" + (n == 4 ? "2x2" : "4x4") : "-n=" + n);
                    sim.add("--mpi-protocol=" + protocol);
                    l.add(new Case("mpi/" + f + " " + protocol + " " + n, List.of("programs/mpi/" + f), 1, sim,
                            List.of()));
                }
            }
        }
        for (Path p : E2e.files("programs/aclmpl", ".c")) {
            String f = p.getFileName().toString();
            l.add(new Case("aclmpl/" + f + " 2x2", List.of("programs/aclmpl/" + f), 1,
                    List.of("--mesh=2x2", "--mem=2M"), List.of()));
        }
        for (String c : List.of("latency sync 4", "latency async 4", "alltoall sync 1024", "alltoall async 1024",
                "reduce swap 4096")) {
            String[] w = c.split(" ");
            l.add(new Case("aclmpl/bench/" + c + " 2x2", List.of("programs/aclmpl/bench/" + w[0] + ".c"), 1,
                    List.of("--mesh=2x2", "--mem=2M"), List.of(w[1], w[2], "2")));
        }
        l.add(new Case("cg/native 2000 n4", List.of("programs/cg/cg_native.c"), 1, List.of("--mesh=2x2"),
                List.of("2000", "200")));
        l.add(new Case("cg/mpi 2000 n4 ours", List.of("programs/cg/cg_mpi.c"), 1,
                List.of("-n=4", "--mpi-protocol=ours"), List.of("2000", "200")));
        l.add(new Case("cg/mpi 2000 n4 thesis", List.of("programs/cg/cg_mpi.c"), 1,
                List.of("-n=4", "--mpi-protocol=thesis"), List.of("2000", "200")));
        l.add(new Case("qr/native 16 n4", List.of("programs/qr/qr_native.c"), 1, List.of("--mesh=2x2"), List.of("16")));
        l.add(new Case("qr/mpi 16 n4 ours", List.of("programs/qr/qr_mpi.c"), 1,
                List.of("-n=4", "--mpi-protocol=ours"), List.of("16")));
        l.add(new Case("qr/mpi 16 n4 thesis", List.of("programs/qr/qr_mpi.c"), 1,
                List.of("-n=4", "--mpi-protocol=thesis"), List.of("16")));
        return l;
    }

    /**
     * MPI programs that take long to simulate: only on 4 ranks under the default family (the mpi module's
     * tests run the large-message ones under both families on 4 and 16 ranks, and nbcoll.c on 16 under both).
     */
    static final List<String> SLOW_MPI = List.of("latency.c", "collbench.c", "bigmsg.c", "bigpingpong.c",
            "bigreduce.c", "colltypes.c", "nbcoll.c", "accorder.c");

    /** The mesh a programs/mesh program's header names ({@code # mesh: XxY}), else 4x4. */
    static String meshOf(Path p) throws IOException {
        for (String line : Files.readAllLines(p)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("scmpsim --mesh (\\d+x\\d+)").matcher(line);
            if (m.find()) {
                return m.group(1);
            }
        }
        return "4x4";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void runIsIdenticalToTheGoldenRecord(Case c) throws Exception {
        String record = record(c, List.of());
        RECORDS.put(c.name(), record);
        if (UPDATE) {
            return;
        }
        assertGolden(c, record, List.of());
    }

    /** The MPI cases for which MPICH's output is kept: {@code programs/mpi/NAME.N.expected} or {@code
     *  programs/mpi/expected/NAME.nN.out} (with {@code .status}). */
    static List<Case> mpiCasesWithExpectedOutput() throws IOException {
        return cases().stream().filter(c -> c.name().startsWith("mpi/"))
                .filter(c -> expectedOutput(c) != null).toList();
    }

    /** MPICH's stdout and exit status for an MPI case, or null when none is kept. */
    static String[] expectedOutput(Case c) {
        try {
            String[] w = c.name().split(" ");
            String prog = w[0].substring("mpi/".length(), w[0].length() - ".c".length());
            String n = w[2];
            Path dir = E2e.root().resolve("programs/mpi");
            Path coll = dir.resolve(prog + "." + n + ".expected");
            if (Files.exists(coll)) {
                return new String[] {Files.readString(coll, StandardCharsets.ISO_8859_1), "0"};
            }
            Path out = dir.resolve("expected/" + prog + ".n" + n + ".out");
            if (Files.exists(out)) {
                return new String[] {Files.readString(out, StandardCharsets.ISO_8859_1),
                    Files.readString(dir.resolve("expected/" + prog + ".n" + n + ".status")).strip()};
            }
            return null;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The golden record of every MPI case whose program has MPICH's output kept says the run printed exactly that
     * and ended with MPICH's exit status: the digest of the record's stdout is the digest of MPICH's. With {@link
     * #runIsIdenticalToTheGoldenRecord} (and the other engines' and settings' tests) this checks that {@code scmpsim
     * -n 4} and {@code -n 16} print what MPICH prints under both protocol families, without running the programs
     * again (the mpi module's tests run only the cases the corpus leaves out: {@link #SLOW_MPI} at 16 ranks and
     * under the thesis family).
     */
    @ParameterizedTest(name = "{0} prints what MPICH prints")
    @MethodSource("mpiCasesWithExpectedOutput")
    void mpiGoldenRecordIsMpichsOutput(Case c) throws IOException {
        String golden = golden().get(c.name());
        assertNotNull(golden, () -> c.name() + " has no golden record in " + GOLDEN);
        String[] f = golden.split("\t");
        String[] expected = expectedOutput(c);
        assertEquals(expected[1], f[0], () -> c.name() + ": the golden record's exit status is not MPICH's");
        assertEquals(digest(expected[0]), f[3], () -> c.name() + ": the golden record's stdout is not what MPICH "
                + "prints (run it: bin/scmpsim " + String.join(" ", c.simArgs()) + " ...)");
    }

    /**
     * Builds and runs one case with scmpsim's options {@code extra} added, and returns its record.
     *
     * @param c     the case
     * @param extra scmpsim options beyond the case's own (an engine, say)
     * @return exit, cycles, instructions and the digests, tab-separated
     */
    static String record(Case c, List<String> extra) throws Exception {
        Path work = E2e.root().resolve("tests/target/identity");
        Files.createDirectories(work);
        // argv[0] is the program's path as given, and some programs ship their argv to other nodes (ACLMPL's
        // parExecute), so its length is part of the run: the path must not depend on the checkout's location nor
        // on the engine. Each option set gets a directory whose name has a fixed length, and the program is named
        // relative to the working directory (the module's, under Maven).
        String stem = c.name().replaceAll("[^A-Za-z0-9._-]+", "_");
        String variant = String.format("v%08x", String.join(" ", extra).hashCode());
        Path dir = work.resolve(variant);
        Files.createDirectories(dir);
        Path exe = dir.resolve(stem + ".out");
        Path cwd = Path.of("").toAbsolutePath();
        if (exe.startsWith(cwd)) {
            exe = cwd.relativize(exe);
        }
        build(c, exe);
        Path stats = dir.resolve(stem + ".json");
        List<String> args = new ArrayList<>(c.simArgs());
        args.addAll(extra);
        args.add(MAX_CYCLES);
        args.add("--cycles");
        args.add("--stats=" + stats);
        args.add(exe.toString());
        args.addAll(c.progArgs());
        E2e.Sim r = E2e.scmpsim(args.toArray(new String[0]));
        String json = Files.exists(stats) ? Files.readString(stats) : "";
        // the command line the JSON records names the checkout's paths
        json = json.replace(exe.toString(), "PROGRAM").replace(stats.toString(), "STATS");
        // and the extra options, which must not change the record (both engines are held to one)
        for (String e : extra) {
            json = json.replaceAll("\"" + java.util.regex.Pattern.quote(e) + "\",\\s*", "");
        }
        String stderr = r.stderr().replace(exe.toString(), "PROGRAM");
        String record = String.join("\t", String.valueOf(r.exit()), value(stderr, "cycles"),
                value(stderr, "instructions"), digest(r.stdout()), digest(stderr), digest(json));
        STDERR.put(c.name() + extra, stderr);
        return record;
    }

    /** Asserts that a case's record is its golden one. */
    static void assertGolden(Case c, String record, List<String> extra) throws IOException {
        String golden = golden().get(c.name());
        assertNotNull(golden, () -> c.name() + " has no golden record in " + GOLDEN
                + " (regenerate it with -Dscmp.identity.update=true)");
        assertEquals(golden, record, () -> c.name() + ": the run differs from its golden record "
                + "(exit, cycles, instructions, digests of stdout, stderr and stats)\nstderr:\n"
                + STDERR.get(c.name() + extra));
    }

    @AfterAll
    static void writeGolden() throws IOException {
        if (!UPDATE) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# The identity corpus (IdentityCorpusTest): name, exit code, cycles, instructions, and SHA-256 "
                + "prefixes of stdout, stderr and the --stats JSON.\n");
        Map<String, String> all = new TreeMap<>(ONLY == null ? Map.of() : golden());
        all.putAll(RECORDS);
        all.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        Path f = E2e.root().resolve(GOLDEN);
        Files.createDirectories(f.getParent());
        Files.writeString(f, sb.toString());
    }

    private static Map<String, String> goldenCache;

    static synchronized Map<String, String> golden() throws IOException {
        if (goldenCache == null) {
            Map<String, String> m = new TreeMap<>();
            Path f = E2e.root().resolve(GOLDEN);
            assertTrue(Files.exists(f), GOLDEN + " is missing");
            for (String line : Files.readAllLines(f)) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                int tab = line.indexOf('\t');
                m.put(line.substring(0, tab), line.substring(tab + 1));
            }
            goldenCache = m;
        }
        return goldenCache;
    }

    /** Puts the case's executable at {@code exe}: built once per test run for its sources and level ({@link BuildCache}). */
    static void build(Case c, Path exe) throws Exception {
        List<String> key = new ArrayList<>(c.sources());
        key.add("-O" + c.opt());
        BuildCache.copyTo(key, exe, file -> buildNow(c, file));
    }

    private static void buildNow(Case c, Path exe) throws Exception {
        if (c.sources().get(0).endsWith(".s")) {
            Path src = E2e.root().resolve(c.sources().get(0));
            var linked = Linker.link(List.of(new LinkInput.ObjectInput(
                    Assembler.assemble(src.getFileName().toString(), Files.readAllBytes(src)))),
                    LinkOptions.defaults()).executable();
            Files.write(exe, ElfWriter.writeExecutable(linked));
            return;
        }
        // relative to the working directory, so that __FILE__ (and with it the cycles of programs that print it)
        // is the same in every checkout
        Path here = Path.of("").toAbsolutePath();
        Path[] srcs = c.sources().stream().map(s -> here.relativize(E2e.root().resolve(s))).toArray(Path[]::new);
        E2e.buildFile(c.opt(), false, exe, srcs);
    }

    static String value(String stderr, String key) {
        for (String line : stderr.split("\n")) {
            if (line.startsWith(key + ": ")) {
                return line.substring(key.length() + 2).trim();
            }
        }
        return "-";
    }

    static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.ISO_8859_1));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
