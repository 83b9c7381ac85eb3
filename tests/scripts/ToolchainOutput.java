import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes what the toolchain makes of the repository's programs into a directory, so that two builds can be
 * compared byte for byte (see toolchain-identity.sh): the assembly scmpcc emits for every C program of
 * programs/c, programs/mpi, programs/scmp, examples and the compiler's test programs at -O0, -O1, -O2 and -g -O1,
 * the object it makes at -g -O2, the objects of the assembly programs; and the exit status and diagnostics of
 * deterministically mutated copies of those programs (a line deleted or doubled, a token deleted or replaced),
 * which exercise the compiler's and the assembler's error paths.
 *
 * <p>Run with the scmp jar on the class path: {@code java -Xss16m -cp cli/target/scmp.jar ToolchainOutput.java
 * ROOT OUT WORK}; the mutants are written to WORK, whose path appears in their diagnostics (so two runs to be
 * compared use the same WORK).
 */
public class ToolchainOutput {
    static int failures;

    public static void main(String[] a) throws Exception {
        Path root = Path.of(a[0]);
        Path out = Path.of(a[1]);
        Path objects = out.resolve("corpus");
        Files.createDirectories(objects);
        Path work = Path.of(a[2]);
        Files.createDirectories(work);
        for (String dir : new String[] {"programs/c", "programs/mpi", "programs/scmp", "compiler/src/test/c", "examples"}) {
            for (Path p : list(root.resolve(dir), ".c", ".s")) {
                String base = dir.replace('/', '_') + "_" + p.getFileName();
                if (p.toString().endsWith(".c")) {
                    String inc = "-I" + p.getParent();
                    for (int o = 0; o <= 2; o++) {
                        compile(objects, base + ".O" + o + ".s", "-S", "-O" + o, inc, p.toString());
                    }
                    compile(objects, base + ".gO1.s", "-S", "-g", "-O1", inc, p.toString());
                    compile(objects, base + ".gO2.o", "-c", "-g", "-O2", inc, p.toString());
                } else {
                    compile(objects, base + ".o", "-c", p.toString());
                }
            }
        }
        for (Path p : list(root.resolve("programs/isa-tests"), ".s")) {
            compile(objects, "isa_" + p.getFileName() + ".o", "-c", p.toString());
        }
        cMutants(root, work, out.resolve("c-mutants.txt"));
        asmMutants(root, objects, work, out.resolve("asm-mutants.txt"));
        System.out.println("corpus compilations that failed: " + failures);
    }

    static List<Path> list(Path dir, String... suffixes) throws Exception {
        try (var s = Files.list(dir)) {
            return s.filter(p -> Arrays.stream(suffixes).anyMatch(x -> p.toString().endsWith(x))).sorted().toList();
        }
    }

    static void compile(Path out, String name, String... args) {
        List<String> l = new ArrayList<>(List.of(args));
        l.add("-o");
        l.add(out.resolve(name).toString());
        Result r = scmpcc(l);
        if (r.status != 0) {
            failures++;
            System.out.println(name + ": status " + r.status + "\n" + r.stderr);
        }
    }

    record Result(int status, String stderr) {
    }

    /** scmpcc's {@code run(out, err, args...)}, wherever this revision keeps it. */
    static final java.lang.reflect.Method DRIVER = driver();

    static java.lang.reflect.Method driver() {
        for (String c : new String[] {"scmp.cli.CcMain", "scmp.cc.CcMain"}) {
            try {
                return Class.forName(c).getMethod("run", PrintStream.class, PrintStream.class, String[].class);
            } catch (ReflectiveOperationException e) {
                // not in this revision
            }
        }
        throw new IllegalStateException("no scmpcc driver (scmp.cli.CcMain or scmp.cc.CcMain) on the class path");
    }

    static Result scmpcc(List<String> args) {
        ByteArrayOutputStream bo = new ByteArrayOutputStream(), be = new ByteArrayOutputStream();
        int rc;
        try {
            rc = (Integer) DRIVER.invoke(null, new PrintStream(bo), new PrintStream(be), args.toArray(new String[0]));
        } catch (java.lang.reflect.InvocationTargetException e) {
            rc = -99;
            be.writeBytes(e.getCause().toString().getBytes(StandardCharsets.UTF_8));
        } catch (Throwable t) {
            rc = -99;
            be.writeBytes(t.toString().getBytes(StandardCharsets.UTF_8));
        }
        return new Result(rc, be.toString());
    }

    /** Mutants of the C programs, compiled to assembly with -Wall at -O0..-O2: status, diagnostics, output digest. */
    static void cMutants(Path root, Path work, Path report) throws Exception {
        String[] ops = {"delline", "delpunct", "ident", "insint", "struct", "dupline", "deltoken", "swapop"};
        try (PrintStream res = new PrintStream(new FileOutputStream(report.toFile()))) {
            for (String dir : new String[] {"programs/c", "programs/mpi", "programs/scmp", "compiler/src/test/c"}) {
                for (Path p : list(root.resolve(dir), ".c")) {
                    if (p.getFileName().toString().equals("preprocess.c")) {
                        continue; // it prints __TIME__
                    }
                    String src = Files.readString(p, StandardCharsets.ISO_8859_1);
                    Random r = new Random(p.getFileName().toString().hashCode());
                    for (int m = 0; m < 24; m++) {
                        String op = ops[m % ops.length];
                        Path f = work.resolve(p.getFileName().toString().replace(".c", "_" + m + ".c"));
                        Files.writeString(f, mutate(src, op, r), StandardCharsets.ISO_8859_1);
                        Path s = work.resolve("out.s");
                        Files.deleteIfExists(s);
                        Result x = scmpcc(List.of("-S", "-Wall", "-O" + (m % 3), "-I" + p.getParent(), f.toString(), "-o",
                                s.toString()));
                        res.println("=== " + f.getFileName() + " " + op + " status " + x.status + "\n" + x.stderr
                                + (x.status == 0 ? "\n#asm " + Arrays.hashCode(Files.readAllBytes(s)) : ""));
                    }
                }
            }
        }
    }

