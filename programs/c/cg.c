/* Iterative solvers on a sparse symmetric positive definite system (the 1D and 2D Laplacians in
 * compressed sparse row form): conjugate gradient, Jacobi and Gauss-Seidel, printing the iteration counts
 * and the solution at a few points with 6 digits. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct csr { int n, nnz; int *rowptr, *col; double *val; };

static struct csr laplace2d(int m)
{
    struct csr a;
    int i, j, k = 0;
    a.n = m * m;
    a.rowptr = malloc((size_t)(a.n + 1) * sizeof(int));
    a.col = malloc((size_t)a.n * 5 * sizeof(int));
    a.val = malloc((size_t)a.n * 5 * sizeof(double));
    for (i = 0; i < m; i++)
        for (j = 0; j < m; j++) {
            int r = i * m + j;
            a.rowptr[r] = k;
            if (i > 0) { a.col[k] = r - m; a.val[k++] = -1; }
            if (j > 0) { a.col[k] = r - 1; a.val[k++] = -1; }
            a.col[k] = r; a.val[k++] = 4;
            if (j < m - 1) { a.col[k] = r + 1; a.val[k++] = -1; }
            if (i < m - 1) { a.col[k] = r + m; a.val[k++] = -1; }
        }
    a.rowptr[a.n] = k;
    a.nnz = k;
    return a;
}

static void spmv(const struct csr *a, const double *x, double *y)
{
    int i, k;
    for (i = 0; i < a->n; i++) {
        double s = 0;
        for (k = a->rowptr[i]; k < a->rowptr[i + 1]; k++)
            s += a->val[k] * x[a->col[k]];
        y[i] = s;
    }
}

static double dot(const double *x, const double *y, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

static int cg(const struct csr *a, const double *b, double *x, double tol, int maxit)
{
    int n = a->n, i, it;
    double *r = malloc((size_t)n * sizeof(double)), *p = malloc((size_t)n * sizeof(double)),
           *ap = malloc((size_t)n * sizeof(double));
    double rr, rr_new, alpha, beta;
    for (i = 0; i < n; i++) {
        x[i] = 0;
        r[i] = b[i];
        p[i] = b[i];
    }
    rr = dot(r, r, n);
    for (it = 0; it < maxit && sqrt(rr) > tol; it++) {
        spmv(a, p, ap);
        alpha = rr / dot(p, ap, n);
        for (i = 0; i < n; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        rr_new = dot(r, r, n);
        beta = rr_new / rr;
        rr = rr_new;
        for (i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];
    }
    free(r);
    free(p);
    free(ap);
    return it;
}

static int relax(const struct csr *a, const double *b, double *x, double tol, int maxit, int gauss_seidel)
{
    int n = a->n, i, k, it;
    double *xn = malloc((size_t)n * sizeof(double));
    for (i = 0; i < n; i++)
        x[i] = 0;
    for (it = 0; it < maxit; it++) {
        double change = 0;
        for (i = 0; i < n; i++) {
            double s = b[i], diag = 1;
            for (k = a->rowptr[i]; k < a->rowptr[i + 1]; k++) {
                if (a->col[k] == i)
                    diag = a->val[k];
                else
                    s -= a->val[k] * (gauss_seidel ? x[a->col[k]] : x[a->col[k]]);
            }
            xn[i] = s / diag;
            if (gauss_seidel) {
                change = fmax(change, fabs(xn[i] - x[i]));
                x[i] = xn[i];
            }
        }
        if (!gauss_seidel)
            for (i = 0; i < n; i++) {
                change = fmax(change, fabs(xn[i] - x[i]));
                x[i] = xn[i];
            }
        if (change < tol)
            break;
    }
    free(xn);
    return it;
}

int main(void)
{
    int m, i;
    for (m = 4; m <= 16; m *= 2) {
        struct csr a = laplace2d(m);
        double *b = malloc((size_t)a.n * sizeof(double)), *x = malloc((size_t)a.n * sizeof(double)),
               *y = malloc((size_t)a.n * sizeof(double));
        int it;
        double res;
        for (i = 0; i < a.n; i++)
            b[i] = 1.0 + (i % 3) * 0.5;
        it = cg(&a, b, x, 1e-10, 1000);
        spmv(&a, x, y);
        res = 0;
        for (i = 0; i < a.n; i++)
            res = fmax(res, fabs(y[i] - b[i]));
        printf("m=%d n=%d nnz=%d: CG %d iterations, residual below 1e-8: %s\n", m, a.n, a.nnz, it,
               res < 1e-8 ? "yes" : "no");
        printf("  x[0]=%.6f x[mid]=%.6f x[last]=%.6f sum=%.6f\n", x[0], x[a.n / 2 + m / 2], x[a.n - 1],
               dot(x, b, a.n) / a.n);
        if (m <= 8) {
            double *z = malloc((size_t)a.n * sizeof(double));
            int itj = relax(&a, b, z, 1e-9, 20000, 0);
            double diff = 0;
            for (i = 0; i < a.n; i++)
                diff = fmax(diff, fabs(z[i] - x[i]));
            printf("  Jacobi %d iterations, agrees to 1e-6: %s\n", itj, diff < 1e-6 ? "yes" : "no");
            itj = relax(&a, b, z, 1e-9, 20000, 1);
            diff = 0;
            for (i = 0; i < a.n; i++)
                diff = fmax(diff, fabs(z[i] - x[i]));
            printf("  Gauss-Seidel %d iterations, agrees to 1e-6: %s\n", itj, diff < 1e-6 ? "yes" : "no");
            free(z);
        }
        free(a.rowptr);
        free(a.col);
        free(a.val);
        free(b);
        free(x);
        free(y);
    }
    return 0;
}
