/* qr_native.c - the QR benchmark (thesis section 5.2) on libscmp's native primitives, written as an SCMP
 * programmer writes it: Householder QR of an n x n matrix on the X x Y mesh with the tiled assignment of
 * thesis Figure 5.3 (qr.h has the matrix, the storage and the arithmetic, shared with qr_mpi.c). Each column
 * step has the communication the thesis describes (its section 5.2.1), done with native messages:
 *   1. the nodes holding the column send their parts of |x|^2, and the diagonal's owner its element, to the
 *      node with the column's top element in one THREAD message each (the handler stores and counts);
 *   2. the top node computes alpha, v(0) and beta and sends them down the column in one DATA message per
 *      node, a sequence number last;
 *   3. every node enters a barrier (arrivals counted along each row, then down column 0; releases by DATA
 *      words back the same way);
 *   4. along every process row, the node holding the column sends its part of v, beta and a sequence number
 *      straight from its column (stored with two spare doubles) to the other nodes of the row, by DMA;
 *   5. every node sends its partial dot products w, a sequence number last, to the other nodes of its
 *      process column, by DMA, into one slot per sender; each adds the slots in row order (the same sums on
 *      every node of the column) and updates its part of the matrix.
 * Data messages are detected by their last word (a sequence number no earlier message carried), so nothing
 * depends on messages arriving in order (docs/libscmp.md, "Ordering"); the barrier of step 3 is what makes
 * reusing the receive buffers safe.
 *
 * Usage: qr_native N [REFMAX]   (N divisible by the mesh's X and Y; the sequential reference runs when
 * N <= REFMAX, default 512).
 * Timed: node 0's cycle counter from after the start barrier to the end of the last column (set-up and the
 * check excluded). Output (node 0):
 *     qr native nodes P grid XxY n N cycles C
 *     qr native verify: |R^T R y - A^T A y| / |A^T A y| = G, |R y - R_ref y| / |R_ref y| = D: OK
 * The check sums R y, A y, R^T R y and A^T A y over all nodes (A recomputed from its formula) and compares
 * R y with the sequential reference's; exit status 1 (and FAILED) when either is off. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <scmp.h>
#include "qr.h"

#define MAX_NODES 64
#define MAX_Y 8
#define MAX_N 1024

union dw {
    double d;
    int w[2];
};

/* Step 1, on the column's top node. */
double part_sigma[MAX_Y];
double part_x0[MAX_Y];
volatile int part_count;

/* Step 2: alpha, v(0), beta, sequence number. */
struct colmsg {
    double alpha, vkk, beta;
    volatile int seq;
    int pad;
};
struct colmsg colm;

/* Step 3. */
volatile int bar_row;           /* on the nodes of column 0: arrivals from their row */
volatile int bar_col;           /* on node 0: arrivals of the other nodes of column 0 */
volatile int bar_release;

/* Step 4: v by local row from lr0 on, then beta at [m] and the sequence number at [m + 1]. */
double vrow[QR_MAX_LOCAL + 2];

/* Step 5: one slot of w per process row, its sequence number after its q doubles. */
double wslot[MAX_Y][QR_MAX_LOCAL + 1];

/* The check: partial vectors from every node to node 0, then the sums back. */
double check_slot[MAX_NODES][2 * MAX_N + 1];
double check_sum[2 * MAX_N + 1];
volatile int check_count;

static int me, X, Y, px, py, epoch;
static int status;
static unsigned long long res_cycles;

/* Runs on the top node of a column, started by a THREAD message. */
void part_store(int from, int slo, int shi, int xlo, int xhi)
{
    union dw u;
    u.w[0] = slo;
    u.w[1] = shi;
    part_sigma[from] = u.d;
    u.w[0] = xlo;
    u.w[1] = xhi;
    part_x0[from] = u.d;
    part_count = part_count + 1;
}

