/* MPI-4's large-count functions (the `_c` bindings of MPI-4.0): every function libmpi has whose standard binding
 * takes counts, takes them as MPI_Count (and displacements as MPI_Aint) in its `_c` form. A node has 8 MiB and an
 * MPI_Aint 32 bits, so each `_c` function converts its arguments to those of the int function and calls it: a count
 * that fits an int is passed on; one that does not is an error through the communicator's handler (the window's for
 * one-sided calls, MPI_COMM_WORLD's for datatypes), MPI_ERR_COUNT for a count (the class MPICH gives a count that is
 * not valid), MPI_ERR_ARG for a displacement, bound, extent or displacement unit beyond an MPI_Aint or an int;
 * nothing is cut silently. A receive's count (MPI_Recv_c, MPI_Irecv_c, MPI_Recv_init_c, MPI_Sendrecv_c, MPI_Mrecv_c,
 * MPI_Imrecv_c) and the buffer sizes of MPI_Pack_c, MPI_Unpack_c and their external32 forms are only limits, so a
 * larger one is cut to the largest the int function can take of the datatype (no message or packed buffer comes near
 * it). What the int function gives back widens: MPI_Type_size_c, MPI_Type_get_extent_c, MPI_Pack_size_c,
 * MPI_Buffer_detach_c; MPI_Get_count_c and MPI_Get_elements_c read all 63 bits of a count set by
 * MPI_Status_set_elements_x (count.c); MPI_Type_get_envelope_c and MPI_Type_get_contents_c give the int functions'
 * answers with no large counts. MPI_Op_create_c registers the program's MPI_User_function_c behind one of 32
 * trampolines, each an MPI_User_function that calls its function with the length as an MPI_Count.
 *
 * The wrappers between BEGIN GENERATED and END GENERATED are made by scripts/gen-mpi-c.py from the standard's
 * prototypes (which it also writes into mpi.h); the rest is written here. A file of its own, so that programs that
 * call no `_c` function do not link it. */
#include <limits.h>
#include <stdlib.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

static int __lc_asked;          /* bytes of the last conversion buffer asked for (an MPI_ERR_NO_MEM's figure) */

static int __lc_int(MPI_Count v)
{
    return v >= INT_MIN && v <= INT_MAX;
}

static int __lc_aint(MPI_Count v)
{
    return v >= LONG_MIN && v <= LONG_MAX;
}

/* A receive's count: a limit, cut to the most items of the datatype whose bytes an int holds. */
static int __lc_recv_count(MPI_Count count, MPI_Datatype datatype)
{
    int size;
    if (count <= INT_MAX)
        return count < INT_MIN ? -1 : (int)count;       /* a negative count: the int function's MPI_ERR_COUNT */
    size = __mpi_type_size(datatype);
    return size > 1 ? INT_MAX / size : INT_MAX;
}

/* Arrays: a copy in the int function's type (to free), MPI_SUCCESS, or code for a value that does not fit, or
 * MPI_ERR_NO_MEM. */
static int __lc_count_ints(int **out, const MPI_Count *in, int n, int code)
{
    int i, *v;
    __lc_asked = (n > 0 ? n : 1) * (int)sizeof(int);
    *out = v = (int *)malloc(__lc_asked);
    if (!v)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < n; i++) {
        if (!__lc_int(in[i]))
            return code;
        v[i] = (int)in[i];
    }
    return MPI_SUCCESS;
}

static int __lc_aint_ints(int **out, const MPI_Aint *in, int n, int code)
{
    int i, *v;
    __lc_asked = (n > 0 ? n : 1) * (int)sizeof(int);
    *out = v = (int *)malloc(__lc_asked);
    if (!v)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < n; i++) {
        if (!__lc_int(in[i]))
            return code;
        v[i] = (int)in[i];
    }
    return MPI_SUCCESS;
}

static int __lc_count_aints(MPI_Aint **out, const MPI_Count *in, int n, int code)
{
    int i;
    MPI_Aint *v;
    __lc_asked = (n > 0 ? n : 1) * (int)sizeof(MPI_Aint);
    *out = v = (MPI_Aint *)malloc(__lc_asked);
    if (!v)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < n; i++) {
        if (!__lc_aint(in[i]))
            return code;
        v[i] = (MPI_Aint)in[i];
    }
    return MPI_SUCCESS;
}

/* The lengths of a collective's arrays: one per process of the other group (the group, for an
 * intracommunicator), of the local group (a reduce-scatter's counts), or of a neighbourhood (in-neighbours for
 * what is received, out-neighbours for what is sent). An invalid communicator gives 0: the int function then
 * reports it. */
static int __lc_peers(MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    return c ? c->size : 0;
}

static int __lc_local(MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    return c ? (c->inter ? c->lsize : c->size) : 0;
}

/* Whether this process is the root of a rooted collective (MPI_ROOT on an intercommunicator). */
static int __lc_root(MPI_Comm comm, int root)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    return c && (c->inter ? root == MPI_ROOT : root == c->rank);
}

static int __lc_degree(MPI_Comm comm, int out)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int kind, n = 0, indeg = 0, outdeg = 0, weighted, rank;
    if (!c || c->inter || !c->topo || MPI_Topo_test(comm, &kind) != MPI_SUCCESS)
        return 0;
    if (kind == MPI_CART) {
        MPI_Cartdim_get(comm, &n);
        return 2 * n;
    }
    if (kind == MPI_GRAPH) {
        MPI_Comm_rank(comm, &rank);
        MPI_Graph_neighbors_count(comm, rank, &n);
        return n;
    }
    if (kind == MPI_DIST_GRAPH) {
        MPI_Dist_graph_neighbors_count(comm, &indeg, &outdeg, &weighted);
        return out ? outdeg : indeg;
    }
    return 0;
}

/* ---- Written by hand ------------------------------------------------------------------------------------ */

/* The bytes a status records (63 bits: count.c keeps bits 32.. above the cancelled flag). */
static MPI_Count __lc_status_bytes(const MPI_Status *status)
{
    return (MPI_Count)((unsigned)status->__cancelled >> 1) << 32 | (unsigned)status->__count;
}

int MPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    MPI_Count bytes;
    if (!t)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Get_count_c");
    if (!status || !count)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_count_c");
    bytes = __lc_status_bytes(status);
    if (t->size == 0)
        *count = 0;
    else if (bytes % t->size != 0)
        *count = MPI_UNDEFINED;
    else
        *count = bytes / t->size;
    return MPI_SUCCESS;
}

int MPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return MPI_Get_elements_x(status, datatype, count);
}

/* MPI_Op_create_c: the user's function behind a trampoline, an MPI_User_function that op.c calls as any other;
 * 32 at once (a slot is free again once its operation has been freed and not held by a pending reduction). */
#define LC_OPS 32
static struct {
    MPI_Op op;
    MPI_User_function_c *fn;
} __lc_ops[LC_OPS];

static void __lc_call(int k, void *in, void *inout, int *len, MPI_Datatype *datatype)
{
    MPI_Count n = *len;
    __lc_ops[k].fn(in, inout, &n, datatype);
}

#define LC_T(k)                                                                                                \
    static void __lc_t##k(void *in, void *inout, int *len, MPI_Datatype *datatype)                            \
    {                                                                                                          \
        __lc_call(k, in, inout, len, datatype);                                                                \
    }
LC_T(0) LC_T(1) LC_T(2) LC_T(3) LC_T(4) LC_T(5) LC_T(6) LC_T(7) LC_T(8) LC_T(9) LC_T(10) LC_T(11) LC_T(12)
LC_T(13) LC_T(14) LC_T(15) LC_T(16) LC_T(17) LC_T(18) LC_T(19) LC_T(20) LC_T(21) LC_T(22) LC_T(23) LC_T(24)
LC_T(25) LC_T(26) LC_T(27) LC_T(28) LC_T(29) LC_T(30) LC_T(31)

static MPI_User_function *const __lc_trampolines[LC_OPS] = {
    __lc_t0, __lc_t1, __lc_t2, __lc_t3, __lc_t4, __lc_t5, __lc_t6, __lc_t7, __lc_t8, __lc_t9, __lc_t10,
    __lc_t11, __lc_t12, __lc_t13, __lc_t14, __lc_t15, __lc_t16, __lc_t17, __lc_t18, __lc_t19, __lc_t20,
    __lc_t21, __lc_t22, __lc_t23, __lc_t24, __lc_t25, __lc_t26, __lc_t27, __lc_t28, __lc_t29, __lc_t30,
    __lc_t31,
};

int MPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
    int k, err;
    if (!user_fn || !op)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_create_c");
    for (k = 0; k < LC_OPS; k++)
        if (!__lc_ops[k].fn || !__mpi_op_valid(__lc_ops[k].op))
            break;
    if (k == LC_OPS)
        return __mpi_error_why(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Op_create_c",
                               "32 operations of MPI_Op_create_c at once");
    err = MPI_Op_create(__lc_trampolines[k], commute, op);
    if (err == MPI_SUCCESS) {
        __lc_ops[k].op = *op;
        __lc_ops[k].fn = user_fn;
    }
    return err;
}

/* The envelope and contents of a datatype: libmpi's constructors keep their counts as ints (a `_c` constructor
 * calls the int one), so no datatype has large counts: num_large_counts is 0 and array_of_large_counts is left as
 * it is. The maxima are limits, cut to an int. */
int MPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                            MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner)
{
    int ni, na, nd, err;
    if (!num_integers || !num_addresses || !num_large_counts || !num_datatypes || !combiner)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_get_envelope_c");
    err = MPI_Type_get_envelope(datatype, &ni, &na, &nd, combiner);
    if (err == MPI_SUCCESS) {
        *num_integers = ni;
        *num_addresses = na;
        *num_large_counts = 0;
        *num_datatypes = nd;
    }
    return err;
}

static int __lc_max(MPI_Count v)
{
    return v > INT_MAX ? INT_MAX : v < 0 ? -1 : (int)v;
}

int MPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                            MPI_Count max_large_counts, MPI_Count max_datatypes, int *array_of_integers,
                            MPI_Aint *array_of_addresses, MPI_Count *array_of_large_counts,
                            MPI_Datatype *array_of_datatypes)
{
    (void)array_of_large_counts;
    if (max_large_counts < 0)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_get_contents_c");
    return MPI_Type_get_contents(datatype, __lc_max(max_integers), __lc_max(max_addresses), __lc_max(max_datatypes),
                                 array_of_integers, array_of_addresses, array_of_datatypes);
}

/* BEGIN GENERATED by scripts/gen-mpi-c.py: do not edit */

int MPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Bsend_c");
    count_ = (int)count;
    return MPI_Bsend((void *)buf, count_, datatype, dest, tag, comm);
}

int MPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ssend_c");
    count_ = (int)count;
    return MPI_Ssend((void *)buf, count_, datatype, dest, tag, comm);
}

int MPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Rsend_c");
    count_ = (int)count;
    return MPI_Rsend((void *)buf, count_, datatype, dest, tag, comm);
}

int MPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ibsend_c");
    count_ = (int)count;
    return MPI_Ibsend((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Issend_c");
    count_ = (int)count;
    return MPI_Issend((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Irsend_c");
    count_ = (int)count;
    return MPI_Irsend((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Buffer_attach_c(void *buffer, MPI_Count size)
{
    int size_;
    if (!__lc_int(size))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Buffer_attach_c");
    size_ = (int)size;
    return MPI_Buffer_attach(buffer, size_);
}

int MPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size)
{
    int size_;
    int err = MPI_SUCCESS;
    err = MPI_Buffer_detach(buffer_addr, size ? &size_ : 0);
    if (err == MPI_SUCCESS && size)
        *size = size_;
    return err;
}

int MPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Send_init_c");
    count_ = (int)count;
    return MPI_Send_init((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Bsend_init_c");
    count_ = (int)count;
    return MPI_Bsend_init((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ssend_init_c");
    count_ = (int)count;
    return MPI_Ssend_init((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Rsend_init_c");
    count_ = (int)count;
    return MPI_Rsend_init((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                    MPI_Request *request)
{
    int count_;
    count_ = __lc_recv_count(count, datatype);
    return MPI_Recv_init(buf, count_, datatype, source, tag, comm, request);
}

int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
                           int recvtag, MPI_Comm comm, MPI_Status *status)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Sendrecv_replace_c");
    count_ = (int)count;
    return MPI_Sendrecv_replace(buf, count_, datatype, dest, sendtag, source, recvtag, comm, status);
}

int MPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_contiguous_c");
    count_ = (int)count;
    return MPI_Type_contiguous(count_, oldtype, newtype);
}

int MPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    int count_;
    int blocklength_;
    int stride_;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_vector_c");
    count_ = (int)count;
    if (!__lc_int(blocklength))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_vector_c");
    blocklength_ = (int)blocklength;
    if (!__lc_int(stride))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_vector_c");
    stride_ = (int)stride;
    return MPI_Type_vector(count_, blocklength_, stride_, oldtype, newtype);
}

int MPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    int count_;
    int blocklength_;
    MPI_Aint stride_;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_hvector_c");
    count_ = (int)count;
    if (!__lc_int(blocklength))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_hvector_c");
    blocklength_ = (int)blocklength;
    if (!__lc_aint(stride))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_hvector_c");
    stride_ = (MPI_Aint)stride;
    return MPI_Type_create_hvector(count_, blocklength_, stride_, oldtype, newtype);
}

int MPI_Type_indexed_c(MPI_Count count, const MPI_Count *array_of_blocklengths,
                       const MPI_Count *array_of_displacements, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int count_;
    int *array_of_blocklengths_ = 0;
    int *array_of_displacements_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_indexed_c");
    count_ = (int)count;
    if (err == MPI_SUCCESS && array_of_blocklengths)
        err = __lc_count_ints(&array_of_blocklengths_, array_of_blocklengths, count_, MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && array_of_displacements)
        err = __lc_count_ints(&array_of_displacements_, array_of_displacements, count_, MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(array_of_blocklengths_);
        free(array_of_displacements_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_indexed_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_indexed_c");
    }
    err = MPI_Type_indexed(count_, array_of_blocklengths_, array_of_displacements_, oldtype, newtype);
    free(array_of_blocklengths_);
    free(array_of_displacements_);
    return err;
}

int MPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count *array_of_blocklengths,
                               const MPI_Count *array_of_displacements, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int count_;
    int *array_of_blocklengths_ = 0;
    MPI_Aint *array_of_displacements_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_hindexed_c");
    count_ = (int)count;
    if (err == MPI_SUCCESS && array_of_blocklengths)
        err = __lc_count_ints(&array_of_blocklengths_, array_of_blocklengths, count_, MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && array_of_displacements)
        err = __lc_count_aints(&array_of_displacements_, array_of_displacements, count_, MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(array_of_blocklengths_);
        free(array_of_displacements_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_hindexed_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_hindexed_c");
    }
    err = MPI_Type_create_hindexed(count_, array_of_blocklengths_, array_of_displacements_, oldtype, newtype);
    free(array_of_blocklengths_);
    free(array_of_displacements_);
    return err;
}

int MPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count *array_of_displacements,
                                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int count_;
    int blocklength_;
    int *array_of_displacements_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_indexed_block_c");
    count_ = (int)count;
    if (!__lc_int(blocklength))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_indexed_block_c");
    blocklength_ = (int)blocklength;
    if (err == MPI_SUCCESS && array_of_displacements)
        err = __lc_count_ints(&array_of_displacements_, array_of_displacements, count_, MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(array_of_displacements_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_indexed_block_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_indexed_block_c");
    }
    err = MPI_Type_create_indexed_block(count_, blocklength_, array_of_displacements_, oldtype, newtype);
    free(array_of_displacements_);
    return err;
}

int MPI_Type_create_struct_c(MPI_Count count, const MPI_Count *array_of_blocklengths,
                             const MPI_Count *array_of_displacements, const MPI_Datatype *array_of_types,
                             MPI_Datatype *newtype)
{
    int count_;
    int *array_of_blocklengths_ = 0;
    MPI_Aint *array_of_displacements_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_struct_c");
    count_ = (int)count;
    if (err == MPI_SUCCESS && array_of_blocklengths)
        err = __lc_count_ints(&array_of_blocklengths_, array_of_blocklengths, count_, MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && array_of_displacements)
        err = __lc_count_aints(&array_of_displacements_, array_of_displacements, count_, MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(array_of_blocklengths_);
        free(array_of_displacements_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_struct_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_struct_c");
    }
    err = MPI_Type_create_struct(count_, array_of_blocklengths_, array_of_displacements_,
                                 (MPI_Datatype *)array_of_types, newtype);
    free(array_of_blocklengths_);
    free(array_of_displacements_);
    return err;
}

int MPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype)
{
    MPI_Aint lb_;
    MPI_Aint extent_;
    if (!__lc_aint(lb))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_resized_c");
    lb_ = (MPI_Aint)lb;
    if (!__lc_aint(extent))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_resized_c");
    extent_ = (MPI_Aint)extent;
    return MPI_Type_create_resized(oldtype, lb_, extent_, newtype);
}

int MPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
    MPI_Aint lb_;
    MPI_Aint extent_;
    int err = MPI_SUCCESS;
    err = MPI_Type_get_extent(datatype, lb ? &lb_ : 0, extent ? &extent_ : 0);
    if (err == MPI_SUCCESS && lb)
        *lb = lb_;
    if (err == MPI_SUCCESS && extent)
        *extent = extent_;
    return err;
}

int MPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
    MPI_Aint true_lb_;
    MPI_Aint true_extent_;
    int err = MPI_SUCCESS;
    err = MPI_Type_get_true_extent(datatype, true_lb ? &true_lb_ : 0, true_extent ? &true_extent_ : 0);
    if (err == MPI_SUCCESS && true_lb)
        *true_lb = true_lb_;
    if (err == MPI_SUCCESS && true_extent)
        *true_extent = true_extent_;
    return err;
}

int MPI_Type_create_subarray_c(int ndims, const MPI_Count *array_of_sizes, const MPI_Count *array_of_subsizes,
                               const MPI_Count *array_of_starts, int order, MPI_Datatype oldtype,
                               MPI_Datatype *newtype)
{
    int *array_of_sizes_ = 0;
    int *array_of_subsizes_ = 0;
    int *array_of_starts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && array_of_sizes)
        err = __lc_count_ints(&array_of_sizes_, array_of_sizes, ndims, MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && array_of_subsizes)
        err = __lc_count_ints(&array_of_subsizes_, array_of_subsizes, ndims, MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && array_of_starts)
        err = __lc_count_ints(&array_of_starts_, array_of_starts, ndims, MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(array_of_sizes_);
        free(array_of_subsizes_);
        free(array_of_starts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_subarray_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_subarray_c");
    }
    err = MPI_Type_create_subarray(ndims, array_of_sizes_, array_of_subsizes_, array_of_starts_, order, oldtype,
                                   newtype);
    free(array_of_sizes_);
    free(array_of_subsizes_);
    free(array_of_starts_);
    return err;
}

int MPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
               MPI_Count *position, MPI_Comm comm)
{
    int incount_;
    int outsize_;
    int position_;
    int err = MPI_SUCCESS;
    if (!__lc_int(incount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Pack_c");
    incount_ = (int)incount;
    if (outsize < INT_MIN)
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Pack_c");
    outsize_ = outsize > INT_MAX ? INT_MAX : (int)outsize;
    if (position && !__lc_int(*position))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Pack_c");
    if (position)
        position_ = (int)*position;
    err = MPI_Pack((void *)inbuf, incount_, datatype, outbuf, outsize_, position ? &position_ : 0, comm);
    if (err == MPI_SUCCESS && position)
        *position = position_;
    return err;
}

int MPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount,
                 MPI_Datatype datatype, MPI_Comm comm)
{
    int insize_;
    int position_;
    int outcount_;
    int err = MPI_SUCCESS;
    if (insize < INT_MIN)
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Unpack_c");
    insize_ = insize > INT_MAX ? INT_MAX : (int)insize;
    if (position && !__lc_int(*position))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Unpack_c");
    if (position)
        position_ = (int)*position;
    if (!__lc_int(outcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Unpack_c");
    outcount_ = (int)outcount;
    err = MPI_Unpack((void *)inbuf, insize_, position ? &position_ : 0, outbuf, outcount_, datatype, comm);
    if (err == MPI_SUCCESS && position)
        *position = position_;
    return err;
}

int MPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size)
{
    int incount_;
    int size_;
    int err = MPI_SUCCESS;
    if (!__lc_int(incount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Pack_size_c");
    incount_ = (int)incount;
    err = MPI_Pack_size(incount_, datatype, comm, size ? &size_ : 0);
    if (err == MPI_SUCCESS && size)
        *size = size_;
    return err;
}

int MPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size)
{
    int size_;
    int err = MPI_SUCCESS;
    err = MPI_Type_size(datatype, size ? &size_ : 0);
    if (err == MPI_SUCCESS && size)
        *size = size_;
    return err;
}

int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Send_c");
    count_ = (int)count;
    return MPI_Send((void *)buf, count_, datatype, dest, tag, comm);
}

int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Status *status)
{
    int count_;
    count_ = __lc_recv_count(count, datatype);
    return MPI_Recv(buf, count_, datatype, source, tag, comm, status);
}

int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Isend_c");
    count_ = (int)count;
    return MPI_Isend((void *)buf, count_, datatype, dest, tag, comm, request);
}

int MPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    int count_;
    count_ = __lc_recv_count(count, datatype);
    return MPI_Irecv(buf, count_, datatype, source, tag, comm, request);
}

int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                   MPI_Status *status)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Sendrecv_c");
    sendcount_ = (int)sendcount;
    recvcount_ = __lc_recv_count(recvcount, recvtype);
    return MPI_Sendrecv((void *)sendbuf, sendcount_, sendtype, dest, sendtag, recvbuf, recvcount_, recvtype, source,
                        recvtag, comm, status);
}

int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                    MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Isendrecv_c");
    sendcount_ = (int)sendcount;
    recvcount_ = __lc_recv_count(recvcount, recvtype);
    return MPI_Isendrecv((void *)sendbuf, sendcount_, sendtype, dest, sendtag, recvbuf, recvcount_, recvtype, source,
                         recvtag, comm, request);
}

int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
                            int recvtag, MPI_Comm comm, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Isendrecv_replace_c");
    count_ = (int)count;
    return MPI_Isendrecv_replace(buf, count_, datatype, dest, sendtag, source, recvtag, comm, request);
}

