/* native_coll.c - collective micro-benchmarks on libscmp's native primitives over every node of the mesh, in
 * the style of the OSU benchmarks (osu_barrier, osu_bcast, osu_reduce, osu_alltoall); mpi_coll.c and
 * mpi_alltoall.c are the MPI counterparts. The operations are written as an SCMP programmer writes them:
 *
 *   barrier: arrivals counted along each mesh row (sendAddIntValue, a THREAD message), then down column 0;
 *     releases by one DATA word back the same way (the barrier of qr_native.c);
 *   bcast of SIZE bytes from node 0: one DMA block to every other node (sendDataBlockNB), the last word
 *     carrying the operation's number, which the receivers wait for;
 *   reduce (sum of SIZE / 8 doubles to node 0): one double goes in a THREAD message (the handler stores it
 *     and counts); longer vectors by DMA into one slot per node; node 0 adds in node order;
 *   alltoall of SIZE bytes per pair: every node sends every other node its block by DMA, into a slot per
 *     sender, and waits for the last word of each block it receives.
 *
 * Timing (OSU): barrier: ITER barriers back to back on node 0's clock; the others: ITER times {barrier; t0;
 * operation; t1} on every node, and the mean over the nodes of each node's mean t1 - t0 (and the largest).
 * Every received byte and every sum is checked.
 *
 * Usage: native_coll ITER SIZE...   (SIZE in bytes, multiples of 8, at most 4096)
 * Output (micro.h): "micro barrier 0 AVG MAX", "micro bcast SIZE AVG MAX", "micro reduce SIZE AVG MAX",
 * "micro alltoall SIZE AVG MAX", "micro: OK". */
#include <stdio.h>
#include <stdlib.h>
#include "micro.h"

#define MAX_NODES 64
#define MAX_WORDS (MICRO_MAX_COLL / 4)

union dw {
    double d;
    int w[2];
};

int sbuf[MAX_NODES][MAX_WORDS];         /* alltoall: the block for each destination; bcast: sbuf[0] */
int rbuf[MAX_NODES][MAX_WORDS + 2];     /* alltoall and reduce: one slot per sender; bcast: rbuf[0] */
double red_part[MAX_NODES];
volatile int red_count;
volatile int bar_row, bar_col, bar_release;

/* Node 0's collection of the per-node times and error counts. */
double time_sum;
double time_max;
int errors_total;
volatile int reports;

static int me, P, X, Y, px, py, epoch, op_no, red_rounds;

void report_time(int lo, int hi, int errors)
{
    union dw u;
    u.w[0] = lo;
    u.w[1] = hi;
    time_sum += u.d;
    if (u.d > time_max)
        time_max = u.d;
    errors_total += errors;
    reports = reports + 1;
}

