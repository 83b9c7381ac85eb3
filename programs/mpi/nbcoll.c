/* nbcoll.c - nonblocking collectives (MPI-3): MPI_Ibarrier, MPI_Ibcast, MPI_Ireduce, MPI_Iallreduce,
 * MPI_Igather, MPI_Iscatter, MPI_Iallgather, MPI_Ialltoall, short and long, in place where MPI allows,
 * completed by MPI_Wait, MPI_Waitall, MPI_Test loops, MPI_Waitany and MPI_Waitsome, several outstanding at
 * once on one communicator, overlapped with point to point (a process computes or sends while the
 * collective is going), on a split communicator; and MPI_Alltoallw with a different datatype per peer.
 * Every process checks what it gets; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"


static void test_loop(MPI_Request *r)
{
    int flag = 0;
    while (!flag)
        MPI_Test(r, &flag, MPI_STATUS_IGNORE);
}

/* one of each, n ints per block, completed with MPI_Wait */
static void each(MPI_Comm comm, int n, const char *what)
{
    int me, p, i, j, root;
    int *a, *b, *big;
    MPI_Request r;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    a = (int *)malloc(n * sizeof(int));
    b = (int *)malloc(n * sizeof(int));
    big = (int *)malloc(p * n * sizeof(int));

    MPI_Ibarrier(comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    check(r == MPI_REQUEST_NULL);

    root = p - 1;
    for (i = 0; i < n; i++)
        a[i] = me == root ? 7 * i + 3 : -1;
    MPI_Ibcast(a, n, MPI_INT, root, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++)
        check(a[i] == 7 * i + 3);

    for (i = 0; i < n; i++)
        a[i] = me * 1000 + i;
    root = p / 2;
    MPI_Ireduce(a, b, n, MPI_INT, MPI_SUM, root, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (me == root)
        for (i = 0; i < n; i++)
            check(b[i] == 1000 * p * (p - 1) / 2 + p * i);

    MPI_Iallreduce(a, b, n, MPI_INT, MPI_MAX, comm, &r);
    test_loop(&r);
    for (i = 0; i < n; i++)
        check(b[i] == (p - 1) * 1000 + i);
    memcpy(b, a, n * sizeof(int));
    MPI_Iallreduce(MPI_IN_PLACE, b, n, MPI_INT, MPI_SUM, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++)
        check(b[i] == 1000 * p * (p - 1) / 2 + p * i);

    root = 0;
    MPI_Igather(a, n, MPI_INT, big, n, MPI_INT, root, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (me == root)
        for (j = 0; j < p; j++)
            for (i = 0; i < n; i++)
                check(big[j * n + i] == j * 1000 + i);

    for (j = 0; j < p; j++)
        for (i = 0; i < n; i++)
            big[j * n + i] = me == root ? j * 100 + i : -1;
    MPI_Iscatter(big, n, MPI_INT, me == root ? MPI_IN_PLACE : b, n, MPI_INT, root, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (me != root)
        for (i = 0; i < n; i++)
            check(b[i] == me * 100 + i);

    for (i = 0; i < n; i++)
        big[me * n + i] = me * 10 + i;
    MPI_Iallgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, big, n, MPI_INT, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < p; j++)
        for (i = 0; i < n; i++)
            check(big[j * n + i] == j * 10 + i);

    {
        int *s = (int *)malloc(p * n * sizeof(int)), *d = (int *)malloc(p * n * sizeof(int));
        for (j = 0; j < p; j++)
            for (i = 0; i < n; i++)
                s[j * n + i] = me * 10000 + j * 100 + i;
        MPI_Ialltoall(s, n, MPI_INT, d, n, MPI_INT, comm, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (j = 0; j < p; j++)
            for (i = 0; i < n; i++)
                check(d[j * n + i] == j * 10000 + me * 100 + i);
        MPI_Ialltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, s, n, MPI_INT, comm, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (j = 0; j < p; j++)
            for (i = 0; i < n; i++)
                check(s[j * n + i] == j * 10000 + me * 100 + i);
        free(s);
        free(d);
    }
    free(a);
    free(b);
    free(big);
    report(what);
}

int main(int argc, char **argv)
{
    int i, v[4], sum[4], all[64];
    MPI_Request r[4];
    MPI_Comm half;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    each(MPI_COMM_WORLD, 3, "each nonblocking collective, 3 ints, MPI_Wait and MPI_Test");
    each(MPI_COMM_WORLD, 2500, "each nonblocking collective, 2500 ints (rendezvous)");
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    each(half, 5, "each on the odd and even halves (reversed)");

    /* four outstanding at once on one communicator, completed in another order than they started */
    for (i = 0; i < 4; i++)
        v[i] = rank + i;
    MPI_Iallreduce(&v[0], &sum[0], 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[0]);
    MPI_Ibcast(&v[1], 1, MPI_INT, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Iallreduce(&v[2], &sum[2], 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &r[2]);
    MPI_Iallgather(&v[3], 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &r[3]);
    MPI_Wait(&r[2], MPI_STATUS_IGNORE);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    check(sum[0] == size * (size - 1) / 2 && v[1] == 1 && sum[2] == 2);
    for (i = 0; i < size; i++)
        check(all[i] == i + 3);
    report("four outstanding at once, MPI_Waitall");

    /* MPI_Waitany and MPI_Waitsome over a collective and a point-to-point receive */
    {
        int got = -1, idx, n, done = 0, indices[2], token = rank;
        MPI_Ibarrier(MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 9, MPI_COMM_WORLD, &r[1]);
        MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 9, MPI_COMM_WORLD);
        MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
        done++;
        while (done < 2) {
            MPI_Waitsome(2, r, &n, indices, MPI_STATUSES_IGNORE);
            done += n;
        }
        check(got == (rank + size - 1) % size && r[0] == MPI_REQUEST_NULL && r[1] == MPI_REQUEST_NULL);
        report("MPI_Waitany and MPI_Waitsome over an ibarrier and a receive");
    }

    /* overlap: the root is late, the others compute and talk meanwhile */
    {
        int x = rank == 0 ? 42 : 0, token = rank, got = -1;
        MPI_Ibcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[0]);
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 3, &got, 1, MPI_INT, (rank + size - 1) % size, 3,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rank == 0)
            spin(0.0002);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
        check(x == 42 && got == (rank + size - 1) % size);
        report("an ibcast overlapped with point to point, the root late");
    }

    /* MPI_Alltoallw: to rank j, j+1 ints of a strided column; from rank j, j+1 contiguous ints */
    {
        int p = size, j, k, *sc, *sd, *rc, *rd, *src, *dst, ok = 1;
        MPI_Datatype *st, *rt, col;
        sc = (int *)malloc(4 * p * sizeof(int));
        sd = sc + p;
        rc = sd + p;
        rd = rc + p;
        st = (MPI_Datatype *)malloc(2 * p * sizeof(MPI_Datatype));
        rt = st + p;
        src = (int *)malloc(2 * (p + 1) * p * sizeof(int));
        dst = (int *)malloc((p + 1) * p * sizeof(int));
        MPI_Type_vector(1, 1, 2, MPI_INT, &col);
        MPI_Type_create_resized(col, 0, 2 * sizeof(int), &col);
        MPI_Type_commit(&col);
        for (k = 0; k < 2 * (p + 1) * p; k++)
            src[k] = k % 2 ? -1 : rank * 1000 + k / 2;
        for (j = 0, k = 0; j < p; k += j + 1, j++) {
            sc[j] = j + 1;
            sd[j] = 2 * (int)sizeof(int) * k;      /* items k .. k+j of the column */
            st[j] = col;
            rc[j] = rank + 1;
            rd[j] = (int)sizeof(int) * (j * (rank + 1));
            rt[j] = MPI_INT;
        }
        for (k = 0; k < (p + 1) * p; k++)
            dst[k] = -7;
        MPI_Alltoallw(src, sc, sd, st, dst, rc, rd, rt, MPI_COMM_WORLD);
        /* rank j sent me rank+1 items starting at its item rank*(rank+1)/2 */
        for (j = 0; j < p; j++)
            for (k = 0; k <= rank; k++)
                if (dst[j * (rank + 1) + k] != j * 1000 + rank * (rank + 1) / 2 + k)
                    ok = 0;
        check(ok);
        MPI_Type_free(&col);
        free(sc);
        free(st);
        free(src);
        free(dst);
        report("MPI_Alltoallw, a strided type to each peer, contiguous ints back");
    }

    MPI_Comm_free(&half);
    if (rank == 0)
        printf("nbcoll: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
