/* qr.h - the QR benchmark's problem (thesis section 5.2): Householder QR of an n x n matrix on a grid of
 * X x Y processes with the tiled assignment of thesis Figure 5.3, shared by qr_native.c and qr_mpi.c: the
 * matrix, the local storage and the arithmetic of one column step (so that both versions compute exactly
 * alike and differ only in their communication), the sequential reference and the check.
 *
 * Assignment (Figure 5.3): process i = py * X + px holds A(r, c) for r % Y == py and c % X == px. Its
 * m = n / Y rows by q = n / X columns are stored by columns: local (lr, lc), global (py + Y lr, px + X lc),
 * at a[lc * ld + lr] with ld = m + 2. The two spare doubles after each column carry the Householder
 * scalar beta and a sequence number when the column is sent (qr_native.c sends it straight from there).
 *
 * Column step k (Householder, as LAPACK's dlarfg/dlarf): x = A(k:n-1, k), sigma = |x(1:)|^2, x0 = A(k, k);
 * if sigma = 0 nothing changes (beta = 0), else alpha = -sign(x0) |x|, v = x with v(0) = x0 - alpha,
 * beta = 2 / v.v = 1 / (|x| (|x| + |x0|)); then for every column j > k: w_j = v . A(k:, j) and
 * A(k:, j) -= beta w_j v; finally A(k, k) = alpha. R is the upper triangle at the end (below it, the
 * entries are the Householder vectors).
 *
 * A(r, c) is a hash of (r, c) in [-1, 1). */
#ifndef QR_H
#define QR_H

#include <math.h>
#include <stdlib.h>

#define QR_MAX_LOCAL 1024       /* largest m and q */
#define QR_REF_MAX 512          /* default: the sequential reference is run for n up to this */

