package scmp.machine;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line of a long run (docs/simulator.md, "Progress and interruption"): the simulated cycles reached,
 * the simulated time when the model has a clock, and the host's speed since the last line. On a terminal each line
 * replaces the last one and the last is erased at the end; elsewhere the lines follow each other.
 */
final class Progress {
    private final PrintStream out;
    private final boolean overwrite;
    private final double clockMhz;
    private final long startNanos = System.nanoTime();
    private long lastNanos = startNanos;
    private long lastCycles;
    private long lastInstructions;
    private boolean shown;

    Progress(PrintStream out, boolean overwrite, double clockMhz) {
        this.out = out;
        this.overwrite = overwrite;
        this.clockMhz = clockMhz;
    }

    /** Prints a line for the cycle and the instructions reached. */
    void line(long cycles, long instructions) {
        long now = System.nanoTime();
        double seconds = Math.max(1e-9, (now - lastNanos) / 1e9);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "scmpsim: cycle %,d", cycles));
        if (clockMhz > 0) {
            sb.append(String.format(Locale.ROOT, " (%.6f s simulated)", cycles / (clockMhz * 1e6)));
        }
        sb.append(String.format(Locale.ROOT, ", %,d instructions; %.2f M cycles/s, %.2f M instructions/s, %.0f s",
                instructions, (cycles - lastCycles) / seconds / 1e6, (instructions - lastInstructions) / seconds / 1e6,
                (now - startNanos) / 1e9));
        lastNanos = now;
        lastCycles = cycles;
        lastInstructions = instructions;
        if (overwrite) {
            out.print("\r" + sb + "\u001b[K");
        } else {
            out.println(sb);
        }
        out.flush();
        shown = true;
    }

    /** Erases the last line on a terminal, so that the run's own reports start on a clean line. */
    void end() {
        if (overwrite && shown) {
            out.print("\r\u001b[K");
            out.flush();
        }
    }
}
