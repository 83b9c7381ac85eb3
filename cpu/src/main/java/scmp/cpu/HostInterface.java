package scmp.cpu;

import scmp.isa.HostCall;

/**
 * The host side of {@code hcall} (semihosting). The node's engine calls it when a thread executes
 * {@code hcall n}; the implementation reads the service's arguments from the thread's a0 upward, writes its
 * results ({@link HostCall#results}: a0, and a1 for {@code cycles}), and may touch the node's memory. Host work
 * takes no simulated time.
 */
@FunctionalInterface
public interface HostInterface {

    /**
     * Performs one host call.
     *
     * @param node    the node (its memory, node id, and so on)
     * @param thread  the calling thread context; its {@link ThreadContext#pc()} is the {@code hcall}'s address
     * @param service the service
     * @param cycle   the issue cycle of the {@code hcall}
     * @return true to go on, false when the call ends the simulation ({@code exit}, {@code abort})
     * @throws GuestFault when the guest passed memory it may not access
     */
    boolean call(Node node, ThreadContext thread, HostCall service, long cycle);
}
