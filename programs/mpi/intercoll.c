/* intercoll.c - collectives on an intercommunicator (MPI-2.2, 5.2.2 and 7.3.1), as MPICH's coll/ic* tests
 * use them: the ranks split into a lower group (the first third, rounded up) and an upper one, joined by
 * MPI_Intercomm_create; every collective runs in both directions:
 *
 *  - MPI_Barrier, MPI_Bcast, MPI_Gather(v), MPI_Scatter(v) and MPI_Reduce with MPI_ROOT at one rank of the
 *    sending group, MPI_PROC_NULL at the others of it, and the root's rank in the other group;
 *  - MPI_Allgather(v), MPI_Alltoall(v,w), MPI_Allreduce, MPI_Reduce_scatter and MPI_Reduce_scatter_block, whose
 *    results come from the other group, with a non-commutative operation for the reductions.
 *
 * Every process checks; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define N 40

static int lower, lrank, lsize, rsize;  /* this process's group (lower or not), rank and size; the other's size */
static MPI_Comm inter;
static MPI_Datatype mat;                /* a 2x2 matrix of ints */

#include "intermat.h"

static void rooted(int low_sends, int root)
{
    int sending = lower == low_sends, buf[N], *all = (int *)malloc(size * N * sizeof(int)), i, r;
    int counts[64], displs[64];
    MPI_Op op;
    int rootarg = sending ? (lrank == root ? MPI_ROOT : MPI_PROC_NULL) : root;
    MPI_Op_create(matmul, 0, &op);

    MPI_Barrier(inter);
    /* bcast */
    for (i = 0; i < N; i++)
        buf[i] = sending && lrank == root ? val(lower, lrank, i) : -1;
    MPI_Bcast(buf, N, MPI_INT, rootarg, inter);
    for (i = 0; i < N; i++)
        check(buf[i] == (sending && lrank != root ? -1 : val(low_sends, root, i)));
    /* gather: the root of the sending group collects from the other group */
    for (i = 0; i < N; i++)
        buf[i] = val(lower, lrank, i);
    for (i = 0; i < size * N; i++)
        all[i] = -1;
    MPI_Gather(buf, 3, MPI_INT, all, 3, MPI_INT, rootarg, inter);
    if (sending && lrank == root)
        for (r = 0; r < rsize; r++)
            for (i = 0; i < 3; i++)
                check(all[3 * r + i] == val(!lower, r, i));
    /* gatherv: rank r of the other group gives r % 3 + 1 items, at displacement 5 r */
    for (r = 0; r < rsize; r++)
        counts[r] = r % 3 + 1, displs[r] = 5 * r;
    for (i = 0; i < size * N; i++)
        all[i] = -1;
    MPI_Gatherv(buf, lrank % 3 + 1, MPI_INT, all, counts, displs, MPI_INT, rootarg, inter);
    if (sending && lrank == root)
        for (r = 0; r < rsize; r++)
            for (i = 0; i < 5; i++)
                check(all[5 * r + i] == (i <= r % 3 ? val(!lower, r, i) : -1));
    /* scatter and scatterv: the root gives to the other group */
    for (i = 0; i < size * N; i++)
        all[i] = val(lower, lrank, i);
    for (i = 0; i < N; i++)
        buf[i] = -1;
    MPI_Scatter(all, 2, MPI_INT, buf, 2, MPI_INT, rootarg, inter);
    if (!sending)
        for (i = 0; i < 2; i++)
            check(buf[i] == val(low_sends, root, 2 * lrank + i));
    for (i = 0; i < N; i++)
        buf[i] = -1;
    MPI_Scatterv(all, counts, displs, MPI_INT, buf, lrank % 3 + 1, MPI_INT, rootarg, inter);
    if (!sending)
        for (i = 0; i < N; i++)
            check(buf[i] == (i <= lrank % 3 ? val(low_sends, root, 5 * lrank + i) : -1));
    /* reduce: the root gets the product of the other group's matrices, in its rank order */
    {
        int m[8], got[8], want[8];
        matrix(m, lower, lrank, 0);
        matrix(m + 4, lower, lrank, 1);
        memset(got, 0, sizeof got);
        MPI_Reduce(m, got, 2, mat, op, rootarg, inter);
        if (sending && lrank == root) {
            product(want, !lower, rsize, 0);
            product(want + 4, !lower, rsize, 1);
            check(memcmp(got, want, sizeof want) == 0);
        }
    }
    MPI_Op_free(&op);
    free(all);
}

