package scmp.cpu;

/**
 * A core's statistics at one moment (scmpsim --stats). Every cycle of a run is exactly one of: an issue
 * ({@code instructions}), a dependence stall ({@code stallCycles}), a control bubble after a taken branch or a
 * jump ({@code branchBubbles}), a thread switch ({@code switchCycles}, at most S per switch), a wait with a
 * thread blocked on the NIU ({@code niuBlockedCycles}, including the slot of each refused instruction), or
 * idle (the rest, which the caller computes from the run's length).
 *
 * @param instructions     instructions retired
 * @param stallCycles      dependence stall cycles, indexed by {@link StallCause#ordinal()}
 * @param branchBubbles    bubbles after taken branches and jumps
 * @param switches         thread switches: {@code suspend}, {@code endt} and refused network instructions
 * @param switchCycles     cycles spent switching threads (at most S per switch or thread start)
 * @param niuBlockedCycles cycles the core waited with a thread blocked on the NIU and none ready
 */
public record CoreStats(long instructions, long[] stallCycles, long branchBubbles, long switches, long switchCycles,
                        long niuBlockedCycles) {

    /**
     * Returns the stall cycles of one cause.
     *
     * @param cause the cause
     * @return the cycles
     */
    public long stall(StallCause cause) {
        return stallCycles[cause.ordinal()];
    }

    /** Returns every stall cycle, bubble and switch cycle: the cycles the core was neither issuing nor idle. */
    public long lostCycles() {
        long s = branchBubbles + switchCycles + niuBlockedCycles;
        for (long c : stallCycles) {
            s += c;
        }
        return s;
    }
}
