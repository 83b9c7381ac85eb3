package scmp.machine;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.PriorityQueue;
import scmp.cpu.Core;
import scmp.cpu.GuestFault;
import scmp.cpu.Memory;
import scmp.cpu.NetworkPort;
import scmp.cpu.ThreadContext;
import scmp.isa.MessageType;

/**
 * A functional <b>placeholder</b> for the SCMP network: it carries THREAD and DATA messages between any two
 * nodes (a node may send to itself) with the semantics of docs/isa.md, but its timing is not the chip's. It
 * stands in until the NIU and mesh models of docs/timing.md sections 3 and 4 exist, and nothing may rely on
 * its numbers:
 * <ul>
 *   <li>the NIU accepts every flit at once (no injection queue, no backpressure on the sender);</li>
 *   <li>a message arrives {@link #BASE_LATENCY} cycles plus one cycle per hop (Manhattan distance in the
 *       mesh) after the issue cycle of the instruction that sent its tail flit, whatever its length;</li>
 *   <li>{@code sendm}/{@code sendme} read the sender's memory when they issue;</li>
 *   <li>a DATA message is written into the target's memory at once on arrival, without using its memory
 *       port; a THREAD message starts a thread ready at its arrival cycle, or, when every context of the
 *       target is busy, waits (in arrival order) until a context is free again, and then starts a thread
 *       ready at the cycle after the {@code endt} that freed it.</li>
 * </ul>
 * Deliveries happen in the order (arrival cycle, sending node, sending order), so runs are deterministic.
 *
 * <p>Misuse of the NIU is a guest fault at the network instruction: a data flit with no head, a head while a
 * message is open, an unknown message type or destination node, {@code sendme} with a count of 0, and a THREAD
 * message with more than 24 data words. A DATA message that writes where the target may not (unmapped memory,
 * a stack guard, the text) faults when it arrives; the fault names the sending thread and the instruction that
 * ended the message.
 */
public final class IdealNetwork implements Network {
    /** The latency of a message to its own node, in cycles; also the network's lookahead. */
    public static final int BASE_LATENCY = 8;
    /** The most data words of a THREAD message: registers r4..r27. */
    public static final int MAX_THREAD_WORDS = 24;

    private final Core[] cores;
    private final int xdim;
    private final NodePort[] ports;
    private final PriorityQueue<Message> inFlight = new PriorityQueue<>(
            Comparator.comparingLong((Message m) -> m.arrival).thenComparingInt(m -> m.src).thenComparingLong(m -> m.seq));
    private final ArrayDeque<Message> waiting = new ArrayDeque<>();
    private long seq;

    /** A message being built or in flight. */
    private static final class Message {
        final int src;
        final int dest;
        final int type;
        final int address;
        final int stride;
        int[] data = new int[8];
        int count;
        int senderThread;
        int tailPc;
        long arrival;
        long seq;

        Message(int src, int dest, int type, int address, int stride) {
            this.src = src;
            this.dest = dest;
            this.type = type;
            this.address = address;
            this.stride = stride;
        }

        void append(int w) {
            if (count == data.length) {
                data = Arrays.copyOf(data, 2 * count);
            }
            data[count++] = w;
        }
    }

    /**
     * Creates the network of a mesh.
     *
     * @param cores the nodes' cores, indexed by node number
     * @param xdim  the mesh width
     */
    public IdealNetwork(Core[] cores, int xdim) {
        this.cores = cores.clone();
        this.xdim = xdim;
        this.ports = new NodePort[cores.length];
        for (int n = 0; n < cores.length; n++) {
            ports[n] = new NodePort(n);
        }
    }

    @Override
    public NetworkPort port(int node) {
        return ports[node];
    }

    @Override
    public int lookahead() {
        return BASE_LATENCY;
    }

    /**
     * {@inheritDoc} A THREAD message waiting for a context is due again once its node has a free context: at
     * the cycle after that node's last {@code endt} (or its arrival, if later).
     */
    @Override
    public long nextEventCycle() {
        long next = inFlight.isEmpty() ? Long.MAX_VALUE : inFlight.peek().arrival;
        for (Message m : waiting) {
            Core c = cores[m.dest];
            if (c.freeContexts() > 0) {
                next = Math.min(next, Math.max(m.arrival, c.lastEndCycle() + 1));
            }
        }
        return next;
    }

    @Override
    public boolean idle() {
        return inFlight.isEmpty() && waiting.isEmpty();
    }

