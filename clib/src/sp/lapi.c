/* LAPI over HAL (include/lapi.h, docs/sp.md "LAPI"). Every LAPI packet is one HAL packet whose payload starts
 * with a 32-byte LAPI header (lapi_hdr below) and goes on with up to CHUNK data bytes at the header's offset in
 * the message, so the packets of a message may arrive in any order: a Put's and a Get reply's land at their
 * offsets at once, an active message's wait (copied aside) until its header packet has run the header handler.
 * A message is complete at its target when all its bytes are in; the target then raises the target counter and
 * answers with an acknowledgement, which raises the origin's completion counter and ends the message for
 * LAPI_Fence. Packets are taken inside LAPI calls (polling mode) or by HAL's interrupt handler (interrupt mode). */
#include <hal.h>
#include <lapi.h>
#include <stdlib.h>
#include <string.h>

enum { PUT = 1, GET_REQ, GET_REPLY, AM_HDR, AM_DATA, ACK, ADDR, BARRIER };

typedef struct {
    int type;
    int msgid;    /* the origin's number of the message (a Get reply: the requester's) */
    int len;      /* the message's data bytes */
    int offset;   /* where this packet's data go in them */
    int addr;     /* Put, Get reply: the data's address at the target; Get request: at the source; active message
                   * header: the header handler; ADDR: the address */
    int tcntr;    /* the target counter, in the receiving task */
    int ccntr;    /* Put, active message: the origin's completion counter; Get request: its origin counter */
    int extra;    /* Get request: the origin's buffer; active message header: the user header's bytes; ADDR and
                   * BARRIER: the round */
} lapi_hdr;

#define CHUNK (HAL_MAX_BYTES - (int)sizeof(lapi_hdr))
#define MESSAGES 64
#define MAX_TASKS 128

/* An early data packet of an active message, kept until the header handler has said where it goes. */
typedef struct early {
    struct early *next;
    int offset;
    int bytes;
    char data[];
} early;

/* A message arriving here. */
typedef struct {
    int used;
    int src;
    int msgid;
    int type;
    int len;
    int got;
    char *buf;
    int header;           /* an active message's header handler has run */
    lapi_cntr_t *tcntr;
    int ccntr;
    compl_hndlr_t *ch;
    void *uinfo;
    early *stash;
} arriving;

static arriving msgs[MESSAGES];
static lapi_handle_t handle;
static int task, tasks, interrupts, next_msgid, outstanding;
static int compl_inline;   /* COMPL_INLINE: completion handlers run inline (today they all do) */
static int round_of[2][MAX_TASKS];
static int arrivals[2];
static void *addr_recv[2][MAX_TASKS];
static int addr_round, barrier_round;

static void send_pkt(int dst, lapi_hdr *h, const void *data, int bytes) {
    int stage[HAL_MAX_BYTES / 4];
    memcpy(stage, h, sizeof *h);
    if (bytes > 0) {
        memcpy((char *)stage + sizeof *h, data, bytes);
    }
    hal_send(dst, 0, stage, (int)sizeof *h + bytes);
    hal_send_wait();   /* the stage is on this thread's stack */
}

static arriving *find(int src, int msgid, int type) {
    arriving *free_slot = 0;
    for (int i = 0; i < MESSAGES; i++) {
        arriving *m = &msgs[i];
        if (m->used && m->src == src && m->msgid == msgid && m->type == type) {
            return m;
        }
        if (!m->used && !free_slot) {
            free_slot = m;
        }
    }
    if (!free_slot) {
        abort();   /* more than MESSAGES messages arriving at once */
    }
    memset(free_slot, 0, sizeof *free_slot);
    free_slot->used = 1;
    free_slot->src = src;
    free_slot->msgid = msgid;
    free_slot->type = type;
    return free_slot;
}

static void acknowledge(int dst, int msgid, int ccntr) {
    lapi_hdr a = {ACK, msgid, 0, 0, 0, 0, ccntr, 0};
    send_pkt(dst, &a, 0, 0);
}

/* A message whose bytes are all here: its completion handler, its target counter, the acknowledgement. */
static void complete(arriving *m) {
    int src = m->src, msgid = m->msgid, ccntr = m->ccntr, type = m->type;
    lapi_cntr_t *tcntr = m->tcntr;
    compl_hndlr_t *ch = m->ch;
    void *uinfo = m->uinfo;
    m->used = 0;
    if (type == GET_REPLY) {
        if (tcntr) {
            tcntr->cntr++;   /* the requester's origin counter */
        }
        outstanding--;
        return;
    }
    if (ch) {
        ch(&handle, uinfo);
    }
    if (tcntr) {
        tcntr->cntr++;
    }
    acknowledge(src, msgid, ccntr);
}

