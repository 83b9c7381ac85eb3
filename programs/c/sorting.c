/* Sorting algorithms on the same pseudo-random data: insertion, shell, heap, merge (top-down with a
 * buffer), quicksort (Hoare), counting and radix sort; each result is verified and summarized, with
 * comparison counts that depend only on the algorithm and the data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1500

static long comparisons;
static int less(int a, int b) { comparisons++; return a < b; }

static void insertion(int *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int v = a[i];
        for (j = i; j > 0 && less(v, a[j - 1]); j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

static void shell(int *a, int n)
{
    int gap, i, j;
    for (gap = 1; gap < n / 3; gap = gap * 3 + 1)
        ;
    for (; gap > 0; gap /= 3)
        for (i = gap; i < n; i++) {
            int v = a[i];
            for (j = i; j >= gap && less(v, a[j - gap]); j -= gap)
                a[j] = a[j - gap];
            a[j] = v;
        }
}

static void sift(int *a, int i, int n)
{
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && less(a[c], a[c + 1]))
            c++;
        if (!less(a[i], a[c]))
            return;
        { int t = a[i]; a[i] = a[c]; a[c] = t; }
        i = c;
    }
}

static void heap(int *a, int n)
{
    int i;
    for (i = n / 2 - 1; i >= 0; i--)
        sift(a, i, n);
    for (i = n - 1; i > 0; i--) {
        int t = a[0]; a[0] = a[i]; a[i] = t;
        sift(a, 0, i);
    }
}

static void merge_rec(int *a, int *tmp, int lo, int hi)
{
    int mid, i, j, k;
    if (hi - lo < 2)
        return;
    mid = (lo + hi) / 2;
    merge_rec(a, tmp, lo, mid);
    merge_rec(a, tmp, mid, hi);
    for (i = lo, j = mid, k = lo; k < hi; k++)
        tmp[k] = (j >= hi || (i < mid && !less(a[j], a[i]))) ? a[i++] : a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}

static void merge(int *a, int n)
{
    int *tmp = malloc((size_t)n * sizeof *tmp);
    merge_rec(a, tmp, 0, n);
    free(tmp);
}

static void quick(int *a, int lo, int hi)
{
    while (lo < hi) {
        int pivot = a[lo + (hi - lo) / 2], i = lo - 1, j = hi + 1;
        for (;;) {
            do i++; while (less(a[i], pivot));
            do j--; while (less(pivot, a[j]));
            if (i >= j)
                break;
            { int t = a[i]; a[i] = a[j]; a[j] = t; }
        }
        if (j - lo < hi - j) {
            quick(a, lo, j);
            lo = j + 1;
        } else {
            quick(a, j + 1, hi);
            hi = j;
        }
    }
}

static void quick_entry(int *a, int n) { quick(a, 0, n - 1); }

static void counting(int *a, int n)
{
    static int count[100000];
    int i, k = 0, v;
    memset(count, 0, sizeof count);
    for (i = 0; i < n; i++)
        count[a[i]]++;
    for (v = 0; v < 100000; v++)
        while (count[v]--)
            a[k++] = v;
}

static void radix(int *a, int n)
{
    int *b = malloc((size_t)n * sizeof *b), shift, i;
    for (shift = 0; shift < 32; shift += 8) {
        int count[257];
        memset(count, 0, sizeof count);
        for (i = 0; i < n; i++)
            count[((unsigned)a[i] >> shift & 255) + 1]++;
        for (i = 0; i < 256; i++)
            count[i + 1] += count[i];
        for (i = 0; i < n; i++)
            b[count[(unsigned)a[i] >> shift & 255]++] = a[i];
        memcpy(a, b, (size_t)n * sizeof *a);
    }
    free(b);
}

int main(void)
{
    static int data[N], work[N], reference[N];
    static const struct { const char *name; void (*sort)(int *, int); } algos[] = {
        { "insertion", insertion }, { "shell", shell }, { "heap", heap }, { "merge", merge },
        { "quick", quick_entry }, { "counting", counting }, { "radix", radix },
    };
    unsigned int s = 777;
    int i, k, pattern;
    for (pattern = 0; pattern < 3; pattern++) {
        for (i = 0; i < N; i++) {
            s = s * 1103515245u + 12345u;
            data[i] = pattern == 0 ? (int)((s >> 8) % 100000) : pattern == 1 ? i * 7 % 1000 : N - i;
        }
        printf("pattern %d:\n", pattern);
        for (k = 0; k < (int)(sizeof algos / sizeof algos[0]); k++) {
            long long check = 0;
            int ok = 1;
            memcpy(work, data, sizeof data);
            comparisons = 0;
            algos[k].sort(work, N);
            for (i = 0; i < N; i++)
                check += (long long)work[i] * (i + 1);
            if (k == 0)
                memcpy(reference, work, sizeof work);
            else
                ok = memcmp(reference, work, sizeof work) == 0;
            for (i = 1; i < N; i++)
                if (work[i - 1] > work[i])
                    ok = 0;
            printf("  %-9s comparisons %8ld check %lld %s min %d median %d max %d\n", algos[k].name, comparisons,
                   check, ok ? "ok" : "WRONG", work[0], work[N / 2], work[N - 1]);
        }
    }
    return 0;
}
