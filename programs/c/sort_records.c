#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char name[12]; int age; double score; } person;
static unsigned seed = 12345;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return (seed >> 16) & 0x7fff; }

typedef int (*cmp_t)(const void *, const void *);
static int by_age(const void *a, const void *b) { const person *x = a, *y = b; return (x->age > y->age) - (x->age < y->age); }
static int by_score_desc(const void *a, const void *b) { const person *x = a, *y = b; return (x->score < y->score) - (x->score > y->score); }
static int by_name(const void *a, const void *b) { return strcmp(((const person *)a)->name, ((const person *)b)->name); }
static int icmp(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return x < y ? -1 : x > y; }
static int dcmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

static void swap_bytes(void *a, void *b, size_t n) { unsigned char *p = a, *q = b; while (n--) { unsigned char t = *p; *p++ = *q; *q++ = t; } }
static void my_qsort(void *base, size_t n, size_t sz, cmp_t cmp) {
    if (n < 2) return;
    char *b = base;
    swap_bytes(b, b + (n / 2) * sz, sz);
    size_t last = 0;
    for (size_t i = 1; i < n; i++) if (cmp(b + i * sz, b) < 0) swap_bytes(b + ++last * sz, b + i * sz, sz);
    swap_bytes(b, b + last * sz, sz);
    my_qsort(b, last, sz, cmp);
    my_qsort(b + (last + 1) * sz, n - last - 1, sz, cmp);
}
static void insertion(int *a, int n) { for (int i = 1; i < n; i++) { int v = a[i], j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; } }
static void shell(int *a, int n) { for (int g = n / 2; g > 0; g /= 2) for (int i = g; i < n; i++) { int v = a[i], j; for (j = i; j >= g && a[j - g] > v; j -= g) a[j] = a[j - g]; a[j] = v; } }
static void sift(int *a, int s, int n) { while (2 * s + 1 < n) { int c = 2 * s + 1; if (c + 1 < n && a[c + 1] > a[c]) c++; if (a[s] >= a[c]) return; int t = a[s]; a[s] = a[c]; a[c] = t; s = c; } }
static void heap(int *a, int n) { for (int i = n / 2 - 1; i >= 0; i--) sift(a, i, n); for (int e = n - 1; e > 0; e--) { int t = a[0]; a[0] = a[e]; a[e] = t; sift(a, 0, e); } }
static void merge_sort(int *a, int *tmp, int n) {
    if (n < 2) return;
    int m = n / 2;
    merge_sort(a, tmp, m);
    merge_sort(a + m, tmp, n - m);
    int i = 0, j = m, k = 0;
    while (i < m && j < n) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < m) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}
static void radix(unsigned *a, int n) {
    unsigned *tmp = malloc(n * sizeof *tmp);
    for (int shift = 0; shift < 32; shift += 8) {
        int cnt[257] = { 0 };
        for (int i = 0; i < n; i++) cnt[((a[i] >> shift) & 255) + 1]++;
        for (int i = 0; i < 256; i++) cnt[i + 1] += cnt[i];
        for (int i = 0; i < n; i++) tmp[cnt[(a[i] >> shift) & 255]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
    free(tmp);
}
static unsigned checksum(const int *a, int n) { unsigned h = 0; for (int i = 0; i < n; i++) h = h * 31 + a[i]; return h; }
static int sorted(const int *a, int n) { for (int i = 1; i < n; i++) if (a[i - 1] > a[i]) return 0; return 1; }

int main(void) {
    enum { N = 500 };
    int orig[N], a[N], tmp[N];
    for (int i = 0; i < N; i++) orig[i] = (int)(rnd() % 1000) - 500;
    void (*sorts[])(int *, int) = { insertion, shell, heap };
    const char *names[] = { "insertion", "shell", "heap" };
    for (int s = 0; s < 3; s++) {
        memcpy(a, orig, sizeof a);
        sorts[s](a, N);
        printf("%s %d %u\n", names[s], sorted(a, N), checksum(a, N));
    }
    memcpy(a, orig, sizeof a);
    merge_sort(a, tmp, N);
    printf("merge %d %u\n", sorted(a, N), checksum(a, N));
    memcpy(a, orig, sizeof a);
    my_qsort(a, N, sizeof a[0], icmp);
    printf("myq %d %u\n", sorted(a, N), checksum(a, N));
    memcpy(a, orig, sizeof a);
    qsort(a, N, sizeof a[0], icmp);
    printf("qsort %d %u %d %d %d\n", sorted(a, N), checksum(a, N), a[0], a[N / 2], a[N - 1]);
    unsigned ua[N];
    for (int i = 0; i < N; i++) ua[i] = rnd() * 65536u + rnd();
    radix(ua, N);
    int ok = 1;
    for (int i = 1; i < N; i++) if (ua[i - 1] > ua[i]) ok = 0;
    printf("radix %d %u %u\n", ok, ua[0], ua[N - 1]);
    int key = a[123];
    int *found = bsearch(&key, a, N, sizeof a[0], icmp);
    printf("found %d\n", found ? *found == key : -1);
    key = 10000;
    printf("notfound %d\n", bsearch(&key, a, N, sizeof a[0], icmp) == NULL);
    person ps[8];
    const char *nm[] = { "zed", "amy", "bob", "kim", "lee", "ann", "tom", "eve" };
    for (int i = 0; i < 8; i++) { strcpy(ps[i].name, nm[i]); ps[i].age = 20 + (int)(rnd() % 40); ps[i].score = (rnd() % 1000) / 10.0; }
    cmp_t cmps[] = { by_age, by_score_desc, by_name };
    for (int c = 0; c < 3; c++) {
        my_qsort(ps, 8, sizeof ps[0], cmps[c]);
        for (int i = 0; i < 8; i++) printf("%s/%d/%.1f ", ps[i].name, ps[i].age, ps[i].score);
        printf("\n");
    }
    double d[10];
    for (int i = 0; i < 10; i++) d[i] = (rnd() % 2000 - 1000) / 7.0;
    qsort(d, 10, sizeof d[0], dcmp);
    for (int i = 0; i < 10; i++) printf("%.3f ", d[i]);
    printf("\n");
    return 0;
}
