/* libpvm: a subset of PVM 3 over libshmem (include/pvm3.h, docs/t3d-msg.md "PVM"), the postal model with the
 * copies of Stricker et al.'s Figure 1:
 *   1. pack: pvm_pk* copies (and gathers, with a stride) the user's items into the send buffer;
 *   2. transfer: pvm_send puts the send buffer, in fragments of PVM_FRAG_BYTES, into the receiver's ring of
 *      PVM_SLOTS slots for this sender (a system buffer at the receiver: the send may come first);
 *   3. buffer: the receiver copies each arrived fragment out of its ring into a message of its receive queue
 *      (so the ring slot can be handed back and the sender can go on) and returns the slot with one put;
 *   4. unpack: pvm_upk* copies (and scatters) the items from the active receive buffer to the user's arrays.
 * pvm_psend skips copy 1 (the user's array is put directly); pvm_precv copies the queued message straight into
 * the user's array (4 without the receive buffer's bookkeeping).
 *
 * Long messages: a message of PVM_DATA_MAX bytes or more (the environment's PVM_DATA_MAX, default 2048) takes
 * CRI's "different, internal algorithm for large messages" (seed 000, footnote 7): the sender keeps its packed
 * buffer (pvm_send hands it to the library and the next pack starts a new one) and puts only a header into the
 * receiver's ring, whose data words are the buffer's address and the address of a word that frees it; the
 * receiver takes the header into its queue (and returns the slot's credit at once), and the data moves when the
 * program asks for it: pvm_upk* of a word-aligned run, and pvm_precv, get it from the sender's buffer straight
 * into the program's array, and put 1 into the sender's word once the last byte is got (any other unpack gets
 * the whole message into a buffer first and copies out of it). So transfer 2 is the receiver's get, copies 3 and
 * 4 disappear: pack and get, two passes over the data as MPI standard mode's copy and get (seed 001: PVM's
 * steady bandwidth "is composed of message copy and remote memory get bandwidth", "similar" to MPI standard
 * mode's; seed 002: "some of the actual data transfers and buffering are delayed until the pvm_unpack calls
 * are made"). pvm_psend of a long message copies it into a buffer of the library's, so the single call gains
 * only below PVM_DATA_MAX (seed 001: "the optimisation provided by single-call PVM only applies to messages
 * under 2048 bytes").
 *
 * Flow control is by credit: the sender counts the fragments it put into each receiver's ring (sent), the
 * receiver puts back how many it took (credit, a word on the sender), and a sender with PVM_SLOTS fragments
 * outstanding waits, draining its own rings meanwhile so that two PEs sending to each other cannot deadlock.
 * A slot is the header {flag, tag, total bytes, fragment bytes} and the data; the data is put first and the
 * header (one packet of 4 words, which lands whole) after it, and puts of one PE to one PE land in order, so a
 * header whose flag is the expected sequence number + 1 means its data is there. Reads of a ring invalidate the
 * data cache first (remote writes do not update it). */
#include <pvm3.h>
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

#define PVM_FRAG_WORDS 128
#define PVM_FRAG_BYTES (PVM_FRAG_WORDS * 4)
#define PVM_SLOTS 4

typedef struct {
    long flag;
    long tag;
    long total;
    long bytes;
    long data[PVM_FRAG_WORDS];
} slot;

typedef struct msg {
    struct msg *next;
    int src;
    int tag;
    int bytes;
    int got;
    char *data;
    /* a long message not yet got: the sender's buffer and the word on the sender that frees it */
    long raddr;
    long rdone;
} msg;

/* inbox[s][k] on a PE: slot k of the ring that PE s puts into. Symmetric (a global). */
static slot inbox[PVM_MAX_PES][PVM_SLOTS];
/* On a sender: how many of its fragments receiver r has taken out of its ring (r puts it here). */
static volatile long credit[PVM_MAX_PES];
/* On a sender: how many fragments it has put into receiver r's ring. */
static long sent[PVM_MAX_PES];
/* On a receiver: how many fragments sender s has put into its ring (s puts the count here after each header,
 * so it lands after the header): one compact array, so that a poll reads P words from a few cache lines instead
 * of the head slot of each of P rings, a line and a miss each. */
