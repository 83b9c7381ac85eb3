/* cg_native.c - the Conjugate Gradient benchmark (thesis section 5.1, Figure 5.1) on libscmp's native
 * primitives, written as an SCMP programmer writes it. The problem (A, b, the sequential reference) is in
 * cg.h; cg_mpi.c is the same program with MPI calls in place of the communication below.
 *
 * Distribution (thesis 5.1): the rows of A and the pieces of b and r are cyclic over the P nodes (node k
 * holds rows k, k + P, k + 2P, ...); every node holds the whole of p and x but computes only its piece of
 * p. p and x are kept in piece-major order: piece k (the entries of node k's rows) is contiguous, followed by
 * one spare double, so a node sends its piece of p to another with one DMA block. The column indices of A
 * are renumbered into that order when the rows are built, so the product needs no other change.
 *
 * Each iteration of the main loop does, as the thesis counts them, 3 reductions and 4 + P broadcasts:
 *   reductions of p.Ap, r.r and |Ax - b|^2: every node but 0 sends its partial sum to node 0 in a THREAD
 *     message (the handler stores it and counts it); node 0 adds the P partials in node order, so the result
 *     does not depend on the order of arrival;
 *   4 broadcasts of one double from node 0 (alpha, beta, the new r.r, the error): one DATA message
 *     [value, sequence number] per node, written in order, so the receiver waits for the sequence number;
 *   P broadcasts of a piece of p: node k sends its piece by DMA (sendDataBlockNB) to every other node, with
 *     the iteration number in the spare double after the piece as the message's last word.
 * No message needs to arrive in order relative to another (docs/libscmp.md, "Ordering").
 *
 * Usage: cg_native NNZ [N] [TOL]     (N default 1000, TOL default 1e-8; nodes: the whole mesh)
 * Timed: node 0's cycle counter from after the start barrier to the end of the main loop (set-up and the
 * check excluded, as the thesis measured). Output (node 0):
 *     cg native nodes P n N nnz NNZ iterations I error E cycles C
 *     cg native verify: residual R <= TOL, reference I iterations, max |x - x_ref| / max |x_ref| = D: OK
 * The check recomputes |A x - b| / |b| from the formulas and runs the sequential reference of cg.h; exit 1
 * (and FAILED) when either disagrees. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <scmp.h>
#include "cg.h"

#define MAX_NODES 64
#define MAX_N 8192

/* p and x at the same address on every node (a node's heap addresses mean nothing to the others). */
double pvec[MAX_N + MAX_NODES];
double xvec[MAX_N + MAX_NODES];

union dw {
    double d;
    int w[2];
};

/* Node 0's side of the reductions. */
double red_part[MAX_NODES];
volatile int red_count;

/* Single-double broadcasts: value, then the broadcast's sequence number. */
struct bslot {
    double value;
    volatile int seq;
    int pad;
};
struct bslot bval;

/* The start barrier: arrivals counted on node 0, release by one DATA word. */
volatile int bar_arrived;
volatile int bar_release;

/* Parameters and results, set on node 0. */
static int arg_nnz, arg_n;
static double arg_tol;
static int res_iterations;
static double res_error;
static unsigned long long res_cycles;
static double *res_x;                   /* node 0's x, piece-major */
static int *res_off;

/* Runs on node 0, started by a THREAD message: one partial sum. */
void red_store(int node, int lo, int hi)
{
    union dw u;
    u.w[0] = lo;
    u.w[1] = hi;
    red_part[node] = u.d;
    red_count = red_count + 1;
}

static int me, nodes, rounds, bseq;

/* The sum of every node's local value, on node 0 (0 elsewhere). */
static double reduce_sum(double local)
{
    union dw u;
    double s = 0;
    int k;
    if (me != 0) {
        u.d = local;
        __scmp_thread3(0, (void (*)())red_store, me, u.w[0], u.w[1]);
        return 0;
    }
    red_part[0] = local;
    rounds++;
    waitCount(&red_count, (nodes - 1) * rounds);
    for (k = 0; k < nodes; k++)
        s += red_part[k];
    return s;
}

/* Node 0's value v, on every node. */
static double bcast0(double v)
{
    union dw u;
    int d;
    bseq++;
    if (me == 0) {
        u.d = v;
        for (d = 1; d < nodes; d++) {
            __scmp_sendh_data(d, &bval, 1);
            __scmp_send2(u.w[0], u.w[1]);
            __scmp_sende(bseq);
        }
        return v;
    }
    waitFlag(&bval.seq, bseq);
    return bval.value;
}

static void barrier(void)
{
    static int epoch;
    int d;
    epoch++;
    if (me == 0) {
        waitCount(&bar_arrived, (nodes - 1) * epoch);
        for (d = 1; d < nodes; d++)
            sendDataIntValue(d, (int *)&bar_release, epoch);
    } else {
        sendAddIntValue(0, &bar_arrived, 1);
        waitFlag(&bar_release, epoch);
    }
}

/* Sends this node's piece of p, tagged with seq, to every other node; returns when every other piece of
 * this round has arrived. */
static void distribute_p(double *p, int *off, int *cnt, int seq)
{
    int s, l;
    int *mine = (int *)&p[off[me]];
    *(int *)&p[off[me] + cnt[me]] = seq;
    for (s = 1; s < nodes; s++)
        sendDataBlockNB((me + s) % nodes, mine, 1, mine, 1, 2 * cnt[me] + 1);
    for (l = 0; l < nodes; l++)
        if (l != me)
            waitFlag((volatile int *)&p[off[l] + cnt[l]], seq);
    waitDataBlock();
}

