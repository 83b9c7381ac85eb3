/* ops.c - reduction operations: every predefined operation on every type it applies to (MPI_Allreduce, one
 * line per type), MPI_MAXLOC and MPI_MINLOC on the pair types with ties (the lower index wins), and
 * operations made with MPI_Op_create: a commutative one and two that are not (composition of affine maps,
 * and "the first non-zero"), which MPI_Reduce at several roots, MPI_Allreduce, MPI_Scan, MPI_Exscan and
 * MPI_Reduce_scatter must apply in rank order; MPI_Op_free. Rank 0 prints; same output under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


/* The value each rank gives for operation op: small, so that no type overflows. */
static int value(MPI_Op op)
{
    if (op == MPI_PROD)
        return rank == 1 || rank == 2 ? 2 : 1;
    if (op == MPI_LAND)
        return rank != 2;
    if (op == MPI_LOR)
        return rank == size - 1 ? 3 : 0;
    if (op == MPI_LXOR)
        return rank % 4 == 1;
    if (op == MPI_BAND)
        return 0x7f & ~(1 << (rank % 7));
    if (op == MPI_BOR || op == MPI_BXOR)
        return 1 << (rank % 7);
    return (rank * 5) % 11 + 1;
}

#define TYPED(T, MT, NAME, NOPS)                                                \
    do {                                                                        \
        int k;                                                                  \
        if (rank == 0)                                                          \
            printf("%-22s", NAME);                                              \
        for (k = 0; k < NOPS; k++) {                                            \
            T in[2], out[2];                                                    \
            in[0] = (T)value(ops[k]);                                           \
            in[1] = (T)(value(ops[k]) + (ops[k] == MPI_SUM));                   \
            MPI_Allreduce(in, out, 2, MT, ops[k], MPI_COMM_WORLD);              \
            if (rank == 0)                                                      \
                printf(" %s %g/%g", names[k], (double)out[0], (double)out[1]);  \
        }                                                                       \
        if (rank == 0)                                                          \
            printf("\n");                                                       \
    } while (0)

static void predefined(void)
{
    static const MPI_Op ops[] = { MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND,
                                  MPI_BOR, MPI_BXOR };
    static const char *const names[] = { "max", "min", "sum", "prod", "land", "lor", "lxor", "band", "bor",
                                         "bxor" };
    TYPED(signed char, MPI_SIGNED_CHAR, "MPI_SIGNED_CHAR", 10);
    TYPED(unsigned char, MPI_UNSIGNED_CHAR, "MPI_UNSIGNED_CHAR", 10);
    TYPED(short, MPI_SHORT, "MPI_SHORT", 10);
    TYPED(unsigned short, MPI_UNSIGNED_SHORT, "MPI_UNSIGNED_SHORT", 10);
    TYPED(int, MPI_INT, "MPI_INT", 10);
    TYPED(unsigned, MPI_UNSIGNED, "MPI_UNSIGNED", 10);
    TYPED(long, MPI_LONG, "MPI_LONG", 10);
    TYPED(unsigned long, MPI_UNSIGNED_LONG, "MPI_UNSIGNED_LONG", 10);
    TYPED(long long, MPI_LONG_LONG_INT, "MPI_LONG_LONG_INT", 10);
    TYPED(unsigned long long, MPI_UNSIGNED_LONG_LONG, "MPI_UNSIGNED_LONG_LONG", 10);
    TYPED(float, MPI_FLOAT, "MPI_FLOAT", 4);
    TYPED(double, MPI_DOUBLE, "MPI_DOUBLE", 4);
    TYPED(long double, MPI_LONG_DOUBLE, "MPI_LONG_DOUBLE", 4);
    {
        unsigned char in[3], out[3];
        int k;
        if (rank == 0)
            printf("%-22s", "MPI_BYTE");
        for (k = 7; k < 10; k++) {
            in[0] = in[1] = in[2] = (unsigned char)value(ops[k]);
            MPI_Allreduce(in, out, 3, MPI_BYTE, ops[k], MPI_COMM_WORLD);
            if (rank == 0)
                printf(" %s %d/%d", names[k], out[0], out[2]);
        }
        if (rank == 0)
            printf("\n");
    }
}

