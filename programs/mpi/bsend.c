/* bsend.c - buffered sends that need their buffering: every rank first sends to its right neighbour (large
 * and small messages, MPI_Bsend, MPI_Ibsend and a persistent MPI_Bsend_init) and only then receives from its
 * left one, which deadlocks unless the sends complete without a matching receive; a buffered send that
 * completes before the barrier its receiver waits in; MPI_Buffer_detach giving the buffer back after its
 * messages left; MPI_ERR_BUFFER without a buffer or with one too small (MPI_ERRORS_RETURN). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define BIG 2000

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        failed = 1;
        printf("FAILED: %s\n", what);
    }
}

int main(int argc, char **argv)
{
    int rank, size, right, left, i, any, s1, s2, s3, bufsize, detached_size, err, cls;
    int *big, *inbig, small[2], insmall[2], tiny = 7;
    double d[100], ind[100];
    char *buffer;
    void *detached;
    MPI_Request req, preq;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    big = (int *)malloc(BIG * sizeof(int));
    inbig = (int *)malloc(BIG * sizeof(int));

    MPI_Pack_size(BIG, MPI_INT, MPI_COMM_WORLD, &s1);
    MPI_Pack_size(2, MPI_INT, MPI_COMM_WORLD, &s2);
    MPI_Pack_size(100, MPI_DOUBLE, MPI_COMM_WORLD, &s3);
    bufsize = s1 + s2 + 2 * s3 + 4 * MPI_BSEND_OVERHEAD;
    buffer = (char *)malloc(bufsize);
    MPI_Buffer_attach(buffer, bufsize);
    if (rank == 0)
        printf("bsend: %d processes, a buffer for 4 messages\n", size);

    /* everyone sends first */
    for (i = 0; i < BIG; i++)
        big[i] = rank * 10000 + i;
    small[0] = rank;
    small[1] = -rank;
    for (i = 0; i < 100; i++)
        d[i] = rank + i / 8.0;
    MPI_Bsend(big, BIG, MPI_INT, right, 1, MPI_COMM_WORLD);
    for (i = 0; i < BIG; i++)
        big[i] = -1;                /* the message is already out of the caller's buffer */
    MPI_Ibsend(small, 2, MPI_INT, right, 2, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    small[0] = small[1] = -99;
    MPI_Bsend_init(d, 100, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &preq);
    MPI_Start(&preq);
    MPI_Wait(&preq, MPI_STATUS_IGNORE);
    for (i = 0; i < 100; i++)
        d[i] = rank + 0.5 + i / 8.0;
    MPI_Start(&preq);
    MPI_Wait(&preq, MPI_STATUS_IGNORE);
    MPI_Request_free(&preq);

    /* then receives */
    MPI_Recv(inbig, BIG, MPI_INT, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < BIG; i++)
        check(inbig[i] == left * 10000 + i, "the large buffered message");
    MPI_Recv(insmall, 2, MPI_INT, left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(insmall[0] == left && insmall[1] == -left, "the small buffered message");
    MPI_Recv(ind, 100, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(ind[99] == left + 99 / 8.0, "the first persistent buffered message");
    MPI_Recv(ind, 100, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(ind[99] == left + 0.5 + 99 / 8.0, "the second persistent buffered message");
    if (rank == 0)
        printf("ring of buffered sends before any receive: done\n");

    /* a buffered send completes while its receiver waits in a barrier */
    if (rank == 0 && size > 1)
        MPI_Bsend(&tiny, 1, MPI_INT, 1, 4, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Recv(&tiny, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(tiny == 7, "received after the barrier");
    }

    MPI_Buffer_detach(&detached, &detached_size);
    check(detached == buffer && detached_size == bufsize, "MPI_Buffer_detach gives the buffer back");
    if (rank == 0)
        printf("detached: %s\n", detached == buffer && detached_size == bufsize ? "the same buffer and size" : "wrong");

    /* errors */
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Bsend(small, 2, MPI_INT, right, 5, MPI_COMM_WORLD);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("MPI_Bsend without a buffer: %s\n", cls == MPI_ERR_BUFFER ? "MPI_ERR_BUFFER" : "another error");
    check(cls == MPI_ERR_BUFFER, "no buffer");
    MPI_Buffer_attach(buffer, s2 + MPI_BSEND_OVERHEAD);
    err = MPI_Bsend(big, BIG, MPI_INT, right, 6, MPI_COMM_WORLD);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("MPI_Bsend larger than the buffer: %s\n", cls == MPI_ERR_BUFFER ? "MPI_ERR_BUFFER" : "another error");
    check(cls == MPI_ERR_BUFFER, "buffer too small");
    MPI_Buffer_detach(&detached, &detached_size);

    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("bsend: %s\n", any ? "FAILED" : "OK");
    free(buffer);
    free(big);
    free(inbig);
    MPI_Finalize();
    return rank == 0 && any;
}
