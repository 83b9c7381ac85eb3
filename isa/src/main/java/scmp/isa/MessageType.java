package scmp.isa;

/**
 * Network message types carried in the head flit: THREAD and DATA are the thesis's (section 2.2.1); CTS is the
 * hardware clear-to-send the thesis proposes in section 2.3, an option of the chip (docs/timing.md section 3.5).
 */
public enum MessageType {
    THREAD(0, "allocates a thread context on the target node: pc from the address flit, data flits into a0, a1, ... (r4 upward)"),
    DATA(1, "the target's NIU writes the data flits by DMA at the address flit's address, stride words apart"),
    CTS(2, "clear to send (thesis section 2.3; only on a chip with `--param hwRts=true`): the target's NIU itself sends "
            + "the payload its send descriptor names (address flit) as a DATA message, then writes a done word "
            + "(docs/timing.md section 3.5)");

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
