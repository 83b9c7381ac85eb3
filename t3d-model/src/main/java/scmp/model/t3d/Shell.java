package scmp.model.t3d;

import java.util.Arrays;
import scmp.cpu.DataCache;
import scmp.cpu.GuestFault;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.cpu.ThreadContext;
import scmp.isa.SpecialRegister;
import scmp.isa.sem.SendForm;

/**
 * The shell of one T3D PE as its core sees it (docs/t3d.md, "The guest interface"): the device behind the network
 * instructions, which turns a head (whose type selects the operation) and its data into a request for the
 * {@link ShellNetwork} or the {@link BarrierNetwork}, blocks threads that wait for completions, and answers the
 * {@code niustat} special register.
 */
final class Shell implements NetworkPort, SpecialRegisters {
    /** The operations, by the head's type field. */
    static final int PUT = 1, GET = 2, SWAP = 3, FINC = 4, FISET = 5, BARRIER = 6, WAIT = 7, CACHE = 8;
    /** Bits of {@code niustat} and of a wait's mask. */
    static final int STATUS_OUTSTANDING = 1, STATUS_BARRIER = 2, STATUS_OPEN = 4;

    /** What each instruction is to the shell, by ordinal, from its declared send statement. */
    private static final SendForm[] FORM = SendForm.table();

    private final int pe;
    private final int pes;
    private final int memory;
    private final Node node;
    private ShellNetwork torus;
    private BarrierNetwork barrier;
    private DataCache cache;

    // the open request: its operation, target, remote address and stride, its register words
    private int open;
    private int openCtx = -1;
    private int target;
    private int address;
    private int stride;
    private int[] words = new int[8];
    private int count;

    private int outstanding;
    private long requests;
    // threads blocked in a wait: context -> mask (0: not waiting)
    private final int[] waiting;
    private int waiters;

    Shell(int pe, int pes, int memory, int contexts, Node node) {
        this.pe = pe;
        this.pes = pes;
        this.memory = memory;
        this.node = node;
        this.waiting = new int[contexts];
    }

    void connect(ShellNetwork t, BarrierNetwork b, DataCache c) {
        this.torus = t;
        this.barrier = b;
        this.cache = c;
    }

