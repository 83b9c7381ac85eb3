/* Checks the T3D library's collectives over protocol slots (docs/mpi-t3d.md, "Collectives") for exact
 * results on any number of processes: broadcast from every root (whole words, odd byte counts, a strided
 * type), reduce to every root with a commutative and a non-commutative operation, allreduce, gather(v),
 * scatter(v), all-to-all, and barriers on the whole world and on a part of it, back to back so that slot
 * messages of successive calls meet. Prints one line: collcheck: N processes, E error(s). Usage: collcheck */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int errors;

static void check(int ok, const char *what, int root, int rank)
{
    if (!ok) {
        if (errors < 10)
            printf("collcheck: rank %d: %s (root %d) wrong\n", rank, what, root);
        errors++;
    }
}

/* A non-commutative operation on int pairs (a, b) read as the affine map x -> a x + b: composition. */
static void compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *x = (int *)in, *y = (int *)inout, i;
    (void)type;
    for (i = 0; i < *len; i++) {
        int a = x[2 * i] * y[2 * i], b = x[2 * i + 1] * y[2 * i] + y[2 * i + 1];
        y[2 * i] = a;
        y[2 * i + 1] = b;
    }
}

int main(int argc, char **argv)
{
    int rank, p, root, i, j, n = 300;
    int *a, *b, *c;
    char bytes[37];
    MPI_Datatype pair, every3;
    MPI_Op op;
    MPI_Comm part;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    a = (int *)malloc(3 * n * p * sizeof(int));
    b = (int *)malloc(3 * n * p * sizeof(int));
    c = (int *)malloc(3 * n * p * sizeof(int));
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_vector(n, 1, 3, MPI_INT, &every3);
    MPI_Type_commit(&every3);
    MPI_Op_create(compose, 0, &op);
    for (root = 0; root < p; root++) {
        /* broadcast: words, odd bytes, strided */
        for (i = 0; i < n; i++)
            a[i] = rank == root ? root * 1000 + i : -1;
        MPI_Bcast(a, n, MPI_INT, root, MPI_COMM_WORLD);
        for (i = 0; i < n; i++)
            check(a[i] == root * 1000 + i, "bcast", root, rank);
        for (i = 0; i < 37; i++)
            bytes[i] = rank == root ? (char)(root + i) : 0;
        MPI_Bcast(bytes, 37, MPI_CHAR, root, MPI_COMM_WORLD);
        for (i = 0; i < 37; i++)
            check(bytes[i] == (char)(root + i), "bcast of 37 bytes", root, rank);
        for (i = 0; i < 3 * n; i++)
            a[i] = rank == root ? i : -1;
        MPI_Bcast(a, 1, every3, root, MPI_COMM_WORLD);
        for (i = 0; i < 3 * n; i++)
            check(a[i] == (i % 3 == 0 || rank == root ? i : -1), "bcast of a vector", root, rank);
        /* reduce: sum, then the non-commutative composition (rank order matters) */
        for (i = 0; i < n; i++)
            a[i] = rank * i + root;
        MPI_Reduce(a, b, n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank == root)
            for (i = 0; i < n; i++)
                check(b[i] == i * p * (p - 1) / 2 + p * root, "reduce sum", root, rank);
        for (i = 0; i < 4; i++) {
            a[2 * i] = 2 + (rank + i) % 3;
            a[2 * i + 1] = rank + i;
        }
        MPI_Reduce(a, b, 4, pair, op, root, MPI_COMM_WORLD);
        if (rank == root)
            for (i = 0; i < 4; i++) {
                int x = 1, y = 0;       /* the composition in rank order: rank 0's map applied first */
                for (j = 0; j < p; j++) {
                    int aa = 2 + (j + i) % 3, bb = j + i;
                    y = aa * y + bb;
                    x = aa * x;
                }
                check(b[2 * i] == x && b[2 * i + 1] == y, "reduce in rank order", root, rank);
            }
        /* gather and scatter */
        for (i = 0; i < n; i++)
            a[i] = rank * n + i;
        MPI_Gather(a, n, MPI_INT, b, n, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root)
            for (i = 0; i < n * p; i++)
                check(b[i] == i, "gather", root, rank);
        for (i = 0; i < n * p; i++)
            b[i] = rank == root ? 7 * i + root : -1;
        MPI_Scatter(b, n, MPI_INT, c, n, MPI_INT, root, MPI_COMM_WORLD);
        for (i = 0; i < n; i++)
            check(c[i] == 7 * (rank * n + i) + root, "scatter", root, rank);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* allreduce, all-to-all */
    for (i = 0; i < n; i++)
        a[i] = rank + i;
    MPI_Allreduce(a, b, n, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < n; i++)
        check(b[i] == p - 1 + i, "allreduce", 0, rank);
    for (j = 0; j < p; j++)
        for (i = 0; i < 5; i++)
            a[5 * j + i] = 100 * rank + 10 * j + i;
    MPI_Alltoall(a, 5, MPI_INT, b, 5, MPI_INT, MPI_COMM_WORLD);
    for (j = 0; j < p; j++)
        for (i = 0; i < 5; i++)
            check(b[5 * j + i] == 100 * j + 10 * rank + i, "alltoall", 0, rank);
    /* the software barrier and broadcast on all but the last process, back to back */
    MPI_Comm_split(MPI_COMM_WORLD, p > 1 && rank == p - 1 ? MPI_UNDEFINED : 0, rank, &part);
    if (part != MPI_COMM_NULL) {
        int q, r;
        MPI_Comm_size(part, &q);
        MPI_Comm_rank(part, &r);
        for (i = 0; i < 20; i++) {
            int v = r == i % q ? i : -1;
            MPI_Barrier(part);
            MPI_Bcast(&v, 1, MPI_INT, i % q, part);
            check(v == i, "bcast on a part", i % q, rank);
        }
        MPI_Comm_free(&part);
    }
    MPI_Allreduce(&errors, &i, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("collcheck: %d processes, %d error(s)\n", p, i);
    MPI_Finalize();
    return 0;
}
