/* Internal state of libmpi (docs/mpi.md). Every node has its own copy of these globals at the same
 * address. */
#ifndef MPI_INTERNAL_H
#define MPI_INTERNAL_H

#include "pmpi.h"
#include <mpi.h>


/* Queue index: 0 = point to point, 1 = collective traffic of the same communicator. */
#define Q_P2P 0
#define Q_COLL 1

/* Internal tags of collective traffic (queue Q_COLL, never seen by user receives). */
#define TAG_BCAST 1
#define TAG_REDUCE 2

struct __mpi_comm {
    int used;
    int context;                  /* messages carry 2 * context + queue index; also the handle (comm.c) */
    int rank;
    int size;
    int *nodes;                   /* rank -> node */
    struct __mpi_request *recvs[2];   /* postedReceives, in posting order */
    struct __mpi_env *sends[2];       /* postedSends, in arrival (sequence) order */
    volatile int barrier_arrived;     /* thesis barrier, on rank 0: how many others have entered */
    volatile int barrier_release;     /* thesis barrier, on the others: releases from rank 0 */
    int errhandler;                   /* MPI_Errhandler; 0 (a zeroed entry) = MPI_ERRORS_ARE_FATAL */
    /* ---- mpi-coll: groups, topologies, attributes, collective state (comm.c, coll*.c) ---- */
    int *rank_of;                     /* node -> rank in this communicator, or -1; getXDim()*getYDim() */
    volatile int new_context;         /* thesis MPI_Comm_dup: the context rank 0 hands out */
    struct __mpi_topo *topo;          /* Cartesian or graph topology, or 0 */
    struct __mpi_attr *attrs;         /* attributes, in the order they were first put */
    struct __coll_slots {             /* "ours" collectives: the slot engine (coll_slot.c); offsets fixed */
        struct __coll_rec *rec;       /* 0: this node's records, one per rank, or 0 */
        int *peer;                    /* 4: peer[j] = address of this rank's record in rank j's area */
        int *nodes;                   /* 8: rank -> node (= nodes above) */
        int rank;                     /* 12 */
        int size;                     /* 16 */
    } slots;
    int gx, gy;                       /* ranks form a gx x gy rectangle of the mesh in row-major order, or 0 */
    /* ---- intercommunicators (comm.c): size, nodes and rank_of above are then the remote group's, so that
     * point to point (the engine and fast.S) reaches the remote group as it reaches an intracommunicator's
     * members; rank is the rank in the local group */
    int inter;                        /* an intercommunicator */
    int lsize;                        /* its local group: size and rank -> node */
    int *lnodes;
    int low;                          /* its local group is the lower one (its leader's node is the smaller) */
    char *name;                       /* MPI_Comm_set_name, or 0 */
    int nbc_seq;                      /* nonblocking collectives started on it (their tags, nbc.c) */
    int freed;                        /* MPI_Comm_free came while receives were posted: the engine still
                                       * matches them; the communicator goes when they have (comm.c) */
    int hints;                        /* MPI_Comm_set_info's assertions, bit i of info.c's hint_keys[i] */
};

/* The communicator table: a communicator's handle is its context, which is unique on the whole machine
 * (contexts are allocated by one node, comm.c), so __mpi_comm_tab[context] finds it on every member. */
extern struct __mpi_comm **__mpi_comm_tab;
extern int __mpi_comm_cap;
extern struct __mpi_env *__mpi_limbo;   /* announcements for a communicator this node does not have yet */

/* The protocol family (docs/mpi.md), chosen at run time from the environment variable SCMP_MPI_PROTOCOL
 * ("thesis" or "ours"; scmpsim --mpi-protocol sets it): the thesis's design as published, or ours, the
 * default. Set by __mpi_state() on every node before any traffic. */
#define MPI_PROTO_THESIS 0
#define MPI_PROTO_OURS 1
extern int __mpi_protocol;      /* (for the debugging table; the code goes through __mpi_family, below) */

/* SPMD launch (scmpsim -n N) sets SCMP_NPROCS=N: MPI_COMM_WORLD is nodes 0..N-1 and every rank runs main.
 * Without it (the thesis's parExecute form) MPI_COMM_WORLD is every node of the mesh. 0 when not SPMD. */
extern int __mpi_spmd_nprocs;
extern int __mpi_initialized;
extern int __mpi_self_node;                       /* this node's number (set by __mpi_state) */
extern int __mpi_finalized;

