/* onesided.c - one-sided communication (MPI-2): MPI_Win_create and MPI_Win_allocate, MPI_Put, MPI_Get and
 * MPI_Accumulate between fences (to every process, to a neighbour, to one process from all), with strided
 * datatypes on either side, bytes at odd addresses, doubles, a long put, MPI_REPLACE; passive target with
 * MPI_Win_lock/unlock, exclusive and shared, every process at one target. Every process checks what it gets;
 * rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"


#define LONG 5000

int main(int argc, char **argv)
{
    int i, j, *buf, right, left;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    /* a window of 2 * size + LONG ints on every process */
    buf = (int *)malloc((2 * size + LONG) * sizeof(int));
    for (i = 0; i < 2 * size + LONG; i++)
        buf[i] = -1;
    MPI_Win_create(buf, (2 * size + LONG) * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    for (j = 0; j < size; j++) {
        int v = 100 * rank + j;
        MPI_Put(&v, 1, MPI_INT, j, rank, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
    for (i = 0; i < size; i++)
        check(buf[i] == 100 * i + rank);
    report("MPI_Put of one int to every process, fences");

    {
        int got[64];
        for (i = 0; i < size; i++)
            got[i] = -2;
        MPI_Get(got, size, MPI_INT, right, 0, size, MPI_INT, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < size; i++)
            check(got[i] == 100 * i + right);
    }
    report("MPI_Get of a neighbour's window");

    {
        /* a column: every other int of the right neighbour's second half, from contiguous ints here */
        int src[64], back[64];
        MPI_Datatype every2;
        MPI_Type_vector(size, 1, 2, MPI_INT, &every2);
        MPI_Type_commit(&every2);
        for (i = 0; i < size; i++)
            src[i] = 1000 * rank + i;
        MPI_Put(src, size, MPI_INT, right, size, 1, every2, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < size; i++) {
            check(buf[size + 2 * i] == 1000 * left + i);
            if (2 * i + 1 < size)
                check(buf[size + 2 * i + 1] == -1);
        }
        /* and back into a strided layout here */
        for (i = 0; i < 2 * size; i++)
            back[i] = -3;
        MPI_Get(back, 1, every2, left, size, 1, every2, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < size; i++)
            check(back[2 * i] == 1000 * ((left + size - 1) % size) + i && back[2 * i + 1] == -3);
        MPI_Type_free(&every2);
    }
    report("MPI_Put and MPI_Get with a strided datatype on either side");

    {
        /* bytes at odd offsets: 7 chars at byte 5 of the neighbour's window */
        char s[7], g[7];
        for (i = 0; i < 7; i++)
            s[i] = (char)('a' + rank % 20 + i);
        {
            MPI_Win bw;
            char *bytes = (char *)malloc(32);
            memset(bytes, '.', 32);
            MPI_Win_create(bytes, 32, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &bw);
            MPI_Win_fence(0, bw);
            MPI_Put(s, 7, MPI_CHAR, right, 5, 7, MPI_CHAR, bw);
            MPI_Win_fence(0, bw);
            for (i = 0; i < 7; i++)
                check(bytes[5 + i] == (char)('a' + left % 20 + i));
            check(bytes[4] == '.' && bytes[12] == '.');
            MPI_Get(g, 7, MPI_CHAR, right, 5, 7, MPI_CHAR, bw);
            MPI_Win_fence(0, bw);
            for (i = 0; i < 7; i++)
                check(g[i] == (char)('a' + rank % 20 + i));
            MPI_Win_free(&bw);
            check(bw == MPI_WIN_NULL);
            free(bytes);
        }
    }
    report("bytes at odd offsets, a window with displacement unit 1");

    {
        /* a long put: LONG ints at the end of the neighbour's window */
        int *src = (int *)malloc(LONG * sizeof(int)), ok = 1;
        for (i = 0; i < LONG; i++)
            src[i] = rank * 7 + i;
        MPI_Put(src, LONG, MPI_INT, right, 2 * size, LONG, MPI_INT, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < LONG; i++)
            ok &= buf[2 * size + i] == left * 7 + i;
        check(ok);
        free(src);
    }
    report("a put of 5000 ints");

    {
        /* everyone accumulates into rank 0's first ints: sum, max, and MPI_REPLACE at its own slot */
        int one[2], v;
        MPI_Win_fence(0, win);
        if (rank == 0) {
            buf[0] = 0;
            buf[1] = 0;
        }
        MPI_Win_fence(0, win);
        one[0] = rank + 1;
        one[1] = rank * rank;
        MPI_Accumulate(&one[0], 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Accumulate(&one[1], 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_MAX, win);
        v = -rank;
        MPI_Accumulate(&v, 1, MPI_INT, 0, 4, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_fence(0, win);
        if (rank == 0)
            check(buf[0] == size * (size + 1) / 2 && buf[1] == (size - 1) * (size - 1) && buf[4] <= 0);
    }
    report("MPI_Accumulate from every process into one: MPI_SUM, MPI_MAX, MPI_REPLACE");

    {
        /* doubles, strided at the target: accumulate into every third double of a window */
        double *d, src[8];
        MPI_Win dw;
        MPI_Datatype third;
        MPI_Win_allocate(24 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &d, &dw);
        for (i = 0; i < 24; i++)
            d[i] = 0.5;
        MPI_Type_vector(8, 1, 3, MPI_DOUBLE, &third);
        MPI_Type_commit(&third);
        for (i = 0; i < 8; i++)
            src[i] = 0.25 * i;
        MPI_Win_fence(0, dw);
        MPI_Accumulate(src, 8, MPI_DOUBLE, right, 0, 1, third, MPI_SUM, dw);
        MPI_Win_fence(0, dw);
        for (i = 0; i < 24; i++)
            check(d[i] == (i % 3 == 0 ? 0.5 + 0.25 * (i / 3) : 0.5));
        MPI_Type_free(&third);
        MPI_Win_free(&dw);
    }
    report("MPI_Win_allocate, MPI_Accumulate of doubles into a strided target");

    {
        /* passive target: everyone takes rank 0's window exclusively and writes its slot, then adds one
         * under a shared lock */
        int v = 5 * rank + 1, k = 1;
        MPI_Win_fence(0, win);
        if (rank == 0)
            for (i = 0; i < 2 * size; i++)
                buf[i] = 0;
        MPI_Win_fence(0, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Put(&v, 1, MPI_INT, 0, rank, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(&k, 1, MPI_INT, 0, size, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(0, win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            for (i = 0; i < size; i++)
                check(buf[i] == 5 * i + 1);
            check(buf[size] == size);
        }
        /* and read a neighbour's under a shared lock */
        {
            int got = -9;
            MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
            MPI_Get(&got, 1, MPI_INT, 0, right, 1, MPI_INT, win);
            MPI_Win_unlock(0, win);
            check(got == 5 * right + 1);
        }
    }
    report("MPI_Win_lock/unlock: exclusive puts, shared accumulates and gets, all at one target");

    MPI_Win_free(&win);
    free(buf);
    if (rank == 0)
        printf("onesided: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
