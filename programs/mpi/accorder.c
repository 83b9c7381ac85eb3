/* One origin's accumulates to one target apply in the order it made them (MPI's default accumulate ordering),
 * whatever order the network delivers them in (scmpsim --vc-select any lets a later message overtake an earlier
 * one), and MPI_Get_accumulate works when the target has no memory for a bulk message. Every rank locks rank 0's
 * window shared and, in its own part of it, 6 rounds of: an accumulate of 600 ints with MPI_REPLACE (a bulk
 * message, whose handler may have to wait for its data) followed by MPI_REPLACE of one int and MPI_SUM of one int
 * on its elements (small ones, which must not overtake it), MPI_REPLACE and MPI_SUM alternating on one element,
 * 100 MPI_SUMs of 1 on another then MPI_Fetch_and_op with MPI_NO_OP there (it must see all 100), and
 * MPI_Compare_and_swap after an MPI_REPLACE; rank 0 then checks every part. At the end rank 1 keeps only holes of
 * 4 KiB of its node's memory free and rank 0 makes an MPI_Get_accumulate of 1500 ints there (MPI_SUM), whose old
 * values and new ones must be right. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 600
#define ROUNDS 6
#define CHUNKS 4096
#define G 1500

static void *chunk[CHUNKS];

/* a new origin buffer for each operation of the epoch (none may change before the unlock) */
#define S(v) (src[ns++] = (v))

int main(int argc, char **argv)
{
    int rank, size, i, k, r, o, me, err;
    int bad_bulk = 0, bad_alt = 0, bad_fetch = 0, bad_cas = 0, bad_gacc = 0, gacc_err = 0;
    int *wmem, *val, fetched, cas_old, nchunks = 0, src[32], ns = 0;
    int gval[G], gres[G], counts[6], all[6 * 64];
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    me = rank * (N + 8);            /* this rank's part of rank 0's window */
    wmem = (int *)malloc(size * (N + 8) * sizeof(int));
    val = (int *)malloc(N * sizeof(int));
    for (i = 0; i < size * (N + 8); i++)
        wmem[i] = -1;
    MPI_Win_create(wmem, size * (N + 8) * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    for (r = 1; r <= ROUNDS; r++) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        ns = 0;
        for (i = 0; i < N; i++)
            val[i] = 1000 * r + i;
        MPI_Accumulate(val, N, MPI_INT, 0, me, N, MPI_INT, MPI_REPLACE, win);
        S(-r);
        MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me, 1, MPI_INT, MPI_REPLACE, win);
        S(7);
        MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N - 1, 1, MPI_INT, MPI_SUM, win);
        for (k = 0; k < 10; k++) {
            S(k);
            MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N, 1, MPI_INT, MPI_REPLACE, win);
            S(100);
            MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N, 1, MPI_INT, MPI_SUM, win);
        }
        S(0);
        MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N + 1, 1, MPI_INT, MPI_REPLACE, win);
        S(1);
        for (k = 0; k < 100; k++)
            MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N + 1, 1, MPI_INT, MPI_SUM, win);
        MPI_Fetch_and_op(&src[ns - 1], &fetched, MPI_INT, 0, me + N + 1, MPI_NO_OP, win);
        S(5);
        MPI_Accumulate(&src[ns - 1], 1, MPI_INT, 0, me + N + 2, 1, MPI_INT, MPI_REPLACE, win);
        S(9);
        S(5);
        MPI_Compare_and_swap(&src[ns - 2], &src[ns - 1], &cas_old, MPI_INT, 0, me + N + 2, win);
        MPI_Win_unlock(0, win);
        if (fetched != 100)
            bad_fetch++;
        if (cas_old != 5)
            bad_cas++;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
        for (o = 0; o < size && rank == 0; o++) {
            int *m = wmem + o * (N + 8);
            for (i = 0; i < N; i++)
                if (m[i] != (i == 0 ? -r : i == N - 1 ? 1000 * r + i + 7 : 1000 * r + i))
                    bad_bulk++;
            if (m[N] != 109)
                bad_alt++;
            if (m[N + 1] != 100 || m[N + 2] != 9)
                bad_fetch++;
        }
        MPI_Win_unlock(rank, win);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* rank 1 keeps only small pieces of memory free; rank 0 fetches and adds there */
    for (i = 0; i < G; i++) {
        gval[i] = i + 1;
        gres[i] = -1;
    }
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    for (i = 0; i < G; i++)
        wmem[i] = 3 * i;
    MPI_Win_unlock(rank, win);
    if (rank == 1) {
        while (nchunks < CHUNKS && (chunk[nchunks] = malloc(4096)) != 0)
            nchunks++;
        for (i = 0; i < 8 && 2 * i < nchunks; i++)
            free(chunk[2 * i]);     /* eight holes of 4 KiB, none next to another */
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && size > 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        err = MPI_Get_accumulate(gval, G, MPI_INT, gres, G, MPI_INT, 1, 0, G, MPI_INT, MPI_SUM, win);
        if (err != MPI_SUCCESS)
            gacc_err++;
        MPI_Win_unlock(1, win);
        for (i = 0; i < G && !gacc_err; i++)
            if (gres[i] != 3 * i)
                bad_gacc++;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        for (i = 0; i < G; i++)
            if (wmem[i] != 3 * i + (i + 1))
                bad_gacc++;
        for (i = 0; i < nchunks; i++)
            if (i >= 16 || i % 2)
                free(chunk[i]);
    }
    MPI_Win_free(&win);
    counts[0] = bad_bulk;
    counts[1] = bad_alt;
    counts[2] = bad_fetch;
    counts[3] = bad_cas;
    counts[4] = gacc_err;
    counts[5] = bad_gacc;
    MPI_Gather(counts, 6, MPI_INT, all, 6, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < size && rank == 0; i++)
        printf("rank %d: bulk then small %d bad, alternating %d bad, fetch after sums %d bad, cas %d bad, "
               "get_accumulate %s, %d bad\n", i, all[6 * i], all[6 * i + 1], all[6 * i + 2], all[6 * i + 3],
               all[6 * i + 4] ? "failed" : "done", all[6 * i + 5]);
    MPI_Finalize();
    return 0;
}