int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Bcast_c");
    count_ = (int)count;
    return MPI_Bcast(buffer, count_, datatype, root, comm);
}

int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                 MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Reduce_c");
    count_ = (int)count;
    return MPI_Reduce((void *)sendbuf, recvbuf, count_, datatype, op, root, comm);
}

int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allreduce_c");
    count_ = (int)count;
    return MPI_Allreduce((void *)sendbuf, recvbuf, count_, datatype, op, comm);
}

int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gather_c");
    sendcount_ = (int)sendcount;
    recvcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(recvcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gather_c");
        recvcount_ = (int)recvcount;
    }
    return MPI_Gather((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm);
}

int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Gatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Gatherv_c");
    }
    err = MPI_Gatherv((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, root, comm);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    sendcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(sendcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatter_c");
        sendcount_ = (int)sendcount;
    }
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatter_c");
    recvcount_ = (int)recvcount;
    return MPI_Scatter((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm);
}

int MPI_Scatterv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *displs, MPI_Datatype sendtype,
                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int *sendcounts_ = 0;
    int *displs_ = 0;
    int recvcount_;
    int err = MPI_SUCCESS;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatterv_c");
    recvcount_ = (int)recvcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Scatterv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Scatterv_c");
    }
    err = MPI_Scatterv((void *)sendbuf, sendcounts_, displs_, sendtype, recvbuf, recvcount_, recvtype, root, comm);
    free(sendcounts_);
    free(displs_);
    return err;
}

