package scmp.machine;

/**
 * A network that carries nothing: it is never busy, has nothing to do at any cycle and costs nothing to advance.
 * It stands in for a network whose model is yet to be written (the skeletons of the T3D's torus and barrier
 * network, the SP's switch), so that the machine already clocks it and its lookahead already bounds how far the
 * cores run apart.
 */
public final class IdleNetwork implements ClockedNetwork {
    private final String name;
    private final long lookahead;
    private long time;

    /**
     * Creates the network.
     *
     * @param name      what it stands for, for messages
     * @param lookahead the fewest core cycles from a network instruction to anything another node could see of it
     *                  on the real network, at least 1
     */
    public IdleNetwork(String name, long lookahead) {
        if (lookahead < 1) {
            throw new IllegalArgumentException("lookahead must be at least 1: " + lookahead);
        }
        this.name = name;
        this.lookahead = lookahead;
    }

    /** Returns what the network stands for. */
    public String name() {
        return name;
    }

    @Override
    public long time() {
        return time;
    }

    @Override
    public boolean busy() {
        return false;
    }

    @Override
    public long nextActivity() {
        return Long.MAX_VALUE;
    }

    @Override
    public void advanceTo(long cycle) {
        if (cycle < time) {
            throw new IllegalArgumentException(name + ": cannot go back from core cycle " + time + " to " + cycle);
        }
        time = cycle;
    }

    @Override
    public long stallWindow() {
        return 0;
    }

    @Override
    public long lastProgressCycle() {
        return 0;
    }

    @Override
    public long lookahead() {
        return lookahead;
    }

    @Override
    public String toString() {
        return name + " (carries nothing)";
    }
}
