/* Puts that overlap at their target within one epoch: two puts to one word before a flush (MPICH's
 * rma/overlap_wins_put, through windows that share their memory), runs over an earlier one's end and the same
 * word twice in a fence epoch. The target knows a put has landed by its last word's value; a later put
 * to that word used to replace it before the target saw it, and the flush or fence never ended. */
#include <stdio.h>
#include <mpi.h>

#define ITER 10

int main(int argc, char **argv)
{
    int rank, size, target, i, x, errors = 0, all;
    double buf[64], mine[2], got;
    int words[32], ints[8], k;
    MPI_Win wins[2], win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    target = size - 1;
    for (i = 0; i < 64; i++)
        buf[i] = 0.0;
    /* two windows over the same memory; origin r uses wins[r % 2] and its own word there */
    MPI_Win_create(buf, sizeof buf, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &wins[0]);
    MPI_Win_create(buf, sizeof buf, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &wins[1]);
    if (rank != target) {
        win = wins[rank % 2];
        MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
        for (x = 0; x < ITER; x++) {
            mine[0] = rank + x;
            mine[1] = rank + x + 1.5;
            MPI_Put(&mine[0], 1, MPI_DOUBLE, target, rank, 1, MPI_DOUBLE, win);
            MPI_Put(&mine[1], 1, MPI_DOUBLE, target, rank, 1, MPI_DOUBLE, win);
            MPI_Win_flush(target, win);
        }
        /* the same word, put again and again, then one more after a flush: that one is there */
        for (x = 0; x < 5; x++)
            MPI_Put(&mine[x & 1], 1, MPI_DOUBLE, target, rank, 1, MPI_DOUBLE, win);
        MPI_Win_flush(target, win);
        mine[0] = 1000.0 + rank;
        MPI_Put(&mine[0], 1, MPI_DOUBLE, target, rank, 1, MPI_DOUBLE, win);
        MPI_Win_flush(target, win);
        MPI_Get(&got, 1, MPI_DOUBLE, target, rank, 1, MPI_DOUBLE, win);
        MPI_Win_flush(target, win);
        if (got != 1000.0 + rank) {
            printf("rank %d: got %.1f, expected %.1f\n", rank, got, 1000.0 + rank);
            errors++;
        }
        MPI_Win_unlock(target, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&wins[1]);
    MPI_Win_free(&wins[0]);

    /* a fence epoch over ints: a run over an earlier one's end, one word twice */
    for (i = 0; i < 32; i++)
        words[i] = -1;
    MPI_Win_create(words, sizeof words, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    for (i = 0; i < 8; i++)
        ints[i] = 100 * rank + i;
    MPI_Put(ints, 8, MPI_INT, (rank + 1) % size, 0, 8, MPI_INT, win);
    MPI_Put(ints + 2, 4, MPI_INT, (rank + 1) % size, 10, 4, MPI_INT, win);
    MPI_Put(ints, 4, MPI_INT, (rank + 1) % size, 12, 4, MPI_INT, win);     /* over the last one's end */
    MPI_Put(&rank, 1, MPI_INT, (rank + 1) % size, 20, 1, MPI_INT, win);
    MPI_Put(&size, 1, MPI_INT, (rank + 1) % size, 20, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    k = (rank + size - 1) % size;
    for (i = 0; i < 8; i++)
        if (words[i] != 100 * k + i)
            errors++;
    if (words[10] != 100 * k + 2 || words[11] != 100 * k + 3)
        errors++;
    for (i = 12; i < 16; i++)
        if (words[i] != 100 * k + i - 12 && words[i] != 100 * k + i - 8)
            errors++;
    if (words[20] != k && words[20] != size)
        errors++;
    MPI_Win_free(&win);

    MPI_Reduce(&errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("putoverlap: %d processes, %d errors\n", size, all);
    MPI_Finalize();
    return 0;
}
