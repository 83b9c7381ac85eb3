/* Internal state of libmpi (docs/mpi.md). Every node has its own copy of these globals at the same address,
 * so the address of a field of __mpi_comms means the same thing on every node (barrier counters are
 * incremented remotely through it). */
#ifndef MPI_INTERNAL_H
#define MPI_INTERNAL_H

#include <mpi.h>

#define MPI_MAX_COMMS 4

/* Queue index: 0 = point to point, 1 = collective traffic of the same communicator. */
#define Q_P2P 0
#define Q_COLL 1

/* Internal tags of collective traffic (queue Q_COLL, never seen by user receives). */
#define TAG_BCAST 1
#define TAG_REDUCE 2

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
    int errhandler;                   /* mpi-core: MPI_Errhandler; 0 (a zeroed entry) = MPI_ERRORS_ARE_FATAL */
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
extern int __mpi_self_node;                       /* this node's number (set by __mpi_state) */
extern int __mpi_finalized;

void __mpi_state(void);                           /* lazy set-up of this node's tables; idempotent */
struct __mpi_comm *__mpi_comm(MPI_Comm comm);     /* NULL if not a valid communicator */
int __mpi_type_size(MPI_Datatype type);           /* bytes, or -1 */
int __mpi_rank_of_node(struct __mpi_comm *c, int node);

int __mpi_apply_op(MPI_Op op, MPI_Datatype type, const void *in, void *inout, int count);

#include "mpi_core.h"

#endif