static void data(arriving *m, int offset, const char *p, int bytes) {
    if (bytes > 0 && m->buf) {
        memcpy(m->buf + offset, p, bytes);
    }
    m->got += bytes;
}

static void dispatch(int src, const lapi_hdr *h, const char *p) {
    int bytes = h->len - h->offset < CHUNK ? h->len - h->offset : CHUNK;
    switch (h->type) {
    case PUT:
    case GET_REPLY: {
        arriving *m = find(src, h->msgid, h->type);
        m->len = h->len;
        m->buf = (char *)h->addr;
        m->tcntr = (lapi_cntr_t *)h->tcntr;
        m->ccntr = h->ccntr;
        data(m, h->offset, p, bytes);
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case GET_REQ: {
        const char *from = (const char *)h->addr;
        int off = 0;
        do {
            int n = h->len - off < CHUNK ? h->len - off : CHUNK;
            lapi_hdr r = {GET_REPLY, h->msgid, h->len, off, h->extra, h->ccntr, 0, 0};
            send_pkt(src, &r, from + off, n);
            off += n;
        } while (off < h->len);
        if (h->tcntr) {
            ((lapi_cntr_t *)h->tcntr)->cntr++;
        }
        break;
    }
    case AM_HDR: {
        arriving *m = find(src, h->msgid, AM_DATA);
        unsigned uhdr_len = h->extra, msg_len = h->len;
        m->len = h->len;
        m->tcntr = (lapi_cntr_t *)h->tcntr;
        m->ccntr = h->ccntr;
        hdr_hndlr_t *hh = (hdr_hndlr_t *)h->addr;
        m->buf = hh(&handle, (void *)p, &uhdr_len, &msg_len, &m->ch, &m->uinfo);
        m->header = 1;
        for (early *e = m->stash; e;) {
            early *next = e->next;
            data(m, e->offset, e->data, e->bytes);
            free(e);
            e = next;
        }
        m->stash = 0;
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case AM_DATA: {
        arriving *m = find(src, h->msgid, AM_DATA);
        if (!m->header) {
            early *e = malloc(sizeof *e + bytes);
            e->offset = h->offset;
            e->bytes = bytes;
            memcpy(e->data, p, bytes);
            e->next = m->stash;
            m->stash = e;
            break;
        }
        data(m, h->offset, p, bytes);
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case ACK:
        if (h->ccntr) {
            ((lapi_cntr_t *)h->ccntr)->cntr++;
        }
        outstanding--;
        break;
    case ADDR:
        addr_recv[h->extra & 1][src] = (void *)h->addr;
        arrivals[h->extra & 1]++;
        break;
    case BARRIER:
        round_of[h->extra & 1][src]++;
        break;
    }
}

/* Takes one packet and returns 1; else returns 0, when `block` once a packet has landed (blocked in the adapter
 * until then). */
static int progress(int block) {
    int buf[HAL_MAX_BYTES / 4];
    hal_packet_t info;
    if (!hal_poll(&info, buf, sizeof buf)) {
        if (block) {
            hal_wait_packet();   /* the caller looks at its condition again */
        }
        return 0;
    }
    dispatch(info.src, (const lapi_hdr *)buf, (const char *)buf + sizeof(lapi_hdr));
    return 1;
}

/* Lets packets in until `*flag` reaches `value`: by taking them (polling mode) or by letting the interrupt
 * handler run (interrupt mode). */
static void wait_until(volatile int *flag, int value) {
    while (*flag < value) {
        if (interrupts) {
            hal_yield();
        } else {
            progress(1);
        }
    }
}

static void on_interrupt(void) {
    progress(0);
}

int LAPI_Init(lapi_handle_t *hndl, lapi_info_t *info) {
    (void)info;
    task = hal_my_node();
    tasks = hal_nodes();
    hal_init();
    *hndl = handle = 1;
    return LAPI_SUCCESS;
}

int LAPI_Term(lapi_handle_t hndl) {
    LAPI_Gfence(hndl);
    if (interrupts) {
        hal_polling();
        interrupts = 0;
    }
    return LAPI_SUCCESS;
}

int LAPI_Qenv(lapi_handle_t hndl, lapi_query_t query, int *ret_val) {
    (void)hndl;
    switch (query) {
    case TASK_ID:
        *ret_val = task;
        break;
    case NUM_TASKS:
        *ret_val = tasks;
        break;
    case MAX_UHDR_SZ:
        *ret_val = CHUNK;
        break;
    case INTERRUPT_SET:
        *ret_val = interrupts;
        break;
    case MAX_DATA_SZ:
        *ret_val = 1 << 24;
        break;
    case COMPL_INLINE:
        *ret_val = compl_inline;
        break;
    default:
        return LAPI_ERR_BAD_PARAMETER;
    }
    return LAPI_SUCCESS;
}

int LAPI_Senv(lapi_handle_t hndl, lapi_query_t query, int set_val) {
    (void)hndl;
    if (query == COMPL_INLINE) {
        compl_inline = set_val != 0;
        return LAPI_SUCCESS;
    }
    if (query != INTERRUPT_SET) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    interrupts = set_val != 0;
    if (interrupts) {
        hal_interrupts(on_interrupt);
    } else {
        hal_polling();
    }
    return LAPI_SUCCESS;
}

int LAPI_Setcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val) {
    (void)hndl;
    cntr->cntr = val;
    return LAPI_SUCCESS;
}

int LAPI_Getcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int *val) {
    (void)hndl;
    if (!interrupts) {
        while (progress(0)) {
        }
    }
    *val = cntr->cntr;
    return LAPI_SUCCESS;
}

int LAPI_Waitcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val, int *cur_cntr) {
    (void)hndl;
    wait_until(&cntr->cntr, val);
    cntr->cntr -= val;
    if (cur_cntr) {
        *cur_cntr = cntr->cntr;
    }
    return LAPI_SUCCESS;
}

