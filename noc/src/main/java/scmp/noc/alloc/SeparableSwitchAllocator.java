package scmp.noc.alloc;

/**
 * A separable input-first switch allocator: at each input port an arbiter over its virtual channels picks one
 * requesting channel, then at each output port an arbiter over the input ports picks one of the ports whose
 * pick wants it. The virtual-channel arbiter's priority moves only when its pick wins the output.
 */
public final class SeparableSwitchAllocator implements SwitchAllocator {
    private final int ports;
    private final int vcs;
    private final Arbiter[] vcArbiters;
    private final Arbiter[] outputArbiters;
    private final long[] vcRequests;
    private final int[] wanted;
    private final long[] outputRequests;
    private final int[] pickedVc;
    private final int[] grantVc;
    private final int[] grantOut;
    private long requestingPorts;
    private long granted;

    /**
     * Creates a switch allocator.
     *
     * @param ports ports per router, 1..64
     * @param vcs virtual channels per input port, 1..64
     * @param kind the arbiters to use at both stages
     */
    public SeparableSwitchAllocator(int ports, int vcs, ArbiterKind kind) {
        this.ports = Arbiter.checkSize(ports);
        this.vcs = Arbiter.checkSize(vcs);
        this.vcArbiters = new Arbiter[ports];
        this.outputArbiters = new Arbiter[ports];
        for (int p = 0; p < ports; p++) {
            vcArbiters[p] = kind.create(vcs);
            outputArbiters[p] = kind.create(ports);
        }
        this.vcRequests = new long[ports];
        this.wanted = new int[ports * vcs];
        this.outputRequests = new long[ports];
        this.pickedVc = new int[ports];
        this.grantVc = new int[ports];
        this.grantOut = new int[ports];
        java.util.Arrays.fill(grantVc, -1);
        java.util.Arrays.fill(grantOut, -1);
    }

    @Override
    public int ports() {
        return ports;
    }

    @Override
    public int vcs() {
        return vcs;
    }

    @Override
    public void request(int inPort, int vc, int outPort) {
        vcRequests[inPort] |= 1L << vc;
        wanted[inPort * vcs + vc] = outPort;
        requestingPorts |= 1L << inPort;
    }

    @Override
    public void allocate() {
        for (long g = granted; g != 0; g &= g - 1) {
            int p = Long.numberOfTrailingZeros(g);
            grantVc[p] = -1;
            grantOut[p] = -1;
        }
        granted = 0;
        long touched = 0;
        for (long r = requestingPorts; r != 0; r &= r - 1) {
            int p = Long.numberOfTrailingZeros(r);
            int vc = vcArbiters[p].pick(vcRequests[p]);
            vcRequests[p] = 0;
            pickedVc[p] = vc;
            int o = wanted[p * vcs + vc];
            outputRequests[o] |= 1L << p;
            touched |= 1L << o;
        }
        requestingPorts = 0;
        for (long t = touched; t != 0; t &= t - 1) {
            int o = Long.numberOfTrailingZeros(t);
            int p = outputArbiters[o].pick(outputRequests[o]);
            outputRequests[o] = 0;
            grantVc[p] = pickedVc[p];
            grantOut[p] = o;
            granted |= 1L << p;
            outputArbiters[o].update(p);
            vcArbiters[p].update(pickedVc[p]);
        }
    }

    @Override
    public int grantedVc(int inPort) {
        return grantVc[inPort];
    }

    @Override
    public int grantedOutput(int inPort) {
        return grantOut[inPort];
    }

    @Override
    public long grantedInputs() {
        return granted;
    }
}
