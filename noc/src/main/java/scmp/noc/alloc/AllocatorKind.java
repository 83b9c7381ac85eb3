package scmp.noc.alloc;

/** The separable allocators a configuration can name for virtual-channel allocation. */
public enum AllocatorKind {
    /** {@link SeparableInputFirstAllocator}. */
    INPUT_FIRST,
    /** {@link SeparableOutputFirstAllocator}. */
    OUTPUT_FIRST;

    /** Creates an allocator of this kind whose arbiters are of the given kind. */
    public Allocator create(int inputs, int outputs, ArbiterKind arbiters) {
        return switch (this) {
            case INPUT_FIRST -> new SeparableInputFirstAllocator(inputs, outputs, arbiters);
            case OUTPUT_FIRST -> new SeparableOutputFirstAllocator(inputs, outputs, arbiters);
        };
    }
}
