/* isendrecv.c - MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4) and MPI_Op_commutative (MPI-2.2): a ring shift
 * short and long; every rank with every rank (itself included) at once, completed by MPI_Waitall; the replace form
 * short and long; completion by MPI_Test loops, MPI_Request_get_status and MPI_Waitany among plain
 * receives; the other side using plain MPI_Send and MPI_Recv; MPI_Op_commutative of predefined and user
 * operations. Rank 0 prints; the output is the same under MPICH. MPICH 4.0.2 leaves the status of a nonblocking
 * send-receive empty (source 0, tag 0, count 0) and faults on MPI_PROC_NULL in both calls, so this program checks
 * neither (libmpi gives the receive's status, and MPI_PROC_NULL's: docs/mpi.md). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define LONG 2500

static void fill(int *b, int n, int seed)
{
    int i;
    for (i = 0; i < n; i++)
        b[i] = seed * 10007 + i;
}

static int same(const int *b, int n, int seed)
{
    int i;
    for (i = 0; i < n; i++)
        if (b[i] != seed * 10007 + i)
            return 0;
    return 1;
}

static void noop(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in;
    (void)inout;
    (void)len;
    (void)type;
}

int main(int argc, char **argv)
{
    int right, left, i, n, flag, idx, *sbuf, *rbuf, *all;
    MPI_Request req, *reqs;
    MPI_Status st;
    MPI_Op op;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    sbuf = (int *)malloc(2 * LONG * sizeof(int));
    rbuf = (int *)malloc(2 * LONG * sizeof(int));
    all = (int *)malloc(size * 8 * sizeof(int));
    reqs = (MPI_Request *)malloc(2 * size * sizeof(MPI_Request));
    if (rank == 0)
        printf("isendrecv: %d processes\n", size);

    /* 1. a ring shift, short and long, the receive's status */
    for (i = 0; i < 2; i++) {
        n = i == 0 ? 3 : LONG;
        fill(sbuf, n, rank + i);
        MPI_Isendrecv(sbuf, n, MPI_INT, right, 20 + i, rbuf, LONG, MPI_INT, left, 20 + i, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        check(req == MPI_REQUEST_NULL && same(rbuf, n, left + i));
    }
    report("MPI_Isendrecv around a ring, short and long");

    /* 2. every rank with every rank, itself included, all outstanding at once */
    for (i = 0; i < size; i++)
        fill(all + 4 * i, 4, rank * 1000 + i);
    for (i = 0; i < size; i++)
        MPI_Isendrecv(all + 4 * i, 4, MPI_INT, i, 30, all + 4 * size + 4 * i, 4, MPI_INT, i, 30, MPI_COMM_WORLD,
                      &reqs[i]);
    MPI_Waitall(size, reqs, MPI_STATUSES_IGNORE);
    for (i = 0; i < size; i++)
        check(same(all + 4 * size + 4 * i, 4, i * 1000 + rank) && reqs[i] == MPI_REQUEST_NULL);
    report("every rank with every rank at once, MPI_Waitall");

    /* 3. MPI_Isendrecv_replace, short and long (MPICH 4.0.2 gets it wrong with a strided vector type) */
    for (i = 0; i < 2; i++) {
        n = i == 0 ? 4 : LONG;
        fill(rbuf, n, rank + 40 + i);
        MPI_Isendrecv_replace(rbuf, n, MPI_INT, right, 40, left, 40, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        check(same(rbuf, n, left + 40 + i));
    }
    report("MPI_Isendrecv_replace, short and long");

    /* 4. completed by MPI_Test loops and by MPI_Request_get_status, then MPI_Wait */
    fill(sbuf, LONG, rank + 5);
    MPI_Isendrecv(sbuf, LONG, MPI_INT, right, 50, rbuf, LONG, MPI_INT, left, 50, MPI_COMM_WORLD, &req);
    do
        MPI_Test(&req, &flag, &st);
    while (!flag);
    check(req == MPI_REQUEST_NULL && same(rbuf, LONG, left + 5));
    fill(sbuf, 7, rank + 6);
    MPI_Isendrecv(sbuf, 7, MPI_INT, left, 51, rbuf, 7, MPI_INT, right, 51, MPI_COMM_WORLD, &req);
    do
        MPI_Request_get_status(req, &flag, &st);
    while (!flag);
    check(req != MPI_REQUEST_NULL);
    MPI_Wait(&req, &st);
    check(req == MPI_REQUEST_NULL && same(rbuf, 7, right + 6));
    report("MPI_Test loops, MPI_Request_get_status then MPI_Wait");

    /* 5. MPI_Waitany over an Isendrecv and a plain receive; the other side plain MPI_Send and MPI_Recv */
    fill(sbuf, 5, rank + 7);
    MPI_Irecv(rbuf + LONG, 5, MPI_INT, left, 61, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isendrecv(sbuf, 5, MPI_INT, right, 60, rbuf, 5, MPI_INT, left, 62, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send(sbuf, 5, MPI_INT, right, 61, MPI_COMM_WORLD);
    MPI_Recv(rbuf + LONG + 8, 5, MPI_INT, left, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(sbuf, 5, MPI_INT, right, 62, MPI_COMM_WORLD);
    for (i = 0; i < 2; i++) {
        MPI_Waitany(2, reqs, &idx, &st);
        check(idx != 0 || (st.MPI_TAG == 61 && st.MPI_SOURCE == left));
    }
    check(same(rbuf, 5, left + 7) && same(rbuf + LONG, 5, left + 7) && same(rbuf + LONG + 8, 5, left + 7));
    report("MPI_Waitany among plain receives; plain sends and receives on the other side");

    /* 6. MPI_Op_commutative */
    MPI_Op_commutative(MPI_SUM, &flag);
    check(flag == 1);
    MPI_Op_commutative(MPI_MAXLOC, &flag);
    check(flag == 1);
    MPI_Op_create(noop, 0, &op);
    MPI_Op_commutative(op, &flag);
    check(flag == 0);
    MPI_Op_free(&op);
    MPI_Op_create(noop, 1, &op);
    MPI_Op_commutative(op, &flag);
    check(flag == 1);
    MPI_Op_free(&op);
    report("MPI_Op_commutative of MPI_SUM, MPI_MAXLOC and user operations");

    free(sbuf);
    free(rbuf);
    free(all);
    free(reqs);
    if (rank == 0)
        printf("isendrecv: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
