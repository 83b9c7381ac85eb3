/* The 2D-FFT kernel of Stricker et al. (seed 002, appendix A.2): an N x N array of single precision complex
 * numbers distributed by blocks of rows (C's row-major order: the paper's columns), a radix-2 FFT of every local
 * row, the transpose (the dense all-to-all: every PE sends a b x b block, b = N / PEs, to every other), the
 * FFTs again and the transpose back. The transposes under PVM (gather by packing every row segment, send,
 * receive, unpack, scatter), RRMSG (gather into one contiguous block a PE, request, pull, scatter) or DMSG
 * (deposit straight into place with strided puts, real and imaginary parts apart, step k to PE me XOR k with a
 * barrier after every step for congestion control). Usage: fft2d pvm|rrmsg|dmsg [N] (default 128; N a power of
 * 2 and a multiple of the PE count, a power of 2). Prints the line of kernels.h; 5 N log2 N flops an FFT. */
#include "kernels.h"
#include <math.h>
#include <stdlib.h>

SHMEM_SYMMETRIC_HEAP(1100000);

static int n, b, logn;
static float *wre, *wim;

/* In place, decimation in time: bit reversal, then log2 N stages of butterflies with the twiddles of wre/wim. */
static void fft(float *x) {
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1) {
            j ^= bit;
        }
        j ^= bit;
        if (i < j) {
            float tr = x[2 * i], ti = x[2 * i + 1];
            x[2 * i] = x[2 * j];
            x[2 * i + 1] = x[2 * j + 1];
            x[2 * j] = tr;
            x[2 * j + 1] = ti;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        int step = n / len;
        for (int i = 0; i < n; i += len) {
            for (int k = 0; k < len / 2; k++) {
                float c = wre[k * step], s = wim[k * step];
                float *p = &x[2 * (i + k)], *q = &x[2 * (i + k + len / 2)];
                float tr = q[0] * c - q[1] * s, ti = q[0] * s + q[1] * c;
                q[0] = p[0] - tr;
                q[1] = p[1] - ti;
                p[0] += tr;
                p[1] += ti;
            }
        }
    }
}

/* t = the transpose of a: element (r, c) of PE me's rows goes to element (c - q b, me b + r) of PE q's. */
static void transpose(int lib, float *a, float *t, float *sendbuf, float *recvbuf) {
    int me = shmem_my_pe(), p = shmem_n_pes();
    if (lib == LIB_DMSG) {
        dmsg_barrier();    /* every t is free */
        for (int k = 0; k < p; k++) {
            int q = me ^ k;
            for (int r = 0; r < b; r++) {
                /* b complex numbers of row r go down column me b + r of q's rows: stride 2 N words */
                dmsg_put_strided(&t[2 * (me * b + r)], 2 * n, &a[2 * (r * n + q * b)], 2, b, q);
                dmsg_put_strided(&t[2 * (me * b + r) + 1], 2 * n, &a[2 * (r * n + q * b) + 1], 2, b, q);
            }
            dmsg_quiet();
            dmsg_barrier();    /* congestion control: the step is over everywhere before the next */
        }
        dmsg_sync();
        return;
    }
    /* gather: sendbuf holds the block for PE q at q b b complex numbers, row by row */
    for (int k = 1; k <= p; k++) {
        int q = (me + k) % p;
        float *blk = &sendbuf[2 * q * b * b];
        if (lib == LIB_RRMSG) {
            for (int r = 0; r < b; r++) {
                memcpy(&blk[2 * r * b], &a[2 * (r * n + q * b)], 8 * b);
            }
            rr_send(blk, 2 * b * b, q, 0);
        } else {
            pvm_initsend(PvmDataRaw);
            for (int r = 0; r < b; r++) {
                pvm_pkint((const int *) &a[2 * (r * n + q * b)], 2 * b, 1);
            }
            pvm_send(pvm_gettid(0, q), 0);
        }
    }
    for (int k = 1; k <= p; k++) {
        int q = (me + p - k) % p;
        float *blk = &recvbuf[2 * q * b * b];
        if (lib == LIB_RRMSG) {
            rr_recv(blk, 2 * b * b, q, 0);
        } else {
            pvm_recv(pvm_gettid(0, q), 0);
            pvm_upkint((int *) blk, 2 * b * b, 1);
        }
        /* scatter: element (r, c) of q's block is t's (c, q b + r) */
        for (int r = 0; r < b; r++) {
            for (int c = 0; c < b; c++) {
                t[2 * (c * n + q * b + r)] = blk[2 * (r * b + c)];
                t[2 * (c * n + q * b + r) + 1] = blk[2 * (r * b + c) + 1];
            }
        }
    }
    if (lib == LIB_RRMSG) {
        rr_wait_sends();
    }
}

int main(int argc, char **argv) {
    int me = shmem_my_pe(), p = shmem_n_pes(), lib = argc > 1 ? lib_of(argv[1]) : -1;
    n = argc > 2 ? atoi(argv[2]) : 128;
    b = n / p;
    for (logn = 0; (1 << logn) < n; logn++) {
    }
    if (lib < 0 || (1 << logn) != n || n % p != 0 || b < 1 || (p & (p - 1)) != 0) {
        if (me == 0) {
            printf("usage: fft2d pvm|rrmsg|dmsg [N], N a power of 2 and a multiple of the PE count\n");
        }
        return 2;
    }
    float *a = (float *) shmalloc(8 * b * n), *t = (float *) shmalloc(8 * b * n);
    float *sendbuf = (float *) malloc(8 * b * n), *recvbuf = (float *) malloc(8 * b * n);
    wre = (float *) malloc(4 * n / 2);
    wim = (float *) malloc(4 * n / 2);
    if (a == 0 || t == 0 || sendbuf == 0 || recvbuf == 0 || wre == 0 || wim == 0) {
        return 3;
    }
    for (int k = 0; k < n / 2; k++) {
        wre[k] = (float) cos(-2 * M_PI * k / n);
        wim[k] = (float) sin(-2 * M_PI * k / n);
    }
    for (int r = 0; r < b; r++) {
        for (int c = 0; c < n; c++) {
            int g = me * b + r;
            a[2 * (r * n + c)] = (float) ((g * 7 + c * 3) % 11) - 5;
            a[2 * (r * n + c) + 1] = (float) ((g * 5 + c) % 7) - 3;
        }
    }
    shmem_barrier_all();
    start();
    for (int pass = 0; pass < 2; pass++) {
        for (int r = 0; r < b; r++) {
            fft(&a[2 * r * n]);
        }
        stop(&comp_cycles);
        transpose(lib, a, t, sendbuf, recvbuf);
        stop(&comm_cycles);
        float *x = a;
        a = t;
        t = x;
    }
    double sum = 0;
    for (int r = 0; r < b; r++) {
        for (int c = 0; c < n; c++) {
            sum += (fabs(a[2 * (r * n + c)]) + fabs(a[2 * (r * n + c) + 1])) * (1 + (me * b + r + c) % 5);
        }
    }
    /* the data sent: two transposes of every block but this PE's own */
    report("fft2d", lib, n, 2.0 * 5 * n * logn * n, 2.0 * 8 * b * b * (p - 1), sum);
    return 0;
}
