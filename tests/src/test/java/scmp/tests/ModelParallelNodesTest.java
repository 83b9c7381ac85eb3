package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.machine.Machine;
import scmp.machine.MachineModel;
import scmp.machine.ModelConfig;
import scmp.machine.Models;
import scmp.machine.Params;
import scmp.machine.RunConfig;

/**
 * Parallel nodes on the T3D and the SP (docs/performance.md, "Parallel nodes"). Their networks' lookahead (the T3D
 * shell's 100 cycles, the SP switch's 505) makes quiet rounds long enough for the pool at the default settings, so
 * their SPMD runs take the parallel path whenever several ranks compute at once. The other end-to-end tests run
 * {@code scmpsim} on one host thread ({@link E2e#scmpsim}: they run two at a time on the host's cores); here MPI
 * programs on both models, with and without the T3D's data cache and under both SP stacks, run with 2 and 3 threads
 * (and with every quiet round of several busy ranks forced onto the pool) and must print, end and count exactly as
 * on one: stdout, stderr, exit status and the {@code --stats} JSON. And a run of ranks that compute long between
 * reductions takes the parallel path on each model, with every node's counters those of one thread.
 */
@Execution(ExecutionMode.CONCURRENT)
class ModelParallelNodesTest {
    @TempDir
    Path dir;

    /** What a run gave: exit status, stdout, stderr and the statistics without the command line. */
    private record Outcome(int exit, String stdout, String stderr, String stats) {
    }

    private Outcome run(Path exe, List<String> options, List<String> threads) throws Exception {
        Path stats = dir.resolve("stats-" + String.join("", threads).replaceAll("[^0-9a-z]", "") + ".json");
        List<String> args = new ArrayList<>(options);
        args.addAll(threads);
        args.addAll(List.of("--cycles", "--stats=" + stats, exe.toString()));
        E2e.Sim s = E2e.scmpsim(args.toArray(new String[0]));
        String json = Files.readString(stats);
        // the command line, which names the threads and the file, is the one part that differs
        json = json.replaceAll("(?s)\"command_line\": \\[.*?\\],", "");
        return new Outcome(s.exit(), s.stdout(), s.stderr(), json);
    }

    @ParameterizedTest(name = "{0} {1} -n {2} {3}")
    @CsvSource(delimiter = '|', value = {
        "t3d | coll      | 4  | ",
        "t3d | onesided  | 4  | --param dataCache=true",
        "t3d | storm     | 16 | ",
        "sp  | coll      | 4  | ",
        "sp  | onesided  | 4  | --env MP_MPI_STACK=native",
    })
    void anMpiProgramRunsOnSeveralThreadsAsOnOne(String model, String name, int n, String extra) throws Exception {
        Path exe = dir.resolve(name);
        E2e.Cc cc = E2e.scmpcc("-O1", "-mmachine=" + model, "-o", exe.toString(),
                E2e.root().resolve("programs/mpi/" + name + ".c").toString());
        assertEquals(0, cc.status(), cc.stderr());
        List<String> options = new ArrayList<>(List.of("--machine", model, "-n", String.valueOf(n)));
        if (extra != null) {     // none: the model's defaults
            options.addAll(List.of(extra.split(" ")));
        }
        Outcome one = run(exe, options, List.of("--threads=1"));
        assertTrue(one.stderr().contains("cycles: "), one.stderr());
        for (List<String> threads : List.of(List.of("--threads=2"), List.of("--threads=3", "--parallel-window=1"))) {
            Outcome many = run(exe, options, threads);
            assertEquals(one, many, String.join(" ", threads));
        }
    }

    /** Builds the machine {@code scmpsim --machine MODEL -n RANKS} builds, with its default parameters. */
    private static <P extends Record> Machine machine(MachineKind kind, int ranks, Executable exe,
            ByteArrayOutputStream out) throws Exception {
        @SuppressWarnings("unchecked")
        MachineModel<P> model = (MachineModel<P>) Models.of(kind);
        ModelConfig<P> config = new ModelConfig<>(model, Params.load(model.parametersType(), model.name(), List.of()))
                .fit(ranks);
        RunConfig run = RunConfig.builder("compute").ranks(model.ranks(config.params(), ranks))
                .env("SCMP_NPROCS", String.valueOf(ranks)).maxCycles(100_000_000L).build();
        return new Machine(config, run, exe, out, out, new ByteArrayInputStream(new byte[0]));
    }

    @Test
    void ranksThatComputeRunInParallelOnBothModels() throws Exception {
        Path src = dir.resolve("compute.c");
        Files.writeString(src, ParallelNodesTest.PROGRAM);
        for (MachineKind kind : List.of(MachineKind.T3D, MachineKind.SP)) {
            Path exe = dir.resolve("compute-" + kind);
            E2e.Cc cc = E2e.scmpcc("-O1", "-mmachine=" + kind.name().toLowerCase(), "-o", exe.toString(),
                    src.toString());
            assertEquals(0, cc.status(), cc.stderr());
            Executable x = ElfReader.readExecutable(exe.toString(), Files.readAllBytes(exe));
            List<String> reference = null;
            for (int threads : new int[] {1, 2}) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                Machine m = machine(kind, 4, x, out);
                m.setIdleSkip(true);
                m.setThreads(threads);
                Machine.Result r = m.run();
                String printed = out.toString(StandardCharsets.ISO_8859_1);
                assertEquals(Machine.Outcome.EXIT, r.outcome(), kind + ": " + printed);
                assertTrue(printed.contains("rank 3 round 2: "), printed);
                List<String> seen = new ArrayList<>(IdleSkipTest.counters(m));
                seen.add(r.toString());
                seen.add(printed);
                if (threads == 1) {
                    assertEquals(0, m.parallelSteps(), kind.toString());
                    reference = seen;
                } else {
                    assertEquals(reference, seen, kind + " on " + threads + " threads");
                    assertTrue(m.parallelSteps() > 10, kind + ": parallel steps " + m.parallelSteps());
                }
            }
        }
    }
}
