/* mpi_core.h - libmpi's request engine: requests and envelopes, what the two point-to-point protocol
 * families share, derived datatypes, error handlers and the debugging table (docs/mpi.md, "Point to
 * point"). Included by mpi_internal.h, whose table __mpi_family holds what differs between the families. */
#ifndef MPI_CORE_H
#define MPI_CORE_H

/* ---- Requests ------------------------------------------------------------------------------------------ */

#define REQ_SEND 1
#define REQ_RECV 2
#define REQ_NBC 3           /* a nonblocking collective: its schedule in tmp (nbc.c) */

/* Send modes */
#define MODE_STANDARD 0
#define MODE_BUFFERED 1
#define MODE_SYNC 2
#define MODE_READY 3

/* Request flags */
#define RF_PERSISTENT 1     /* made by MPI_*_init: completion makes it inactive, not free */
#define RF_FREED 2          /* MPI_Request_free while active: released when it completes */
#define RF_STACK 4          /* lives on the stack of a blocking call: never freed */
#define RF_CANCEL 8         /* MPI_Cancel was called */
#define RF_LISTED 16        /* on the node's list of active sends (__mpi_active) */

/* Request states. A receive goes POSTED -> DONE (eager: the handler copies the payload) or POSTED -> DATA ->
 * DONE (rendezvous); a send goes POSTED -> DMA -> DONE (rendezvous) or is DONE when started (eager). */
#define ST_INACTIVE 0       /* persistent request, not started */
#define ST_POSTED 1         /* send: RTS sent, waiting for the CTS; recv: in postedReceives */
#define ST_DATA 2           /* recv: matched, CTS sent, waiting for the payload */
#define ST_DMA 3            /* send: payload message issued, waiting for the DMA engine */
#define ST_DONE 4

#define REQ_MAGIC 0x4d504952    /* "MPIR": a live request */

struct __mpi_bseg;

struct __mpi_type;

struct __mpi_request {
    struct __mpi_request *next;     /* in postedReceives */
    struct __mpi_request *anext;    /* in the node's list of active sends (--mpi-state) */
    struct __mpi_request *aprev;
    struct __mpi_request *bnext;    /* in the node's background list (buffered sends, freed requests) */
    int magic;
    volatile int state;
    unsigned char kind;             /* REQ_SEND, REQ_RECV, REQ_NBC */
    unsigned char mode;             /* MODE_* (sends) */
    unsigned char q;                /* Q_P2P or Q_COLL */
    unsigned char proto;            /* send: how the message goes (P_EAGER, P_RNDV) */
    int flags;                      /* RF_* */
    int comm;
    int peer;                       /* the caller's rank: destination, or source / MPI_ANY_SOURCE */
    int node;                       /* send: destination node */
    int tag;                        /* send: tag; recv: tag or MPI_ANY_TAG */
    void *buf;                      /* as the caller gave them */
    int count;
    MPI_Datatype type;
    struct __mpi_type *tp;
    int bytes;                      /* send: message size; recv: capacity in bytes */
    int layout;                     /* send, rendezvous: how the DMA engine reads the payload (L_*) */
    int sstride;                    /* send, L_STRIDE: words between the payload's words */
    char *data;                     /* send: where the DMA engine reads a contiguous message (buf, or tmp) */
    char *tmp;                      /* send: packed or aligned copy; recv: landing buffer */
    char *dbuf;                     /* recv: where an eager payload can be copied directly, or 0 */
    volatile int *lastp;            /* recv: the payload's last word, watched for lastword */
    int lastword;                   /* send: the message's last whole word; recv: the value awaited */
    int tailword;                   /* the last bytes % 4 bytes, carried in the RTS */
    int nwords;                     /* recv: payload words the DATA message brings */
    volatile int flag;              /* recv: the sender's completion flag has come (thesis: a DATA message
                                     * sets it; ours sends none and sets it on accepting the RTS) */
    volatile int cancel_reply;      /* send: the receiver's answer to MPI_Cancel: 1 cancelled, 2 too late */
    int source;                     /* status */
    int rtag;
    int msgbytes;
    int error;
    int cancelled;
    struct __mpi_bseg *bseg;        /* buffered send: its segment of the attached buffer */
};

