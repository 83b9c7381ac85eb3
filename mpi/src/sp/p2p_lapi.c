/* Point to point on the IBM SP model, MPI-LAPI (docs/mpi-sp.md; seed 003 sections 4 and 5): the request engine
 * that pt2pt.c's API calls, over LAPI's active messages (<lapi.h>, docs/sp.md "LAPI").
 *
 * Every message starts with LAPI_Amsend. Its user header carries the message's description (communicator, tag,
 * length) and a sequence number of the (sender, receiver) pair; the header handler, run on the receiver when the
 * first packet arrives, takes messages in sequence order (the switch may reorder two messages' packets; LAPI
 * reassembles one message, not the order of two), matches them against the posted receives and returns where
 * the data go: the receive's buffer, or an early-arrival buffer (EA) when no receive is posted.
 *
 *   eager (standard and buffered below the eager limit, ready):  Amsend(EAGER, data)
 *   rendezvous (standard and buffered at and above it, synchronous):
 *       Amsend(RTS) -> the receive matches -> Amsend(CTS) -> Amsend(DATA, data into the receive's buffer)
 *
 * The three versions the seed measures (section 5), chosen at run time by MPI_LAPI_VERSION: base, where
 * completion handlers mark messages complete; counters, where an eager message's completion is a LAPI target
 * counter of the pair (one of COUNTER_SLOTS per pair, exchanged at start-up) instead of a completion handler;
 * enhanced (the default), where every completion handler runs in the context that completes the message
 * (LAPI's COMPL_INLINE). Progress is polling (LAPI takes packets inside the MPI calls), or with
 * MP_CSS_INTERRUPT=yes interrupt mode: LAPI's interrupt handler takes them, so a message arrives while the program
 * computes outside MPI; its header handlers match, and the completion handlers send what they leave (drain), and
 * the MPI calls' wait loops give the core to the handler (hal_yield) instead of taking packets.
 *
 * MP_MPI_STACK=native chooses the native stack (p2p_mpci.c) instead: the engine's entry points below hand their
 * calls to it, and LAPI is not started. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hal.h>
#include <lapi.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../poll_send.h"
#include "sp_stack.h"
#include "sp_match.h"

#define MAX_TASKS 128
#define COUNTER_SLOTS 8         /* counters version: target counters per (sender, receiver) pair */

enum { U_EAGER = 1, U_RTS, U_CTS, U_DATA, U_CTX };
enum { V_BASE, V_COUNTERS, V_ENHANCED };

/* The user header of every MPI-LAPI active message. */
struct uhdr {
    int kind;           /* U_* */
    int src;            /* the sending node */
    int context;        /* 2 * communicator context + queue */
    int tag;
    int bytes;          /* the message's length */
    int seq;            /* EAGER, RTS: the pair's sequence number */
    int sreq;           /* RTS, CTS: the sender's request; DATA, CTS: the receiver's */
    int aux;            /* EAGER: the counter slot (-1: none) | ready mode << 8; CTS: the receiver's request;
                         * CTX: how many contexts */
};

/* A message announced here: in the unexpected queue (as its __mpi_env), held until its predecessors of the
 * pair have come, in limbo, or being assembled for the receive it matched. */
struct lmsg {
    struct __mpi_env e;         /* first: the unexpected queue and MPI_Probe see it as an envelope */
    struct lmsg *hnext;         /* held out of order / counters version: waiting for its counter */
    struct lmsg *cnext;
    struct __mpi_request *r;    /* the receive it matched, or 0 */
    char *at;                   /* where its data are assembled, or 0 until the header handler decides */
    int direct;                 /* at is the receive's own buffer */
    int ready;                  /* a ready-mode send */
    int slot;                   /* counters version: its target counter's slot, or -1 */
    volatile int done;          /* all its data are in `at` */
};

/* Work the header handlers cannot do (they may not call LAPI): CTS answers and rendezvous data. */
struct todo {
    struct todo *next;
    int kind;                   /* U_CTS: answer an RTS; U_DATA: send a rendezvous send's data */
    int node;
    int sreq, rreq, bytes;
};

