/* Error handlers (MPI-1.2 section 7.2): every MPI function that detects an error calls the handler of the
 * communicator involved (MPI_COMM_WORLD's when there is none, or when the communicator itself is invalid).
 * MPI_ERRORS_ARE_FATAL, the default, prints one line on stderr naming the function, the error and the rank,
 * and ends the whole run with a non-zero status; MPI_ERRORS_RETURN returns the code; a handler made by
 * MPI_Errhandler_create is called with the communicator and the code, and the code is returned. */
#include <stdio.h>
#include <stdlib.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#define MAX_HANDLERS 16
#define FIRST_USER 3

static MPI_Handler_function *handlers[MAX_HANDLERS];   /* index = handle - FIRST_USER */
static char dropped[MAX_HANDLERS];      /* MPI_Errhandler_free has dropped the handle */

static const char *comm_name(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD)
        return "MPI_COMM_WORLD";
    if (comm == MPI_COMM_SELF)
        return "MPI_COMM_SELF";
    return 0;
}

/* Writes a whole line on stderr after flushing stdout. stderr is unbuffered, so fprintf would write the
 * line in pieces; one write keeps the lines of nodes that fail at the same time whole, even when the first
 * of them ends the run while the others are still writing theirs. */
void __mpi_fatal_line(const char *line)
{
    fflush(stdout);
    fputs(line, stderr);
}

int __mpi_error(MPI_Comm comm, int code, const char *func)
{
    if (code == MPI_SUCCESS)        /* most calls: nothing more to do */
        return code;
    return __mpi_error_why(comm, code, func, 0);
}

int __mpi_error_why(MPI_Comm comm, int code, const char *func, const char *why)
{
    struct __mpi_comm *c;
    int h;
    char text[MPI_MAX_ERROR_STRING], line[MPI_MAX_ERROR_STRING + 160];
    int len;
    if (code == MPI_SUCCESS)
        return code;
    c = __mpi_comm(comm);
    if (!c) {
        comm = MPI_COMM_WORLD;
        c = __mpi_comm(comm);
    }
    h = c ? c->errhandler : MPI_ERRORS_ARE_FATAL;
    if (h == MPI_ERRORS_RETURN)
        return code;
    if (h >= FIRST_USER && h < FIRST_USER + MAX_HANDLERS && handlers[h - FIRST_USER]) {
        int cd = code;
        handlers[h - FIRST_USER](&comm, &cd);
        return code;
    }
    MPI_Error_string(code, text, &len);
    if (comm_name(comm))
        snprintf(line, sizeof line, "MPI_ERRORS_ARE_FATAL: %s: %s%s%s (rank %d of %s)\n", func, text,
                 why ? ": " : "", why ? why : "", c ? c->rank : 0, comm_name(comm));
    else
        snprintf(line, sizeof line,
                 "MPI_ERRORS_ARE_FATAL: %s: %s%s%s (rank %d of communicator %d, rank %d of MPI_COMM_WORLD)\n",
                 func, text, why ? ": " : "", why ? why : "", c ? c->rank : 0, comm, __mpi_world_rank());
    __mpi_fatal_line(line);
    __mpi_end_run(code > 0 && code < 256 ? code : 1);
    return code;
}

/* ---- Out of node memory ---------------------------------------------------------------------------------
 * Every allocation of libmpi is checked. One whose failure the call can report (a temporary buffer of a
 * point-to-point or collective call) returns MPI_ERR_NO_MEM through the communicator's error handler
 * (__mpi_no_mem). One without which libmpi cannot go on (its own tables, a handler's copy of an
 * unexpected message) calls the error handler the same way and then ends the run, whatever the handler
 * did (__mpi_xmalloc): never a write through a null pointer. */

int __mpi_no_mem(MPI_Comm comm, const char *func, int bytes)
{
    char why[64];
    snprintf(why, sizeof why, "asked for %d bytes", bytes);
    return __mpi_error_why(comm, MPI_ERR_NO_MEM, func, why);
}

static void cannot_go_on(const char *func, int bytes)
{
    char line[160];
    __mpi_no_mem(MPI_COMM_WORLD, func, bytes);
    snprintf(line, sizeof line, "libmpi: %s: out of node memory (%d bytes): cannot go on (rank %d of "
             "MPI_COMM_WORLD)\n", func, bytes, __mpi_world_rank());
    __mpi_fatal_line(line);
    __mpi_end_run(MPI_ERR_NO_MEM);
}

