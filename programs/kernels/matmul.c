/* Dense matrix multiply, 48x48 doubles: the inner loop of many scientific codes. Built with -DREPEAT=N, the product
   is computed N times (programs/kernels/qemu-compare.sh); without it the code is that of one product. */
#include <stdio.h>
#define N 48
static double a[N][N], b[N][N], c[N][N];
int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i + 2 * j) % 7 - 3;
            b[i][j] = (3 * i + j) % 5 - 2;
        }
#ifdef REPEAT
    for (int r = 0; r < REPEAT; r++)
#endif
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
    double trace = 0;
    for (int i = 0; i < N; i++)
        trace += c[i][i];
    printf("trace %.1f\n", trace);
    return 0;
}
