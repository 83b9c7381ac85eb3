/* finalize_self.c - MPI_Finalize deletes the attributes of MPI_COMM_SELF first, the case of MPICH's
 * init/attrself: five keyvals, their attributes put on MPI_COMM_SELF in the order 3 2 0 1 4 (key 0's put
 * twice, which keeps its place), the keyvals freed while the attributes still use them, then MPI_Finalize
 * calls each delete callback once, with its value, in the reverse of the order the attributes were put
 * (MPI-2.2 section 8.7.1), before it returns. An attribute deleted before MPI_Finalize is not deleted again.
 * (Attributes on MPI_COMM_WORLD are left out: the standard does not say whether MPI_Finalize deletes them.)
 *
 * Every process checks; rank 0 prints the order it saw and the verdict after MPI_Finalize. The output is
 * the same under MPICH. */
#include <stdio.h>
#include <mpi.h>

#define NKEYS 5

static int key[NKEYS], value[NKEYS], order[NKEYS + 1], ncalls, errors;

static int delete_fn(MPI_Comm comm, int keyval, void *val, void *extra)
{
    int i = (int)(long)extra;
    if (comm != MPI_COMM_SELF || (i < NKEYS && (val != &value[i] || keyval != key[i])))
        errors++;
    if (ncalls < NKEYS + 1)
        order[ncalls] = i;
    ncalls++;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    static const int put[NKEYS] = {3, 2, 0, 1, 4};
    int rank, i, early_key, before;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < NKEYS; i++)
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_fn, &key[i], (void *)(long)i);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_fn, &early_key, (void *)(long)NKEYS);
    for (i = 0; i < NKEYS; i++)
        MPI_Comm_set_attr(MPI_COMM_SELF, key[put[i]], &value[put[i]]);
    MPI_Comm_set_attr(MPI_COMM_SELF, key[0], &value[0]);      /* deletes the old value: one call */
    MPI_Comm_set_attr(MPI_COMM_SELF, early_key, &value[0]);
    MPI_Comm_delete_attr(MPI_COMM_SELF, early_key);             /* one call, now */
    before = ncalls;
    errors = 0;
    ncalls = 0;
    for (i = 0; i < NKEYS; i++) {
        int k = key[i];                 /* MPI_Comm_free_keyval sets its argument to MPI_KEYVAL_INVALID */
        MPI_Comm_free_keyval(&k);
    }
    if (before != 2)
        errors++;

    MPI_Finalize();

    if (ncalls != NKEYS)
        errors++;
    for (i = 0; i < NKEYS && i < ncalls; i++)
        if (order[i] != put[NKEYS - 1 - i])
            errors++;
    if (rank == 0) {
        printf("delete callbacks before MPI_Finalize: %d\n", before);
        printf("delete callbacks in MPI_Finalize: %d, keys", ncalls);
        for (i = 0; i < ncalls && i < NKEYS + 1; i++)
            printf(" %d", order[i]);
        printf("\n%s\n", errors ? "FAILED" : "ok");
    }
    return 0;
}