void *__mpi_xmalloc(int bytes, const char *func)
{
    void *p = malloc(bytes > 0 ? bytes : 1);
    if (!p)
        cannot_go_on(func, bytes);
    return p;
}

void *__mpi_xcalloc(int n, int size, const char *func)
{
    void *p = calloc(n > 0 ? n : 1, size);
    if (!p)
        cannot_go_on(func, n * size);
    return p;
}

void *__mpi_xrealloc(void *old, int bytes, const char *func)
{
    void *p = realloc(old, bytes > 0 ? bytes : 1);
    if (!p)
        cannot_go_on(func, bytes);
    return p;
}

/* A slot whose handle MPI_Errhandler_free has dropped is taken back when a new handler finds no free slot
 * and no communicator (nor a freed one still waiting for its receives) uses it: a program that creates and
 * frees a handler per communicator never runs out of the MAX_HANDLERS slots, and nothing on the paths
 * that make, copy or free communicators counts references. */
static int reclaim(void)
{
    char used[MAX_HANDLERS] = {0};
    int i, found = -1;
    for (i = 0; i < __mpi_comm_cap; i++) {
        struct __mpi_comm *c = __mpi_comm_tab[i];
        if (c && c->errhandler >= FIRST_USER && c->errhandler < FIRST_USER + MAX_HANDLERS)
            used[c->errhandler - FIRST_USER] = 1;
    }
    if (__mpi_errhandler_users)     /* windows' handlers (win_extra.c) */
        __mpi_errhandler_users(used, FIRST_USER, MAX_HANDLERS);
    for (i = MAX_HANDLERS - 1; i >= 0; i--)
        if (dropped[i] && !used[i]) {
            handlers[i] = 0;
            dropped[i] = 0;
            found = i;
        }
    return found;
}

int MPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler)
{
    int i;
    if (!function || !errhandler)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Errhandler_create");
    for (i = 0; i < MAX_HANDLERS && handlers[i]; i++)
        ;
    if (i == MAX_HANDLERS && (i = reclaim()) < 0)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Errhandler_create");
    handlers[i] = function;
    *errhandler = FIRST_USER + i;
    return MPI_SUCCESS;
}

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_fn *function, MPI_Errhandler *errhandler)
{
    return MPI_Errhandler_create(function, errhandler);
}

static int valid_handler(MPI_Errhandler h)
{
    return h == MPI_ERRORS_ARE_FATAL || h == MPI_ERRORS_RETURN
           || (h >= FIRST_USER && h < FIRST_USER + MAX_HANDLERS && handlers[h - FIRST_USER]);
}

int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Errhandler_set");
    if (!valid_handler(errhandler))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Errhandler_set");
    c->errhandler = errhandler;
    return MPI_SUCCESS;
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return MPI_Errhandler_set(comm, errhandler);
}

int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Errhandler_get");
    if (!errhandler)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Errhandler_get");
    *errhandler = c->errhandler ? c->errhandler : MPI_ERRORS_ARE_FATAL;
    return MPI_SUCCESS;
}

int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return MPI_Errhandler_get(comm, errhandler);
}

/* A handler stays valid while a communicator uses it; freeing only drops the handle (the predefined ones
 * cannot be freed), and its slot is taken back once no communicator uses it (reclaim). */
int MPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    if (!errhandler || *errhandler < FIRST_USER || !valid_handler(*errhandler))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Errhandler_free");
    dropped[*errhandler - FIRST_USER] = 1;
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}

int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    if (!__mpi_comm(comm))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_call_errhandler");
    __mpi_error(comm, errorcode, "MPI_Comm_call_errhandler");
    return MPI_SUCCESS;
}

/* ---- For windows' error handlers (win_extra.c) --------------------------------------------------------------- */

void (*__mpi_errhandler_users)(char *used, int first, int n);

MPI_Handler_function *__mpi_errhandler_fn(MPI_Errhandler h)
{
    return h >= FIRST_USER && h < FIRST_USER + MAX_HANDLERS ? handlers[h - FIRST_USER] : 0;
}