void red_store(int node, int lo, int hi)
{
    union dw u;
    u.w[0] = lo;
    u.w[1] = hi;
    red_part[node] = u.d;
    red_count = red_count + 1;
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

static void bcast(int words)
{
    int d;
    if (me == 0) {
        sbuf[0][words - 1] = op_no;
        for (d = 1; d < P; d++) {
            if (words == 1)
                sendDataIntValue(d, rbuf[0], op_no);
            else
                sendDataBlockNB(d, rbuf[0], 1, sbuf[0], 1, words);
        }
        waitDataBlock();
    } else
        waitFlag(&rbuf[0][words - 1], op_no);
}

/* The sum of every node's vec (n doubles) into out on node 0. */
static void reduce(double *vec, int n, double *out)
{
    int k, i;
    if (n == 1) {
        if (me != 0) {
            union dw u;
            u.d = vec[0];
            __scmp_thread3(0, (void (*)())red_store, me, u.w[0], u.w[1]);
            return;
        }
        red_part[0] = vec[0];
        red_rounds++;
        waitCount(&red_count, (P - 1) * red_rounds);
        out[0] = 0;
        for (k = 0; k < P; k++)
            out[0] += red_part[k];
        return;
    }
    if (me != 0) {
        *(int *)&vec[n] = op_no;
        sendDataBlock(0, rbuf[me], 1, (int *)vec, 1, 2 * n + 1);
        return;
    }
    for (i = 0; i < n; i++)
        out[i] = vec[i];
    for (k = 1; k < P; k++) {
        double *slot = (double *)rbuf[k];
        waitFlag((volatile int *)&slot[n], op_no);
        for (i = 0; i < n; i++)
            out[i] += slot[i];
    }
}

static void alltoall(int words)
{
    int s, k;
    for (s = 1; s < P; s++) {
        int d = (me + s) % P;
        sbuf[d][words - 1] = op_no;
        if (words == 1)
            sendDataIntValue(d, rbuf[me], op_no);
        else
            sendDataBlockNB(d, rbuf[me], 1, sbuf[d], 1, words);
    }
    for (k = 0; k < P; k++)
        if (k != me)
            waitFlag(&rbuf[k][words - 1], op_no);
    waitDataBlock();
}

static void fill(int words, int salt)
{
    unsigned char *b = (unsigned char *)sbuf[0];
    int i;
    for (i = 0; i < 4 * words; i++)
        b[i] = MICRO_BYTE(salt, i);
}

void coll_node(int iters, int nsizes, int s0, int s1, int s2)
{
    int sizes[3], si, it, i, k, errors = 0;
    double vec[MAX_WORDS / 2 + 1], out[MAX_WORDS / 2 + 1];
    unsigned long long t0, t1, acc;
    union dw u;

    sizes[0] = s0;
    sizes[1] = s1;
    sizes[2] = s2;
    me = getNodeId();
    X = getXDim();
    Y = getYDim();
    P = X * Y;
    px = me % X;
    py = me / X;

    barrier();
    t0 = micro_now();
    for (it = 0; it < iters; it++)
        barrier();
    t1 = micro_now();
    if (me == 0)
        printf("micro barrier 0 %.1f %.1f\n", (double)(t1 - t0) / iters, (double)(t1 - t0) / iters);

    for (si = 0; si < nsizes; si++) {
        int size = sizes[si], words = size / 4, n = size / 8;

        /* bcast */
        if (me == 0)
            fill(words, size);
        acc = 0;
        for (it = 0; it < iters; it++) {
            barrier();
            op_no++;
            t0 = micro_now();
            bcast(words);
            acc += micro_now() - t0;
        }
        if (me != 0) {
            const unsigned char *b = (const unsigned char *)rbuf[0];
            for (i = 0; i < 4 * (words - 1); i++)
                if (b[i] != MICRO_BYTE(size, i))
                    errors++;
        }
        u.d = (double)acc / iters;
        barrier();
        __scmp_thread4(0, (void (*)())report_time, u.w[0], u.w[1], errors, 0);
        errors = 0;
        if (me == 0) {
            waitCount(&reports, P);
            printf("micro bcast %d %.1f %.1f\n", size, time_sum / P, time_max);
            time_sum = time_max = 0;
            reports = 0;
        }

        /* reduce: node k contributes k + 1 + i / 8 to element i */
        for (i = 0; i < n; i++)
            vec[i] = me + 1 + i * 0.125;
        acc = 0;
        for (it = 0; it < iters; it++) {
            barrier();
            op_no++;
            t0 = micro_now();
            reduce(vec, n, out);
            acc += micro_now() - t0;
        }
        if (me == 0)
            for (i = 0; i < n; i++)
                if (out[i] != P * (P + 1) / 2.0 + P * i * 0.125)
                    errors++;
        u.d = (double)acc / iters;
        barrier();
        __scmp_thread4(0, (void (*)())report_time, u.w[0], u.w[1], errors, 0);
        errors = 0;
        if (me == 0) {
            waitCount(&reports, P);
            printf("micro reduce %d %.1f %.1f\n", size, time_sum / P, time_max);
            time_sum = time_max = 0;
            reports = 0;
        }

        /* alltoall: the block for d carries (me, d) */
        for (k = 0; k < P; k++) {
            unsigned char *b = (unsigned char *)sbuf[k];
            for (i = 0; i < 4 * words; i++)
                b[i] = MICRO_BYTE(me * 64 + k, i);
        }
        acc = 0;
        for (it = 0; it < iters; it++) {
            barrier();
            op_no++;
            t0 = micro_now();
            alltoall(words);
            acc += micro_now() - t0;
        }
        for (k = 0; k < P; k++) {
            const unsigned char *b = (const unsigned char *)rbuf[k];
            if (k == me)
                continue;
            for (i = 0; i < 4 * (words - 1); i++)
                if (b[i] != MICRO_BYTE(k * 64 + me, i))
                    errors++;
        }
        u.d = (double)acc / iters;
        barrier();
        __scmp_thread4(0, (void (*)())report_time, u.w[0], u.w[1], errors, 0);
        errors = 0;
        if (me == 0) {
            waitCount(&reports, P);
            printf("micro alltoall %d %.1f %.1f\n", size, time_sum / P, time_max);
            time_sum = time_max = 0;
            reports = 0;
        }
    }
}

int main(int argc, char **argv)
{
    int iters, n = argc - 2, s[3] = {8, 8, 8}, i;
    if (argc < 3 || n > 3 || getXDim() * getYDim() > MAX_NODES) {
        fprintf(stderr, "usage: native_coll ITER SIZE... (1 to 3 sizes, at most %d nodes)\n", MAX_NODES);
        return 2;
    }
    iters = atoi(argv[1]);
    for (i = 0; i < n; i++) {
        s[i] = atoi(argv[2 + i]);
        if (s[i] < 8 || s[i] % 8 || s[i] > MICRO_MAX_COLL) {
            fprintf(stderr, "native_coll: sizes are multiples of 8 bytes up to %d\n", MICRO_MAX_COLL);
            return 2;
        }
    }
    if (iters < 1) {
        fprintf(stderr, "native_coll: ITER >= 1\n");
        return 2;
    }
    parExecute(getXDim() * getYDim(), (void (*)())coll_node, iters, n, s[0], s[1], s[2]);
    if (errors_total)
        printf("micro: FAILED (%d errors)\n", errors_total);
    else
        printf("micro: OK\n");
    return errors_total ? 1 : 0;
}