#define P_EAGER 1
#define P_RNDV 2

#define L_CONTIG 0      /* `data`, nwords consecutive words */
#define L_STRIDE 1      /* `data`, words `sstride` words apart */
#define L_RUNS 2        /* the runs of the datatype, one sendm each */

/* An announced message that no posted receive has matched yet (postedSends / the unexpected queue): an RTS,
 * or an eager message with its payload. */
#define ENV_RTS 1
#define ENV_EAGER 2

struct __mpi_env {
    struct __mpi_env *next;
    int kind;                       /* ENV_RTS, ENV_EAGER */
    int src_node;
    int context;                    /* 2 * communicator context + queue */
    int tag;
    int bytes;
    int seq;                        /* per (sender, receiver) sequence number */
    int sreq;                       /* RTS: the sender's request */
    int lastword;                   /* RTS: the payload's last whole word */
    int tailword;                   /* RTS: the last bytes % 4 bytes */
    char *payload;                  /* eager: the bytes (stored after the envelope) */
};

/* Active sends of this node, newest first, for the debugging table and for MPI_Finalize. */
extern struct __mpi_request *__mpi_active;

/* Internal entry points: they return an error code and never call an error handler. q is Q_P2P or Q_COLL;
 * any committed datatype and any valid communicator. */
int __mpi_isend(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q,
                MPI_Request *request);
int __mpi_irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
                MPI_Request *request);
/* Blocking forms, without a heap request. */
int __mpi_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q);
int __mpi_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
               MPI_Status *status);

/* Starts a request whose fields (kind, mode, comm, q, peer, tag, buf, count, type) are set and checked. */
int __mpi_start(struct __mpi_request *r);
/* The machine's engine behind __mpi_start (p2p.c, t3d/p2p_t3d.c); request.c holds what both share. */
int __mpi_start_send(struct __mpi_request *r);
int __mpi_start_recv(struct __mpi_request *r);
/* A receive from MPI_PROC_NULL completes at once with the empty status: every engine's __mpi_start_recv (p2p.c's
 * and the polling transports', poll_recv.h). Statements, not a function nor a do-while block, so each compiles to
 * the code it had with them written out (a block changes the compiler's register choice). */
#define MPI_RECV_NULL_DONE(r)                                                                               \
    (r)->source = MPI_PROC_NULL;                                                                            \
    (r)->rtag = MPI_ANY_TAG;                                                                                \
    (r)->msgbytes = 0;                                                                                      \
    (r)->state = ST_DONE

struct __mpi_request *__mpi_new_request(void);
void __mpi_free_request(struct __mpi_request *r);
/* Whether a request can complete, without side effects and without calling anything (so that wait loops
 * store nothing while they only wait, which lets scmpsim recognise a deadlock): 0 no, 1 yes, 2 yes once the
 * node's DMA engine is idle. */
int __mpi_ready(struct __mpi_request *r);
#define MPI_READY_BODY(r, out)                                                                              \
    do {                                                                                                    \
        int s_ = (r)->state, a_ = (r)->cancel_reply;                                                        \
        if (((r)->flags & RF_CANCEL) && a_ != 2)                                                            \
            out = a_;               /* 0: no answer yet; 1: cancelled */                                    \
        else if (s_ == ST_DONE)                                                                             \
            out = 1;                                                                                        \
        else if (s_ == ST_DATA)                                                                             \
            out = ((r)->nwords == 0 || *(r)->lastp == (r)->lastword) && (r)->flag;                          \
        else                                                                                                \
            out = s_ == ST_DMA ? 2 : 0;                                                                     \
    } while (0)
/* Completes a request that __mpi_ready accepted: copies out a landing buffer, updates the lists. */
void __mpi_complete(struct __mpi_request *r);
/* Waits for a request to complete, suspending in between (the handshake handlers run then). */
void __mpi_wait_done(struct __mpi_request *r);

/* Assembly (fast.S). The wait loops call only leaf functions and store nothing while they wait, so that a
 * deadlocked MPI program is recognised by scmpsim (its livelock check watches for a period without stores). */