const struct __mpi_family *__mpi_family;
int __mpi_eager_limit;          /* SCMP's eager limit (init.c reads SCMP_MPI_EAGER): unused here */
struct __mpi_request *__mpi_active;
struct __mpi_request *__mpi_background;
struct __mpi_env *__mpi_limbo;
struct __mpi_env *__mpi_early;
volatile int __mpi_arrivals;
int __mpi_in_handler;
struct __mpi_out *__mpi_outbox;

int __mpi_sp_version = V_ENHANCED;      /* MPI_LAPI_VERSION */
int __mpi_sp_native;                    /* MP_MPI_STACK=native: p2p_mpci.c's stack */
int __mpi_sp_eager = 4096;              /* MP_EAGER_LIMIT: shorter standard sends are eager */
int __mpi_sp_interrupts;                /* MP_CSS_INTERRUPT=yes: interrupt mode (both stacks) */
lapi_handle_t __mpi_lapi;
static int send_seq[MAX_TASKS];         /* next sequence number to each node */
static int recv_seq[MAX_TASKS];         /* next sequence number expected from each node */
static struct lmsg *held[MAX_TASKS];    /* messages from each node that came before a predecessor */
static struct lmsg *counted;            /* counters version: eager messages waiting for their counter */
static struct todo *todos, **todo_tail = &todos;
static int in_hdr;                      /* inside a header handler: no LAPI calls */

/* Counters version: tcnt[s][k] counts the eager messages from node s on slot k that are complete here (their
 * target counter); ccnt[d][k] the ones to node d that are complete there (the completion counter); uses[d][k]
 * the ones sent. A slot is reused only when its previous message is complete, so a counter's increments come
 * in the order of its messages. */
static lapi_cntr_t tcnt[MAX_TASKS][COUNTER_SLOTS];
static lapi_cntr_t ccnt[MAX_TASKS][COUNTER_SLOTS];
static int uses[MAX_TASKS][COUNTER_SLOTS];
static int eager_seq[MAX_TASKS];
static void *tcnt_at[MAX_TASKS];        /* every task's tcnt (LAPI_Address_init) */

static void fatal(const char *why)
{
    char line[160];
    snprintf(line, sizeof line, "MPI-LAPI on node %d: %s\n", __mpi_self_node, why);
    __mpi_fatal_line(line);
    __mpi_end_run(1);
}

static void exchange_counters(void);

/* An environment variable of two values: 1 for `on`, 0 for `off` or none; anything else ends the run with a line. */
static int either(const char *name, const char *on, const char *off)
{
    const char *v = getenv(name);
    char line[96];
    if (!v || strcmp(v, off) == 0)
        return 0;
    if (strcmp(v, on) == 0)
        return 1;
    snprintf(line, sizeof line, "MPI on node %d: %s must be %s or %s\n", __mpi_self_node, name, off, on);
    __mpi_fatal_line(line);
    __mpi_end_run(1);
    return 0;
}

void __mpi_p2p_setup(void)
{
    const char *v = getenv("MPI_LAPI_VERSION"), *e = getenv("MP_EAGER_LIMIT");
    lapi_info_t info;
    __mpi_sp_native = either("MP_MPI_STACK", "native", "lapi");
    __mpi_sp_interrupts = either("MP_CSS_INTERRUPT", "yes", "no");
    if (!v || strcmp(v, "enhanced") == 0)
        __mpi_sp_version = V_ENHANCED;
    else if (strcmp(v, "base") == 0)
        __mpi_sp_version = V_BASE;
    else if (strcmp(v, "counters") == 0)
        __mpi_sp_version = V_COUNTERS;
    else
        fatal("MPI_LAPI_VERSION must be base, counters or enhanced");
    if (e) {
        __mpi_sp_eager = atoi(e);
        if (__mpi_sp_eager < 0)
            __mpi_sp_eager = 0;
    }
    if (__mpi_sp_native) {
        __mpci_setup();
        return;
    }
    if (getXDim() > MAX_TASKS)
        fatal("more than 128 tasks");
    memset(&info, 0, sizeof info);
    LAPI_Init(&__mpi_lapi, &info);
    LAPI_Senv(__mpi_lapi, COMPL_INLINE, __mpi_sp_version == V_ENHANCED);
    if (__mpi_sp_interrupts)
        LAPI_Senv(__mpi_lapi, INTERRUPT_SET, 1);
    if (__mpi_sp_version == V_COUNTERS)
        exchange_counters();
}

