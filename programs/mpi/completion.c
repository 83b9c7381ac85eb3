/* completion.c - the Wait/Test families: MPI_Waitsome, MPI_Testany, MPI_Waitany, MPI_Testsome and
 * MPI_Testall over receives from every rank, with MPI_REQUEST_NULL entries; MPI_Request_get_status;
 * MPI_Cancel of a receive nobody matches and MPI_Test_cancelled; MPI_Request_free of a send still on its
 * way; a synchronous send that cannot complete before its receive is posted (MPI_Issend, MPI_Test). Rank 0
 * prints totals, which do not depend on the order of completion. */
#include <stdio.h>
#include <mpi.h>

#define MAXP 64

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
    int rank, size, r, i, any, n, outcount, index, flag, sum, done, calls;
    int in[MAXP], indices[MAXP];
    MPI_Request reqs[MAXP];
    MPI_Status sts[MAXP], st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("completion: %d processes\n", size);

    /* 1: MPI_Waitsome until every rank's message is in */
    if (rank == 0) {
        reqs[0] = MPI_REQUEST_NULL;
        for (r = 1; r < size; r++)
            MPI_Irecv(&in[r], 1, MPI_INT, r, 20 + r, MPI_COMM_WORLD, &reqs[r]);
        sum = done = 0;
        while (done < size - 1) {
            MPI_Waitsome(size, reqs, &outcount, indices, sts);
            for (i = 0; i < outcount; i++) {
                check(sts[i].MPI_SOURCE == indices[i] && sts[i].MPI_TAG == 20 + indices[i], "waitsome status");
                check(reqs[indices[i]] == MPI_REQUEST_NULL, "waitsome frees");
                sum += in[indices[i]];
            }
            done += outcount;
        }
        MPI_Waitsome(size, reqs, &outcount, indices, sts);
        printf("waitsome: %d messages, sum %d, then outcount %s\n", done, sum,
               outcount == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined");
    } else {
        n = rank * rank;
        MPI_Send(&n, 1, MPI_INT, 0, 20 + rank, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 2: MPI_Testany polled, then MPI_Waitany on what is left */
    if (rank == 0) {
        for (r = 1; r < size; r++)
            MPI_Irecv(&in[r], 1, MPI_INT, r, 30, MPI_COMM_WORLD, &reqs[r]);
        reqs[0] = MPI_REQUEST_NULL;
        sum = done = calls = 0;
        while (done < (size - 1) / 2) {
            MPI_Testany(size, reqs, &index, &flag, &st);
            if (flag) {
                check(index != MPI_UNDEFINED && st.MPI_SOURCE == index, "testany");
                sum += in[index];
                done++;
            }
        }
        while (done < size - 1) {
            MPI_Waitany(size, reqs, &index, &st);
            check(index != MPI_UNDEFINED && st.MPI_SOURCE == index, "waitany");
            sum += in[index];
            done++;
        }
        MPI_Waitany(size, reqs, &index, &st);
        MPI_Testany(size, reqs, &i, &flag, &st);
        printf("testany and waitany: %d messages, sum %d, then index %s, testany flag %d index %s\n", done, sum,
               index == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined", flag,
               i == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined");
        MPI_Testsome(size, reqs, &outcount, indices, sts);
        printf("testsome on null requests: outcount %s\n", outcount == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined");
    } else {
        n = 3 * rank;
        MPI_Send(&n, 1, MPI_INT, 0, 30, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 3: MPI_Testall is false while one receive waits for a message sent after a barrier */
    if (size > 1) {
        int a = -1, b = -1, v = 5;
        if (rank == 0) {
            MPI_Irecv(&a, 1, MPI_INT, 1, 40, MPI_COMM_WORLD, &reqs[0]);
            MPI_Irecv(&b, 1, MPI_INT, 1, 41, MPI_COMM_WORLD, &reqs[1]);
            MPI_Testall(2, reqs, &flag, sts);
            printf("testall before the messages: flag %d\n", flag);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 1) {
            MPI_Send(&v, 1, MPI_INT, 0, 40, MPI_COMM_WORLD);
            MPI_Send(&v, 1, MPI_INT, 0, 41, MPI_COMM_WORLD);
        }
        if (rank == 0) {
            do
                MPI_Testall(2, reqs, &flag, sts);
            while (!flag);
            MPI_Request_get_status(reqs[0], &flag, &st);
            printf("testall after: a %d b %d, request_get_status flag %d on a null request\n", a, b, flag);
        }
    }

    /* 4: cancelling a receive that nothing matches */
    if (rank == 0) {
        MPI_Irecv(&n, 1, MPI_INT, MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &reqs[0]);
        MPI_Cancel(&reqs[0]);
        MPI_Wait(&reqs[0], &st);
        MPI_Test_cancelled(&st, &flag);
        printf("cancelled receive: test_cancelled %d, request %s\n", flag,
               reqs[0] == MPI_REQUEST_NULL ? "MPI_REQUEST_NULL" : "still set");
    }

    /* 5: a send whose request is freed at once still arrives; a completed request's status, kept */
    if (size > 1) {
        int v = 77, got = 0;
        if (rank == 1) {
            MPI_Isend(&v, 1, MPI_INT, 0, 50, MPI_COMM_WORLD, &reqs[0]);
            MPI_Request_free(&reqs[0]);
            check(reqs[0] == MPI_REQUEST_NULL, "freed request handle");
        }
        if (rank == 0) {
            MPI_Irecv(&got, 1, MPI_INT, 1, 50, MPI_COMM_WORLD, &reqs[0]);
            do
                MPI_Request_get_status(reqs[0], &flag, &st);
            while (!flag);
            check(reqs[0] != MPI_REQUEST_NULL && st.MPI_SOURCE == 1, "request_get_status keeps the request");
            MPI_Wait(&reqs[0], &st);
            printf("freed send arrived: %d\n", got);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* 6: a synchronous send cannot complete before its receive is posted */
    if (size > 1) {
        int v = 9, got = 0;
        if (rank == 0) {
            MPI_Issend(&v, 1, MPI_INT, 1, 60, MPI_COMM_WORLD, &reqs[0]);
            for (i = 0; i < 3; i++)
                MPI_Test(&reqs[0], &flag, &st);
            printf("issend before the receive is posted: complete %d\n", flag);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 1) {
            MPI_Recv(&got, 1, MPI_INT, 0, 60, MPI_COMM_WORLD, &st);
            check(got == 9, "synchronous message");
        }
        if (rank == 0) {
            MPI_Wait(&reqs[0], &st);
            printf("issend after: complete\n");
        }
    }

    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("completion: %s\n", any ? "FAILED" : "OK");
    MPI_Finalize();
    return rank == 0 && any;
}
