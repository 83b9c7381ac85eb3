package scmp.model.sp;

import java.util.Arrays;
import scmp.cpu.GuestFault;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.cpu.ThreadContext;
import scmp.isa.SpecialRegister;
import scmp.isa.sem.SendForm;

/**
 * The switch adapter of one SP node as its core sees it (docs/sp.md, "The guest interface"): the device behind the
 * network instructions, in the form the T3D's shell has (a head whose type field selects the operation, data
 * instructions, the tail handing the request over). It sends packets through the {@link SpSwitch}, keeps the
 * receive ring the guest gave it, blocks threads that wait, starts the interrupt handler, and answers
 * {@code niustat}.
 */
final class SpAdapter implements NetworkPort, SpecialRegisters {
    /** The operations, by the head's type field. */
    static final int SEND = 1, RING = 2, FREE = 3, INTERRUPTS = 4, RETURN = 5, WAIT = 6, THREAD = 7;
    /** Bits of {@code niustat} and of a wait's mask. */
    static final int STATUS_SENDING = 1, STATUS_RECEIVED = 2, STATUS_OPEN = 4;
    /** A thread whose send head was refused (the send FIFO was full) waits for room, as a wait on this bit. */
    private static final int SEND_ROOM = 0x100;

    private static final SendForm[] FORM = SendForm.table();

    private final int id;
    private final int nodes;
    private final int memory;
    private final SpParams params;
    private final Node node;
    private SpSwitch network;

    // the open request
    private int open;
    private int openCtx = -1;
    private int target;
    private int user;
    private int[] words = new int[8];
    private int count;

    // the send side: packets handed over and not yet read from memory, and those not yet in the switch
    private int unread;
    private int inFifo;
    private long sent;

    // the receive ring
    private int ring;
    private int slots;
    private long landed;
    private long freed;

    // interrupts: the handler (0: polling mode), whether it runs or is about to
    private int handler;
    private boolean handlerActive;
    private boolean interruptPending;
    private long interrupts;

    private final int[] waiting;
    private int waiters;

    SpAdapter(int id, int nodes, int memory, int contexts, SpParams params, Node node) {
        this.id = id;
        this.nodes = nodes;
        this.memory = memory;
        this.params = params;
        this.node = node;
        this.waiting = new int[contexts];
    }

    void connect(SpSwitch s) {
        this.network = s;
    }