void __mpi_state(void);                           /* lazy set-up of this node's tables; idempotent */
struct __mpi_comm *__mpi_comm(MPI_Comm comm);     /* NULL if not a valid communicator */
int __mpi_type_size(MPI_Datatype type);           /* bytes, or -1 */
int __mpi_rank_of_node(struct __mpi_comm *c, int node);

int __mpi_apply_op(MPI_Op op, MPI_Datatype type, const void *in, void *inout, int count);

#include "mpi_core.h"


/* ==== mpi-coll: groups, communicators, attributes, topologies, collectives, operations ================= */

/* More internal tags of collective traffic (queue Q_COLL). */
#define TAG_GATHER 3
#define TAG_SCATTER 4
#define TAG_ALLGATHER 5
#define TAG_ALLTOALL 6
#define TAG_SCAN 7
#define TAG_SPLIT 8
#define TAG_REDSCAT 9
#define TAG_INTER 10        /* making and merging intercommunicators (intercomm.c) */
#define TAG_ALLTOALLW 11    /* MPI_Alltoallw (nbc.c) */
#define TAG_NBC 32          /* nonblocking collectives: TAG_NBC + a number per communicator (nbc.c) */
/* Collective traffic tagged with a tag of the caller's (MPI_Comm_create_group, MPI_Intercomm_create) uses
 * TAG_USER_BASE - tag: negative, never one of the above nor MPI_ANY_TAG. */
#define TAG_USER_BASE (-16)

/* group.c */
struct __mpi_group {
    int refs;
    int size;
    int *nodes;                   /* rank -> node */
};
struct __mpi_group *__mpi_group(MPI_Group g);     /* NULL if not a valid group */
MPI_Group __mpi_group_new(int n, const int *nodes);
int __mpi_group_compare(struct __mpi_group *a, struct __mpi_group *b);

/* comm.c */
void __mpi_comm_init(int n, int self_node);      /* MPI_COMM_WORLD and MPI_COMM_SELF, from __mpi_state() */
struct __mpi_comm *__mpi_comm_install(int context, int rank, int size, const int *nodes);
int __mpi_comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
void __mpi_get_contexts(int k, int members, int *out);
void __mpi_set_context_refs(int k, const int *ctxs, const int *refs);
void __mpi_ctx_alloc(int node, int reply, int k, int members);    /* handlers on the allocator */
void __mpi_ctx_release(int context);
void __mpi_ctx_setrefs(int context, int refs);
void __mpi_ctx_query(int parent, int node, int reply);            /* handler on rank 0 (thesis dup) */
struct __mpi_comm *__mpi_intercomm_install(int context, int rank, int lsize, const int *lnodes, int rsize,
                                           const int *rnodes, int low);

/* intercomm.c */
int __mpi_intercomm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm);
int __mpi_intercomm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm);
int __mpi_intercomm_create_from_group(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, MPI_Comm *newcomm);

/* nbc.c: completing a nonblocking collective's request (MPI_Test and the rest poll it, MPI_Wait waits) */
void __mpi_nbc_poll(struct __mpi_request *r);
void __mpi_nbc_wait(struct __mpi_request *r);
/* A request of kind REQ_NBC with a completion of its own (nbc.h, `own`: MPI_Isendrecv, MPI_Comm_idup, generalized
 * requests): what MPI_Cancel, MPI_Request_free, MPI_Request_get_status and the completing calls (NBC_FINISH) ask
 * of it, done or not; -1 for a collective's. */
int __mpi_nbc_own(struct __mpi_request *r, int how, MPI_Status *status);
#define NBC_TEST 0          /* complete r if it can complete now */
#define NBC_WAIT 1          /* complete r, waiting as long as it takes */
#define NBC_CANCEL 2        /* MPI_Cancel: returns the error code */
#define NBC_FREE 3          /* MPI_Request_free of r still active: 0 when r is left to free itself on completion,
                             * -1 when the caller frees it as it frees any completed request */
#define NBC_STATUS 4        /* MPI_Request_get_status: 1 with the status when r could complete, 0 when not, -1
                             * when the caller gives the status as for any request; r stays */
#define NBC_FINISH 5        /* r is done and the call that completes it gives its status now: a generalized
                             * request calls query_fn and free_fn and becomes a completed receive */