/* The counters version's exchange of target-counter addresses (seed section 5.2), among the ranks of
 * MPI_COMM_WORLD: each sends its table's address to every other with an active message. */
static void *tcnt_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                          void **info)
{
    const struct uhdr *u = (const struct uhdr *)uhdr;
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    (void)info;
    tcnt_at[u->src] = (void *)u->sreq;
    *ch = 0;
    return 0;
}

static void exchange_counters(void)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    int i, v, seen;
    struct uhdr u;
    static lapi_cntr_t got;
    memset(&u, 0, sizeof u);
    u.src = __mpi_self_node;
    u.sreq = (int)tcnt;
    for (i = 0; i < w->size; i++)
        if (w->nodes[i] != __mpi_self_node)
            LAPI_Amsend(__mpi_lapi, w->nodes[i], (void *)tcnt_hdr_hdl, &u, sizeof u, 0, 0, 0, 0, 0);
    tcnt_at[__mpi_self_node] = tcnt;
    do {
        LAPI_Getcntr(__mpi_lapi, &got, &v);
        for (seen = 0, i = 0; i < w->size; i++)
            seen += tcnt_at[w->nodes[i]] != 0;
    } while (seen < w->size);
}

void __mpi_drain_outbox(void)
{
}

static void add_todo(int kind, int node, int sreq, int rreq, int bytes)
{
    struct todo *t = (struct todo *)__mpi_xmalloc(sizeof *t, "MPI-LAPI");
    t->next = 0;
    t->kind = kind;
    t->node = node;
    t->sreq = sreq;
    t->rreq = rreq;
    t->bytes = bytes;
    *todo_tail = t;
    todo_tail = &t->next;
}

static void *data_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                          void **info);
static void *cts_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                         void **info);

/* Sends what the header handlers left: CTS answers (Request_to_send_acked, the seed's Figure 4c) and the data of
 * rendezvous sends whose CTS has come (Figure 7). Not in a header handler. */
static void drain(void)
{
    struct todo *t;
    if (in_hdr)
        return;
    while ((t = todos) != 0) {
        struct uhdr u;
        todos = t->next;
        if (!todos)
            todo_tail = &todos;
        memset(&u, 0, sizeof u);
        u.src = __mpi_self_node;
        if (t->kind == U_CTS) {
            u.kind = U_CTS;
            u.sreq = t->sreq;
            u.aux = t->rreq;
            LAPI_Amsend(__mpi_lapi, t->node, (void *)cts_hdr_hdl, &u, sizeof u, 0, 0, 0, 0, 0);
        } else {
            struct __mpi_request *s = (struct __mpi_request *)t->sreq;
            char *data = __mpi_type_contig(s->tp, s->buf, s->count);
            if (!data && s->bytes > 0) {
                s->tmp = (char *)__mpi_xmalloc(s->bytes, "MPI_Send");
                __mpi_pack((const char *)s->buf, s->count, s->tp, s->tmp);
                data = s->tmp;
            }
            u.kind = U_DATA;
            u.sreq = t->rreq;
            u.bytes = s->bytes;
            /* LAPI_Amsend returns when the adapter has read the data (its origin counter): the send is done */
            LAPI_Amsend(__mpi_lapi, t->node, (void *)data_hdr_hdl, &u, sizeof u, data, s->bytes, 0, 0, 0);
            s->state = ST_DONE;
        }
        free(t);
    }
}

/* ---- Receiving ---------------------------------------------------------------------------------------------- */

static void msg_free(struct lmsg *m)
{
    if (m->e.payload)
        free(m->e.payload);
    free(m);
}

