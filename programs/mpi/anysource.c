/* anysource.c - matching rules: every rank but 0 sends rank 0 MSGS messages with increasing tags, all
 * started at once with MPI_Isend; rank 0 takes them with MPI_ANY_SOURCE / MPI_ANY_TAG and checks that each
 * sender's messages come in the order they were sent (MPI's non-overtaking rule), after an MPI_Probe and
 * MPI_Get_count on the first one. Then receives posted before the sends (MPI_Irecv + MPI_Waitall) and an
 * MPI_Test loop, including a message to oneself. Prints on rank 0 only. */
#include <stdio.h>
#include <stdlib.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

#define MSGS 5

static int failed;

void start(int argc, char **argv)
{
    int rank, size, i, k, count, flag, got;
    int next_tag[256];
    int data[3];
    int in[256];
    MPI_Request reqs[256];
    MPI_Request self_req;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        int msg[MSGS][3];
        for (k = 0; k < MSGS; k++) {
            msg[k][0] = rank;
            msg[k][1] = k;
            msg[k][2] = rank * 100 + k;
            MPI_Isend(msg[k], 1 + k % 3, MPI_INT, 0, 10 + k, MPI_COMM_WORLD, &reqs[k]);
        }
        MPI_Waitall(MSGS, reqs, MPI_STATUSES_IGNORE);
    } else {
        int out_of_order = 0, wrong = 0;
        printf("anysource: %d processes, %d messages each\n", size, MSGS);
        if (size > 1) {
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            printf("probe: a message with tag %d and %d int(s)\n", st.MPI_TAG, count);
            if (st.MPI_TAG != 10 || count != 1)
                failed = 1;
        }
        for (i = 0; i < size; i++)
            next_tag[i] = 10;
        for (i = 0; i < (size - 1) * MSGS; i++) {
            MPI_Recv(data, 3, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            if (st.MPI_TAG != next_tag[st.MPI_SOURCE])
                out_of_order++;
            k = st.MPI_TAG - 10;
            if (data[0] != st.MPI_SOURCE || count != 1 + k % 3 || (count > 1 && data[1] != k)
                || (count > 2 && data[2] != st.MPI_SOURCE * 100 + k))
                wrong++;
            next_tag[st.MPI_SOURCE] = st.MPI_TAG + 1;
        }
        printf("received %d: out of order %d, wrong %d\n", (size - 1) * MSGS, out_of_order, wrong);
        if (out_of_order || wrong)
            failed = 1;
    }

    /* receives posted first: rank 0 gathers rank*rank from everyone, itself included */
    if (rank == 0) {
        for (i = 0; i < size; i++)
            MPI_Irecv(&in[i], 1, MPI_INT, i, 77, MPI_COMM_WORLD, &reqs[i]);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    got = rank * rank;
    MPI_Isend(&got, 1, MPI_INT, 0, 77, MPI_COMM_WORLD, &self_req);
    if (rank == 0) {
        int sum = 0, polls = 0;
        MPI_Waitall(size, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < size; i++) {
            sum += in[i];
            if (in[i] != i * i)
                failed = 1;
        }
        do {
            MPI_Test(&self_req, &flag, &st);
            polls++;
        } while (!flag);
        printf("posted receives: sum of squares %d, self send done: %s\n", sum,
               self_req == MPI_REQUEST_NULL ? "yes" : "no");
    } else {
        MPI_Wait(&self_req, MPI_STATUS_IGNORE);
    }
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (flag)
        failed = 1;
    MPI_Finalize();
}

#define PROGRAM "anysource"
#include "launch_main.h"
