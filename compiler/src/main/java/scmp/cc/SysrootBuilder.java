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
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import scmp.elf.Archive;
import scmp.elf.MachineKind;

/**
 * Builds a sysroot (include/ and lib/) from a guest-library source tree with scmpcc itself, during the Maven
 * build. The tree has a {@code SOURCES} file of lines {@code GROUP PATH}: group {@code crt0} is assembled to
 * {@code lib/crt0.o}; every other group {@code NAME} becomes the archive {@code lib/NAME.a}, except that the
 * groups named in {@code MERGE} lines ({@code MERGE rt libc}) go into another group's archive. Headers are
 * copied from {@code include/}. Every member is compiled with {@code -O1} against the tree's own headers.
 *
 * <p>What the tree builds is shared by every machine model (compiled for any model, into {@code include/} and
 * {@code lib/}), except what a {@code MACHINE} line gives to one model ({@code MACHINE scmp libscmp
 * include/scmp.h}): those archives are compiled for that model and go, with those headers, into
 * {@code MODEL/lib/} and {@code MODEL/include/} (docs/compiler.md, "The sysroot"). A library that each of several
 * models has in its own form names its groups {@code NAME@MODEL} ({@code libmpi@t3d}): such a group is the archive
 * {@code NAME.a} of that model, compiled apart from the other models' groups (its objects under
 * {@code obj/MODEL/}), so one source may go into several models' archives; a header named on the MACHINE lines
 * of several models is copied to each of them.
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
        Map<String, MachineKind> owner = new LinkedHashMap<>();
        Map<String, List<MachineKind>> headerOwners = new LinkedHashMap<>();
        for (String line : Files.readAllLines(tree.resolve("SOURCES"))) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\\s+");
            if (f[0].equals("MERGE")) {
                merge.put(f[1], f[2]);
            } else if (f[0].equals("MACHINE")) {
                MachineKind model;
                try {
                    model = MachineKind.of(f[1]);
                } catch (IllegalArgumentException e) {
                    throw new IOException(tree.resolve("SOURCES") + ": " + e.getMessage());
                }
                for (int i = 2; i < f.length; i++) {
                    owner.put(f[i], model);
                    headerOwners.computeIfAbsent(f[i], k -> new ArrayList<>()).add(model);
                }
            } else {
                groups.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f[1]);
            }
        }
        deleteTree(out);    // nothing of an earlier build may stay where another model's files now go
        Path objDir = out.resolve("obj");
        Files.createDirectories(objDir);
        copyHeaders(tree, out, headerOwners);

        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        Map<String, List<Future<Compiled>>> jobs = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            for (String src : g.getValue()) {
                Path source = tree.resolve(src);
                String own = modelSuffix(g.getKey());
                Path dir = own == null ? objDir : Files.createDirectories(objDir.resolve(own));
                Path obj = dir.resolve(src.replace('/', '_').replaceAll("\\.[csS]$", ".o"));
                List<String> dirs = new ArrayList<>(List.of(tree.resolve("include").toString()));
                dirs.addAll(includes);
                MachineKind model = modelOf(merge.getOrDefault(g.getKey(), g.getKey()), owner);
                Driver.Options cc = Driver.Options.builder().stage(Driver.Stage.OBJECT).optLevel(1).noStdInc(true)
                        .includeDirs(dirs).machine(model).output(obj.toString()).files(source.toString()).build();
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
                    Files.copy(c.object, libDir(out, modelOf(target, owner)).resolve(Driver.CRT0),
                            StandardCopyOption.REPLACE_EXISTING);
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
            String group = a.getKey();
            String suffix = modelSuffix(group);
            String name = suffix == null ? group : group.substring(0, group.length() - suffix.length() - 1);
            Files.write(libDir(out, modelOf(group, owner)).resolve(name + ".a"), Archive.write(a.getValue()));
        }
        return 0;
    }

    /** The model whose own archive a group is ({@code NAME@MODEL}, or a MACHINE line's), or null if shared. */
    private static MachineKind modelOf(String group, Map<String, MachineKind> owner) throws IOException {
        String suffix = modelSuffix(group);
        if (suffix == null) {
            return owner.get(group);
        }
        try {
            return MachineKind.of(suffix);
        } catch (IllegalArgumentException e) {
            throw new IOException("SOURCES: group " + group + ": " + e.getMessage());
        }
    }

    /** The {@code MODEL} of a group named {@code NAME@MODEL}, or null for any other group. */
    private static String modelSuffix(String group) {
        int at = group.indexOf('@');
        return at < 0 ? null : group.substring(at + 1);
    }

    /** {@code lib/}, or {@code MODEL/lib/} for a model's own library; created if needed. */
    private static Path libDir(Path out, MachineKind model) throws IOException {
        return Files.createDirectories(model == null ? out.resolve("lib") : out.resolve(model.id()).resolve("lib"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            PathUtils.deleteDirectory(dir);
        }
    }

    private record Compiled(int status, String messages, Path object) {
    }

    private static Compiled compile(Driver.Options options, Path obj) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int status = Driver.run(options, ps, ps);
        return new Compiled(status, buf.toString(StandardCharsets.UTF_8), obj);
    }

    /** Copies {@code include/} to the sysroot's, or to {@code MODEL/include/} for a model's own headers. */
    private static void copyHeaders(Path tree, Path out, Map<String, List<MachineKind>> owners) throws IOException {
        Path from = tree.resolve("include");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (Files.isDirectory(p)) {
                    continue;
                }
                String relative = tree.relativize(p).toString().replace('\\', '/');
                List<MachineKind> models = owners.get(relative);
                List<Path> dests = new ArrayList<>();
                if (models == null) {
                    dests.add(out.resolve(relative));
                } else {
                    for (MachineKind model : models) {
                        dests.add(out.resolve(model.id()).resolve(relative));
                    }
                }
                for (Path dest : dests) {
                    Files.createDirectories(dest.getParent());
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
