/* The environment: MPI_Init, MPI_Finalize, the communicator table, node identity and time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

int __mpi_initialized;
int __mpi_finalized;
int __mpi_protocol = MPI_PROTO_OURS;
int __mpi_spmd_nprocs;
static int state_ready;

/* Reads the launch environment (docs/mpi.md, "Starting a program"). */
static void read_environment(void)
{
    const char *p = getenv("SCMP_MPI_PROTOCOL");
    const char *n = getenv("SCMP_NPROCS");
    __mpi_protocol = (p && strcmp(p, "thesis") == 0) ? MPI_PROTO_THESIS : MPI_PROTO_OURS;
    __mpi_spmd_nprocs = n ? atoi(n) : 0;
}
static int self_node;

/* Sets up MPI_COMM_WORLD and MPI_COMM_SELF (comm.c). Handlers call it too: a THREAD message of another
 * node's MPI traffic may arrive before this node's MPI_Init. Runs without suspending, so it is atomic. */
void __mpi_state(void)
{
    int n;
    if (state_ready)
        return;
    read_environment();
    n = getXDim() * getYDim();
    if (__mpi_spmd_nprocs > 0 && __mpi_spmd_nprocs < n)
        n = __mpi_spmd_nprocs;
    self_node = getNodeId();
    __mpi_comm_init(n, self_node);
    state_ready = 1;
}

int MPI_Init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    __mpi_state();
    if (__mpi_initialized)
        return MPI_ERR_OTHER;
    __mpi_initialized = 1;
    return MPI_SUCCESS;
}

int MPI_Finalize(void)
{
    /* Every process waits for the others, so that no traffic of a process is still being matched when the
     * program goes on to end. */
    MPI_Barrier(MPI_COMM_WORLD);
    __mpi_finalized = 1;
    return MPI_SUCCESS;
}

int MPI_Initialized(int *flag)
{
    *flag = __mpi_initialized;
    return MPI_SUCCESS;
}

int MPI_Finalized(int *flag)
{
    *flag = __mpi_finalized;
    return MPI_SUCCESS;
}

int MPI_Abort(MPI_Comm comm, int errorcode)
{
    (void)comm;
    __mpi_state();
    fprintf(stderr, "MPI_Abort: rank %d, error code %d\n", self_node, errorcode);
    fflush(stdout);
    fflush(stderr);
    exit(errorcode);
    return MPI_SUCCESS;
}

/* The cycle counter at the 1 GHz clock the thesis assumes: one tick is one nanosecond. */
double MPI_Wtime(void)
{
    return (double)scmp_cycles() * 1.0e-9;
}

double MPI_Wtick(void)
{
    return 1.0e-9;
}

int MPI_Get_processor_name(char *name, int *resultlen)
{
    int node = getNodeId();
    int x = getXDim();
    int len = snprintf(name, MPI_MAX_PROCESSOR_NAME, "scmp node %d (%d,%d)", node, node % x, node / x);
    *resultlen = len;
    return MPI_SUCCESS;
}

int MPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

static const char *const error_names[] = {
    "MPI_SUCCESS: no error", "MPI_ERR_BUFFER: invalid buffer pointer", "MPI_ERR_COUNT: invalid count",
    "MPI_ERR_TYPE: invalid datatype", "MPI_ERR_TAG: invalid tag", "MPI_ERR_COMM: invalid communicator",
    "MPI_ERR_RANK: invalid rank", "MPI_ERR_REQUEST: invalid request", "MPI_ERR_ROOT: invalid root",
    "MPI_ERR_GROUP: invalid group", "MPI_ERR_OP: invalid operation", "MPI_ERR_TOPOLOGY: invalid topology",
    "MPI_ERR_DIMS: invalid dimensions", "MPI_ERR_ARG: invalid argument", "MPI_ERR_UNKNOWN: unknown error",
    "MPI_ERR_TRUNCATE: message truncated", "MPI_ERR_OTHER: other error", "MPI_ERR_INTERN: internal error",
    "MPI_ERR_IN_STATUS: error code in status", "MPI_ERR_PENDING: pending request"
};

int MPI_Error_string(int errorcode, char *string, int *resultlen)
{
    const char *s = (errorcode >= 0 && errorcode <= MPI_ERR_LASTCODE) ? error_names[errorcode]
                                                                      : "unknown error code";
    strncpy(string, s, MPI_MAX_ERROR_STRING - 1);
    string[MPI_MAX_ERROR_STRING - 1] = 0;
    *resultlen = (int)strlen(string);
    return MPI_SUCCESS;
}

int MPI_Error_class(int errorcode, int *errorclass)
{
    if (errorcode < 0 || errorcode > MPI_ERR_LASTCODE)
        return MPI_ERR_ARG;
    *errorclass = errorcode;
    return MPI_SUCCESS;
}

static const signed char type_sizes[] = {
    -1, 1, 1, 1, 1, 2, 2, 4, 4, 4, 4, 8, 8, 4, 8, 8, 1, 8, 16, 8, 8, 8, 16, 0, 0
};

int __mpi_type_size(MPI_Datatype type)
{
    if (type <= 0 || type > MPI_LB)
        return -1;
    return type_sizes[type];
}

int MPI_Type_size(MPI_Datatype datatype, int *size)
{
    int s = __mpi_type_size(datatype);
    if (s < 0)
        return MPI_ERR_TYPE;
    *size = s;
    return MPI_SUCCESS;
}

int MPI_Get_count(MPI_Status *status, MPI_Datatype datatype, int *count)
{
    int s = __mpi_type_size(datatype);
    if (s < 0)
        return MPI_ERR_TYPE;
    if (s == 0)
        *count = 0;
    else if (status->__count % s != 0)
        *count = MPI_UNDEFINED;
    else
        *count = status->__count / s;
    return MPI_SUCCESS;
}
