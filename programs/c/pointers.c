/* Pointers and arrays: pointer arithmetic and differences, arrays of arrays and pointers to arrays,
 * arrays of pointers (jagged), pointer-to-pointer updates, const correctness, walking with end pointers,
 * pointers to struct members, void pointers and generic swap, and restrict-qualified copies. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void swap_bytes(void *a, void *b, size_t n)
{
    unsigned char *p = a, *q = b, t;
    while (n--) {
        t = *p;
        *p++ = *q;
        *q++ = t;
    }
}

static int sum_rows(int (*m)[5], int rows)
{
    int s = 0, (*r)[5];
    for (r = m; r < m + rows; r++) {
        int *e;
        for (e = *r; e < *r + 5; e++)
            s += *e;
    }
    return s;
}

static void copy_restrict(int *restrict dst, const int *restrict src, int n)
{
    while (n-- > 0)
        *dst++ = *src++ * 2;
}

static void advance(const char **pp, int n) { *pp += n; }

struct rec { char tag; int value; double weight; char name[6]; };

int main(void)
{
    int a[10], i, m[4][5];
    int *p = a, *q = &a[9];
    int **jag;
    const char *s = "pointer arithmetic";
    struct rec recs[3] = { { 'a', 1, 0.5, "one" }, { 'b', 2, 1.5, "two" }, { 'c', 3, 2.5, "three" } };
    struct rec *rp;

    for (i = 0; i < 10; i++)
        a[i] = i * i;
    printf("q - p = %d, *(p + 3) = %d, p[7] = %d, 7[p] = %d\n", (int)(q - p), *(p + 3), p[7], 7[p]);
    i = *q--;
    printf("*q-- = %d, then *q = %d\n", i, *q);
    printf("p < q %d, &a[5] - &a[2] = %d\n", p < q, (int)(&a[5] - &a[2]));
    for (i = 0; i < 4; i++) {
        int j;
        for (j = 0; j < 5; j++)
            m[i][j] = i * 10 + j;
    }
    printf("sum_rows %d, sum of last two rows %d\n", sum_rows(m, 4), sum_rows(m + 2, 2));
    printf("m[2][3] via pointers: %d %d %d\n", *(*(m + 2) + 3), (*(m + 2))[3], *(&m[0][0] + 13));
    printf("sizeof m %u, m[0] %u, *m %u\n", (unsigned)sizeof m, (unsigned)sizeof m[0], (unsigned)sizeof *m);

    jag = malloc(5 * sizeof *jag);
    for (i = 0; i < 5; i++) {
        int j;
        jag[i] = malloc((size_t)(i + 1) * sizeof **jag);
        for (j = 0; j <= i; j++)
            jag[i][j] = (i == j || j == 0) ? 1 : jag[i - 1][j - 1] + jag[i - 1][j];
    }
    for (i = 0; i < 5; i++) {
        int j;
        printf("%*s", 2 * (4 - i), "");
        for (j = 0; j <= i; j++)
            printf("%4d", jag[i][j]);
        printf("\n");
        free(jag[i]);
    }
    free(jag);

    advance(&s, 8);
    printf("after advance: %s\n", s);
    {
        const char *end = s + strlen(s);
        int vowels = 0;
        for (; s < end; s++)
            vowels += strchr("aeiou", *s) != NULL;
        printf("vowels %d\n", vowels);
    }
    for (rp = recs; rp < recs + 3; rp++)
        printf("%c %d %.1f %s\n", rp->tag, rp->value, rp->weight, rp->name);
    {
        int *vp = &recs[1].value;
        double *wp = &recs[2].weight;
        *vp += 40;
        *wp *= 2;
        printf("through member pointers: %d %.1f\n", recs[1].value, recs[2].weight);
        printf("offsets equal across gcc/scmp: tag %u value %u\n", (unsigned)offsetof(struct rec, tag),
               (unsigned)offsetof(struct rec, value));
    }
    swap_bytes(&recs[0], &recs[2], sizeof recs[0]);
    printf("swapped: %s %s\n", recs[0].name, recs[2].name);
    {
        int x = 1, y = 2;
        double u = 1.5, v = -2.5;
        swap_bytes(&x, &y, sizeof x);
        swap_bytes(&u, &v, sizeof u);
        printf("generic swap: %d %d %.1f %.1f\n", x, y, u, v);
    }
    {
        int src[6] = { 1, 2, 3, 4, 5, 6 }, dst[6];
        copy_restrict(dst, src, 6);
        for (i = 0; i < 6; i++)
            printf("%d ", dst[i]);
        printf("\n");
    }
    {
        /* pointer to pointer walking an argv-like array */
        const char *words[] = { "alpha", "beta", "gamma", NULL };
        const char **w;
        for (w = words; *w; w++)
            printf("%s(%c) ", *w, **w);
        printf("\n");
    }
    {
        /* negative indices from a pointer into the middle */
        int *mid = a + 5;
        printf("mid[-2] %d mid[2] %d\n", mid[-2], mid[2]);
        printf("null compares: %d %d\n", (void *)0 == NULL, p != NULL);
    }
    return 0;
}