/* win_extra.c: a window made (win_entry.h: its base, size and displacement unit as given, its MPI_WIN_FLAVOR_*),
 * a window freed (its attributes deleted: the delete callbacks' error, if any); on the T3D, the regions attached
 * to a dynamic window, one by one (1: the i-th's base and size; 0: no more), which t3d/win_t3d.c keeps fresh in
 * the data cache, and the T3D's window made dynamic (t3d/win_t3d.c) */
void __mpi_win_made(MPI_Win win, MPI_Comm comm, void *base, int size, int disp_unit, int flavor);
int __mpi_win_freed(MPI_Win win);
#ifdef __T3D__
int __mpi_win_region(MPI_Win win, int i, char **base, MPI_Aint *size);
void __mpi_t3d_win_dynamic(MPI_Win win);
#endif

/* info.c: MPI_SUCCESS for MPI_INFO_NULL or an object, MPI_ERR_INFO for any other handle */
int __mpi_info_check(MPI_Info info);

/* errclass.c's classes and codes: the last number given (attr.c; MPI_LASTUSEDCODE), and init.c's hook into its
 * table (0 until the first is added): 1 and the class and string of code if it is one of them. */
extern int __mpi_lastusedcode;
extern int (*__mpi_user_error)(int code, int *errorclass, const char **string);

/* attr.c */
#define __mpi_attr_copy(oldcomm, from, to) __mpi_attr_copy_list(oldcomm, (from)->attrs, &(to)->attrs)
int __mpi_attr_delete_all(MPI_Comm comm, struct __mpi_comm *c);
/* The same over any object's list of attributes, handle given to the callbacks (windows: win_extra.c). */
int __mpi_attr_put(struct __mpi_attr **list, int handle, int key, void *val);
void __mpi_attr_get(struct __mpi_attr **list, int key, void *val, int *flag);
int __mpi_attr_delete(struct __mpi_attr **list, int handle, int key);
int __mpi_attr_clear(struct __mpi_attr **list, int handle);
int __mpi_attr_finalize_self(void);

/* type_extra.c (envelopes and contents, attributes and names of datatypes), linked only into programs that call
 * its functions: datatype.c calls these through weak references, so that nothing changes for other programs. A
 * constructor's arguments as it was given them (the combiner says which are used); a dup (attributes copied);
 * MPI_Type_free (attributes deleted: the delete callbacks' error, if any, keeps the type); a type's end. */
void __mpi_type_record(MPI_Datatype t, int combiner, int count, int s1, int s2, const int *v1, const int *v2,
                       const int *v3, const MPI_Aint *av, MPI_Aint a1, MPI_Aint a2, const MPI_Datatype *types,
                       MPI_Datatype old);
int __mpi_type_duped(MPI_Datatype oldtype, MPI_Datatype newtype);
int __mpi_type_freed(MPI_Datatype t);
void __mpi_type_forget(MPI_Datatype t);
int __mpi_attr_copy_list(int handle, struct __mpi_attr *from, struct __mpi_attr **to);

/* topo.c */
void __mpi_topo_free(struct __mpi_comm *c);
void __mpi_topo_copy(struct __mpi_comm *from, struct __mpi_comm *to);

/* op.c: predefined operations and MPI_Op_create's */
int __mpi_op_valid(MPI_Op op);
int __mpi_op_check(MPI_Op op, MPI_Datatype type);  /* op applies to type */
void __mpi_op_hold(MPI_Op op);                     /* a nonblocking reduction keeps op past MPI_Op_free */
void __mpi_op_release(MPI_Op op);
typedef void (*__mpi_combine_fn)(const void *lower, const void *higher, void *out, int n);
__mpi_combine_fn __mpi_op_fn(MPI_Op op, MPI_Datatype type);  /* a predefined op's loop, or 0 */
int __mpi_op_commutative(MPI_Op op);
/* inout[i] = a[i] op b[i] for i < count, where a holds the lower ranks' contribution and b the higher
 * ones' (inout may be a or b) */
int __mpi_op_combine(MPI_Op op, MPI_Datatype type, const void *lower, const void *higher, void *out,
                     int count);

/* coll.c: datatypes as the collectives see them */
int __coll_size(MPI_Datatype type);              /* bytes of one element, or -1 */
int __coll_extent(MPI_Datatype type);            /* bytes from one element to the next */
int __coll_basic(MPI_Datatype type);             /* predefined: contiguous words of memory */
int __coll_contig_basic(MPI_Datatype type);      /* predefined, and its items have no gaps */
int __coll_data_size(MPI_Datatype type);         /* bytes of data in one item (no gaps), or -1 */
void __coll_copy(void *dst, MPI_Datatype dtype, int dcount, const void *src, MPI_Datatype stype,
                 int scount);