static volatile long posted[PVM_MAX_PES];
/* On a receiver: set to 1 by every sender after its count (so it lands after it), cleared by the receiver before
 * it reads the counts: 0 says no ring has anything new, and a poll with nothing arrived reads one word, not P. */
static volatile long bell;
/* On a receiver: how many fragments it has taken from sender s's ring, and s's message being reassembled. */
static long taken[PVM_MAX_PES];
static msg *partial[PVM_MAX_PES];
/* The receive queue: complete messages in the order they were taken from the rings. */
static msg *queue_head, *queue_tail;

/* On a sender: the long messages' buffers the receivers have not yet got (freed once credit[pe] >= seq). */
typedef struct held {
    struct held *next;
    volatile long released;     /* the receiver puts 1 here when it has got the data */
    int pe;
    char *data;
} held;
static held *holding;
static int data_max = -1;

static int long_from(void) {
    if (data_max < 0) {
        const char *v = getenv("PVM_DATA_MAX");
        data_max = v ? atoi(v) : 2048;
        if (data_max < 0) {
            data_max = 0;
        }
    }
    return data_max;
}

static char *sbuf;
static int slen, scap, sbufid;
/* sbuf was posted as a long message: it is the library's until its receivers have it, so the next pack or
 * initsend starts a new buffer (a pack appending to it copies it first) */
static int sbuf_held;
static msg *rbuf;
static int rpos, rbufid;

int pvm_mytid(void) {
    return PVM_TID_BASE + shmem_my_pe();
}

int pvm_parent(void) {
    return PvmNoParent;
}

int pvm_exit(void) {
    shmem_quiet();
    return PvmOk;
}

int pvm_gettid(const char *group, int inum) {
    if ((group != 0 && group[0] != 0) || inum < 0 || inum >= shmem_n_pes()) {
        return PvmBadParam;
    }
    return PVM_TID_BASE + inum;
}

int pvm_get_PE(int tid) {
    int pe = tid - PVM_TID_BASE;
    return pe >= 0 && pe < shmem_n_pes() ? pe : PvmBadParam;
}

/* Copy 3: takes the fragments that have arrived in sender s's ring into the receive queue. */
static void take_ring(int s, int me) {
    while (taken[s] != posted[s]) {     /* s's ring holds fragments not yet taken (none: it is not read) */
        slot *sl = &inbox[s][taken[s] % PVM_SLOTS];
        t3d_cache_invalidate(sl, 16);
        if (sl->flag != taken[s] + 1) {
            break;
        }
        msg *m = partial[s];
        if (sl->bytes < 0) {
            /* a long message: only its header is taken; the data stays in the sender's buffer (the slot's
             * first word) until an unpack or precv gets it (get_long) */
            t3d_cache_invalidate(sl->data, 8);
            m = (msg *) malloc(sizeof(msg));
            m->next = 0;
            m->src = s;
            m->tag = (int) sl->tag;
            m->bytes = (int) sl->total;
            m->got = m->bytes;
            m->data = 0;
            m->raddr = sl->data[0];
            m->rdone = sl->data[1];
        } else if (m == 0) {
            m = (msg *) malloc(sizeof(msg) + sl->total + 4);
            m->next = 0;
            m->src = s;
            m->tag = (int) sl->tag;
            m->bytes = (int) sl->total;
            m->got = 0;
            m->data = (char *) (m + 1);
            m->raddr = 0;
            partial[s] = m;
        }
        if (sl->bytes > 0 && m->got < m->bytes) {
            t3d_cache_invalidate(sl->data, (int) sl->bytes);
            memcpy(m->data + m->got, sl->data, sl->bytes);
            m->got += (int) sl->bytes;
        }
        taken[s]++;
        t3d_put_word((void *) &credit[me], taken[s], s);
        if (m->got == m->bytes) {
            partial[s] = 0;
            if (queue_tail) {
                queue_tail->next = m;
            } else {
                queue_head = m;
            }
            queue_tail = m;
        }
    }
}

