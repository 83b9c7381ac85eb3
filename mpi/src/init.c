/* The environment: MPI_Init, MPI_Finalize, the communicator table, node identity and time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

int __mpi_initialized;
int __mpi_finalized;
int __mpi_protocol = MPI_PROTO_OURS;
int __mpi_spmd_nprocs;
int __mpi_state_ready;
static int thread_level = MPI_THREAD_SINGLE;     /* what MPI_Init_thread provided */
static int main_thread;                          /* the thread context that called MPI_Init */
#define state_ready __mpi_state_ready
void __mpi_setup_types(void);

/* Links the debugging table (debug.c) into every MPI program: scmpsim reads it at a deadlock. */
extern const int __mpi_debug[];
const int *const __mpi_debug_link = __mpi_debug;

#if !defined(__T3D__) && !defined(__SP__)
/* The family __mpi_state chooses for MPI_PROTO_THESIS: the thesis's, or thesis-hw, the thesis's with the
 * hardware handshake of its section 2.3, which __mpi_protocol_of (thesis_hw.s) sets for "thesis-hw". */
const struct __mpi_family *__mpi_thesis_like = &__mpi_thesis;
int __mpi_protocol_of(const char *p);
#endif

/* Reads the launch environment (docs/mpi.md, "Starting a program"). */
static void read_environment(void)
{
    const char *p = getenv("SCMP_MPI_PROTOCOL");
    const char *n = getenv("SCMP_NPROCS");
    const char *e = getenv("SCMP_MPI_EAGER");
    if (p)      /* unset: the default, __mpi_protocol's initial value */
#if defined(__T3D__) || defined(__SP__)
        __mpi_protocol = strcmp(p, "thesis") == 0 ? MPI_PROTO_THESIS : MPI_PROTO_OURS;
#else
        __mpi_protocol = __mpi_protocol_of(p);      /* "thesis", "thesis-hw": MPI_PROTO_THESIS; else OURS */
#endif
    __mpi_spmd_nprocs = n ? atoi(n) : 0;
    if (e) {
        __mpi_eager_limit = atoi(e);
        if (__mpi_eager_limit < 0)
            __mpi_eager_limit = -1;
        if (__mpi_eager_limit > MPI_EAGER_MAX)
            __mpi_eager_limit = MPI_EAGER_MAX;
    }
}
int __mpi_self_node;
#define self_node __mpi_self_node

/* Sets up MPI_COMM_WORLD and MPI_COMM_SELF (comm.c). Handlers call it too: a THREAD message of another
 * node's MPI traffic may arrive before this node's MPI_Init. Runs without suspending, so it is atomic. */
void __mpi_state(void)
{
    int n;
    if (state_ready)
        return;
    read_environment();
#ifdef __T3D__
    __mpi_family = &__mpi_t3d;      /* the EPCC design (t3d/), one family */
#elif defined(__SP__)
    __mpi_family = &__mpi_sp;       /* MPI-LAPI (sp/), one family */
#else
    __mpi_family = __mpi_protocol == MPI_PROTO_THESIS ? __mpi_thesis_like : &__mpi_ours;
#endif
    n = getXDim() * getYDim();
    if (__mpi_spmd_nprocs > 0 && __mpi_spmd_nprocs < n)
        n = __mpi_spmd_nprocs;
    self_node = getNodeId();
    __mpi_comm_init(n, self_node);
    __mpi_setup_types();
    __mpi_p2p_setup();
    state_ready = 1;
}

int MPI_Init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    __mpi_state();
    /* In an SPMD run (scmpsim -n) every rank runs main already: a program in the thesis's launch form,
     * whose main starts the MPI part on every node with parExecute, calls MPI_Init once per rank there. */
    if (__mpi_initialized)
        return __mpi_error_why(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Init",
                               __mpi_spmd_nprocs > 0
                                   ? "MPI_Init called again on this node (every rank of scmpsim -n runs main: "
                                     "does main start MPI_Init on every node with parExecute?)"
                                   : "MPI_Init called again on this node");
    __mpi_initialized = 1;
    main_thread = (int)__rdsr_tid();
    return MPI_SUCCESS;
}