/* coll_inter.c: collectives on intercommunicators (ranks and size of c are the remote group's) */
int __inter_barrier(MPI_Comm comm, struct __mpi_comm *c);
int __inter_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c);
int __inter_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                    const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
int __inter_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype, void *rbuf,
                     int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
int __inter_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                       const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c);
int __inter_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype, void *rbuf,
                      const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                      struct __mpi_comm *c);
int __inter_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                   MPI_Comm comm, struct __mpi_comm *c);
int __inter_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                      struct __mpi_comm *c);
int __inter_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts, MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, struct __mpi_comm *c);
int __inter_alltoallw(const void *sbuf, const int *scounts, const int *sdispls, const MPI_Datatype *stypes,
                      void *rbuf, const int *rcounts, const int *rdispls, const MPI_Datatype *rtypes, MPI_Comm comm,
                      struct __mpi_comm *c);
int __coll_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);
int __coll_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm);

/* coll_thesis.c: the thesis's algorithms (4.2.4) */
int __thesis_barrier(MPI_Comm comm, struct __mpi_comm *c);
int __thesis_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c);
int __thesis_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                    MPI_Comm comm, struct __mpi_comm *c);
int __thesis_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                     const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
int __thesis_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype,
                      void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm,
                      struct __mpi_comm *c);
int __thesis_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype,
                       void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                       struct __mpi_comm *c);
int __thesis_scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int exclusive,
                  MPI_Comm comm, struct __mpi_comm *c);
void __thesis_count(int which_ctx, int delta);    /* handler: barrier counter of a communicator */
extern struct pending_count *__thesis_pending;    /* counts for communicators not installed yet */
void __thesis_counts_ready(struct __mpi_comm *c);

/* coll_slot.c, coll_slot_asm.s: the slot engine of our collectives (docs/mpi.md, "Our collectives") */
#define SLOTW 28                  /* payload words of one slot message */
struct __coll_rec {               /* one per peer rank; the same layout on every node; 128 bytes, 8-aligned
                                   * (payloads of doubles end at seq, 8-aligned) */
    volatile int data[SLOTW];     /* a message of n words occupies data[SLOTW - n .. SLOTW - 1] */
    volatile int seq;             /* written last by the peer: the number of the message in data */
    volatile int cred;            /* written by the peer: how many of my messages it has consumed */
    int out;                      /* messages sent to the peer */
    int in;                       /* messages consumed from the peer */
};
void __slot_put(struct __coll_slots *d, int j, const int *w, int n);
volatile int *__slot_get(struct __coll_slots *d, int j);
void __slot_ack(struct __coll_slots *d, int j);
void __slot_barrier(struct __coll_slots *d);
void __copy_words(int *dst, const volatile int *src, int n);
/* one message of n words to rank j / the payload of the next message from rank j (n words before the
 * returned address) / that payload consumed */
#define SLOT_PUT(c, j, w, n) __slot_put(&(c)->slots, j, (const int *)(w), n)
#define SLOT_GET(c, j, n) (__slot_get(&(c)->slots, j) - (n))
#define SLOT_ACK(c, j) __slot_ack(&(c)->slots, j)
struct __coll_rec *__coll_area_alloc(int size);
void __coll_area_free(struct __mpi_comm *c);
void __coll_area_world(struct __mpi_comm *w);
void __coll_area_set(struct __mpi_comm *c, struct __coll_rec *area, const int *bases);
int __slot_ready(struct __mpi_comm *c);          /* this communicator can use the slot engine */
void __slot_send(struct __mpi_comm *c, int dst, const void *buf, int bytes);      /* any length */
void __slot_recv(struct __mpi_comm *c, int src, void *buf, int bytes);
void __slot_copy(void *dst, const volatile int *src, int bytes);
void __slot_exchange(struct __mpi_comm *c, int dst, const void *sbuf, int sbytes, int src, void *rbuf,
                     int rbytes);

/* coll_ours.c: our algorithms */
int __ours_barrier(MPI_Comm comm, struct __mpi_comm *c);
int __ours_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c);
int __ours_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                  MPI_Comm comm, struct __mpi_comm *c);
int __ours_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm, struct __mpi_comm *c);
int __ours_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                   const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
int __ours_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype,
                    void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
int __ours_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                      const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c);
int __ours_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype,
                     void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                     struct __mpi_comm *c);