    @Override
    public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
        SendForm form = FORM[op];
        switch (form.kind()) {
            case SendForm.HEAD -> {
                return head(cycle, thread, v0, v1, v2, v3);
            }
            case SendForm.WORDS -> {
                requireOpen(thread);
                append(v0);
                if (form.words() == 2) {
                    append(v1);
                }
                return form.tail() ? finish(cycle, thread, -1, 0, 0) : ACCEPTED;
            }
            default -> {
                requireOpen(thread);
                if (open != PUT || !form.tail() || count != 0) {
                    throw misuse("a DMA block ends a put, alone: sendme after the head");
                }
                int n = v1 & 0xFFFF;
                if (n == 0) {
                    throw misuse("sendme of no words");
                }
                return finish(cycle, thread, v0, (short) (v1 >>> 16), n);
            }
        }
    }

    private int head(long cycle, ThreadContext thread, int node, int type, int addr, int str) {
        if (openCtx >= 0) {
            throw misuse("a head while a request is open (its tail was not sent)");
        }
        switch (type) {
            case BARRIER -> {
                barrier.arrive(pe, cycle);
                return ENDED;
            }
            case WAIT -> {
                if ((addr & ~(STATUS_OUTSTANDING | STATUS_BARRIER)) != 0) {
                    throw misuse("a wait's mask has bits other than 1 (operations) and 2 (barrier): " + addr);
                }
                if (holds(addr, cycle)) {
                    return ACCEPTED;
                }
                waiting[thread.id()] = addr;
                waiters++;
                return REFUSED;
            }
            case PUT, GET, SWAP, FINC, FISET -> {
                if (node < 0 || node >= pes) {
                    throw misuse("PE " + node + " is not in the partition of " + pes + " PEs");
                }
            }
            case CACHE -> {
            }
            default -> throw misuse("no shell operation has type " + type);
        }
        open = type;
        openCtx = thread.id();
        target = node;
        address = addr;
        stride = str;
        count = 0;
        return ACCEPTED;
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

    /** The tail: hands the request over. A put from memory has {@code dmaCount > 0}. */
    private int finish(long cycle, ThreadContext thread, int dmaAddress, int dmaStride, int dmaCount) {
        int op = open;
        openCtx = -1;
        ShellNetwork.Request r = new ShellNetwork.Request(pe, thread.id(), thread.pc());
        requests += op == CACHE ? 0 : 1;
        switch (op) {
            case PUT -> {
                int n = dmaCount > 0 ? dmaCount : count;
                checkBlock(address, stride, n, "remote");
                if (dmaCount > 0) {
                    checkBlock(dmaAddress, dmaStride, n, "local");
                }
                outstanding++;
                torus.put(r, cycle, target, address, stride, dmaCount > 0 ? null : words, dmaAddress, dmaStride, n);
            }
            case GET -> {
                expect(2, "a get's data are the local address and the word count: send2e laddr, count");
                int n = words[1];
                if (n < 1) {
                    throw misuse("a get of " + n + " words");
                }
                checkBlock(address, stride, n, "remote");
                checkBlock(words[0], 1, n, "local");
                outstanding++;
                torus.get(r, cycle, target, address, stride, words[0], n);
            }
            case SWAP -> {
                expect(2, "a swap's data are the value and the local address: send2e value, laddr");
                checkBlock(address, 0, 1, "remote");
                checkBlock(words[1], 0, 1, "local");
                outstanding++;
                torus.swap(r, cycle, target, address, words[0], words[1]);
            }
            case FINC -> {
                expect(1, "a fetch-and-increment's data is the local address: sende laddr");
                checkBlock(words[0], 0, 1, "local");
                outstanding++;
                torus.fetchInc(r, cycle, target, words[0]);
            }
            case FISET -> {
                expect(1, "a fetch-and-increment set's data is the value: sende value");
                outstanding++;
                torus.fetchIncSet(r, cycle, target, words[0]);
            }
            default -> {
                expect(1, "a cache operation's data is the byte count: sende bytes");
                if (cache != null) {
                    if (words[0] == 0) {
                        cache.invalidateAll();
                    } else {
                        cache.invalidate(address, words[0]);
                    }
                }
                return ACCEPTED;    // the core's own cache: nothing for the networks to catch up with
            }
        }
        return ENDED;
    }

    private void expect(int n, String form) {
        if (count != n) {
            throw misuse(form);
        }
    }

    /** Checks that {@code n} words from {@code a}, {@code s} words apart, are aligned and inside memory. */
    private void checkBlock(int a, int s, int n, String side) {
        long last = (long) a + 4L * s * (n - 1);
        if ((a & 3) != 0 || a < 0 || last < 0 || Math.max(a, last) + 4 > memory) {
            throw misuse(String.format("the %s block at 0x%08x (%d words, stride %d) is not word-aligned memory",
                    side, a, n, s));
        }
    }

    private GuestFault misuse(String what) {
        return new GuestFault(GuestFault.Kind.NIU_MISUSE, "T3D shell of PE " + pe + ": " + what);
    }

    @Override
    public void threadEnded(long cycle, ThreadContext thread) {
        if (openCtx == thread.id()) {
            throw misuse("endt while the thread's request is open (its tail was not sent)");
        }
    }

    /** Tells whether a wait's condition holds for instructions at {@code cycle}. */
    private boolean holds(int mask, long cycle) {
        return ((mask & STATUS_OUTSTANDING) == 0 || outstanding == 0)
                && ((mask & STATUS_BARRIER) == 0 || !barrier.pending(pe, cycle));
    }

    /** A request of this PE is complete, in network cycle {@code c}. */
    void completed(long c) {
        outstanding--;
        wake(c + 1);
    }

    /** Wakes the waiting threads whose condition holds from {@code cycle}. */
    void wake(long cycle) {
        if (waiters == 0) {
            return;
        }
        for (int k = 0; k < waiting.length; k++) {
            if (waiting[k] != 0 && holds(waiting[k], cycle)) {
                waiting[k] = 0;
                waiters--;
                node.wakeThread(k, cycle);
            }
        }
    }

    /** Returns the requests (puts, gets, swaps, fetch-and-increments and sets) this PE has handed over. */
    long requests() {
        return requests;
    }

    /** Returns this PE's operations not complete yet. */
    int outstanding() {
        return outstanding;
    }

    /** Describes why a context waits, or null. */
    String waitReason(int context) {
        int m = context < waiting.length ? waiting[context] : 0;
        if (m == 0) {
            return null;
        }
        return (m & STATUS_OUTSTANDING) != 0 && outstanding != 0
                ? "waits for " + outstanding + " operation(s) of its shell to complete"
                : "waits at the barrier (" + barrier.arrivals() + " of " + barrier.participants() + " PEs arrived)";
    }

    @Override
    public int read(SpecialRegister sr, long cycle, ThreadContext thread) {
        return switch (sr) {
            case XDIM -> pes;
            case YDIM -> 1;
            case NIUSTAT -> (outstanding != 0 ? STATUS_OUTSTANDING : 0)
                    | (barrier.pending(pe, cycle) ? STATUS_BARRIER : 0) | (openCtx >= 0 ? STATUS_OPEN : 0);
            default -> 0;
        };
    }
}
