/* commfree.c - MPI_Comm_free while communication on the communicator is still pending, and MPI_PROC_NULL with
 * MPI_DATATYPE_NULL, the two cases of MPICH's test suite (comm/cmfree, comm/cmfree2, pt2pt/recvnull):
 *
 *  - the last rank posts receives (a short message and a long one) on a duplicate of MPI_COMM_WORLD, frees the
 *    duplicate, makes new communicators (which must not take its context), and only then lets rank 0 send;
 *    the receives complete normally with the data (MPI-1.1, 5.4.3: the free only marks the communicator for
 *    deallocation; pending operations complete);
 *  - rank 1 receives a synchronous send posted after its receive's communicator was freed;
 *  - a process frees a communicator with a receive posted and then cancels the receive;
 *  - MPI_Recv, MPI_Irecv, MPI_Send, MPI_Isend, MPI_Sendrecv and MPI_Sendrecv_replace with MPI_PROC_NULL
 *    accept MPI_DATATYPE_NULL, and the receives' statuses say MPI_PROC_NULL, MPI_ANY_TAG, 0 elements;
 *  - MPI_Comm_disconnect of a duplicate (comm/inactive_reqs).
 *
 * Every process checks; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define SHORT 8
#define LONG 3000
#define NCOMM 6


/* The last rank's receives outlive their communicator's free; rank 0 sends only after new communicators
 * were made everywhere. */
static void pending_receives(void)
{
    int dest = size - 1, i;
    int *small = (int *)malloc(SHORT * sizeof(int)), *big = (int *)malloc(LONG * sizeof(int));
    MPI_Comm comm, tmp[NCOMM];
    MPI_Request req[2];
    MPI_Status st[2];
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (rank == dest) {
        for (i = 0; i < SHORT; i++)
            small[i] = -1;
        for (i = 0; i < LONG; i++)
            big[i] = -1;
        MPI_Irecv(small, SHORT, MPI_INT, 0, 1, comm, &req[0]);
        MPI_Irecv(big, LONG, MPI_INT, 0, 2, comm, &req[1]);
        MPI_Comm_free(&comm);
        check(comm == MPI_COMM_NULL);
    }
    for (i = 0; i < NCOMM; i++)
        MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &tmp[i]);
    for (i = 0; i < NCOMM; i++) {     /* the new communicators work */
        int r = -1;
        MPI_Comm_rank(tmp[i], &r);
        check(r == size - 1 - rank);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < SHORT; i++)
            small[i] = 100 + i;
        for (i = 0; i < LONG; i++)
            big[i] = 7 * i;
        MPI_Send(big, LONG, MPI_INT, dest, 2, comm);
        MPI_Send(small, SHORT, MPI_INT, dest, 1, comm);
    }
    if (rank == dest) {
        int n = -1;
        MPI_Waitall(2, req, st);
        for (i = 0; i < SHORT; i++)
            check(small[i] == 100 + i);
        for (i = 0; i < LONG; i++)
            check(big[i] == 7 * i);
        MPI_Get_count(&st[1], MPI_INT, &n);
        check(st[0].MPI_SOURCE == 0 && st[0].MPI_TAG == 1 && st[1].MPI_SOURCE == 0 && st[1].MPI_TAG == 2 &&
              n == LONG);
    }
    for (i = 0; i < NCOMM; i++)
        MPI_Comm_free(&tmp[i]);
    if (rank != dest)
        MPI_Comm_free(&comm);
    MPI_Barrier(MPI_COMM_WORLD);
    free(small);
    free(big);
    report("MPI_Comm_free with two receives posted, new communicators, then the sends");
}

/* Rank 1's receive meets a synchronous send that rank 0 starts after rank 1 freed the communicator. */
static void pending_ssend(void)
{
    MPI_Comm comm;
    MPI_Request req;
    MPI_Status st;
    int v = -1;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (rank == 0) {
        v = 42;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Ssend(&v, 1, MPI_INT, 1, 0, comm);
        MPI_Comm_free(&comm);
    } else if (rank == 1) {
        MPI_Irecv(&v, 1, MPI_INT, 0, 0, comm, &req);
        MPI_Comm_free(&comm);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, &st);
        check(v == 42 && st.MPI_SOURCE == 0);
    } else {
        MPI_Comm_free(&comm);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    report("MPI_Comm_free before the matching MPI_Ssend");
}

