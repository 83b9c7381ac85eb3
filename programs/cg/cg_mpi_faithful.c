/* cg_mpi_faithful.c - the Conjugate Gradient benchmark with MPI as the thesis's MPI version is described
 * (its sections 5.1.1 and 6.1), beside the tuned cg_mpi.c: the same problem (cg.h), the same arithmetic in
 * the same order and the same calls (3 MPI_Reduce and 4 + P MPI_Bcast per iteration), but p and x are kept in
 * the natural order of their indices, so a rank's piece of p (entries me, me + P, me + 2P, ...) is not
 * contiguous. The thesis's DistributeP() "has each processor build a contiguous buffer of the data to be
 * sent, call MPI_Bcast() to broadcast it to the other processors, and finally the recipient processors unpack
 * that buffer into their local data structure": so here, for each rank k in turn, rank k packs its piece into
 * a buffer, MPI_Bcast sends it from k, and every other rank unpacks it into p. cg_mpi.c instead keeps p in
 * piece-major order and broadcasts each piece in place (no packing); docs/thesis-tables.md compares the two.
 *
 * Usage, launch, timing and output as cg_mpi.c (the lines start "cg mpi"); exit status 1 (and FAILED) when
 * the check fails. */
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
    int *cnt, *rowptr, *col, *rcols;
    double *val, *p, *x, *r, *q, *bl, *rvals, *buf;
    double rr = 0, normb, error = 1.0;
    unsigned long long t0 = 0, cycles;

    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    cg_setup(&pb, nrows, nnz);
    n = pb.n;

    cnt = (int *)malloc(P * sizeof(int));
    for (k = 0; k < P; k++)
        cnt[k] = k < n ? (n - k + P - 1) / P : 0;
    m = cnt[me];
    p = (double *)malloc(n * sizeof(double));
    x = (double *)malloc(n * sizeof(double));
    r = (double *)malloc((m + 1) * sizeof(double));
    q = (double *)malloc((m + 1) * sizeof(double));
    bl = (double *)malloc((m + 1) * sizeof(double));
    buf = (double *)malloc((cnt[0] + 1) * sizeof(double));

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
            col[c] = rcols[k];
            val[c++] = rvals[k];
        }
    }
    rowptr[m] = c;

    for (i = 0; i < n; i++) {
        double b = cg_b(&pb, i);
        p[i] = b;
        x[i] = 0;
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
            pq += p[me + j * P] * s;
        }
        MPI_Reduce(&pq, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0)
            alpha = rr / sum;
        MPI_Bcast(&alpha, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (i = 0; i < n; i++)
            x[i] += alpha * p[i];
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
            p[me + j * P] = r[j] + beta * p[me + j * P];
        /* DistributeP(): pack, broadcast, unpack, one rank after the other. */
        for (k = 0; k < P; k++) {
            if (me == k)
                for (j = 0; j < cnt[k]; j++)
                    buf[j] = p[k + j * P];
            MPI_Bcast(buf, cnt[k], MPI_DOUBLE, k, MPI_COMM_WORLD);
            if (me != k)
                for (j = 0; j < cnt[k]; j++)
                    p[k + j * P] = buf[j];
        }
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
        double *xref = (double *)malloc(n * sizeof(double));
        double dmax = 0, rmax = 0, residual;
        int itref, ok;
        printf("cg mpi nodes %d n %d nnz %d iterations %d error %.3e cycles %llu\n", P, n, nnz, it, error,
               cycles);
        residual = cg_residual(&pb, x);
        itref = cg_reference(&pb, tol, CG_MAXIT, xref);
        for (i = 0; i < n; i++) {
            double d = fabs(x[i] - xref[i]);
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

#define CG_PROGRAM "cg_mpi_faithful"
#include "cg_mpi_main.h"
