/* Gets that together outgrow a node's memory in one epoch (MPICH's rma/manyget: 1000 gets of 128 KiB between
 * two fences): rank 0 gets its right neighbour's 1 MiB window 8 times into one buffer between two fences,
 * 8 MiB of gets on a node of 8 MiB. libmpi keeps a get's reply buffer until the synchronisation; when the node
 * is full, MPI_Get finishes the gets still pending first (it failed with MPI_ERR_NO_MEM before). The other ranks
 * only expose their windows (each doing the same on its own node was rank 0's run again, 16 times the simulation
 * at -n 16 for the same check). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WORDS (256 * 1024)
#define GETS 8

int main(int argc, char **argv)
{
    int rank, size, i, right, bad = 0, err = MPI_SUCCESS, *win_mem, *buf;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    win_mem = (int *)malloc(WORDS * sizeof(int));
    buf = (int *)malloc(WORDS * sizeof(int));
    if (!win_mem || !buf) {
        printf("rank %d: no memory for the buffers\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (i = 0; i < WORDS; i++) {
        win_mem[i] = rank * 1000003 + i;
        buf[i] = -1;
    }
    MPI_Win_create(win_mem, WORDS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    for (i = 0; rank == 0 && i < GETS && err == MPI_SUCCESS; i++)
        err = MPI_Get(buf, WORDS, MPI_INT, right, 0, WORDS, MPI_INT, win);
    MPI_Win_fence(0, win);
    for (i = 0; rank == 0 && i < WORDS; i++)
        if (buf[i] != right * 1000003 + i)
            bad++;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d processes, %d gets of %d KiB each between two fences: errors %d, %d words wrong\n", size, GETS,
               WORDS / 256, err != MPI_SUCCESS, bad);
    MPI_Win_free(&win);
    free(buf);
    free(win_mem);
    MPI_Finalize();
    return 0;
}