struct fi { float v; int k; };
struct di { double v; int k; };
struct li { long v; int k; };
struct ii { int v; int k; };
struct si { short v; int k; };
struct ldi { long double v; int k; };

/* values with ties: rank r gives (r * 3) % 5 for element 0 and r % 2 for element 1; index = rank */
#define LOCS(T, MT, NAME)                                                       \
    do {                                                                        \
        T in[2], mx[2], mn[2];                                                  \
        in[0].v = (rank * 3) % 5;                                               \
        in[0].k = rank;                                                         \
        in[1].v = rank % 2;                                                     \
        in[1].k = rank;                                                         \
        MPI_Allreduce(in, mx, 2, MT, MPI_MAXLOC, MPI_COMM_WORLD);               \
        MPI_Allreduce(in, mn, 2, MT, MPI_MINLOC, MPI_COMM_WORLD);               \
        if (rank == 0)                                                          \
            printf("%-22s maxloc %g@%d %g@%d minloc %g@%d %g@%d\n", NAME, (double)mx[0].v, mx[0].k, \
                   (double)mx[1].v, mx[1].k, (double)mn[0].v, mn[0].k, (double)mn[1].v, mn[1].k); \
    } while (0)

static void locs(void)
{
    LOCS(struct fi, MPI_FLOAT_INT, "MPI_FLOAT_INT");
    LOCS(struct di, MPI_DOUBLE_INT, "MPI_DOUBLE_INT");
    LOCS(struct li, MPI_LONG_INT, "MPI_LONG_INT");
    LOCS(struct ii, MPI_2INT, "MPI_2INT");
    LOCS(struct si, MPI_SHORT_INT, "MPI_SHORT_INT");
    LOCS(struct ldi, MPI_LONG_DOUBLE_INT, "MPI_LONG_DOUBLE_INT");
    {
        /* at a root other than 0, with MPI_Reduce */
        struct di in, out;
        in.v = rank % 3;
        in.k = rank;
        MPI_Reduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, size - 1, MPI_COMM_WORLD);
        if (rank == size - 1 && (out.v != 2 || out.k != 2))
            errors++;
        report("MPI_Reduce maxloc at the last rank, ties to the lowest index");
    }
}

/* affine maps x -> a x + b (unsigned arithmetic), one per MPI_2INT element: inout = in o inout, the map
 * that applies inout first, then in. Associative, not commutative. */
static void compose(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    unsigned *f = (unsigned *)invec, *g = (unsigned *)inoutvec;
    int i;
    (void)type;
    for (i = 0; i < *len; i++, f += 2, g += 2) {
        unsigned a = f[0] * g[0], b = f[0] * g[1] + f[1];
        g[0] = a;
        g[1] = b;
    }
}

/* the first non-zero, in rank order: inout = in if in != 0 */
static void first_nonzero(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    int *a = (int *)invec, *b = (int *)inoutvec, i;
    (void)type;
    for (i = 0; i < *len; i++)
        if (a[i] != 0)
            b[i] = a[i];
}

/* commutative: inout = in + inout, counting its calls */
static int calls;
static void plus(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    int *a = (int *)invec, *b = (int *)inoutvec, i;
    (void)type;
    calls++;
    for (i = 0; i < *len; i++)
        b[i] += a[i];
}

/* the map of rank r for element e */
static void map_of(int r, int e, unsigned *m)
{
    m[0] = 3 + 2 * r + e;
    m[1] = 7 * r + 1 + e;
}

/* want = map(0) o map(1) o ... o map(last), element by element (2 elements) */
static void compose_upto(int last, unsigned *want)
{
    int e, q;
    for (e = 0; e < 2; e++) {
        unsigned *w = want + 2 * e;
        map_of(last, e, w);
        for (q = last - 1; q >= 0; q--) {
            unsigned m[2], a, b;
            map_of(q, e, m);
            a = m[0] * w[0];
            b = m[0] * w[1] + m[1];
            w[0] = a;
            w[1] = b;
        }
    }
}

