/* The portability layer (aclport.h) on the SCMP chip, over libscmp (docs/aclmpl.md, "On the SCMP chip").
 *
 * Remote writes are DATA messages, which the target's NIU writes without running code. Everything that has to
 * read or change the owner's memory atomically (remote read, swap, fetch-and-increment) is a THREAD message
 * that starts a short handler on the owner: a node's threads are scheduled cooperatively, so a handler that
 * does not suspend runs atomically with respect to the node's other threads. Every wait suspends between
 * reads, so that the handlers of other PEs' requests run meanwhile.
 *
 * The network may deliver two messages of one sender to one receiver in either order (several virtual
 * channels per link: docs/libscmp.md, "Ordering"), but the words of one DATA message are written in order.
 * So nothing here relies on the order of separate messages: a reply is one message whose last word is its
 * flag, and acl_put_signal either sends block and signal as one message (signal right before the block,
 * written backwards) or has the owner deliver the signal once the block's last word is there. */
#define SCMP_NO_MPI
#include <string.h>
#include <scmp.h>
#include <aclport.h>

/* This PE's fetch-and-increment register. */
static volatile long fetch_inc_register;
/* The barrier: the epoch this PE is in and a flag per round of the dissemination barrier. */
static long barrier_epoch;
static volatile long barrier_flags[32];
/* acl_run: the arguments as node 0 sends them (argc, then the strings one after the other), and each PE's
 * result as it writes it into node 0's array. */
static long run_args[ACL_ARGS_BYTES / 4 + 1];
static volatile long run_status[ACL_MAX_PES];

int acl_my_pe(void) {
    return getNodeId();
}

int acl_n_pes(void) {
    return getXDim() * getYDim();
}

void acl_put(void *remote, const void *local, int words, int pe) {
    if (words <= 0) {
        return;
    }
    if (pe == getNodeId()) {
        memmove(remote, local, (size_t) words * 4);
    } else {
        sendDataBlock(pe, remote, 1, (int *) local, 1, words);
    }
}

void acl_put_word(void *remote, long value, int pe) {
    if (pe == getNodeId()) {
        *(volatile long *) remote = value;
    } else {
        sendDataIntValue(pe, remote, (int) value);
    }
}

/* The handlers that THREAD messages start on the owner. A reply is one DATA message into the requester's
 * answer[2]: the value, then 1 in answer[1], written last; the requester waits for answer[1]. */
static void reply(int requester, volatile long *answer, long value) {
    __scmp_sendh_data(requester, (void *) answer, 1);
    __scmp_send2e((int) value, 1);
}

static void serve_swap(int requester, volatile long *remote, long value, volatile long *answer) {
    long old = *remote;
    *remote = value;
    reply(requester, answer, old);
}

static void serve_fetch_inc(int requester, volatile long *answer) {
    long old = fetch_inc_register;
    fetch_inc_register = old + 1;
    reply(requester, answer, old);
}

/* acl_put_signal's first step when block and signal are apart: a value at the block's last word that the
 * block's own last word is not. */
static void serve_arm(int requester, volatile long *last, long value, volatile long *answer) {
    *last = value;
    reply(requester, answer, 0);
}

/* Its last step: once the block's last word is there, the whole block is (one DATA message); then the
 * signal, word 0 last, and a word back to the sender that lets it start its next such write to this PE (one
 * at a time per pair: a second arm could otherwise overwrite the last word of a block whose signal is still
 * waiting). A handler must not wait: it holds a context, and a THREAD message that waits for a context at the
 * NIU holds up the DATA messages behind it (docs/libscmp.md, "Contexts and deadlock"). So a signal whose block
 * has not landed yet is kept in `pending`, which every wait of this layer goes through. */
struct pending_signal {
    volatile long *last;
    long value;
    volatile long *signal;
    int n;
    int sender;
    long sig[4];
};

#define PENDING ACL_MAX_PES
static struct pending_signal pending[PENDING];
static int npending;
/* On a sender: whether its last signal to each PE that went the long way is still to be delivered. */
static volatile long outstanding[ACL_MAX_PES];

static int try_signal(struct pending_signal *ps) {
    if (*ps->last != ps->value) {
        return 0;
    }
    for (int i = ps->n - 1; i >= 0; i--) {
        ps->signal[i] = ps->sig[i];
    }
    sendDataIntValue(ps->sender, (int *) &outstanding[getNodeId()], 0);
    return 1;
}

