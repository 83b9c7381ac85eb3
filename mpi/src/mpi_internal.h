/* Internal state of libmpi (docs/mpi.md). Every node has its own copy of these globals at the same address,
 * so the address of a field of __mpi_comms means the same thing on every node (barrier counters are
 * incremented remotely through it). */
#ifndef MPI_INTERNAL_H
#define MPI_INTERNAL_H

#include <mpi.h>

#define MPI_MAX_COMMS 4

/* Request kinds and states */
#define REQ_SEND 1
#define REQ_RECV 2
#define ST_POSTED 0     /* send: RTS sent, waiting for the CTS; recv: in postedReceives */
#define ST_DATA 1       /* recv: matched, CTS sent, waiting for the payload's last word */
#define ST_DMA 2        /* send: payload message issued, waiting for the DMA engine */
#define ST_DONE 3

/* Queue index: 0 = point to point, 1 = collective traffic of the same communicator. */
#define Q_P2P 0
#define Q_COLL 1

/* Internal tags of collective traffic (queue Q_COLL, never seen by user receives). */
#define TAG_BCAST 1
#define TAG_REDUCE 2

struct __mpi_request {
    struct __mpi_request *next;   /* in postedReceives */
    int kind;
    volatile int state;
    int comm;
    int q;
    int peer;                     /* send: destination node; recv: source rank or MPI_ANY_SOURCE */
    int tag;                      /* send: tag; recv: tag or MPI_ANY_TAG */
    char *buf;                    /* send: the words the DMA engine reads; recv: the user's buffer */
    int bytes;                    /* send: message size; recv: buffer capacity */
    char *tmp;                    /* send: aligned copy of an unaligned buffer; recv: landing buffer */
    volatile int *lastp;          /* recv: the payload's last word, watched for lastword */
    int lastword;
    int nwords;                   /* recv: payload words sent by DATA message */
    int tailword;                 /* recv: the last bytes % 4 bytes, carried by the RTS */
    int msgbytes;                 /* recv: the matched message's size */
    int source;                   /* status */
    int rtag;
    int error;
};

/* One send announced to this node (an RTS) that no posted receive has matched yet: postedSends. */
struct __mpi_env {
    struct __mpi_env *next;
    int src_node;
    int context;
    int tag;
    int bytes;
    int sreq;
    int lastword;
    int tailword;
    int seq;
};

struct __mpi_comm {
    int used;
    int context;                  /* messages carry 2 * context + queue index */
    int rank;
    int size;
    int *nodes;                   /* rank -> node */
    struct __mpi_request *recvs[2];   /* postedReceives, in posting order */
    struct __mpi_env *sends[2];       /* postedSends, in arrival (sequence) order */
    volatile int barrier_arrived;     /* on rank 0: how many others have entered */
    volatile int barrier_release;     /* on the others: releases from rank 0 */
};

extern struct __mpi_comm __mpi_comms[MPI_MAX_COMMS];

/* The protocol family (docs/mpi.md), chosen at run time from the environment variable SCMP_MPI_PROTOCOL
 * ("thesis" or "ours"; scmpsim --mpi-protocol sets it): the thesis's design as published, or ours, the
 * default. Set by __mpi_state() on every node before any traffic. */
#define MPI_PROTO_THESIS 0
#define MPI_PROTO_OURS 1
extern int __mpi_protocol;

/* SPMD launch (scmpsim -n N) sets SCMP_NPROCS=N: MPI_COMM_WORLD is nodes 0..N-1 and every rank runs main.
 * Without it (the thesis's parExecute form) MPI_COMM_WORLD is every node of the mesh. 0 when not SPMD. */
extern int __mpi_spmd_nprocs;
extern int __mpi_initialized;
extern int __mpi_finalized;

void __mpi_state(void);                           /* lazy set-up of this node's tables; idempotent */
struct __mpi_comm *__mpi_comm(MPI_Comm comm);     /* NULL if not a valid communicator */
int __mpi_type_size(MPI_Datatype type);           /* bytes, or -1 */
int __mpi_rank_of_node(struct __mpi_comm *c, int node);

int __mpi_isend(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q,
                MPI_Request *request);
int __mpi_irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
                MPI_Request *request);
int __mpi_apply_op(MPI_Op op, MPI_Datatype type, const void *in, void *inout, int count);

/* Handlers started by THREAD messages */
void __mpi_post_send(int src_node, int context, int tag, int bytes, int sreq, int lastword, int tailword,
                     int seq);
void __mpi_request_data(int sreq, int target, int nwords, int dst_node);

#endif