/* A receive posted on a freed communicator can still be cancelled; afterwards duplicates come and go. */
static void cancelled_receive(void)
{
    MPI_Comm comm;
    MPI_Request req;
    MPI_Status st;
    int v, flag = 0, i;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 5, comm, &req);
    MPI_Comm_free(&comm);
    MPI_Cancel(&req);
    MPI_Wait(&req, &st);
    MPI_Test_cancelled(&st, &flag);
    check(flag);
    for (i = 0; i < 4; i++) {
        int r = -1;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        MPI_Comm_rank(comm, &r);
        check(r == rank);
        MPI_Comm_free(&comm);
    }
    report("MPI_Comm_free with a receive posted, then MPI_Cancel");
}

static void null_status(MPI_Status *st)
{
    int n = -1;
    MPI_Get_count(st, MPI_INT, &n);
    check(st->MPI_SOURCE == MPI_PROC_NULL && st->MPI_TAG == MPI_ANY_TAG && n == 0);
}

/* MPI_PROC_NULL with MPI_DATATYPE_NULL: nothing moves, so no datatype is needed. */
static void proc_null(void)
{
    MPI_Request req;
    MPI_Status st;
    int err, cls = 0, n = -1;
    check(MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &req) == MPI_SUCCESS);
    MPI_Waitall(1, &req, &st);
    MPI_Get_count(&st, MPI_INT, &n);   /* (MPICH 4.0 says source 0, tag 0 here, so only the count is checked) */
    check(n == 0);
    check(MPI_Recv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &st) == MPI_SUCCESS);
    null_status(&st);
    check(MPI_Send(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD) == MPI_SUCCESS);
    check(MPI_Isend(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &req) == MPI_SUCCESS);
    MPI_Wait(&req, &st);
    check(MPI_Sendrecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 1, NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 2,
                       MPI_COMM_WORLD, &st) == MPI_SUCCESS);
    null_status(&st);
    check(MPI_Sendrecv_replace(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 1, MPI_PROC_NULL, 2, MPI_COMM_WORLD,
                               &st) == MPI_SUCCESS);
    null_status(&st);
    /* with a real peer the null datatype is still an error */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Send(&cls, 1, MPI_DATATYPE_NULL, rank, 10, MPI_COMM_WORLD);
    MPI_Error_class(err, &cls);
    check(err != MPI_SUCCESS && cls == MPI_ERR_TYPE);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("MPI_PROC_NULL with MPI_DATATYPE_NULL");
}

/* MPI_Comm_disconnect (MPI-2, here on a duplicate of MPI_COMM_WORLD, as MPICH's comm/inactive_reqs calls it):
 * after a ring of messages on the duplicate every process disconnects; the handle becomes MPI_COMM_NULL and
 * MPI_COMM_WORLD goes on. (MPICH 4.0.2 waits for ever when an inactive persistent request is left on the
 * communicator, as inactive_reqs does, and accepts MPI_COMM_WORLD, then fails in MPI_Finalize: neither is here.) */
static void disconnect(void)
{
    MPI_Comm comm;
    int v = -1, dst = (rank + 1) % size, src = (rank + size - 1) % size;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Sendrecv(&rank, 1, MPI_INT, dst, 3, &v, 1, MPI_INT, src, 3, comm, MPI_STATUS_IGNORE);
    check(v == src);
    check(MPI_Comm_disconnect(&comm) == MPI_SUCCESS);
    check(comm == MPI_COMM_NULL);
    MPI_Allreduce(&rank, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(v == size * (size - 1) / 2);
    report("MPI_Comm_disconnect of a duplicate");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    pending_receives();
    pending_ssend();
    cancelled_receive();
    proc_null();
    disconnect();
    if (rank == 0)
        printf("commfree: done\n");
    MPI_Finalize();
    return 0;
}
