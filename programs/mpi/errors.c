/* errors.c - error handlers under MPI_ERRORS_RETURN: every argument check of point to point (rank, tag,
 * count, datatype, uncommitted datatype, communicator, buffer, request, root) returns its error class;
 * a truncated receive (MPI_ERR_TRUNCATE) and MPI_Waitall's MPI_ERR_IN_STATUS;
 * MPI_Error_class and MPI_Error_string; a handler of the program's own (MPI_Comm_create_errhandler), called
 * with the communicator and the code. Rank 0 prints the class names. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

static int failed;
static int handler_calls, handler_class;
static MPI_Comm handler_comm;

static const char *name(int code)
{
    int c;
    MPI_Error_class(code, &c);
    switch (c) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_TAG: return "MPI_ERR_TAG";
    case MPI_ERR_COMM: return "MPI_ERR_COMM";
    case MPI_ERR_RANK: return "MPI_ERR_RANK";
    case MPI_ERR_REQUEST: return "MPI_ERR_REQUEST";
    case MPI_ERR_ROOT: return "MPI_ERR_ROOT";
    case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
    case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    default: return "another class";
    }
}

static void expect(int rank, const char *what, int code, int cls)
{
    int c;
    MPI_Error_class(code, &c);
    if (rank == 0)
        printf("%-40s %s\n", what, name(code));
    if (c != cls) {
        failed = 1;
        if (rank == 0)
            printf("FAILED: %s\n", what);
    }
}

static void my_handler(MPI_Comm *comm, int *code, ...)
{
    handler_calls++;
    handler_comm = *comm;
    MPI_Error_class(*code, &handler_class);
}

int main(int argc, char **argv)
{
    int rank, size, any, v[5] = {1, 2, 3, 4, 5}, got[5], err, count, len;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Datatype loose;
    MPI_Request req = MPI_REQUEST_NULL, reqs[2];
    MPI_Status st, sts[2];
    MPI_Errhandler eh, mine;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
    if (rank == 0)
        printf("errors: %d processes, default handler %s\n", size,
               eh == MPI_ERRORS_ARE_FATAL ? "MPI_ERRORS_ARE_FATAL" : "another");
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
    if (rank == 0)
        printf("now %s\n", eh == MPI_ERRORS_RETURN ? "MPI_ERRORS_RETURN" : "another");

    expect(rank, "MPI_Send to rank size", MPI_Send(v, 1, MPI_INT, size, 0, MPI_COMM_WORLD), MPI_ERR_RANK);
    expect(rank, "MPI_Send with tag -5", MPI_Send(v, 1, MPI_INT, 0, -5, MPI_COMM_WORLD), MPI_ERR_TAG);
    expect(rank, "MPI_Send of count -1", MPI_Send(v, -1, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
    expect(rank, "MPI_Send of MPI_DATATYPE_NULL", MPI_Send(v, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD),
           MPI_ERR_TYPE);
    MPI_Type_contiguous(2, MPI_INT, &loose);
    expect(rank, "MPI_Send of an uncommitted type", MPI_Send(v, 1, loose, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE);
    MPI_Type_free(&loose);
    expect(rank, "MPI_Send on MPI_COMM_NULL", MPI_Send(v, 1, MPI_INT, 0, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    expect(rank, "MPI_Recv from rank -7", MPI_Recv(v, 1, MPI_INT, -7, 0, MPI_COMM_WORLD, &st), MPI_ERR_RANK);
    expect(rank, "MPI_Irecv into a null buffer", MPI_Irecv(NULL, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, &req),
           MPI_ERR_BUFFER);
    expect(rank, "MPI_Isend with tag -2", MPI_Isend(v, 1, MPI_INT, 0, -2, MPI_COMM_WORLD, &req), MPI_ERR_TAG);
    req = MPI_REQUEST_NULL;
    expect(rank, "MPI_Start of MPI_REQUEST_NULL", MPI_Start(&req), MPI_ERR_REQUEST);
    expect(rank, "MPI_Bcast from root size", MPI_Bcast(v, 1, MPI_INT, size, MPI_COMM_WORLD), MPI_ERR_ROOT);

    /* truncation: 5 ints into room for 2 */
    if (rank == 1)
        MPI_Send(v, 5, MPI_INT, 0, 70, MPI_COMM_WORLD);
    if (rank == 0) {
        got[2] = -1;
        err = MPI_Recv(got, 2, MPI_INT, 1, 70, MPI_COMM_WORLD, &st);
        expect(rank, "MPI_Recv of 5 ints into 2", err, MPI_ERR_TRUNCATE);
        /* what lands of a truncated message is up to the implementation (docs/mpi.md) */
        printf("beyond the receive buffer: %s\n", got[2] == -1 ? "untouched" : "written");
    }
    /* MPI_Waitall with one truncated receive among two */
    if (rank == 1) {
        MPI_Send(v, 1, MPI_INT, 0, 71, MPI_COMM_WORLD);
        MPI_Send(v, 5, MPI_INT, 0, 72, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        MPI_Irecv(got, 1, MPI_INT, 1, 71, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(got + 1, 3, MPI_INT, 1, 72, MPI_COMM_WORLD, &reqs[1]);
        err = MPI_Waitall(2, reqs, sts);
        expect(rank, "MPI_Waitall with a truncated receive", err, MPI_ERR_IN_STATUS);
        printf("statuses: %s, %s\n", name(sts[0].MPI_ERROR), name(sts[1].MPI_ERROR));
    }

    /* error strings and classes */
    MPI_Error_string(MPI_ERR_RANK, text, &len);
    if (rank == 0)
        printf("MPI_Error_string(MPI_ERR_RANK): %s\n", len > 0 && (int)strlen(text) == len ? "a message" : "none");
    MPI_Error_class(MPI_ERR_TRUNCATE, &count);
    if (rank == 0)
        printf("MPI_Error_class(MPI_ERR_TRUNCATE) is itself: %s\n", count == MPI_ERR_TRUNCATE ? "yes" : "no");

    /* a handler of our own */
    MPI_Comm_create_errhandler(my_handler, &mine);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, mine);
    err = MPI_Send(v, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("own handler: called %d time(s), with %s on MPI_COMM_WORLD: %s, MPI_Send returned %s\n",
               handler_calls, name(handler_class), handler_comm == MPI_COMM_WORLD ? "yes" : "no", name(err));
    if (handler_calls != 1 || handler_class != MPI_ERR_RANK)
        failed = 1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&mine);
    if (rank == 0)
        printf("freed handler: %s\n", mine == MPI_ERRHANDLER_NULL ? "MPI_ERRHANDLER_NULL" : "still set");

    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("errors: %s\n", any ? "FAILED" : "OK");
    MPI_Finalize();
    return rank == 0 && any;
}