int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgather_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgather_c");
    recvcount_ = (int)recvcount;
    return MPI_Allgather((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm);
}

int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, MPI_Comm comm)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Allgatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Allgatherv_c");
    }
    err = MPI_Allgatherv((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                   MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Alltoall_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Alltoall_c");
    recvcount_ = (int)recvcount;
    return MPI_Alltoall((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm);
}

int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls, MPI_Datatype sendtype,
                    void *recvbuf, const MPI_Count *recvcounts, const MPI_Aint *rdispls, MPI_Datatype recvtype,
                    MPI_Comm comm)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Alltoallv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Alltoallv_c");
    }
    err = MPI_Alltoallv((void *)sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_, recvtype,
                        comm);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count *recvcounts, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm)
{
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_local(comm), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Reduce_scatter_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Reduce_scatter_c");
    }
    err = MPI_Reduce_scatter((void *)sendbuf, recvbuf, recvcounts_, datatype, op, comm);
    free(recvcounts_);
    return err;
}

int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scan_c");
    count_ = (int)count;
    return MPI_Scan((void *)sendbuf, recvbuf, count_, datatype, op, comm);
}

int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Exscan_c");
    count_ = (int)count;
    return MPI_Exscan((void *)sendbuf, recvbuf, count_, datatype, op, comm);
}

int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm)
{
    int recvcount_;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Reduce_scatter_block_c");
    recvcount_ = (int)recvcount;
    return MPI_Reduce_scatter_block((void *)sendbuf, recvbuf, recvcount_, datatype, op, comm);
}

int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                    const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                    const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Alltoallw_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Alltoallw_c");
    }
    err = MPI_Alltoallw((void *)sendbuf, sendcounts_, sdispls_, (MPI_Datatype *)sendtypes, recvbuf, recvcounts_,
                        rdispls_, (MPI_Datatype *)recvtypes, comm);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Reduce_local_c");
    count_ = (int)count;
    return MPI_Reduce_local((void *)inbuf, inoutbuf, count_, datatype, op);
}

int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ibcast_c");
    count_ = (int)count;
    return MPI_Ibcast(buffer, count_, datatype, root, comm, request);
}

int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ireduce_c");
    count_ = (int)count;
    return MPI_Ireduce((void *)sendbuf, recvbuf, count_, datatype, op, root, comm, request);
}

int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iallreduce_c");
    count_ = (int)count;
    return MPI_Iallreduce((void *)sendbuf, recvbuf, count_, datatype, op, comm, request);
}

int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Igather_c");
    sendcount_ = (int)sendcount;
    recvcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(recvcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Igather_c");
        recvcount_ = (int)recvcount;
    }
    return MPI_Igather((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm, request);
}

int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                   MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    sendcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(sendcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iscatter_c");
        sendcount_ = (int)sendcount;
    }
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iscatter_c");
    recvcount_ = (int)recvcount;
    return MPI_Iscatter((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm, request);
}

int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iallgather_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iallgather_c");
    recvcount_ = (int)recvcount;
    return MPI_Iallgather((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, request);
}

int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ialltoall_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ialltoall_c");
    recvcount_ = (int)recvcount;
    return MPI_Ialltoall((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, request);
}

int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, int root,
                   MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Igatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Igatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Igatherv_c");
    }
    err = MPI_Igatherv((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, root, comm,
                       request);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *displs, MPI_Datatype sendtype,
                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *displs_ = 0;
    int recvcount_;
    int err = MPI_SUCCESS;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iscatterv_c");
    recvcount_ = (int)recvcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Iscatterv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Iscatterv_c");
    }
    err = MPI_Iscatterv((void *)sendbuf, sendcounts_, displs_, sendtype, recvbuf, recvcount_, recvtype, root, comm,
                        request);
    free(sendcounts_);
    free(displs_);
    return err;
}

int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, MPI_Comm comm,
                      MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iallgatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Iallgatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Iallgatherv_c");
    }
    err = MPI_Iallgatherv((void *)sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm,
                          request);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls, MPI_Datatype sendtype,
                     void *recvbuf, const MPI_Count *recvcounts, const MPI_Aint *rdispls, MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ialltoallv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ialltoallv_c");
    }
    err = MPI_Ialltoallv((void *)sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_, recvtype,
                         comm, request);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                     const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                     const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ialltoallw_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ialltoallw_c");
    }
    err = MPI_Ialltoallw((void *)sendbuf, sendcounts_, sdispls_, (MPI_Datatype *)sendtypes, recvbuf, recvcounts_,
                         rdispls_, (MPI_Datatype *)recvtypes, comm, request);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count *recvcounts, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_local(comm), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ireduce_scatter_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ireduce_scatter_c");
    }
    err = MPI_Ireduce_scatter((void *)sendbuf, recvbuf, recvcounts_, datatype, op, comm, request);
    free(recvcounts_);
    return err;
}

int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    int recvcount_;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ireduce_scatter_block_c");
    recvcount_ = (int)recvcount;
    return MPI_Ireduce_scatter_block((void *)sendbuf, recvbuf, recvcount_, datatype, op, comm, request);
}

int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iscan_c");
    count_ = (int)count;
    return MPI_Iscan((void *)sendbuf, recvbuf, count_, datatype, op, comm, request);
}

int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Iexscan_c");
    count_ = (int)count;
    return MPI_Iexscan((void *)sendbuf, recvbuf, count_, datatype, op, comm, request);
}

int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgather_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgather_c");
    recvcount_ = (int)recvcount;
    return MPI_Neighbor_allgather(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm);
}