/* MPI-2 thread support. A node's threads are scheduled cooperatively and libmpi's wait loops suspend, so
 * another thread calling MPI then would run inside a call that has not finished: only the thread that
 * called MPI_Init may call MPI (MPI_THREAD_FUNNELED), which also answers SERIALIZED and MULTIPLE
 * (docs/mpi.md, "Threads"). */
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int err = MPI_Init(argc, argv);
    thread_level = required < MPI_THREAD_SINGLE ? MPI_THREAD_SINGLE
                   : required > MPI_THREAD_FUNNELED ? MPI_THREAD_FUNNELED : required;
    if (provided)
        *provided = thread_level;
    return err;
}

int MPI_Query_thread(int *provided)
{
    if (!provided)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Query_thread");
    *provided = thread_level;
    return MPI_SUCCESS;
}

int MPI_Is_thread_main(int *flag)
{
    if (!flag)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Is_thread_main");
    *flag = (int)__rdsr_tid() == main_thread;
    return MPI_SUCCESS;
}

int MPI_Finalize(void)
{
    int err = MPI_SUCCESS;
    /* MPI_COMM_SELF's attributes go first (attr.c); most programs put none, and the test costs them little. */
    if (__mpi_comm_tab && __mpi_comm_tab[MPI_COMM_SELF]->attrs)
        err = __mpi_attr_finalize_self();
    /* Sends still on their way (buffered ones, those whose requests were freed) leave first; then every
     * process waits for the others, so that no traffic of a process is still being matched when the program
     * goes on to end. */
    __mpi_flush_sends();
    /* The thesis's barrier, made of THREAD messages: they arrive behind every earlier message of their
     * sender and their handlers run after the earlier ones', so what was sent before MPI_Finalize has been
     * taken in (matched or queued as unexpected) when it returns. A barrier of DATA messages (ours) could
     * overtake the handlers still waiting to run. */
#if defined(__T3D__) || defined(__SP__)
    /* On the SP the family's barrier starts with LAPI_Fence: every message is complete at its target.
     * On the T3D every envelope is in its receiver's queue once its sender's put has been acknowledged, so
     * the family's barrier (the hardware barrier over MPI_COMM_WORLD) keeps the same promise. */
    __mpi_family->barrier(MPI_COMM_WORLD, __mpi_comm(MPI_COMM_WORLD));
#if defined(__SP__)
    /* MPI-LAPI ends LAPI (LAPI_Term): its last packets, the barrier's among them, are acknowledged before the
     * process ends, or sent again if the switch lost them; a process that ended at once could leave its last
     * barrier message lost and its peer waiting for it */
    {
        void __mpi_sp_finalize(void);   /* sp/p2p_lapi.c */
        __mpi_sp_finalize();
    }
#endif
#else
    __thesis_barrier(MPI_COMM_WORLD, __mpi_comm(MPI_COMM_WORLD));
#endif
    __mpi_finalized = 1;
    return err;
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

/* Ends the whole run, every node, with a status (also in an SPMD run, where exit() ends one rank). */
void __mpi_end_run(int status)
{
    fflush(stdout);
    fflush(stderr);
    _exit_all(status);
}

int __mpi_world_rank(void)
{
    __mpi_state();
    return __mpi_comm_tab[MPI_COMM_WORLD]->rank;
}

int MPI_Abort(MPI_Comm comm, int errorcode)
{
    char line[96];
    (void)comm;
    __mpi_state();
    snprintf(line, sizeof line, "MPI_Abort: rank %d of MPI_COMM_WORLD, error code %d\n", __mpi_world_rank(),
             errorcode);
    __mpi_fatal_line(line);
    __mpi_end_run(errorcode);
    return MPI_SUCCESS;
}

#ifdef __T3D__
/* The cycle counter at the T3D's 150 MHz clock (docs/t3d.md). */
double MPI_Wtime(void)
{
    return (double)t3d_cycles() / (T3D_CLOCK_MHZ * 1.0e6);
}

double MPI_Wtick(void)
{
    return 1.0 / (T3D_CLOCK_MHZ * 1.0e6);
}
#elif defined(__SP__)
/* The cycle counter at the SP node's 332 MHz clock (docs/sp.md). */
double MPI_Wtime(void)
{
    return (double)hal_cycles() / (SP_CLOCK_MHZ * 1.0e6);
}

double MPI_Wtick(void)
{
    return 1.0 / (SP_CLOCK_MHZ * 1.0e6);
}
#else
/* The cycle counter at the 1 GHz clock the thesis assumes: one tick is one nanosecond. */
double MPI_Wtime(void)
{
    return (double)scmp_cycles() * 1.0e-9;
}

double MPI_Wtick(void)
{
    return 1.0e-9;
}
#endif

int MPI_Get_processor_name(char *name, int *resultlen)
{
    int node = getNodeId();
    int x = getXDim();
    int len = snprintf(name, MPI_MAX_PROCESSOR_NAME, "scmp node %d (%d,%d)", node, node % x, node / x);
    *resultlen = len;
    return MPI_SUCCESS;
}

/* The profiling control of MPI-1.2 section 8.3: there is no profiling layer to control. */
int MPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}

int MPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

int MPI_Get_library_version(char *version, int *resultlen)
{
    if (!version || !resultlen)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_library_version");
    *resultlen = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "scmp libmpi (MPI %d.%d)", MPI_VERSION,
                          MPI_SUBVERSION);
    return MPI_SUCCESS;
}

static const char *const error_names[] = {
    "MPI_SUCCESS: no error", "MPI_ERR_BUFFER: invalid buffer pointer", "MPI_ERR_COUNT: invalid count",
    "MPI_ERR_TYPE: invalid datatype", "MPI_ERR_TAG: invalid tag", "MPI_ERR_COMM: invalid communicator",
    "MPI_ERR_RANK: invalid rank", "MPI_ERR_REQUEST: invalid request", "MPI_ERR_ROOT: invalid root",
    "MPI_ERR_GROUP: invalid group", "MPI_ERR_OP: invalid operation", "MPI_ERR_TOPOLOGY: invalid topology",
    "MPI_ERR_DIMS: invalid dimensions", "MPI_ERR_ARG: invalid argument", "MPI_ERR_UNKNOWN: unknown error",
    "MPI_ERR_TRUNCATE: message truncated", "MPI_ERR_OTHER: other error", "MPI_ERR_INTERN: internal error",
    "MPI_ERR_IN_STATUS: error code in status", "MPI_ERR_PENDING: pending request",
    "MPI_ERR_NO_MEM: out of node memory", "MPI_ERR_KEYVAL: invalid keyval", "MPI_ERR_WIN: invalid window",
    "MPI_ERR_BASE: invalid base", "MPI_ERR_SIZE: invalid size", "MPI_ERR_DISP: invalid displacement",
    "MPI_ERR_LOCKTYPE: invalid lock type", "MPI_ERR_ASSERT: invalid assertion",
    "MPI_ERR_RMA_CONFLICT: conflicting accesses to a window",
    "MPI_ERR_RMA_SYNC: wrong synchronization of RMA calls", "MPI_ERR_INFO: invalid info object",
    "MPI_ERR_RMA_SHARED: memory cannot be shared", "MPI_ERR_RMA_FLAVOR: wrong window flavor",
    "MPI_ERR_INFO_KEY: invalid info key", "MPI_ERR_INFO_VALUE: info value too long",
    "MPI_ERR_INFO_NOKEY: no such info key"
};

/* The program's own classes and codes (errclass.c, which sets it when it adds the first), or 0. */
int (*__mpi_user_error)(int code, int *errorclass, const char **string);

int MPI_Error_string(int errorcode, char *string, int *resultlen)
{
    const char *s;
    if (errorcode >= 0 && errorcode <= MPI_ERR_LASTCODE)
        s = error_names[errorcode];
    else if (!__mpi_user_error || !__mpi_user_error(errorcode, 0, &s))
        s = "unknown error code";
    strncpy(string, s, MPI_MAX_ERROR_STRING - 1);
    string[MPI_MAX_ERROR_STRING - 1] = 0;
    *resultlen = (int)strlen(string);
    return MPI_SUCCESS;
}

int MPI_Error_class(int errorcode, int *errorclass)
{
    if (errorcode < 0 || errorcode > MPI_ERR_LASTCODE || !errorclass) {
        if (errorclass && errorcode > MPI_ERR_LASTCODE && __mpi_user_error
            && __mpi_user_error(errorcode, errorclass, 0))
            return MPI_SUCCESS;
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Error_class");
    }
    *errorclass = errorcode;
    return MPI_SUCCESS;
}