/* Runs on every node (parExecute); the parameters come in the THREAD message, the tolerance as two words. */
void cg_node(int nnz, int nrows, int tol_lo, int tol_hi)
{
    struct cg_problem pb;
    int n, P, c, i, j, k, m, it = 0, maxrow;
    int *off, *cnt, *rowptr, *col, *rcols;
    double *val, *p, *x, *r, *q, *bl, *rvals, *pmine;
    double rr = 0, normb, error = 1.0, tol;
    unsigned long long t0 = 0;
    union dw u;

    u.w[0] = tol_lo;
    u.w[1] = tol_hi;
    tol = u.d;
    me = getNodeId();
    nodes = P = getXDim() * getYDim();
    cg_setup(&pb, nrows, nnz);
    n = pb.n;

    /* Pieces: node k holds rows k, k + P, ...; piece k starts at off[k] in p and x. */
    off = (int *)malloc((P + 1) * sizeof(int));
    cnt = (int *)malloc(P * sizeof(int));
    off[0] = 0;
    for (k = 0; k < P; k++) {
        cnt[k] = k < n ? (n - k + P - 1) / P : 0;
        off[k + 1] = off[k] + cnt[k] + 1;
    }
    m = cnt[me];
    p = pvec;
    x = xvec;
    r = (double *)malloc((m + 1) * sizeof(double));
    q = (double *)malloc((m + 1) * sizeof(double));
    bl = (double *)malloc((m + 1) * sizeof(double));
    pmine = p + off[me];

    /* This node's rows, in compressed sparse row form, columns renumbered piece-major. */
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

    /* x = 0, r = b, p = b; r.r = b.b is computed by every node in the same order. */
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

    barrier();
    if (me == 0)
        t0 = scmp_cycles();
    while (error > tol && it < CG_MAXIT) {
        double pq = 0, nrr = 0, ee = 0, alpha, beta;
        for (j = 0; j < m; j++) {
            double s = 0;
            for (k = rowptr[j]; k < rowptr[j + 1]; k++)
                s += val[k] * p[col[k]];
            q[j] = s;
            pq += pmine[j] * s;
        }
        pq = reduce_sum(pq);
        alpha = bcast0(me == 0 ? rr / pq : 0);
        for (k = 0; k < P; k++) {
            double *xk = x + off[k], *pk = p + off[k];
            for (j = 0; j < cnt[k]; j++)
                xk[j] += alpha * pk[j];
        }
        for (j = 0; j < m; j++) {
            r[j] -= alpha * q[j];
            nrr += r[j] * r[j];
        }
        nrr = reduce_sum(nrr);
        beta = bcast0(me == 0 ? nrr / rr : 0);
        rr = bcast0(nrr);
        for (j = 0; j < m; j++)
            pmine[j] = r[j] + beta * pmine[j];
        distribute_p(p, off, cnt, it + 1);
        for (j = 0; j < m; j++) {
            double s = 0, e;
            for (k = rowptr[j]; k < rowptr[j + 1]; k++)
                s += val[k] * x[col[k]];
            e = s - bl[j];
            ee += e * e;
        }
        ee = reduce_sum(ee);
        error = bcast0(me == 0 ? sqrt(ee) / normb : 0);
        it++;
    }
    if (me == 0) {
        res_cycles = scmp_cycles() - t0;
        res_iterations = it;
        res_error = error;
        res_x = x;
        res_off = off;
    }
}

int main(int argc, char **argv)
{
    struct cg_problem pb;
    const char *why;
    double *x, *xref, dmax = 0, rmax = 0, residual;
    int P = getXDim() * getYDim(), i, itref, ok;
    union dw u;

    if (argc < 2) {
        fprintf(stderr, "usage: cg_native NNZ [N] [TOL]\n");
        return 2;
    }
    arg_nnz = atoi(argv[1]);
    arg_n = argc > 2 ? atoi(argv[2]) : 1000;
    arg_tol = argc > 3 ? atof(argv[3]) : CG_TOL;
    why = cg_setup(&pb, arg_n, arg_nnz);
    if (why) {
        fprintf(stderr, "cg_native: n %d, nnz %d: %s\n", arg_n, arg_nnz, why);
        return 2;
    }
    if (P > MAX_NODES || arg_n > MAX_N) {
        fprintf(stderr, "cg_native: at most %d nodes and n %d\n", MAX_NODES, MAX_N);
        return 2;
    }
    u.d = arg_tol;
    parExecute(P, (void (*)())cg_node, arg_nnz, arg_n, u.w[0], u.w[1]);
    printf("cg native nodes %d n %d nnz %d iterations %d error %.3e cycles %llu\n", P, arg_n, arg_nnz,
           res_iterations, res_error, res_cycles);

    x = (double *)malloc(arg_n * sizeof(double));
    xref = (double *)malloc(arg_n * sizeof(double));
    for (i = 0; i < arg_n; i++)
        x[i] = res_x[res_off[i % P] + i / P];
    residual = cg_residual(&pb, x);
    itref = cg_reference(&pb, arg_tol, CG_MAXIT, xref);
    for (i = 0; i < arg_n; i++) {
        double d = fabs(x[i] - xref[i]);
        if (d > dmax)
            dmax = d;
        if (fabs(xref[i]) > rmax)
            rmax = fabs(xref[i]);
    }
    ok = residual <= arg_tol * 1.000001 && itref == res_iterations && dmax <= 1e-12 * rmax;
    printf("cg native verify: residual %.3e <= %g, reference %d iterations, max |x - x_ref| / max |x_ref| = "
           "%.1e: %s\n", residual, arg_tol, itref, rmax > 0 ? dmax / rmax : dmax, ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
