/* qr_mpi.c - the QR benchmark (thesis section 5.2) with MPI: Householder QR of an n x n matrix on an X x Y
 * grid of ranks with the tiled assignment of thesis Figure 5.3 (qr.h has the matrix, the storage and the
 * arithmetic). Each column step makes the calls the thesis lists in its section 5.2.1:
 *   1. the ranks holding the column reduce their parts of |x|^2 (MPI_Reduce in the column communicator, to
 *      its rank 0, the process with the top element of the column);
 *   2. the owner of the diagonal element sends it there (MPI_Send / MPI_Recv);
 *   3. the top rank broadcasts a double array {alpha, v(0)} and a double, beta, down the column (MPI_Bcast);
 *   4. every rank enters MPI_Barrier(MPI_COMM_WORLD);
 *   5. along every process row, the rank holding the column broadcasts its part of v (an array of doubles)
 *      and beta (MPI_Bcast in the row communicator);
 *   6. every process column sums the partial dot products w (MPI_Allreduce in the column communicator), and
 *      every rank updates its part of the matrix.
 * Row and column communicators come from MPI_Comm_split. Process rows without rows >= k skip step 5 (all
 * their ranks know it); step 6 is skipped where no column > k is left.
 *
 * Usage: qr_mpi N [REFMAX]   (N divisible by the grid's X and Y; the sequential reference runs when
 * N <= REFMAX, default 512). Grid: the mesh (X = getXDim()) when every node is a rank, else qr_grid().
 * Launch: `scmpsim --mesh XxY qr_mpi N` (the thesis's form, parExecute from main) or `scmpsim -n P qr_mpi N`;
 * with a host MPI it is a standard MPI program.
 * Timed: rank 0's cycle counter from after the start barrier to the end of the last column (set-up and the
 * check excluded). Output (rank 0):
 *     qr mpi nodes P grid XxY n N cycles C
 *     qr mpi verify: |R^T R y - A^T A y| / |A^T A y| = G, |R y - R_ref y| / |R_ref y| = D: OK
 * The check sums R y, A y, R^T R y and A^T A y over all ranks (A recomputed from its formula), and compares
 * R y with the sequential reference's; exit status 1 (and FAILED) when either is off. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
#include "qr.h"
#ifdef __SCMP__
#include <scmp.h>
#endif

static unsigned long long now(void)
{
#ifdef __SCMP__
    return scmp_cycles();
#else
    return (unsigned long long)(MPI_Wtime() * 1e9);
#endif
}

static int status;

static void qr_run(int n, int refmax)
{
    struct qr_local L;
    MPI_Comm rowcomm, colcomm;
    int P, me, X, Y, k;
    double *vrow, *w, *wsum, *z, *zs, *u, *us;
    unsigned long long t0 = 0, cycles;

    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    qr_grid(P, &X, &Y);
#ifdef __SCMP__
    if (P == getXDim() * getYDim()) {
        X = getXDim();
        Y = getYDim();
    }
#endif
    if (n % X || n % Y || n / X > QR_MAX_LOCAL || n / Y > QR_MAX_LOCAL || !qr_local_init(&L, n, X, Y, me)) {
        if (me == 0)
            printf("qr mpi: n %d does not fit a %dx%d grid\n", n, X, Y);
        status = 2;
        return;
    }
    MPI_Comm_split(MPI_COMM_WORLD, L.py, L.px, &rowcomm);
    MPI_Comm_split(MPI_COMM_WORLD, L.px, L.py, &colcomm);
    vrow = (double *)malloc((L.m + 2) * sizeof(double));
    w = (double *)malloc((L.q + 1) * sizeof(double));
    wsum = (double *)malloc((L.q + 1) * sizeof(double));

    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0)
        t0 = now();
    for (k = 0; k < n; k++) {
        int pc = k % X, pr = k % Y;
        int lr0 = qr_row_from(&L, k), lc1 = qr_col_from(&L, k + 1);
        double *col = L.a + (k / X) * L.ld, *v;
        double beta = 0, hv[2];
        if (L.px == pc) {
            double x0, part = qr_sigma_part(&L, k, &x0), sigma = 0, alpha;
            MPI_Reduce(&part, &sigma, 1, MPI_DOUBLE, MPI_SUM, 0, colcomm);
            if (pr != 0 && L.py == pr)
                MPI_Send(&x0, 1, MPI_DOUBLE, 0, k, colcomm);
            if (L.py == 0) {
                if (pr != 0)
                    MPI_Recv(&x0, 1, MPI_DOUBLE, pr, k, colcomm, MPI_STATUS_IGNORE);
                qr_house(x0, sigma, &alpha, &hv[1], &beta);
                hv[0] = alpha;
            }
            MPI_Bcast(hv, 2, MPI_DOUBLE, 0, colcomm);
            MPI_Bcast(&beta, 1, MPI_DOUBLE, 0, colcomm);
            if (L.py == pr)
                col[k / Y] = hv[1];
        }
        MPI_Barrier(MPI_COMM_WORLD);
        v = L.px == pc ? col : vrow;
        if (lr0 < L.m) {
            MPI_Bcast(v + lr0, L.m - lr0, MPI_DOUBLE, pc, rowcomm);
            MPI_Bcast(&beta, 1, MPI_DOUBLE, pc, rowcomm);
        }
        if (lc1 < L.q) {
            int lc;
            if (lr0 < L.m)
                qr_w_part(&L, k, v, w);
            else
                for (lc = lc1; lc < L.q; lc++)
                    w[lc] = 0;
            MPI_Allreduce(w + lc1, wsum + lc1, L.q - lc1, MPI_DOUBLE, MPI_SUM, colcomm);
            if (lr0 < L.m)
                qr_update(&L, k, v, wsum, beta);
        }
        if (L.px == pc && L.py == pr)
            col[k / Y] = hv[0];
    }
    cycles = now() - t0;

    /* The check (not timed). */
    z = (double *)malloc(2 * n * sizeof(double));
    zs = (double *)malloc(2 * n * sizeof(double));
    u = (double *)malloc(2 * n * sizeof(double));
    us = (double *)malloc(2 * n * sizeof(double));
    qr_check_z(&L, z);
    MPI_Allreduce(z, zs, 2 * n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    qr_check_u(&L, zs, u);
    MPI_Reduce(u, us, 2 * n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        double gram, dref, *ry = 0;
        int ok;
        printf("qr mpi nodes %d grid %dx%d n %d cycles %llu\n", P, X, Y, n, cycles);
        fflush(stdout);
        if (n <= refmax) {
            ry = (double *)malloc(n * sizeof(double));
            if (ry && !qr_reference(n, ry)) {
                free(ry);
                ry = 0;
            }
        }
        ok = qr_verdict(n, zs, us, ry, &gram, &dref);
        if (ry)
            printf("qr mpi verify: |R^T R y - A^T A y| / |A^T A y| = %.1e, |R y - R_ref y| / |R_ref y| = %.1e: %s\n",
                   gram, dref, ok ? "OK" : "FAILED");
        else
            printf("qr mpi verify: |R^T R y - A^T A y| / |A^T A y| = %.1e, no reference above n %d: %s\n",
                   gram, refmax, ok ? "OK" : "FAILED");
        fflush(stdout);
        status = ok ? 0 : 1;
    }
}

static int parse(int argc, char **argv, int *n, int *refmax)
{
    if (argc < 2 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: qr_mpi N [REFMAX]\n");
        return 2;
    }
    *n = atoi(argv[1]);
    *refmax = argc > 2 ? atoi(argv[2]) : QR_REF_MAX;
    return 0;
}

#ifdef __SCMP__
/* The thesis's launch form: every node runs this (parExecute). */
void qr_start(int n, int refmax)
{
    MPI_Init(0, 0);
    qr_run(n, refmax);
    MPI_Finalize();
}
#endif

int main(int argc, char **argv)
{
    int n, refmax;
#ifdef __SCMP__
    if (!getenv("SCMP_NPROCS")) {
        if (parse(argc, argv, &n, &refmax))
            return 2;
        parExecute(getXDim() * getYDim(), (void (*)())qr_start, n, refmax);
        return status;
    }
#endif
    MPI_Init(&argc, &argv);
    if (parse(argc, argv, &n, &refmax)) {
        MPI_Finalize();
        return 2;
    }
    qr_run(n, refmax);
    MPI_Finalize();
    return status;
}
