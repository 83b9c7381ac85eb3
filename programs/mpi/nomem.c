/* nomem.c - (SCMP only: it fills a node's 8 MB) calls whose temporary buffers do not fit in what is left of
 * a node's memory end with MPI_ERR_NO_MEM, never with a write through a null pointer: under
 * MPI_ERRORS_RETURN, MPI_Sendrecv_replace of 5 MB (its packed copy), MPI_Alltoall in place (its copy of the
 * data to send) and a receive that has to land a 5 MB message in a landing buffer (it is truncated) return
 * it, and the sender of that message completes; then, under the default MPI_ERRORS_ARE_FATAL, the
 * MPI_Sendrecv_replace again ends the whole run with status MPI_ERR_NO_MEM and a line on stderr.
 * MpiPointToPointTest checks the output, the line and the status. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define BIG (5 << 20)

static const char *name(int code)
{
    int cls;
    MPI_Error_class(code, &cls);
    return cls == MPI_SUCCESS ? "MPI_SUCCESS" : cls == MPI_ERR_NO_MEM ? "MPI_ERR_NO_MEM" : "another error";
}

int main(int argc, char **argv)
{
    int rank, size, err, any, mine, small[2];
    char *big;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    big = (char *)malloc(BIG);
    if (!big) {
        printf("rank %d: no room for %d bytes\n", rank, BIG);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* every rank alike: nobody communicates before its copy fails */
    err = MPI_Sendrecv_replace(big, BIG, MPI_BYTE, (rank + 1) % size, 1, (rank + size - 1) % size, 1,
                               MPI_COMM_WORLD, &st);
    mine = err != MPI_SUCCESS && err == MPI_ERR_NO_MEM;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("MPI_Sendrecv_replace of %d bytes: %s, on every rank: %s\n", BIG, name(err), any ? "yes" : "no");

    err = MPI_Alltoall(MPI_IN_PLACE, 0, MPI_BYTE, big, BIG / size, MPI_BYTE, MPI_COMM_WORLD);
    mine = err == MPI_ERR_NO_MEM;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("MPI_Alltoall in place of %d bytes: %s, on every rank: %s\n", BIG, name(err), any ? "yes" : "no");

    /* the last rank sends 5 MB to rank 0, which receives 8 bytes of it: the message would have to land in a
     * buffer of its whole size first */
    if (rank == size - 1) {
        err = MPI_Send(big, BIG, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
        MPI_Send(&err, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        int serr;
        small[0] = small[1] = -1;
        err = MPI_Recv(small, 8, MPI_BYTE, size - 1, 2, MPI_COMM_WORLD, &st);
        MPI_Recv(&serr, 1, MPI_INT, size - 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("a truncated receive of %d bytes: %s, buffer untouched: %s; the sender: %s\n", BIG, name(err),
               small[0] == -1 && small[1] == -1 ? "yes" : "no", name(serr));
        fflush(stdout);
    }

    /* now under the default handler */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Sendrecv_replace(big, BIG, MPI_BYTE, (rank + 1) % size, 1, (rank + size - 1) % size, 1, MPI_COMM_WORLD,
                         &st);
    if (rank == 0)
        printf("nomem: still running (FAILED)\n");
    MPI_Finalize();
    return 1;
}