/* Receive r takes message m (rank src in r's communicator). */
static void take(struct __mpi_request *r, struct lmsg *m, int src)
{
    r->source = src;
    r->rtag = m->e.tag;
    r->msgbytes = m->e.bytes;
    if (m->e.kind == ENV_RTS) {     /* Figure 12: answer the request to send */
        r->state = ST_DATA;
        add_todo(U_CTS, m->e.src_node, m->e.sreq, (int)r, m->e.bytes);
        msg_free(m);
        drain();
        return;
    }
    m->r = r;
    if (!m->at) {                   /* its header handler is running: the data can go straight to r */
        m->at = landing(r, m->e.bytes, &m->direct);
        r->state = ST_DATA;
        return;
    }
    if (m->done) {                  /* in an early-arrival buffer, complete: copy it out */
        finish(r, m->at, 0, m->e.bytes);
        msg_free(m);
    } else {
        r->state = ST_DATA;         /* its completion finishes r */
    }
}

/* Matches message m, or queues it (sp_deliver.h). */
#define SP_MSG struct lmsg
#include "sp_deliver.h"

/* A header has come: delivers it when it is the pair's next, with the held ones that follow it; else holds it. */
static void arrive(struct lmsg *m)
{
    int s = m->e.src_node;
    if (m->e.seq != recv_seq[s]) {
        struct lmsg **hp;
        for (hp = &held[s]; *hp && (*hp)->e.seq < m->e.seq; hp = &(*hp)->hnext)
            ;
        m->hnext = *hp;
        *hp = m;
        return;
    }
    recv_seq[s]++;
    deliver(m);
    while (held[s] && held[s]->e.seq == recv_seq[s]) {
        struct lmsg *h = held[s];
        held[s] = h->hnext;
        recv_seq[s]++;
        deliver(h);
    }
}

static struct lmsg *new_msg(const struct uhdr *u, int kind)
{
    struct lmsg *m = (struct lmsg *)__mpi_xmalloc(sizeof *m, "an arriving message");
    memset(m, 0, sizeof *m);
    m->e.kind = kind;
    m->e.src_node = u->src;
    m->e.context = u->context;
    m->e.tag = u->tag;
    m->e.bytes = u->bytes;
    m->e.seq = u->seq;
    m->e.sreq = u->sreq;
    m->slot = -1;
    return m;
}

/* An eager message is complete (its completion handler, or its target counter): finishes its receive. */
static void eager_done(struct lmsg *m)
{
    m->done = 1;
    if (m->r) {
        finish(m->r, m->at, m->direct, m->e.bytes);
        if (m->direct || m->at == m->r->tmp)
            m->at = 0;
        msg_free(m);
    }
}

/* Eager_cmpl_hdl (Figure 3c): mark the message complete. */
static void eager_cmpl_hdl(lapi_handle_t *h, void *info)
{
    (void)h;
    eager_done((struct lmsg *)info);
    drain();
}

/* Eager_hdr_hdl (Figure 3b): the user buffer of a matching posted receive, else an early-arrival buffer. */
static void *eager_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                           void **info)
{
    struct uhdr u;
    struct lmsg *m;
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&u, uhdr, sizeof u);
    m = new_msg(&u, ENV_EAGER);
    m->ready = (u.aux >> 8) & 1;
    m->slot = (signed char)(u.aux & 0xff);
    in_hdr++;
    arrive(m);
    in_hdr--;
    if (!m->at)                     /* not matched (or held): the early-arrival buffer */
        m->at = m->e.payload = (char *)__mpi_xmalloc(u.bytes + 4, "an early-arrival buffer");
    if (m->slot >= 0) {             /* counters version: its target counter tells */
        struct lmsg **cp;
        *ch = 0;
        for (cp = &counted; *cp; cp = &(*cp)->cnext)
            ;
        m->cnext = 0;
        *cp = m;
    } else {
        *ch = eager_cmpl_hdl;
        *info = m;
    }
    return u.bytes > 0 ? m->at : 0;
}

/* Counters version: eager messages whose target counter has been raised are complete, in arrival order. */
static void poll_counters(void)
{
    struct lmsg **cp = &counted, *m;
    while ((m = *cp) != 0) {
        lapi_cntr_t *k = &tcnt[m->e.src_node][m->slot];
        if (k->cntr > 0) {
            k->cntr--;
            *cp = m->cnext;
            eager_done(m);
        } else {
            cp = &m->cnext;
        }
    }
}

