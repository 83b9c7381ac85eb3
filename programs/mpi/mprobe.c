/* mprobe.c - matched probes (MPI-3): MPI_Mprobe, MPI_Improbe, MPI_Mrecv and MPI_Imrecv with short (eager) and
 * long (rendezvous) messages, with MPI_ANY_SOURCE and MPI_ANY_TAG; a matched message is out of matching (a
 * later probe does not see it, a later receive with the same source and tag takes the next message); two
 * messages matched and received in the reverse order; a message to oneself; MPI_PROC_NULL and
 * MPI_MESSAGE_NO_PROC; truncation; a duplicated communicator kept apart. Rank 0 prints; the output is the same
 * under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define LONG 3000       /* ints: a rendezvous under every protocol */

static void fill(int *b, int n, int seed)
{
    int i;
    for (i = 0; i < n; i++)
        b[i] = seed * 100003 + i;
}

static int same(const int *b, int n, int seed)
{
    int i;
    for (i = 0; i < n; i++)
        if (b[i] != seed * 100003 + i)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    int right, left, i, flag, count, *sbuf, *sbuf2, *rbuf, *rbuf2;
    MPI_Message msg, msg2;
    MPI_Status st, st2;
    MPI_Request req, reqs[4];
    MPI_Comm dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    sbuf = (int *)malloc(LONG * sizeof(int));
    sbuf2 = (int *)malloc(LONG * sizeof(int));
    rbuf = (int *)malloc(LONG * sizeof(int));
    rbuf2 = (int *)malloc(LONG * sizeof(int));
    if (rank == 0)
        printf("mprobe: %d processes, MPI_MESSAGE_NULL %s MPI_MESSAGE_NO_PROC\n", size,
               MPI_MESSAGE_NULL != MPI_MESSAGE_NO_PROC ? "differs from" : "equals");

    /* 1. a short and a long message to the right: MPI_ANY_SOURCE/MPI_ANY_TAG, then by source and tag */
    fill(sbuf, 3, rank);
    fill(sbuf2, LONG, rank + 1000);
    MPI_Isend(sbuf, 3, MPI_INT, right, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(sbuf2, LONG, MPI_INT, right, 7, MPI_COMM_WORLD, &reqs[1]);
    MPI_Mprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &msg, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(st.MPI_SOURCE == left && st.MPI_TAG == 5 && count == 3 && msg != MPI_MESSAGE_NULL);
    MPI_Iprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    check(!flag);       /* matched: no probe sees it any more */
    MPI_Mrecv(rbuf, 3, MPI_INT, &msg, &st);
    check(msg == MPI_MESSAGE_NULL && same(rbuf, 3, left) && st.MPI_SOURCE == left && st.MPI_TAG == 5);
    MPI_Mprobe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(st.MPI_SOURCE == left && st.MPI_TAG == 7 && count == LONG);
    MPI_Mrecv(rbuf, LONG, MPI_INT, &msg, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(msg == MPI_MESSAGE_NULL && count == LONG && same(rbuf, LONG, left + 1000));
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    report("Mprobe and Mrecv, short and long, MPI_ANY_SOURCE and MPI_ANY_TAG");

    /* 2. two messages with the same source and tag: the first matched, the second taken by a plain receive,
     * then the first received; short, then long */
    for (i = 0; i < 2; i++) {
        int n = i == 0 ? 4 : LONG;
        fill(sbuf, n, rank + 10);
        fill(sbuf2, n, rank + 20);
        MPI_Isend(sbuf, n, MPI_INT, right, 9, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(sbuf2, n, MPI_INT, right, 9, MPI_COMM_WORLD, &reqs[1]);
        MPI_Mprobe(left, 9, MPI_COMM_WORLD, &msg, &st);
        MPI_Recv(rbuf2, n, MPI_INT, left, 9, MPI_COMM_WORLD, &st2);
        check(same(rbuf2, n, left + 20));
        MPI_Mrecv(rbuf, n, MPI_INT, &msg, &st);
        check(same(rbuf, n, left + 10));
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    }
    report("a matched message is out of matching: the next receive takes the second");

    /* 3. two matched, received in the reverse order, the second by MPI_Imrecv */
    fill(sbuf, LONG, rank + 30);
    fill(sbuf2, 2, rank + 40);
    MPI_Isend(sbuf, LONG, MPI_INT, right, 11, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(sbuf2, 2, MPI_INT, right, 12, MPI_COMM_WORLD, &reqs[1]);
    MPI_Mprobe(left, 11, MPI_COMM_WORLD, &msg, &st);
    MPI_Mprobe(left, 12, MPI_COMM_WORLD, &msg2, &st2);
    MPI_Imrecv(rbuf2, 2, MPI_INT, &msg2, &req);
    check(msg2 == MPI_MESSAGE_NULL);
    MPI_Wait(&req, &st2);
    check(same(rbuf2, 2, left + 40) && st2.MPI_TAG == 12 && st2.MPI_SOURCE == left);
    MPI_Imrecv(rbuf, LONG, MPI_INT, &msg, &req);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(same(rbuf, LONG, left + 30) && st.MPI_TAG == 11 && count == LONG);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    report("two matched, received in the reverse order (MPI_Imrecv)");

    /* 4. MPI_Improbe: nothing yet, then a message sent after a barrier */
    MPI_Improbe(left, 13, MPI_COMM_WORLD, &flag, &msg, &st);
    check(!flag);
    MPI_Barrier(MPI_COMM_WORLD);
    fill(sbuf, LONG, rank + 50);
    MPI_Isend(sbuf, LONG, MPI_INT, right, 13, MPI_COMM_WORLD, &reqs[0]);
    do
        MPI_Improbe(MPI_ANY_SOURCE, 13, MPI_COMM_WORLD, &flag, &msg, &st);
    while (!flag);
    check(st.MPI_SOURCE == left && st.MPI_TAG == 13);
    MPI_Imrecv(rbuf, LONG, MPI_INT, &msg, &req);
    MPI_Wait(&req, &st);
    check(same(rbuf, LONG, left + 50));
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    report("MPI_Improbe before and after the message, MPI_Imrecv");

    /* 5. to oneself, short and long */
    for (i = 0; i < 2; i++) {
        int n = i == 0 ? 5 : LONG;
        fill(sbuf, n, rank + 60 + i);
        MPI_Isend(sbuf, n, MPI_INT, rank, 14, MPI_COMM_WORLD, &reqs[0]);
        MPI_Mprobe(rank, 14, MPI_COMM_WORLD, &msg, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        check(count == n && st.MPI_SOURCE == rank);
        MPI_Mrecv(rbuf, n, MPI_INT, &msg, MPI_STATUS_IGNORE);
        check(same(rbuf, n, rank + 60 + i));
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    }
    report("a message to oneself");

    /* 6. MPI_PROC_NULL */
    msg = MPI_MESSAGE_NULL;
    MPI_Mprobe(MPI_PROC_NULL, 15, MPI_COMM_WORLD, &msg, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(msg == MPI_MESSAGE_NO_PROC && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0);
    rbuf[0] = -1;
    MPI_Mrecv(rbuf, 1, MPI_INT, &msg, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(msg == MPI_MESSAGE_NULL && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0
          && rbuf[0] == -1);
    flag = 0;
    MPI_Improbe(MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &st);
    check(flag && msg == MPI_MESSAGE_NO_PROC && st.MPI_SOURCE == MPI_PROC_NULL);
    MPI_Imrecv(rbuf, 1, MPI_INT, &msg, &req);
    check(msg == MPI_MESSAGE_NULL);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    check(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0 && rbuf[0] == -1);
    report("MPI_PROC_NULL: MPI_MESSAGE_NO_PROC");

    /* 7. every other rank sends to rank 0: rank 0 matches them all with MPI_ANY_SOURCE first, then receives them
     * in the reverse order */
    if (rank == 0) {
        MPI_Message *m = (MPI_Message *)malloc(size * sizeof(MPI_Message));
        int *seen = (int *)calloc(size, sizeof(int));
        int *src = (int *)malloc(size * sizeof(int));
        for (i = 1; i < size; i++) {
            MPI_Mprobe(MPI_ANY_SOURCE, 16, MPI_COMM_WORLD, &m[i], &st);
            MPI_Get_count(&st, MPI_INT, &count);
            check(st.MPI_SOURCE > 0 && st.MPI_SOURCE < size && !seen[st.MPI_SOURCE]
                  && count == (st.MPI_SOURCE % 2 ? LONG : 6));
            seen[st.MPI_SOURCE] = 1;
            src[i] = st.MPI_SOURCE;
        }
        MPI_Iprobe(MPI_ANY_SOURCE, 16, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        check(!flag);
        for (i = size - 1; i > 0; i--) {
            MPI_Mrecv(rbuf, LONG, MPI_INT, &m[i], &st);
            check(st.MPI_SOURCE == src[i] && same(rbuf, src[i] % 2 ? LONG : 6, src[i] + 70));
        }
        free(m);
        free(seen);
        free(src);
    } else {
        fill(sbuf, LONG, rank + 70);
        MPI_Send(sbuf, rank % 2 ? LONG : 6, MPI_INT, 0, 16, MPI_COMM_WORLD);
    }
    report("MPI_ANY_SOURCE from every rank, received in the reverse order");

    /* 8. the same tag on a duplicate of MPI_COMM_WORLD: each probe matches its own communicator's */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    fill(sbuf, 2, rank + 80);
    fill(sbuf2, 2, rank + 90);
    MPI_Isend(sbuf, 2, MPI_INT, right, 17, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(sbuf2, 2, MPI_INT, right, 17, dup, &reqs[1]);
    MPI_Mprobe(left, 17, dup, &msg, &st);
    MPI_Mrecv(rbuf2, 2, MPI_INT, &msg, &st);
    check(same(rbuf2, 2, left + 90));
    MPI_Mprobe(left, 17, MPI_COMM_WORLD, &msg, &st);
    MPI_Mrecv(rbuf, 2, MPI_INT, &msg, &st);
    check(same(rbuf, 2, left + 80));
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Comm_free(&dup);
    report("the same tag on two communicators");

    /* 9. truncation: MPI_ERR_TRUNCATE under MPI_ERRORS_RETURN, short and long */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (i = 0; i < 2; i++) {
        int n = i == 0 ? 8 : LONG, err, cls;
        fill(sbuf, n, rank);
        MPI_Isend(sbuf, n, MPI_INT, right, 18, MPI_COMM_WORLD, &reqs[0]);
        MPI_Mprobe(left, 18, MPI_COMM_WORLD, &msg, &st);
        err = MPI_Mrecv(rbuf, n / 2, MPI_INT, &msg, &st);
        MPI_Error_class(err, &cls);
        check(cls == MPI_ERR_TRUNCATE);     /* (what lands is not defined: MPICH writes nothing) */
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("truncation: MPI_ERR_TRUNCATE");

    free(sbuf);
    free(sbuf2);
    free(rbuf);
    free(rbuf2);
    if (rank == 0)
        printf("mprobe: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
