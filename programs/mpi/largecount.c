/* largecount.c - MPI-4's large-count functions (the `_c` bindings, MPI_Count counts and MPI_Aint displacements):
 * point to point (blocking, nonblocking, persistent, buffered with MPI_Buffer_attach_c/detach_c, Sendrecv and
 * Sendrecv_replace), a receive whose count (2^32 + 5) is beyond an int, MPI_Get_count_c and MPI_Get_elements_c;
 * every blocking collective and the nonblocking ones with vector arguments, with MPI_Count counts and MPI_Aint
 * displacements; neighbourhood collectives on a ring; the datatype constructors, sizes and extents, pack and
 * unpack; windows, put, get, accumulate and the request-based and shared-window calls; an operation of
 * MPI_Op_create_c (its length an MPI_Count; associative, not commutative) in MPI_Allreduce_c and
 * MPI_Reduce_local_c. Then counts beyond an int:
 * MPI_Get_count and MPI_Get_elements of a status set to 2^33 + 4 bytes say MPI_UNDEFINED where the `_c` forms
 * give the count; calls with counts beyond an int never work on their low 32 bits: MPICH makes a type of
 * 2^32 + 2 ints; a library whose MPI_Aint has 32 bits returns MPI_ERR_COUNT for it and for a send, a broadcast,
 * a reduction, an indexed type and a pack size of such counts, MPI_ERR_ARG for a displacement of 2^40.
 * Rank 0 prints; the output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define BIG ((MPI_Count)1 << 32)

static int is(int err, int want)
{
    int c;
    MPI_Error_class(err, &c);
    return c == want;
}

/* An operation over MPI_Count lengths, associative and not commutative: pairs (m, c) of unsigned ints stand for
 * x -> m x + c, and inout becomes "in, then inout" (m_in m_io, c_in m_io + c_io). */
static MPI_Count calls;
static void compose(void *in, void *inout, MPI_Count *len, MPI_Datatype *type)
{
    MPI_Count i;
    unsigned *a = (unsigned *)in, *b = (unsigned *)inout;
    calls++;
    if (*type != MPI_UNSIGNED || *len % 2)
        errors++;
    for (i = 0; i + 1 < *len; i += 2) {
        b[i + 1] = a[i + 1] * b[i] + b[i + 1];
        b[i] = a[i] * b[i];
    }
}