/* Request_to_send_cmpl_hdl (Figure 4c): sends the acknowledgement the header handler could not. */
static void rts_cmpl_hdl(lapi_handle_t *h, void *info)
{
    (void)h;
    (void)info;
    drain();
}

/* Request_to_send_hdr_hdl (Figure 4b): a matching receive answers (from the completion handler), else the
 * request waits in the early-arrival queue. */
static void *rts_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                         void **info)
{
    struct uhdr u;
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&u, uhdr, sizeof u);
    in_hdr++;
    arrive(new_msg(&u, ENV_RTS));
    in_hdr--;
    *ch = todos ? rts_cmpl_hdl : 0;
    *info = 0;
    return 0;
}

/* The rendezvous data's completion: the receive is done. */
static void data_cmpl_hdl(lapi_handle_t *h, void *info)
{
    struct __mpi_request *r = (struct __mpi_request *)info;
    (void)h;
    finish(r, r->dbuf, r->flag, r->msgbytes);
    drain();
}

/* The rendezvous data's header: they go to the receive's buffer (or its landing buffer). */
static void *data_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                          void **info)
{
    struct uhdr u;
    struct __mpi_request *r;
    int direct;
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&u, uhdr, sizeof u);
    r = (struct __mpi_request *)u.sreq;
    r->dbuf = landing(r, u.bytes, &direct);
    r->flag = direct;
    *ch = data_cmpl_hdl;
    *info = r;
    return u.bytes > 0 ? r->dbuf : 0;
}

/* Request_to_send_acked_cmpl_hdl (Figure 7): sends the data. */
static void cts_cmpl_hdl(lapi_handle_t *h, void *info)
{
    (void)h;
    (void)info;
    drain();
}

/* Request_to_send_acked_hdr_hdl (Figure 7): a blocking send sends the data itself when it sees the answer; a
 * nonblocking one's completion handler sends them. */
static void *cts_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                         void **info)
{
    struct uhdr u;
    struct __mpi_request *s;
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&u, uhdr, sizeof u);
    s = (struct __mpi_request *)u.sreq;
    add_todo(U_DATA, u.src, u.sreq, u.aux, 0);
    s->state = ST_DMA;              /* acknowledged */
    *ch = (s->flags & RF_STACK) ? 0 : cts_cmpl_hdl;
    *info = 0;
    return 0;
}

void __mpi_comm_ready(MPI_Comm comm)
{
    struct __mpi_env *e = __mpi_limbo, *next;
    (void)comm;
    if (__mpi_sp_native) {
        __mpci_comm_ready();
        return;
    }
    __mpi_limbo = 0;
    for (; e; e = next) {
        next = e->next;
        e->next = 0;
        deliver((struct lmsg *)e);
    }
}

/* ---- Sending -------------------------------------------------------------------------------------------------- */

