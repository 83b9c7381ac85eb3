/* The one-sided calls of MPI-3 that need nothing of the machine (docs/mpi.md, "One-sided communication"), the
 * same in every libmpi (SCMP's, the T3D's, the SP's under either stack): they call the machine's own through the
 * public names, so that the SP's choice of stack (sp/win_stack.h) applies to them as to any program's call.
 *
 * - Request-based operations (MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate): the operation, then
 *   MPI_Win_flush_local to its target, so that it is complete at the origin when the call returns; the request
 *   handed back is complete, and MPI_Wait, MPI_Test or MPI_Waitall on it return at once. Like the flush, they
 *   need a passive-target epoch at the target (MPI_ERR_RMA_SYNC otherwise, named by MPI_Win_flush_local).
 * - What each window is besides its memory, in a table by window handle, made by win_entry.h's MPI_Win_create
 *   and MPI_Win_allocate (__mpi_win_made): its base, size and displacement unit as the caller gave them, its
 *   flavor, its memory model, its name and its attributes (attr.c's lists); every machine's MPI_Win_free
 *   deletes them first (__mpi_win_freed: the attributes' delete callbacks; one that fails keeps the window).
 * - Dynamic windows: a window over the whole memory (base MPI_BOTTOM, displacement unit 1), so that a target's
 *   displacement is the address MPI_Get_address gave; MPI_Win_attach and MPI_Win_detach keep the list of
 *   regions (MPI lets an origin touch only those; nothing is checked at the origin, which does not know them).
 *   On the T3D, whose window keeps the data cache fresh over its memory at each synchronisation (t3d/win_t3d.c,
 *   fresh()), the window is told it is dynamic and asks for the regions attached at the time
 *   (__mpi_win_region): the lines of those, not the whole memory's, are dropped.
 * - Shared windows: a node's memory is its own, so a shared window has one process (MPI_Comm_split_type's
 *   MPI_COMM_TYPE_SHARED gives those); MPI_Win_allocate's window, of the shared flavor. MPI_Win_shared_query
 *   gives a process its own memory, of a window of any flavor but the dynamic one (as MPI-4 allows). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#define WHOLE_MEMORY 0x7fffffff     /* a dynamic window's size, for the machine's checks */

#ifdef __T3D__
#define MODEL MPI_WIN_SEPARATE      /* the data cache is not kept coherent with remote writes */
#else
#define MODEL MPI_WIN_UNIFIED
#endif

struct region {
    struct region *next;
    char *base;
    MPI_Aint size;
};

struct xwin {
    MPI_Comm comm;
    void *base;
    MPI_Aint size;
    int disp_unit, flavor, model;
    char name[MPI_MAX_OBJECT_NAME];
    struct __mpi_attr *attrs;
    struct region *regions;         /* a dynamic window's attached memory */
    MPI_Info hints;                 /* the standard's hints given it (info.c's object), or MPI_INFO_NULL */
    MPI_Errhandler errhandler;      /* MPI_Win_set_errhandler's, or 0: none set (__mpi_win_error) */
};

static struct xwin **xwins;
static int nxwins;

static struct xwin *xwin_of(MPI_Win win)
{
    return win >= 0 && win < nxwins ? xwins[win] : 0;
}

static void forget(struct xwin *x)
{
    while (x->regions) {
        struct region *r = x->regions;
        x->regions = r->next;
        free(r);
    }
    if (x->hints != MPI_INFO_NULL)
        MPI_Info_free(&x->hints);
    free(x);
}

void __mpi_win_made(MPI_Win win, MPI_Comm comm, void *base, int size, int disp_unit, int flavor)
{
    struct xwin *x;
    if (win >= nxwins) {
        int cap = win + 8, i;
        xwins = (struct xwin **)__mpi_xrealloc(xwins, cap * sizeof *xwins, "MPI_Win_create");
        for (i = nxwins; i < cap; i++)
            xwins[i] = 0;
        nxwins = cap;
    }
    if ((x = xwins[win]) != 0) {    /* (every MPI_Win_free tells: never) */
        __mpi_attr_clear(&x->attrs, win);
        forget(x);
    }
    x = (struct xwin *)__mpi_xcalloc(1, sizeof *x, "MPI_Win_create");
    x->comm = comm;
    x->base = base;
    x->size = size;
    x->disp_unit = disp_unit;
    x->flavor = flavor;
    x->model = MODEL;
    xwins[win] = x;
}

