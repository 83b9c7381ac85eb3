/* qsort and bsearch with function pointers: integers both ways, strings, structs by several keys, and
 * stability-independent output (ties broken by a second key). A small deterministic generator supplies the
 * data (the C library's rand() differs between SCMP and glibc, so it is not used). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned int seed = 12345u;
static unsigned int next(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
}

static int cmp_int_up(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_int_down(const void *a, const void *b)
{
    return cmp_int_up(b, a);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct person {
    char name[16];
    int age;
    double height;
};

static int by_age_then_name(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->age != q->age)
        return p->age < q->age ? -1 : 1;
    return strcmp(p->name, q->name);
}

static int by_height_desc(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->height != q->height)
        return p->height > q->height ? -1 : 1;
    return strcmp(p->name, q->name);
}

static void print_ints(const char *label, const int *v, int n)
{
    int i;
    printf("%s:", label);
    for (i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

typedef int (*cmp_fn)(const void *, const void *);

int main(void)
{
    static int v[500];
    int i, n = 500;
    cmp_fn cmps[2] = { cmp_int_up, cmp_int_down };
    const char *words[] = { "pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "grape", "lemon",
                            "mango", "apricot", "blueberry", "lime", "orange", "plum", "quince", "papaya" };
    int nw = (int)(sizeof words / sizeof words[0]);
    struct person people[] = {
        { "Ada", 36, 1.65 }, { "Bob", 25, 1.80 }, { "Cy", 36, 1.72 }, { "Dee", 19, 1.58 },
        { "Eve", 25, 1.70 }, { "Fay", 52, 1.61 }, { "Gus", 19, 1.80 }, { "Hal", 44, 1.77 },
    };
    int np = (int)(sizeof people / sizeof people[0]);

    for (i = 0; i < n; i++)
        v[i] = (int)(next() % 2000) - 1000;
    for (i = 0; i < 2; i++) {
        long long sum = 0;
        int k;
        qsort(v, (size_t)n, sizeof v[0], cmps[i]);
        print_ints(i == 0 ? "up (first 20)" : "down (first 20)", v, 20);
        for (k = 1; k < n; k++) {
            if (cmps[i](&v[k - 1], &v[k]) > 0) {
                printf("NOT SORTED at %d\n", k);
                return 1;
            }
            sum += (long long)v[k] * k;
        }
        printf("weighted sum %lld\n", sum);
    }
    qsort(v, (size_t)n, sizeof v[0], cmp_int_up);
    for (i = -1000; i < 1000; i += 37) {
        int *p = bsearch(&i, v, (size_t)n, sizeof v[0], cmp_int_up);
        if (p)
            printf("found %d (value %d, at least one copy)\n", i, *p);
        else
            printf("missing %d\n", i);
    }

    qsort(words, (size_t)nw, sizeof words[0], cmp_str);
    for (i = 0; i < nw; i++)
        printf("%s%s", words[i], i + 1 < nw ? " " : "\n");
    {
        const char *keys[] = { "fig", "zebra", "apple", "quince", "aardvark", "lime" };
        for (i = 0; i < 6; i++) {
            const char **p = bsearch(&keys[i], words, (size_t)nw, sizeof words[0], cmp_str);
            printf("%s -> %s\n", keys[i], p ? "yes" : "no");
            if (p)
                printf("   index %d\n", (int)(p - words));
        }
    }

    qsort(people, (size_t)np, sizeof people[0], by_age_then_name);
    for (i = 0; i < np; i++)
        printf("%-4s %2d %.2f\n", people[i].name, people[i].age, people[i].height);
    qsort(people, (size_t)np, sizeof people[0], by_height_desc);
    for (i = 0; i < np; i++)
        printf("%-4s %2d %.2f\n", people[i].name, people[i].age, people[i].height);
    {
        struct person key;
        struct person *p;
        qsort(people, (size_t)np, sizeof people[0], by_age_then_name);
        strcpy(key.name, "Eve");
        key.age = 25;
        p = bsearch(&key, people, (size_t)np, sizeof people[0], by_age_then_name);
        printf("Eve found: %s %d\n", p ? p->name : "-", p ? (int)(p - people) : -1);
        key.age = 26;
        p = bsearch(&key, people, (size_t)np, sizeof people[0], by_age_then_name);
        printf("Eve at 26: %s\n", p ? "found" : "not found");
    }
    /* degenerate inputs */
    qsort(v, 0, sizeof v[0], cmp_int_up);
    qsort(v, 1, sizeof v[0], cmp_int_up);
    for (i = 0; i < 50; i++)
        v[i] = 7;
    qsort(v, 50, sizeof v[0], cmp_int_down);
    print_ints("all sevens", v, 10);
    for (i = 0; i < 100; i++)
        v[i] = 100 - i;
    qsort(v, 100, sizeof v[0], cmp_int_up);
    print_ints("reversed", v, 100);
    return 0;
}