/* Delivers the pending signals whose blocks have landed. */
static void progress(void) {
    for (int i = 0; i < npending;) {
        if (try_signal(&pending[i])) {
            pending[i] = pending[--npending];
        } else {
            i++;
        }
    }
}

static void serve_signal(volatile long *last, long value, volatile long *signal, int n_sender, long s0, long s1,
                         long s2, long s3) {
    struct pending_signal ps = {last, value, signal, n_sender & 7, n_sender >> 3, {s0, s1, s2, s3}};
    while (!try_signal(&ps)) {
        if (npending < PENDING) {
            pending[npending++] = ps;
            return;
        }
        /* Rare: as many signals waiting as the table holds. */
        suspendThread();
        progress();
    }
}

/* A one-word block travels in the signal's THREAD message: the handler stores it, then the signal. */
static void serve_word_signal(volatile long *remote, long word, volatile long *signal, int n, long s0, long s1,
                              long s2, long s3) {
    long sig[4] = {s0, s1, s2, s3};
    *remote = word;
    for (int i = n - 1; i >= 0; i--) {
        signal[i] = sig[i];
    }
}

/* Every wait of the layer: delivers pending signals, then suspends so that handlers run. */
static void wait_turn(void) {
    if (npending) {
        progress();
    }
    suspendThread();
}

static void wait_word(volatile long *addr, long value) {
    while (*addr != value) {
        wait_turn();
    }
}

/* The signal's words from the last to word 0, ending the open message. */
static void send_reversed(const long *sig, int n) {
    int i = n - 1;
    for (; i >= 2; i -= 2) {
        __scmp_send2((int) sig[i], (int) sig[i - 1]);
    }
    if (i == 1) {
        __scmp_send2e((int) sig[1], (int) sig[0]);
    } else {
        __scmp_sende((int) sig[0]);
    }
}

void acl_put_signal(void *remote, const void *local, int words, void *signal, const long *sig, int n, int pe) {
    long *r = remote;
    const long *l = local;
    volatile long *g = signal;
    if (pe == getNodeId()) {
        if (words > 0) {
            memmove(r, l, (size_t) words * 4);
        }
        for (int i = n - 1; i >= 0; i--) {
            g[i] = sig[i];
        }
        return;
    }
    if (words <= 0 || ((long *) signal + n == r && words <= 65535)) {
        /* One message, written backwards: the block from its last word down, then the signal, word 0 last. */
        __scmp_sendh_data(pe, words > 0 ? r + words - 1 : (long *) signal + n - 1, -1);
        if (words > 0) {
            __scmp_sendm(l + words - 1, 0xFFFF0000u | (unsigned) words);
        }
        send_reversed(sig, n);
        waitDataBlock();
        return;
    }
    wait_word(&outstanding[pe], 0);
    long v = l[words - 1];
    int message[8] = {(int) (r + words - 1), (int) v, (int) signal, n | getNodeId() << 3, 0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        message[4 + i] = (int) sig[i];
    }
    if (words == 1) {
        message[3] = n;
        __scmp_send_thread(pe, (void (*)()) serve_word_signal, message, 8);
        return;
    }
    outstanding[pe] = 1;
    volatile long answer[2] = {0, 0};
    __scmp_thread4(pe, (void (*)()) serve_arm, getNodeId(), (int) (r + words - 1), (int) ~v, (int) answer);
    wait_word(&answer[1], 1);
    sendDataBlock(pe, (int *) r, 1, (int *) l, 1, words);
    __scmp_send_thread(pe, (void (*)()) serve_signal, message, 8);
}

/* A remote read is the owner's acl_put_signal back to the requester, with a flag as the signal. */
static void serve_get(int requester, long *local, const long *remote, int words, volatile long *done) {
    long one = 1;
    acl_put_signal(local, remote, words, (void *) done, &one, 1, requester);
}

void acl_get(void *local, const void *remote, int words, int pe) {
    if (words <= 0) {
        return;
    }
    if (pe == getNodeId()) {
        memmove(local, remote, (size_t) words * 4);
        return;
    }
    volatile long done = 0;
    __scmp_thread5(pe, (void (*)()) serve_get, getNodeId(), (int) local, (int) remote, words, (int) &done);
    wait_word(&done, 1);
}

