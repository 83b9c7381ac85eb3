package scmp.noc.alloc;

/** The arbiters a configuration can name; each creates fresh arbiters of its kind. */
public enum ArbiterKind {
    /** {@link RoundRobinArbiter}. */
    ROUND_ROBIN,
    /** {@link MatrixArbiter}. */
    MATRIX;

    /** Creates an arbiter of this kind for {@code size} requesters. */
    public Arbiter create(int size) {
        return switch (this) {
            case ROUND_ROBIN -> new RoundRobinArbiter(size);
            case MATRIX -> new MatrixArbiter(size);
        };
    }
}
