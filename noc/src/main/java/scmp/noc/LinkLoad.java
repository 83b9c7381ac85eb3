package scmp.noc;

/**
 * The number of flits one router-to-router link has carried.
 *
 * @param router the sending router
 * @param port the sending router's output port
 * @param toRouter the receiving router
 * @param toPort the receiving router's input port
 * @param flits flits carried since the network was built
 */
public record LinkLoad(int router, int port, int toRouter, int toPort, long flits) {

    /** Returns the fraction of {@code cycles} network cycles in which the link carried a flit. */
    public double utilisation(long cycles) {
        return cycles == 0 ? 0 : (double) flits / cycles;
    }
}
