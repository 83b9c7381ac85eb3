/* A get that does not fit in the node, then gets that do, in one passive-target epoch: every rank locks its
 * right neighbour's 3 MiB window and gets all of it into a 3 MiB buffer (on nodes of 8 MiB the reply buffer
 * libmpi needs does not fit: MPI_Get returns MPI_ERR_NO_MEM; where it fits, the data must be right), then 8
 * gets of 16 ints with a flush after the fourth, which must all work. libmpi counts the memory of the gets
 * it has not finished per get (a failed get counts nothing; a flushed one is taken off), so the later gets
 * are not made to finish early. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WORDS (768 * 1024)
#define HEAD 8192
#define TAIL 64
#define SMALL 8
#define N 16

static int value(int rank, int i)
{
    return rank * 1000003 + i;
}

int main(int argc, char **argv)
{
    int rank, size, i, j, right, bad = 0, other = 0, err, cls, *win_mem, *big, small[SMALL][N];
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    win_mem = (int *)malloc(WORDS * sizeof(int));
    big = (int *)malloc(WORDS * sizeof(int));
    if (!win_mem || !big) {
        printf("rank %d: no memory for the buffers\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (i = 0; i < HEAD; i++)
        win_mem[i] = value(rank, i);
    for (i = WORDS - TAIL; i < WORDS; i++)
        win_mem[i] = value(rank, i);
    for (i = 0; i < SMALL; i++)
        for (j = 0; j < N; j++)
            small[i][j] = -1;
    MPI_Win_create(win_mem, WORDS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
    err = MPI_Get(big, WORDS, MPI_INT, right, 0, WORDS, MPI_INT, win);
    if (err != MPI_SUCCESS) {
        MPI_Error_class(err, &cls);
        if (cls != MPI_ERR_NO_MEM)
            other++;
    }
    for (i = 0; i < SMALL; i++) {
        if (MPI_Get(small[i], N, MPI_INT, right, 1000 * i + i, N, MPI_INT, win) != MPI_SUCCESS)
            other++;
        if (i == SMALL / 2 - 1 && MPI_Win_flush(right, win) != MPI_SUCCESS)
            other++;
    }
    if (MPI_Win_unlock(right, win) != MPI_SUCCESS)
        other++;
    for (i = 0; i < SMALL; i++)
        for (j = 0; j < N; j++)
            if (small[i][j] != value(right, 1000 * i + i + j))
                bad++;
    if (err == MPI_SUCCESS) {
        for (i = 0; i < HEAD; i++)
            if (big[i] != value(right, i))
                bad++;
        for (i = WORDS - TAIL; i < WORDS; i++)
            if (big[i] != value(right, i))
                bad++;
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &other, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d processes: a get of %d KiB (done or out of memory), then %d gets of %d ints: %d other errors, "
               "%d words wrong\n", size, WORDS / 256, SMALL, N, other, bad);
    MPI_Win_free(&win);
    free(big);
    free(win_mem);
    MPI_Finalize();
    return 0;
}
