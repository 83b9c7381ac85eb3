/* cg.h - the Conjugate Gradient benchmark's problem (thesis section 5.1, Figure 5.1), shared by cg_native.c
 * and cg_mpi.c: the sparse matrix, the right-hand side, and the sequential reference solver that both
 * programs check their parallel result against.
 *
 * The matrix A (n x n, exactly nnz nonzeros) is symmetric and generated from formulas, so that every node
 * can build its own rows without communication and the reference can recompute any row on the fly:
 *
 *   - diagonal d(i) = 1 + 9 v(i, n + 1), in [3.25, 10), where v in [0.25, 1) is a hash of a pair of indices;
 *   - off-diagonal pairs (i, (i + d) mod n) and ((i + d) mod n, i) for a set of distances d: `full` distances
 *     on every row i, and one more distance on rows 0 .. part-1 only, so that n + 2 * (full * n + part)
 *     = nnz. The distances are 1 + (t * g) mod h for t = 0, 1, ..., with h = (n - 1) / 2 and g coprime to h
 *     (distinct, all below n / 2, so no pair appears twice);
 *   - off-diagonal values -F * v(i, j) / max(deg(i), deg(j)) (v symmetric in i and j, deg counting a row's
 *     off-diagonal entries), so every row's off-diagonal sum is below F = 0.8. A is strictly diagonally
 *     dominant, hence symmetric positive definite, with its eigenvalues in (2.45, 10.8); the spread of the
 *     diagonal sets CG's convergence, nearly independent of the density: 15 iterations at tol 1e-8 for
 *     n = 1000 and every nnz of thesis Table 5.1.
 *
 * b(i) = 1 + v(i, n) (in [1.25, 2)). The CG loop is Figure 5.1's, stopping when |A x - b| / |b| <= tol. */
#ifndef CG_H
#define CG_H

#include <math.h>
#include <stdlib.h>

#define CG_F 0.8            /* bound on a row's off-diagonal sum */
#define CG_TOL 1e-8         /* default tolerance on |A x - b| / |b| */
#define CG_MAXIT 500

struct cg_problem {
    int n, nnz;
    int full;               /* distances present on every row */
    int part;               /* rows 0 .. part-1 also pair with (i + dist[full]) mod n */
    int *dist;              /* full (+1 if part) distances */
    int *deg;               /* deg[i]: off-diagonal entries of row i */
};