static void user_ops(void)
{
    MPI_Op comp, first, sum;
    unsigned in[4], out[4], want[4];
    int q, e, roots[3], k, *fin, *fout, n;
    MPI_Op_create(compose, 0, &comp);
    MPI_Op_create(first_nonzero, 0, &first);
    MPI_Op_create(plus, 1, &sum);
    for (e = 0; e < 2; e++)
        map_of(rank, e, in + 2 * e);
    compose_upto(size - 1, want);
    roots[0] = 0;
    roots[1] = size / 2;
    roots[2] = size - 1;
    for (k = 0; k < 3; k++) {
        MPI_Reduce(in, out, 2, MPI_2INT, comp, roots[k], MPI_COMM_WORLD);
        if (rank == roots[k])
            for (e = 0; e < 4; e++)
                if (out[e] != want[e])
                    errors++;
    }
    MPI_Allreduce(in, out, 2, MPI_2INT, comp, MPI_COMM_WORLD);
    for (e = 0; e < 4; e++)
        if (out[e] != want[e])
            errors++;
    if (rank == 0)
        printf("composition of all ranks' maps: %ux + %u, %ux + %u\n", out[0], out[1], out[2], out[3]);
    report("non-commutative MPI_Reduce at 3 roots and MPI_Allreduce in rank order");
    MPI_Scan(in, out, 2, MPI_2INT, comp, MPI_COMM_WORLD);
    compose_upto(rank, want);
    for (e = 0; e < 4; e++)
        if (out[e] != want[e])
            errors++;
    MPI_Exscan(in, out, 2, MPI_2INT, comp, MPI_COMM_WORLD);
    if (rank > 0) {
        compose_upto(rank - 1, want);
        for (e = 0; e < 4; e++)
            if (out[e] != want[e])
                errors++;
    }
    report("non-commutative MPI_Scan and MPI_Exscan in rank order");

    /* first non-zero: element e is non-zero from rank e on */
    n = size;
    fin = (int *)malloc(n * sizeof(int));
    fout = (int *)malloc(n * sizeof(int));
    for (e = 0; e < n; e++)
        fin[e] = rank >= e ? rank + 100 * e + 1 : 0;
    MPI_Allreduce(fin, fout, n, MPI_INT, first, MPI_COMM_WORLD);
    for (e = 0; e < n; e++)
        if (fout[e] != e + 100 * e + 1)
            errors++;
    {
        int *rc = (int *)malloc(size * sizeof(int));
        for (q = 0; q < size; q++)
            rc[q] = 1;
        MPI_Reduce_scatter(fin, fout, rc, MPI_INT, first, MPI_COMM_WORLD);
        if (fout[0] != rank + 100 * rank + 1)
            errors++;
        free(rc);
    }
    report("first non-zero: MPI_Allreduce and MPI_Reduce_scatter");

    calls = 0;
    for (e = 0; e < n; e++)
        fin[e] = rank * e;
    MPI_Allreduce(fin, fout, n, MPI_INT, sum, MPI_COMM_WORLD);
    for (e = 0; e < n; e++)
        if (fout[e] != e * size * (size - 1) / 2)
            errors++;
    k = calls;
    MPI_Allreduce(&k, &calls, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (calls == 0)
        errors++;
    report("commutative user operation");

    MPI_Op_free(&comp);
    MPI_Op_free(&first);
    MPI_Op_free(&sum);
    if (comp != MPI_OP_NULL)
        errors++;
    report("MPI_Op_free");
    free(fin);
    free(fout);
}

static int run(void)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("ops: %d processes\n", size);
    predefined();
    locs();
    user_ops();
    if (rank == 0)
        printf("ops: %s\n", failed ? "FAILED" : "OK");
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
