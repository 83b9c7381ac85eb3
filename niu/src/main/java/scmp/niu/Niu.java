package scmp.niu;

import scmp.cpu.DeviceEvents;
import scmp.cpu.GuestFault;
import scmp.cpu.Memory;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.cpu.ThreadContext;
import scmp.isa.Instruction;
import scmp.isa.MessageType;
import scmp.isa.sem.SendForm;
import scmp.noc.Flit;
import scmp.noc.FlitFormat;
import scmp.noc.RouterNetwork;

/**
 * The network interface unit of one node (docs/timing.md section 3): it turns the core's network
 * instructions into flits in an injection queue, injects them into the node's router, reads memory for
 * {@code sendm}/{@code sendme} with its DMA engine, and takes the flits of incoming messages from the
 * ejection port, writing DATA words into memory and starting the threads of THREAD messages.
 *
 * <h2>The core's side ({@link NetworkPort})</h2>
 * The NIU is the port of the SCMP model: {@link #request} takes a network instruction with its operands, decoded
 * by its declared send statement, and calls {@link #sendHead}, {@link #sendData} or {@link #sendDma}; it answers
 * {@link NetworkPort#ENDED} when the instruction carries the tail. A call at core cycle {@code t} sees the NIU as
 * it is at the start of {@code t} (after the network cycles of {@code t - 1}); the flits it appends may enter the
 * router from network cycle {@code k t} on ({@code k} network cycles per core cycle). A refused call records what
 * the thread waits for: queue room for its flits, the NIU free of another thread's open message (a head), the DMA
 * engine done with this thread's {@code sendm}. The thread is woken with {@link Node#wakeThread} at the core cycle
 * after the first core cycle whose network cycles made the condition true ({@link #endCoreCycle}).
 *
 * <h2>The network's side</h2>
 * {@link #networkCycle(long, long)} runs one network cycle in this order: (1) ejection: take at most one flit from
 * the ejection port (a DATA data flit is written through the NIU's memory port; a THREAD head is taken only
 * when a context is free, and reserves it); (2) DMA: if the memory port is still free and the queue has room,
 * read one word and append it; (3) injection: if the front flit may enter and the router accepts, inject it.
 * So a word the DMA engine reads enters the router in the same network cycle when the queue was empty, and an
 * incoming DATA write delays a DMA read by a network cycle (section 3.3).
 *
 * <p>On a chip with the hardware handshake ({@link NiuConfig#hwRts}), step (2) is followed by the CTS engine: the
 * NIU serves CTS messages it has taken, with no thread of the node, sending the payload their send descriptors
 * name (docs/timing.md section 3.5).
 *
 * <p>Call order, as a grammar (per core cycle {@code c}, driven by the clock of its {@link NiuContext}):
 * <pre>
 *   core-cycle = { port-call } networkCycle(k c) ... networkCycle(k c + k - 1) endCoreCycle(c)
 *   port-call  = request | status | threadEnded      (from the core, at most one per cycle)
 *   request    = sendHead | sendData | sendDma
 * </pre>
 * A message is built by the requests of this grammar, in program order, by one thread:
 * <pre>
 *   message = sendHead { sendData(tail=false) | sendDma(tail=false) } ( sendData(tail=true) | sendDma(tail=true) )
 * </pre>
 *
 * <p>Faults: misuse by the sender is a {@link GuestFault} thrown from the port call (the core locates it at the
 * instruction); a DMA read fault is located at the {@code sendm}; a fault while delivering (a DATA write where the
 * receiver may not write, a THREAD message with more than 24 data words or a pc outside the text) is located at
 * the receiving node with thread -1 (the NIU) and the pc of the message's {@code sendh} on the sender.
 *
 * <p>Incoming DATA words are written through the receiving node's {@link scmp.cpu.RemotePort}, landing at the core
 * cycle after the network cycle that delivers them.
 */
public final class Niu implements NetworkPort {
    /** The most data words of a THREAD message: registers r4..r27. */
    public static final int MAX_THREAD_WORDS = 24;
    /** Bit of {@link #status}: the DMA engine is still reading a sendm/sendme block. */
    public static final int STATUS_DMA_BUSY = 1;
    /** Bit of {@link #status}: the injection queue holds flits not yet in the network. */
    public static final int STATUS_QUEUE_BUSY = 2;
    /** Bit of {@link #status}: a message is open (head sent, tail not yet), or the NIU has CTS work. */
    public static final int STATUS_MESSAGE_OPEN = 4;
    /** Bit of {@link #status}: the chip has the hardware handshake of thesis section 2.3 ({@code hwRts}). */
    public static final int STATUS_HW_RTS = 8;
    /** CTS messages an NIU holds (being served or waiting): one more waits at the ejection port. */
    public static final int CTS_JOBS = 4;
    /** Data words of a CTS message: count, target address, target stride, done address, done value. */
    public static final int CTS_WORDS = 5;