/* Takes every fragment that has arrived in this PE's rings into the receive queue. The bell is cleared before the
 * counts are read, and a sender puts its count before it rings, so a count that lands after this scan read it
 * rings again and is seen by the next drain. */
static void drain(void) {
    t3d_cache_invalidate((const void *) &bell, (int) sizeof(long));
    if (bell == 0) {
        return;
    }
    bell = 0;
    int me = shmem_my_pe(), p = shmem_n_pes();
    t3d_cache_invalidate((const void *) posted, p * (int) sizeof(long));
    for (int s = 0; s < p; s++) {
        take_ring(s, me);
    }
}

/* A receive's poll: a message from the awaited sender (src >= 0) is looked for in its ring first, without a scan
 * of the others (the queue keeps each sender's order: the ring's fragments join it behind the ones taken before);
 * then, if none matched, every ring that rang is drained. */
static msg *take(int tid, int tag);
static msg *poll_take(int tid, int tag) {
    int src = tid == -1 ? -1 : tid - PVM_TID_BASE;
    msg *m;
    if (src >= 0) {
        t3d_cache_invalidate((const void *) &posted[src], (int) sizeof(long));
        take_ring(src, shmem_my_pe());
        if ((m = take(tid, tag)) != 0) {
            return m;
        }
    }
    drain();
    return take(tid, tag);
}

/* Waits until pe's ring for this PE has a free slot, taking this PE's own arrivals meanwhile. */
static void wait_slot(int pe) {
    for (;;) {
        t3d_cache_invalidate((const void *) &credit[pe], 4);
        if (sent[pe] - credit[pe] < PVM_SLOTS) {
            break;
        }
        drain();
    }
}

/* Frees the long messages' buffers whose receivers have got them. */
static void reclaim(void) {
    held **h = &holding;
    while (*h) {
        held *x = *h;
        t3d_cache_invalidate((const void *) &x->released, 4);
        if (x->released) {
            *h = x->next;
            int shared = x->data == sbuf && sbuf_held;
            for (held *y = holding; y && !shared; y = y->next) {
                shared = y->data == x->data;
            }
            if (!shared) {
                free(x->data);  /* a buffer sent to several receivers is freed after the last has it */
            }
            free(x);
        } else {
            h = &x->next;
        }
    }
}

/* A long message: the header into pe's ring, the data left in buf (malloc'ed, now the library's) for pe to get. */
static void post_long(int pe, int tag, char *buf, int total) {
    int me = shmem_my_pe();
    reclaim();
    wait_slot(pe);
    slot *sl = &inbox[me][sent[pe] % PVM_SLOTS];
    held *x = (held *) malloc(sizeof(held));
    x->next = holding;
    x->released = 0;
    x->pe = pe;
    x->data = buf;
    holding = x;
    long where[2] = {(long) buf, (long) &x->released};
    shmem_put(sl->data, where, 2, pe);
    long header[4] = {sent[pe] + 1, tag, total, -1};
    shmem_put(&sl->flag, header, 4, pe);
    sent[pe]++;
    t3d_put_word((void *) &posted[me], sent[pe], pe);
    t3d_put_word((void *) &bell, 1, pe);
    shmem_quiet();
}

/* Copy 2: puts bytes from buf (word aligned) into pe's ring for this PE, in fragments. */
static void transfer(int pe, int tag, const char *buf, int total) {
    int me = shmem_my_pe(), off = 0;
    do {
        int n = total - off < PVM_FRAG_BYTES ? total - off : PVM_FRAG_BYTES;
        wait_slot(pe);
        slot *sl = &inbox[me][sent[pe] % PVM_SLOTS];
        if (n > 0) {
            t3d_put(sl->data, buf + off, (n + 3) / 4, pe);
        }
        long header[4] = {sent[pe] + 1, tag, total, n};
        shmem_put(&sl->flag, header, 4, pe);
        sent[pe]++;
        t3d_put_word((void *) &posted[me], sent[pe], pe);
        t3d_put_word((void *) &bell, 1, pe);
        off += n;
    } while (off < total);
    shmem_quiet();
}

