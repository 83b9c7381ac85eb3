package scmp.isa;

/** Network message types carried in the head flit (thesis section 2.2.1). */
public enum MessageType {
    THREAD(0, "allocates a thread context on the target node: pc from the address flit, data flits into a0, a1, ... (r4 upward)"),
    DATA(1, "the target's NIU writes the data flits by DMA at the address flit's address, stride words apart");

    public final int code;
    public final String description;

    MessageType(int code, String description) {
        this.code = code;
        this.description = description;
    }

    public static MessageType byCode(int code) {
        for (MessageType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
