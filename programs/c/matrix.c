/* Dense linear algebra kernels: integer and double matrix multiplication (checked against a transposed
 * variant), LU decomposition with partial pivoting, a linear solve and its residual, determinant, inverse,
 * and power iteration for the dominant eigenvalue. Values are printed with few digits, well away from
 * rounding boundaries. */
#include <math.h>
#include <stdio.h>

#define N 8

static double A[N][N], B[N][N], C[N][N], LU[N][N];
static int piv[N];

static void matmul(double (*a)[N], double (*b)[N], double (*c)[N])
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            double s = 0;
            for (k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static int lu(void)
{
    int i, j, k, sign = 1;
    for (i = 0; i < N; i++) {
        piv[i] = i;
        for (j = 0; j < N; j++)
            LU[i][j] = A[i][j];
    }
    for (k = 0; k < N; k++) {
        int p = k;
        for (i = k + 1; i < N; i++)
            if (fabs(LU[i][k]) > fabs(LU[p][k]))
                p = i;
        if (p != k) {
            for (j = 0; j < N; j++) {
                double t = LU[k][j]; LU[k][j] = LU[p][j]; LU[p][j] = t;
            }
            i = piv[k]; piv[k] = piv[p]; piv[p] = i;
            sign = -sign;
        }
        for (i = k + 1; i < N; i++) {
            LU[i][k] /= LU[k][k];
            for (j = k + 1; j < N; j++)
                LU[i][j] -= LU[i][k] * LU[k][j];
        }
    }
    return sign;
}

static void solve(const double *b, double *x)
{
    int i, j;
    double y[N];
    for (i = 0; i < N; i++) {
        y[i] = b[piv[i]];
        for (j = 0; j < i; j++)
            y[i] -= LU[i][j] * y[j];
    }
    for (i = N - 1; i >= 0; i--) {
        x[i] = y[i];
        for (j = i + 1; j < N; j++)
            x[i] -= LU[i][j] * x[j];
        x[i] /= LU[i][i];
    }
}

int main(void)
{
    int i, j, k;
    static int ia[N][N], ib[N][N], ic[N][N], ibt[N][N];
    long long trace = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            ia[i][j] = (i * 7 + j * 3) % 11 - 5;
            ib[i][j] = (i * i + 2 * j) % 13 - 6;
            ibt[j][i] = ib[i][j];
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            int s = 0, t = 0;
            for (k = 0; k < N; k++) {
                s += ia[i][k] * ib[k][j];
                t += ia[i][k] * ibt[j][k];
            }
            ic[i][j] = s;
            if (s != t)
                printf("MISMATCH %d %d\n", i, j);
        }
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++)
            printf("%5d", ic[i][j]);
        printf("\n");
        trace += ic[i][i];
    }
    printf("trace %lld\n", trace);

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            A[i][j] = 1.0 / (i + j + 1) + (i == j ? 2.0 : 0.0) + 0.01 * ((i * 3 + j) % 5);
            B[i][j] = (i == j) ? 1.0 : 0.0;
        }
    matmul(A, B, C);
    for (i = 0, k = 0; i < N; i++)
        for (j = 0; j < N; j++)
            k += C[i][j] != A[i][j];
    printf("A*I == A: %s\n", k ? "no" : "yes");
    {
        int sign = lu();
        double det = sign, b[N], x[N], r, maxr = 0;
        for (i = 0; i < N; i++)
            det *= LU[i][i];
        printf("det %.6f\n", det);
        printf("pivots:");
        for (i = 0; i < N; i++)
            printf(" %d", piv[i]);
        printf("\n");
        for (i = 0; i < N; i++)
            b[i] = i + 1;
        solve(b, x);
        for (i = 0; i < N; i++) {
            r = -b[i];
            for (j = 0; j < N; j++)
                r += A[i][j] * x[j];
            if (fabs(r) > maxr)
                maxr = fabs(r);
            printf("x[%d] = %.8f\n", i, x[i]);
        }
        printf("residual below 1e-12: %s\n", maxr < 1e-12 ? "yes" : "no");
        /* inverse column by column, then A * inv(A) is close to I */
        for (j = 0; j < N; j++) {
            double e[N], col[N];
            for (i = 0; i < N; i++)
                e[i] = i == j;
            solve(e, col);
            for (i = 0; i < N; i++)
                B[i][j] = col[i];
        }
        matmul(A, B, C);
        maxr = 0;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                if (fabs(C[i][j] - (i == j)) > maxr)
                    maxr = fabs(C[i][j] - (i == j));
        printf("inverse error below 1e-12: %s; inv[0][0] %.8f inv[7][7] %.8f\n", maxr < 1e-12 ? "yes" : "no",
               B[0][0], B[7][7]);
    }
    {
        double v[N], w[N], lambda = 0;
        int it;
        for (i = 0; i < N; i++)
            v[i] = 1;
        for (it = 0; it < 200; it++) {
            double norm = 0;
            for (i = 0; i < N; i++) {
                w[i] = 0;
                for (j = 0; j < N; j++)
                    w[i] += A[i][j] * v[j];
                norm += w[i] * w[i];
            }
            norm = sqrt(norm);
            lambda = 0;
            for (i = 0; i < N; i++) {
                lambda += v[i] * w[i];
                v[i] = w[i] / norm;
            }
        }
        printf("dominant eigenvalue %.8f\n", lambda);
        printf("eigenvector:");
        for (i = 0; i < N; i++)
            printf(" %.6f", v[i]);
        printf("\n");
    }
    return 0;
}