/* A long message's data is the sender's until the receiver has got it: tells the sender it may free it. */
static void release(msg *m) {
    if (m->raddr) {
        t3d_put_word((void *) m->rdone, 1, m->src);
        m->raddr = 0;
    }
}

/* Gets bytes of long message m from offset off of the sender's buffer straight into p (word aligned). */
static void get_long(msg *m, int off, void *p, int bytes) {
    if (bytes > 0) {
        t3d_get(p, (const void *) (m->raddr + off), (bytes + 3) / 4, m->src);
        t3d_cache_invalidate(p, bytes);     /* the get's reply wrote memory, not the cache */
    }
}

/* Gets the whole of long message m into a buffer of its own (an unpack the get cannot serve directly). */
static void fetch_long(msg *m) {
    if (m->raddr && m->data == 0) {
        m->data = (char *) malloc(m->bytes + 4);
        get_long(m, 0, m->data, m->bytes);
        release(m);
    }
}

static void free_msg(msg *m) {
    if (m) {
        release(m);
        if (m->data != (char *) (m + 1)) {
            free(m->data);
        }
        free(m);
    }
}

static msg *take(int tid, int tag) {
    int src = tid == -1 ? -1 : tid - PVM_TID_BASE;
    msg *prev = 0;
    for (msg *m = queue_head; m; prev = m, m = m->next) {
        if ((src == -1 || m->src == src) && (tag == -1 ? m->tag >= 0 : m->tag == tag)) {
            if (prev) {
                prev->next = m->next;
            } else {
                queue_head = m->next;
            }
            if (queue_tail == m) {
                queue_tail = prev;
            }
            return m;
        }
    }
    return 0;
}

static int bad_tid(int tid, int wildcard) {
    return !(wildcard && tid == -1) && pvm_get_PE(tid) < 0;
}

int pvm_initsend(int encoding) {
    (void) encoding;
    if (sbuf_held) {
        held *y = holding;
        while (y && y->data != sbuf) {
            y = y->next;
        }
        if (y == 0) {
            free(sbuf);     /* every receiver has it already */
        }
        sbuf = 0;
        scap = 0;
        sbuf_held = 0;
    }
    slen = 0;
    return ++sbufid;
}

static int pack(const void *p, int size, int nitem, int stride) {
    if (nitem < 0 || stride < 1) {
        return PvmBadParam;
    }
    if (sbufid == 0) {
        return PvmNoBuf;
    }
    int need = slen + size * nitem;
    if (sbuf_held) {
        char *n = (char *) malloc(need > 256 ? need : 256);
        if (n == 0) {
            return PvmNoMem;
        }
        memcpy(n, sbuf, slen);
        sbuf = n;
        scap = need > 256 ? need : 256;
        sbuf_held = 0;
    }
    if (need > scap) {
        int cap = scap ? scap : 256;
        while (cap < need) {
            cap *= 2;
        }
        char *n = (char *) realloc(sbuf, cap);
        if (n == 0) {
            return PvmNoMem;
        }
        sbuf = n;
        scap = cap;
    }
    if (stride == 1) {
        memcpy(sbuf + slen, p, size * nitem);
    } else {
        for (int i = 0; i < nitem; i++) {
            memcpy(sbuf + slen + i * size, (const char *) p + i * stride * size, size);
        }
    }
    slen = need;
    return PvmOk;
}

