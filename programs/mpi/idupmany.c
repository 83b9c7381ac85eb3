/* idupmany.c - MPI_Comm_idup five at a time, each beside a nonblocking collective, as MPICH's comm_idup_nb does:
 * on MPI_COMM_WORLD, on a copy whose ranks run backwards (the last process of MPI_COMM_WORLD is its rank 0, so it
 * asks for the new contexts: on SCMP it is the node that hands them out) and on an intercommunicator of the two
 * halves, each group's ranks backwards too; every new communicator is checked with an allreduce and
 * freed before the next round. Every process checks; rank 0 prints one line per part. The output is the same
 * under MPICH. */
#include <stdio.h>
#include <mpi.h>
#include "check.h"

#define ITERS 5
#ifndef ROUNDS
#define ROUNDS 2
#endif

static void rounds(MPI_Comm comm, int inter)
{
    MPI_Comm dup[ITERS];
    MPI_Request req[2 * ITERS];
    int round, i, in[ITERS], out[ITERS], n, me, sum;
    MPI_Comm_rank(comm, &me);
    if (inter)
        MPI_Comm_remote_size(comm, &n);
    else
        MPI_Comm_size(comm, &n);
    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i < ITERS; i++) {
            in[i] = 1;
            out[i] = -1;
            if (round % 2)
                MPI_Ibarrier(comm, &req[i]);
            else
                MPI_Iallreduce(&in[i], &out[i], 1, MPI_INT, MPI_SUM, comm, &req[i]);
            MPI_Comm_idup(comm, &dup[i], &req[ITERS + i]);
        }
        MPI_Waitall(2 * ITERS, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < ITERS; i++) {
            if (round % 2 == 0)
                check(out[i] == n);
            sum = -1;
            MPI_Allreduce(&in[i], &sum, 1, MPI_INT, MPI_SUM, dup[i]);
            check(sum == n);
            MPI_Comm_free(&dup[i]);
        }
    }
    (void)me;
}

int main(int argc, char **argv)
{
    MPI_Comm back, half, inter;
    int high;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rounds(MPI_COMM_WORLD, 0);
    report("MPI_COMM_WORLD: 2 rounds of 5 MPI_Comm_idup beside 5 nonblocking collectives");
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &back);
    rounds(back, 0);
    report("ranks backwards: 2 rounds of 5 MPI_Comm_idup beside 5 nonblocking collectives");
    /* the halves, ranks backwards: the leaders are the last process of each */
    high = rank >= size / 2;
    MPI_Comm_split(MPI_COMM_WORLD, high, size - rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, high ? size / 2 - 1 : size - 1, 3, &inter);
    rounds(inter, 1);
    report("intercommunicator: 2 rounds of 5 MPI_Comm_idup beside 5 nonblocking collectives");
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Comm_free(&back);
    if (rank == 0)
        printf("idupmany: done\n");
    MPI_Finalize();
    return failed;
}
