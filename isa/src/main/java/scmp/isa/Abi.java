package scmp.isa;

/**
 * Constants of the SCMP application binary interface and default memory layout (docs/abi.md).
 * The simulator may be configured with other sizes; these are the defaults and the linker's layout.
 */
public final class Abi {
    private Abi() {
    }

    /** ELF e_machine of SCMP objects and executables (unassigned by the ELF registry; 'S','C'). */
    public static final int EM_SCMP = 0x5343;
    /** Default and largest local memory per node. */
    public static final int DEFAULT_MEM_SIZE = 8 << 20;
    public static final int MAX_MEM_SIZE = 8 << 20;
    /** Bytes 0 .. NULL_GUARD-1 are unmapped on every node: a null pointer dereference faults. */
    public static final int NULL_GUARD = 0x1000;
    /** Where the linker places .text by default. */
    public static final int TEXT_BASE = 0x1000;
    /** Bytes at the top of memory reserved for the program's arguments and environment (argv and envp vectors and their strings). */
    public static final int ARG_AREA = 0x1000;
    /** Default thread contexts per node, and the allowed range. */
    public static final int DEFAULT_CONTEXTS = 8, MIN_CONTEXTS = 1, MAX_CONTEXTS = 32;
    /** Default stack bytes per thread context, including its guard. */
    public static final int DEFAULT_STACK_SIZE = 64 << 10;
    /** The lowest bytes of each context's stack are an unmapped guard: running into them faults. */
    public static final int STACK_GUARD = 0x400;
    /** Stack pointer alignment at calls. */
    public static final int STACK_ALIGN = 8;
    /** Symbol a function started by a THREAD message returns to (set as ra); crt0 defines it. */
    public static final String THREAD_EXIT_SYMBOL = "__thread_exit";

    /** Top of the stack of context {@code ctx} (the initial sp). */
    public static int stackTop(int memSize, int stackSize, int ctx) {
        return memSize - ARG_AREA - ctx * stackSize;
    }

    /** The first byte the heap may not use: the bottom of the lowest stack. */
    public static int heapEnd(int memSize, int stackSize, int contexts) {
        return memSize - ARG_AREA - contexts * stackSize;
    }
}