    @Override
    public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
        SendForm form = FORM[op];
        switch (form.kind()) {
            case SendForm.HEAD -> {
                return head(cycle, thread, v0, v1, v2);
            }
            case SendForm.WORDS -> {
                requireOpen(thread);
                append(v0);
                if (form.words() == 2) {
                    append(v1);
                }
                return form.tail() ? finish(cycle, -1, 0) : ACCEPTED;
            }
            default -> {
                requireOpen(thread);
                if (open != SEND || !form.tail() || count != 0) {
                    throw misuse("a DMA block ends a send, alone: sendme after the head");
                }
                int stride = v1 >>> 16;
                if (stride > 1) {
                    throw misuse("the send DMA reads consecutive words (stride 0 or 1), not stride " + stride);
                }
                return finish(cycle, v0, v1 & 0xFFFF);
            }
        }
    }

    private int head(long cycle, ThreadContext thread, int dst, int type, int addr) {
        if (openCtx >= 0) {
            throw misuse("a head while a request is open (its tail was not sent)");
        }
        switch (type) {
            case SEND -> {
                if (dst < 0 || dst >= nodes) {
                    throw misuse("node " + dst + " is not in the system of " + nodes + " nodes");
                }
                if (inFifo >= params.fifoPackets()) {
                    block(thread, SEND_ROOM);
                    return REFUSED;
                }
            }
            case RING -> {
                if (ring != 0) {
                    throw misuse("the receive ring is set already");
                }
            }
            case FREE -> {
                if (addr < 1 || addr > landed - freed) {
                    throw misuse("frees " + addr + " receive slot(s), but " + (landed - freed) + " hold packets");
                }
                freed += addr;
                network.slotsFreed(id, cycle);
                return ENDED;
            }
            case INTERRUPTS -> {
                handler = addr;
                if (handler != 0 && landed > freed) {
                    raise(cycle);
                }
                return ENDED;
            }
            case RETURN -> {
                if (!handlerActive) {
                    throw misuse("an interrupt return without an interrupt");
                }
                handlerActive = false;
                if (handler != 0 && landed > freed) {
                    raise(cycle);
                }
                return ENDED;
            }
            case WAIT -> {
                if (addr == 0 || (addr & ~(STATUS_SENDING | STATUS_RECEIVED)) != 0) {
                    throw misuse("a wait's mask is 1 (sends read), 2 (a packet received) or 3, not " + addr);
                }
                if (holds(addr)) {
                    return ACCEPTED;
                }
                block(thread, addr);
                return REFUSED;
            }
            case THREAD -> {
                // a thread of this node's own, ready in the cycle after the head, given the cost of an operating
                // system's thread switch to charge (docs/sp.md, "The guest interface")
                if (!node.startThread(cycle + 1, addr, new int[] {params.threadSwitchCycles()}, 1)) {
                    throw misuse("a new thread, but every thread context of the node is in use");
                }
                return ENDED;
            }
            default -> throw misuse("no adapter operation has type " + type);
        }
        open = type;
        openCtx = thread.id();
        target = dst;
        user = addr;
        count = 0;
        return ACCEPTED;
    }

    private void block(ThreadContext thread, int mask) {
        waiting[thread.id()] = mask;
        waiters++;
    }

    private void requireOpen(ThreadContext thread) {
        if (openCtx != thread.id()) {
            throw misuse(openCtx < 0 ? "data without a head" : "data into another thread's request");
        }
    }

    private void append(int w) {
        if (count == words.length) {
            words = Arrays.copyOf(words, 2 * count);
        }
        words[count++] = w;
    }

    /** The tail: hands the request over. A send from memory has {@code dmaWords > 0}. */
    private int finish(long cycle, int dmaAddress, int dmaWords) {
        openCtx = -1;
        if (open == RING) {
            if (count != 1 || words[0] < 1) {
                throw misuse("a receive ring's data is its number of slots, at least 1: sende slots");
            }
            long end = (long) words[0] * params.packetBytes();
            if (user <= 0 || (user & 3) != 0 || user + end > memory) {
                throw misuse(String.format("the receive ring at 0x%08x (%d slots of %d bytes) is not word-aligned "
                        + "memory", user, words[0], params.packetBytes()));
            }
            ring = user;
            slots = words[0];
            network.slotsFreed(id, cycle);
            return ENDED;
        }
        int n = dmaWords > 0 ? dmaWords : count;
        if (n < 1 || n > params.payloadWords()) {
            throw misuse("a packet carries 1.." + params.payloadWords() + " words, not " + n);
        }
        if (dmaWords > 0) {
            long last = (long) dmaAddress + 4L * n;
            if ((dmaAddress & 3) != 0 || dmaAddress < 0 || last > memory) {
                throw misuse(String.format("the send block at 0x%08x (%d words) is not word-aligned memory",
                        dmaAddress, n));
            }
        }
        unread++;
        inFifo++;
        sent++;
        network.send(cycle, id, target, user, dmaWords > 0 ? null : Arrays.copyOf(words, n), dmaAddress, n);
        return ENDED;
    }

    private GuestFault misuse(String what) {
        return new GuestFault(GuestFault.Kind.NIU_MISUSE, "SP switch adapter of node " + id + ": " + what);
    }

    @Override
    public void threadEnded(long cycle, ThreadContext thread) {
        if (openCtx == thread.id()) {
            throw misuse("endt while the thread's request is open (its tail was not sent)");
        }
    }

    private boolean holds(int mask) {
        return ((mask & STATUS_SENDING) == 0 || unread == 0) && ((mask & STATUS_RECEIVED) == 0 || landed > freed)
                && ((mask & SEND_ROOM) == 0 || inFifo < params.fifoPackets());
    }

    private void wake(long cycle) {
        if (waiters == 0) {
            return;
        }
        for (int k = 0; k < waiting.length; k++) {
            if (waiting[k] != 0 && holds(waiting[k])) {
                waiting[k] = 0;
                waiters--;
                node.wakeThread(k, cycle);
            }
        }
    }

    // ---- from the switch, in network cycle order ----

    /** A packet's words have been read from memory, for instructions at {@code cycle}. */
    void sendRead(long cycle) {
        unread--;
        wake(cycle);
    }

    /** A packet has left the send FIFO for the switch at {@code cycle}. */
    void sendLeft(long cycle) {
        inFifo--;
        wake(cycle + 1);
    }

    /** Whether the switch may soon act on this node: sends not yet in the switch, or an interrupt raised. */
    boolean busy() {
        return unread != 0 || inFifo != 0 || interruptPending;
    }

    /** Tells whether the receive ring has a free slot. */
    boolean slotFree() {
        return ring != 0 && landed - freed < slots;
    }

    /** Returns the address of the slot the next packet lands in. */
    int claimSlot() {
        return ring + (int) (landed % slots) * params.packetBytes();
    }

    /** A packet has landed in the ring, visible from {@code cycle}. */
    void landed(long cycle) {
        landed++;
        wake(cycle);
        if (handler != 0 && !handlerActive) {
            raise(cycle);
        }
    }

    private void raise(long cycle) {
        if (!interruptPending) {
            interruptPending = true;
            network.raiseInterrupt(id, cycle);
        }
    }

    /** The interrupt raised {@code interruptCycles} ago starts the handler at {@code cycle}. */
    void startHandler(long cycle) {
        interruptPending = false;
        if (handler == 0 || handlerActive) {
            return;
        }
        if (node.startThread(cycle, handler, new int[] {params.hysteresisCycles()}, 1)) {
            handlerActive = true;
            interrupts++;
        } else {
            raise(cycle);   // no free context: the interrupt is raised again
        }
    }

    /** Returns the packets this node has sent. */
    long sent() {
        return sent;
    }

    /** Returns the packets landed in this node's receive ring. */
    long received() {
        return landed;
    }

    /** Returns the interrupt handlers started. */
    long interrupts() {
        return interrupts;
    }

    /** Describes why a context waits, or null. */
    String waitReason(int context) {
        int m = context < waiting.length ? waiting[context] : 0;
        if (m == 0) {
            return null;
        }
        if ((m & SEND_ROOM) != 0) {
            return "room in the adapter's send FIFO";
        }
        return (m & STATUS_RECEIVED) != 0 && landed == freed ? "a packet in the receive ring"
                : "the adapter to read " + unread + " packet(s) from memory";
    }

    @Override
    public int read(SpecialRegister sr, long cycle, ThreadContext thread) {
        return switch (sr) {
            case XDIM -> nodes;
            case YDIM -> 1;
            case NIUSTAT -> (unread != 0 ? STATUS_SENDING : 0) | (landed > freed ? STATUS_RECEIVED : 0)
                    | (openCtx >= 0 ? STATUS_OPEN : 0);
            default -> 0;
        };
    }
}