static void barrier(void)
{
    int i;
    epoch++;
    if (px != 0) {
        sendAddIntValue(py * X, &bar_row, 1);
        waitFlag(&bar_release, epoch);
        return;
    }
    waitCount(&bar_row, (X - 1) * epoch);
    if (py != 0) {
        sendAddIntValue(0, &bar_col, 1);
        waitFlag(&bar_release, epoch);
    } else {
        waitCount(&bar_col, (Y - 1) * epoch);
        for (i = 1; i < Y; i++)
            sendDataIntValue(i * X, (int *)&bar_release, epoch);
    }
    for (i = 1; i < X; i++)
        sendDataIntValue(py * X + i, (int *)&bar_release, epoch);
}

void check_store(int node)
{
    (void)node;
    check_count = check_count + 1;
}

/* Sums vec (len doubles) over all nodes, in node order, on node 0 (into check_sum); with back set, the sum
 * goes to every node's check_sum too. round numbers the exchanges (1, 2, ...). */
static void check_reduce(double *vec, int len, int round, int back)
{
    int P = X * Y, k, i;
    if (me != 0) {
        *(int *)&vec[len] = round;
        sendDataBlock(0, (int *)check_slot[me], 1, (int *)vec, 1, 2 * len + 1);
        if (back)
            waitFlag((volatile int *)&check_sum[len], round);
        return;
    }
    for (i = 0; i < len; i++)
        check_sum[i] = vec[i];
    for (k = 1; k < P; k++) {
        waitFlag((volatile int *)&check_slot[k][len], round);
        for (i = 0; i < len; i++)
            check_sum[i] += check_slot[k][i];
    }
    *(int *)&check_sum[len] = round;
    if (back) {
        for (k = 1; k < P; k++)
            sendDataBlockNB(k, (int *)check_sum, 1, (int *)check_sum, 1, 2 * len + 1);
        waitDataBlock();
    }
}

