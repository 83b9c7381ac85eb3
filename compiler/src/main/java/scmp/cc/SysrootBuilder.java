package scmp.cc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.io.file.PathUtils;
import scmp.elf.Archive;

/**
 * Builds a sysroot (include/ and lib/) from a guest-library source tree with scmpcc itself, during the Maven
 * build. The tree has a {@code SOURCES} file of lines {@code GROUP PATH}: group {@code crt0} is assembled to
 * {@code lib/crt0.o}; every other group {@code NAME} becomes the archive {@code lib/NAME.a}, except that the
 * groups named in {@code MERGE} lines ({@code MERGE rt libc}) go into another group's archive. Headers are
 * copied from {@code include/}. Every member is compiled with {@code -O1} against the tree's own headers.
 *
 * <p>Usage: {@code SysrootBuilder SOURCE-TREE OUT-DIR [-I EXTRA-INCLUDE]...}; exits 1 after printing the
 * compiler's diagnostics when a file does not compile.
 */
public final class SysrootBuilder {
    private SysrootBuilder() {
    }

    /**
     * Builds a sysroot from the command line {@code SOURCE-TREE OUT-DIR [-I DIR]...}; exits 2 on bad usage, 1
     * when a file does not compile.
     *
     * @param args the command line
     * @throws Exception when a file cannot be read or written
     */
    public static void main(String[] args) throws Exception {
        List<String> includes = new ArrayList<>();
        boolean usage = args.length < 2;
        for (int i = 2; i < args.length && !usage; i += 2) {
            usage = !args[i].equals("-I") || i + 1 >= args.length;
            if (!usage) {
                includes.add(args[i + 1]);
            }
        }
        if (usage) {
            System.err.println("usage: SysrootBuilder SOURCE-TREE OUT-DIR [-I DIR]...");
            System.exit(2);
        }
        int status = build(Path.of(args[0]), Path.of(args[1]), includes);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Builds the sysroot.
     *
     * @param tree     the source tree (SOURCES, include/, the sources)
     * @param out      the sysroot to write (include/, lib/)
     * @param includes more include directories, searched after the tree's own
     * @return 0, or 1 after printing diagnostics
     * @throws IOException          when a file cannot be read or written
     * @throws InterruptedException when the build is interrupted
     */
    public static int build(Path tree, Path out, List<String> includes) throws IOException, InterruptedException {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Map<String, String> merge = new LinkedHashMap<>();
        for (String line : Files.readAllLines(tree.resolve("SOURCES"))) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\\s+");
            if (f[0].equals("MERGE")) {
                merge.put(f[1], f[2]);
            } else {
                groups.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f[1]);
            }
        }
        Path lib = out.resolve("lib");
        Path objDir = out.resolve("obj");
        Files.createDirectories(lib);
        Files.createDirectories(objDir);
        PathUtils.copyDirectory(tree.resolve("include"), out.resolve("include"), StandardCopyOption.REPLACE_EXISTING);

        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        Map<String, List<Future<Compiled>>> jobs = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            for (String src : g.getValue()) {
                Path source = tree.resolve(src);
                Path obj = objDir.resolve(src.replace('/', '_').replaceAll("\\.[csS]$", ".o"));
                List<String> dirs = new ArrayList<>(List.of(tree.resolve("include").toString()));
                dirs.addAll(includes);
                Driver.Options cc = Driver.Options.builder().stage(Driver.Stage.OBJECT).optLevel(1).noStdInc(true)
                        .includeDirs(dirs).output(obj.toString()).files(source.toString()).build();
                jobs.computeIfAbsent(g.getKey(), k -> new ArrayList<>()).add(pool.submit(() -> compile(cc, obj)));
            }
        }
        pool.shutdown();
        int status = 0;
        Map<String, List<Archive.Member>> archives = new LinkedHashMap<>();
        for (Map.Entry<String, List<Future<Compiled>>> g : jobs.entrySet()) {
            String target = merge.getOrDefault(g.getKey(), g.getKey());
            for (Future<Compiled> f : g.getValue()) {
                Compiled c;
                try {
                    c = f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException(e.getCause());
                }
                if (c.status != 0) {
                    System.err.print(c.messages);
                    status = 1;
                    continue;
                }
                if (!c.messages.isBlank()) {
                    System.err.print(c.messages);
                }
                if (target.equals("crt0")) {
                    Files.copy(c.object, lib.resolve("crt0.o"), StandardCopyOption.REPLACE_EXISTING);
                } else {
                    archives.computeIfAbsent(target, k -> new ArrayList<>())
                            .add(new Archive.Member(c.object.getFileName().toString(), Files.readAllBytes(c.object)));
                }
            }
        }
        if (status != 0) {
            return status;
        }
        for (Map.Entry<String, List<Archive.Member>> a : archives.entrySet()) {
            Files.write(lib.resolve(a.getKey() + ".a"), Archive.write(a.getValue()));
        }
        return 0;
    }

    private record Compiled(int status, String messages, Path object) {
    }

    private static Compiled compile(Driver.Options options, Path obj) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int status = Driver.run(options, ps, ps);
        return new Compiled(status, buf.toString(StandardCharsets.UTF_8), obj);
    }
}
