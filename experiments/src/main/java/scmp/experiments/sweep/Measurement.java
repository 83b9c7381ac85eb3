package scmp.experiments.sweep;

import com.google.gson.annotations.SerializedName;
import java.util.LinkedHashMap;
import java.util.Map;
import scmp.experiments.Runner;

/**
 * What a point's simulation gave: the columns a sweep adds to its settings in the CSV and JSON.
 *
 * @param status       {@code ok} (the program ended normally with status 0 and no failed verify line),
 *                     {@code failed} (it did not) or {@code error} (it could not run: a compile error, a program
 *                     that does not fit the machine)
 * @param outcome      how the machine stopped (EXIT, ALL_ENDED, FAULT, DEADLOCK, MAX_CYCLES, ...), empty on error
 * @param exit         the program's exit status
 * @param cycles       simulated cycles of the whole run
 * @param instructions instructions of all nodes
 * @param timedCycles  the number after {@code cycles} in the program's output (the benchmarks' timed region),
 *                     or -1
 * @param verify       the benchmark's verify line: OK, FAILED, or empty when there is none
 * @param cpuSeconds   host CPU seconds of the simulation
 * @param note         why the run failed or could not run, one line; empty when it is ok
 */
public record Measurement(String status, String outcome, int exit, long cycles, long instructions,
                          @SerializedName("timed_cycles") long timedCycles, String verify,
                          @SerializedName("cpu_s") double cpuSeconds, String note) {
    /**
     * Summarises a finished simulation.
     *
     * @param r the runner's result
     * @return the measurement
     */
    public static Measurement of(Runner.Result r) {
        String why = r.failure();
        boolean ok = why == null && !r.verify().equals("FAILED");
        String note = why != null ? why : ok ? "" : "the program's verify line says FAILED";
        return new Measurement(ok ? "ok" : "failed", r.outcome().name(), r.exitCode(), r.totalCycles(),
                r.instructions(), r.cycles(), r.verify(), Math.round(r.cpuSeconds() * 1000) / 1000.0,
                note.lines().findFirst().orElse(""));
    }

    /**
     * A point that could not run.
     *
     * @param why the reason
     * @return the measurement
     */
    public static Measurement error(String why) {
        return new Measurement("error", "", -1, -1, -1, -1, "", 0, why == null ? "" : why.lines().findFirst().orElse(""));
    }

    /** Whether the program ran and ended normally. */
    public boolean ok() {
        return status.equals("ok");
    }

    /** The values by column name, numbers as numbers. */
    Map<String, Object> columns() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status);
        m.put("outcome", outcome);
        m.put("exit", exit);
        m.put("cycles", cycles);
        m.put("instructions", instructions);
        m.put("timed_cycles", timedCycles);
        m.put("verify", verify);
        m.put("cpu_s", cpuSeconds);
        m.put("note", note);
        return m;
    }
}
