/* ACLMPL's asynchronous protocol (docs/aclmpl.md, "Asynchronous protocol"; paper section 4.2, Figure 2).
 *
 * Every PE has a pool of ACLMPL_SLOTS fixed-size buffers and a fetch-and-increment register. A sender reads
 * and increments the receiver's register: a value below ACLMPL_SLOTS is the index of a buffer that is the
 * sender's alone; it writes the message there and the buffer's header (mark DONE, length, tag, source) as the
 * signal of one acl_put_signal, so the mark lands last (the header is right before the data, so on a machine
 * that can it is one write). A value out of bounds means the pool is used up: the sender tries
 * again until the receiver has reset its register.
 *
 * The receiver looks first in its linked list of sent-but-not-yet-received messages, then in the pool, in
 * index order; a message taken from the pool is marked RECEIVED. Whenever a send or receive is processed, the
 * PE checks its own pool for overflow: when the last buffer is marked (DONE or RECEIVED) every index has been
 * handed out, so it waits for every buffer's mark, copies the messages still marked DONE into the linked list,
 * clears the marks and resets its register to 0, which lets blocked senders go on. A sender's messages take
 * increasing indices, and the list holds only messages older than the pool's, so messages of one sender with
 * one tag are received in order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <aclmpl.h>
#include "internal.h"

#define EMPTY 0
#define MARK_DONE 1
#define MARK_RECEIVED 2
#define HEADER_WORDS 4

struct slot {
    long mark;                       /* word 0 of the signal: lands last */
    long len;
    long tag;
    long src;
    long data[ACLMPL_SLOT_BYTES / 4];
};

struct message {
    struct message *next;
    int src;
    int tag;
    int len;
    long data[];
};

static struct slot pool[ACLMPL_SLOTS];
static struct message *list_head;
static struct message *list_tail;
static struct aclmpl_async_stats stats;

void __aclmpl_async_init(void) {
    list_head = 0;
    list_tail = 0;
    memset(&stats, 0, sizeof stats);
}

void aclmpl_async_stats(struct aclmpl_async_stats *out) {
    *out = stats;
}

/* The paper's overflow check, made at every send and receive. */
static void check_overflow(void) {
    volatile struct slot *last = &pool[ACLMPL_SLOTS - 1];
    acl_invalidate((const void *) &last->mark, 4);
    if (last->mark == EMPTY) {
        return;
    }
    for (int i = 0; i < ACLMPL_SLOTS; i++) {
        volatile struct slot *s = &pool[i];
        long mark = acl_wait_change(&s->mark, EMPTY);
        if (mark == MARK_DONE) {
            acl_invalidate((const void *) s, HEADER_WORDS * 4 + (int) s->len);
            struct message *m = malloc(sizeof(struct message) + (size_t) s->len);
            if (m == 0) {
                /* the PE's memory cannot hold the messages sent to it and not yet received */
                fprintf(stderr, "aclmpl: PE %d: no memory for the linked list of unreceived messages\n",
                        acl_my_pe());
                abort();
            }
            m->next = 0;
            m->src = (int) s->src;
            m->tag = (int) s->tag;
            m->len = (int) s->len;
            memcpy(m->data, (const void *) s->data, (size_t) m->len);
            if (list_tail) {
                list_tail->next = m;
            } else {
                list_head = m;
            }
            list_tail = m;
            stats.listed++;
        }
        s->mark = EMPTY;
    }
    acl_fetch_inc_reset();
    stats.resets++;
}

int aclmpl_send_async(int dst, int tag, const void *buf, int bytes) {
    if (!__aclmpl_valid(dst, bytes) || bytes > ACLMPL_SLOT_BYTES) {
        return -1;
    }
    check_overflow();
    long index = acl_fetch_inc(dst);
    while (index >= ACLMPL_SLOTS) {
        /* The receiver's pool is used up. Serving our own pool meanwhile keeps two PEs that send to each
         * other from waiting for ever. */
        stats.blocked++;
        check_overflow();
        acl_poll();
        index = acl_fetch_inc(dst);
    }
    struct slot *s = &pool[index];
    long header[HEADER_WORDS];
    header[0] = MARK_DONE;
    header[1] = bytes;
    header[2] = tag;
    header[3] = acl_my_pe();
    acl_put_signal(s->data, buf, bytes / 4, s, header, HEADER_WORDS, dst);
    return bytes;
}

/* A receive names a PE of the partition or ACLMPL_ANY, and a valid length. */
static int receive_valid(int src, int bytes) {
    return __aclmpl_valid(src == ACLMPL_ANY ? 0 : src, bytes);
}

static int matches(int src, int tag, long msrc, long mtag) {
    return (src == ACLMPL_ANY || src == msrc) && (tag == ACLMPL_ANY || tag == mtag);
}

static int deliver(void *buf, int bytes, const void *data, int len, int msrc, int mtag, int *source, int *tagp) {
    memcpy(buf, data, (size_t) (len < bytes ? len : bytes));
    if (source) {
        *source = msrc;
    }
    if (tagp) {
        *tagp = mtag;
    }
    return len;
}

int aclmpl_receive_async(int src, int tag, void *buf, int bytes, int *source, int *tagp) {
    if (!receive_valid(src, bytes)) {
        return -1;
    }
    check_overflow();
    struct message *prev = 0;
    for (struct message *m = list_head; m; prev = m, m = m->next) {
        if (matches(src, tag, m->src, m->tag)) {
            if (prev) {
                prev->next = m->next;
            } else {
                list_head = m->next;
            }
            if (list_tail == m) {
                list_tail = prev;
            }
            int len = deliver(buf, bytes, m->data, m->len, m->src, m->tag, source, tagp);
            free(m);
            stats.from_list++;
            return len;
        }
    }
    for (int i = 0; i < ACLMPL_SLOTS; i++) {
        volatile struct slot *s = &pool[i];
        acl_invalidate((const void *) s, HEADER_WORDS * 4);
        if (s->mark == MARK_DONE && matches(src, tag, s->src, s->tag)) {
            int len = (int) s->len;
            acl_invalidate((const void *) s->data, len);
            deliver(buf, bytes, (const void *) s->data, len, (int) s->src, (int) s->tag, source, tagp);
            s->mark = MARK_RECEIVED;
            return len;
        }
    }
    return -1;
}

int aclmpl_receive_block(int src, int tag, void *buf, int bytes, int *source, int *tagp) {
    if (!receive_valid(src, bytes)) {
        return -1;
    }
    int len = aclmpl_receive_async(src, tag, buf, bytes, source, tagp);
    while (len < 0) {
        acl_poll();
        len = aclmpl_receive_async(src, tag, buf, bytes, source, tagp);
    }
    return len;
}
