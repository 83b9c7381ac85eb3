package scmp.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds each guest program once per test run. The identity corpus classes ({@link IdentityCorpusTest} and the
 * classes that run its cases again with other options) run the same programs many times: each MPI program under
 * two protocol families on 4 and 16 ranks, and every case again on the interpreter, without idle skipping, looking
 * ahead and on several host threads. The executable depends only on the sources and the build's options, so the
 * first case to need a build makes it under {@code tests/target/builds/} and the others copy that file to the name
 * their run uses (the program's path is part of a run: argv[0]). Cases of one key that ask at once wait for the one
 * build. Safe to use from tests running concurrently; the cache lives as long as the JVM (one module's test run),
 * so a change to the compiler or a library is always seen by the next run. {@code -Dscmp.buildcache=off} turns it
 * off.
 */
final class BuildCache {
    private static final Map<String, CompletableFuture<Path>> BUILT = new ConcurrentHashMap<>();
    private static final AtomicInteger BUILDS = new AtomicInteger();
    private static final AtomicInteger HITS = new AtomicInteger();
    /** {@code -Dscmp.buildcache=off} builds every time, as before the cache (to measure what it saves). */
    private static final boolean OFF = "off".equals(System.getProperty("scmp.buildcache"));

    /** How one executable is made from its key's sources. */
    interface Builder {
        void build(Path exe) throws Exception;
    }

    private BuildCache() {
    }

    /**
     * Puts at {@code exe} the executable of {@code key}, built by {@code builder} the first time the key is asked for.
     *
     * @param key     what the executable depends on: its sources (as given to the compiler) and the build's options
     * @param exe     where the executable goes
     * @param builder makes the executable at the path it is given
     */
    static void copyTo(List<String> key, Path exe, Builder builder) throws Exception {
        if (OFF) {
            BUILDS.incrementAndGet();
            builder.build(exe);
            return;
        }
        String k = String.join("\u0000", key);
        CompletableFuture<Path> mine = new CompletableFuture<>();
        CompletableFuture<Path> f = BUILT.putIfAbsent(k, mine);
        if (f == null) {
            f = mine;
            try {
                Path dir = E2e.root().resolve("tests/target/builds");
                Files.createDirectories(dir);
                Path file = dir.resolve(String.format("b%08x-%d.out", k.hashCode(), BUILDS.incrementAndGet()));
                builder.build(file);
                mine.complete(file);
            } catch (Throwable t) {
                mine.completeExceptionally(t);
            }
        } else {
            HITS.incrementAndGet();
        }
        Path built;
        try {
            built = f.get();
        } catch (ExecutionException e) {
            // every case of the key fails with the build's own error
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
        Files.copy(built, exe, StandardCopyOption.REPLACE_EXISTING);
    }

    /** How many builds were made and how many times one was reused, for a look at the cache's effect. */
    static String stats() {
        return BUILDS.get() + " builds, " + HITS.get() + " reused";
    }
}