int __mpi_win_freed(MPI_Win win)
{
    struct xwin *x = xwin_of(win);
    int err;
    if (!x)
        return MPI_SUCCESS;
    err = __mpi_attr_clear(&x->attrs, win);
    if (err != MPI_SUCCESS)
        return err;
    xwins[win] = 0;
    forget(x);
    return MPI_SUCCESS;
}

/* The window's entry, or an error through MPI_COMM_WORLD's handler. */
#define XWIN(x, win, fn)                                                                                    \
    if (!((x) = xwin_of(win)))                                                                              \
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, fn)

/* ---- Request-based operations ----------------------------------------------------------------------------- */

/* A request that is complete, for an operation complete at the origin. */
static int done(struct xwin *x, MPI_Win win, MPI_Request *request, const char *fn)
{
    struct __mpi_request *r = __mpi_new_request();
    if (!r)
        return __mpi_win_no_mem(win, fn, (int)sizeof *r);
    r->kind = REQ_SEND;
    r->comm = x->comm;
    r->peer = MPI_PROC_NULL;
    r->state = ST_DONE;
    *request = r;
    return MPI_SUCCESS;
}

/* The operation's error (reported by it), or its flush's, or the request; to MPI_PROC_NULL nothing happens. */
#define REQUEST_AFTER(op, x, rank, win, request, fn)                                                        \
    do {                                                                                                    \
        int err_;                                                                                           \
        XWIN(x, win, fn);                                                                             \
        if (!(request))                                                                                     \
            return __mpi_win_error(win, MPI_ERR_ARG, fn);                                                 \
        *(request) = MPI_REQUEST_NULL;                                                                      \
        if ((rank) != MPI_PROC_NULL                                                                         \
            && ((err_ = (op)) != MPI_SUCCESS || (err_ = MPI_Win_flush_local(rank, win)) != MPI_SUCCESS))    \
            return err_;                                                                                    \
        return done(x, win, request, fn);                                                                        \
    } while (0)

int MPI_Rput(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request)
{
    struct xwin *x;
    REQUEST_AFTER(MPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win),
                  x, target_rank, win, request, "MPI_Rput");
}

int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request)
{
    struct xwin *x;
    REQUEST_AFTER(MPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win),
                  x, target_rank, win, request, "MPI_Rget");
}

int MPI_Raccumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                    MPI_Request *request)
{
    struct xwin *x;
    REQUEST_AFTER(MPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                                 target_count, target_datatype, op, win),
                  x, target_rank, win, request, "MPI_Raccumulate");
}

int MPI_Rget_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                        MPI_Request *request)
{
    struct xwin *x;
    REQUEST_AFTER(MPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                                     result_datatype, target_rank, target_disp, target_count, target_datatype, op,
                                     win),
                  x, target_rank, win, request, "MPI_Rget_accumulate");
}

/* ---- Dynamic and shared windows --------------------------------------------------------------------------- */

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    int err = MPI_Win_create(MPI_BOTTOM, WHOLE_MEMORY, 1, info, comm, win);
    if (err == MPI_SUCCESS) {
        xwins[*win]->size = 0;
        xwins[*win]->flavor = MPI_WIN_FLAVOR_DYNAMIC;
#ifdef __T3D__
        __mpi_t3d_win_dynamic(*win);
#endif
    }
    return err;
}

#ifdef __T3D__
int __mpi_win_region(MPI_Win win, int i, char **base, MPI_Aint *size)
{
    struct xwin *x = xwin_of(win);
    struct region *r = x ? x->regions : 0;
    for (; r && i > 0; i--)
        r = r->next;
    if (!r)
        return 0;
    *base = r->base;
    *size = r->size;
    return 1;
}
#endif

/* Addresses as MPI_Get_address gives them, the displacements of a dynamic window: plain numbers here. */
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return base + disp;
}

MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return addr1 - addr2;
}

int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
    struct xwin *x;
    struct region *r;
    XWIN(x, win, "MPI_Win_attach");
    if (x->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return __mpi_win_error(win, MPI_ERR_RMA_FLAVOR, "MPI_Win_attach");
    if (size < 0)
        return __mpi_win_error(win, MPI_ERR_SIZE, "MPI_Win_attach");
    if (!base && size > 0)
        return __mpi_win_error(win, MPI_ERR_BASE, "MPI_Win_attach");
    r = (struct region *)malloc(sizeof *r);
    if (!r)
        return __mpi_win_no_mem(win, "MPI_Win_attach", (int)sizeof *r);
    r->base = (char *)base;
    r->size = size;
    r->next = x->regions;
    x->regions = r;
    return MPI_SUCCESS;
}

