/* coll.c - every collective operation, with several roots and sizes (small ones that the slot engine
 * carries and large ones that go point to point), unaligned and odd-sized buffers, and MPI_IN_PLACE. Every
 * rank checks what it got against the values it must hold; the error counts are summed on rank 0, which
 * prints one line per case and a checksum of some results. The output is the same under MPICH (mpiexec -n
 * 4 or -n 16) as here (scmpsim -n 4 or -n 16). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"


#define val(r, i) ((((r) * 7919 + (i) * 104729) & 1023) - 300)

/* the indices a reduction's result is checked at (each costs size operations on this slow core): all of
 * a short vector, every 13th and the last of a long one */
static int next_index(int i, int n)
{
    if (n <= 64 || i == n - 1)
        return i + 1;
    return i + 13 < n ? i + 13 : n - 1;
}

static void test_barrier(void)
{
    int i;
    for (i = 0; i < 3; i++)
        check(MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS);
    report("barrier x3");
}

static void test_bcast(void)
{
    static const int counts[] = { 1, 7, 64, 1000, 6000 };
    int roots[3], r, k, i;
    char name[80];
    roots[0] = 0;
    roots[1] = 1 % size;
    roots[2] = size - 1;
    for (r = 0; r < 3; r++) {
        for (k = 0; k < 5; k++) {
            int n = counts[k], *buf;
            if (k == 4 && r != 1)
                continue;       /* the long one at one root only */
            buf = (int *)malloc(n * sizeof(int));
            for (i = 0; i < n; i++)
                buf[i] = rank == roots[r] ? val(roots[r], i) : -1;
            MPI_Bcast(buf, n, MPI_INT, roots[r], MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                check(buf[i] == val(roots[r], i));
            free(buf);
            sprintf(name, "bcast root %d, %d ints", roots[r], n);
            report(name);
        }
    }
    {
        /* odd sizes, unaligned buffers, doubles */
        char text[40];
        double d[3];
        int root = size / 2;
        memset(text, 0, sizeof text);
        if (rank == root)
            strcpy(text + 1, "abcdefghij");
        MPI_Bcast(text + 1, 11, MPI_CHAR, root, MPI_COMM_WORLD);
        check(strcmp(text + 1, "abcdefghij") == 0);
        for (i = 0; i < 3; i++)
            d[i] = rank == root ? 0.5 * i - 7.25 : 0.0;
        MPI_Bcast(d, 3, MPI_DOUBLE, root, MPI_COMM_WORLD);
        for (i = 0; i < 3; i++)
            check(d[i] == 0.5 * i - 7.25);
        sprintf(name, "bcast root %d, 11 chars unaligned, 3 doubles", root);
        report(name);
        {
            /* long, odd and unaligned */
            char *t = (char *)malloc(5003);
            for (i = 0; i < 5001; i++)
                t[i + 1] = rank == root ? (char)(i * 13 + 1) : 0;
            MPI_Bcast(t + 1, 5001, MPI_CHAR, root, MPI_COMM_WORLD);
            for (i = 0; i < 5001; i++)
                check(t[i + 1] == (char)(i * 13 + 1));
            free(t);
            sprintf(name, "bcast root %d, 5001 chars unaligned", root);
            report(name);
        }
    }
}

static void test_reduce(void)
{
    static const int counts[] = { 1, 5, 100, 1500 };
    int roots[3], r, k, i;
    char name[80];
    roots[0] = 0;
    roots[1] = size / 2;
    roots[2] = size - 1;
    for (r = 0; r < 3; r++) {
        for (k = 0; k < 4; k++) {
            int n = counts[k], q;
            int *in, *out;
            double *din, *dout;
            long sum = 0;
            if (k == 3 && r != 2)
                continue;       /* the long one at one root only */
            in = (int *)malloc(n * sizeof(int));
            out = (int *)malloc(n * sizeof(int));
            din = (double *)malloc(n * sizeof(double));
            dout = (double *)malloc(n * sizeof(double));
            for (i = 0; i < n; i++) {
                in[i] = val(rank, i);
                din[i] = val(rank, i) * 0.25;
            }
            MPI_Reduce(in, out, n, MPI_INT, MPI_SUM, roots[r], MPI_COMM_WORLD);
            MPI_Reduce(din, dout, n, MPI_DOUBLE, MPI_MAX, roots[r], MPI_COMM_WORLD);
            if (rank == roots[r]) {
                for (i = 0; i < n; i = next_index(i, n)) {
                    int s = 0, m = val(0, i);
                    for (q = 0; q < size; q++) {
                        s += val(q, i);
                        if (val(q, i) > m)
                            m = val(q, i);
                    }
                    check(out[i] == s);
                    check(dout[i] == m * 0.25);
                }
                for (i = 0; i < n; i++)
                    sum += out[i];
                /* in place at the root */
                MPI_Reduce(MPI_IN_PLACE, in, n, MPI_INT, MPI_SUM, roots[r], MPI_COMM_WORLD);
                for (i = 0; i < n; i++)
                    check(in[i] == out[i]);
            } else {
                MPI_Reduce(in, out, n, MPI_INT, MPI_SUM, roots[r], MPI_COMM_WORLD);
            }
            MPI_Bcast(&sum, 1, MPI_LONG, roots[r], MPI_COMM_WORLD);
            sprintf(name, "reduce root %d, %d elements: sum of sums %ld", roots[r], n, sum);
            report(name);
            free(in);
            free(out);
            free(din);
            free(dout);
        }
    }
}

static void test_allreduce(void)
{
    static const int counts[] = { 1, 3, 64, 1000 };
    int k, i, q;
    char name[80];
    for (k = 0; k < 4; k++) {
        int n = counts[k];
        int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * sizeof(int));
        double *d = (double *)malloc(n * sizeof(double)), *dmin = (double *)malloc(n * sizeof(double));
        long long *ll = (long long *)malloc(n * sizeof(long long)), *lp = (long long *)malloc(n * sizeof(long long));
        for (i = 0; i < n; i++) {
            in[i] = val(rank, i);
            d[i] = val(rank, i);
            ll[i] = rank % 3 + 1 + i % 2;
        }
        MPI_Allreduce(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(d, dmin, n, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
        MPI_Allreduce(ll, lp, n < 64 ? n : 64, MPI_LONG_LONG_INT, MPI_PROD, MPI_COMM_WORLD);
        for (i = 0; i < n; i = next_index(i, n)) {
            int s = 0, m = val(0, i);
            long long pr = 1;
            for (q = 0; q < size; q++) {
                s += val(q, i);
                if (val(q, i) < m)
                    m = val(q, i);
                if (i < 64)
                    pr *= q % 3 + 1 + i % 2;
            }
            check(out[i] == s);
            check(dmin[i] == m);
            check(i >= 64 || lp[i] == pr);
        }
        MPI_Allreduce(MPI_IN_PLACE, in, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < n; i++)
            check(in[i] == out[i]);
        sprintf(name, "allreduce %d elements: first %d, min %g, prod %lld", n, out[0], dmin[n - 1], lp[0]);
        report(name);
        free(in);
        free(out);
        free(d);
        free(dmin);
        free(ll);
        free(lp);
    }
}

static void test_gather_scatter(void)
{
    static const int counts[] = { 1, 3, 600 };
    int roots[2], r, k, i, q;
    char name[80];
    roots[0] = 0;
    roots[1] = size - 1;
    for (r = 0; r < 2; r++) {
        int root = roots[r];
        for (k = 0; k < 3; k++) {
            int n = counts[k], *mine, *all;
            if (k == 2 && r != 1)
                continue;       /* the long one at one root only */
            mine = (int *)malloc(n * sizeof(int));
            all = (int *)malloc(n * size * sizeof(int));
            for (i = 0; i < n; i++)
                mine[i] = val(rank, i);
            MPI_Gather(mine, n, MPI_INT, all, n, MPI_INT, root, MPI_COMM_WORLD);
            if (rank == root)
                for (q = 0; q < size; q++)
                    for (i = 0; i < n; i++)
                        check(all[q * n + i] == val(q, i));
            /* scatter it back, doubled, from the root */
            if (rank == root)
                for (i = 0; i < n * size; i++)
                    all[i] *= 2;
            MPI_Scatter(all, n, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                check(mine[i] == 2 * val(rank, i));
            /* in place at the root */
            if (rank == root) {
                for (i = 0; i < n * size; i++)
                    all[i] = -1;
                for (i = 0; i < n; i++)
                    all[root * n + i] = val(root, i) + 1;
                MPI_Gather(MPI_IN_PLACE, n, MPI_INT, all, n, MPI_INT, root, MPI_COMM_WORLD);
                for (q = 0; q < size; q++)
                    for (i = 0; i < n; i++)
                        check(all[q * n + i] == val(q, i) + (q == root));
                MPI_Scatter(all, n, MPI_INT, MPI_IN_PLACE, n, MPI_INT, root, MPI_COMM_WORLD);
                for (i = 0; i < n; i++)
                    check(all[root * n + i] == val(root, i) + 1);
            } else {
                for (i = 0; i < n; i++)
                    mine[i] = val(rank, i);
                MPI_Gather(mine, n, MPI_INT, all, n, MPI_INT, root, MPI_COMM_WORLD);
                MPI_Scatter(all, n, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
                for (i = 0; i < n; i++)
                    check(mine[i] == val(rank, i));
            }
            sprintf(name, "gather, scatter root %d, %d ints each", root, n);
            report(name);
            free(mine);
            free(all);
        }
        {
            /* v forms: rank q gives q % 4 + 1 ints (none from rank 1), stored back to front with gaps */
            int *counts_v = (int *)malloc(size * sizeof(int)), *displs = (int *)malloc(size * sizeof(int));
            int total = 0, mycount, *mine, *all;
            for (q = size - 1; q >= 0; q--) {
                counts_v[q] = q == 1 ? 0 : q % 4 + 1;
                displs[q] = total + 1;
                total += counts_v[q] + 2;
            }
            mycount = counts_v[rank];
            mine = (int *)malloc((mycount + 1) * sizeof(int));
            all = (int *)malloc(total * sizeof(int));
            for (i = 0; i < mycount; i++)
                mine[i] = val(rank, i);
            for (i = 0; i < total; i++)
                all[i] = -5;
            MPI_Gatherv(mine, mycount, MPI_INT, all, counts_v, displs, MPI_INT, root, MPI_COMM_WORLD);
            if (rank == root) {
                int gaps = 0;
                for (q = 0; q < size; q++)
                    for (i = 0; i < counts_v[q]; i++)
                        check(all[displs[q] + i] == val(q, i));
                for (i = 0; i < total; i++)
                    gaps += all[i] == -5;
                check(gaps == 2 * size);
                for (q = 0; q < size; q++)
                    for (i = 0; i < counts_v[q]; i++)
                        all[displs[q] + i] = 3 * val(q, i);
            }
            for (i = 0; i < mycount; i++)
                mine[i] = 0;
            MPI_Scatterv(all, counts_v, displs, MPI_INT, mine, mycount, MPI_INT, root, MPI_COMM_WORLD);
            for (i = 0; i < mycount; i++)
                check(mine[i] == 3 * val(rank, i));
            sprintf(name, "gatherv, scatterv root %d, %d ints in all", root, total - 2 * size);
            report(name);
            free(counts_v);
            free(displs);
            free(mine);
            free(all);
        }
    }
}

static void test_allgather(void)
{
    static const int counts[] = { 1, 5, 600 };
    int k, i, q;
    char name[80];
    for (k = 0; k < 3; k++) {
        int n = counts[k];
        int *mine = (int *)malloc(n * sizeof(int)), *all = (int *)malloc(n * size * sizeof(int));
        for (i = 0; i < n; i++)
            mine[i] = val(rank, i);
        MPI_Allgather(mine, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < n; i++)
                check(all[q * n + i] == val(q, i));
        for (i = 0; i < n * size; i++)
            all[i] = -1;
        for (i = 0; i < n; i++)
            all[rank * n + i] = val(rank, i) + 7;
        MPI_Allgather(MPI_IN_PLACE, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < n; i++)
                check(all[q * n + i] == val(q, i) + 7);
        sprintf(name, "allgather %d ints each, and in place", n);
        report(name);
        free(mine);
        free(all);
    }
    {
        int *counts_v = (int *)malloc(size * sizeof(int)), *displs = (int *)malloc(size * sizeof(int));
        int total = 0, *mine, *all;
        for (q = 0; q < size; q++) {
            counts_v[q] = (q * 5) % 7;
            displs[q] = total;
            total += counts_v[q];
        }
        mine = (int *)malloc((counts_v[rank] + 1) * sizeof(int));
        all = (int *)malloc((total + 1) * sizeof(int));
        for (i = 0; i < counts_v[rank]; i++)
            mine[i] = val(rank, i);
        MPI_Allgatherv(mine, counts_v[rank], MPI_INT, all, counts_v, displs, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < counts_v[q]; i++)
                check(all[displs[q] + i] == val(q, i));
        sprintf(name, "allgatherv, %d ints in all", total);
        report(name);
        free(counts_v);
        free(displs);
        free(mine);
        free(all);
    }
}

static void test_alltoall(void)
{
    static const int counts[] = { 1, 2, 40, 600 };
    int k, i, q;
    char name[80];
    for (k = 0; k < 4; k++) {
        int n = counts[k];
        int *s = (int *)malloc(n * size * sizeof(int)), *r = (int *)malloc(n * size * sizeof(int));
        for (q = 0; q < size; q++)
            for (i = 0; i < n; i++)
                s[q * n + i] = rank * 100000 + q * 1000 + i;
        MPI_Alltoall(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < n; i++)
                check(r[q * n + i] == q * 100000 + rank * 1000 + i);
        MPI_Alltoall(MPI_IN_PLACE, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < n; i++)
                check(r[q * n + i] == rank * 100000 + q * 1000 + i);
        sprintf(name, "alltoall %d ints per pair, and in place", n);
        report(name);
        free(s);
        free(r);
    }
    {
        /* i sends (i + j) % 3 ints to j (none when that is 0), packed in rank order */
        int *sc = (int *)malloc(size * sizeof(int)), *sd = (int *)malloc(size * sizeof(int));
        int *rc = (int *)malloc(size * sizeof(int)), *rd = (int *)malloc(size * sizeof(int));
        int st = 0, rt = 0, *s, *r;
        for (q = 0; q < size; q++) {
            sc[q] = (rank + q) % 3;
            sd[q] = st;
            st += sc[q];
            rc[q] = (q + rank) % 3;
            rd[q] = rt + 1;
            rt += rc[q] + 1;
        }
        s = (int *)malloc((st + 1) * sizeof(int));
        r = (int *)malloc((rt + 1) * sizeof(int));
        for (q = 0; q < size; q++)
            for (i = 0; i < sc[q]; i++)
                s[sd[q] + i] = rank * 1000 + q * 10 + i;
        MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD);
        for (q = 0; q < size; q++)
            for (i = 0; i < rc[q]; i++)
                check(r[rd[q] + i] == q * 1000 + rank * 10 + i);
        report("alltoallv");
        free(sc);
        free(sd);
        free(rc);
        free(rd);
        free(s);
        free(r);
    }
}

static void test_reduce_scatter_scan(void)
{
    int *rc = (int *)malloc(size * sizeof(int)), total = 0, i, q, off = 0, n;
    int *in, *out;
    char name[80];
    for (q = 0; q < size; q++) {
        rc[q] = q % 3 + 1;
        total += rc[q];
    }
    for (q = 0; q < rank; q++)
        off += rc[q];
    in = (int *)malloc(total * sizeof(int));
    out = (int *)malloc(total * sizeof(int));
    for (i = 0; i < total; i++)
        in[i] = val(rank, i);
    MPI_Reduce_scatter(in, out, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < rc[rank]; i++) {
        int s = 0;
        for (q = 0; q < size; q++)
            s += val(q, off + i);
        check(out[i] == s);
    }
    MPI_Reduce_scatter(MPI_IN_PLACE, in, rc, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < rc[rank]; i++) {
        int m = val(0, off + i);
        for (q = 0; q < size; q++)
            if (val(q, off + i) > m)
                m = val(q, off + i);
        check(in[i] == m);
    }
    sprintf(name, "reduce_scatter %d ints, and in place", total);
    report(name);
    free(rc);
    free(in);
    free(out);
    for (n = 1; n <= 600; n += 599) {
        in = (int *)malloc(n * sizeof(int));
        out = (int *)malloc(n * sizeof(int));
        for (i = 0; i < n; i++)
            in[i] = val(rank, i);
        MPI_Scan(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < n; i = next_index(i, n)) {
            int s = 0;
            for (q = 0; q <= rank; q++)
                s += val(q, i);
            check(out[i] == s);
        }
        MPI_Exscan(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (rank > 0)
            for (i = 0; i < n; i = next_index(i, n)) {
                int s = 0;
                for (q = 0; q < rank; q++)
                    s += val(q, i);
                check(out[i] == s);
            }
        MPI_Scan(MPI_IN_PLACE, in, n, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        for (i = 0; i < n; i = next_index(i, n)) {
            int m = val(0, i);
            for (q = 0; q <= rank; q++)
                if (val(q, i) > m)
                    m = val(q, i);
            check(in[i] == m);
        }
        sprintf(name, "scan, exscan %d ints", n);
        report(name);
        free(in);
        free(out);
    }
}

static int run(void)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("coll: %d processes\n", size);
    test_barrier();
    test_bcast();
    test_reduce();
    test_allreduce();
    test_gather_scatter();
    test_allgather();
    test_alltoall();
    test_reduce_scatter_scan();
    if (rank == 0)
        printf("coll: %s\n", failed ? "FAILED" : "OK");
    return failed;
}

int main(int argc, char **argv)
{
    int status;
    MPI_Init(&argc, &argv);
    status = run();
    MPI_Finalize();
    return status;
}