static int bad_task(unsigned tgt) {
    return tgt >= (unsigned)tasks;
}

/* Sends a message's data in packets of CHUNK bytes, each with the header h at its offset. */
static void send_data(int tgt, lapi_hdr *h, const char *from) {
    int off = 0;
    do {
        int n = h->len - off < CHUNK ? h->len - off : CHUNK;
        h->offset = off;
        send_pkt(tgt, h, from + off, n);
        off += n;
    } while (off < h->len);
}

int LAPI_Put(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    (void)hndl;
    if (bad_task(tgt)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    lapi_hdr h = {PUT, next_msgid++, (int)len, 0, (int)tgt_addr, (int)tgt_cntr, (int)cmpl_cntr, 0};
    outstanding++;
    send_data(tgt, &h, org_addr);
    if (org_cntr) {
        org_cntr->cntr++;   /* the adapter has read every packet: the origin buffer may change */
    }
    return LAPI_SUCCESS;
}

int LAPI_Get(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr) {
    (void)hndl;
    if (bad_task(tgt)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    lapi_hdr h = {GET_REQ, next_msgid++, (int)len, 0, (int)tgt_addr, (int)tgt_cntr, (int)org_cntr, (int)org_addr};
    outstanding++;
    send_pkt(tgt, &h, 0, 0);
    return LAPI_SUCCESS;
}

int LAPI_Amsend(lapi_handle_t hndl, unsigned tgt, void *hdr_hdl, void *uhdr, unsigned uhdr_len, void *udata,
                unsigned udata_len, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    (void)hndl;
    if (bad_task(tgt) || uhdr_len > (unsigned)CHUNK) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    int id = next_msgid++;
    lapi_hdr h = {AM_HDR, id, (int)udata_len, 0, (int)hdr_hdl, (int)tgt_cntr, (int)cmpl_cntr, (int)uhdr_len};
    outstanding++;
    send_pkt(tgt, &h, uhdr, uhdr_len);
    if (udata_len > 0) {
        h.type = AM_DATA;
        send_data(tgt, &h, udata);
    }
    if (org_cntr) {
        org_cntr->cntr++;
    }
    return LAPI_SUCCESS;
}

int LAPI_Fence(lapi_handle_t hndl) {
    (void)hndl;
    while (outstanding > 0) {
        if (interrupts) {
            hal_yield();
        } else {
            progress(1);
        }
    }
    return LAPI_SUCCESS;
}

int LAPI_Gfence(lapi_handle_t hndl) {
    LAPI_Fence(hndl);
    int r = barrier_round++ & 1;
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            lapi_hdr h = {BARRIER, 0, 0, 0, 0, 0, 0, r};
            send_pkt(t, &h, 0, 0);
        }
    }
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            wait_until(&round_of[r][t], 1);
            round_of[r][t]--;
        }
    }
    return LAPI_SUCCESS;
}

int LAPI_Address_init(lapi_handle_t hndl, void *my_addr, void *add_tab[]) {
    (void)hndl;
    int r = addr_round++ & 1;
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            lapi_hdr h = {ADDR, 0, 0, 0, (int)my_addr, 0, 0, r};
            send_pkt(t, &h, 0, 0);
        }
    }
    wait_until(&arrivals[r], tasks - 1);
    arrivals[r] -= tasks - 1;
    for (int t = 0; t < tasks; t++) {
        add_tab[t] = t == task ? my_addr : addr_recv[r][t];
    }
    return LAPI_SUCCESS;
}
