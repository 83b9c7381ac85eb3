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
 * T3D and SP runs as the machine makes them (quiet rounds of the networks' lookahead, and rounds over a busy network
 * made as one up to the networks' horizon, the busy windows: docs/simulator.md, "How the machine runs") against the
 * same runs in strict lockstep ({@code --lockstep}: every core and network one cycle at a time): the same stdout,
 * stderr (cycles and instructions) and {@code --stats} JSON, byte for byte. On the T3D the programs use every shell
 * operation (puts from registers and by DMA, gets, swaps, fetch-and-increments and their sets, barriers and waits),
 * SHMEM, and libmpi's point-to-point, collective and one-sided protocols, with and without the data cache; on the SP,
 * libmpi over LAPI's three versions and the native stack, polling and with interrupts.
 */
class ModelLockstepTest {
    @TempDir
    Path dir;

    private E2e.Sim run(Path exe, List<String> options, Path stats) {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("--cycles", "--stats", stats.toString(), exe.toString()));
        return E2e.scmpsim(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}: {1}/{2}.c -n {3} {4}")
    @CsvSource({
        "t3d, t3d, primitives, 8, ''",
        "t3d, t3d, shmem, 8, ''",
        "t3d, t3d, shmem, 8, --param=dataCache=true",
        "t3d, mpi, datatypes, 4, ''",
        "t3d, mpi, storm, 4, ''",
        "t3d, mpi, coll, 4, ''",
        "t3d, mpi, nbcoll, 4, --param=dataCache=true",
        "t3d, mpi, onesided3, 4, ''",
        "t3d, mpi, onesided_dtype, 4, --param=dataCache=true",
        "t3d, mpi, bsend, 4, ''",
        "sp, mpi, storm, 4, --env=MPI_LAPI_VERSION=counters",
        "sp, mpi, coll, 4, --env=MP_MPI_STACK=native",
        "sp, mpi, datatypes, 4, --env=MPI_LAPI_VERSION=enhanced",
        "sp, mpi, onesided, 4, --env=MPI_LAPI_VERSION=base",
        "sp, mpi, onesided, 4, --env=MPI_LAPI_VERSION=enhanced --env=MP_CSS_INTERRUPT=yes",
        "sp, mpi, bsend, 4, --env=MP_MPI_STACK=native",
    })
    void aRunIsTheStrictLockstepRun(String model, String folder, String name, int n, String options)
            throws IOException {
        Path exe = E2e.buildProgram(dir, model, folder, name);
        List<String> run = new ArrayList<>(List.of("--machine", model, "-n", String.valueOf(n), "--mem", "2M"));
        if (!options.isEmpty()) {
            run.addAll(List.of(options.split(" ")));
        }
        Path s1 = dir.resolve("rounds.json");
        Path s2 = dir.resolve("strict.json");
        E2e.Sim rounds = run(exe, run, s1);
        List<String> strictRun = new ArrayList<>(run);
        strictRun.add("--lockstep");
        E2e.Sim strict = run(exe, strictRun, s2);
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
