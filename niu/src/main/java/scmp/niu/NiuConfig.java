package scmp.niu;

/**
 * The parameters of the network interface units, validated once (docs/timing.md section 3).
 *
 * @param queueFlits the injection queue's capacity Q in flits (default 8, {@code scmpsim --niu-queue}); at least
 *                   2, since one instruction may append two flits
 * @param hwRts      the hardware request-to-send / clear-to-send of thesis section 2.3: the NIU serves CTS
 *                   messages itself (docs/timing.md section 3.5); off by default
 */
public record NiuConfig(int queueFlits, boolean hwRts) {

    /** The default injection queue capacity Q. */
    public static final int DEFAULT_QUEUE = 8;
    /** The largest injection queue accepted. */
    public static final int MAX_QUEUE = 4096;

    /**
     * The NIUs of the thesis's chip, without the hardware handshake.
     *
     * @param queueFlits the injection queue's capacity Q in flits
     */
    public NiuConfig(int queueFlits) {
        this(queueFlits, false);
    }

    /** Validates the parameters. */
    public NiuConfig {
        if (queueFlits < 2 || queueFlits > MAX_QUEUE) {
            throw new IllegalArgumentException("--niu-queue: must be 2.." + MAX_QUEUE + " flits, got " + queueFlits);
        }
    }

    /** Returns the defaults: an 8-flit injection queue. */
    public static NiuConfig defaults() {
        return new NiuConfig(DEFAULT_QUEUE);
    }
}
