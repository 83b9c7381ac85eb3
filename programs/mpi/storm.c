/* storm.c - every rank sends every other rank, all at once, ROUNDS rounds of a large (rendezvous) and
 * several small (eager) messages with MPI_Isend, then receives them all with MPI_ANY_SOURCE receives posted
 * afterwards, so that every node is flooded with handshake and eager THREAD messages while its receives are
 * not posted yet: thread contexts and eager credits run out and the network backs up. Checks every payload
 * and that each sender's messages arrive in the order sent. Rank 0 prints totals. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define ROUNDS 2
#define SMALL 3
#define BIGN 200

int main(int argc, char **argv)
{
    int rank, size, r, k, i, n, any, bad = 0, order = 0, total, next[64];
    int *out, *in;
    MPI_Request *reqs;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = ROUNDS * (SMALL + 1);
    out = (int *)malloc(size * n * BIGN * sizeof(int));
    in = (int *)malloc(BIGN * sizeof(int));
    reqs = (MPI_Request *)malloc(size * n * sizeof(MPI_Request));
    for (r = 0; r < size; r++) {
        int *o = out + r * n * BIGN;
        for (k = 0; k < n; k++) {
            int len = k % (SMALL + 1) == 0 ? BIGN : 1 + k % 3;
            for (i = 0; i < len; i++)
                o[k * BIGN + i] = rank * 100000 + r * 1000 + k * 10 + i % 10;
            if (r == rank)
                reqs[r * n + k] = MPI_REQUEST_NULL;
            else
                MPI_Isend(o + k * BIGN, len, MPI_INT, r, k, MPI_COMM_WORLD, &reqs[r * n + k]);
        }
    }
    for (r = 0; r < size; r++)
        next[r] = 0;
    for (k = 0; k < (size - 1) * n; k++) {
        int len, src, tag;
        MPI_Recv(in, BIGN, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        src = st.MPI_SOURCE;
        tag = st.MPI_TAG;
        MPI_Get_count(&st, MPI_INT, &len);
        if (tag != next[src])
            order++;
        next[src] = tag + 1;
        if (len != (tag % (SMALL + 1) == 0 ? BIGN : 1 + tag % 3))
            bad++;
        for (i = 0; i < len; i++)
            if (in[i] != src * 100000 + rank * 1000 + tag * 10 + i % 10)
                bad++;
    }
    MPI_Waitall(size * n, reqs, MPI_STATUSES_IGNORE);
    bad += order;
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("storm: %d processes, %d messages each way per pair, errors %d\n", size, n, total);
        printf("storm: %s\n", total ? "FAILED" : "OK");
    }
    free(out);
    free(in);
    free(reqs);
    MPI_Finalize();
    return rank == 0 && total != 0;
}
