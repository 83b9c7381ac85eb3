/* nbcvec.c - the nonblocking collectives with vector arguments and the nonblocking scans and reduce-scatters
 * (MPI-3): MPI_Igatherv, MPI_Iscatterv, MPI_Iallgatherv, MPI_Ialltoallv, MPI_Ialltoallw, MPI_Ireduce_scatter,
 * MPI_Ireduce_scatter_block, MPI_Iscan and MPI_Iexscan; short and long (rendezvous) blocks, blocks of
 * different lengths and of none, in place where MPI allows, a non-commutative user operation (composition of
 * affine maps, so that the rank order of the combination shows), all nine outstanding at once on one
 * communicator and completed by one MPI_Waitall; a user operation and a datatype freed while the collectives
 * that use them are still going (MPI-3.1 section 5.12 allows it). Every process checks what it gets; rank 0 prints one line
 * per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

/* x -> a*x + b, combined "lower first": (in then inout) */
typedef struct {
    unsigned a, b;
} affine;

static void compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    affine *u = (affine *)in, *v = (affine *)inout;
    int i;
    (void)type;
    for (i = 0; i < *len; i++) {
        unsigned a = v[i].a * u[i].a, b = v[i].a * u[i].b + v[i].b;
        v[i].a = a;
        v[i].b = b;
    }
}

/* another operation, which must not be called in the place of a freed one */
static void clobber(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in;
    (void)type;
    memset(inout, 0, *len * sizeof(affine));
}

static affine map_of(int r, int i)
{
    affine m;
    m.a = 2 * r + 3 + i;
    m.b = 7 * r + i;
    return m;
}

/* the maps of ranks lo .. hi-1, element i, composed in rank order */
static affine composed(int lo, int hi, int i)
{
    affine m = map_of(lo, i);
    int r, one = 1;
    for (r = lo + 1; r < hi; r++) {
        affine n = map_of(r, i);
        compose(&m, &n, &one, 0);
        m = n;
    }
    return m;
}

static int len_of(int r, int n)
{
    return r % 3 == 1 ? 0 : n + r;      /* some ranks have no block */
}

/* gatherv, allgatherv and scatterv with blocks of n + r ints (none for r = 1, 4, ...), laid out in reverse rank
 * order with a gap of 2 ints between blocks */
static void vectors(int n, const char *what)
{
    int i, j, total = 0, root = size - 1, *counts, *displs, *a, *big;
    MPI_Request r;
    counts = (int *)malloc(size * sizeof(int));
    displs = (int *)malloc(size * sizeof(int));
    for (i = size - 1; i >= 0; i--) {
        counts[i] = len_of(i, n);
        displs[i] = total;
        total += counts[i] + 2;
    }
    a = (int *)malloc((n + size) * sizeof(int));
    big = (int *)malloc(total * sizeof(int));

    for (i = 0; i < counts[rank]; i++)
        a[i] = rank * 100000 + i;
    for (i = 0; i < total; i++)
        big[i] = -1;
    MPI_Igatherv(a, counts[rank], MPI_INT, big, counts, displs, MPI_INT, root, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (rank == root)
        for (j = 0; j < size; j++) {
            for (i = 0; i < counts[j]; i++)
                check(big[displs[j] + i] == j * 100000 + i);
            check(big[displs[j] + counts[j]] == -1);
        }

    for (i = 0; i < total; i++)
        big[i] = -1;
    MPI_Iallgatherv(a, counts[rank], MPI_INT, big, counts, displs, MPI_INT, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < size; j++) {
        for (i = 0; i < counts[j]; i++)
            check(big[displs[j] + i] == j * 100000 + i);
        check(big[displs[j] + counts[j]] == -1);
    }

    /* in place: each rank's block is already where it belongs */
    for (i = 0; i < total; i++)
        big[i] = -1;
    for (i = 0; i < counts[rank]; i++)
        big[displs[rank] + i] = rank * 100000 + i;
    MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, big, counts, displs, MPI_INT, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < size; j++)
        for (i = 0; i < counts[j]; i++)
            check(big[displs[j] + i] == j * 100000 + i);

    root = size / 2;
    if (rank == root)
        for (j = 0; j < size; j++)
            for (i = 0; i < counts[j]; i++)
                big[displs[j] + i] = 3 * j + 11 * i;
    for (i = 0; i < n + size; i++)
        a[i] = -5;
    MPI_Iscatterv(big, counts, displs, MPI_INT, a, counts[rank], MPI_INT, root, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < counts[rank]; i++)
        check(a[i] == 3 * rank + 11 * i);
    check(a[counts[rank]] == -5);
    report(what);
    free(a);
    free(big);
    free(counts);
    free(displs);
}

