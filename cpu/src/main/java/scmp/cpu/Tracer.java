package scmp.cpu;

/** Receives one event per instruction the core issues (scmpsim --trace). */
@FunctionalInterface
public interface Tracer {

    /**
     * Reports an instruction about to execute.
     *
     * @param cycle  its issue cycle
     * @param node   the node
     * @param thread the thread context
     * @param pc     its address
     * @param word   the instruction word
     */
    void issue(long cycle, int node, int thread, int pc, int word);
}
