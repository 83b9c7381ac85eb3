/* bigitems.c - reductions whose items are longer than a slot message (MPICH's coll/allred3 reduces one
 * size x size matrix of ints with a non-commutative user operation, 400 bytes on 10 ranks):
 *
 *  - MPI_Allreduce, MPI_Reduce (at every root) and MPI_Scan of permutation matrices under matrix product,
 *    a non-commutative operation, on MPI_COMM_WORLD and on a communicator of all ranks but the last (whose
 *    size is not a power of two); the product of the ranks' matrices in rank order is known;
 *  - MPI_Allreduce and MPI_Reduce of a commutative user operation (element-wise sum) on items of 16 to 64
 *    ints, in place too.
 *
 * Every process checks; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define MAXN 8

static int n;                           /* n: the matrices' order */

/* inout = in * inout, for each of *count n x n matrices (in holds the lower ranks' product) */
static void matmul(void *in, void *inout, int *count, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, t[MAXN * MAXN], k, i, j, l;
    (void)type;
    for (k = 0; k < *count; k++, a += n * n, b += n * n) {
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                int s = 0;
                for (l = 0; l < n; l++)
                    s += a[i * n + l] * b[l * n + j];
                t[i * n + j] = s;
            }
        memcpy(b, t, n * n * sizeof(int));
    }
}

static int width;                        /* ints per item of the element-wise sum */

static void vsum(void *in, void *inout, int *count, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, i;
    (void)type;
    for (i = 0; i < *count * width; i++)
        b[i] += a[i];
}

/* The matrix of the cyclic shift by s: row i has its 1 in column (i + s) mod n. */
static void shift(int *m, int s)
{
    int i;
    memset(m, 0, n * n * sizeof(int));
    for (i = 0; i < n; i++)
        m[i * n + (i + s) % n] = 1;
}

/* A matrix that is no power of a shift, so that the order of the product matters: the identity with rows
 * r mod n and (r + 1) mod n swapped, times the shift by r. */
static void mine(int *m, int r)
{
    int swap[MAXN * MAXN], i, a = r % n, b = (r + 1) % n, one = 1;
    shift(swap, 0);
    for (i = 0; i < n; i++) {
        int x = swap[a * n + i];
        swap[a * n + i] = swap[b * n + i];
        swap[b * n + i] = x;
    }
    shift(m, r % n);
    matmul(swap, m, &one, 0);
}

/* The product of the matrices of ranks 0..last, in rank order. */
static void product(int *m, int last)
{
    int r, one = 1, next[MAXN * MAXN];
    mine(m, 0);
    for (r = 1; r <= last; r++) {
        mine(next, r);
        matmul(m, next, &one, 0);
        memcpy(m, next, n * n * sizeof(int));
    }
}

static void matrices(MPI_Comm comm)
{
    int p, r, root, a[MAXN * MAXN], b[MAXN * MAXN], want[MAXN * MAXN];
    MPI_Datatype mat;
    MPI_Op op;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &r);
    n = MAXN;
    MPI_Type_contiguous(n * n, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(matmul, 0, &op);
    product(want, p - 1);

    mine(a, r);
    MPI_Allreduce(a, b, 1, mat, op, comm);
    check(memcmp(b, want, sizeof want) == 0);
    mine(b, r);
    MPI_Allreduce(MPI_IN_PLACE, b, 1, mat, op, comm);
    check(memcmp(b, want, sizeof want) == 0);
    for (root = 0; root < p; root++) {
        mine(a, r);
        memset(b, 0, sizeof b);
        MPI_Reduce(a, b, 1, mat, op, root, comm);
        if (r == root)
            check(memcmp(b, want, sizeof want) == 0);
    }
    mine(a, r);
    MPI_Scan(a, b, 1, mat, op, comm);
    product(want, r);
    check(memcmp(b, want, sizeof want) == 0);
    MPI_Op_free(&op);
    MPI_Type_free(&mat);
}

static void sums(MPI_Comm comm)
{
    int p, r, i, w, buf[2 * 64], out[2 * 64];
    MPI_Datatype item;
    MPI_Op op;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &r);
    MPI_Op_create(vsum, 1, &op);
    for (w = 16; w <= 64; w *= 2) {
        width = w;
        MPI_Type_contiguous(w, MPI_INT, &item);
        MPI_Type_commit(&item);
        for (i = 0; i < 2 * w; i++)
            buf[i] = r * 1000 + i;
        MPI_Allreduce(buf, out, 2, item, op, comm);
        for (i = 0; i < 2 * w; i++)
            check(out[i] == 1000 * p * (p - 1) / 2 + p * i);
        MPI_Allreduce(MPI_IN_PLACE, buf, 2, item, op, comm);
        for (i = 0; i < 2 * w; i++)
            check(buf[i] == 1000 * p * (p - 1) / 2 + p * i);
        for (i = 0; i < 2 * w; i++)
            buf[i] = r * 1000 + i;
        MPI_Reduce(buf, out, 2, item, op, p - 1, comm);
        if (r == p - 1)
            for (i = 0; i < 2 * w; i++)
                check(out[i] == 1000 * p * (p - 1) / 2 + p * i);
        MPI_Type_free(&item);
    }
    MPI_Op_free(&op);
}

int main(int argc, char **argv)
{
    MPI_Comm part;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, rank < size - 1, rank, &part);
    matrices(MPI_COMM_WORLD);
    report("MPI_COMM_WORLD: 8x8 matrices, non-commutative");
    if (rank < size - 1)
        matrices(part);
    report("all ranks but the last: 8x8 matrices, non-commutative");
    sums(MPI_COMM_WORLD);
    report("MPI_COMM_WORLD: element-wise sums of items of 16, 32 and 64 ints");
    if (rank < size - 1)
        sums(part);
    report("all ranks but the last: element-wise sums of items of 16, 32 and 64 ints");
    MPI_Comm_free(&part);
    if (rank == 0)
        printf("bigitems: done\n");
    MPI_Finalize();
    return 0;
}
