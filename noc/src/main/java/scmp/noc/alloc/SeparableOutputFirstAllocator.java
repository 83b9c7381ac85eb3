package scmp.noc.alloc;

/**
 * A separable output-first allocator: each output's arbiter picks one of the inputs that asked for it, then
 * each input's arbiter picks one of the outputs that picked it. Priorities move only on final grants.
 */
public final class SeparableOutputFirstAllocator implements Allocator {
    private final int inputs;
    private final int outputs;
    private final Arbiter[] inputArbiters;
    private final Arbiter[] outputArbiters;
    private final long[] requests;
    private final long[] outputRequests;
    private final long[] offers;
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
    public SeparableOutputFirstAllocator(int inputs, int outputs, ArbiterKind kind) {
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
        this.offers = new long[inputs];
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
            for (long q = requests[i]; q != 0; q &= q - 1) {
                int o = Long.numberOfTrailingZeros(q);
                outputRequests[o] |= 1L << i;
                touched |= 1L << o;
            }
            requests[i] = 0;
        }
        requesting = 0;
        long offered = 0;
        for (long t = touched; t != 0; t &= t - 1) {
            int o = Long.numberOfTrailingZeros(t);
            int i = outputArbiters[o].pick(outputRequests[o]);
            outputRequests[o] = 0;
            offers[i] |= 1L << o;
            offered |= 1L << i;
        }
        for (long f = offered; f != 0; f &= f - 1) {
            int i = Long.numberOfTrailingZeros(f);
            int o = inputArbiters[i].pick(offers[i]);
            offers[i] = 0;
            grants[i] = o;
            granted |= 1L << i;
            inputArbiters[i].update(o);
            outputArbiters[o].update(i);
        }
    }

    @Override
    public int grant(int input) {
        return grants[input];
    }
}
