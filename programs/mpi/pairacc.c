/* pairacc.c - MPI_Accumulate of the pair types with a gap (MPI_DOUBLE_INT, MPI_SHORT_INT) to another process,
 * a few elements a call: every rank but 0 accumulates 7 pairs with MPI_MAXLOC into rank 0's window in a fence
 * epoch, then 7 single pairs with MPI_MINLOC under an exclusive lock, then the last rank replaces one pair
 * (MPI_REPLACE). Rank 0 checks every value and index against the rule (ties: the smaller index) and that the
 * padding around each pair's int, filled with 0x5a before, is untouched. Prints one line per case. */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define N 7

struct di { double v; int k; };
struct si { short v; int k; };

static int me, np;

static int val(int r, int i) { return (r * 37 + i * 11) % 101; }

/* The bytes of n elements of size bytes each that are neither value (vbytes at 0) nor int (at koff) are 0x5a. */
static int padding_ok(const void *base, int n, int size, int vbytes, int koff)
{
    const unsigned char *p = (const unsigned char *)base;
    int i, b;
    for (i = 0; i < n; i++)
        for (b = 0; b < size; b++)
            if ((b >= vbytes && b < koff) || b >= koff + 4)
                if (p[i * size + b] != 0x5a)
                    return 0;
    return 1;
}

/* The expected pair at element i of the MAXLOC half (max) or the MINLOC half (min) of rank 0's window. */
static void expect(int i, int max, int *v, int *k)
{
    int r;
    *v = max ? -1 : 1000;
    *k = -1;
    for (r = 1; r < np; r++) {
        int x = val(r, i);
        if (max ? x > *v : x < *v) {
            *v = x;
            *k = r;
        }
    }
}

int main(int argc, char **argv)
{
    struct di *wd, od[N];
    struct si *ws, os[N];
    MPI_Win windows[2];
    int i, bad[6] = {0, 0, 0, 0, 0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Alloc_mem(2 * N * sizeof *wd, MPI_INFO_NULL, &wd);
    MPI_Alloc_mem(2 * N * sizeof *ws, MPI_INFO_NULL, &ws);
    memset(wd, 0x5a, 2 * N * sizeof *wd);
    memset(ws, 0x5a, 2 * N * sizeof *ws);
    for (i = 0; i < 2 * N; i++) {
        wd[i].v = i < N ? -1 : 1000, wd[i].k = -1;
        ws[i].v = i < N ? -1 : 1000, ws[i].k = -1;
    }
    for (i = 0; i < N; i++) {
        od[i].v = val(me, i), od[i].k = me;
        os[i].v = (short)val(me, i), os[i].k = me;
    }
    MPI_Win_create(wd, 2 * N * sizeof *wd, sizeof *wd, MPI_INFO_NULL, MPI_COMM_WORLD, &windows[0]);
    MPI_Win_create(ws, 2 * N * sizeof *ws, sizeof *ws, MPI_INFO_NULL, MPI_COMM_WORLD, &windows[1]);

    MPI_Win_fence(0, windows[0]);
    MPI_Win_fence(0, windows[1]);
    if (me != 0) {
        MPI_Accumulate(od, N, MPI_DOUBLE_INT, 0, 0, N, MPI_DOUBLE_INT, MPI_MAXLOC, windows[0]);
        MPI_Accumulate(os, N, MPI_SHORT_INT, 0, 0, N, MPI_SHORT_INT, MPI_MAXLOC, windows[1]);
    }
    MPI_Win_fence(0, windows[0]);
    MPI_Win_fence(0, windows[1]);

    if (me != 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, windows[0]);
        for (i = 0; i < N; i++)
            MPI_Accumulate(&od[i], 1, MPI_DOUBLE_INT, 0, N + i, 1, MPI_DOUBLE_INT, MPI_MINLOC, windows[0]);
        MPI_Win_unlock(0, windows[0]);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, windows[1]);
        for (i = 0; i < N; i++)
            MPI_Accumulate(&os[i], 1, MPI_SHORT_INT, 0, N + i, 1, MPI_SHORT_INT, MPI_MINLOC, windows[1]);
        MPI_Win_unlock(0, windows[1]);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    if (me == np - 1 && me != 0) {
        struct di d = {-2.5, 99};
        struct si s = {-3, 98};
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, windows[0]);
        MPI_Accumulate(&d, 1, MPI_DOUBLE_INT, 0, N - 1, 1, MPI_DOUBLE_INT, MPI_REPLACE, windows[0]);
        MPI_Win_unlock(0, windows[0]);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, windows[1]);
        MPI_Accumulate(&s, 1, MPI_SHORT_INT, 0, N - 1, 1, MPI_SHORT_INT, MPI_REPLACE, windows[1]);
        MPI_Win_unlock(0, windows[1]);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    if (me == 0) {
        for (i = 0; i < N; i++) {
            int v, k, last = i == N - 1 && np > 1;
            expect(i, 1, &v, &k);
            if (last ? wd[i].v != -2.5 || wd[i].k != 99 : wd[i].v != v || wd[i].k != k)
                bad[0]++;
            if (last ? ws[i].v != -3 || ws[i].k != 98 : ws[i].v != v || ws[i].k != k)
                bad[1]++;
            expect(i, 0, &v, &k);
            if (np > 1 ? wd[N + i].v != v || wd[N + i].k != k : wd[N + i].v != 1000)
                bad[2]++;
            if (np > 1 ? ws[N + i].v != v || ws[N + i].k != k : ws[N + i].v != 1000)
                bad[3]++;
        }
        bad[4] = !padding_ok(wd, 2 * N, sizeof *wd, sizeof(double), offsetof(struct di, k));
        bad[5] = !padding_ok(ws, 2 * N, sizeof *ws, sizeof(short), offsetof(struct si, k));
        printf("MPI_DOUBLE_INT, %d pairs a call, MPI_MAXLOC then one MPI_REPLACE: %s\n", N, bad[0] ? "FAILED" : "ok");
        printf("MPI_SHORT_INT, %d pairs a call, MPI_MAXLOC then one MPI_REPLACE: %s\n", N, bad[1] ? "FAILED" : "ok");
        printf("MPI_DOUBLE_INT, one pair a call, MPI_MINLOC: %s\n", bad[2] ? "FAILED" : "ok");
        printf("MPI_SHORT_INT, one pair a call, MPI_MINLOC: %s\n", bad[3] ? "FAILED" : "ok");
        printf("padding untouched: %s\n", bad[4] || bad[5] ? "FAILED" : "ok");
    }
    MPI_Win_free(&windows[0]);
    MPI_Win_free(&windows[1]);
    MPI_Free_mem(wd);
    MPI_Free_mem(ws);
    MPI_Finalize();
    return 0;
}
