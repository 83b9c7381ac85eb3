/* attrs.c - attribute caching: the predefined attributes of MPI_COMM_WORLD (MPI_TAG_UB, MPI_HOST, MPI_IO,
 * MPI_WTIME_IS_GLOBAL), keyvals with copy and delete callbacks (MPI_Keyval_create, MPI_Attr_put/get/delete,
 * MPI_Keyval_free), the callbacks MPI_Comm_dup and MPI_Comm_free call, MPI_NULL_COPY_FN and MPI_DUP_FN, and
 * the MPI-2 names of the same functions. Every process counts the callbacks it saw; rank 0 prints. Only
 * properties that MPI fixes are printed, so the output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

static int copies, deletes, last_deleted;

/* copies the value plus 1000, and only for values below 5000 */
static int copy_fn(MPI_Comm oldcomm, int key, void *extra, void *in, void *out, int *flag)
{
    (void)oldcomm;
    (void)key;
    copies++;
    if (*(int *)extra != 42)
        errors++;
    if ((long)in >= 5000) {
        *flag = 0;
        return MPI_SUCCESS;
    }
    *(void **)out = (void *)((long)in + 1000);
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_fn(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm;
    (void)key;
    (void)extra;
    deletes++;
    last_deleted = (int)(long)val;
    return MPI_SUCCESS;
}

static int run(void)
{
    int *v, flag, key, key2, key3, extra = 42, sums[3], totals[3];
    void *val;
    MPI_Comm dup, dup2;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("attrs: %d processes\n", size);

    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
    if (rank == 0)
        printf("MPI_TAG_UB: present %s, at least 32767: %s\n", flag ? "yes" : "no", flag && *v >= 32767 ? "yes" : "no");
    MPI_Attr_get(MPI_COMM_WORLD, MPI_HOST, &v, &flag);
    if (rank == 0)
        printf("MPI_HOST: present %s, a rank or MPI_PROC_NULL: %s\n", flag ? "yes" : "no",
               flag && (*v == MPI_PROC_NULL || (*v >= 0 && *v < size)) ? "yes" : "no");
    MPI_Attr_get(MPI_COMM_WORLD, MPI_IO, &v, &flag);
    if (rank == 0)
        printf("MPI_IO: present %s, a rank, MPI_ANY_SOURCE or MPI_PROC_NULL: %s\n", flag ? "yes" : "no",
               flag && (*v == MPI_ANY_SOURCE || *v == MPI_PROC_NULL || (*v >= 0 && *v < size)) ? "yes" : "no");
    MPI_Attr_get(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &v, &flag);
    if (rank == 0)
        printf("MPI_WTIME_IS_GLOBAL: 0 or 1: %s\n", !flag || *v == 0 || *v == 1 ? "yes" : "no");

    MPI_Keyval_create(copy_fn, delete_fn, &key, &extra);
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &key2, 0);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &key3, 0);
    MPI_Attr_get(MPI_COMM_WORLD, key, &val, &flag);
    if (flag)
        errors++;
    MPI_Attr_put(MPI_COMM_WORLD, key, (void *)(long)(100 + rank));
    MPI_Attr_put(MPI_COMM_WORLD, key2, (void *)(long)(200 + rank));
    MPI_Comm_set_attr(MPI_COMM_WORLD, key3, (void *)(long)(300 + rank));
    MPI_Attr_get(MPI_COMM_WORLD, key, &val, &flag);
    if (!flag || (long)val != 100 + rank)
        errors++;
    /* replacing a value calls the delete callback on the old one */
    MPI_Attr_put(MPI_COMM_WORLD, key, (void *)(long)(110 + rank));
    if (deletes != 1 || last_deleted != 100 + rank)
        errors++;
    report("put, get, replace");

    /* dup: copy_fn adds 1000; MPI_NULL_COPY_FN drops key2; MPI_COMM_DUP_FN keeps key3's value */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Attr_get(dup, key, &val, &flag);
    if (!flag || (long)val != 1110 + rank)
        errors++;
    MPI_Attr_get(dup, key2, &val, &flag);
    if (flag)
        errors++;
    MPI_Comm_get_attr(dup, key3, &val, &flag);
    if (!flag || (long)val != 300 + rank)
        errors++;
    /* dup of the dup: 2110 + rank; then one above 5000 is not copied */
    MPI_Comm_dup(dup, &dup2);
    MPI_Attr_get(dup2, key, &val, &flag);
    if (!flag || (long)val != 2110 + rank)
        errors++;
    MPI_Attr_put(dup2, key, (void *)(long)6000);
    if (deletes != 2 || last_deleted != 2110 + rank)
        errors++;
    MPI_Attr_delete(dup, key);
    if (deletes != 3 || last_deleted != 1110 + rank)
        errors++;
    MPI_Attr_get(dup, key, &val, &flag);
    if (flag)
        errors++;
    report("dup copies through the callbacks, delete");

    /* free: the delete callback runs for what is left; the keyval outlives MPI_Keyval_free until then */
    MPI_Keyval_free(&key);
    if (key != MPI_KEYVAL_INVALID)
        errors++;
    MPI_Comm_free(&dup2);
    if (deletes != 4 || last_deleted != 6000)
        errors++;
    MPI_Comm_free(&dup);
    if (deletes != 4)
        errors++;
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key3);
    MPI_Comm_get_attr(MPI_COMM_WORLD, key3, &val, &flag);
    if (flag)
        errors++;
    MPI_Comm_free_keyval(&key3);
    MPI_Keyval_free(&key2);
    report("free calls delete callbacks; keyvals freed");

    sums[0] = copies;
    sums[1] = deletes;
    sums[2] = last_deleted == 6000;
    MPI_Reduce(sums, totals, 3, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("copy callbacks %d, delete callbacks %d (over all processes)\n", totals[0], totals[1]);
        printf("attrs: %s\n", failed ? "FAILED" : "OK");
    }
    return failed;
}

int main(int argc, char **argv)
{
    int status;
    MPI_Init(&argc, &argv);
    status = run();
    MPI_Finalize();
    return status;
}
