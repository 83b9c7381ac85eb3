/* mpi_layout.h - offsets of the fields of libmpi's structures that the assembly fast paths (fast.S) use,
 * and the constants they need. Only #defines, so that fast.S can include it; p2p.c checks every offset
 * against the C structures with _Static_assert, so a change to a structure fails the build until this file
 * follows it. */
#ifndef MPI_LAYOUT_H
#define MPI_LAYOUT_H

/* struct __mpi_request */
#define R_NEXT 0
#define R_STATE 20
#define R_KIND 24
#define R_FLAGS 28
#define R_MAGIC 16
#define R_COMM 32
#define R_PEER 36
#define R_TAG 44
#define R_BUF 48
#define R_COUNT 52
#define R_TYPE 56
#define R_TP 60
#define R_BYTES 64
#define R_TMP 80
#define R_DBUF 84
#define R_LASTP 88
#define R_LASTWORD 92
#define R_NWORDS 100
#define R_FLAG 104
#define R_CANCEL_REPLY 108
#define R_SOURCE 112
#define R_RTAG 116
#define R_MSGBYTES 120
#define R_ERROR 124
#define R_CANCELLED 128
#define R_BNEXT 12
#define R_ANEXT 4
#define R_APREV 8
#define R_NODE 40
#define R_LAYOUT 68
#define R_DATA 76
#define R_TAILWORD 96
#define R_BSEG 132
#define R_SIZEOF 136

/* struct __mpi_comm (the communicator table) */
#define C_USED 0
#define C_CONTEXT 4
#define C_SIZE 12
#define C_NODES 16
#define C_RECVS 20
#define C_SENDS 28
#define C_RANK_OF 48
#define C_RANK 8
#define C_SLOTS 64

/* struct __mpi_type */
#define T_SIZEOF 44
#define T_SIZE 8

/* struct __mpi_hot */
#define H_OURS 0
#define H_EAGER_LIMIT 4
#define H_FAST_OK 8
#define H_SELF 12
#define H_SHIFT 16
#define H_SENDWORD 48
#define H_RECVWORD 4144

/* struct __mpi_family (mpi_internal.h) */
#define F_REQUEST_DATA 24

/* MPI_Status */
#define S_SOURCE 0
#define S_TAG 4
#define S_ERROR 8
#define S_COUNT 12
#define S_CANCELLED 16

/* constants (checked against mpi.h and mpi_core.h in p2p.c) */
#define K_ST_POSTED 1
#define K_ST_DATA 2
#define K_ST_DMA 3
#define K_ST_DONE 4
#define K_REQ_RECV 2
#define K_RF_STACK 4
#define K_RF_CANCEL 8
#define K_RF_PERSISTENT 1
#define K_ST_INACTIVE 0
#define K_REQ_MAGIC 0x4d504952
#define K_ANY_SOURCE (-2)
#define K_ANY_TAG (-1)
#define K_BASIC_LAST 16         /* MPI_CHAR .. MPI_PACKED: contiguous, one basic element */
#define K_EAGER_CREDITS 16
#define K_CREDIT_BATCH 8
#define K_EAGER_MAX 84
#define K_MPI_DOUBLE 14
#define K_MPI_SUM 3
#define K_SLOT_BYTES 112        /* 4 * SLOTW: the payload of one slot message */
#define K_REQ_SEND 1
#define K_P_RNDV 2
#define K_L_CONTIG 0
#define K_RF_LISTED 16

#endif