    // what each instruction is to the NIU, from its declared send statement: kind, words (SendData), tail
    private static final byte HEAD = SendForm.HEAD, DATA_WORDS = SendForm.WORDS, DMA_BLOCK = SendForm.DMA;
    private static final byte[] KIND = new byte[Instruction.values().length];
    private static final byte[] WORDS = new byte[KIND.length];
    private static final boolean[] TAIL = new boolean[KIND.length];

    static {
        SendForm[] forms = SendForm.table();
        for (int k = 0; k < forms.length; k++) {
            KIND[k] = (byte) forms[k].kind();
            WORDS[k] = (byte) forms[k].words();
            TAIL[k] = forms[k].tail();
        }
    }

    private static final int THREAD = MessageType.THREAD.code;
    private static final int DATA = MessageType.DATA.code;
    private static final int CTS = MessageType.CTS.code;
    private static final int RX_IDLE = 0, RX_DATA_ADDRESS = 1, RX_DATA = 2, RX_THREAD_PC = 3, RX_THREAD_WORDS = 4,
            RX_CTS_ADDRESS = 5, RX_CTS_WORDS = 6;
    /** The CTS engine: idle, reading the descriptor's stride word, its source word, waiting for the DMA, the done word. */
    private static final int HW_IDLE = 0, HW_STRIDE = 1, HW_SOURCE = 2, HW_DMA = 3, HW_DONE = 4;
    /** Sender-side message records kept for fault reports, per node (a ring). */
    private static final int LOG = 1024;

    private final int node;
    private final NiuContext ic;
    private final RouterNetwork net;
    private final FlitFormat format;
    private final int ratio;
    private final int nodes;
    /** Whether this NIU serves CTS messages (the chip's {@code hwRts}). */
    private final boolean hwRts;
    /** The node's processor side (its contexts and memory), built when first needed. */
    private Node core;

    // ---- injection queue: flits and the network cycle from which each may enter the router
    private final long[] qFlit;
    private final long[] qFrom;
    private final int qCap;
    private int qHead;
    private int qCount;

    // ---- the message being sent
    /** The context whose message holds the NIU: its head is queued, its tail not yet. */
    private int owner = -1;
    /** The context that has issued a head and not yet the instruction that carries the tail. */
    private int openCtx = -1;
    private int openSeq;
    private int openDest;
    private int openType;
    /** Tag and watch bits OR-ed into every flit of the message being sent. */
    private long side;
    private int sent;

    // ---- the DMA engine
    private boolean dma;
    private int dmaAddr;
    private int dmaStride;
    private int dmaLeft;
    private boolean dmaTail;
    private long dmaFrom;
    private int dmaCtx;
    private int dmaPc;
    private int dmaCount;

    /** What sees the device's events for a timeline, or null (the usual case: then they cost a null check). */
    private DeviceEvents events;
    /** The network cycle in which the message being received had its head taken, and the flits taken before it. */
    private long rxFirst;
    private long rxHeadTaken;

    // ---- threads blocked on this NIU: flits needed (-1: not blocked) and whether they start a message
    private final int[] needFlits;
    private final boolean[] needHead;
    private int blockedCount;
    // endCoreCycle's last fruitless check: the state its wake condition reads (blocks counts changes of needFlits)
    private long blocks;
    private long checkedBlocks = -1;
    private int checkedQ;
    private int checkedOwner;
    private int checkedHw;

    // ---- the message being received
    private int rx = RX_IDLE;
    private int rxPtr;
    private int rxStride;
    private int rxCtx;
    private int rxPc;
    private int rxWords;
    private long rxSide;
    private final int[] rxArgs = new int[MAX_THREAD_WORDS];
    private long rxTaken;
    /**
     * Whether this NIU waits for the network: its next network cycles would do nothing until a flit reaches its
     * ejection channel, a credit its injection channel, or its core acts on it ({@link #networkCycle}).
     */
    private boolean parked;
    private boolean rxWaiting;
    private boolean rxWaitingCts;

    // ---- the CTS engine (docs/timing.md section 3.5): a ring of CTS_JOBS jobs, the front one being served
    private final int[] jobNode = new int[CTS_JOBS];
    private final int[] jobDesc = new int[CTS_JOBS];
    private final int[] jobWords = new int[CTS_JOBS * CTS_WORDS];
    private int jobHead;
    private int jobs;
    private int hw = HW_IDLE;
    private int hwStride;

    // ---- sender records for fault reports: full sequence number, context and sendh pc, by sequence number
    private int[] logSeq;
    private int[] logCtx;
    private int[] logPc;

    // ---- statistics
    private long flitsSent;
    private long messagesReceived;
    private long threadsStarted;
    private long dmaWords;
    private long wordsWritten;

