/* persistent.c - persistent requests: a halo exchange around the ring with MPI_Send_init/MPI_Recv_init
 * started by MPI_Startall and completed by MPI_Waitall for several iterations, the data changing in
 * between; the synchronous and ready modes (MPI_Ssend_init, MPI_Rsend_init after the receive is known to be
 * posted); restarting a request after MPI_Test found it complete; inactive requests in MPI_Wait/MPI_Waitall;
 * MPI_Request_free. */
#include <stdio.h>
#include <mpi.h>

#define LEN 40
#define ITERS 5

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
    int rank, size, right, left, it, i, any, flag, sum, total;
    int out_r[LEN], out_l[LEN], in_r[LEN], in_l[LEN];
    MPI_Request reqs[4], sreq, rreq;
    MPI_Status st[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    MPI_Recv_init(in_l, LEN, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(in_r, LEN, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send_init(out_r, LEN, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send_init(out_l, 3, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[3]);
    /* inactive persistent requests complete at once with an empty status */
    MPI_Waitall(4, reqs, st);
    check(reqs[0] != MPI_REQUEST_NULL && st[0].MPI_SOURCE == MPI_ANY_SOURCE && st[0].MPI_TAG == MPI_ANY_TAG,
          "inactive requests");
    sum = 0;
    for (it = 0; it < ITERS; it++) {
        for (i = 0; i < LEN; i++) {
            out_r[i] = 1000 * it + 10 * rank + i;
            out_l[i] = -(1000 * it + 10 * rank + i);
        }
        MPI_Startall(4, reqs);
        MPI_Waitall(4, reqs, st);
        for (i = 0; i < LEN; i++)
            check(in_l[i] == 1000 * it + 10 * left + i, "from the left");
        for (i = 0; i < 3; i++)
            check(in_r[i] == -(1000 * it + 10 * right + i), "from the right");
        check(st[0].MPI_SOURCE == left && st[1].MPI_SOURCE == right && st[1].MPI_TAG == 2, "statuses");
        sum += in_l[LEN - 1] + in_r[2];
    }
    for (i = 0; i < 4; i++)
        MPI_Request_free(&reqs[i]);
    check(reqs[0] == MPI_REQUEST_NULL, "freed");
    MPI_Reduce(&sum, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("persistent: %d processes, %d halo exchanges, checksum %d\n", size, ITERS, total);

    /* synchronous and ready persistent sends, rank 0 to the last rank; MPI_Test until complete, restart */
    if (size > 1) {
        int v = 0, got = 0, last = size - 1;
        if (rank == last) {
            MPI_Recv_init(&got, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &rreq);
            for (it = 0; it < 3; it++) {
                MPI_Start(&rreq);
                MPI_Barrier(MPI_COMM_WORLD);        /* the receive is posted before rank 0 sends */
                do
                    MPI_Test(&rreq, &flag, st);
                while (!flag);
                check(got == 100 + it && rreq != MPI_REQUEST_NULL, "ready-mode message");
            }
            MPI_Request_free(&rreq);
            for (it = 0; it < 3; it++) {
                MPI_Recv(&got, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, st);
                check(got == 200 + it, "synchronous message");
            }
        } else {
            if (rank == 0)
                MPI_Rsend_init(&v, 1, MPI_INT, last, 3, MPI_COMM_WORLD, &sreq);
            for (it = 0; it < 3; it++) {
                MPI_Barrier(MPI_COMM_WORLD);
                if (rank == 0) {
                    v = 100 + it;
                    MPI_Start(&sreq);
                    MPI_Wait(&sreq, st);
                }
            }
            if (rank == 0) {
                MPI_Request_free(&sreq);
                MPI_Ssend_init(&v, 1, MPI_INT, last, 4, MPI_COMM_WORLD, &sreq);
                for (it = 0; it < 3; it++) {
                    v = 200 + it;
                    MPI_Start(&sreq);
                    MPI_Wait(&sreq, st);
                }
                MPI_Request_free(&sreq);
                printf("ready and synchronous persistent sends: 3 each\n");
            }
        }
    }

    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("persistent: %s\n", any ? "FAILED" : "OK");
    MPI_Finalize();
    return rank == 0 && any;
}