long acl_swap(void *remote, long value, int pe) {
    if (pe == getNodeId()) {
        long old = *(volatile long *) remote;
        *(volatile long *) remote = value;
        return old;
    }
    volatile long answer[2] = {0, 0};
    __scmp_thread4(pe, (void (*)()) serve_swap, getNodeId(), (int) remote, (int) value, (int) answer);
    wait_word(&answer[1], 1);
    return answer[0];
}

long acl_fetch_inc(int pe) {
    if (pe == getNodeId()) {
        long old = fetch_inc_register;
        fetch_inc_register = old + 1;
        return old;
    }
    volatile long answer[2] = {0, 0};
    __scmp_thread2(pe, (void (*)()) serve_fetch_inc, getNodeId(), (int) answer);
    wait_word(&answer[1], 1);
    return answer[0];
}

void acl_fetch_inc_reset(void) {
    fetch_inc_register = 0;
}

/* acl_put returns once the DMA engine has read the block; the only way to know that a DATA message has
 * landed is to see its last word on the target, which acl_put_signal arranges. */
void acl_quiet(void) {
    waitDataBlock();
}

/* A dissemination barrier: in round k every PE adds 1 to round k's counter on PE me + 2^k and waits for its
 * own counter to reach the epoch (the number of barriers so far). Each counter has one adder, once per
 * barrier, and additions (THREAD messages to a handler) do not depend on the order in which they arrive. */
void acl_barrier(void) {
    int p = acl_n_pes();
    int me = getNodeId();
    long epoch = ++barrier_epoch;
    int k = 0;
    for (int d = 1; d < p; d <<= 1, k++) {
        sendAddIntValue((me + d) % p, (volatile int *) &barrier_flags[k], 1);
        while (barrier_flags[k] < epoch) {
            wait_turn();
        }
    }
}

long acl_wait_change(volatile long *addr, long old) {
    long v = *addr;
    while (v == old) {
        wait_turn();
        v = *addr;
    }
    return v;
}

void acl_wait_until(volatile long *addr, long value) {
    wait_word(addr, value);
}

void acl_poll(void) {
    wait_turn();
}

void acl_invalidate(const void *addr, int bytes) {
    (void) addr;
    (void) bytes;
}

unsigned long long acl_cycles(void) {
    return scmp_cycles();
}

int acl_clock_mhz(void) {
    return 1000;
}

/* Runs on every node but 0 (parExecute): waits for the arguments node 0 sent, rebuilds argv, runs the body and
 * writes its result + 1 into node 0's run_status. */
static void remote_entry(int (*body)(int, char **, long), long word) {
    char *argv[ACL_ARGS_BYTES / 2 + 1];
    int argc = (int) acl_wait_change(&run_args[0], 0) - 1;
    char *s = (char *) &run_args[1];
    for (int i = 0; i < argc; i++) {
        argv[i] = s;
        s += strlen(s) + 1;
    }
    argv[argc] = 0;
    long status = body(argc, argv, word);
    sendDataIntValue(0, (int *) &run_status[getNodeId()], 1 + (status != 0));
}

static void entry(int (*body)(int, char **, long), long word, int argc, char **argv) {
    if (getNodeId() != 0) {
        remote_entry(body, word);
    } else {
        run_status[0] = body(argc, argv, word);
    }
}

int acl_run(int argc, char **argv, int (*body)(int, char **, long), long word) {
    long strings[ACL_ARGS_BYTES / 4];
    char *s = (char *) strings;
    int n = 0;
    int count = 0;
    for (int i = 0; i < argc && n + (int) strlen(argv[i]) + 1 <= ACL_ARGS_BYTES; i++) {
        strcpy(s + n, argv[i]);
        n += (int) strlen(argv[i]) + 1;
        count = i + 1;
    }
    int p = acl_n_pes();
    long signal = count + 1;
    for (int i = 1; i < p; i++) {
        acl_put_signal(&run_args[1], strings, (n + 3) / 4, run_args, &signal, 1, i);
    }
    parExecute(p, (void (*)()) entry, (int) body, (int) word, argc, (int) argv);
    int status = (int) run_status[0];
    for (int i = 1; i < p; i++) {
        if (acl_wait_change(&run_status[i], 0) != 1 && status == 0) {
            status = 1;
        }
    }
    return status;
}