int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype,
                              MPI_Comm comm)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_allgatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_allgatherv_c");
    }
    err = MPI_Neighbor_allgatherv(sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_alltoall_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_alltoall_c");
    recvcount_ = (int)recvcount;
    return MPI_Neighbor_alltoall(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm);
}

int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                             MPI_Datatype sendtype, void *recvbuf, const MPI_Count *recvcounts,
                             const MPI_Aint *rdispls, MPI_Datatype recvtype, MPI_Comm comm)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_degree(comm, 1), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_alltoallv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_alltoallv_c");
    }
    err = MPI_Neighbor_alltoallv(sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_, recvtype,
                                 comm);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                             const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                             const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm)
{
    int *sendcounts_ = 0;
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_alltoallw_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_alltoallw_c");
    }
    err = MPI_Neighbor_alltoallw(sendbuf, sendcounts_, sdispls, sendtypes, recvbuf, recvcounts_, rdispls, recvtypes,
                                 comm);
    free(sendcounts_);
    free(recvcounts_);
    return err;
}

int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ineighbor_allgather_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ineighbor_allgather_c");
    recvcount_ = (int)recvcount;
    return MPI_Ineighbor_allgather(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, request);
}

int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ineighbor_allgatherv_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ineighbor_allgatherv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ineighbor_allgatherv_c");
    }
    err = MPI_Ineighbor_allgatherv(sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm,
                                   request);
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ineighbor_alltoall_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Ineighbor_alltoall_c");
    recvcount_ = (int)recvcount;
    return MPI_Ineighbor_alltoall(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, request);
}

int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                              MPI_Datatype sendtype, void *recvbuf, const MPI_Count *recvcounts,
                              const MPI_Aint *rdispls, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_degree(comm, 1), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ineighbor_alltoallv_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ineighbor_alltoallv_c");
    }
    err = MPI_Ineighbor_alltoallv(sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_, recvtype,
                                  comm, request);
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                              const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                              const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm,
                              MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Ineighbor_alltoallw_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Ineighbor_alltoallw_c");
    }
    err = MPI_Ineighbor_alltoallw(sendbuf, sendcounts_, sdispls, sendtypes, recvbuf, recvcounts_, rdispls, recvtypes,
                                  comm, request);
    free(sendcounts_);
    free(recvcounts_);
    return err;
}

int MPI_Win_create_c(void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    int disp_unit_;
    if (!__lc_int(disp_unit))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Win_create_c");
    disp_unit_ = (int)disp_unit;
    return MPI_Win_create(base, size, disp_unit_, info, comm, win);
}

int MPI_Win_allocate_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    int disp_unit_;
    if (!__lc_int(disp_unit))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Win_allocate_c");
    disp_unit_ = (int)disp_unit;
    return MPI_Win_allocate(size, disp_unit_, info, comm, baseptr, win);
}

int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Put_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Put_c");
    target_count_ = (int)target_count;
    return MPI_Put((void *)origin_addr, origin_count_, origin_datatype, target_rank, target_disp, target_count_,
                   target_datatype, win);
}

int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Get_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Get_c");
    target_count_ = (int)target_count;
    return MPI_Get(origin_addr, origin_count_, origin_datatype, target_rank, target_disp, target_count_,
                   target_datatype, win);
}

int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                     MPI_Win win)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Accumulate_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Accumulate_c");
    target_count_ = (int)target_count;
    return MPI_Accumulate((void *)origin_addr, origin_count_, origin_datatype, target_rank, target_disp,
                          target_count_, target_datatype, op, win);
}

int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                         void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                         MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                         MPI_Win win)
{
    int origin_count_;
    int result_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Get_accumulate_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(result_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Get_accumulate_c");
    result_count_ = (int)result_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Get_accumulate_c");
    target_count_ = (int)target_count;
    return MPI_Get_accumulate((void *)origin_addr, origin_count_, origin_datatype, result_addr, result_count_,
                              result_datatype, target_rank, target_disp, target_count_, target_datatype, op, win);
}

int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rput_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rput_c");
    target_count_ = (int)target_count;
    return MPI_Rput((void *)origin_addr, origin_count_, origin_datatype, target_rank, target_disp, target_count_,
                    target_datatype, win, request);
}

int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rget_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rget_c");
    target_count_ = (int)target_count;
    return MPI_Rget(origin_addr, origin_count_, origin_datatype, target_rank, target_disp, target_count_,
                    target_datatype, win, request);
}

int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                      MPI_Win win, MPI_Request *request)
{
    int origin_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Raccumulate_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Raccumulate_c");
    target_count_ = (int)target_count;
    return MPI_Raccumulate((void *)origin_addr, origin_count_, origin_datatype, target_rank, target_disp,
                           target_count_, target_datatype, op, win, request);
}

