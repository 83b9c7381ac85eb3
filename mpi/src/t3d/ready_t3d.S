// __mpi_ready of the T3D's request engine (p2p_t3d.c, docs/mpi-t3d.md "Point to point"): whether request r can
// complete, its state ST_DONE, or ST_DATA (a RAT receive) with the sender's flag set. Peers write both words (an
// acknowledgement, RAT's address and reverse acknowledgement) into memory behind the data cache (docs/t3d.md, "Data
// cache"), so on a PE with the cache (__mpi_t3d_dcache, found by MPI_Init) the request's words from `state` to
// `flag` are invalidated first, with the shell's cache operation (type 8, as t3d_cache_invalidate). In assembly so
// that it stays a leaf, as the C it replaces was: the wait loops call it at every turn, and without the cache the
// test of __mpi_t3d_dcache is all it costs more.
#include "../mpi_layout.h"

    .text

// int __mpi_ready(struct __mpi_request *r)
    .globl __mpi_ready
    .type __mpi_ready, @function
__mpi_ready:
    lui t0, %ha(__mpi_t3d_dcache)
    lw t0, %lo(__mpi_t3d_dcache)(t0)
    bne t0, zero, 3f
1:
    lw t1, R_STATE(a0)
    li t0, K_ST_DONE
    beq t1, t0, 2f
    li t0, K_ST_DATA
    bne t1, t0, 4f
    lw t1, R_FLAG(a0)
    beq t1, zero, 4f
2:
    li a0, 1
    ret
4:
    li a0, 0
    ret
// the cache: drop the lines of state .. flag, then look
3:
    addi t0, a0, R_STATE
    sendh_r zero, 8, t0, 0
    li t1, R_FLAG + 4 - R_STATE
    sende t1
    j 1b
