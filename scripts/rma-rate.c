/* Simulated cycles per one-sided operation of libmpi (docs/mpi.md, "One-sided communication"): rank 2 makes K
 * accumulates of one MPI_2INT with MPI_REPLACE to rank 0 in a fence epoch (MPICH's rma/atomic_get_* make two
 * million), then K/10 MPI_Get_accumulate of 10 ints each followed by MPI_Win_flush (rma/atomic_rmw_gacc's loop).
 * MPI_Wtime is the simulated clock (1 GHz), so its differences are cycles.
 *   bin/scmpcc -O1 scripts/rma-rate.c -o rma-rate && bin/scmpsim -n 4 rma-rate 2000 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rank, size, i, k = argc > 1 ? atoi(argv[1]) : 2000;
    struct { int a, b; } pair[10], *wbuf;
    int ob[10], rb[10];
    double t0, t1, t2, t3, t4;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(100 * sizeof(*wbuf), sizeof(*wbuf), MPI_INFO_NULL, MPI_COMM_WORLD, &wbuf, &win);
    for (i = 0; i < 10; i++) { pair[i].a = i; pair[i].b = i; ob[i] = 1; }
    MPI_Win_fence(0, win);
    t0 = MPI_Wtime();
    if (rank == 2)
        for (i = 0; i < k; i++) {
            pair[0].a = i;
            MPI_Accumulate(pair, 1, MPI_2INT, 0, 0, 1, MPI_2INT, MPI_REPLACE, win);
        }
    t1 = MPI_Wtime();
    MPI_Win_fence(0, win);
    t2 = MPI_Wtime();
    if (rank == 2)
        printf("accumulate of one MPI_2INT: %d calls %.0f cycles each, with the fence %.0f\n", k, (t1 - t0) * 1e9 / k, (t2 - t0) * 1e9 / k);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    t3 = MPI_Wtime();
    if (rank == 2)
        for (i = 0; i < k / 10; i++) {
            MPI_Get_accumulate(ob, 10, MPI_INT, rb, 10, MPI_INT, 0, 0, 10, MPI_INT, MPI_SUM, win);
            MPI_Win_flush(0, win);
        }
    t4 = MPI_Wtime();
    MPI_Win_unlock_all(win);
    if (rank == 2)
        printf("get_accumulate of 10 ints + flush: %.0f cycles each\n", (t4 - t3) * 1e9 / (k / 10));
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
