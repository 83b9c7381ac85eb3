/* Large counts (MPI-3): MPI_Type_size_x, MPI_Type_get_extent_x, MPI_Type_get_true_extent_x,
 * MPI_Get_elements_x and MPI_Status_set_elements_x, with MPI_Count (64 bits) for their results; and MPI-2's
 * MPI_Status_set_elements and MPI_Status_set_cancelled. As in MPICH, MPI_Status_set_elements(_x) records count
 * times the datatype's size in bytes, which MPI_Get_elements then reads back in basic elements and
 * MPI_Get_count in whole items. A status holds the bytes received in __count (an int: a message is at most a
 * node's 8 MiB); a count set beyond 2^31 - 1 bytes keeps its bits 0..31 there and its bits 32..62 in
 * __cancelled above the cancelled flag (bit 0, which MPI_Test_cancelled reads alone), as MPICH splits its
 * count; MPI_Get_elements_x reads all 63 bits, and MPI_Get_count and MPI_Get_elements say MPI_UNDEFINED for a
 * count beyond an int (through big_status). A file of its own, so that programs that do not call them do
 * not link it. */
#include <limits.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#define FAIL(code, fn) return __mpi_error(MPI_COMM_WORLD, code, fn)

int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_size_x");
    if (!size)
        FAIL(MPI_ERR_ARG, "MPI_Type_size_x");
    *size = t->size;
    return MPI_SUCCESS;
}

int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_get_extent_x");
    if (!lb || !extent)
        FAIL(MPI_ERR_ARG, "MPI_Type_get_extent_x");
    *lb = t->lb;
    *extent = (MPI_Count)t->ub - t->lb;
    return MPI_SUCCESS;
}

int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_get_true_extent_x");
    if (!true_lb || !true_extent)
        FAIL(MPI_ERR_ARG, "MPI_Type_get_true_extent_x");
    *true_lb = t->true_lb;
    *true_extent = (MPI_Count)t->true_ub - t->true_lb;
    return MPI_SUCCESS;
}

/* The bytes a status records (63 bits). */
static MPI_Count status_bytes(const MPI_Status *status)
{
    return (MPI_Count)((unsigned)status->__cancelled >> 1) << 32 | (unsigned)status->__count;
}

int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    MPI_Count bytes;
    MPI_Status part;
    int n;
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Get_elements_x");
    if (!status || !count)
        FAIL(MPI_ERR_ARG, "MPI_Get_elements_x");
    bytes = status_bytes(status);
    if (bytes <= INT_MAX) {
        MPI_Get_elements((MPI_Status *)status, datatype, &n);
        *count = n;
        return MPI_SUCCESS;
    }
    if (t->size == 0) {
        *count = 0;
        return MPI_SUCCESS;
    }
    /* whole items, then the basic elements of the partial one (MPI_Get_elements of what is left) */
    part = *status;
    part.__count = (int)(bytes % t->size);
    part.__cancelled = 0;
    MPI_Get_elements(&part, datatype, &n);
    *count = bytes / t->size * t->nelems + n;
    return MPI_SUCCESS;
}

/* MPI_Get_count and MPI_Get_elements of a status of more than 2^31 - 1 bytes (datatype.c calls this through
 * __mpi_big_status, which set_elements sets): the count, or MPI_UNDEFINED when it does not fit an int. */
extern int (*__mpi_big_status)(MPI_Status *status, MPI_Datatype datatype, int elements, int *count);

static int big_status(MPI_Status *status, MPI_Datatype datatype, int elements, int *count)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    MPI_Count bytes = status_bytes(status), n;
    if (elements)
        MPI_Get_elements_x(status, datatype, &n);
    else if (t->size == 0)
        n = 0;
    else
        n = bytes % t->size ? MPI_UNDEFINED : bytes / t->size;
    *count = n > INT_MAX ? MPI_UNDEFINED : (int)n;
    return MPI_SUCCESS;
}

static int set_elements(MPI_Status *status, MPI_Datatype datatype, MPI_Count count, const char *fn)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    MPI_Count bytes;
    if (!t)
        FAIL(MPI_ERR_TYPE, fn);
    if (!status)
        FAIL(MPI_ERR_ARG, fn);
    if (count < 0 || (t->size > 0 && count > (MPI_Count)0x7fffffffffffffffLL / t->size))
        FAIL(MPI_ERR_COUNT, fn);
    bytes = count * t->size;
    if (bytes > INT_MAX)
        __mpi_big_status = big_status;
    status->__count = (int)(unsigned)bytes;
    status->__cancelled = (status->__cancelled & 1) | (int)((unsigned)(bytes >> 32) << 1);
    return MPI_SUCCESS;
}

int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    return set_elements(status, datatype, count, "MPI_Status_set_elements_x");
}

int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
    return set_elements(status, datatype, count, "MPI_Status_set_elements");
}

int MPI_Status_set_cancelled(MPI_Status *status, int flag)
{
    if (!status)
        FAIL(MPI_ERR_ARG, "MPI_Status_set_cancelled");
    status->__cancelled = (status->__cancelled & ~1) | (flag != 0);
    return MPI_SUCCESS;
}