int __ours_reduce_scatter(const void *sendbuf, void *recvbuf, const int *rcounts, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm, struct __mpi_comm *c);
int __ours_scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int exclusive,
                MPI_Comm comm, struct __mpi_comm *c);

/* coll_thesis.c: the compositions the thesis describes */
int __thesis_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm, struct __mpi_comm *c);
int __thesis_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                        const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c);
int __thesis_reduce_scatter(const void *sendbuf, void *recvbuf, const int *rcounts, MPI_Datatype type,
                            MPI_Op op, MPI_Comm comm, struct __mpi_comm *c);

/* comm.c: making communicators, per family (collective over comm; me = the caller's rank in g, or
 * MPI_UNDEFINED) */
int __thesis_comm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm);
int __thesis_comm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm);
int __thesis_comm_create(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm);
int __ours_comm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm);
int __ours_comm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm);
int __ours_comm_create(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm);

/* ==== The protocol families ============================================================================= */

/* What differs between the two protocol families (docs/mpi.md, "Structure"): one table each, in
 * p2p_thesis.c and p2p_ours.c, chosen by __mpi_state() from SCMP_MPI_PROTOCOL before any traffic. The
 * request engine (p2p.c), the collectives' entry points (coll.c) and comm.c call through __mpi_family.
 * The offset of request_data is fixed (mpi_layout.h: fast.S calls it). */
struct __mpi_family {
    const char *name;
    int dma_layouts;        /* the DMA engine reads and writes strided words and runs (else: packed) */
    int self_local;         /* a message to oneself never enters the network (the RTS is handled here) */
    void (*setup)(void);    /* __mpi_hot's part of the family, once the node's tables exist */
    /* point to point */
    int (*send)(struct __mpi_request *r, int bytes, int cq);     /* starts a send: eager, or the RTS */
    /* a receive has accepted an RTS whose payload is to land at target (stride in words): the answer */
    void (*accept)(struct __mpi_request *r, struct __mpi_env *e, char *target, int stride);
    /* the CTS handler's C part, on the sender (fast.S's __mpi_request_data) */
    void (*request_data)(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr);
    void (*cancel)(struct __mpi_request *r);                     /* asks r's receiver to drop its RTS */
    void (*cancel_answer)(int src_node, struct __mpi_request *sreq, int answer);
    void (*eager_consumed)(int src_node);                        /* a receive took an eager message */
    /* collectives (coll.c has checked the arguments and resolved MPI_IN_PLACE) */
    int (*barrier)(MPI_Comm comm, struct __mpi_comm *c);
    int (*bcast)(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c);
    int (*reduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                  MPI_Comm comm, struct __mpi_comm *c);
    int (*allreduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                     struct __mpi_comm *c);
    int (*gatherv)(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                   const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
    int (*scatterv)(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype, void *rbuf,
                    int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c);
    int (*allgatherv)(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                      const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c);
    int (*alltoallv)(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype, void *rbuf,
                     const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                     struct __mpi_comm *c);
    int (*reduce_scatter)(const void *sendbuf, void *recvbuf, const int *rcounts, MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm, struct __mpi_comm *c);
    int (*scan)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int exclusive,
                MPI_Comm comm, struct __mpi_comm *c);
    /* communicators */
    int (*comm_split)(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm);
    int (*comm_dup)(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm);
    int (*comm_create)(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm);
    int slot_areas;         /* its collectives use the slot engine: a new communicator needs slot areas */
};
extern const struct __mpi_family __mpi_thesis, __mpi_ours, __mpi_t3d, __mpi_sp, __mpi_thesis_hw;
extern const struct __mpi_family *__mpi_family;

/* Whether the DMA engine is idle (mpi_machine.h names the device of each machine). */
#define DMA_IDLE() ((__scmp_niustat() & SCMP_NIU_DMA_BUSY) == 0)

/* Lets the background work (buffered sends, freed requests) finish when it can, then suspends. A macro, so
 * that wait loops call only leaf functions: a loop that only waits stores nothing. */
#define IDLE()                                                                                              \
    do {                                                                                                    \
        int k_;                                                                                             \
        if (__mpi_background) {                                                                             \
            k_ = __mpi_background_ready();                                                                  \
            if (k_ == 1 || (k_ == 2 && DMA_IDLE()))                                                         \
                __mpi_progress();                                                                           \
        }                                                                                                   \
        suspendThread();                                                                                    \
    } while (0)

#endif
