/* pcoll.c - persistent collectives (MPI-4): MPI_Bcast_init, MPI_Allreduce_init, MPI_Reduce_init, MPI_Gather_init,
 * MPI_Scatterv_init, MPI_Allgatherv_init, MPI_Alltoall_init, MPI_Alltoallw_init, MPI_Reduce_scatter_block_init,
 * MPI_Scan_init, MPI_Exscan_init, MPI_Barrier_init and MPI_Neighbor_alltoall_init (on a periodic ring), each
 * started several times over buffers whose contents change between the starts (the request reads them at each
 * start, not at its _init); MPI_Startall over several of them; two started in opposite orders on even and odd
 * ranks (matched in the order of their _init calls); MPI_Test polled to completion; MPI_Request_free of inactive
 * ones. Rank 0 prints sums over the ranks' results; the output is the same under MPICH. (The gather's send buffer
 * is set before its _init and kept: MPICH 4.0.2 copies the root's own block at the _init; MPI-4 and libmpi at each
 * start. An inactive request's MPI_Test and MPI_Wait are MPICH's coll/p_inactive: 4.0.2 fails it.) */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define N 5

int main(int argc, char **argv)
{
    MPI_Request req[4], r;
    int i, k, round, flag, sum, total;
    int a[N], b[N], *g, *sc, *sd, *rc, *rd;
    int *wsc, *wsd, *wrc, *wrd;
    MPI_Datatype *wst, *wrt;
    MPI_Comm ring;
    int dims[1], periods[1] = {1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("pcoll: %d processes\n", size);
    g = (int *)malloc(4 * size * N * sizeof(int));
    sc = (int *)malloc(size * sizeof(int));
    sd = (int *)malloc(size * sizeof(int));
    rc = (int *)malloc(size * sizeof(int));
    rd = (int *)malloc(size * sizeof(int));
    wsc = (int *)malloc(size * sizeof(int));
    wsd = (int *)malloc(size * sizeof(int));
    wrc = (int *)malloc(size * sizeof(int));
    wrd = (int *)malloc(size * sizeof(int));
    wst = (MPI_Datatype *)malloc(size * sizeof(MPI_Datatype));
    wrt = (MPI_Datatype *)malloc(size * sizeof(MPI_Datatype));

    /* broadcast from the last rank, three starts with new values */
    MPI_Bcast_init(a, N, MPI_INT, size - 1, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    for (round = 0; round < 3; round++) {
        for (i = 0; i < N; i++)
            a[i] = rank == size - 1 ? 100 * round + i : -1;
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++)
            check(a[i] == 100 * round + i);
    }
    check(r != MPI_REQUEST_NULL);
    MPI_Request_free(&r);
    check(r == MPI_REQUEST_NULL);
    report("MPI_Bcast_init, three starts");

    /* allreduce and reduce, values that change */
    MPI_Allreduce_init(a, b, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Reduce_init(a, g, N, MPI_INT, MPI_MAX, 1 % size, MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    for (round = 0; round < 3; round++) {
        for (i = 0; i < N; i++)
            a[i] = (rank + 1) * (i + 1) + round;
        MPI_Startall(2, req);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < N; i++) {
            check(b[i] == (i + 1) * size * (size + 1) / 2 + round * size);
            if (rank == 1 % size)
                check(g[i] == size * (i + 1) + round);
        }
        if (rank == 0)
            printf("  round %d: allreduce %d %d %d %d %d\n", round, b[0], b[1], b[2], b[3], b[4]);
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);
    report("MPI_Allreduce_init and MPI_Reduce_init, MPI_Startall");

    /* gather, scatterv and allgatherv: rank i's share is i % 3 + 1 items */
    for (i = 0, k = 0; i < size; i++) {
        sc[i] = rc[i] = i % 3 + 1;
        sd[i] = rd[i] = k;
        k += sc[i];
    }
    a[0] = rank;        /* (set before the _init: MPICH 4.0.2's gather copies the root's own block then) */
    a[1] = -rank;
    MPI_Gather_init(a, 2, MPI_INT, g, 2, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    for (round = 0; round < 2; round++) {
        MPI_Start(&req[0]);
        flag = 0;
        while (!flag)
            MPI_Test(&req[0], &flag, MPI_STATUS_IGNORE);
        if (rank == 0)
            for (i = 0; i < size; i++)
                check(g[2 * i] == i && g[2 * i + 1] == -i);
    }
    MPI_Request_free(&req[0]);
    MPI_Scatterv_init(g, sc, sd, MPI_INT, b, rank % 3 + 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Allgatherv_init(b, rank % 3 + 1, MPI_INT, g + 2 * size * N, rc, rd, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
                        &req[1]);
    for (round = 0; round < 2; round++) {
        if (rank == 0)
            for (i = 0; i < k; i++)
                g[i] = 7 * i + round;
        MPI_Start(&req[0]);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        for (i = 0; i < rank % 3 + 1; i++)
            check(b[i] == 7 * (sd[rank] + i) + round);
        MPI_Start(&req[1]);
        MPI_Wait(&req[1], MPI_STATUS_IGNORE);
        for (i = 0, sum = 0; i < k; i++) {
            check(g[2 * size * N + i] == 7 * i + round);
            sum += g[2 * size * N + i];
        }
        if (rank == 0)
            printf("  round %d: allgatherv of %d items, sum %d\n", round, k, sum);
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);
    report("MPI_Gather_init (MPI_Test), MPI_Scatterv_init, MPI_Allgatherv_init");

    /* alltoall, and alltoallw sending rank i one int to every other */
    MPI_Alltoall_init(g, 1, MPI_INT, g + size, 1, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    for (i = 0; i < size; i++) {
        wsc[i] = wrc[i] = 1;
        wsd[i] = i * (int)sizeof(int);
        wrd[i] = (size - 1 - i) * (int)sizeof(int);
        wst[i] = wrt[i] = MPI_INT;
    }
    MPI_Alltoallw_init(g + 2 * size, wsc, wsd, wst, g + 3 * size, wrc, wrd, wrt, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &req[1]);
    for (round = 0; round < 2; round++) {
        for (i = 0; i < size; i++) {
            g[i] = 1000 * rank + i + round;
            g[2 * size + i] = 1000 * i + rank - round;
        }
        MPI_Startall(2, req);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < size; i++) {
            check(g[size + i] == 1000 * i + rank + round);
            check(g[3 * size + size - 1 - i] == 1000 * rank + i - round);
        }
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);
    report("MPI_Alltoall_init and MPI_Alltoallw_init");

    /* reduce-scatter of blocks, scan and exscan */
    MPI_Reduce_scatter_block_init(g, b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Scan_init(a, b + 2, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    MPI_Exscan_init(a, b + 3, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[2]);
    for (round = 0; round < 2; round++) {
        for (i = 0; i < 2 * size; i++)
            g[i] = i + rank + round;
        a[0] = rank + 1 + round;
        MPI_Startall(3, req);
        MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < 2; i++)
            check(b[i] == size * (2 * rank + i + round) + size * (size - 1) / 2);
        check(b[2] == (rank + 1) * (rank + 2) / 2 + (rank + 1) * round);
        if (rank > 0)
            check(b[3] == rank * (rank + 1) / 2 + rank * round);
        total = 0;
        MPI_Reduce(&b[2], &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("  round %d: scan sum over the ranks %d\n", round, total);
    }
    for (i = 0; i < 3; i++)
        MPI_Request_free(&req[i]);
    report("MPI_Reduce_scatter_block_init, MPI_Scan_init, MPI_Exscan_init");

    /* started out of the order of their _init calls: matched in that order */
    MPI_Bcast_init(a, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    MPI_Allreduce_init(MPI_IN_PLACE, b, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, MPI_INFO_NULL, &req[2]);
    for (round = 0; round < 2; round++) {
        a[0] = rank == 0 ? 42 + round : 0;
        b[0] = rank * 3 + round;
        if (rank % 2 == 0) {
            MPI_Start(&req[0]);
            MPI_Start(&req[1]);
            MPI_Start(&req[2]);
        } else {
            MPI_Start(&req[2]);
            MPI_Start(&req[1]);
            MPI_Start(&req[0]);
        }
        MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
        check(a[0] == 42 + round);
        check(b[0] == (size - 1) * 3 + round);
    }
    for (i = 0; i < 3; i++)
        MPI_Request_free(&req[i]);
    report("started in opposite orders on even and odd ranks");

    /* neighbourhood alltoall on a periodic ring */
    dims[0] = size;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Neighbor_alltoall_init(a, 1, MPI_INT, b, 1, MPI_INT, ring, MPI_INFO_NULL, &req[0]);
    for (round = 0; round < 2; round++) {
        a[0] = 10 * rank + round;      /* to the left neighbour */
        a[1] = 10 * rank - round;      /* to the right neighbour */
        MPI_Start(&req[0]);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        check(b[0] == 10 * ((rank + size - 1) % size) - round);
        check(b[1] == 10 * ((rank + 1) % size) + round);
    }
    MPI_Request_free(&req[0]);
    MPI_Comm_free(&ring);
    report("MPI_Neighbor_alltoall_init on a periodic ring");

    free(g);
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    free(wsc);
    free(wsd);
    free(wrc);
    free(wrd);
    free(wst);
    free(wrt);
    if (rank == 0)
        printf("pcoll: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