    private int hops(int a, int b) {
        return Math.abs(a % xdim - b % xdim) + Math.abs(a / xdim - b / xdim);
    }

    @Override
    public void deliver(long cycle) {
        if (!waiting.isEmpty()) {
            boolean[] full = new boolean[cores.length];
            for (Iterator<Message> it = waiting.iterator(); it.hasNext(); ) {
                Message m = it.next();
                if (!full[m.dest] && startThread(m, cycle)) {
                    it.remove();
                } else {
                    full[m.dest] = true;
                }
            }
        }
        while (!inFlight.isEmpty() && inFlight.peek().arrival <= cycle) {
            Message m = inFlight.poll();
            if (m.type == MessageType.DATA.code) {
                writeData(m);
            } else if (waitingFor(m.dest) || !startThread(m, m.arrival)) {
                waiting.add(m);
            }
        }
    }

    private boolean waitingFor(int node) {
        for (Message m : waiting) {
            if (m.dest == node) {
                return true;
            }
        }
        return false;
    }

    private boolean startThread(Message m, long cycle) {
        try {
            return cores[m.dest].startThread(cycle, m.address, m.data, m.count);
        } catch (GuestFault g) {
            throw new GuestFault(GuestFault.Kind.BAD_JUMP, String.format(
                    "THREAD message to node %d starts a thread at 0x%x, outside the program text", m.dest, m.address),
                    m.address).locate(m.src, m.senderThread, m.tailPc, m.arrival);
        }
    }

    private void writeData(Message m) {
        Memory mem = cores[m.dest].memory();
        int addr = m.address;
        for (int k = 0; k < m.count; k++) {
            try {
                mem.dmaWrite(addr, m.data[k]);
            } catch (GuestFault g) {
                throw new GuestFault(g.kind(), "DATA message to node " + m.dest + ": " + g.description(), g.address())
                        .locate(m.src, m.senderThread, m.tailPc, m.arrival);
            }
            addr += 4 * m.stride;
        }
    }

    /** The NIU of one node: builds the message being sent. */
    private final class NodePort implements NetworkPort {
        private final int node;
        private Message open;

        NodePort(int node) {
            this.node = node;
        }

        @Override
        public boolean sendHead(long cycle, ThreadContext thread, int destNode, int type, int address, int stride) {
            if (open != null) {
                throw misuse("sendh while a message is still open (its tail flit was not sent)");
            }
            if (MessageType.byCode(type) == null) {
                throw misuse("message of unknown type " + type);
            }
            if (destNode < 0 || destNode >= cores.length) {
                throw misuse("message to node " + destNode + ", but the mesh has " + cores.length + " node"
                        + (cores.length == 1 ? "" : "s"));
            }
            open = new Message(node, destNode, type, address, stride);
            return true;
        }

        @Override
        public boolean sendData(long cycle, ThreadContext thread, int w0, int w1, int count, boolean tail) {
            Message m = requireOpen();
            append(m, w0);
            if (count == 2) {
                append(m, w1);
            }
            if (tail) {
                close(m, cycle, thread);
            }
            return true;
        }

        @Override
        public boolean sendDma(long cycle, ThreadContext thread, int address, int strideCount, boolean tail) {
            Message m = requireOpen();
            int count = strideCount & 0xFFFF;
            int stride = strideCount >> 16;
            if (tail && count == 0) {
                throw misuse("sendme with a word count of 0 cannot end the message");
            }
            Memory mem = cores[node].memory();
            int addr = address;
            for (int k = 0; k < count; k++) {
                append(m, mem.dmaRead(addr));
                addr += 4 * stride;
            }
            if (tail) {
                close(m, cycle, thread);
            }
            return true;
        }

        private Message requireOpen() {
            if (open == null) {
                throw misuse("data flit without a head flit (no sendh before it)");
            }
            return open;
        }

        private void append(Message m, int w) {
            if (m.type == MessageType.THREAD.code && m.count == MAX_THREAD_WORDS) {
                throw misuse("THREAD message with more than " + MAX_THREAD_WORDS + " data words");
            }
            m.append(w);
        }

        private void close(Message m, long cycle, ThreadContext thread) {
            m.senderThread = thread.id();
            m.tailPc = thread.pc();
            m.arrival = cycle + BASE_LATENCY + hops(m.src, m.dest);
            m.seq = seq++;
            inFlight.add(m);
            open = null;
        }

        private GuestFault misuse(String what) {
            return new GuestFault(GuestFault.Kind.NIU_MISUSE, "NIU misuse: " + what);
        }
    }
}
