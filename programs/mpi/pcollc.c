/* MPI-4's large-count persistent collectives (the _init_c forms): a broadcast, an allreduce, a gatherv, an
 * allgatherv, an alltoallv, a reduce-scatter and a neighbourhood alltoallv on a ring, made with MPI_Count counts
 * and MPI_Aint displacements, started twice over changed buffers. libmpi converts the arrays to ints for the
 * collective and frees its conversions when the _init_c call returns, so the request must keep copies of its own:
 * the program allocates and scribbles over memory between the _init_c calls and the starts. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREQ 7

int main(int argc, char **argv)
{
    int rank, size, i, j, round, bad[NREQ], total[NREQ], nb[2];
    int bval[4], asend[3], arecv[3], gsend[2], *grecv, *agrecv, *a2send, *a2recv, *rssend, rsrecv[2], nsend[4],
        nrecv[4];
    MPI_Count *gcounts, *a2counts, *rscounts, ncounts[2];
    MPI_Aint *gdispls, *a2displs, ndispls[2];
    MPI_Request req[NREQ];
    MPI_Comm ring;
    void *junk[64];
    static const char *names[NREQ] = {"MPI_Bcast_init_c", "MPI_Allreduce_init_c", "MPI_Gatherv_init_c",
                                      "MPI_Allgatherv_init_c", "MPI_Alltoallv_init_c", "MPI_Reduce_scatter_init_c",
                                      "MPI_Neighbor_alltoallv_init_c"};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* rank r gives (r % 2) + 1 ints to the v-forms; rank r's block starts at displacement 2r */
    gcounts = (MPI_Count *)malloc(size * sizeof(MPI_Count));
    gdispls = (MPI_Aint *)malloc(size * sizeof(MPI_Aint));
    a2counts = (MPI_Count *)malloc(size * sizeof(MPI_Count));
    a2displs = (MPI_Aint *)malloc(size * sizeof(MPI_Aint));
    rscounts = (MPI_Count *)malloc(size * sizeof(MPI_Count));
    grecv = (int *)malloc(2 * size * sizeof(int));
    agrecv = (int *)malloc(2 * size * sizeof(int));
    a2send = (int *)malloc(size * sizeof(int));
    a2recv = (int *)malloc(size * sizeof(int));
    rssend = (int *)malloc(2 * size * sizeof(int));
    for (i = 0; i < size; i++) {
        gcounts[i] = i % 2 + 1;
        gdispls[i] = 2 * i;
        a2counts[i] = 1;
        a2displs[i] = size - 1 - i;     /* reversed in the buffers */
        rscounts[i] = i % 2 + 1;
    }
    {
        int dims[1] = {size}, periods[1] = {1};
        MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    }
    ncounts[0] = ncounts[1] = 2;
    ndispls[0] = 0;
    ndispls[1] = 2;

    MPI_Bcast_init_c(bval, 4, MPI_INT, size - 1, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Allreduce_init_c(asend, arecv, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    MPI_Gatherv_init_c(gsend, rank % 2 + 1, MPI_INT, grecv, gcounts, gdispls, MPI_INT, 0, MPI_COMM_WORLD,
                       MPI_INFO_NULL, &req[2]);
    MPI_Allgatherv_init_c(gsend, rank % 2 + 1, MPI_INT, agrecv, gcounts, gdispls, MPI_INT, MPI_COMM_WORLD,
                          MPI_INFO_NULL, &req[3]);
    MPI_Alltoallv_init_c(a2send, a2counts, a2displs, MPI_INT, a2recv, a2counts, a2displs, MPI_INT, MPI_COMM_WORLD,
                         MPI_INFO_NULL, &req[4]);
    MPI_Reduce_scatter_init_c(rssend, rsrecv, rscounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[5]);
    MPI_Neighbor_alltoallv_init_c(nsend, ncounts, ndispls, MPI_INT, nrecv, ncounts, ndispls, MPI_INT, ring,
                                  MPI_INFO_NULL, &req[6]);
    /* memory freed since then is reused and overwritten */
    for (i = 0; i < 64; i++) {
        junk[i] = malloc(8 * (i % 8 + 1));
        memset(junk[i], 0x7f, 8 * (i % 8 + 1));
    }

    for (i = 0; i < NREQ; i++)
        bad[i] = 0;
    for (round = 0; round < 2; round++) {
        int k = 100 * round;
        for (i = 0; i < 4; i++)
            bval[i] = rank == size - 1 ? k + i : -1;
        for (i = 0; i < 3; i++)
            asend[i] = rank + k + i;
        gsend[0] = k + 10 * rank;
        gsend[1] = k + 10 * rank + 1;
        for (i = 0; i < 2 * size; i++)
            grecv[i] = agrecv[i] = -1;
        for (i = 0; i < size; i++) {
            a2send[size - 1 - i] = k + 1000 * rank + i;  /* to rank i */
            a2recv[i] = -1;
        }
        for (i = 0; i < 2 * size; i++)
            rssend[i] = k + rank + i;
        for (i = 0; i < 4; i++) {
            nsend[i] = k + 10 * rank + i;
            nrecv[i] = -1;
        }
        MPI_Startall(NREQ, req);
        MPI_Waitall(NREQ, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < 4; i++)
            bad[0] += bval[i] != k + i;
        for (i = 0; i < 3; i++)
            bad[1] += arecv[i] != size * (size - 1) / 2 + size * (k + i);
        for (i = 0; i < size; i++)
            for (j = 0; j <= i % 2; j++) {
                if (rank == 0)
                    bad[2] += grecv[2 * i + j] != k + 10 * i + j;
                bad[3] += agrecv[2 * i + j] != k + 10 * i + j;
            }
        for (i = 0; i < size; i++)
            bad[4] += a2recv[size - 1 - i] != k + 1000 * i + rank;   /* from rank i */
        {
            /* my block of the sum: rank r's first item is at sum of counts before r */
            int off = 0;
            for (i = 0; i < rank; i++)
                off += i % 2 + 1;
            for (j = 0; j <= rank % 2; j++)
                bad[5] += rsrecv[j] != size * (k + off + j) + size * (size - 1) / 2;
        }
        nb[0] = (rank - 1 + size) % size;
        nb[1] = (rank + 1) % size;
        /* from the left neighbour: its items 2 and 3 (sent right); from the right: its items 0 and 1 */
        for (j = 0; j < 2; j++) {
            bad[6] += nrecv[j] != k + 10 * nb[0] + 2 + j;
            bad[6] += nrecv[2 + j] != k + 10 * nb[1] + j;
        }
    }
    for (i = 0; i < NREQ; i++)
        MPI_Request_free(&req[i]);
    MPI_Allreduce(bad, total, NREQ, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < NREQ; i++)
            printf("%d processes, %s started twice: %d wrong\n", size, names[i], total[i]);
    for (i = 0; i < 64; i++)
        free(junk[i]);
    MPI_Comm_free(&ring);
    free(gcounts);
    free(gdispls);
    free(a2counts);
    free(a2displs);
    free(rscounts);
    free(grecv);
    free(agrecv);
    free(a2send);
    free(a2recv);
    free(rssend);
    MPI_Finalize();
    return 0;
}
