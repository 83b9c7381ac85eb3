package scmp.noc.alloc;

/**
 * Allocates the crossbar for one cycle: each input port has several virtual channels, each asking for one
 * output port; at most one virtual channel per input port and one input port per output port win.
 *
 * <p>Call order per cycle: {@code request}* {@code allocate} ({@code grantedVc} {@code grantedOutput})*.
 */
public interface SwitchAllocator {

    /** Returns the number of ports (inputs and outputs alike). */
    int ports();

    /** Returns the number of virtual channels per input port. */
    int vcs();

    /**
     * Adds the request of one virtual channel, whose front flit wants an output port.
     *
     * @param inPort the input port
     * @param vc the virtual channel at that port
     * @param outPort the output port the flit needs
     */
    void request(int inPort, int vc, int outPort);

    /** Computes the grants for the requests made since the last call, and moves arbiter priorities. */
    void allocate();

    /** Returns the virtual channel of an input port that won the last allocation, or -1. */
    int grantedVc(int inPort);

    /** Returns the output port an input port won in the last allocation, or -1. */
    int grantedOutput(int inPort);

    /** Returns the input ports that won the last allocation, bit p for port p. */
    long grantedInputs();
}
