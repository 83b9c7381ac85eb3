package scmp.noc;

import scmp.isa.MessageType;

/**
 * The decoded fields of a head flit: the remaining X and Y offsets, the message type and the DATA stride.
 * At the destination both offsets are zero; a THREAD message ignores the stride.
 *
 * @param dx signed X offset, east positive
 * @param dy signed Y offset, south positive
 * @param type message type code (see {@link MessageType})
 * @param stride signed stride in words
 */
public record HeadFlit(int dx, int dy, int type, int stride) {

    /** Encodes these fields as a head flit payload in the given format. */
    public int encode(FlitFormat format) {
        return format.encode(dx, dy, type, stride);
    }

    /** Builds the complete head flit (head bit set, tail bit as given) in the given format. */
    public long toFlit(FlitFormat format, boolean tail) {
        return Flit.of(encode(format), true, tail);
    }

    /** Decodes a head flit payload in the given format. */
    public static HeadFlit decode(FlitFormat format, int payload) {
        return new HeadFlit(format.dx(payload), format.dy(payload), format.type(payload), format.stride(payload));
    }

    /** Returns the message type, or null when the code names none. */
    public MessageType messageType() {
        return MessageType.byCode(type);
    }
}