void qr_node(int n, int refmax)
{
    struct qr_local L;
    int k, i, tops = 0;
    double *w, *z, *u;
    unsigned long long t0 = 0;

    me = getNodeId();
    X = getXDim();
    Y = getYDim();
    px = me % X;
    py = me / X;
    qr_local_init(&L, n, X, Y, me);
    w = (double *)malloc((L.q + 1) * sizeof(double));

    barrier();
    if (me == 0)
        t0 = scmp_cycles();
    for (k = 0; k < n; k++) {
        int pc = k % X, pr = k % Y, seq = k + 1;
        int lr0 = qr_row_from(&L, k), lc1 = qr_col_from(&L, k + 1);
        double *col = L.a + (k / X) * L.ld, *v;
        double beta;

        /* Steps 1 and 2, on the column's nodes. */
        if (px == pc) {
            double x0, part = qr_sigma_part(&L, k, &x0);
            union dw us, ux;
            if (py != 0) {
                us.d = part;
                ux.d = x0;
                __scmp_thread5(pc, (void (*)())part_store, py, us.w[0], us.w[1], ux.w[0], ux.w[1]);
                waitFlag(&colm.seq, seq);
            } else {
                double sigma = part;
                part_x0[0] = x0;
                tops++;
                waitCount(&part_count, (Y - 1) * tops);
                for (i = 1; i < Y; i++)
                    sigma += part_sigma[i];
                qr_house(part_x0[pr], sigma, &colm.alpha, &colm.vkk, &colm.beta);
                for (i = 1; i < Y; i++) {
                    union dw a, b, c;
                    a.d = colm.alpha;
                    b.d = colm.vkk;
                    c.d = colm.beta;
                    __scmp_sendh_data(i * X + pc, &colm, 1);
                    __scmp_send2(a.w[0], a.w[1]);
                    __scmp_send2(b.w[0], b.w[1]);
                    __scmp_send2(c.w[0], c.w[1]);
                    __scmp_sende(seq);
                }
            }
            if (py == pr)
                col[k / Y] = colm.vkk;
            col[L.m] = colm.beta;
            *(int *)&col[L.m + 1] = seq;
        }

        barrier();

        /* Step 4: v and beta along the row. */
        if (lr0 < L.m) {
            if (px == pc) {
                v = col;
                for (i = 1; i < X; i++)
                    sendDataBlockNB(py * X + (pc + i) % X, (int *)&vrow[lr0], 1, (int *)&col[lr0], 1,
                                    2 * (L.m - lr0) + 3);
            } else {
                v = vrow;
                waitFlag((volatile int *)&vrow[L.m + 1], seq);
            }
            beta = v[L.m];
        } else {
            v = 0;
            beta = 0;
        }

        /* Step 5: w down the column, then the update. */
        if (lc1 < L.q) {
            int lc, j;
            if (v)
                qr_w_part(&L, k, v, w);
            else
                for (lc = lc1; lc < L.q; lc++)
                    w[lc] = 0;
            *(int *)&w[L.q] = seq;
            for (i = 1; i < Y; i++)
                sendDataBlockNB((py + i) % Y * X + px, (int *)&wslot[py][lc1], 1, (int *)&w[lc1], 1,
                                2 * (L.q - lc1) + 1);
            for (i = 0; i < Y; i++)
                if (i != py)
                    waitFlag((volatile int *)&wslot[i][L.q], seq);
            waitDataBlock();
            if (v) {
                for (lc = lc1; lc < L.q; lc++) {
                    double s = 0;
                    for (j = 0; j < Y; j++)
                        s += j == py ? w[lc] : wslot[j][lc];
                    wslot[py][lc] = s;
                }
                qr_update(&L, k, v, wslot[py], beta);
            }
        }
        if (px == pc) {
            waitDataBlock();
            if (py == pr)
                col[k / Y] = colm.alpha;
        }
    }
    if (me == 0)
        res_cycles = scmp_cycles() - t0;

    /* The check (not timed). */
    z = (double *)malloc((2 * n + 1) * sizeof(double));
    u = (double *)malloc((2 * n + 1) * sizeof(double));
    qr_check_z(&L, z);
    check_reduce(z, 2 * n, 1, 1);
    qr_check_u(&L, check_sum, u);
    if (me == 0) {
        for (i = 0; i < 2 * n; i++)
            z[i] = check_sum[i];
    }
    check_reduce(u, 2 * n, 2, 0);
    if (me == 0) {
        double gram, dref, *ry = 0;
        int ok;
        printf("qr native nodes %d grid %dx%d n %d cycles %llu\n", X * Y, X, Y, n, res_cycles);
        if (n <= refmax) {
            ry = (double *)malloc(n * sizeof(double));
            if (ry && !qr_reference(n, ry)) {
                free(ry);
                ry = 0;
            }
        }
        ok = qr_verdict(n, z, check_sum, ry, &gram, &dref);
        if (ry)
            printf("qr native verify: |R^T R y - A^T A y| / |A^T A y| = %.1e, |R y - R_ref y| / |R_ref y| = %.1e: "
                   "%s\n", gram, dref, ok ? "OK" : "FAILED");
        else
            printf("qr native verify: |R^T R y - A^T A y| / |A^T A y| = %.1e, no reference above n %d: %s\n",
                   gram, refmax, ok ? "OK" : "FAILED");
        status = ok ? 0 : 1;
    }
}

int main(int argc, char **argv)
{
    int n, refmax, X0 = getXDim(), Y0 = getYDim();
    if (argc < 2 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: qr_native N [REFMAX]\n");
        return 2;
    }
    n = atoi(argv[1]);
    refmax = argc > 2 ? atoi(argv[2]) : QR_REF_MAX;
    if (n % X0 || n % Y0 || n > MAX_N || n / X0 > QR_MAX_LOCAL || n / Y0 > QR_MAX_LOCAL || Y0 > MAX_Y
        || X0 * Y0 > MAX_NODES) {
        fprintf(stderr, "qr_native: n %d does not fit the %dx%d mesh (n at most %d, divisible by both)\n", n,
                X0, Y0, MAX_N);
        return 2;
    }
    parExecute(X0 * Y0, (void (*)())qr_node, n, refmax);
    return status;
}
