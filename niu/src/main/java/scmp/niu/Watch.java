package scmp.niu;

import java.io.PrintStream;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.IntFunction;
import scmp.noc.Flit;
import scmp.noc.FlitTracer;
import scmp.noc.Topology;

/**
 * The trace of selected messages from end to end ({@code scmpsim --watch NODE:K}): the instruction that
 * starts the message, every flit entering the sender's injection queue, the routers' events for each flit
 * (through the network's {@link FlitTracer}, the message's flits carry the watch bit), and what the receiving
 * NIU does with each flit: the write of a DATA word, the register of a THREAD message, the thread becoming
 * ready. One line per event, first the network cycle:
 * <pre>
 *       24 SENDH    node 0 thread 0 pc 0x00001010 (main+0x10): DATA message #0 to node 5 stride 1 (core cycle 12)
 *       24 QUEUE    node 0 NIU, queue 1/8  H... 3a010001 #16
 *       24 INJECT   (0,0) local vc 0  H.VW 3a010001 #16
 *       25 ARRIVE   (0,0) local vc 0  H.VW 3a010001 #16
 *      ...
 *       40 WRITE    node 5 NIU: word 0 to 0x00002000, visible from core cycle 21  ..VW 0000002a #16
 * </pre>
 * Messages are numbered per sending node from 0 in the order their heads are accepted.
 */
public final class Watch implements FlitTracer {

    /** The NIU-side events of a watched message (the routers' events are {@link FlitTracer.Event}). */
    public enum NiuEvent {
        /** A {@code sendh_*} instruction started the message. */
        SENDH,
        /** A flit entered the sending NIU's injection queue (from an instruction or the DMA engine). */
        QUEUE,
        /** The DMA engine read a word of a {@code sendm}/{@code sendme} block. */
        DMA,
        /** The receiving NIU took the head and started the message (a context reserved for a THREAD message). */
        ACCEPT,
        /** A THREAD message's head waits at the ejection port: no thread context is free. */
        WAIT,
        /** The receiving NIU wrote a data word of a DATA message into memory. */
        WRITE,
        /** The receiving NIU loaded the pc or a register of a THREAD message's thread. */
        LOAD,
        /** The THREAD message's thread became ready. */
        READY
    }

    /**
     * One message to watch.
     *
     * @param node    the sending node
     * @param message the message's number on that node, from 0
     */
    public record Selection(int node, int message) {

        /**
         * Parses {@code NODE:K}.
         *
         * @param text the selection
         * @return it
         * @throws IllegalArgumentException with a one-line reason
         */
        public static Selection parse(String text) {
            String[] p = text.split(":", -1);
            try {
                if (p.length == 2) {
                    int node = Integer.parseInt(p[0].trim());
                    int k = Integer.parseInt(p[1].trim());
                    if (node >= 0 && k >= 0) {
                        return new Selection(node, k);
                    }
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new IllegalArgumentException("'" + text + "' is not NODE:K (the K-th message sent by NODE, from 0)");
        }

        @Override
        public String toString() {
            return node + ":" + message;
        }
    }

    private final TreeSet<Long> selected = new TreeSet<>();
    private final PrintStream out;
    private final IntFunction<String> where;
    private Topology topology;

    /**
     * Creates the trace.
     *
     * @param selections the messages to follow
     * @param out        where the lines go
     * @param where      describes a code address ({@code pc 0x00001010 (main+0x10)})
     */
    public Watch(Iterable<Selection> selections, PrintStream out, IntFunction<String> where) {
        for (Selection s : selections) {
            selected.add(key(s.node(), s.message()));
        }
        this.out = out;
        this.where = where;
    }

    private static long key(int node, int message) {
        return ((long) node << 32) | (message & 0xFFFF_FFFFL);
    }

    /**
     * Connects the trace to the router network whose routers it names.
     *
     * @param t the network's topology
     */
    public void attach(Topology t) {
        this.topology = t;
    }

    /** Tells whether the {@code message}-th message of {@code node} is watched. */
    boolean selects(int node, int message) {
        return selected.contains(key(node, message));
    }

    void sendh(long netCycle, long coreCycle, int node, int thread, int pc, int message, int type, int dest,
               int stride) {
        line(netCycle, NiuEvent.SENDH.name(), String.format(Locale.ROOT,
                "node %d thread %d %s: %s message #%d to node %d%s (core cycle %d)", node, thread, where.apply(pc),
                type == 0 ? "THREAD" : "DATA", message, dest, type == 0 ? "" : " stride " + stride, coreCycle), 0);
    }

    void niu(long netCycle, NiuEvent e, int node, String what, long flit) {
        line(netCycle, e.name(), "node " + node + " NIU" + (what.isEmpty() ? "" : ", " + what), flit);
    }

    void thread(long netCycle, NiuEvent e, int node, String what) {
        line(netCycle, e.name(), "node " + node + ": " + what, 0);
    }

    @Override
    public void event(long cycle, Event event, int router, int port, int vc, int detail, long flit) {
        String at = topology == null ? "router " + router + " port " + port
                : topology.routerName(router) + " " + topology.portName(port);
        String extra = event == Event.ROUTE ? " -> " + (topology == null ? detail : topology.portName(detail)) : "";
        line(cycle, event.name(), at + " vc " + vc + extra, flit);
    }

    private void line(long cycle, String event, String text, long flit) {
        StringBuilder sb = new StringBuilder(96);
        String c = Long.toString(cycle);
        for (int k = c.length(); k < 8; k++) {
            sb.append(' ');
        }
        sb.append(c).append(' ').append(event);
        for (int k = event.length(); k < 8; k++) {
            sb.append(' ');
        }
        sb.append(' ').append(text);
        if (flit != 0) {
            sb.append("  ").append(Flit.toString(flit));
        }
        out.println(sb);
    }
}
