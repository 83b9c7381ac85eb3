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

    private E2e.Sim run(Path exe, List<String> options, Path stats) {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("--cycles", "--stats", stats.toString(), exe.toString()));
        return E2e.scmpsim(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}/{1}.c -n {2} {3}")
    @CsvSource({
        "t3d, primitives, 8, ''",
        "t3d, shmem, 8, ''",
        "t3d, shmem, 8, dataCache=true",
        "mpi, datatypes, 4, ''",
        "mpi, storm, 4, ''",
        "mpi, coll, 4, ''",
        "mpi, nbcoll, 4, dataCache=true",
        "mpi, onesided3, 4, ''",
        "mpi, onesided_dtype, 4, dataCache=true",
        "mpi, bsend, 4, ''",
    })
    void aRunIsTheStrictLockstepRun(String folder, String name, int n, String param) throws IOException {
        Path exe = E2e.buildProgram(dir, "t3d", folder, name);
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