static void everyone(void)
{
    int buf[N], *all = (int *)malloc(size * N * sizeof(int)), i, r;
    int counts[64], displs[64], rcounts[64];
    MPI_Op op;
    MPI_Op_create(matmul, 0, &op);
    /* allgather: everyone gets a block from every process of the other group */
    for (i = 0; i < 2; i++)
        buf[i] = val(lower, lrank, i);
    MPI_Allgather(buf, 2, MPI_INT, all, 2, MPI_INT, inter);
    for (r = 0; r < rsize; r++)
        for (i = 0; i < 2; i++)
            check(all[2 * r + i] == val(!lower, r, i));
    for (r = 0; r < rsize; r++)
        counts[r] = r + 1 < 2 ? r + 1 : 2, displs[r] = 4 * r;
    for (i = 0; i < size * N; i++)
        all[i] = -1;
    MPI_Allgatherv(buf, lrank + 1 < 2 ? lrank + 1 : 2, MPI_INT, all, counts, displs, MPI_INT, inter);
    for (r = 0; r < rsize; r++)
        for (i = 0; i < 4; i++)
            check(all[4 * r + i] == (i < counts[r] ? val(!lower, r, i) : -1));
    /* alltoall: block r goes to rank r of the other group */
    {
        int *out = (int *)malloc(size * N * sizeof(int));
        for (r = 0; r < rsize; r++)
            for (i = 0; i < 2; i++)
                out[2 * r + i] = val(lower, lrank, 10 * r + i);
        MPI_Alltoall(out, 2, MPI_INT, all, 2, MPI_INT, inter);
        for (r = 0; r < rsize; r++)
            for (i = 0; i < 2; i++)
                check(all[2 * r + i] == val(!lower, r, 10 * lrank + i));
        /* alltoallv: to rank r of the other group, lrank + 1 items at 3 r; from it, r + 1 at 4 r */
        for (r = 0; r < rsize; r++) {
            counts[r] = lrank + 1 < 3 ? lrank + 1 : 3, displs[r] = 3 * r;
            rcounts[r] = r + 1 < 3 ? r + 1 : 3;
            for (i = 0; i < 3; i++)
                out[3 * r + i] = val(lower, lrank, 10 * r + i);
        }
        {
            int rd[64];
            for (r = 0; r < rsize; r++)
                rd[r] = 4 * r;
            for (i = 0; i < size * N; i++)
                all[i] = -1;
            MPI_Alltoallv(out, counts, displs, MPI_INT, all, rcounts, rd, MPI_INT, inter);
            for (r = 0; r < rsize; r++)
                for (i = 0; i < 4; i++)
                    check(all[4 * r + i] == (i < rcounts[r] ? val(!lower, r, 10 * lrank + i) : -1));
        }
        /* alltoallw: as the alltoall, with a type and a byte displacement per peer */
        {
            int sc[64], sd[64], rc[64], rd[64];
            MPI_Datatype ty[64];
            for (r = 0; r < rsize; r++) {
                sc[r] = rc[r] = 2, sd[r] = 8 * r, rd[r] = 12 * r, ty[r] = MPI_INT;
                out[2 * r] = val(lower, lrank, 10 * r), out[2 * r + 1] = val(lower, lrank, 10 * r + 1);
            }
            for (i = 0; i < size * N; i++)
                all[i] = -1;
            MPI_Alltoallw(out, sc, sd, ty, all, rc, rd, ty, inter);
            for (r = 0; r < rsize; r++)
                for (i = 0; i < 3; i++)
                    check(all[3 * r + i] == (i < 2 ? val(!lower, r, 10 * lrank + i) : -1));
        }
        free(out);
    }
    /* allreduce, reduce_scatter, reduce_scatter_block: the other group's product */
    {
        int m[4 * 8], got[4 * 8], want[4 * 8], k;
        for (k = 0; k < 8; k++)
            matrix(m + 4 * k, lower, lrank, k);
        MPI_Allreduce(m, got, 8, mat, op, inter);
        for (k = 0; k < 8; k++)
            product(want + 4 * k, !lower, rsize, k);
        check(memcmp(got, want, sizeof want) == 0);
        /* the first two matrices: the first to local rank 0, the second to the last */
        for (i = 0; i < lsize; i++)
            rcounts[i] = 0;
        rcounts[0] = 1;
        rcounts[lsize - 1] += 1;
        memset(got, 0, sizeof got);
        MPI_Reduce_scatter(m, got, rcounts, mat, op, inter);
        if (lrank == 0)
            check(memcmp(got, want, 4 * sizeof(int)) == 0);
        if (lrank == lsize - 1)
            check(memcmp(got + (lsize == 1 ? 4 : 0), want + 4, 4 * sizeof(int)) == 0);
    }
    {
        /* reduce_scatter_block: the vector is lsize * rsize matrices in both groups;
         * local rank j gets the other group's products of matrices j rsize .. j rsize + rsize - 1 */
        int n = lsize * rsize, *m = (int *)malloc(4 * n * sizeof(int)), *got = (int *)malloc(4 * rsize * sizeof(int));
        int want[4], k;
        for (k = 0; k < n; k++)
            matrix(m + 4 * k, lower, lrank, k);
        MPI_Reduce_scatter_block(m, got, rsize, mat, op, inter);
        for (k = 0; k < rsize; k++) {
            product(want, !lower, rsize, lrank * rsize + k);
            check(memcmp(got + 4 * k, want, sizeof want) == 0);
        }
        free(m);
        free(got);
    }
    MPI_Op_free(&op);
    free(all);
}

int main(int argc, char **argv)
{
    MPI_Comm half;
    int nlow;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nlow = (size + 2) / 3;
    lower = rank < nlow;
    MPI_Comm_split(MPI_COMM_WORLD, lower, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, lower ? nlow : 0, 7, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    rooted(1, 0);
    report("lower group's rank 0 as the root: barrier, bcast, gather(v), scatter(v), reduce");
    rooted(0, (size - nlow) - 1);
    report("upper group's last rank as the root: barrier, bcast, gather(v), scatter(v), reduce");
    everyone();
    report("allgather(v), alltoall(v,w), allreduce, reduce_scatter(_block)");
    MPI_Type_free(&mat);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    if (rank == 0)
        printf("intercoll: done\n");
    MPI_Finalize();
    return 0;
}