int __mpi_ready_now(struct __mpi_request *r);           /* __mpi_ready, the DMA case decided */
void __mpi_wait_loop(struct __mpi_request *r);          /* until __mpi_ready_now(r) */
int __mpi_wait_any_loop(int count, struct __mpi_request **requests);  /* index, or -2: all inactive */
void __mpi_wait_list(struct __mpi_request *head);       /* until one of the bnext list can complete */
void __mpi_wait_change(volatile int *word, int old);    /* until *word != old */
/* Fills a status from a completed request. */
void __mpi_fill_status(struct __mpi_request *r, MPI_Status *status);
/* Work that completes in the background: buffered sends and requests freed while active. */
void __mpi_progress(void);
void __mpi_background_add(struct __mpi_request *r);
int __mpi_background_ready(void);   /* whether __mpi_progress has something to do; calls nothing */
extern struct __mpi_request *__mpi_background;
/* Waits until every send this node started has left it (MPI_Finalize, MPI_Buffer_detach). */
void __mpi_flush_sends(void);
/* Tells the engine that a communicator now exists (messages for it may have arrived before it did). */
void __mpi_comm_ready(MPI_Comm comm);
/* The communicator whose messages carry this context number, or NULL. */
struct __mpi_comm *__mpi_comm_by_context(int context, MPI_Comm *handle);

/* The oldest announced message that a receive (source, tag) on queue q of c would take, or NULL; *src = its
 * source's rank. */
struct __mpi_env *__mpi_find_unexpected(struct __mpi_comm *c, int q, int source, int tag, int *src);
extern volatile int __mpi_arrivals;             /* announcements queued so far (MPI_Probe waits on it) */
/* MPI_Cancel's work: a receive not yet matched leaves its queue; a rendezvous send asks its receiver. */
int __mpi_cancel(struct __mpi_request *r);
int __mpi_cancel_recv(struct __mpi_request *r);   /* its receive half, shared (request.c) */
#if defined(__T3D__) || defined(__SP__)
/* Takes in every envelope written into this process's queue so far (t3d/p2p_t3d.c), or the packets that have
 * landed (sp/p2p_lapi.c). */
void __mpi_take_in(void);
#endif

/* Checks the arguments of a point-to-point call; returns an error code or MPI_SUCCESS. */
int __mpi_check_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);
int __mpi_check_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm);
int __mpi_check_request(MPI_Request r);
int __mpi_check_probe(int source, int tag, MPI_Comm comm);     /* the probes' and matched probes' arguments */

/* Buffered sends (buffer.c): takes a segment of the attached buffer and packs the message into it. */
int __mpi_bsend_start(struct __mpi_request *r);
void __mpi_bsend_release(struct __mpi_request *r);
/* The serial number buffer.c gave the buffered send a segment holds (for MPI_Cancel). */
int __mpi_bseg_serial(struct __mpi_bseg *s);
void __mpi_bsend_release_seg(struct __mpi_bseg *s);

/* The state the assembly fast paths read (p2p.c explains the words). */
#define MPI_MAX_NODES 1024      /* 32 x 32, the largest mesh (wide flits) */
struct __mpi_hot {
    int ours;                       /* protocol family ours, eager messages enabled */
    int eager_limit;
    int fast_ok;                    /* no announcement waits out of order */
    int self;                       /* this node */
    unsigned char shift[32];        /* log2 of the size of the predefined types MPI_CHAR .. MPI_PACKED */
    int sendword[MPI_MAX_NODES];
    int recvword[MPI_MAX_NODES];
};
extern struct __mpi_hot __mpi_hot;
void __mpi_p2p_setup(void);
/* Per other node, one word each way: sendword[i] = the next sequence number to node i << 16 | eager
 * messages to it not yet credited back; recvword[i] = the next sequence number expected from node i << 16 |
 * eager messages from it consumed and not yet credited back. A credit return subtracts a batch from the low
 * half of the sender's sendword, which then holds at least that much, so the halves never disturb each
 * other; the sequence numbers wrap at 16 bits. */
#define SEQ_OUT(n) ((unsigned)__mpi_hot.sendword[n] >> 16)
#define SEQ_IN(n) ((unsigned)__mpi_hot.recvword[n] >> 16)
#define DEBT(n) (__mpi_hot.sendword[n] & 0xffff)

