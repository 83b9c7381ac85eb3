/* The SOR kernel of Stricker et al. (seed 002, appendix A.2): 10 sweeps of the 5-point stencil over an N x N
 * array of floats distributed by blocks of rows, each sweep preceded by the exchange of the edge rows with the
 * two neighbours, under PVM (pack, send, receive, unpack), RRMSG (request, pull, acknowledgement) or DMSG (a
 * deposit into the neighbours' ghost rows between two barriers). Usage: sor pvm|rrmsg|dmsg [N] (default 256;
 * N a multiple of the PE count). Prints the line of kernels.h; 5 flops a point a sweep. */
#include "kernels.h"
#include <stdlib.h>

#define SWEEPS 10

/* room for both arrays at N = 512 on 2 PEs */
SHMEM_SYMMETRIC_HEAP(1100000);

int main(int argc, char **argv) {
    int me = shmem_my_pe(), p = shmem_n_pes();
    int lib = argc > 1 ? lib_of(argv[1]) : -1, n = argc > 2 ? atoi(argv[2]) : 256;
    if (lib < 0 || n % p != 0 || n / p < 1) {
        if (me == 0) {
            printf("usage: sor pvm|rrmsg|dmsg [N], N a multiple of the PE count\n");
        }
        return 2;
    }
    int b = n / p;
    /* rows 0 and b+1 are the ghosts; shmalloc puts both arrays at one address on every PE */
    float *u = (float *) shmalloc(sizeof(float) * (b + 2) * n);
    float *v = (float *) shmalloc(sizeof(float) * (b + 2) * n);
    if (u == 0 || v == 0) {
        return 3;
    }
    for (int i = 0; i < b + 2; i++) {
        for (int j = 0; j < n; j++) {
            int g = me * b + i - 1;
            u[i * n + j] = v[i * n + j] = (g < 0 || g >= n || j == 0 || j == n - 1) ? 1.0f : 0.0f;
        }
    }
    int up = me - 1, down = me + 1, bytes = 0;
    shmem_barrier_all();
    start();
    for (int s = 0; s < SWEEPS; s++) {
        if (lib == LIB_DMSG) {
            dmsg_barrier();    /* the neighbours' ghost rows are free */
            if (up >= 0) {
                dmsg_put(&u[(b + 1) * n], &u[n], n, up);
            }
            if (down < p) {
                dmsg_put(&u[0], &u[b * n], n, down);
            }
            dmsg_sync();
        } else if (lib == LIB_RRMSG) {
            if (up >= 0) {
                rr_send(&u[n], n, up, s);
            }
            if (down < p) {
                rr_send(&u[b * n], n, down, s);
            }
            if (up >= 0) {
                rr_recv(&u[0], n, up, s);
            }
            if (down < p) {
                rr_recv(&u[(b + 1) * n], n, down, s);
            }
            rr_wait_sends();
        } else {
            if (up >= 0) {
                pvm_initsend(PvmDataRaw);
                pvm_pkint((int *) &u[n], n, 1);
                pvm_send(pvm_gettid(0, up), s);
            }
            if (down < p) {
                pvm_initsend(PvmDataRaw);
                pvm_pkint((int *) &u[b * n], n, 1);
                pvm_send(pvm_gettid(0, down), s);
            }
            if (up >= 0) {
                pvm_recv(pvm_gettid(0, up), s);
                pvm_upkint((int *) &u[0], n, 1);
            }
            if (down < p) {
                pvm_recv(pvm_gettid(0, down), s);
                pvm_upkint((int *) &u[(b + 1) * n], n, 1);
            }
        }
        bytes += 4 * n * ((up >= 0) + (down < p));
        stop(&comm_cycles);
        for (int i = 1; i <= b; i++) {
            int g = me * b + i - 1;
            if (g == 0 || g == n - 1) {
                continue;
            }
            for (int j = 1; j < n - 1; j++) {
                v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
            }
        }
        float *t = u;
        u = v;
        v = t;
        stop(&comp_cycles);
    }
    double sum = 0;
    for (int i = 1; i <= b; i++) {
        for (int j = 0; j < n; j++) {
            sum += u[i * n + j] * (double) (1 + (me * b + i - 1 + j) % 7);
        }
    }
    report("sor", lib, n, 5.0 * (n - 2) * (n - 2) * SWEEPS, bytes, sum);
    return 0;
}
