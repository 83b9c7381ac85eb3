package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * T3D runs as the machine makes them (quiet rounds of the shell's 100-cycle lookahead, and rounds over a busy torus
 * made as one up to the networks' horizon: docs/simulator.md, "How the machine runs") against the same runs in
 * strict lockstep ({@code --lockstep}: every core and network one cycle at a time): the same stdout, stderr (cycles
 * and instructions) and {@code --stats} JSON, byte for byte. The programs use every shell operation (puts from
 * registers and by DMA, gets, swaps, fetch-and-increments and their sets, barriers and waits), SHMEM, and libmpi's
 * point-to-point, collective and one-sided protocols, with and without the data cache.
 */
class T3dLockstepTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=t3d", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    private E2e.Sim run(Path exe, List<String> options, Path stats) {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("--cycles", "--stats", stats.toString(), exe.toString()));
        return E2e.scmpsim(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({
        "programs/t3d/primitives.c, 8, ''",
        "programs/t3d/shmem.c, 8, ''",
        "programs/t3d/shmem.c, 8, dataCache=true",
        "programs/mpi/datatypes.c, 4, ''",
        "programs/mpi/storm.c, 4, ''",
        "programs/mpi/coll.c, 4, ''",
        "programs/mpi/nbcoll.c, 4, dataCache=true",
        "programs/mpi/onesided3.c, 4, ''",
        "programs/mpi/onesided_dtype.c, 4, dataCache=true",
        "programs/mpi/bsend.c, 4, ''",
    })
    void aRunIsTheStrictLockstepRun(String source, int n, String param) throws IOException {
        Path exe = build(source);
        List<String> options = new ArrayList<>(List.of("-n", String.valueOf(n), "--mem", "2M"));
        if (!param.isEmpty()) {
            options.addAll(List.of("--param", param));
        }
        Path s1 = dir.resolve("rounds.json");
        Path s2 = dir.resolve("strict.json");
        E2e.Sim rounds = run(exe, options, s1);
        List<String> strictOptions = new ArrayList<>(options);
        strictOptions.add("--lockstep");
        E2e.Sim strict = run(exe, strictOptions, s2);
        assertEquals(0, rounds.exit(), rounds.stderr());
        assertEquals(strict.stdout(), rounds.stdout());
        assertEquals(strict.stderr(), rounds.stderr());
        // the settings say which run was strict
        assertEquals(json(s2, strict).replace("\"lockstep\": true", "\"lockstep\": false"), json(s1, rounds),
                "the --stats JSON");
    }

    /** The statistics without the command line (which names the options and the file). */
    private static String json(Path f, E2e.Sim r) throws IOException {
        String j = Files.readString(f);
        int a = j.indexOf("\"command_line\"");
        int b = j.indexOf(']', a);
        assertEquals(true, a >= 0 && b > a, () -> "no command line in " + j + "\n" + r.stderr());
        return j.substring(0, a) + j.substring(b + 1);
    }
}