/* The engine's entry points for the families (p2p.c). */
/* Announces r's message (RTS) to r->node (to this node's RTS handler code directly when it is this node
 * and the family's self_local says so); finds how the DMA engine will read the payload first (strided
 * words and runs of words only when the family's dma_layouts allows). */
int __mpi_send_rts(struct __mpi_request *r, int bytes, int cq);
/* An announcement has arrived (on_heap: e may be kept as it is): delivered in its sender's order. */
void __mpi_arrived(struct __mpi_env *e, int on_heap);
/* A rendezvous receive's payload has landed: tail bytes, landing buffer; the receive is done. */
void __mpi_finish_recv(struct __mpi_request *r);
/* Nonzero while a handler of this node runs. */
extern int __mpi_in_handler;
/* THREAD handler: the sender of an RTS asks to cancel it. */
void __mpi_cancel_send(int src_node, int sreq);
/* THREAD handler (family ours): the sender of an eager message, by its sequence number, asks to cancel it. */
void __mpi_cancel_eager(int src_node, int seq, int sreq);

/* Eager limit in bytes (ours): messages up to it travel inside the THREAD message. */
#define MPI_EAGER_MAX 84            /* 21 words: a THREAD message carries 24, the header takes 3 */
extern int __mpi_eager_limit;

/* ---- Datatypes ----------------------------------------------------------------------------------------- */

/* One contiguous run of bytes of a datatype's typemap: `len` bytes at `disp`, of basic elements of
 * `esize` bytes (for MPI_Get_elements). A type is the list of its runs, in typemap order. */
struct __mpi_block {
    int disp;
    int len;
    int esize;
};

#define TF_COMMITTED 1
#define TF_PREDEFINED 2
#define TF_HAS_LB 4     /* an explicit MPI_LB marker fixes the lower bound */
#define TF_HAS_UB 8     /* an explicit MPI_UB marker fixes the upper bound */
/* A derived type's element type, in bits 8..15 of its flags: the predefined type every basic element of its
 * typemap is (a pair type such as MPI_DOUBLE_INT counts as one element), 0 when it has no data, TF_MIXED when
 * they differ (set by the constructors; a predefined type's is its handle: __mpi_type_elements). */
#define TF_ETYPE_SHIFT 8
#define TF_MIXED 0xff
/* A type of many runs (datatype.c, "Compact runs") keeps them compressed: blocks then points to bytes, not to
 * struct __mpi_block, and __mpi_runs_next reads them in order. */
#define TF_COMPACT 16
/* A type of MPI_Type_create_f90_integer/real/complex (type_extra.c): one element of the predefined type in its
 * element type bits, exactly; predefined to MPI (never freed), and reduced as that type (op.c). */
#define TF_F90 32

struct __mpi_type {
    int refs;                       /* the handle, plus pending requests that use it */
    int flags;
    int size;                       /* bytes of data in one item */
    int lb, ub;                     /* extent = ub - lb */
    int true_lb, true_ub;           /* the bytes actually touched */
    int align;                      /* alignment of the widest basic type (pads struct extents) */
    int nelems;                     /* basic elements in one item */
    int nblocks;
    struct __mpi_block *blocks;
};

#define MPI_FIRST_DERIVED 64

struct __mpi_type *__mpi_type_get(MPI_Datatype t);      /* NULL if not a valid type */
int __mpi_type_extent(MPI_Datatype t);                  /* bytes, or -1 */
int __mpi_type_usable(MPI_Datatype t);                  /* valid and committed: MPI_SUCCESS or MPI_ERR_TYPE */
/* The predefined type all of a type's elements are (a pair type counts as one), 0 when it has no data,
 * TF_MIXED when they differ or the type is not valid: what MPI_Accumulate's rule asks of its types. */
int __mpi_type_elements(MPI_Datatype t);
/* The same for a point-to-point peer: MPI_PROC_NULL takes any datatype, MPI_DATATYPE_NULL too, as nothing
 * moves (MPICH accepts it; docs/mpi.md, "Point to point"). */
