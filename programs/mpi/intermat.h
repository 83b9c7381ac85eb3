/* intermat.h - the values and the non-commutative 2x2 integer matrix product that intercoll.c and internbc.c
 * check their intercommunicator collectives with (one source, so that both agree with MPICH's output). */
#ifndef INTERMAT_H
#define INTERMAT_H

/* A value only (group, rank, i) gives. */
static int val(int low, int r, int i)
{
    return (low ? 1000 : 2000) + 100 * r + i;
}

/* inout = in * inout for 2x2 integer matrices (non-commutative); in holds the lower ranks' product */
static void matmul(void *in, void *inout, int *count, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, k;
    (void)type;
    for (k = 0; k < *count; k++, a += 4, b += 4) {
        int c0 = a[0] * b[0] + a[1] * b[2], c1 = a[0] * b[1] + a[1] * b[3];
        int c2 = a[2] * b[0] + a[3] * b[2], c3 = a[2] * b[1] + a[3] * b[3];
        b[0] = c0, b[1] = c1, b[2] = c2, b[3] = c3;
    }
}

static void matrix(int *m, int low, int r, int i)
{
    m[0] = 1, m[1] = (low ? 1 : 2) + r + i, m[2] = 0, m[3] = 1 + (r + i) % 2;
}

/* The product over ranks 0..n-1 of the group low of their matrices for item i. */
static void product(int *m, int low, int n, int i)
{
    int r, one = 1, next[4];
    matrix(m, low, 0, i);
    for (r = 1; r < n; r++) {
        matrix(next, low, r, i);
        matmul(m, next, &one, 0);
        memcpy(m, next, sizeof next);
    }
}

#endif
