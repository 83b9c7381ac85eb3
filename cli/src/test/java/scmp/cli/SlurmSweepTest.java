package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpexp sweep --slurm} through a real Slurm: a private single-node cluster (munge, slurmctld, slurmd)
 * brought up by experiments/slurm/local-slurm.sh in a temporary directory on free ports, a small sweep
 * submitted as a job array and waited for, its results the same as a run on this host's threads. Where Slurm
 * cannot be brought up (not installed: {@code apt-get install slurm-wlm munge}; daemons that will not start)
 * the test is skipped and says why.
 */
class SlurmSweepTest {
    private static Path cluster;
    private static String port;
    private static String unavailable;

    private static Path script() {
        return Path.of(System.getProperty("scmp.root", ".."), "experiments", "slurm", "local-slurm.sh");
    }

    private static ProcessBuilder slurm(String cmd) {
        ProcessBuilder pb = new ProcessBuilder("bash", script().toString(), cmd, cluster.toString())
                .redirectErrorStream(true);
        pb.environment().put("SCMP_SLURM_PORT", port);
        return pb;
    }

    /** A port p with p and p + 1 free, for slurmctld and slurmd. */
    private static int freePorts() throws IOException {
        for (int tries = 0; tries < 20; tries++) {
            int p;
            try (ServerSocket s = new ServerSocket(0)) {
                p = s.getLocalPort();
            }
            if (p < 65535) {
                try (ServerSocket s = new ServerSocket(p + 1)) {
                    return p;
                } catch (IOException busy) {
                    // try another pair
                }
            }
        }
        throw new IOException("no two free consecutive ports");
    }

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = Files.createTempDirectory("scmp-slurm");
        port = Integer.toString(freePorts());
        Process p = slurm("start").start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            text += " (no answer within two minutes)";
        }
        if (p.isAlive() || p.exitValue() != 0) {
            unavailable = "a single-node Slurm could not be brought up here: "
                    + text.lines().reduce((a, b) -> b).orElse("no message");
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            slurm("stop").start().waitFor(2, TimeUnit.MINUTES);
            FileUtils.deleteQuietly(cluster.toFile());
        }
    }

    private static String run(Path dir, String name, List<String> cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SLURM_CONF", cluster.resolve("slurm.conf").toString());
        Process p = pb.start();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        String log = Files.readString(dir.resolve(name + ".log"));
        assertTrue(ended, "no end within 10 minutes: " + log);
        assertEquals(0, p.exitValue(), log);
        return log;
    }

    @Test
    void aSmallSweepRunsAsAJobArrayAndMatchesALocalRun(@TempDir Path dir) throws Exception {
        assumeTrue(unavailable == null, unavailable);
        String[] grid = {"-s", "program=cg/cg_native.c", "-s", "args=250 50", "-s", "mesh=1x1,2x1,2x2"};
        Path slurmOut = dir.resolve("slurm");
        String log = run(dir, "submit", SweepCommandTest.scmpexp(SweepCommandTest.concat(new String[] {"sweep", "--name", "cg", "--out",
            slurmOut.toString(), "--slurm", "--wait", "--sbatch", "--time=10 --comment=scmp-test"}, grid)));
        assertTrue(log.contains("cg: 3 points, 0 with results, 3 to run"), log);
        assertTrue(log.matches("(?s).*submitted Slurm job \\d+ \\(3 array tasks.*and waited for it.*"), log);
        assertTrue(log.contains("3 points, 3 ok, 0 failed"), log);
        Path store = slurmOut.resolve("cg.points");
        for (String f : List.of("slurm-1.sh", "slurm-1.plan.json", "slurm-jobs", "slurm-1-0.log", "slurm-1-2.log")) {
            assertTrue(Files.isRegularFile(store.resolve(f)), f);
        }
        assertTrue(Files.readString(store.resolve("slurm-1-1.log")).contains("mesh=2x1: ok"),
                Files.readString(store.resolve("slurm-1-1.log")));
        String id = Files.readString(store.resolve("slurm-jobs")).strip();
        ProcessBuilder show = new ProcessBuilder("scontrol", "show", "job", id).redirectErrorStream(true);
        show.environment().put("SLURM_CONF", cluster.resolve("slurm.conf").toString());
        String job = new String(show.start().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(job.contains("Comment=scmp-test") && job.contains("TimeLimit=00:10:00"), "sbatch options: " + job);

        // Again: every point has its result, nothing is submitted.
        String again = run(dir, "again", SweepCommandTest.scmpexp(SweepCommandTest.concat(new String[] {"sweep", "--name", "cg", "--out",
            slurmOut.toString(), "--slurm"}, grid)));
        assertTrue(again.contains("3 points, 3 with results, 0 to run") && !again.contains("submitted"), again);
        assertTrue(!Files.exists(store.resolve("slurm-2.sh")), again);

        // The same sweep on this host's threads gives the same simulated results.
        Path localOut = dir.resolve("local");
        run(dir, "local", SweepCommandTest.scmpexp(SweepCommandTest.concat(new String[] {"sweep", "--name", "cg", "--out", localOut.toString(),
            "-j", "2"}, grid)));
        assertEquals(columns(localOut.resolve("cg.csv")), columns(slurmOut.resolve("cg.csv")));
    }

    /** A CSV without its host-dependent column (CPU time). */
    private static Map<Integer, String> columns(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        int cpu = List.of(lines.get(0).split(",")).indexOf("cpu_s");
        Map<Integer, String> m = new java.util.TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            List<String> f = new java.util.ArrayList<>(List.of(lines.get(i).split(",", -1)));
            f.remove(cpu);
            m.put(i, String.join(",", f));
        }
        return m;
    }
}
