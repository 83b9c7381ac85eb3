package scmp.noc;

/**
 * Decides where a head flit goes. Routers call it once per message per hop, at route computation, and
 * again when the head flit leaves, to rewrite its payload (routing on offsets decrements them). Body flits
 * follow their head and never consult it.
 */
public interface RoutingFunction {

    /**
     * Returns the output port for a head flit.
     *
     * @param router the router computing the route
     * @param inPort the port the head arrived on
     * @param payload the head flit's payload as it arrived
     * @return the output port
     */
    int route(int router, int inPort, int payload);

    /**
     * Returns the head payload to send on an output port, as the routing function wants the next router to
     * see it.
     *
     * @param router the router forwarding the head
     * @param outPort the port chosen by {@link #route}
     * @param payload the head payload as it arrived
     * @return the payload to forward
     */
    int forward(int router, int outPort, int payload);

    /**
     * Returns the output virtual channels a head may be allocated at {@code outPort}, as a subset of
     * {@code available} (bit {@code port * vcs + vc}); all of them unless the routing function needs classes
     * of virtual channels, as torus datelines do.
     */
    default long allowedVcs(int router, int inPort, int inVc, int outPort, long available) {
        return available;
    }

    /**
     * Returns the cycles a head waits in route computation beyond the router's route delay when it goes from
     * {@code inPort} to {@code outPort}: 0 unless the network charges for some turns, as the T3D's torus does for
     * a corner ({@link TorusRouting}).
     *
     * @param router the router
     * @param inPort the port the head arrived on
     * @param outPort the port {@link #route} chose
     * @return the extra cycles, at least 0
     */
    default int extraDelay(int router, int inPort, int outPort) {
        return 0;
    }

    /**
     * Builds the head payload of a message.
     *
     * @param src the sending node
     * @param dst the receiving node
     * @param type the message type code
     * @param stride the DATA stride in words
     * @return the head flit payload
     * @throws IllegalArgumentException when the destination cannot be encoded
     */
    int encodeHead(int src, int dst, int type, int stride);

    /**
     * Returns the node a head payload injected at {@code src} will reach, or -1 when it would leave the
     * network; used to reject malformed heads at injection.
     */
    int destination(int src, int payload);
}