    /** Mutants of the assembly programs and of some compiled C, assembled: status, diagnostics, object digest. */
    static void asmMutants(Path root, Path compiled, Path work, Path report) throws Exception {
        List<Path> files = new ArrayList<>(list(root.resolve("programs/isa-tests"), ".s"));
        for (Path p : list(compiled, ".gO1.s")) {
            if (p.getFileName().toString().startsWith("programs_c_")) {
                files.add(p);
            }
        }
        String[] ops = {"delline", "delpunct", "ident", "dupline", "deltoken", "swapop", "reg", "num"};
        try (PrintStream res = new PrintStream(new FileOutputStream(report.toFile()))) {
            for (Path p : files) {
                String src = Files.readString(p);
                Random r = new Random(p.getFileName().toString().hashCode());
                for (int m = 0; m < 12; m++) {
                    String op = ops[m % ops.length];
                    Path f = work.resolve(p.getFileName().toString().replace(".s", "_" + m + ".s"));
                    Files.writeString(f, mutateAsm(src, op, r));
                    Path o = work.resolve("out.o");
                    Files.deleteIfExists(o);
                    Result x = scmpcc(List.of("-c", f.toString(), "-o", o.toString()));
                    res.println("=== " + f.getFileName() + " " + op + " status " + x.status + "\n" + x.stderr
                            + (x.status == 0 ? "\n#obj " + Arrays.hashCode(Files.readAllBytes(o)) : ""));
                }
            }
        }
    }

    /** A copy of C source {@code s} with one mutation of kind {@code op}, placed by {@code r}. */
    static String mutate(String s, String op, Random r) {
        return switch (op) {
            case "delline", "dupline" -> lineMutation(s, op, r, null);
            case "insint" -> lineMutation(s, op, r, "int zz = q;");
            case "delpunct" -> replaceOne(s, "[;{}()\\[\\],]", r, "");
            case "ident" -> replaceOne(s, "\\b[a-z_][a-z_0-9]*\\b", r, "undeclared_x");
            case "struct" -> replaceOne(s, "\\bint\\b", r, "struct zz");
            case "deltoken" -> replaceOne(s, "\\b\\w+\\b", r, "");
            default -> replaceOne(s, "[-+*/<>=&|]", r, pick(r, "+", "-", "*", "/", "<", "&&", "=", "%", ">>"));
        };
    }

    /** A copy of assembly source {@code s} with one mutation of kind {@code op}, placed by {@code r}. */
    static String mutateAsm(String s, String op, Random r) {
        return switch (op) {
            case "delline", "dupline" -> lineMutation(s, op, r, null);
            case "delpunct" -> replaceOne(s, "[,()%:]", r, "");
            case "ident" -> replaceOne(s, "\\b[a-z_.][a-z_0-9.]*\\b", r, pick(r, "undefined_x", ".Lnope", "fa3", "sp", ".text"));
            case "reg" -> replaceOne(s, "\\b(a[0-7]|t[0-7]|s[0-9]|fa[0-7]|sp|fp|zero)\\b", r, pick(r, "fa1", "a9", "at", "x", "s0"));
            case "num" -> replaceOne(s, "\\b[0-9]+\\b", r, pick(r, "70000", "-1", "3", "0x1234567890", "'a'"));
            case "deltoken" -> replaceOne(s, "\\b\\w+\\b", r, "");
            default -> replaceOne(s, "[-+*/<>=&|]", r, pick(r, "+", "-", "*", "/", "<<", "%hi(", ")", ","));
        };
    }

    /** Deletes a line, doubles it, or inserts {@code insert} before it. */
    static String lineMutation(String s, String op, Random r, String insert) {
        String[] lines = s.split("\n", -1);
        int at = r.nextInt(lines.length);
        List<String> l = new ArrayList<>(List.of(lines));
        if (op.equals("delline")) {
            l.remove(at);
        } else {
            l.add(at, insert != null ? insert : lines[at]);
        }
        return String.join("\n", l);
    }

    /** Replaces one match of {@code pattern}, chosen by {@code r}, with {@code replacement}. */
    static String replaceOne(String s, String pattern, Random r, String replacement) {
        Matcher m = Pattern.compile(pattern).matcher(s);
        List<int[]> hits = new ArrayList<>();
        while (m.find()) {
            hits.add(new int[] {m.start(), m.end()});
        }
        if (hits.isEmpty()) {
            return s;
        }
        int[] h = hits.get(r.nextInt(hits.size()));
        return s.substring(0, h[0]) + replacement + s.substring(h[1]);
    }

    static String pick(Random r, String... choices) {
        return choices[r.nextInt(choices.length)];
    }
}