static unsigned qr_hash(unsigned a, unsigned b)
{
    unsigned h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

static double qr_a(int r, int c)
{
    return (double)(qr_hash((unsigned)r, (unsigned)c) >> 8) * (2.0 / 16777216.0) - 1.0;
}

/* The check vector y. */
static double qr_y(int c)
{
    return 0.5 + (double)(qr_hash((unsigned)c, 0xC0FFEEu) >> 8) * (1.0 / 16777216.0);
}

/* alpha, v(0) and beta of the reflection of a column with diagonal x0 and sub-diagonal sum of squares
 * sigma. */
static void qr_house(double x0, double sigma, double *alpha, double *vkk, double *beta)
{
    double norm;
    if (sigma == 0) {
        *alpha = x0;
        *vkk = 0;
        *beta = 0;
        return;
    }
    norm = sqrt(x0 * x0 + sigma);
    *alpha = x0 >= 0 ? -norm : norm;
    *vkk = x0 - *alpha;
    *beta = 1.0 / (norm * (norm + fabs(x0)));
}

/* One process's part of the matrix. */
struct qr_local {
    int n, X, Y, px, py;
    int m, q, ld;
    double *a;
};

/* Local rows with global index >= k: they start at local row qr_row_from(L, k). */
static int qr_row_from(struct qr_local *L, int k)
{
    return k <= L->py ? 0 : (k - L->py + L->Y - 1) / L->Y;
}

static int qr_col_from(struct qr_local *L, int k)
{
    return k <= L->px ? 0 : (k - L->px + L->X - 1) / L->X;
}

/* Allocates and fills this process's part of A; returns 0 when out of memory. */
static int qr_local_init(struct qr_local *L, int n, int X, int Y, int rank)
{
    int lr, lc;
    L->n = n;
    L->X = X;
    L->Y = Y;
    L->px = rank % X;
    L->py = rank / X;
    L->m = n / Y;
    L->q = n / X;
    L->ld = L->m + 2;
    L->a = (double *)malloc(L->ld * L->q * sizeof(double));
    if (!L->a)
        return 0;
    for (lc = 0; lc < L->q; lc++)
        for (lr = 0; lr < L->m; lr++)
            L->a[lc * L->ld + lr] = qr_a(L->py + L->Y * lr, L->px + L->X * lc);
    return 1;
}

/* On the column's processes: this process's part of sigma (rows > k), and x0 if it holds A(k, k). */
static double qr_sigma_part(struct qr_local *L, int k, double *x0)
{
    double *col = L->a + (k / L->X) * L->ld;
    double s = 0;
    int lr;
    for (lr = qr_row_from(L, k + 1); lr < L->m; lr++)
        s += col[lr] * col[lr];
    *x0 = k % L->Y == L->py ? col[k / L->Y] : 0;
    return s;
}

/* w[lc] = v . A(k:, lc) over this process's rows >= k, for its columns > k (0 when it has no rows >= k). */
static void qr_w_part(struct qr_local *L, int k, const double *v, double *w)
{
    int lr0 = qr_row_from(L, k), lc, lr;
    for (lc = qr_col_from(L, k + 1); lc < L->q; lc++) {
        const double *col = L->a + lc * L->ld;
        double s = 0;
        for (lr = lr0; lr < L->m; lr++)
            s += v[lr] * col[lr];
        w[lc] = s;
    }
}

/* A(k:, j) -= beta w_j v for this process's rows >= k and columns > k. */
static void qr_update(struct qr_local *L, int k, const double *v, const double *w, double beta)
{
    int lr0 = qr_row_from(L, k), lc, lr;
    for (lc = qr_col_from(L, k + 1); lc < L->q; lc++) {
        double *col = L->a + lc * L->ld;
        double s = beta * w[lc];
        for (lr = lr0; lr < L->m; lr++)
            col[lr] -= s * v[lr];
    }
}

/* The check, part 1: z(0..n-1) = R y and z(n..2n-1) = A y over this process's entries (A recomputed). */
static void qr_check_z(struct qr_local *L, double *z)
{
    int n = L->n, lr, lc;
    for (lr = 0; lr < 2 * n; lr++)
        z[lr] = 0;
    for (lc = 0; lc < L->q; lc++) {
        int c = L->px + L->X * lc;
        double yc = qr_y(c);
        for (lr = 0; lr < L->m; lr++) {
            int r = L->py + L->Y * lr;
            if (r <= c)
                z[r] += L->a[lc * L->ld + lr] * yc;
            z[n + r] += qr_a(r, c) * yc;
        }
    }
}

/* Part 2: u(0..n-1) = R^T zR and u(n..2n-1) = A^T zA over this process's entries, z being the sums. */
static void qr_check_u(struct qr_local *L, const double *z, double *u)
{
    int n = L->n, lr, lc;
    for (lr = 0; lr < 2 * n; lr++)
        u[lr] = 0;
    for (lc = 0; lc < L->q; lc++) {
        int c = L->px + L->X * lc;
        for (lr = 0; lr < L->m; lr++) {
            int r = L->py + L->Y * lr;
            if (r <= c)
                u[c] += L->a[lc * L->ld + lr] * z[r];
            u[n + c] += qr_a(r, c) * z[n + r];
        }
    }
}

/* The sequential reference: the same column steps on the whole matrix; returns R y in ry (n doubles), or 0
 * when out of memory. */
static int qr_reference(int n, double *ry)
{
    double *a = (double *)malloc((size_t)n * n * sizeof(double));
    int k, j, r;
    if (!a)
        return 0;
    for (j = 0; j < n; j++)
        for (r = 0; r < n; r++)
            a[j * n + r] = qr_a(r, j);
    for (k = 0; k < n; k++) {
        double *v = a + k * n, sigma = 0, alpha, vkk, beta;
        for (r = k + 1; r < n; r++)
            sigma += v[r] * v[r];
        qr_house(v[k], sigma, &alpha, &vkk, &beta);
        v[k] = vkk;
        for (j = k + 1; j < n; j++) {
            double *col = a + j * n, w = 0, s;
            for (r = k; r < n; r++)
                w += v[r] * col[r];
            s = beta * w;
            for (r = k; r < n; r++)
                col[r] -= s * v[r];
        }
        v[k] = alpha;
    }
    for (r = 0; r < n; r++) {
        double s = 0;
        for (j = r; j < n; j++)
            s += a[j * n + r] * qr_y(j);
        ry[r] = s;
    }
    free(a);
    return 1;
}

/* The verdict on rank 0 from the summed vectors: gram = max |R^T R y - A^T A y| / max |A^T A y|, and, when
 * ry (the reference's R y) is given, dref = max |R y - ry| / max |ry|. Returns 1 when both are small. */
static int qr_verdict(int n, const double *z, const double *u, const double *ry, double *gram, double *dref)
{
    double num = 0, den = 0;
    int i;
    for (i = 0; i < n; i++) {
        double d = fabs(u[i] - u[n + i]);
        if (d > num)
            num = d;
        if (fabs(u[n + i]) > den)
            den = fabs(u[n + i]);
    }
    *gram = den > 0 ? num / den : num;
    *dref = 0;
    if (ry) {
        num = 0;
        den = 0;
        for (i = 0; i < n; i++) {
            double d = fabs(z[i] - ry[i]);
            if (d > num)
                num = d;
            if (fabs(ry[i]) > den)
                den = fabs(ry[i]);
        }
        *dref = den > 0 ? num / den : num;
    }
    return *gram <= 1e-11 && *dref <= 1e-11;
}

/* The process grid for P processes: Y the largest divisor of P not above sqrt(P), X = P / Y (4: 2x2,
 * 16: 4x4, 32: 8x4, 64: 8x8, as the SCMP meshes of the thesis's runs). */
static void qr_grid(int P, int *X, int *Y)
{
    int y;
    for (y = 1; y * y <= P; y++)
        if (P % y == 0)
            *Y = y;
    *X = P / *Y;
}

#endif