    /**
     * Creates the NIU of a node.
     *
     * @param node     the node number
     * @param ic       what it is attached to: the router network, the other NIUs, the clock
     * @param contexts thread contexts of the node
     */
    public Niu(int node, NiuContext ic, int contexts) {
        this.node = node;
        this.ic = ic;
        this.net = ic.network();
        this.format = net.config().format();
        this.ratio = net.config().clockRatio();
        this.nodes = net.nodes();
        this.qCap = ic.config().queueFlits();
        this.hwRts = ic.config().hwRts();
        this.qFlit = new long[qCap];
        this.qFrom = new long[qCap];
        this.needFlits = new int[contexts];
        this.needHead = new boolean[contexts];
        java.util.Arrays.fill(needFlits, -1);
    }

    /** Returns the node this NIU belongs to. */
    public int node() {
        return node;
    }

    private Node core() {
        Node c = core;
        if (c == null) {
            c = ic.node(node);
            core = c;
        }
        return c;
    }

    // =============================================================================== the core's side

    @Override
    public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
        parked = false;
        boolean accepted = switch (KIND[op]) {
            case HEAD -> sendHead(cycle, thread, v0, v1, v2, v3);
            case DATA_WORDS -> sendData(cycle, thread, v0, v1, WORDS[op], TAIL[op]);
            case DMA_BLOCK -> sendDma(cycle, thread, v0, v1, TAIL[op]);
            default -> throw misuse(Instruction.values()[op].mnemonic + " is not a network instruction");
        };
        return !accepted ? REFUSED : TAIL[op] ? ENDED : ACCEPTED;
    }

    /**
     * Starts a message ({@code sendh_i}, {@code sendh_r}, {@code sendh_rr}): the head flit and the address flit.
     *
     * @param cycle    the issue cycle of the instruction
     * @param thread   the sending thread context
     * @param destNode the destination node, {@code y * xdim + x}
     * @param type     the message type code (THREAD 0, DATA 1; others are misuse)
     * @param address  the address flit: a function address for THREAD, a memory address for DATA
     * @param stride   for DATA messages, the distance in words between consecutive data words at the target
     * @return true when accepted
     */
    public boolean sendHead(long cycle, ThreadContext thread, int destNode, int type, int address, int stride) {
        int ctx = thread.id();
        if (openCtx == ctx) {
            throw misuse("sendh while a message is still open (its tail flit was not sent)");
        }
        if (type != THREAD && type != DATA && !(type == CTS && hwRts)) {
            throw misuse(type == CTS ? "CTS message on a chip without the hardware handshake (--param hwRts=true)"
                    : "message of unknown type " + type);
        }
        if (destNode < 0 || destNode >= nodes) {
            throw misuse("message to node " + destNode + ", but the mesh has " + nodes + " node" + (nodes == 1 ? "" : "s"));
        }
        if (owner >= 0 || hw != HW_IDLE || qCount + 2 > qCap) {
            return block(ctx, 2, true);
        }
        int seq = sent++;
        boolean watched = ic.watch() != null && ic.watch().selects(node, seq);
        side = ((long) (((node & 0x3FF) << 16) | (seq & 0xFFFF)) << Flit.TAG_SHIFT) | (watched ? Flit.WATCH : 0);
        owner = ctx;
        openCtx = ctx;
        openSeq = seq;
        openDest = destNode;
        openType = type;
        record(seq, ctx, thread.pc());
        long from = ratio * cycle;
        if (watched) {
            ic.watch().sendh(from, cycle, node, ctx, thread.pc(), seq, type, destNode, stride);
        }
        if (events != null) {
            events.sent(cycle, node, ctx, seq, type, destNode);
        }
        append(net.headFlit(node, destNode, type, stride) | side, from);
        append(Flit.of(address, false, false) | side, from);
        ic.sending(this);
        return true;
    }

    /**
     * Appends one or two data flits ({@code send2}, {@code sende}, {@code send2e}).
     *
     * @param cycle  the issue cycle of the instruction
     * @param thread the sending thread context
     * @param w0     the first word
     * @param w1     the second word (ignored when {@code count} is 1)
     * @param count  1 or 2
     * @param tail   whether the last of these flits carries the tail bit, ending the message
     * @return true when accepted
     */
    public boolean sendData(long cycle, ThreadContext thread, int w0, int w1, int count, boolean tail) {
        int ctx = thread.id();
        if (openCtx != ctx) {
            throw misuse("data flit without a head flit (no sendh before it)");
        }
        if (dma || qCount + count > qCap) {
            return block(ctx, count, false);
        }
        long from = ratio * cycle;
        append(Flit.of(w0, false, tail && count == 1) | side, from);
        if (count == 2) {
            append(Flit.of(w1, false, tail) | side, from);
        }
        if (tail) {
            openCtx = -1;
            owner = -1;
        }
        ic.sending(this);
        return true;
    }

    /**
     * Appends words read from the sender's memory by DMA ({@code sendm}, {@code sendme}).
     *
     * @param cycle       the issue cycle of the instruction
     * @param thread      the sending thread context
     * @param address     the first word's address
     * @param strideCount the stride in words (upper 16 bits, signed) and the word count (lower 16 bits)
     * @param tail        whether the last word carries the tail bit, ending the message
     * @return true when accepted
     */
    public boolean sendDma(long cycle, ThreadContext thread, int address, int strideCount, boolean tail) {
        int ctx = thread.id();
        if (openCtx != ctx) {
            throw misuse("data flit without a head flit (no sendh before it)");
        }
        int count = strideCount & 0xFFFF;
        if (tail && count == 0) {
            throw misuse("sendme with a word count of 0 cannot end the message");
        }
        if (dma) {
            return block(ctx, 0, false);
        }
        if (count == 0) {
            return true;
        }
        dma = true;
        dmaAddr = address;
        dmaStride = strideCount >> 16;
        dmaLeft = count;
        dmaTail = tail;
        dmaFrom = ratio * cycle;
        dmaCtx = ctx;
        dmaPc = thread.pc();
        dmaCount = count;
        if (tail) {
            openCtx = -1;   // the instruction ended the message; the NIU stays owned until the DMA queues the tail
        }
        ic.sending(this);
        return true;
    }

    /**
     * Sets what sees the device's events (for a timeline), or null for nothing.
     *
     * @param e the events' receiver
     */
    public void setEvents(DeviceEvents e) {
        events = e;
    }

    @Override
    public void threadEnded(long cycle, ThreadContext thread) {
        parked = false;     // a context is free: a THREAD head that waits for one is taken
        if (openCtx == thread.id()) {
            throw misuse("endt while the thread's message is open (its tail flit was not sent)");
        }
    }

    /**
     * The NIU's state for {@code rdsr rd, niustat} at {@code cycle}, a sum of the STATUS_ bits: bit 0, the DMA
     * engine is reading a {@code sendm}/{@code sendme} block; bit 1, the injection queue holds flits; bit 2, the NIU
     * belongs to an open message (a head is queued and its tail not yet), of any thread, or holds CTS messages to
     * serve; bit 3, the chip has the hardware handshake ({@code hwRts}). Libraries poll it to learn when a DMA send
     * has finished reading the sender's memory (a blocking sendDataBlock).
     *
     * @param cycle  the issue cycle of the {@code rdsr}
     * @param thread the reading thread
     * @return the bits
     */
    public int status(long cycle, ThreadContext thread) {
        return (dma ? STATUS_DMA_BUSY : 0) | (qCount > 0 ? STATUS_QUEUE_BUSY : 0)
                | (owner >= 0 || jobs != 0 ? STATUS_MESSAGE_OPEN : 0) | (hwRts ? STATUS_HW_RTS : 0);
    }

    /**
     * Returns the special registers of this NIU's node that the SCMP model defines: the mesh's size ({@code xdim},
     * {@code ydim}) and the NIU's {@link #status} ({@code niustat}).
     *
     * @param xdim mesh width
     * @param ydim mesh height
     * @return the registers
     */
    public SpecialRegisters registers(int xdim, int ydim) {
        return (sr, cycle, thread) -> switch (sr) {
            case XDIM -> xdim;
            case YDIM -> ydim;
            default -> status(cycle, thread);
        };
    }

    private boolean block(int ctx, int flits, boolean head) {
        if (needFlits[ctx] < 0) {
            blockedCount++;
            ic.blocked(1);
        }
        needFlits[ctx] = flits;
        needHead[ctx] = head;
        blocks++;
        return false;
    }

    private void append(long flit, long from) {
        int slot = qHead + qCount;
        if (slot >= qCap) {
            slot -= qCap;
        }
        qFlit[slot] = flit;
        qFrom[slot] = from;
        qCount++;
        if (events != null) {
            events.queue(from / ratio, node, qCount);
        }
        if ((flit & Flit.WATCH) != 0) {
            ic.watch().niu(from, Watch.NiuEvent.QUEUE, node, "queue " + qCount + "/" + qCap, flit);
        }
    }

    private void record(int seq, int ctx, int pc) {
        if (logSeq == null) {
            logSeq = new int[LOG];
            logCtx = new int[LOG];
            logPc = new int[LOG];
            java.util.Arrays.fill(logSeq, -1);
        }
        int k = seq & (LOG - 1);
        logSeq[k] = seq;
        logCtx[k] = ctx;
        logPc[k] = pc;
    }

    private GuestFault misuse(String what) {
        return new GuestFault(GuestFault.Kind.NIU_MISUSE, "NIU misuse: " + what);
    }

    // =============================================================================== the network's side

    /** Tells whether the NIU has flits to inject, a DMA block to read or CTS messages to serve. */
    public boolean sending() {
        return qCount != 0 || dma || jobs != 0;
    }

    /** Returns the first network cycle in which the queue's front flit may enter or the DMA engine may read. */
    public long firstActivity() {
        long first = Long.MAX_VALUE;
        if (qCount != 0) {
            first = qFrom[qHead];
        }
        if (dma) {
            first = Math.min(first, dmaFrom);
        }
        if (jobs != 0) {
            first = 0;      // the CTS engine may act in any cycle (when the NIU frees): now
        }
        return first;
    }

    /** Tells whether a flit may be waiting at the ejection port, or a message is being received. */
    public boolean receiving() {
        return rx != RX_IDLE || net.ejectedFlits(node) != rxTaken;
    }

    /**
     * Tells whether this NIU acts only when flits move or its core acts: no DMA block being read, no CTS job, no
     * message half taken (a THREAD head waiting for a free context, or queued flits waiting for room, only wait).
     */
    public boolean onlyWaits() {
        return !dma && jobs == 0 && rx == RX_IDLE;
    }

    /** Returns the number of flits in the injection queue. */
    public int queued() {
        return qCount;
    }

    /** Returns the number of threads blocked on this NIU. */
    public int blockedCount() {
        return blockedCount;
    }

    /**
     * Runs one network cycle: ejection, then a DMA read, then injection.
     *
     * @param n the network cycle; the network's clock must read {@code n}
     * @param c the core cycle whose network cycles {@code n} is one of ({@code n / k}); a DATA word written in it
     *          lands at {@code c + 1}
     * @throws GuestFault when a DMA read or a delivery faults
     */
    public void networkCycle(long n, long c) {
        parked = false;
        long taken = rxTaken;
        int queued = qCount;
        boolean portUsed = false;
        if (rx != RX_IDLE || net.ejectedFlits(node) != rxTaken) {
            portUsed = receive(n, c + 1);
        }
        if (dma && n >= dmaFrom && !portUsed && qCount < qCap) {
            dmaRead(n);
            portUsed = true;
        }
        if (jobs != 0) {
            serveCts(n, c + 1, !portUsed);
        }
        if (qCount != 0 && qFrom[qHead] <= n && net.canInject(node, qFlit[qHead])) {
            long f = qFlit[qHead];
            qHead = qHead + 1 == qCap ? 0 : qHead + 1;
            qCount--;
            net.inject(node, f);
            flitsSent++;
            if (events != null) {
                events.queue(n / ratio, node, qCount);
            }
        }
        if (rxTaken == taken && qCount == queued && !portUsed && jobs == 0 && !dma) {
            // nothing happened: it waits for the network when only a flit or a credit sent to it can change that
            parked = net.nothingOnTheWay(node) && (qCount == 0 || qFrom[qHead] <= n);
        }
    }

    /**
     * Tells whether this NIU waits for the network: its last network cycle did nothing, no DMA block or CTS job is
     * under way, nothing is on its way to it ({@link RouterNetwork#nothingOnTheWay}), and its queue's front flit, if
     * any, was due but found no credit. Then its next network cycles would do nothing (the ejection port hands over
     * the same flit or none, a THREAD head still finds no free context, the queue still no credit) until a flit
     * reaches its ejection channel or a credit its injection channel ({@link RouterNetwork#takeNodeMarks}), its core
     * calls it or ends a thread, or its node exits; each of these ends the wait ({@link #unpark}).
     */
    public boolean parked() {
        return parked;
    }

    /** Ends a wait for the network ({@link #parked}): the next network cycle runs. */
    public void unpark() {
        parked = false;
    }

    private void dmaRead(long n) {
        int w;
        try {
            w = core().memory().dmaRead(dmaAddr);
        } catch (GuestFault g) {
            throw g.locate(node, dmaCtx, dmaPc, n / ratio);
        }
        boolean last = --dmaLeft == 0;
        long flit = Flit.of(w, false, last && dmaTail) | side;
        dmaWords++;
        ic.progress(n);
        if ((flit & Flit.WATCH) != 0) {
            ic.watch().niu(n, Watch.NiuEvent.DMA, node, String.format("read 0x%08x", dmaAddr), flit);
        }
        append(flit, n);
        dmaAddr += 4 * dmaStride;
        if (last) {
            if (events != null && dmaCtx >= 0) {
                events.dma(dmaFrom / ratio, n / ratio, node, dmaCtx, dmaCount);
            }
            dma = false;
            if (dmaTail) {
                owner = -1;
            }
        }
    }

    /**
     * Takes at most one flit from the ejection port; returns whether it used the memory port. A DATA word lands at
     * core cycle {@code landing}.
     */
    private boolean receive(long n, long landing) {
        long f = net.peekEject(node);
        if (f == Flit.NONE) {
            return false;
        }
        int payload = Flit.payload(f);
        boolean used = false;
        switch (rx) {
            case RX_IDLE -> {
                int type = format.type(payload);
                if (type == THREAD) {
                    int ctx = core().reserveContext();
                    if (ctx < 0) {
                        if (!rxWaiting && (f & Flit.WATCH) != 0) {
                            ic.watch().niu(n, Watch.NiuEvent.WAIT, node, "THREAD head waits for a free context", f);
                        }
                        rxWaiting = true;
                        return false;
                    }
                    rxCtx = ctx;
                    rxPc = 0;
                    rx = RX_THREAD_PC;
                } else if (type == CTS) {
                    if (jobs == CTS_JOBS) {
                        if (!rxWaiting && (f & Flit.WATCH) != 0) {
                            ic.watch().niu(n, Watch.NiuEvent.WAIT, node, "CTS head waits for room among the CTS jobs", f);
                        }
                        rxWaiting = true;
                        rxWaitingCts = true;
                        return false;
                    }
                    rx = RX_CTS_ADDRESS;
                } else {
                    rxStride = format.stride(payload);
                    rx = RX_DATA_ADDRESS;
                }
                rxWaiting = false;
                rxWaitingCts = false;
                rxWords = 0;
                rxFirst = n;
                rxHeadTaken = rxTaken;
                take(n);
                rxSide = f;
                if ((f & Flit.WATCH) != 0) {
                    ic.watch().niu(n, Watch.NiuEvent.ACCEPT, node, type == THREAD ? "context " + rxCtx + " reserved"
                            : type == CTS ? "CTS" : "DATA stride " + rxStride, f);
                }
            }
            case RX_DATA_ADDRESS -> {
                take(n);
                rxPtr = payload;
                rx = RX_DATA;
            }
            case RX_DATA -> {
                take(n);
                try {
                    core().remote().write(landing, rxPtr, payload);
                } catch (GuestFault g) {
                    throw deliveryFault(g.kind(), "DATA message from " + sender() + ": " + g.description(),
                            g.address(), true, n);
                }
                used = true;
                wordsWritten++;
                if ((f & Flit.WATCH) != 0) {
                    ic.watch().niu(n, Watch.NiuEvent.WRITE, node, String.format(
                            "word %d to 0x%08x, visible from core cycle %d", rxWords, rxPtr, landing), f);
                }
                rxWords++;
                rxPtr += 4 * rxStride;
            }
            case RX_CTS_ADDRESS -> {
                take(n);
                rxPtr = payload;
                rx = RX_CTS_WORDS;
            }
            case RX_CTS_WORDS -> {
                take(n);
                if (rxWords == CTS_WORDS) {
                    throw deliveryFault(GuestFault.Kind.NIU_MISUSE, "CTS message from " + sender() + " with more than "
                            + CTS_WORDS + " data words", 0, false, n);
                }
                rxArgs[rxWords++] = payload;
            }
            case RX_THREAD_PC -> {
                take(n);
                rxPc = payload;
                rx = RX_THREAD_WORDS;
                if ((f & Flit.WATCH) != 0) {
                    ic.watch().niu(n, Watch.NiuEvent.LOAD, node, String.format("context %d pc = 0x%08x", rxCtx, rxPc), f);
                }
            }
            default -> {
                take(n);
                if (rxWords == MAX_THREAD_WORDS) {
                    throw deliveryFault(GuestFault.Kind.NIU_MISUSE, "THREAD message from " + sender() + " with more than "
                            + MAX_THREAD_WORDS + " data words", 0, false, n);
                }
                if ((f & Flit.WATCH) != 0) {
                    ic.watch().niu(n, Watch.NiuEvent.LOAD, node, String.format("context %d r%d = 0x%08x", rxCtx,
                            4 + rxWords, payload), f);
                }
                rxArgs[rxWords++] = payload;
            }
        }
        if (Flit.isTail(f)) {
            finish(n, f);
        }
        return used;
    }

    private void take(long n) {
        net.pollEject(node);
        rxTaken++;
    }

    private void finish(long n, long f) {
        messagesReceived++;
        if (events != null) {
            int tag = Flit.tag(rxSide);
            events.received(rxFirst / ratio, n / ratio, node, (tag >>> 16) & 0x3FF, tag & 0xFFFF,
                    rx == RX_THREAD_PC || rx == RX_THREAD_WORDS ? THREAD : rx >= RX_CTS_ADDRESS ? CTS : DATA,
                    (int) (rxTaken - rxHeadTaken));
        }
        if (rx == RX_CTS_ADDRESS || rx == RX_CTS_WORDS) {
            queueCts(n);
            rx = RX_IDLE;
            return;
        }
        if (rx == RX_THREAD_PC || rx == RX_THREAD_WORDS) {
            long ready = n / ratio + 1;
            boolean started;
            try {
                started = core().startReserved(rxCtx, ready, rxPc, rxArgs, rxWords);
            } catch (GuestFault g) {
                throw deliveryFault(g.kind(), "THREAD message from " + sender() + " starts a thread at "
                        + String.format("0x%x", rxPc) + ", outside the program text", rxPc, false, n);
            }
            if (!started) {
                rx = RX_IDLE;   // the node has exited: the message is dropped
                return;
            }
            threadsStarted++;
            if ((f & Flit.WATCH) != 0) {
                ic.watch().thread(n, Watch.NiuEvent.READY, node, "thread " + rxCtx + " ready at core cycle " + ready);
            }
        }
        rx = RX_IDLE;
    }

    // =============================================================================== the CTS engine

    /** A whole CTS message has been taken: checks it and queues its job. */
    private void queueCts(long n) {
        if (rxWords != CTS_WORDS) {
            throw deliveryFault(GuestFault.Kind.NIU_MISUSE, "CTS message from " + sender() + " with " + rxWords
                    + " data words (" + CTS_WORDS + " expected)", 0, false, n);
        }
        int count = rxArgs[0], stride = rxArgs[2];
        if (count < 0 || stride != (short) stride) {
            throw deliveryFault(GuestFault.Kind.NIU_MISUSE, "CTS message from " + sender() + " with "
                    + (count < 0 ? "a negative word count " + count : "a target stride " + stride
                    + " that a DATA head cannot carry (16 bits, signed)"), 0, false, n);
        }
        int k = jobHead + jobs;
        if (k >= CTS_JOBS) {
            k -= CTS_JOBS;
        }
        jobNode[k] = (Flit.tag(rxSide) >>> 16) & 0x3FF;
        jobDesc[k] = rxPtr;
        System.arraycopy(rxArgs, 0, jobWords, k * CTS_WORDS, CTS_WORDS);
        jobs++;
        ic.sending(this);
    }

    /**
     * One network cycle of the CTS engine (docs/timing.md section 3.5): when the NIU is free (no open message, the
     * DMA engine idle) it takes the front job, reads the send descriptor's two words through the memory port
     * (stride, then source address, one per network cycle), queues the DATA message's head and address flits and
     * hands the payload to the DMA engine with the tail on its last word; in the network cycle after the last read
     * (or at once for an empty payload) it writes the done word and frees the NIU.
     *
     * @param n        the network cycle
     * @param landing  the core cycle from which the done word is visible
     * @param portFree whether the NIU's memory port is still free in this network cycle
     */
    private void serveCts(long n, long landing, boolean portFree) {
        int w = jobHead * CTS_WORDS;
        switch (hw) {
            case HW_IDLE -> {
                if (owner >= 0 || dma) {
                    return;
                }
                hw = jobWords[w] == 0 ? HW_DONE : HW_STRIDE;
                serveCts(n, landing, portFree);
            }
            case HW_STRIDE -> {
                if (portFree) {
                    hwStride = descriptorWord(jobDesc[jobHead], n);
                    hw = HW_SOURCE;
                }
            }
            case HW_SOURCE -> {
                if (!portFree || qCount + 2 > qCap) {
                    return;
                }
                int source = descriptorWord(jobDesc[jobHead] + 4, n);
                int dest = jobNode[jobHead], seq = sent++;
                record(seq, -1, 0);
                side = (long) (((node & 0x3FF) << 16) | (seq & 0xFFFF)) << Flit.TAG_SHIFT;
                append(net.headFlit(node, dest, DATA, jobWords[w + 2]) | side, n);
                append(Flit.of(jobWords[w + 1], false, false) | side, n);
                dma = true;
                dmaAddr = source;
                dmaStride = hwStride;
                dmaLeft = jobWords[w];
                dmaTail = true;
                dmaFrom = n + 1;
                dmaCtx = -1;
                dmaPc = 0;
                dmaCount = jobWords[w];
                hw = HW_DMA;
            }
            case HW_DMA -> {
                if (!dma) {
                    hw = HW_DONE;
                    serveCts(n, landing, portFree);
                }
            }
            default -> {
                if (!portFree) {
                    return;
                }
                int done = jobWords[w + 3];
                if (done != 0) {
                    try {
                        core().remote().write(landing, done, jobWords[w + 4]);
                    } catch (GuestFault g) {
                        throw g.locate(node, -1, 0, n / ratio);
                    }
                }
                ic.progress(n);
                jobHead = jobHead + 1 == CTS_JOBS ? 0 : jobHead + 1;
                jobs--;
                hw = HW_IDLE;
            }
        }
    }

    /** Reads a word of a send descriptor through the NIU's memory port. */
    private int descriptorWord(int address, long n) {
        try {
            return core().memory().dmaRead(address);
        } catch (GuestFault g) {
            throw g.locate(node, -1, 0, n / ratio);
        }
    }

    /** Names the sender of the message being received: {@code node 0 thread 2}. */
    private String sender() {
        int tag = Flit.tag(rxSide);
        int src = (tag >>> 16) & 0x3FF;
        int ctx = ic.niu(src).senderContext(tag & 0xFFFF);
        return "node " + src + (ctx >= 0 ? " thread " + ctx : "");
    }

    private GuestFault deliveryFault(GuestFault.Kind kind, String what, int address, boolean hasAddress, long n) {
        int tag = Flit.tag(rxSide);
        int pc = ic.niu((tag >>> 16) & 0x3FF).senderPc(tag & 0xFFFF);
        GuestFault g = hasAddress ? new GuestFault(kind, what, address) : new GuestFault(kind, what);
        return g.locate(node, -1, pc, n / ratio);
    }

    private int senderContext(int seq16) {
        int k = seq16 & (LOG - 1);
        return logSeq != null && (logSeq[k] & 0xFFFF) == seq16 ? logCtx[k] : -1;
    }

    private int senderPc(int seq16) {
        int k = seq16 & (LOG - 1);
        return logSeq != null && (logSeq[k] & 0xFFFF) == seq16 ? logPc[k] : 0;
    }

    /**
     * Wakes, at core cycle {@code c + 1}, every blocked thread whose condition holds after the network cycles of
     * core cycle {@code c}, in context order.
     *
     * @param c the core cycle whose network cycles have just run
     */
    public void endCoreCycle(long c) {
        if (blockedCount == 0 || dma) {
            return;     // no thread waits, or every waiting thread waits at least for the DMA block to be read
        }
        if (blocks == checkedBlocks && qCount == checkedQ && owner == checkedOwner && hw == checkedHw) {
            return;     // nothing the condition reads has changed since it last woke no thread
        }
        int before = blockedCount;
        for (int ctx = 0; ctx < needFlits.length; ctx++) {
            int need = needFlits[ctx];
            if (need >= 0 && (!needHead[ctx] || (owner < 0 && hw == HW_IDLE)) && qCount + need <= qCap) {
                needFlits[ctx] = -1;
                blockedCount--;
                ic.blocked(-1);
                core().wakeThread(ctx, c + 1);
            }
        }
        if (blockedCount == before) {
            checkedBlocks = blocks;
            checkedQ = qCount;
            checkedOwner = owner;
            checkedHw = hw;
        } else {
            checkedBlocks = -1;
        }
    }

    /**
     * The node's program has exited (an SPMD rank's {@code exit}): its threads are gone, so none waits on this NIU
     * any more. Flits already queued and a DMA block being read still go out; incoming messages are still taken
     * (THREAD messages are dropped by the core).
     */
    public void nodeExited() {
        parked = false;
        for (int ctx = 0; ctx < needFlits.length; ctx++) {
            if (needFlits[ctx] >= 0) {
                needFlits[ctx] = -1;
                blockedCount--;
                ic.blocked(-1);
            }
        }
        blocks++;
    }

    // =============================================================================== reports

    /** Returns this NIU's statistics. */
    public NiuStats stats() {
        return new NiuStats(sent, flitsSent, messagesReceived, rxTaken, threadsStarted, dmaWords, wordsWritten);
    }

    /**
     * Describes what a blocked thread waits for, or returns null when the thread is not blocked on this NIU.
     *
     * @param ctx the context
     * @return a few words ("queue room for 2 flits (8/8 queued)")
     */
    public String blockedReason(int ctx) {
        if (ctx >= needFlits.length || needFlits[ctx] < 0) {
            return null;
        }
        if (needHead[ctx] && owner >= 0) {
            return "the NIU, held by thread " + owner + "'s open message";
        }
        if (needHead[ctx] && hw != HW_IDLE) {
            return "the NIU, sending the payload of a CTS";
        }
        if (dma) {
            return "the DMA engine (reading for thread " + dmaCtx + ")";
        }
        return "queue room for " + needFlits[ctx] + " flit(s) (" + qCount + "/" + qCap + " queued)";
    }

    /** Describes the NIU's state in one line for deadlock reports, or returns null when it is at rest. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (qCount != 0) {
            sb.append("injection queue ").append(qCount).append('/').append(qCap).append(" flits");
            if (qCount != 0) {
                sb.append(" (front ").append(Flit.toString(qFlit[qHead])).append(')');
            }
        }
        if (owner >= 0) {
            sep(sb).append("open ").append(openType == THREAD ? "THREAD" : "DATA").append(" message #").append(openSeq)
                    .append(" of thread ").append(owner).append(" to node ").append(openDest);
        }
        if (dma) {
            sep(sb).append(String.format("DMA engine reading for thread %d: %d word(s) left from 0x%08x", dmaCtx,
                    dmaLeft, dmaAddr));
        }
        if (jobs != 0) {
            sep(sb).append(jobs).append(" CTS message(s) to serve, the first from node ").append(jobNode[jobHead]);
        }
        if (rxWaiting && rx == RX_IDLE) {
            sep(sb).append(rxWaitingCts ? "a CTS message's head waits at the ejection port for room among the CTS jobs"
                    : "a THREAD message's head waits at the ejection port for a free context");
        } else if (rx != RX_IDLE) {
            sep(sb).append("receiving a ").append(rx >= RX_CTS_ADDRESS ? "CTS" : rx >= RX_THREAD_PC ? "THREAD" : "DATA")
                    .append(" message");
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    private static StringBuilder sep(StringBuilder sb) {
        return sb.length() == 0 ? sb : sb.append("; ");
    }
}
