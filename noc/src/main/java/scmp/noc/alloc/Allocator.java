package scmp.noc.alloc;

/**
 * Matches inputs to outputs (up to 64 of each): every input asks for a set of outputs, and the allocator
 * grants each input at most one output it asked for and each output to at most one input. The router uses
 * it for virtual-channel allocation (inputs and outputs are port*vcs+vc).
 *
 * <p>Call order per cycle: {@code request}* {@code allocate} {@code grant}*. {@code allocate} consumes the
 * requests; grants stay readable until the next {@code allocate}.
 */
public interface Allocator {

    /** Returns the number of inputs. */
    int inputs();

    /** Returns the number of outputs. */
    int outputs();

    /**
     * Adds requests of one input.
     *
     * @param input the requesting input
     * @param outputs the outputs it would accept, bit o for output o
     */
    void request(int input, long outputs);

    /** Computes the grants for the requests made since the last call, and moves arbiter priorities. */
    void allocate();

    /** Returns the output granted to an input by the last {@link #allocate()}, or -1. */
    int grant(int input);
}