int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                          void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                          MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                          MPI_Win win, MPI_Request *request)
{
    int origin_count_;
    int result_count_;
    int target_count_;
    if (!__lc_int(origin_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rget_accumulate_c");
    origin_count_ = (int)origin_count;
    if (!__lc_int(result_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rget_accumulate_c");
    result_count_ = (int)result_count;
    if (!__lc_int(target_count))
        return __mpi_win_error(win, MPI_ERR_COUNT, "MPI_Rget_accumulate_c");
    target_count_ = (int)target_count;
    return MPI_Rget_accumulate((void *)origin_addr, origin_count_, origin_datatype, result_addr, result_count_,
                               result_datatype, target_rank, target_disp, target_count_, target_datatype, op, win,
                               request);
}

int MPI_Win_allocate_shared_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                              MPI_Win *win)
{
    int disp_unit_;
    if (!__lc_int(disp_unit))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Win_allocate_shared_c");
    disp_unit_ = (int)disp_unit;
    return MPI_Win_allocate_shared(size, disp_unit_, info, comm, baseptr, win);
}

int MPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr)
{
    int disp_unit_;
    int err = MPI_SUCCESS;
    err = MPI_Win_shared_query(win, rank, size, disp_unit ? &disp_unit_ : 0, baseptr);
    if (err == MPI_SUCCESS && disp_unit)
        *disp_unit = disp_unit_;
    return err;
}

int MPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count *array_of_gsizes,
                             const int *array_of_distribs, const int *array_of_dargs, const int *array_of_psizes,
                             int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int *array_of_gsizes_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && array_of_gsizes)
        err = __lc_count_ints(&array_of_gsizes_, array_of_gsizes, ndims, MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(array_of_gsizes_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_darray_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_darray_c");
    }
    err = MPI_Type_create_darray(size, rank, ndims, array_of_gsizes_, array_of_distribs, array_of_dargs,
                                 array_of_psizes, order, oldtype, newtype);
    free(array_of_gsizes_);
    return err;
}

int MPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count *array_of_displacements,
                                     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int count_;
    int blocklength_;
    MPI_Aint *array_of_displacements_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(count))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_hindexed_block_c");
    count_ = (int)count;
    if (!__lc_int(blocklength))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_create_hindexed_block_c");
    blocklength_ = (int)blocklength;
    if (err == MPI_SUCCESS && array_of_displacements)
        err = __lc_count_aints(&array_of_displacements_, array_of_displacements, count_, MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(array_of_displacements_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Type_create_hindexed_block_c", __lc_asked);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_hindexed_block_c");
    }
    err = MPI_Type_create_hindexed_block(count_, blocklength_, array_of_displacements_, oldtype, newtype);
    free(array_of_displacements_);
    return err;
}

int MPI_Pack_external_c(const char *datarep, const void *inbuf, MPI_Count incount, MPI_Datatype datatype,
                        void *outbuf, MPI_Count outsize, MPI_Count *position)
{
    int incount_;
    MPI_Aint outsize_;
    MPI_Aint position_;
    int err = MPI_SUCCESS;
    if (!__lc_int(incount))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Pack_external_c");
    incount_ = (int)incount;
    if (outsize < LONG_MIN)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Pack_external_c");
    outsize_ = outsize > LONG_MAX ? LONG_MAX : (MPI_Aint)outsize;
    if (position && !__lc_aint(*position))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Pack_external_c");
    if (position)
        position_ = (MPI_Aint)*position;
    err = MPI_Pack_external(datarep, inbuf, incount_, datatype, outbuf, outsize_, position ? &position_ : 0);
    if (err == MPI_SUCCESS && position)
        *position = position_;
    return err;
}

int MPI_Unpack_external_c(const char *datarep, const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                          MPI_Count outcount, MPI_Datatype datatype)
{
    MPI_Aint insize_;
    MPI_Aint position_;
    int outcount_;
    int err = MPI_SUCCESS;
    if (insize < LONG_MIN)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Unpack_external_c");
    insize_ = insize > LONG_MAX ? LONG_MAX : (MPI_Aint)insize;
    if (position && !__lc_aint(*position))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Unpack_external_c");
    if (position)
        position_ = (MPI_Aint)*position;
    if (!__lc_int(outcount))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Unpack_external_c");
    outcount_ = (int)outcount;
    err = MPI_Unpack_external(datarep, inbuf, insize_, position ? &position_ : 0, outbuf, outcount_, datatype);
    if (err == MPI_SUCCESS && position)
        *position = position_;
    return err;
}

int MPI_Pack_external_size_c(const char *datarep, MPI_Count incount, MPI_Datatype datatype, MPI_Count *size)
{
    int incount_;
    MPI_Aint size_;
    int err = MPI_SUCCESS;
    if (!__lc_int(incount))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Pack_external_size_c");
    incount_ = (int)incount;
    err = MPI_Pack_external_size(datarep, incount_, datatype, size ? &size_ : 0);
    if (err == MPI_SUCCESS && size)
        *size = size_;
    return err;
}

int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    int count_;
    count_ = __lc_recv_count(count, datatype);
    return MPI_Mrecv(buf, count_, datatype, message, status);
}

int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    int count_;
    count_ = __lc_recv_count(count, datatype);
    return MPI_Imrecv(buf, count_, datatype, message, request);
}

int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                     MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Bcast_init_c");
    count_ = (int)count;
    return MPI_Bcast_init(buffer, count_, datatype, root, comm, info, request);
}

int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                      MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gather_init_c");
    sendcount_ = (int)sendcount;
    recvcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(recvcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gather_init_c");
        recvcount_ = (int)recvcount;
    }
    return MPI_Gather_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm, info, request);
}

int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                       MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    sendcount_ = 0;
    if (__lc_root(comm, root)) {
        if (!__lc_int(sendcount))
            return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatter_init_c");
        sendcount_ = (int)sendcount;
    }
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatter_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Scatter_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, root, comm, info, request);
}

int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgather_init_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgather_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Allgather_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, info, request);
}

int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                        MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Alltoall_init_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Alltoall_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Alltoall_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, info, request);
}

int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, int root,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Gatherv_init_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Gatherv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Gatherv_init_c");
    }
    err = MPI_Gatherv_init(sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, root, comm, info,
                           request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, 0, __lc_peers(comm), "MPI_Gatherv_init_c");
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype, MPI_Comm comm,
                          MPI_Info info, MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allgatherv_init_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Allgatherv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Allgatherv_init_c");
    }
    err = MPI_Allgatherv_init(sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm, info,
                              request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, 0, __lc_peers(comm), "MPI_Allgatherv_init_c");
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *displs,
                        MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *displs_ = 0;
    int recvcount_;
    int err = MPI_SUCCESS;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scatterv_init_c");
    recvcount_ = (int)recvcount;
    if (err == MPI_SUCCESS && __lc_root(comm, root) && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && __lc_root(comm, root) && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Scatterv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Scatterv_init_c");
    }
    err = MPI_Scatterv_init(sendbuf, sendcounts_, displs_, sendtype, recvbuf, recvcount_, recvtype, root, comm, info,
                            request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, __lc_peers(comm), 0, "MPI_Scatterv_init_c");
    free(sendcounts_);
    free(displs_);
    return err;
}