int MPI_Win_detach(MPI_Win win, void *base)
{
    struct xwin *x;
    struct region **rp, *r;
    XWIN(x, win, "MPI_Win_detach");
    if (x->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return __mpi_win_error(win, MPI_ERR_RMA_FLAVOR, "MPI_Win_detach");
    for (rp = &x->regions; (r = *rp) != 0; rp = &r->next)
        if (r->base == (char *)base) {
            *rp = r->next;
            free(r);
            return MPI_SUCCESS;
        }
    return __mpi_win_error(win, MPI_ERR_BASE, "MPI_Win_detach");
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                            MPI_Win *win)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err;
    if (c && !c->inter && c->size > 1)
        return __mpi_error(comm, MPI_ERR_RMA_SHARED, "MPI_Win_allocate_shared");
    err = MPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
    if (err == MPI_SUCCESS)
        xwins[*win]->flavor = MPI_WIN_FLAVOR_SHARED;
    return err;
}

/* The memory of rank that this process can load from and store to (MPI-4 allows any flavor but the dynamic one):
 * its own; every other rank's is none (size 0, base NULL), a node's memory being its own. MPI_PROC_NULL: the
 * first rank with memory that this process can reach, so its own when it has some. */
int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    struct xwin *x;
    int me, n;
    XWIN(x, win, "MPI_Win_shared_query");
    if (x->flavor == MPI_WIN_FLAVOR_DYNAMIC)
        return __mpi_win_error(win, MPI_ERR_RMA_FLAVOR, "MPI_Win_shared_query");
    MPI_Comm_rank(x->comm, &me);
    MPI_Comm_size(x->comm, &n);
    if (rank != MPI_PROC_NULL && (rank < 0 || rank >= n))
        return __mpi_win_error(win, MPI_ERR_RANK, "MPI_Win_shared_query");
    if (!size || !disp_unit || !baseptr)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_shared_query");
    if (rank == me || (rank == MPI_PROC_NULL && x->size > 0)) {
        *size = x->size;
        *disp_unit = x->disp_unit;
        *(void **)baseptr = x->base;
    } else {
        *size = 0;
        *disp_unit = 0;
        *(void **)baseptr = 0;
    }
    return MPI_SUCCESS;
}

/* ---- Attributes (attr.c's keyvals, shared with the communicators'), names, info ------------------------------- */

int MPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                          MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval, void *extra_state)
{
    if (!win_keyval)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Win_create_keyval");
    /* a window is never copied: the copy function is kept, never called */
    return MPI_Keyval_create((MPI_Copy_function *)win_copy_attr_fn, (MPI_Delete_function *)win_delete_attr_fn,
                             win_keyval, extra_state);
}

int MPI_Win_free_keyval(int *win_keyval)
{
    if (!win_keyval || MPI_Keyval_free(win_keyval) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_KEYVAL, "MPI_Win_free_keyval");
    return MPI_SUCCESS;
}

int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    struct xwin *x;
    int err;
    XWIN(x, win, "MPI_Win_set_attr");
    err = __mpi_attr_put(&x->attrs, win, win_keyval, attribute_val);
    return __mpi_win_error(win, err == MPI_ERR_ARG ? MPI_ERR_KEYVAL : err, "MPI_Win_set_attr");
}

int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_get_attr");
    if (!attribute_val || !flag)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_get_attr");
    *flag = 1;
    switch (win_keyval) {
    case MPI_WIN_BASE: *(void **)attribute_val = x->base; return MPI_SUCCESS;
    case MPI_WIN_SIZE: *(MPI_Aint **)attribute_val = &x->size; return MPI_SUCCESS;
    case MPI_WIN_DISP_UNIT: *(int **)attribute_val = &x->disp_unit; return MPI_SUCCESS;
    case MPI_WIN_CREATE_FLAVOR: *(int **)attribute_val = &x->flavor; return MPI_SUCCESS;
    case MPI_WIN_MODEL: *(int **)attribute_val = &x->model; return MPI_SUCCESS;
    }
    *flag = 0;
    if (win_keyval < MPI_WIN_BASE)  /* a communicator's predefined key */
        return __mpi_win_error(win, MPI_ERR_KEYVAL, "MPI_Win_get_attr");
    __mpi_attr_get(&x->attrs, win_keyval, attribute_val, flag);
    return MPI_SUCCESS;
}

int MPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    struct xwin *x;
    int err;
    XWIN(x, win, "MPI_Win_delete_attr");
    err = __mpi_attr_delete(&x->attrs, win, win_keyval);
    return __mpi_win_error(win, err == MPI_ERR_ARG ? MPI_ERR_KEYVAL : err, "MPI_Win_delete_attr");
}

/* A copy of the caller's string, cut to MPI_MAX_OBJECT_NAME - 1 characters; the empty name until then. */
int MPI_Win_set_name(MPI_Win win, const char *win_name)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_set_name");
    if (!win_name)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_set_name");
    strncpy(x->name, win_name, MPI_MAX_OBJECT_NAME - 1);
    x->name[MPI_MAX_OBJECT_NAME - 1] = 0;
    return MPI_SUCCESS;
}

int MPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_get_name");
    if (!win_name || !resultlen)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_get_name");
    strcpy(win_name, x->name);
    *resultlen = (int)strlen(x->name);
    return MPI_SUCCESS;
}

/* ---- Info (info.c's objects) --------------------------------------------------------------------------------
 * The hints MPI-3 defines for windows are kept as given (MPI_Win_create's and MPI_Win_allocate's info, then
 * MPI_Win_set_info's), written as MPICH writes them; libmpi needs none of them. Others are ignored, as MPI lets an
 * implementation do. MPI_Win_get_info answers every one of them, the default where none was given, in a new object
 * the caller frees. */

static const char *const hint_keys[] = {"no_locks", "accumulate_ordering", "accumulate_ops", "same_size",
                                        "same_disp_unit", "alloc_shared_noncontig"};
static const char *const hint_defaults[] = {"false", "rar,raw,war,waw", "same_op_no_op", "false", "false",
                                            "false"};
#define NHINTS 6

/* The value as kept, in out, or 0 when it is not one the hint takes. */
static int hint_value(int k, const char *v, char *out)
{
    static const char *const orders[] = {"rar", "raw", "war", "waw"};
    int i, bits = 0;
    if (k == 0 || k >= 3) {
        if (strcmp(v, "true") && strcmp(v, "false"))
            return 0;
        strcpy(out, v);
        return 1;
    }
    if (k == 2) {
        if (strcmp(v, "same_op") && strcmp(v, "same_op_no_op"))
            return 0;
        strcpy(out, v);
        return 1;
    }
    if (strcmp(v, "none") == 0) {
        strcpy(out, "none");
        return 1;
    }
    while (*v) {                    /* a comma-separated list of rar, raw, war, waw, in any order */
        for (i = 0; i < 4 && strncmp(v, orders[i], 3); i++)
            ;
        if (i == 4 || (v[3] && v[3] != ','))
            return 0;
        bits |= 1 << i;
        v += v[3] ? 4 : 3;
    }
    *out = 0;
    for (i = 0; i < 4; i++)
        if (bits & (1 << i)) {
            if (*out)
                strcat(out, ",");
            strcat(out, orders[i]);
        }
    return bits != 0;
}

