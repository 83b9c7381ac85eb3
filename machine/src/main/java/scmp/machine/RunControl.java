package scmp.machine;

/**
 * What the world outside a run may ask of it while it runs (docs/simulator.md, "Progress and interruption"): to
 * stop cleanly (SIGINT, SIGTERM), and a progress line every so often. The requests are flags that the machine
 * looks at between two rounds of its loop ({@link Machine}), so that they cost the loop one read of a volatile
 * field and nothing else when nobody asks anything; the machine's rounds are bounded
 * ({@link Machine#ROUND_CYCLES}) so that it looks a few times a second.
 */
public final class RunControl {
    /** Something was asked: the machine looks at the other fields. */
    volatile boolean attention;
    private volatile int stopCode;
    private volatile String stopReason;
    private volatile boolean progressDue;

    /**
     * Asks the run to stop at the end of the current round, with the usual reports, and exit with a code.
     *
     * @param exitCode the exit code (130 for SIGINT, 143 for SIGTERM)
     * @param reason   what asked, for the report ({@code SIGINT})
     */
    public void stop(int exitCode, String reason) {
        stopReason = reason;
        stopCode = exitCode;
        attention = true;
    }

    /** Asks for a progress line at the end of the current round. */
    public void progress() {
        progressDue = true;
        attention = true;
    }

    /** Returns the exit code a stop asked for, or 0 when none was asked. */
    public int stopCode() {
        return stopCode;
    }

    /** Returns what asked the run to stop, or null. */
    public String stopReason() {
        return stopReason;
    }

    /** Takes a pending progress request. */
    boolean takeProgress() {
        boolean due = progressDue;
        progressDue = false;
        return due;
    }

    /** Clears the attention flag; the machine then looks at the requests. */
    void clear() {
        attention = false;
    }
}