int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                         MPI_Datatype sendtype, void *recvbuf, const MPI_Count *recvcounts, const MPI_Aint *rdispls,
                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Alltoallv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Alltoallv_init_c");
    }
    err = MPI_Alltoallv_init(sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_, recvtype, comm,
                             info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, __lc_peers(comm), __lc_peers(comm), "MPI_Alltoallv_init_c");
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                         const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                         const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_peers(comm), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_peers(comm), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Alltoallw_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Alltoallw_init_c");
    }
    err = MPI_Alltoallw_init(sendbuf, sendcounts_, sdispls_, sendtypes, recvbuf, recvcounts_, rdispls_, recvtypes,
                             comm, info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, __lc_peers(comm), __lc_peers(comm), "MPI_Alltoallw_init_c");
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Reduce_init_c");
    count_ = (int)count;
    return MPI_Reduce_init(sendbuf, recvbuf, count_, datatype, op, root, comm, info, request);
}

int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Allreduce_init_c");
    count_ = (int)count;
    return MPI_Allreduce_init(sendbuf, recvbuf, count_, datatype, op, comm, info, request);
}

int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count *recvcounts, MPI_Datatype datatype,
                              MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_local(comm), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Reduce_scatter_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Reduce_scatter_init_c");
    }
    err = MPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts_, datatype, op, comm, info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, 0, __lc_local(comm), "MPI_Reduce_scatter_init_c");
    free(recvcounts_);
    return err;
}

int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int recvcount_;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Reduce_scatter_block_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount_, datatype, op, comm, info, request);
}

int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Scan_init_c");
    count_ = (int)count;
    return MPI_Scan_init(sendbuf, recvbuf, count_, datatype, op, comm, info, request);
}

int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int count_;
    if (!__lc_int(count))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Exscan_init_c");
    count_ = (int)count;
    return MPI_Exscan_init(sendbuf, recvbuf, count_, datatype, op, comm, info, request);
}

int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgather_init_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgather_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Neighbor_allgather_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, info,
                                       request);
}

int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    int sendcount_;
    int recvcount_;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_alltoall_init_c");
    sendcount_ = (int)sendcount;
    if (!__lc_int(recvcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_alltoall_init_c");
    recvcount_ = (int)recvcount;
    return MPI_Neighbor_alltoall_init(sendbuf, sendcount_, sendtype, recvbuf, recvcount_, recvtype, comm, info,
                                      request);
}

int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   const MPI_Count *recvcounts, const MPI_Aint *displs, MPI_Datatype recvtype,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int sendcount_;
    int *recvcounts_ = 0;
    int *displs_ = 0;
    int err = MPI_SUCCESS;
    if (!__lc_int(sendcount))
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Neighbor_allgatherv_init_c");
    sendcount_ = (int)sendcount;
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && displs)
        err = __lc_aint_ints(&displs_, displs, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(recvcounts_);
        free(displs_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_allgatherv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_allgatherv_init_c");
    }
    err = MPI_Neighbor_allgatherv_init(sendbuf, sendcount_, sendtype, recvbuf, recvcounts_, displs_, recvtype, comm,
                                       info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, 0, __lc_degree(comm, 0), "MPI_Neighbor_allgatherv_init_c");
    free(recvcounts_);
    free(displs_);
    return err;
}

int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                                  MPI_Datatype sendtype, void *recvbuf, const MPI_Count *recvcounts,
                                  const MPI_Aint *rdispls, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *sdispls_ = 0;
    int *recvcounts_ = 0;
    int *rdispls_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && sdispls)
        err = __lc_aint_ints(&sdispls_, sdispls, __lc_degree(comm, 1), MPI_ERR_ARG);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && rdispls)
        err = __lc_aint_ints(&rdispls_, rdispls, __lc_degree(comm, 0), MPI_ERR_ARG);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(sdispls_);
        free(recvcounts_);
        free(rdispls_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_alltoallv_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_alltoallv_init_c");
    }
    err = MPI_Neighbor_alltoallv_init(sendbuf, sendcounts_, sdispls_, sendtype, recvbuf, recvcounts_, rdispls_,
                                      recvtype, comm, info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, __lc_degree(comm, 1), __lc_degree(comm, 0), "MPI_Neighbor_alltoallv_init_c");
    free(sendcounts_);
    free(sdispls_);
    free(recvcounts_);
    free(rdispls_);
    return err;
}

int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count *sendcounts, const MPI_Aint *sdispls,
                                  const MPI_Datatype *sendtypes, void *recvbuf, const MPI_Count *recvcounts,
                                  const MPI_Aint *rdispls, const MPI_Datatype *recvtypes, MPI_Comm comm,
                                  MPI_Info info, MPI_Request *request)
{
    int *sendcounts_ = 0;
    int *recvcounts_ = 0;
    int err = MPI_SUCCESS;
    if (err == MPI_SUCCESS && sendcounts)
        err = __lc_count_ints(&sendcounts_, sendcounts, __lc_degree(comm, 1), MPI_ERR_COUNT);
    if (err == MPI_SUCCESS && recvcounts)
        err = __lc_count_ints(&recvcounts_, recvcounts, __lc_degree(comm, 0), MPI_ERR_COUNT);
    if (err != MPI_SUCCESS) {
        free(sendcounts_);
        free(recvcounts_);
        if (err == MPI_ERR_NO_MEM)
            return __mpi_no_mem(comm, "MPI_Neighbor_alltoallw_init_c", __lc_asked);
        return __mpi_error(comm, err, "MPI_Neighbor_alltoallw_init_c");
    }
    err = MPI_Neighbor_alltoallw_init(sendbuf, sendcounts_, sdispls, sendtypes, recvbuf, recvcounts_, rdispls,
                                      recvtypes, comm, info, request);
    if (err == MPI_SUCCESS)
        err = __mpi_pcoll_keep(request, __lc_degree(comm, 1), __lc_degree(comm, 0), "MPI_Neighbor_alltoallw_init_c");
    free(sendcounts_);
    free(recvcounts_);
    return err;
}

/* END GENERATED */
