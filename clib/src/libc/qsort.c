/* qsort: introsort. Quicksort with median-of-three pivots, recursing into the smaller part and looping on
 * the larger (stack depth O(log n)); insertion sort for short ranges; heapsort when the partitioning
 * goes bad (depth limit 2 log2 n), so the worst case is O(n log n). Not stable (C does not ask it). */
#include <stdlib.h>

typedef int (*cmp_fn)(const void *, const void *);

static void swap_bytes(char *a, char *b, size_t size)
{
    if (a == b)
        return;
    if (((((unsigned int)a | (unsigned int)b | size) & 3) == 0)) {
        unsigned int *wa = (unsigned int *)a, *wb = (unsigned int *)b;
        size_t n = size / 4;
        while (n > 0) {
            unsigned int t = *wa;
            *wa++ = *wb;
            *wb++ = t;
            n--;
        }
    } else {
        while (size > 0) {
            char t = *a;
            *a++ = *b;
            *b++ = t;
            size--;
        }
    }
}

static void insertion_sort(char *base, size_t n, size_t size, cmp_fn cmp)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        for (j = i; j > 0; j--) {
            char *a = base + (j - 1) * size;
            char *b = a + size;
            if (cmp(a, b) <= 0)
                break;
            swap_bytes(a, b, size);
        }
    }
}

static void sift_down(char *base, size_t root, size_t n, size_t size, cmp_fn cmp)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && cmp(base + child * size, base + (child + 1) * size) < 0)
            child++;
        if (cmp(base + root * size, base + child * size) >= 0)
            return;
        swap_bytes(base + root * size, base + child * size, size);
        root = child;
    }
}

static void heap_sort(char *base, size_t n, size_t size, cmp_fn cmp)
{
    size_t i;
    if (n < 2)
        return;
    for (i = n / 2; i > 0; i--)
        sift_down(base, i - 1, n, size, cmp);
    for (i = n - 1; i > 0; i--) {
        swap_bytes(base, base + i * size, size);
        sift_down(base, 0, i, size, cmp);
    }
}

static void sort(char *base, size_t n, size_t size, cmp_fn cmp, int depth)
{
    while (n > 12) {
        char *lo, *mid, *hi, *i, *j;
        size_t nleft, nright;

        if (depth == 0) {
            heap_sort(base, n, size, cmp);
            return;
        }
        depth--;

        /* median of three to the front: base <= ... */
        lo = base;
        mid = base + (n / 2) * size;
        hi = base + (n - 1) * size;
        if (cmp(mid, lo) < 0)
            swap_bytes(mid, lo, size);
        if (cmp(hi, mid) < 0) {
            swap_bytes(hi, mid, size);
            if (cmp(mid, lo) < 0)
                swap_bytes(mid, lo, size);
        }
        /* pivot at base; lo <= pivot <= hi already */
        swap_bytes(base, mid, size);

        /* Hoare partition around the pivot at base */
        i = base;
        j = base + n * size;
        for (;;) {
            do {
                i += size;
            } while (i < base + n * size && cmp(i, base) < 0);
            do {
                j -= size;
            } while (cmp(j, base) > 0);
            if (i >= j)
                break;
            swap_bytes(i, j, size);
        }
        swap_bytes(base, j, size);
        /* [base, j) <= pivot, j = pivot, (j, end) >= pivot */
        nleft = (size_t)(j - base) / size;
        nright = n - nleft - 1;
        if (nleft < nright) {
            sort(base, nleft, size, cmp, depth);
            base = j + size;
            n = nright;
        } else {
            sort(j + size, nright, size, cmp, depth);
            n = nleft;
        }
    }
    insertion_sort(base, n, size, cmp);
}

void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))
{
    int depth = 0;
    size_t n = nmemb;
    if (nmemb < 2 || size == 0)
        return;
    while (n > 1) {
        depth += 2;
        n >>= 1;
    }
    sort((char *)base, nmemb, size, compar, depth);
}