static int unpack(void *p, int size, int nitem, int stride) {
    if (nitem < 0 || stride < 1) {
        return PvmBadParam;
    }
    if (rbuf == 0) {
        return PvmNoBuf;
    }
    if (rpos + size * nitem > rbuf->bytes) {
        return PvmNoData;
    }
    if (rbuf->raddr && rbuf->data == 0) {
        int n = size * nitem;
        if (stride == 1 && ((unsigned long) p & 3) == 0 && (rpos & 3) == 0 && (n & 3) == 0) {
            /* copy 4 is the get: the data goes from the sender's buffer straight into the program's array */
            get_long(rbuf, rpos, p, n);
            rpos += n;
            if (rpos == rbuf->bytes) {
                release(rbuf);
            }
            return PvmOk;
        }
        fetch_long(rbuf);
    }
    if (stride == 1) {
        memcpy(p, rbuf->data + rpos, size * nitem);
    } else {
        for (int i = 0; i < nitem; i++) {
            memcpy((char *) p + i * stride * size, rbuf->data + rpos + i * size, size);
        }
    }
    rpos += size * nitem;
    return PvmOk;
}

int pvm_pkint(const int *ip, int nitem, int stride) {
    return pack(ip, 4, nitem, stride);
}

int pvm_pkdouble(const double *dp, int nitem, int stride) {
    return pack(dp, 8, nitem, stride);
}

int pvm_pkbyte(const char *cp, int nitem, int stride) {
    return pack(cp, 1, nitem, stride);
}

int pvm_upkint(int *ip, int nitem, int stride) {
    return unpack(ip, 4, nitem, stride);
}

int pvm_upkdouble(double *dp, int nitem, int stride) {
    return unpack(dp, 8, nitem, stride);
}

int pvm_upkbyte(char *cp, int nitem, int stride) {
    return unpack(cp, 1, nitem, stride);
}

int pvm_send(int tid, int msgtag) {
    if (bad_tid(tid, 0) || msgtag < 0) {
        return PvmBadParam;
    }
    if (sbufid == 0) {
        return PvmNoBuf;
    }
    if (slen >= long_from()) {
        /* the packed buffer becomes the message; the next pack starts a new one */
        post_long(tid - PVM_TID_BASE, msgtag, sbuf, slen);
        sbuf_held = 1;
        return PvmOk;
    }
    transfer(tid - PVM_TID_BASE, msgtag, sbuf, slen);
    return PvmOk;
}

static int receive(int tid, int msgtag, int block) {
    if (bad_tid(tid, 1) || msgtag < -1) {
        return PvmBadParam;
    }
    msg *m;
    for (;;) {
        m = poll_take(tid, msgtag);
        if (m || !block) {
            break;
        }
    }
    if (m == 0) {
        return 0;
    }
    free_msg(rbuf);
    rbuf = m;
    rpos = 0;
    return ++rbufid;
}

int pvm_recv(int tid, int msgtag) {
    return receive(tid, msgtag, 1);
}

int pvm_nrecv(int tid, int msgtag) {
    return receive(tid, msgtag, 0);
}

int pvm_bufinfo(int bufid, int *bytes, int *msgtag, int *tid) {
    if (rbuf == 0 || bufid != rbufid) {
        return PvmNoSuchBuf;
    }
    if (bytes) {
        *bytes = rbuf->bytes;
    }
    if (msgtag) {
        *msgtag = rbuf->tag;
    }
    if (tid) {
        *tid = PVM_TID_BASE + rbuf->src;
    }
    return PvmOk;
}

static int item_size(int datatype) {
    switch (datatype) {
    case PVM_BYTE: return 1;
    case PVM_INT: return 4;
    case PVM_DOUBLE: return 8;
    default: return 0;
    }
}

int pvm_psend(int tid, int msgtag, const void *buf, int len, int datatype) {
    int size = item_size(datatype);
    if (bad_tid(tid, 0) || msgtag < 0 || size == 0 || len < 0) {
        return PvmBadParam;
    }
    int bytes = size * len;
    if (bytes >= long_from()) {
        /* the long algorithm: a copy into a buffer of the library's, which the receiver gets */
        char *b = (char *) malloc(bytes + 4);
        if (b == 0) {
            return PvmNoMem;
        }
        memcpy(b, buf, bytes);
        post_long(tid - PVM_TID_BASE, msgtag, b, bytes);
        return PvmOk;
    }
    if (((unsigned long) buf & 3) != 0) {
        /* the shell moves words: an unaligned array goes through the send buffer */
        pvm_initsend(PvmDataRaw);
        pack(buf, size, len, 1);
        return pvm_send(tid, msgtag);
    }
    transfer(tid - PVM_TID_BASE, msgtag, (const char *) buf, size * len);
    return PvmOk;
}

