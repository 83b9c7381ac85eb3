package scmp.cpu;

/**
 * A fault of the simulated program: the guest did something the machine cannot carry out (an access to
 * unmapped memory, an illegal instruction, a division by zero, a misuse of the network interface...). It ends
 * the simulation with a one-line report; it is never a bug of the simulator.
 *
 * <p>The code that detects a fault (memory, the core's semantics, the network) knows its kind, a description
 * and usually an address; the core then {@linkplain #locate locates} it: node, thread context, pc and the
 * cycle of the faulting instruction. The exception carries no stack trace: it is an event of the guest, not of
 * the host.
 */
public final class GuestFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, coarsely; the description says precisely. */
    public enum Kind {
        /** A load, store, DMA or host access to an address outside mapped memory (or in the null guard). */
        UNMAPPED,
        /** A halfword, word or double access at an address that is not a multiple of its size. */
        MISALIGNED,
        /** A store, DMA write or host read into the program text, which is read-only. */
        WRITE_TO_TEXT,
        /** An instruction word that is not an instruction of the ISA. */
        ILLEGAL_INSTRUCTION,
        /** An integer division or remainder by zero. */
        DIVIDE_BY_ZERO,
        /** An access in the guard at the bottom of a thread context's stack. */
        STACK_OVERFLOW,
        /** A jump, branch, return or thread start outside the program text, or running off its end. */
        BAD_JUMP,
        /** A network instruction used against the rules of the node's device (the NIU on SCMP; see its model). */
        NIU_MISUSE
    }

    private final Kind kind;
    private final String description;
    private final int address;
    private final boolean hasAddress;
    private boolean located;
    private int node = -1;
    private int thread = -1;
    private int pc;
    private long cycle = -1;

    /**
     * Creates a fault with an address.
     *
     * @param kind        the kind
     * @param description what happened, in a few words, without the location ("load from unmapped memory")
     * @param address     the faulting address (memory access, jump target...)
     */
    public GuestFault(Kind kind, String description, int address) {
        this(kind, description, address, true);
    }

    /**
     * Creates a fault without an address.
     *
     * @param kind        the kind
     * @param description what happened, in a few words, without the location ("integer division by zero")
     */
    public GuestFault(Kind kind, String description) {
        this(kind, description, 0, false);
    }

    private GuestFault(Kind kind, String description, int address, boolean hasAddress) {
        super(description, null, false, false);
        this.kind = kind;
        this.description = description;
        this.address = address;
        this.hasAddress = hasAddress;
    }

    /**
     * Records where the fault happened, unless it was already located (a fault raised on behalf of another
     * thread, such as a DATA message delivery, is located by its raiser).
     *
     * @param node   the node number
     * @param thread the thread context number
     * @param pc     the address of the faulting instruction
     * @param cycle  the issue cycle of the faulting instruction
     * @return this fault
     */
    public GuestFault locate(int node, int thread, int pc, long cycle) {
        if (!located) {
            this.located = true;
            this.node = node;
            this.thread = thread;
            this.pc = pc;
            this.cycle = cycle;
        }
        return this;
    }

    /** Returns the kind of fault. */
    public Kind kind() {
        return kind;
    }

    /** Returns the description, without location ("store into the program text"). */
    public String description() {
        return description;
    }

    /** Returns whether the fault concerns an address ({@link #address()} is meaningful). */
    public boolean hasAddress() {
        return hasAddress;
    }

    /** Returns the faulting address; meaningful only when {@link #hasAddress()}. */
    public int address() {
        return address;
    }

    /** Returns whether {@link #locate} has been called. */
    public boolean isLocated() {
        return located;
    }

    /** Returns the node where the fault happened, or -1 before it is located. */
    public int node() {
        return node;
    }

    /** Returns the thread context where the fault happened, or -1 before it is located. */
    public int thread() {
        return thread;
    }

    /** Returns the pc of the faulting instruction. */
    public int pc() {
        return pc;
    }

    /** Returns the cycle of the fault, or -1 before it is located. */
    public long cycle() {
        return cycle;
    }
}
