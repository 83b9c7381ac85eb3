package scmp.noc;

import java.io.PrintStream;

/**
 * Receives the progress of watched flits (those with {@link Flit#WATCH} set) through the network: one call
 * per event, so a single message can be followed from its injection through every router to its ejection.
 */
@FunctionalInterface
public interface FlitTracer {

    /** The events of a flit's life in the network. */
    enum Event {
        /** The network interface put the flit on the injection channel. */
        INJECT,
        /** The flit was written into an input buffer. */
        ARRIVE,
        /** Route computation chose an output port for the head flit. */
        ROUTE,
        /** Virtual-channel allocation gave the head flit an output virtual channel. */
        VC_ALLOC,
        /** The flit won switch allocation and left the input buffer for the output port. */
        SWITCH,
        /** The network interface took the flit from the ejection port. */
        EJECT
    }

    /**
     * Reports one event.
     *
     * @param cycle the network cycle
     * @param event what happened
     * @param router the router, or the network interface's router for INJECT and EJECT
     * @param port the input port (ARRIVE, ROUTE, VC_ALLOC, INJECT), the output port (SWITCH, EJECT)
     * @param vc the virtual channel: input for INJECT, ARRIVE and ROUTE, output for VC_ALLOC, SWITCH and EJECT
     * @param detail the output port for ROUTE and VC_ALLOC, otherwise 0
     * @param flit the flit as it is at that point
     */
    void event(long cycle, Event event, int router, int port, int vc, int detail, long flit);

    /** Returns a tracer that prints one line per event, naming routers and ports through the topology. */
    static FlitTracer printing(PrintStream out, Topology topology) {
        return (cycle, event, router, port, vc, detail, flit) -> {
            String where = topology.routerName(router) + " " + topology.portName(port) + " vc " + vc;
            String extra = event == Event.ROUTE ? " -> " + topology.portName(detail) : "";
            out.printf("%8d %-8s %s%s  %s%n", cycle, event, where, extra, Flit.toString(flit));
        };
    }
}