static void p2p(void)
{
    int to = (rank + 1) % size, from = (rank + size - 1) % size, i, buf[64], got[64], flag;
    MPI_Count n;
    MPI_Status st;
    MPI_Request rq[2];
    char *att;
    void *det;
    MPI_Count detsize;

    for (i = 0; i < 64; i++)
        buf[i] = 1000 * rank + i;
    /* a receive's count beyond an int: only a limit */
    memset(got, 0, sizeof got);
    if (rank % 2 == 0) {
        MPI_Send_c(buf, 17, MPI_INT, to, 1, MPI_COMM_WORLD);
        MPI_Recv_c(got, BIG + 5, MPI_INT, from, 1, MPI_COMM_WORLD, &st);
    } else {
        MPI_Recv_c(got, BIG + 5, MPI_INT, from, 1, MPI_COMM_WORLD, &st);
        MPI_Send_c(buf, 17, MPI_INT, to, 1, MPI_COMM_WORLD);
    }
    MPI_Get_count_c(&st, MPI_INT, &n);
    check(n == 17 && got[16] == 1000 * from + 16 && got[17] == 0);
    if (rank == 0)
        printf("MPI_Recv_c with count 2^32 + 5: %lld ints, source %d\n", (long long)n, st.MPI_SOURCE);
    MPI_Get_elements_c(&st, MPI_BYTE, &n);
    check(n == 68);
    /* nonblocking, synchronous, ready after a barrier */
    MPI_Irecv_c(got, 64, MPI_INT, from, 2, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend_c(buf, 64, MPI_INT, to, 2, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    check(got[63] == 1000 * from + 63);
    MPI_Irecv_c(got, 3, MPI_INT, from, 3, MPI_COMM_WORLD, &rq[0]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Rsend_c(buf + 3, 3, MPI_INT, to, 3, MPI_COMM_WORLD);
    MPI_Wait(&rq[0], &st);
    check(got[0] == 1000 * from + 3);
    MPI_Irecv_c(got, 5, MPI_INT, from, 4, MPI_COMM_WORLD, &rq[0]);
    MPI_Ssend_c(buf, 5, MPI_INT, to, 4, MPI_COMM_WORLD);
    MPI_Wait(&rq[0], &st);
    MPI_Irecv_c(got, 6, MPI_INT, from, 5, MPI_COMM_WORLD, &rq[0]);
    MPI_Issend_c(buf, 6, MPI_INT, to, 5, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    MPI_Irecv_c(got, 7, MPI_INT, from, 6, MPI_COMM_WORLD, &rq[0]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Irsend_c(buf, 7, MPI_INT, to, 6, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    check(got[6] == 1000 * from + 6);
    /* buffered */
    att = (char *)malloc(4 * (64 * sizeof(int) + MPI_BSEND_OVERHEAD));
    MPI_Buffer_attach_c(att, 4 * (64 * sizeof(int) + MPI_BSEND_OVERHEAD));
    MPI_Bsend_c(buf, 9, MPI_INT, to, 7, MPI_COMM_WORLD);
    MPI_Ibsend_c(buf + 9, 9, MPI_INT, to, 8, MPI_COMM_WORLD, &rq[1]);
    MPI_Recv_c(got, 9, MPI_INT, from, 7, MPI_COMM_WORLD, &st);
    check(got[8] == 1000 * from + 8);
    MPI_Recv_c(got, 9, MPI_INT, from, 8, MPI_COMM_WORLD, &st);
    check(got[8] == 1000 * from + 17);
    MPI_Wait(&rq[1], &st);
    MPI_Buffer_detach_c(&det, &detsize);
    check(det == att && detsize == (MPI_Count)(4 * (64 * sizeof(int) + MPI_BSEND_OVERHEAD)));
    free(att);
    /* persistent */
    MPI_Recv_init_c(got, BIG + 1, MPI_INT, from, 9, MPI_COMM_WORLD, &rq[0]);
    MPI_Send_init_c(buf, 11, MPI_INT, to, 9, MPI_COMM_WORLD, &rq[1]);
    for (i = 0; i < 2; i++) {
        MPI_Startall(2, rq);
        MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    }
    check(got[10] == 1000 * from + 10);
    MPI_Request_free(&rq[0]);
    MPI_Request_free(&rq[1]);
    MPI_Ssend_init_c(buf, 2, MPI_INT, to, 10, MPI_COMM_WORLD, &rq[1]);
    MPI_Irecv_c(got, 2, MPI_INT, from, 10, MPI_COMM_WORLD, &rq[0]);
    MPI_Start(&rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    MPI_Request_free(&rq[1]);
    MPI_Bsend_init_c(buf, 1, MPI_INT, to, 11, MPI_COMM_WORLD, &rq[1]);
    MPI_Request_free(&rq[1]);
    MPI_Rsend_init_c(buf, 1, MPI_INT, to, 12, MPI_COMM_WORLD, &rq[1]);
    MPI_Request_free(&rq[1]);
    /* exchanges */
    MPI_Sendrecv_c(buf, 20, MPI_INT, to, 13, got, BIG + 20, MPI_INT, from, 13, MPI_COMM_WORLD, &st);
    MPI_Get_count_c(&st, MPI_INT, &n);
    check(n == 20 && got[19] == 1000 * from + 19);
    memcpy(got, buf, sizeof buf);
    MPI_Sendrecv_replace_c(got, 30, MPI_INT, to, 14, from, 14, MPI_COMM_WORLD, &st);
    check(got[29] == 1000 * from + 29 && got[30] == 1000 * rank + 30);
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    check(!flag);
    report("point to point with MPI_Count counts");
}

static void collectives(void)
{
    int i, j, *a, *b, *ref;
    MPI_Count *cnt, *cnt2;
    MPI_Aint *dsp, *dsp2;
    MPI_Datatype *ty;
    MPI_Request rq[4];
    MPI_Op op;
    int p = size;

    a = (int *)malloc(4 * p * p * sizeof(int));
    b = (int *)malloc(4 * p * p * sizeof(int));
    ref = (int *)malloc(4 * p * p * sizeof(int));
    cnt = (MPI_Count *)malloc(p * sizeof(MPI_Count));
    cnt2 = (MPI_Count *)malloc(p * sizeof(MPI_Count));
    dsp = (MPI_Aint *)malloc(p * sizeof(MPI_Aint));
    dsp2 = (MPI_Aint *)malloc(p * sizeof(MPI_Aint));
    ty = (MPI_Datatype *)malloc(p * sizeof(MPI_Datatype));
    for (i = 0; i < 4 * p * p; i++)
        a[i] = 100 * rank + i;

    MPI_Bcast_c(a, 10, MPI_INT, 1 % p, MPI_COMM_WORLD);
    check(a[9] == 100 * (1 % p) + 9);
    for (i = 0; i < 4 * p * p; i++)
        a[i] = 100 * rank + i;
    MPI_Reduce_c(a, b, 8, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        check(b[7] == 100 * p * (p - 1) / 2 + 7 * p);
    MPI_Allreduce_c(a, b, 8, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(b[3] == 100 * (p - 1) + 3);
    MPI_Gather_c(a, 2, MPI_INT, b, 2, MPI_INT, p - 1, MPI_COMM_WORLD);
    if (rank == p - 1)
        for (i = 0; i < p; i++)
            check(b[2 * i + 1] == 100 * i + 1);
    MPI_Scatter_c(a, 3, MPI_INT, b, 3, MPI_INT, 0, MPI_COMM_WORLD);
    check(b[2] == 3 * rank + 2);
    MPI_Allgather_c(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < p; i++)
        check(b[i] == 100 * i);
    MPI_Alltoall_c(a, 2, MPI_INT, b, 2, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < p; i++)
        check(b[2 * i + 1] == 100 * i + 2 * rank + 1);
    /* the v forms: rank i gives i + 1 items, at displacements with gaps */
    for (i = 0, j = 0; i < p; i++) {
        cnt[i] = i + 1;
        dsp[i] = j;
        j += i + 2;
    }
    memset(b, 0, 4 * p * p * sizeof(int));
    MPI_Gatherv_c(a, rank + 1, MPI_INT, b, cnt, dsp, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < p; i++)
            check(b[dsp[i] + i] == 100 * i + i && b[dsp[i] + i + 1] == 0);
    MPI_Scatterv_c(a, cnt, dsp, MPI_INT, b, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
    check(b[rank] == dsp[rank] + rank);
    memset(b, 0, 4 * p * p * sizeof(int));
    MPI_Allgatherv_c(a, rank + 1, MPI_INT, b, cnt, dsp, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < p; i++)
        check(b[dsp[i] + i] == 100 * i + i);
    /* alltoallv: rank r sends j + 1 items to rank j from block j of a (4p apart) */
    for (i = 0; i < p; i++) {
        cnt[i] = i + 1;
        dsp[i] = 4 * p * i;
        cnt2[i] = rank + 1;
        dsp2[i] = 4 * p * i;
        ty[i] = MPI_INT;
    }
    MPI_Alltoallv_c(a, cnt, dsp, MPI_INT, b, cnt2, dsp2, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < p; i++)
        check(b[4 * p * i + rank] == 100 * i + 4 * p * rank + rank);
    for (i = 0; i < p; i++) {
        dsp[i] *= sizeof(int);
        dsp2[i] *= sizeof(int);
    }
    memset(b, 0, 4 * p * p * sizeof(int));
    MPI_Alltoallw_c(a, cnt, dsp, ty, b, cnt2, dsp2, ty, MPI_COMM_WORLD);
    for (i = 0; i < p; i++)
        check(b[4 * p * i + rank] == 100 * i + 4 * p * rank + rank);
    /* reductions: rank r gets r + 1 items */
    for (i = 0, j = 0; i < p; i++) {
        cnt[i] = i + 1;
        ref[i] = j;
        j += i + 1;
    }
    MPI_Reduce_scatter_c(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(b[rank] == 100 * p * (p - 1) / 2 + p * (ref[rank] + rank));
    MPI_Reduce_scatter_block_c(a, b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(b[1] == 100 * p * (p - 1) / 2 + p * (2 * rank + 1));
    MPI_Scan_c(a, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(b[3] == 100 * rank * (rank + 1) / 2 + 3 * (rank + 1));
    MPI_Exscan_c(a, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank > 0)
        check(b[3] == 100 * rank * (rank - 1) / 2 + 3 * rank);
    report("blocking collectives");

    /* nonblocking */
    MPI_Ibcast_c(a, 4, MPI_INT, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(a[3] == 3);
    for (i = 0; i < 4 * p * p; i++)
        a[i] = 100 * rank + i;
    MPI_Iallreduce_c(a, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[1] == 100 * p * (p - 1) / 2 + p);
    MPI_Ireduce_c(a, b, 4, MPI_INT, MPI_MIN, p - 1, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    if (rank == p - 1)
        check(b[2] == 2);
    MPI_Igather_c(a, 1, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Iscatter_c(a, 1, MPI_INT, b + 2 * p, 1, MPI_INT, 0, MPI_COMM_WORLD, &rq[1]);
    MPI_Iallgather_c(a, 1, MPI_INT, b + 3 * p, 1, MPI_INT, MPI_COMM_WORLD, &rq[2]);
    MPI_Waitall(3, rq, MPI_STATUSES_IGNORE);
    check(b[2 * p] == rank && b[3 * p + p - 1] == 100 * (p - 1));
    MPI_Ialltoall_c(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[p - 1] == 100 * (p - 1) + rank);
    for (i = 0, j = 0; i < p; i++) {
        cnt[i] = i + 1;
        dsp[i] = j;
        j += i + 2;
    }
    memset(b, 0, 4 * p * p * sizeof(int));
    MPI_Igatherv_c(a, rank + 1, MPI_INT, b, cnt, dsp, MPI_INT, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    if (rank == 0)
        for (i = 0; i < p; i++)
            check(b[dsp[i] + i] == 100 * i + i);
    MPI_Iscatterv_c(a, cnt, dsp, MPI_INT, b, rank + 1, MPI_INT, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[rank] == dsp[rank] + rank);
    MPI_Iallgatherv_c(a, rank + 1, MPI_INT, b, cnt, dsp, MPI_INT, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[dsp[p - 1] + p - 1] == 100 * (p - 1) + p - 1);
    for (i = 0; i < p; i++) {
        cnt[i] = i + 1;
        dsp[i] = 4 * p * i;
        cnt2[i] = rank + 1;
        dsp2[i] = 4 * p * i;
    }
    MPI_Ialltoallv_c(a, cnt, dsp, MPI_INT, b, cnt2, dsp2, MPI_INT, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    for (i = 0; i < p; i++)
        check(b[4 * p * i + rank] == 100 * i + 4 * p * rank + rank);
    for (i = 0; i < p; i++) {
        dsp[i] *= sizeof(int);
        dsp2[i] *= sizeof(int);
    }
    memset(b, 0, 4 * p * p * sizeof(int));
    MPI_Ialltoallw_c(a, cnt, dsp, ty, b, cnt2, dsp2, ty, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    for (i = 0; i < p; i++)
        check(b[4 * p * i + rank] == 100 * i + 4 * p * rank + rank);
    for (i = 0, j = 0; i < p; i++) {
        cnt[i] = i + 1;
        ref[i] = j;
        j += i + 1;
    }
    MPI_Ireduce_scatter_c(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[rank] == 100 * p * (p - 1) / 2 + p * (ref[rank] + rank));
    MPI_Ireduce_scatter_block_c(a, b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    check(b[1] == 100 * p * (p - 1) / 2 + p * (2 * rank + 1));
    MPI_Iscan_c(a, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[0]);
    MPI_Iexscan_c(a, b + 8, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    check(b[3] == 100 * rank * (rank + 1) / 2 + 3 * (rank + 1));
    if (rank > 0)
        check(b[11] == 100 * rank * (rank - 1) / 2 + 3 * rank);
    report("nonblocking collectives");

    /* a user operation over MPI_Count lengths, not commutative: in rank order */
    {
        unsigned u[4], r[4], m = 1, c = 0;
        MPI_Op_create_c(compose, 0, &op);
        for (i = 0; i < 4; i++)
            u[i] = 2 * rank + 1 + i;
        MPI_Allreduce_c(u, r, 4, MPI_UNSIGNED, op, MPI_COMM_WORLD);
        for (i = 0; i < p; i++) {         /* the ranks' maps applied in rank order */
            c = (2 * i + 1) * c + (2 * i + 2);
            m = (2 * i + 1) * m;
        }
        check(r[0] == m && r[1] == c);
        if (rank == 0)
            printf("MPI_Op_create_c, not commutative: the ranks' maps x -> (2r+1) x + (2r+2) composed: %u x + %u\n",
                   r[0], r[1]);
        MPI_Reduce_local_c(u, r, 4, MPI_UNSIGNED, op);
        check(r[0] == u[0] * m && r[1] == u[1] * m + c && calls > 0);
        MPI_Op_free(&op);
    }
    report("MPI_Op_create_c");

    /* neighbourhood collectives on a periodic ring */
    {
        MPI_Comm ring;
        int dims[1] = { p }, per[1] = { 1 }, left = (rank + p - 1) % p, right = (rank + 1) % p;
        MPI_Count nc[2] = { 1, 2 }, nc2[2] = { 2, 1 }, ng[2] = { 2, 2 };
        MPI_Aint nd[2] = { 0, 4 }, nbd[2] = { 0, 4 * sizeof(int) };
        MPI_Datatype nt[2] = { MPI_INT, MPI_INT };
        MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &ring);
        for (i = 0; i < 8; i++)
            a[i] = 10 * rank + i;
        MPI_Neighbor_allgather_c(a, 1, MPI_INT, b, 1, MPI_INT, ring);
        check(b[0] == 10 * left && b[1] == 10 * right);
        MPI_Neighbor_alltoall_c(a, 1, MPI_INT, b, 1, MPI_INT, ring);
        check(b[0] == 10 * left + 1 && b[1] == 10 * right);
        MPI_Neighbor_allgatherv_c(a, 2, MPI_INT, b, ng, nd, MPI_INT, ring);
        check(b[1] == 10 * left + 1 && b[4] == 10 * right);
        /* to the left 1 int from a[0], to the right 2 ints from a[4]; from the left 2 ints, from the right 1 */
        MPI_Neighbor_alltoallv_c(a, nc, nd, MPI_INT, b, nc2, nd, MPI_INT, ring);
        check(b[0] == 10 * left + 4 && b[1] == 10 * left + 5 && b[4] == 10 * right);
        MPI_Neighbor_alltoallw_c(a, nc, nbd, nt, b, nc2, nbd, nt, ring);
        check(b[1] == 10 * left + 5 && b[4] == 10 * right);
        MPI_Ineighbor_allgather_c(a, 1, MPI_INT, b, 1, MPI_INT, ring, &rq[0]);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
        check(b[1] == 10 * right);
        MPI_Ineighbor_alltoall_c(a, 1, MPI_INT, b, 1, MPI_INT, ring, &rq[0]);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
        check(b[0] == 10 * left + 1);
        MPI_Ineighbor_allgatherv_c(a, 2, MPI_INT, b, ng, nd, MPI_INT, ring, &rq[0]);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
        check(b[4] == 10 * right);
        MPI_Ineighbor_alltoallv_c(a, nc, nd, MPI_INT, b, nc2, nd, MPI_INT, ring, &rq[0]);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
        check(b[1] == 10 * left + 5);
        MPI_Ineighbor_alltoallw_c(a, nc, nbd, nt, b, nc2, nbd, nt, ring, &rq[0]);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
        check(b[4] == 10 * right);
        MPI_Comm_free(&ring);
    }
    report("neighbourhood collectives");
    free(a);
    free(b);
    free(ref);
    free(cnt);
    free(cnt2);
    free(dsp);
    free(dsp2);
    free(ty);
}

static void show(const char *name, MPI_Datatype t)
{
    MPI_Count sz, lb, ext, tlb, text;
    MPI_Type_size_c(t, &sz);
    MPI_Type_get_extent_c(t, &lb, &ext);
    MPI_Type_get_true_extent_c(t, &tlb, &text);
    if (rank == 0)
        printf("  %-34s size %lld lb %lld extent %lld true_lb %lld true_extent %lld\n", name, (long long)sz,
               (long long)lb, (long long)ext, (long long)tlb, (long long)text);
}

static void datatypes(void)
{
    MPI_Datatype t[10];
    MPI_Count bl[3] = { 2, 1, 3 }, ds[3] = { 0, 5, 9 }, hd[3] = { 0, 20, 40 }, sizes[2] = { 6, 8 },
              subs[2] = { 2, 3 }, starts[2] = { 1, 4 }, pos, psize;
    MPI_Count sbl[2] = { 1, 2 }, sd[2] = { 0, 8 };
    MPI_Datatype sty[2] = { MPI_CHAR, MPI_DOUBLE };
    int i, m[48], back[48];
    char packed[512];
    MPI_Status st;

    if (rank == 0)
        printf("datatypes of MPI_Count arguments:\n");
    MPI_Type_contiguous_c(5, MPI_INT, &t[0]);
    MPI_Type_vector_c(3, 2, 4, MPI_INT, &t[1]);
    MPI_Type_create_hvector_c(3, 2, 20, MPI_INT, &t[2]);
    MPI_Type_indexed_c(3, bl, ds, MPI_INT, &t[3]);
    MPI_Type_create_hindexed_c(3, bl, hd, MPI_INT, &t[4]);
    MPI_Type_create_indexed_block_c(3, 2, ds, MPI_INT, &t[5]);
    MPI_Type_create_struct_c(2, sbl, sd, sty, &t[6]);
    MPI_Type_create_resized_c(t[1], -4, 64, &t[7]);
    MPI_Type_create_subarray_c(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t[8]);
    MPI_Type_create_subarray_c(2, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_INT, &t[9]);
    for (i = 0; i < 10; i++)
        MPI_Type_commit(&t[i]);
    show("contiguous 5 int", t[0]);
    show("vector 3x2 stride 4", t[1]);
    show("hvector 3x2 stride 20 bytes", t[2]);
    show("indexed (2,1,3) at (0,5,9)", t[3]);
    show("hindexed (2,1,3) at (0,20,40) bytes", t[4]);
    show("indexed_block 2 at (0,5,9)", t[5]);
    show("struct char, 2 double", t[6]);
    show("the vector resized (-4, 64)", t[7]);
    show("subarray 2x3 of 6x8 at (1,4), C", t[8]);
    show("the same, Fortran order", t[9]);
    /* the indexed type round the ring, and packed */
    for (i = 0; i < 48; i++)
        m[i] = 100 * rank + i;
    memset(back, 0, sizeof back);
    MPI_Sendrecv_c(m, 1, t[3], (rank + 1) % size, 20, back, 1, t[3], (rank + size - 1) % size, 20, MPI_COMM_WORLD,
                   &st);
    check(back[10] == 100 * ((rank + size - 1) % size) + 10 && back[2] == 0);
    MPI_Get_elements_c(&st, t[3], &pos);
    check(pos == 6);
    MPI_Pack_size_c(2, t[1], MPI_COMM_WORLD, &psize);
    pos = 0;
    MPI_Pack_c(m, 2, t[1], packed, sizeof packed, &pos, MPI_COMM_WORLD);
    check(pos == 48);
    pos = 0;
    memset(back, 0, sizeof back);
    MPI_Unpack_c(packed, BIG + 48, &pos, back, 2, t[1], MPI_COMM_WORLD);
    check(pos == 48 && back[15] == m[15] && back[13] == 0);
    if (rank == 0)
        printf("  MPI_Pack_size_c of 2 vectors: %lld; packed and unpacked: %lld bytes\n", (long long)psize,
               (long long)pos);
    for (i = 0; i < 10; i++)
        MPI_Type_free(&t[i]);
    report("datatypes, pack and unpack");
}

static void onesided(void)
{
    int *mem, i, *base, *sh, res[4], orig[4];
    MPI_Win win, win2, win3;
    MPI_Request rq;
    MPI_Aint ssize, sunit;
    int to = (rank + 1) % size;

    mem = (int *)malloc(64 * sizeof(int));
    for (i = 0; i < 64; i++)
        mem[i] = -1;
    for (i = 0; i < 4; i++)
        orig[i] = 10 * rank + i;
    MPI_Win_create_c(mem, 64 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put_c(orig, 4, MPI_INT, to, 0, 4, MPI_INT, win);
    MPI_Accumulate_c(orig, 4, MPI_INT, to, 8, 4, MPI_INT, MPI_REPLACE, win);
    MPI_Win_fence(0, win);
    MPI_Get_c(res, 4, MPI_INT, to, 0, 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    check(mem[3] == 10 * ((rank + size - 1) % size) + 3 && mem[11] == mem[3] && res[3] == 10 * rank + 3);
    MPI_Barrier(MPI_COMM_WORLD);        /* before the next epoch changes the memory checked */
    MPI_Win_lock(MPI_LOCK_SHARED, to, 0, win);
    MPI_Get_accumulate_c(orig, 4, MPI_INT, res, 4, MPI_INT, to, 8, 4, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(to, win);
    check(res[1] == 10 * rank + 1);
    MPI_Barrier(MPI_COMM_WORLD);
    check(mem[9] == 2 * (10 * ((rank + size - 1) % size) + 1));
    MPI_Win_lock_all(0, win);
    MPI_Rput_c(orig, 2, MPI_INT, to, 20, 2, MPI_INT, win, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    MPI_Win_flush(to, win);
    MPI_Rget_c(res, 2, MPI_INT, to, 20, 2, MPI_INT, win, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    check(res[1] == 10 * rank + 1);
    MPI_Raccumulate_c(orig, 2, MPI_INT, to, 20, 2, MPI_INT, MPI_SUM, win, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    MPI_Win_flush(to, win);
    MPI_Rget_accumulate_c(orig, 2, MPI_INT, res, 2, MPI_INT, to, 20, 2, MPI_INT, MPI_NO_OP, win, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    check(res[1] == 2 * (10 * rank + 1));
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    free(mem);

    MPI_Win_allocate_c(16 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win2);
    MPI_Win_fence(0, win2);
    MPI_Put_c(orig, 1, MPI_INT, to, 5, 1, MPI_INT, win2);
    MPI_Win_fence(0, win2);
    check(base[5] == 10 * ((rank + size - 1) % size));
    MPI_Win_free(&win2);
    MPI_Win_allocate_shared_c(8 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &sh, &win3);
    MPI_Win_shared_query_c(win3, 0, &ssize, &sunit, &base);
    check(ssize == 8 * sizeof(int) && sunit == sizeof(int) && base == sh);
    if (rank == 0)
        printf("MPI_Win_shared_query_c: size %ld, disp_unit %ld\n", (long)ssize, (long)sunit);
    MPI_Win_free(&win3);
    report("one-sided with MPI_Count counts");
}

static void beyond(void)
{
    MPI_Status st;
    MPI_Count n;
    MPI_Datatype t;
    int c, e, err, buf[4] = { 0, 0, 0, 0 };

    /* a status of 2^33 + 4 bytes */
    MPI_Status_set_elements_x(&st, MPI_BYTE, ((MPI_Count)1 << 33) + 4);
    MPI_Get_count(&st, MPI_INT, &c);
    MPI_Get_elements(&st, MPI_INT, &e);
    if (rank == 0)
        printf("a status of 2^33 + 4 bytes: MPI_Get_count %s, MPI_Get_elements %s\n",
               c == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number", e == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number");
    MPI_Get_count_c(&st, MPI_INT, &n);
    if (rank == 0)
        printf("  MPI_Get_count_c as MPI_INT: %lld\n", (long long)n);
    MPI_Get_elements_c(&st, MPI_SHORT, &n);
    if (rank == 0)
        printf("  MPI_Get_elements_c as MPI_SHORT: %lld\n", (long long)n);
    MPI_Get_count_c(&st, MPI_DOUBLE, &n);
    if (rank == 0)
        printf("  MPI_Get_count_c as MPI_DOUBLE: %s\n", n == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number");
    MPI_Get_count(&st, MPI_BYTE, &c);
    MPI_Status_set_elements_x(&st, MPI_BYTE, 0x7fffffff);
    MPI_Get_count(&st, MPI_BYTE, &e);
    if (rank == 0)
        printf("  as MPI_BYTE: %s; 2^31 - 1 bytes: %d\n", c == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number", e);

    /* counts beyond an int in calls: with 64-bit addresses (MPICH here) the type of 2^32 + 2 ints is made; with
     * 32-bit ones (MPI_Aint of 4 bytes, as MPICH's own type_large test allows for) no such buffer or type can
     * be, and each call returns MPI_ERR_COUNT (MPI_ERR_ARG for a displacement), never working on the count's low
     * 32 bits (1, 0, 2 and 2 here) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    if (sizeof(MPI_Aint) < sizeof(MPI_Count)) {
        MPI_Count bl[2] = { 1, BIG }, ds[2] = { 0, (MPI_Count)1 << 40 }, one[2] = { 1, 1 };
        err = MPI_Send_c(buf, BIG + 1, MPI_INT, (rank + 1) % size, 30, MPI_COMM_WORLD);
        check(is(err, MPI_ERR_COUNT));
        err = MPI_Bcast_c(buf, 2 * BIG, MPI_INT, 0, MPI_COMM_WORLD);
        check(is(err, MPI_ERR_COUNT));
        err = MPI_Allreduce_c(buf, buf + 2, BIG + 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check(is(err, MPI_ERR_COUNT));
        err = MPI_Type_contiguous_c(BIG + 2, MPI_INT, &t);
        check(is(err, MPI_ERR_COUNT));
        err = MPI_Type_indexed_c(2, bl, ds, MPI_INT, &t);
        check(is(err, MPI_ERR_COUNT));
        err = MPI_Type_create_hindexed_c(2, one, ds, MPI_INT, &t);
        check(is(err, MPI_ERR_ARG));
        err = MPI_Pack_size_c(BIG, MPI_INT, MPI_COMM_WORLD, &n);
        check(is(err, MPI_ERR_COUNT));
    } else {
        err = MPI_Type_contiguous_c(BIG + 2, MPI_INT, &t);
        check(err == MPI_SUCCESS);
        MPI_Type_size_c(t, &n);
        check(n == 4 * (BIG + 2));
        MPI_Type_free(&t);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
    if (rank == 0)
        printf("counts beyond an int in calls: never their low 32 bits\n");
    report("counts beyond an int");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("largecount: %d processes, sizeof(MPI_Count) %d\n", size, (int)sizeof(MPI_Count));
    p2p();
    collectives();
    datatypes();
    onesided();
    beyond();
    if (rank == 0)
        printf("largecount: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