#define __mpi_type_usable_for(t, peer)                                                                      \
    ((t) == MPI_DATATYPE_NULL && (peer) == MPI_PROC_NULL ? MPI_SUCCESS : __mpi_type_usable(t))
/* The descriptor a point-to-point request works with: MPI_DATATYPE_NULL, which the checks let through only
 * for MPI_PROC_NULL (nothing moves), gets MPI_BYTE's, so that every transport may look at it. */
#define __mpi_request_type(t) __mpi_type_get((t) == MPI_DATATYPE_NULL ? MPI_BYTE : (t))
void __mpi_type_hold(MPI_Datatype t);
void __mpi_type_release(MPI_Datatype t);
/* Where `count` items at buf lie as one contiguous run, or NULL when they do not. */
char *__mpi_type_contig(struct __mpi_type *t, void *buf, int count);
/* When the items are single words a constant number of words apart: their number, the first word and the
 * stride in words; -1 otherwise. */
int __mpi_type_words(struct __mpi_type *t, void *buf, int count, char **first, int *stride);
/* Whether every run of every item starts on a word and is a whole number of words. */
int __mpi_type_wordruns(struct __mpi_type *t, void *buf, int count);
/* Packs `count` items at buf into out (size * count bytes). */
void __mpi_pack(const char *buf, int count, struct __mpi_type *t, char *out);
/* Unpacks the first nbytes of the packed stream `in` into count items at buf. */
void __mpi_unpack(const char *in, int nbytes, char *buf, int count, struct __mpi_type *t);
/* A position in the packed stream of count items of a type (datatype.c), to pack or unpack a long stream a
 * piece at a time: __mpi_cursor_pack copies the next len bytes of the stream out, __mpi_cursor_unpack the
 * next len bytes in; both return how many (fewer at the end of the stream). */
/* The runs of one item of a compact type (TF_COMPACT), in order: __mpi_runs_start, then each call of
 * __mpi_runs_next gives the next run's displacement, bytes and element size; nblocks of them in all. */
struct __mpi_runs {
    const unsigned char *p;
    int disp, len, esize;
    int gap, rep;                   /* the last run's distance from the one before; runs left like it */
};
void __mpi_runs_start(struct __mpi_runs *r, const struct __mpi_type *t);
void __mpi_runs_next(struct __mpi_runs *r);
/* The same, a repeated run (a vector's) without the call. */
#define __MPI_RUNS_NEXT(r)                                           \
    do {                                                             \
        if ((r)->rep > 0) {                                          \
            (r)->rep--;                                              \
            (r)->disp += (r)->len + (r)->gap;                        \
        } else {                                                     \
            __mpi_runs_next(r);                                      \
        }                                                            \
    } while (0)
struct __mpi_cursor {
    struct __mpi_type *t;
    char *contig;                   /* the items as one run, or 0 */
    char *item;                     /* otherwise the current item, */
    int left;                       /* the items left (the current one included), */
    int block;                      /* the run of the item, */
    int off;                        /* and the bytes of that run done (of the whole run when contig) */
    struct __mpi_runs runs;         /* that run, of a compact type */
};
void __mpi_cursor_init(struct __mpi_cursor *k, const void *buf, int count, struct __mpi_type *t);
int __mpi_cursor_pack(struct __mpi_cursor *k, void *out, int len);
int __mpi_cursor_unpack(struct __mpi_cursor *k, const void *in, int len);
/* Sends the runs of count items at buf by DMA into an open message (all word-aligned, whole words);
 * the last run ends the message. */
/* Where the last run of an item ends (its displacement plus its bytes). */
int __mpi_type_end(struct __mpi_type *t);
void __mpi_dma_runs(struct __mpi_type *t, char *buf, int count);

/* ---- Error handlers ------------------------------------------------------------------------------------ */

/* Invokes comm's error handler (MPI_COMM_WORLD's when comm is not valid) for a failure of function `func`
 * and returns code; MPI_SUCCESS passes through. MPI_ERRORS_ARE_FATAL prints one line on stderr and ends the
 * whole run. */