static unsigned cg_hash(unsigned a, unsigned b)
{
    unsigned h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

/* v(i, j) in [0.25, 1), symmetric. */
static double cg_v(int i, int j)
{
    unsigned h = i < j ? cg_hash((unsigned)i, (unsigned)j) : cg_hash((unsigned)j, (unsigned)i);
    return 0.25 + 0.75 * ((double)(h >> 8) * (1.0 / 16777216.0));
}

static double cg_diag(struct cg_problem *pb, int i)
{
    return 1.0 + 9.0 * cg_v(i, pb->n + 1);
}

static double cg_b(struct cg_problem *pb, int i)
{
    return 1.0 + cg_v(i, pb->n);
}

static int cg_gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Sets up the problem; returns 0, or a message saying why (n, nnz) is not possible. */
static const char *cg_setup(struct cg_problem *pb, int n, int nnz)
{
    int pairs, h, g, t, i, nd;
    if (n < 1)
        return "n must be positive";
    if (nnz < n)
        return "nnz must be at least n (the diagonal)";
    if ((nnz - n) % 2)
        return "nnz - n must be even (A is symmetric)";
    pairs = (nnz - n) / 2;
    h = (n - 1) / 2;
    pb->n = n;
    pb->nnz = nnz;
    pb->full = n ? pairs / n : 0;
    pb->part = n ? pairs % n : 0;
    nd = pb->full + (pb->part ? 1 : 0);
    if (nd > h)
        return "nnz too large for n (at most n + 2 * n * ((n - 1) / 2))";
    pb->dist = (int *)malloc((nd > 0 ? nd : 1) * sizeof(int));
    pb->deg = (int *)malloc(n * sizeof(int));
    if (!pb->dist || !pb->deg)
        return "out of memory";
    g = h > 0 ? (h * 5 + 7) / 8 : 1;
    while (h > 1 && cg_gcd(g, h) != 1)
        g++;
    for (t = 0; t < nd; t++)
        pb->dist[t] = 1 + (int)(((unsigned)t * (unsigned)g) % (unsigned)h);
    for (i = 0; i < n; i++) {
        int d = 2 * pb->full;
        if (pb->part) {
            int dp = pb->dist[pb->full];
            if (i < pb->part)
                d++;
            if ((i - dp + n) % n < pb->part)
                d++;
        }
        pb->deg[i] = d;
    }
    return 0;
}

static double cg_offval(struct cg_problem *pb, int i, int j)
{
    int di = pb->deg[i], dj = pb->deg[j];
    return -CG_F * cg_v(i, j) / (double)(di > dj ? di : dj);
}

/* Row i of A: its column indices and values (the diagonal first); returns the count, 1 + deg[i]. */
static int cg_row(struct cg_problem *pb, int i, int *cols, double *vals)
{
    int n = pb->n, t, k = 0;
    cols[k] = i;
    vals[k++] = cg_diag(pb, i);
    for (t = 0; t < pb->full; t++) {
        int d = pb->dist[t];
        int up = i + d >= n ? i + d - n : i + d;
        int down = i - d < 0 ? i - d + n : i - d;
        cols[k] = up;
        vals[k++] = cg_offval(pb, i, up);
        cols[k] = down;
        vals[k++] = cg_offval(pb, i, down);
    }
    if (pb->part) {
        int d = pb->dist[pb->full];
        int up = i + d >= n ? i + d - n : i + d;
        int down = i - d < 0 ? i - d + n : i - d;
        if (i < pb->part) {
            cols[k] = up;
            vals[k++] = cg_offval(pb, i, up);
        }
        if (down < pb->part) {
            cols[k] = down;
            vals[k++] = cg_offval(pb, i, down);
        }
    }
    return k;
}

/* (A v)(i), the row recomputed on the fly (no storage: the reference needs no copy of A). */
static double cg_rowdot(struct cg_problem *pb, int i, const double *v)
{
    int n = pb->n, t;
    double s = cg_diag(pb, i) * v[i];
    for (t = 0; t < pb->full; t++) {
        int d = pb->dist[t];
        int up = i + d >= n ? i + d - n : i + d;
        int down = i - d < 0 ? i - d + n : i - d;
        s += cg_offval(pb, i, up) * v[up];
        s += cg_offval(pb, i, down) * v[down];
    }
    if (pb->part) {
        int d = pb->dist[pb->full];
        int up = i + d >= n ? i + d - n : i + d;
        int down = i - d < 0 ? i - d + n : i - d;
        if (i < pb->part)
            s += cg_offval(pb, i, up) * v[up];
        if (down < pb->part)
            s += cg_offval(pb, i, down) * v[down];
    }
    return s;
}

/* |A x - b| / |b|, recomputed from the formulas. */
static double cg_residual(struct cg_problem *pb, const double *x)
{
    double rr = 0, bb = 0;
    int i;
    for (i = 0; i < pb->n; i++) {
        double b = cg_b(pb, i);
        double e = cg_rowdot(pb, i, x) - b;
        rr += e * e;
        bb += b * b;
    }
    return sqrt(rr) / sqrt(bb);
}

/* The sequential reference: Figure 5.1 on one node, in the same order of operations as the parallel
 * versions (error tested after each iteration). Returns the iteration count; x gets the solution. */
static int cg_reference(struct cg_problem *pb, double tol, int maxit, double *x)
{
    int n = pb->n, i, it = 0;
    double *r = (double *)malloc(n * sizeof(double));
    double *p = (double *)malloc(n * sizeof(double));
    double *q = (double *)malloc(n * sizeof(double));
    double rr = 0, bb = 0, error = 1.0;
    for (i = 0; i < n; i++) {
        double b = cg_b(pb, i);
        x[i] = 0;
        r[i] = b;
        p[i] = b;
        rr += b * b;
        bb += b * b;
    }
    while (error > tol && it < maxit) {
        double pq = 0, nrr = 0, ee = 0, alpha, beta;
        for (i = 0; i < n; i++) {
            q[i] = cg_rowdot(pb, i, p);
            pq += p[i] * q[i];
        }
        alpha = rr / pq;
        for (i = 0; i < n; i++)
            x[i] += alpha * p[i];
        for (i = 0; i < n; i++) {
            r[i] -= alpha * q[i];
            nrr += r[i] * r[i];
        }
        beta = nrr / rr;
        rr = nrr;
        for (i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];
        for (i = 0; i < n; i++) {
            double e = cg_rowdot(pb, i, x) - cg_b(pb, i);
            ee += e * e;
        }
        error = sqrt(ee) / sqrt(bb);
        it++;
    }
    free(r);
    free(p);
    free(q);
    return it;
}

#endif
