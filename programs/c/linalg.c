#include <stdio.h>
#include <math.h>

#define N 6
typedef double mat[N][N];
typedef float fmat[4][4];

static void mat_mul(mat a, mat b, mat c) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}
static void print_mat(const char *name, mat m) {
    printf("%s:\n", name);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) printf(" %9.4f", fabs(m[i][j]) < 1e-9 ? 0.0 : m[i][j]);
        printf("\n");
    }
}
static int invert(mat a, mat inv) {
    mat t;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { t[i][j] = a[i][j]; inv[i][j] = i == j; }
    for (int c = 0; c < N; c++) {
        int p = c;
        for (int r = c + 1; r < N; r++) if (fabs(t[r][c]) > fabs(t[p][c])) p = r;
        if (fabs(t[p][c]) < 1e-12) return 0;
        for (int k = 0; k < N; k++) { double x = t[c][k]; t[c][k] = t[p][k]; t[p][k] = x; x = inv[c][k]; inv[c][k] = inv[p][k]; inv[p][k] = x; }
        double d = t[c][c];
        for (int k = 0; k < N; k++) { t[c][k] /= d; inv[c][k] /= d; }
        for (int r = 0; r < N; r++) if (r != c) {
            double f = t[r][c];
            for (int k = 0; k < N; k++) { t[r][k] -= f * t[c][k]; inv[r][k] -= f * inv[c][k]; }
        }
    }
    return 1;
}
static double det(double *m, int n) {
    double a[64];
    for (int i = 0; i < n * n; i++) a[i] = m[i];
    double d = 1;
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++) if (fabs(a[r * n + c]) > fabs(a[p * n + c])) p = r;
        if (a[p * n + c] == 0) return 0;
        if (p != c) { d = -d; for (int k = 0; k < n; k++) { double x = a[c * n + k]; a[c * n + k] = a[p * n + k]; a[p * n + k] = x; } }
        d *= a[c * n + c];
        for (int r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
        }
    }
    return d;
}
static void fmat_mul(fmat a, fmat b, fmat c) {
    for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) {
        float s = 0;
        for (int k = 0; k < 4; k++) s += a[i][k] * b[k][j];
        c[i][j] = s;
    }
}
static void transpose(int rows, int cols, const int *in, int *out) {
    for (int r = 0; r < rows; r++) for (int c = 0; c < cols; c++) out[c * rows + r] = in[r * cols + c];
}

int main(void) {
    mat a, b, c, inv;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { a[i][j] = (i + 1) * (j + 2) % 7 + (i == j) * 5; b[i][j] = (i * 3 + j) % 5 - 2; }
    mat_mul(a, b, c);
    print_mat("A*B", c);
    if (invert(a, inv)) {
        mat id;
        mat_mul(a, inv, id);
        print_mat("A*inv(A)", id);
        printf("inv[0][0]=%.6f inv[5][5]=%.6f\n", inv[0][0], inv[5][5]);
    }
    printf("det=%.6f\n", det(&a[0][0], N));
    double h[16];
    for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) h[i * 4 + j] = 1.0 / (i + j + 1);
    printf("hilbert det=%.6e\n", det(h, 4));
    fmat fa, fb, fc;
    for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) { fa[i][j] = 0.1f * (i + j); fb[i][j] = (i == j) ? 1.5f : 0.25f; }
    fmat_mul(fa, fb, fc);
    for (int i = 0; i < 4; i++) printf("%.6f %.6f %.6f %.6f\n", fc[i][0], fc[i][1], fc[i][2], fc[i][3]);
    int m[3][5], t[5][3];
    for (int i = 0; i < 3; i++) for (int j = 0; j < 5; j++) m[i][j] = i * 10 + j;
    transpose(3, 5, &m[0][0], &t[0][0]);
    for (int i = 0; i < 5; i++) printf("%d %d %d\n", t[i][0], t[i][1], t[i][2]);
    int (*rowp)[5] = m;
    rowp++;
    printf("%d %d\n", (*rowp)[3], rowp[1][4]);
    int *flat = &m[0][0];
    printf("%d %d\n", flat[7], *(flat + 14));
    double v[N] = { 1, 2, 3, 4, 5, 6 }, w[N];
    for (int i = 0; i < N; i++) { w[i] = 0; for (int j = 0; j < N; j++) w[i] += a[i][j] * v[j]; }
    double norm = 0;
    for (int i = 0; i < N; i++) norm += w[i] * w[i];
    printf("%.6f\n", sqrt(norm));
    /* power iteration */
    double x[N] = { 1, 1, 1, 1, 1, 1 }, lambda = 0;
    for (int it = 0; it < 200; it++) {
        double y[N], nrm = 0;
        for (int i = 0; i < N; i++) { y[i] = 0; for (int j = 0; j < N; j++) y[i] += a[i][j] * x[j]; nrm += y[i] * y[i]; }
        nrm = sqrt(nrm);
        for (int i = 0; i < N; i++) x[i] = y[i] / nrm;
        lambda = nrm;
    }
    printf("lambda=%.6f\n", lambda);
    return 0;
}