int pvm_precv(int tid, int msgtag, void *buf, int len, int datatype, int *rtid, int *rtag, int *rlen) {
    int size = item_size(datatype);
    if (bad_tid(tid, 1) || msgtag < -1 || size == 0 || len < 0) {
        return PvmBadParam;
    }
    msg *m;
    while ((m = poll_take(tid, msgtag)) == 0) {
    }
    int bytes = m->bytes < size * len ? m->bytes : size * len;
    if (m->raddr && ((unsigned long) buf & 3) == 0 && (bytes & 3) == 0) {
        get_long(m, 0, buf, bytes);     /* straight into the program's array */
    } else {
        fetch_long(m);
        memcpy(buf, m->data, bytes);
    }
    if (rtid) {
        *rtid = PVM_TID_BASE + m->src;
    }
    if (rtag) {
        *rtag = m->tag;
    }
    if (rlen) {
        *rlen = bytes / size;
    }
    free_msg(m);
    return PvmOk;
}

/* The barrier's messages carry this tag, which no receive of the program can ask for or match (its tags are
 * >= 0 and -1, the wildcard, matches only those). */
#define PVM_BARRIER_TAG (-2)

/* Takes the barrier's empty message from task src, taking arrivals into the queue meanwhile. */
static void barrier_wait(int src) {
    msg *m;
    while ((m = poll_take(PVM_TID_BASE + src, PVM_BARRIER_TAG)) == 0) {
    }
    free_msg(m);
}

/* PVM 3's barrier is messages: its members tell the group's server they have come and the server answers them
 * once count have. Seed 001 (Figure 8) finds MPI's barrier, the unbalanced tree, "consistently" half PVM's cost
 * from 3 to many processes, a ratio a count at one server (linear in the tasks) cannot keep against a tree's
 * log2 P steps: so CRI's barrier grew as a tree does, at about twice the cost a step. Here it is the same
 * unbalanced tree as MPI's (mpi/src/t3d/coll_t3d.c; the upper half of the m remaining tasks tells the lower
 * half, ceil(m/2) apart, until task 0 is left, and the release goes back in the reverse order), each step an
 * empty PVM message through the rings, sent and taken as any message is (the transfer, a poll of every ring,
 * the receive queue), under a tag of the library's own. */
int pvm_barrier(const char *group, int count) {
    int me = shmem_my_pe(), p = shmem_n_pes();
    if ((group != 0 && group[0] != 0) || count == 0 || count < -1 || count > p) {
        return PvmBadParam;
    }
    if (count == -1) {
        count = p;
    }
    if (me >= count) {
        return PvmNotInGroup;
    }
    int ms[32], hs[32], n = 0, m = count;
    while (m > 1) {
        int h = (m + 1) / 2;
        ms[n] = m;
        hs[n++] = h;
        m = h;
    }
    for (int i = 0; i < n; i++) {           /* up: every task has come to task 0 */
        if (me >= hs[i] && me < ms[i]) {
            transfer(me - hs[i], PVM_BARRIER_TAG, 0, 0);
            break;
        }
        if (me + hs[i] < ms[i]) {
            barrier_wait(me + hs[i]);
        }
    }
    for (int i = n - 1; i >= 0; i--) {      /* down: the release, in the reverse order */
        if (me >= hs[i] && me < ms[i]) {
            barrier_wait(me - hs[i]);
        } else if (me + hs[i] < ms[i]) {
            transfer(me + hs[i], PVM_BARRIER_TAG, 0, 0);
        }
    }
    return PvmOk;
}
