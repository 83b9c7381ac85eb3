package scmp.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import scmp.experiments.sweep.Slurm;

/** The options of the scmpexp commands that can run their points as a Slurm job array. */
final class SlurmOptions {
    @Option(names = "--slurm", description = "Submit the runs without a result as a Slurm job array instead of running "
            + "them here (docs/benchmarks.md, \"Sweeps\").")
    private boolean slurm;

    @Option(names = "--sbatch", paramLabel = "OPTIONS",
            description = "sbatch options for --slurm, e.g. --sbatch='--partition=short --time=30' (repeatable).")
    private List<String> sbatch = new ArrayList<>();

    @Option(names = "--wait", description = "With --slurm: wait for the array to end, then write the results.")
    private boolean wait;

    /** Returns the options as the experiments library takes them. */
    Slurm.Options options() {
        List<String> words = new ArrayList<>();
        for (String s : sbatch) {
            // one --sbatch may carry several options, as a shell passes them in one quoted word
            words.addAll(List.of(s.strip().split("\\s+")));
        }
        words.removeIf(String::isEmpty);
        return new Slurm.Options(slurm, words, wait);
    }
}