int __mpi_start_send(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    int bytes = r->count * r->tp->size, node, eager;
    struct uhdr u;
    if (__mpi_sp_native)
        return __mpci_start_send(r);
    SEND_OPEN(r, bytes);           /* ../poll_send.h: PROC_NULL and a buffered send's outer request end here */
    node = c->nodes[r->peer];
    r->node = node;
    memset(&u, 0, sizeof u);
    u.src = __mpi_self_node;
    u.context = 2 * r->comm + r->q;
    u.tag = r->tag;
    u.bytes = bytes;
    u.seq = send_seq[node]++;
    /* Table 2: ready mode is eager, synchronous rendezvous, standard and buffered by the eager limit */
    eager = r->mode == MODE_READY || (r->mode != MODE_SYNC && bytes < __mpi_sp_eager);
    if (eager) {
        char *data = __mpi_type_contig(r->tp, r->buf, r->count);
        lapi_cntr_t *tc = 0, *cc = 0;
        int slot = -1;
        if (!data && bytes > 0) {
            r->tmp = (char *)__mpi_xmalloc(bytes, "MPI_Send");
            __mpi_pack((const char *)r->buf, r->count, r->tp, r->tmp);
            data = r->tmp;
        }
        if (__mpi_sp_version == V_COUNTERS) {
            slot = eager_seq[node]++ % COUNTER_SLOTS;
            while (ccnt[node][slot].cntr < uses[node][slot])    /* the slot's previous message is complete */
                __mpi_progress();
            uses[node][slot]++;
            tc = (lapi_cntr_t *)tcnt_at[node] + __mpi_self_node * COUNTER_SLOTS + slot;
            cc = &ccnt[node][slot];
        }
        u.kind = U_EAGER;
        u.aux = (slot & 0xff) | (r->mode == MODE_READY) << 8;
        /* Figure 5: LAPI_Amsend returns when the adapter has read the data (the origin counter is set) */
        LAPI_Amsend(__mpi_lapi, node, (void *)eager_hdr_hdl, &u, sizeof u, data, bytes, tc, 0, cc);
        if (r->tmp) {
            free(r->tmp);
            r->tmp = 0;
        }
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    u.kind = U_RTS;                 /* Figure 6: the request to send; the data follow its acknowledgement */
    u.sreq = (int)r;
    r->state = ST_POSTED;
    LAPI_Amsend(__mpi_lapi, node, (void *)rts_hdr_hdl, &u, sizeof u, 0, 0, 0, 0, 0);
    return MPI_SUCCESS;
}

/* ---- Receiving ------------------------------------------------------------------------------------------------ */

/* MPI-LAPI's receive start (../poll_recv.h), or the native stack's. */
#define RECV_START __mpi_start_recv
#define RECV_FIRST(r) if (__mpi_sp_native) return __mpci_start_recv(r)
#define RECV_TAKE_IN() __mpi_take_in()
#define RECV_TAKE(r, e, src) take(r, (struct lmsg *)(e), src)
#include "../poll_recv.h"

/* ---- Progress and completion ---------------------------------------------------------------------------------- */

/* Takes the packets that are there (LAPI_Getcntr does: in interrupt mode by giving the core to the handler), then
 * the counters. */
void __mpi_take_in(void)
{
    static lapi_cntr_t none;
    int v;
    if (__mpi_sp_native) {
        __mpci_take_in();
        return;
    }
    LAPI_Getcntr(__mpi_lapi, &none, &v);
    if (counted)
        poll_counters();
    drain();
}

void __mpi_progress(void)
{
    struct __mpi_request **pp = &__mpi_background, *b;
    __mpi_take_in();
    while ((b = *pp) != 0) {
        if (b->state == ST_DONE) {
            *pp = b->bnext;
            __mpi_complete(b);
            if (b->bseg)
                __mpi_bsend_release(b);
            __mpi_free_request(b);
        } else {
            pp = &b->bnext;
        }
    }
}

int __mpi_ready(struct __mpi_request *r)
{
    return r->state == ST_DONE;
}

void __mpi_complete(struct __mpi_request *r)
{
    if (r->kind == REQ_SEND && r->tmp) {
        free(r->tmp);
        r->tmp = 0;
    }
    r->state = ST_DONE;
}

/* Every send this process started has left, and every message it sent is complete at its target. */
void __mpi_flush_sends(void)
{
    if (__mpi_sp_native) {
        __mpci_flush_sends();
        return;
    }
    while (__mpi_background || todos)
        __mpi_progress();
    LAPI_Fence(__mpi_lapi);
}

/* MPI_Finalize's end, after its barrier: LAPI_Term (LAPI_Gfence, then the last packets' acknowledgements, waited
 * for a bounded time; docs/sp.md "Reliability"). The native stack's barrier ends with its own (__mpci_barrier_end). */
void __mpi_sp_finalize(void)
{
    if (!__mpi_sp_native)
        LAPI_Term(__mpi_lapi);
}

/* Every message this process sent is complete at its target (the barrier's first step). */
void __mpi_sp_fence(void)
{
    if (__mpi_sp_native)
        __mpci_fence();
    else
        LAPI_Fence(__mpi_lapi);
}

#include "../poll_entry.h"
