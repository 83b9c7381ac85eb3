/* cg_mpi.c - the Conjugate Gradient benchmark (thesis section 5.1, Figure 5.1) with MPI: cg_native.c's
 * program with each of its communications replaced by the plain MPI call that does it, as the thesis's MPI
 * version was written (its section 6.1). The problem (A, b, the sequential reference) is in cg.h.
 *
 * Distribution: rows of A and pieces of b and r cyclic over the ranks; every rank holds the whole of p and
 * x, in piece-major order (piece k, the entries of rank k's rows, contiguous, then a spare double, the same
 * layout as cg_native.c, so both compute exactly the same way). Each iteration of the main loop does the
 * thesis's 3 reductions and 4 + P broadcasts:
 *   MPI_Reduce (sum to rank 0) of p.Ap, r.r and |Ax - b|^2;
 *   MPI_Bcast from rank 0 of alpha, beta, the new r.r and the error (one double each);
 *   MPI_Bcast of each rank's piece of p, rooted at that rank (P calls).
 *
 * Usage: cg_mpi NNZ [N] [TOL]     (N default 1000, TOL default 1e-8)
 * Launch: on SCMP either form works: `scmpsim --mesh XxY cg_mpi NNZ` (the thesis's form: main on node 0
 * starts the SPMD part on every node with parExecute) or `scmpsim -n P cg_mpi NNZ` (every rank runs main,
 * as mpirun does). With a host MPI (mpicc, mpiexec) it is a standard MPI program.
 * Timed: rank 0's cycle counter from after MPI_Barrier to the end of the main loop (the host build uses
 * MPI_Wtime in nanoseconds). Output (rank 0):
 *     cg mpi nodes P n N nnz NNZ iterations I error E cycles C
 *     cg mpi verify: residual R <= TOL, reference I iterations, max |x - x_ref| / max |x_ref| = D: OK
 * Exit status 1 (and FAILED) when the check fails. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
#include "cg.h"
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

static void cg_run(int nnz, int nrows, double tol)
{
    struct cg_problem pb;
    int n, P, me, c, i, j, k, m, it = 0, maxrow;
    int *off, *cnt, *rowptr, *col, *rcols;
    double *val, *p, *x, *r, *q, *bl, *rvals, *pmine;
    double rr = 0, normb, error = 1.0;
    unsigned long long t0 = 0, cycles;

    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    cg_setup(&pb, nrows, nnz);
    n = pb.n;

    off = (int *)malloc((P + 1) * sizeof(int));
    cnt = (int *)malloc(P * sizeof(int));
    off[0] = 0;
    for (k = 0; k < P; k++) {
        cnt[k] = k < n ? (n - k + P - 1) / P : 0;
        off[k + 1] = off[k] + cnt[k] + 1;
    }
    m = cnt[me];
    p = (double *)malloc(off[P] * sizeof(double));
    x = (double *)malloc(off[P] * sizeof(double));
    r = (double *)malloc((m + 1) * sizeof(double));
    q = (double *)malloc((m + 1) * sizeof(double));
    bl = (double *)malloc((m + 1) * sizeof(double));
    pmine = p + off[me];

    maxrow = 1;
    for (i = 0; i < n; i++)
        if (1 + pb.deg[i] > maxrow)
            maxrow = 1 + pb.deg[i];
    rcols = (int *)malloc(maxrow * sizeof(int));
    rvals = (double *)malloc(maxrow * sizeof(double));
    rowptr = (int *)malloc((m + 1) * sizeof(int));
    c = 0;
    for (j = 0; j < m; j++)
        c += 1 + pb.deg[me + j * P];
    col = (int *)malloc((c > 0 ? c : 1) * sizeof(int));
    val = (double *)malloc((c > 0 ? c : 1) * sizeof(double));
    c = 0;
    for (j = 0; j < m; j++) {
        int len = cg_row(&pb, me + j * P, rcols, rvals);
        rowptr[j] = c;
        for (k = 0; k < len; k++) {
            col[c] = off[rcols[k] % P] + rcols[k] / P;
            val[c++] = rvals[k];
        }
    }
    rowptr[m] = c;

    for (i = 0; i < n; i++) {
        double b = cg_b(&pb, i);
        p[off[i % P] + i / P] = b;
        x[off[i % P] + i / P] = 0;
        rr += b * b;
    }
    for (j = 0; j < m; j++) {
        bl[j] = cg_b(&pb, me + j * P);
        r[j] = bl[j];
    }
    normb = sqrt(rr);

    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0)
        t0 = now();
    while (error > tol && it < CG_MAXIT) {
        double pq = 0, nrr = 0, ee = 0, sum = 0, alpha = 0, beta = 0;
        for (j = 0; j < m; j++) {
            double s = 0;
            for (k = rowptr[j]; k < rowptr[j + 1]; k++)
                s += val[k] * p[col[k]];
            q[j] = s;
            pq += pmine[j] * s;
        }
        MPI_Reduce(&pq, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0)
            alpha = rr / sum;
        MPI_Bcast(&alpha, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (k = 0; k < P; k++) {
            double *xk = x + off[k], *pk = p + off[k];
            for (j = 0; j < cnt[k]; j++)
                xk[j] += alpha * pk[j];
        }
        for (j = 0; j < m; j++) {
            r[j] -= alpha * q[j];
            nrr += r[j] * r[j];
        }
        MPI_Reduce(&nrr, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0)
            beta = sum / rr;
        MPI_Bcast(&beta, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        rr = sum;
        MPI_Bcast(&rr, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (j = 0; j < m; j++)
            pmine[j] = r[j] + beta * pmine[j];
        for (k = 0; k < P; k++)
            MPI_Bcast(p + off[k], cnt[k], MPI_DOUBLE, k, MPI_COMM_WORLD);
        for (j = 0; j < m; j++) {
            double s = 0, e;
            for (k = rowptr[j]; k < rowptr[j + 1]; k++)
                s += val[k] * x[col[k]];
            e = s - bl[j];
            ee += e * e;
        }
        MPI_Reduce(&ee, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0)
            error = sqrt(sum) / normb;
        MPI_Bcast(&error, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        it++;
    }
    cycles = now() - t0;

    if (me == 0) {
        double *xn = (double *)malloc(n * sizeof(double));
        double *xref = (double *)malloc(n * sizeof(double));
        double dmax = 0, rmax = 0, residual;
        int itref, ok;
        printf("cg mpi nodes %d n %d nnz %d iterations %d error %.3e cycles %llu\n", P, n, nnz, it, error,
               cycles);
        for (i = 0; i < n; i++)
            xn[i] = x[off[i % P] + i / P];
        residual = cg_residual(&pb, xn);
        itref = cg_reference(&pb, tol, CG_MAXIT, xref);
        for (i = 0; i < n; i++) {
            double d = fabs(xn[i] - xref[i]);
            if (d > dmax)
                dmax = d;
            if (fabs(xref[i]) > rmax)
                rmax = fabs(xref[i]);
        }
        ok = residual <= tol * 1.000001 && itref == it && dmax <= 1e-10 * rmax;
        printf("cg mpi verify: residual %.3e <= %g, reference %d iterations, max |x - x_ref| / max |x_ref| = "
               "%.1e: %s\n", residual, tol, itref, rmax > 0 ? dmax / rmax : dmax, ok ? "OK" : "FAILED");
        fflush(stdout);
        status = ok ? 0 : 1;
    }
}

#define CG_PROGRAM "cg_mpi"
#include "cg_mpi_main.h"