int __mpi_error(MPI_Comm comm, int code, const char *func);
/* The same, with what went wrong in words for the fatal handler's line (why may be 0). */
int __mpi_error_why(MPI_Comm comm, int code, const char *func, const char *why);
/* Out of node memory: MPI_ERR_NO_MEM through comm's error handler, with the bytes asked for; returns the
 * handler's code. */
int __mpi_no_mem(MPI_Comm comm, const char *func, int bytes);
/* A persistent collective's request (pcoll.c) takes copies of its arrays of counts and displacements, nsend and nrecv
 * ints on each side: a large-count _init_c call (large.c) frees the converted arrays it passed. MPI_ERR_NO_MEM
 * (reported, the request freed) or MPI_SUCCESS. */
int __mpi_pcoll_keep(MPI_Request *request, int nsend, int nrecv, const char *func);
/* Windows (win_extra.c): the window's own handler (MPI_Win_set_errhandler), or, when none was set, the handler
 * of MPI_COMM_SELF if one was set on it, else MPI_COMM_WORLD's (as MPICH); MPI_SUCCESS passes through. */
int __mpi_win_error(MPI_Win win, int code, const char *func);
int __mpi_win_no_mem(MPI_Win win, const char *func, int bytes);
/* What the checks of an operation, a lock, an unlock or a flush find for the target rank MPI_PROC_NULL (MPI-3: the
 * call does nothing and succeeds): __mpi_win_error turns it into MPI_SUCCESS. */
#define WIN_PROC_NULL (-1)
/* errhandler.c: the function of a user handler (0 for any other handle); a hook that marks the user handlers
 * that windows hold, so that a dropped one is not taken back while a window has it. */
MPI_Handler_function *__mpi_errhandler_fn(MPI_Errhandler h);
extern void (*__mpi_errhandler_users)(char *used, int first, int n);
/* Memory libmpi cannot go on without: on failure the error handler hears MPI_ERR_NO_MEM and the run ends.
 * Never NULL. */
void *__mpi_xmalloc(int bytes, const char *func);
void *__mpi_xcalloc(int n, int size, const char *func);
void *__mpi_xrealloc(void *old, int bytes, const char *func);
/* A message a handler wants sent without blocking on the NIU while others wait behind it (p2p_ours.c, "Messages
 * sent by handlers"): sent at once when it cannot block, else by a bounded number of sending handlers or from
 * the outbox that waiting user threads drain. */
#define OUT_ADD 3           /* sendAddIntValue(node, a, b) */
#define OUT_WORD 4          /* sendDataIntValue(node, a, b) */
#define OUT_BLOCK 5         /* sendDataBlock(node, a, 1, b, 1, c), then free(b) */
void __mpi_handler_send(int kind, int node, int a, int b, int c);
struct __mpi_out;
extern struct __mpi_out *__mpi_outbox;
extern int __mpi_senders;           /* handlers sending now, which may block on the NIU */
extern int __mpi_sender_limit;      /* at most this many at once: nctx - 2 */
/* A message into the outbox, at once (the thesis families' handlers: p2p_thesis.c, "Replies sent by
 * handlers"); OUT_CTS and OUT_PAYLOAD are p2p_ours.c's. */
#define OUT_CTS 1           /* __mpi_request_data(a, b, c, d, self, 0) to node: a CTS without a flag */
#define OUT_PAYLOAD 2       /* the payload of send request a to node: target b, stride c, d words (ST_DMA) */
void __mpi_outbox_put(int kind, int node, int a, int b, int c, int d);
void __mpi_drain_outbox(void);
/* The NIU can take a short message without blocking: no open message, empty injection queue, DMA engine idle. */
#define NIU_IDLE() ((__scmp_niustat() & (SCMP_NIU_DMA_BUSY | SCMP_NIU_QUEUE_BUSY | SCMP_NIU_MESSAGE_OPEN)) == 0)

/* Writes a line on stderr with one write, after flushing stdout (fatal errors, MPI_Abort). */
void __mpi_fatal_line(const char *line);
/* Ends the whole run with a status (MPI_Abort, fatal errors). */
void __mpi_end_run(int status);
/* The calling process's rank in MPI_COMM_WORLD. */
int __mpi_world_rank(void);

#endif