int MPI_Win_set_info(MPI_Win win, MPI_Info info)
{
    struct xwin *x;
    char v[MPI_MAX_INFO_VAL + 1], kept[32];
    int k, flag, err;
    XWIN(x, win, "MPI_Win_set_info");
    if (info == MPI_INFO_NULL || __mpi_info_check(info) != MPI_SUCCESS)
        return __mpi_win_error(win, info == MPI_INFO_NULL ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Win_set_info");
    for (k = 0; k < NHINTS; k++) {
        MPI_Info_get(info, hint_keys[k], MPI_MAX_INFO_VAL, v, &flag);
        if (!flag || !hint_value(k, v, kept))
            continue;
        if (x->hints == MPI_INFO_NULL && (err = MPI_Info_create(&x->hints)) != MPI_SUCCESS)
            return err;
        if ((err = MPI_Info_set(x->hints, hint_keys[k], kept)) != MPI_SUCCESS)
            return err;
    }
    return MPI_SUCCESS;
}

int MPI_Win_get_info(MPI_Win win, MPI_Info *info_used)
{
    struct xwin *x;
    char v[MPI_MAX_INFO_VAL + 1];
    int k, flag, err;
    XWIN(x, win, "MPI_Win_get_info");
    if (!info_used)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_get_info");
    if ((err = MPI_Info_create(info_used)) != MPI_SUCCESS)
        return err;
    for (k = 0; k < NHINTS; k++) {
        flag = 0;
        if (x->hints != MPI_INFO_NULL)
            MPI_Info_get(x->hints, hint_keys[k], MPI_MAX_INFO_VAL, v, &flag);
        if ((err = MPI_Info_set(*info_used, hint_keys[k], flag ? v : hint_defaults[k])) != MPI_SUCCESS)
            return err;
    }
    return MPI_SUCCESS;
}

/* ---- Error handlers (MPI-2 section 4.13.2, MPI-3 section 8.3.2) -----------------------------------------------
 * A window's handler is its own: MPI_ERRORS_ARE_FATAL (what MPI_Win_get_errhandler answers for a window that was
 * given none), MPI_ERRORS_RETURN, or one made by MPI_Win_create_errhandler, called as handler(&win, &code). The
 * window calls of every machine report their errors here (__mpi_win_error). A window given no handler reports as
 * MPICH does: to MPI_COMM_SELF's handler when the program set one there, else to MPI_COMM_WORLD's. The functions
 * share errhandler.c's slots with the communicators' handlers. */

static int win_error_why(MPI_Win win, int code, const char *func, const char *why)
{
    struct xwin *x = xwin_of(win);
    MPI_Errhandler h = x ? x->errhandler : 0;
    MPI_Handler_function *f;
    char text[MPI_MAX_ERROR_STRING], line[MPI_MAX_ERROR_STRING + 160];
    int len;
    if (h == 0) {
        struct __mpi_comm *self = __mpi_comm(MPI_COMM_SELF);
        return __mpi_error_why(self && self->errhandler ? MPI_COMM_SELF : MPI_COMM_WORLD, code, func, why);
    }
    if (h == MPI_ERRORS_RETURN)
        return code;
    if ((f = __mpi_errhandler_fn(h)) != 0) {
        MPI_Win w = win;
        int cd = code;
        ((MPI_Win_errhandler_function *)f)(&w, &cd);
        return code;
    }
    MPI_Error_string(code, text, &len);
    snprintf(line, sizeof line, "MPI_ERRORS_ARE_FATAL: %s: %s%s%s (window %d, rank %d of MPI_COMM_WORLD)\n", func,
             text, why ? ": " : "", why ? why : "", win, __mpi_world_rank());
    __mpi_fatal_line(line);
    __mpi_end_run(code > 0 && code < 256 ? code : 1);
    return code;
}

int __mpi_win_error(MPI_Win win, int code, const char *func)
{
    return code == MPI_SUCCESS || code == WIN_PROC_NULL ? MPI_SUCCESS : win_error_why(win, code, func, 0);
}

int __mpi_win_no_mem(MPI_Win win, const char *func, int bytes)
{
    char why[64];
    snprintf(why, sizeof why, "asked for %d bytes", bytes);
    return win_error_why(win, MPI_ERR_NO_MEM, func, why);
}

/* errhandler.c's reclaim(): the user handlers windows hold stay. */
static void users(char *used, int first, int n)
{
    int i;
    for (i = 0; i < nxwins; i++)
        if (xwins[i] && xwins[i]->errhandler >= first && xwins[i]->errhandler < first + n)
            used[xwins[i]->errhandler - first] = 1;
}

int MPI_Win_create_errhandler(MPI_Win_errhandler_function *function, MPI_Errhandler *errhandler)
{
    if (!function || !errhandler)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Win_create_errhandler");
    return MPI_Comm_create_errhandler((MPI_Comm_errhandler_fn *)function, errhandler);
}

int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_set_errhandler");
    if (errhandler != MPI_ERRORS_ARE_FATAL && errhandler != MPI_ERRORS_RETURN && !__mpi_errhandler_fn(errhandler))
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_set_errhandler");
    x->errhandler = errhandler;
    __mpi_errhandler_users = users;
    return MPI_SUCCESS;
}

int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_get_errhandler");
    if (!errhandler)
        return __mpi_win_error(win, MPI_ERR_ARG, "MPI_Win_get_errhandler");
    *errhandler = x->errhandler ? x->errhandler : MPI_ERRORS_ARE_FATAL;
    return MPI_SUCCESS;
}

int MPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
    struct xwin *x;
    XWIN(x, win, "MPI_Win_call_errhandler");
    (void)x;
    __mpi_win_error(win, errorcode, "MPI_Win_call_errhandler");
    return MPI_SUCCESS;
}
