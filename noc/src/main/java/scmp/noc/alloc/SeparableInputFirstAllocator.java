package scmp.noc.alloc;

/**
 * A separable input-first allocator: each input's arbiter picks one of the outputs it asked for, then each
 * output's arbiter picks one of the inputs that picked it. An input arbiter's priority moves only when its
 * pick wins at the output, so a persistent request is eventually granted.
 */
public final class SeparableInputFirstAllocator implements Allocator {
    private final int inputs;
    private final int outputs;
    private final Arbiter[] inputArbiters;
    private final Arbiter[] outputArbiters;
    private final long[] requests;
    private final long[] outputRequests;
    private final int[] grants;
    private long requesting;
    private long granted;

    /**
     * Creates an allocator.
     *
     * @param inputs number of inputs, 1..64
     * @param outputs number of outputs, 1..64
     * @param kind the arbiters to use at both stages
     */
    public SeparableInputFirstAllocator(int inputs, int outputs, ArbiterKind kind) {
        this.inputs = Arbiter.checkSize(inputs);
        this.outputs = Arbiter.checkSize(outputs);
        this.inputArbiters = new Arbiter[inputs];
        this.outputArbiters = new Arbiter[outputs];
        for (int i = 0; i < inputs; i++) {
            inputArbiters[i] = kind.create(outputs);
        }
        for (int o = 0; o < outputs; o++) {
            outputArbiters[o] = kind.create(inputs);
        }
        this.requests = new long[inputs];
        this.outputRequests = new long[outputs];
        this.grants = new int[inputs];
        java.util.Arrays.fill(grants, -1);
    }

    @Override
    public int inputs() {
        return inputs;
    }

    @Override
    public int outputs() {
        return outputs;
    }

    @Override
    public void request(int input, long outs) {
        if (outs != 0) {
            requests[input] |= outs;
            requesting |= 1L << input;
        }
    }

    @Override
    public void allocate() {
        for (long g = granted; g != 0; g &= g - 1) {
            grants[Long.numberOfTrailingZeros(g)] = -1;
        }
        granted = 0;
        long touched = 0;
        for (long r = requesting; r != 0; r &= r - 1) {
            int i = Long.numberOfTrailingZeros(r);
            int o = inputArbiters[i].pick(requests[i]);
            requests[i] = 0;
            outputRequests[o] |= 1L << i;
            touched |= 1L << o;
        }
        requesting = 0;
        for (long t = touched; t != 0; t &= t - 1) {
            int o = Long.numberOfTrailingZeros(t);
            int winner = outputArbiters[o].pick(outputRequests[o]);
            outputRequests[o] = 0;
            grants[winner] = o;
            granted |= 1L << winner;
            outputArbiters[o].update(winner);
            inputArbiters[winner].update(o);
        }
    }

    @Override
    public int grant(int input) {
        return grants[input];
    }
}