/* alltoallv (rank s sends s + d + 1 ints to rank d, at shuffled displacements) and alltoallw (a strided vector
 * type to each peer, contiguous ints back), in place too */
static void exchanges(const char *what)
{
    int i, j, *sc, *sd, *rc, *rd, *sbuf, *rbuf, stot = 0, rtot = 0;
    MPI_Datatype *st, *rt, strided;
    MPI_Request r;
    sc = (int *)malloc(4 * size * sizeof(int));
    sd = sc + size;
    rc = sd + size;
    rd = rc + size;
    for (j = size - 1; j >= 0; j--) {
        sc[j] = rank + j + 1;
        sd[j] = stot;
        stot += sc[j] + 1;
        rc[j] = j + rank + 1;
        rd[j] = rtot;
        rtot += rc[j];
    }
    sbuf = (int *)malloc((2 * stot + 6 * size) * sizeof(int));
    rbuf = (int *)malloc((rtot + 3 * size) * sizeof(int));
    for (j = 0; j < size; j++)
        for (i = 0; i < sc[j]; i++)
            sbuf[sd[j] + i] = rank * 10000 + j * 100 + i;
    for (i = 0; i < rtot; i++)
        rbuf[i] = -1;
    MPI_Ialltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, MPI_INT, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < size; j++)
        for (i = 0; i < rc[j]; i++)
            check(rbuf[rd[j] + i] == j * 10000 + rank * 100 + i);

    /* in place: every rank sends and receives rank + j + 1 ints with rank j (the same count both ways) */
    for (j = 0; j < size; j++)
        for (i = 0; i < rc[j]; i++)
            rbuf[rd[j] + i] = rank * 10000 + j * 100 + i;
    MPI_Ialltoallv(MPI_IN_PLACE, 0, 0, MPI_DATATYPE_NULL, rbuf, rc, rd, MPI_INT, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < size; j++)
        for (i = 0; i < rc[j]; i++)
            check(rbuf[rd[j] + i] == j * 10000 + rank * 100 + i);

    /* alltoallw: 3 ints every other int to each peer, byte displacements */
    MPI_Type_vector(3, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    st = (MPI_Datatype *)malloc(2 * size * sizeof(MPI_Datatype));
    rt = st + size;
    for (j = 0; j < size; j++) {
        sc[j] = 1;
        sd[j] = j * 6 * sizeof(int);
        st[j] = strided;
        rc[j] = 3;
        rd[j] = (size - 1 - j) * 3 * sizeof(int);
        rt[j] = MPI_INT;
        for (i = 0; i < 6; i++)
            sbuf[j * 6 + i] = i % 2 ? -7 : rank * 1000 + j * 10 + i / 2;
    }
    for (i = 0; i < 3 * size; i++)
        rbuf[i] = -1;
    MPI_Ialltoallw(sbuf, sc, sd, st, rbuf, rc, rd, rt, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (j = 0; j < size; j++)
        for (i = 0; i < 3; i++)
            check(rbuf[(size - 1 - j) * 3 + i] == j * 1000 + rank * 10 + i);
    MPI_Type_free(&strided);
    report(what);
    free(sc);
    free(st);
    free(sbuf);
    free(rbuf);
}

/* reduce-scatter, reduce-scatter-block, scan and exclusive scan, n elements per block, with MPI_SUM on ints and
 * with the non-commutative composition */
static void partials(int n, const char *what)
{
    int i, j, *counts, total = 0, first = 0, *a, *b;
    affine *m, *out;
    MPI_Datatype pair;
    MPI_Op op;
    MPI_Request r;
    MPI_Type_contiguous(2, MPI_UNSIGNED, &pair);
    MPI_Type_commit(&pair);
    MPI_Op_create(compose, 0, &op);
    counts = (int *)malloc(size * sizeof(int));
    for (j = 0; j < size; j++) {
        counts[j] = len_of(j, n);
        if (j < rank)
            first += counts[j];
        total += counts[j];
    }
    a = (int *)malloc((total + size * n + 1) * sizeof(int));
    b = (int *)malloc((total + size * n + 1) * sizeof(int));
    m = (affine *)malloc((total + size * n + 1) * sizeof(affine));
    out = (affine *)malloc((total + size * n + 1) * sizeof(affine));

    for (i = 0; i < total; i++)
        a[i] = rank + i;
    for (i = 0; i <= counts[rank]; i++)
        b[i] = -1;
    MPI_Ireduce_scatter(a, b, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < counts[rank]; i++)
        check(b[i] == size * (size - 1) / 2 + size * (first + i));
    check(b[counts[rank]] == -1);

    for (i = 0; i < total; i++)
        m[i] = map_of(rank, i);
    MPI_Ireduce_scatter(m, out, counts, pair, op, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < counts[rank]; i++) {
        affine e = composed(0, size, first + i);
        check(out[i].a == e.a && out[i].b == e.b);
    }

    /* block: n elements each, in place */
    for (i = 0; i < size * n; i++)
        m[i] = map_of(rank, i);
    MPI_Ireduce_scatter_block(MPI_IN_PLACE, m, n, pair, op, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++) {
        affine e = composed(0, size, rank * n + i);
        check(m[i].a == e.a && m[i].b == e.b);
    }

    for (i = 0; i < n; i++)
        m[i] = map_of(rank, i);
    MPI_Iscan(m, out, n, pair, op, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++) {
        affine e = composed(0, rank + 1, i);
        check(out[i].a == e.a && out[i].b == e.b);
    }

    for (i = 0; i < n; i++)
        a[i] = rank * 3 + i;
    MPI_Iscan(MPI_IN_PLACE, a, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++)
        check(a[i] == 3 * rank * (rank + 1) / 2 + (rank + 1) * i);

    for (i = 0; i < n; i++)
        m[i] = map_of(rank, i);
    MPI_Iexscan(m, out, n, pair, op, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n && rank > 0; i++) {
        affine e = composed(0, rank, i);
        check(out[i].a == e.a && out[i].b == e.b);
    }

    for (i = 0; i < n; i++)
        a[i] = rank + 2 * i;
    MPI_Iexscan(MPI_IN_PLACE, a, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (i = 0; i < n && rank > 0; i++)
        check(a[i] == rank * (rank - 1) / 2 + rank * 2 * i);
    report(what);
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
    free(counts);
    free(a);
    free(b);
    free(m);
    free(out);
}

/* all nine outstanding at once, then one MPI_Waitall, with point-to-point traffic in between */
static void together(const char *what)
{
    enum { N = 5 };
    int i, j, counts[64], displs[64], g[64 * N], ag[64 * N], sc[64], sd[64], a[64 * N], sv[N], scn[N], exs[N];
    int rs[N], rsb[N], src[64 * N], token = rank, got = -1;
    MPI_Datatype types[64];
    int w[64], wc[64], wd[64];
    MPI_Request r[11];
    for (j = 0; j < size; j++) {
        counts[j] = N;
        displs[j] = j * N;
        sc[j] = 1;
        sd[j] = j;
        types[j] = MPI_INT;
        wc[j] = 1;
        wd[j] = j * (int)sizeof(int);
    }
    for (i = 0; i < size * N; i++)
        src[i] = rank * 1000 + i;
    for (i = 0; i < N; i++)
        a[i] = rank * 10 + i;
    MPI_Igatherv(a, N, MPI_INT, g, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Iallgatherv(a, N, MPI_INT, ag, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[1]);
    MPI_Iscatterv(src, counts, displs, MPI_INT, sv, N, MPI_INT, size - 1, MPI_COMM_WORLD, &r[2]);
    MPI_Ialltoallv(src, sc, sd, MPI_INT, w, sc, sd, MPI_INT, MPI_COMM_WORLD, &r[3]);
    MPI_Ireduce_scatter(src, rs, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[4]);
    MPI_Ireduce_scatter_block(src, rsb, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &r[5]);
    MPI_Iscan(a, scn, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[6]);
    MPI_Iexscan(a, exs, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[7]);
    {
        static int ww[64];
        MPI_Ialltoallw(src, wc, wd, types, ww, wc, wd, types, MPI_COMM_WORLD, &r[8]);
        MPI_Isend(&token, 1, MPI_INT, (rank + 1) % size, 5, MPI_COMM_WORLD, &r[9]);
        MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 5, MPI_COMM_WORLD, &r[10]);
        MPI_Waitall(11, r, MPI_STATUSES_IGNORE);
        for (j = 0; j < size; j++)
            check(ww[j] == j * 1000 + rank);
    }
    check(got == (rank + size - 1) % size);
    for (j = 0; j < size && rank == 0; j++)
        for (i = 0; i < N; i++)
            check(g[j * N + i] == j * 10 + i);
    for (j = 0; j < size; j++)
        for (i = 0; i < N; i++)
            check(ag[j * N + i] == j * 10 + i);
    for (i = 0; i < N; i++)
        check(sv[i] == (size - 1) * 1000 + rank * N + i);
    for (j = 0; j < size; j++)
        check(w[j] == j * 1000 + rank);
    for (i = 0; i < N; i++) {
        check(rs[i] == 1000 * size * (size - 1) / 2 + size * (rank * N + i));
        check(rsb[i] == (size - 1) * 1000 + rank * N + i);
        check(scn[i] == 10 * rank * (rank + 1) / 2 + (rank + 1) * i);
        if (rank > 0)
            check(exs[i] == 10 * rank * (rank - 1) / 2 + rank * i);
    }
    report(what);
}

/* MPI_Op_free and MPI_Type_free before the MPI_Wait of the collectives that use them; an operation created
 * after the free must not take the freed one's place while it is still needed */
static void early_free(const char *what)
{
    enum { N = 6 };
    int i, got[2][64 * N];
    affine m[N], sc[N], ar[N], red[N];
    MPI_Op op, other;
    MPI_Datatype pair, dup;
    MPI_Request r[4];
    MPI_Type_contiguous(2, MPI_UNSIGNED, &pair);
    MPI_Type_commit(&pair);
    for (i = 0; i < N; i++)
        m[i] = map_of(rank, i);
    MPI_Op_create(compose, 0, &op);
    MPI_Iscan(m, sc, N, pair, op, MPI_COMM_WORLD, &r[0]);
    MPI_Iallreduce(m, ar, N, pair, op, MPI_COMM_WORLD, &r[1]);
    MPI_Ireduce(m, red, N, pair, op, size - 1, MPI_COMM_WORLD, &r[2]);
    MPI_Op_free(&op);
    check(op == MPI_OP_NULL);
    MPI_Op_create(clobber, 1, &other);     /* may not take the freed one's slot while it is held */
    MPI_Type_dup(MPI_INT, &dup);
    for (i = 0; i < N; i++)
        got[0][i] = rank * N + i;
    MPI_Iallgather(got[0], N, MPI_INT, got[1], N, dup, MPI_COMM_WORLD, &r[3]);
    MPI_Type_free(&dup);
    check(dup == MPI_DATATYPE_NULL);
    MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
    MPI_Wait(&r[3], MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++) {
        affine e = composed(0, rank + 1, i), all = composed(0, size, i);
        check(sc[i].a == e.a && sc[i].b == e.b);
        check(ar[i].a == all.a && ar[i].b == all.b);
        if (rank == size - 1)
            check(red[i].a == all.a && red[i].b == all.b);
    }
    for (i = 0; i < size * N; i++)
        check(got[1][i] == i);
    MPI_Op_free(&other);
    MPI_Type_free(&pair);
    report(what);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    vectors(3, "igatherv, iallgatherv, iscatterv: blocks of 3 + rank ints, some empty");
    vectors(2000, "igatherv, iallgatherv, iscatterv: blocks of 2000 + rank ints (rendezvous)");
    exchanges("ialltoallv, in place too; ialltoallw with a strided type to each peer");
    partials(4, "ireduce_scatter, ireduce_scatter_block, iscan, iexscan: sums and a non-commutative op, 4 items");
    partials(700, "ireduce_scatter, ireduce_scatter_block, iscan, iexscan: 700 items (rendezvous)");
    together("all nine outstanding at once with point to point, one MPI_Waitall");
    early_free("a user op and a datatype freed before the wait");
    if (rank == 0)
        printf("nbcvec: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
