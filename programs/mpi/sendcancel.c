/* sendcancel.c - MPI_Cancel of sends whose message waits unmatched at the receiver, as MPICH's pt2pt/scancel,
 * pscancel and scancel_unmatch ask: every kind of send from rank 0 to the last rank, short (an eager message
 * in family ours, complete at once at the sender) and long (a rendezvous), standard, buffered, synchronous and
 * persistent; the receiver posts nothing until the sender has cancelled. Each cancelled message must be gone:
 * the receiver gets the message sent after it with the same tag (an MPI_Isend, or the persistent request
 * started again), never the cancelled one, and then finds nothing more. A send the receiver has already received cannot be cancelled (MPI_Test_cancelled says 0).
 *
 * Every process checks; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define SHORT 1
#define LONG 3000

enum { STANDARD, BUFFERED, SYNCHRONOUS, PERSISTENT, PERSISTENT_BUFFERED };
static const char *names[] = { "MPI_Isend", "MPI_Ibsend", "MPI_Issend", "MPI_Send_init", "MPI_Bsend_init" };

/* Rank 0 sends n ints of 1000 + tag, cancels, then sends n ints of 2000 + tag with the same tag (a persistent
 * request is started again); the last rank receives after a barrier and must get the second message only. */
static void one(int kind, int n, int tag)
{
    int dest = size - 1, i, flag = -1;
    int *buf = (int *)malloc(n * sizeof(int)), *in = (int *)malloc(n * sizeof(int));
    MPI_Request req, next;
    MPI_Status st;
    if (rank == 0) {
        for (i = 0; i < n; i++)
            buf[i] = 1000 + tag;
        switch (kind) {
        case STANDARD:
            MPI_Isend(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
            break;
        case BUFFERED:
            MPI_Ibsend(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
            break;
        case SYNCHRONOUS:
            MPI_Issend(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
            break;
        case PERSISTENT:
            MPI_Send_init(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
            MPI_Start(&req);
            break;
        default:
            MPI_Bsend_init(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
            MPI_Start(&req);
            break;
        }
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &flag);
        check(flag == 1);
        for (i = 0; i < n; i++)
            buf[i] = 2000 + tag;
        if (kind == PERSISTENT || kind == PERSISTENT_BUFFERED)
            MPI_Start(&req);
        else
            MPI_Isend(buf, n, MPI_INT, dest, tag, MPI_COMM_WORLD, &next);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == dest) {
        int count = -1, more = 1;
        for (i = 0; i < n; i++)
            in[i] = -1;
        MPI_Recv(in, n, MPI_INT, 0, tag, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        check(count == n);
        for (i = 0; i < n; i++)
            check(in[i] == 2000 + tag);
        MPI_Iprobe(0, tag, MPI_COMM_WORLD, &more, &st);
        check(!more);
    }
    if (rank == 0 && (kind == PERSISTENT || kind == PERSISTENT_BUFFERED)) {
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 0) {
        MPI_Wait(&next, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    free(buf);
    free(in);
}

/* Two short sends with the same tag, the second cancelled: the receiver gets the first (scancel_unmatch). */
static void second_of_two(void)
{
    int dest = size - 1, a = 10, b = 20, flag = -1, more = 1;
    MPI_Request req[2];
    MPI_Status st;
    if (rank == 0) {
        MPI_Isend(&a, 1, MPI_INT, dest, 50, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(&b, 1, MPI_INT, dest, 50, MPI_COMM_WORLD, &req[1]);
        MPI_Cancel(&req[1]);
        MPI_Wait(&req[1], &st);
        MPI_Test_cancelled(&st, &flag);
        check(flag == 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    if (rank == dest) {
        a = -1;
        MPI_Recv(&a, 1, MPI_INT, 0, 50, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(a == 10);
        MPI_Iprobe(0, 50, MPI_COMM_WORLD, &more, &st);
        check(!more);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    report("the second of two MPI_Isend with one tag cancelled, the first received");
}

/* A short send already received: MPI_Cancel afterwards cannot take it back. */
static void too_late(void)
{
    int dest = size - 1, v = 7, flag = -1;
    MPI_Request req;
    MPI_Status st;
    if (rank == 0)
        MPI_Isend(&v, 1, MPI_INT, dest, 60, MPI_COMM_WORLD, &req);
    if (rank == dest) {
        v = -1;
        MPI_Recv(&v, 1, MPI_INT, 0, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(v == 7);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &flag);
        check(flag == 0);
    }
    report("MPI_Cancel of an MPI_Isend already received");
}

int main(int argc, char **argv)
{
    int kind, tag = 1;
    int bsize = 2 * (LONG * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
    char *bbuf;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bbuf = (char *)malloc(bsize);
    MPI_Buffer_attach(bbuf, bsize);
    for (kind = STANDARD; kind <= PERSISTENT_BUFFERED; kind++) {
        char what[80];
        one(kind, SHORT, tag++);
        one(kind, LONG, tag++);
        sprintf(what, "%s cancelled, short and long, the next message received", names[kind]);
        report(what);
    }
    second_of_two();
    too_late();
    MPI_Buffer_detach(&bbuf, &bsize);
    free(bbuf);
    if (rank == 0)
        printf("sendcancel: done\n");
    MPI_Finalize();
    return failed;
}
