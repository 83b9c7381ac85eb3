/* A string-keyed hash table with separate chaining that grows by rehashing (realloc of the bucket array),
 * used for word counts over generated text; deletion; iteration in sorted order via qsort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key;
    int count;
    struct entry *next;
};

struct table {
    struct entry **buckets;
    unsigned int nbuckets, size, resizes;
};

static unsigned int fnv1a(const char *s)
{
    unsigned int h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static void grow(struct table *t)
{
    unsigned int old = t->nbuckets, i;
    unsigned int n = old ? old * 2 : 8;
    struct entry **b = t->buckets;
    b = realloc(b, n * sizeof *b);
    for (i = old; i < n; i++)
        b[i] = NULL;
    /* rehash the entries of the old buckets in place */
    for (i = 0; i < old; i++) {
        struct entry *e = b[i], *keep = NULL;
        while (e) {
            struct entry *next = e->next;
            unsigned int j = fnv1a(e->key) & (n - 1);
            if (j == i) {
                e->next = keep;
                keep = e;
            } else {
                e->next = b[j];
                b[j] = e;
            }
            e = next;
        }
        b[i] = keep;
    }
    t->buckets = b;
    t->nbuckets = n;
    t->resizes++;
}

static struct entry *lookup(struct table *t, const char *key, int create)
{
    unsigned int i;
    struct entry *e;
    if (t->nbuckets == 0) {
        if (!create)
            return NULL;
        grow(t);
    }
    i = fnv1a(key) & (t->nbuckets - 1);
    for (e = t->buckets[i]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    if (!create)
        return NULL;
    if (t->size + 1 > t->nbuckets * 3 / 4) {
        grow(t);
        i = fnv1a(key) & (t->nbuckets - 1);
    }
    e = malloc(sizeof *e);
    e->key = strdup(key);
    e->count = 0;
    e->next = t->buckets[i];
    t->buckets[i] = e;
    t->size++;
    return e;
}

static int delete(struct table *t, const char *key)
{
    struct entry **pp;
    if (!t->nbuckets)
        return 0;
    for (pp = &t->buckets[fnv1a(key) & (t->nbuckets - 1)]; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->key, key) == 0) {
            struct entry *e = *pp;
            *pp = e->next;
            free(e->key);
            free(e);
            t->size--;
            return 1;
        }
    }
    return 0;
}

static int by_count(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a, *y = *(const struct entry *const *)b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->key, y->key);
}

static const char *syll[] = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po", "qu", "xi" };

int main(void)
{
    struct table t = { NULL, 0, 0, 0 };
    unsigned int state = 99u;
    int i, j, longest = 0;
    struct entry **all, *e;
    char word[32];
    unsigned int used = 0;

    for (i = 0; i < 6000; i++) {
        int n;
        state = state * 1103515245u + 12345u;
        n = 1 + (int)((state >> 16) % 3);
        word[0] = 0;
        for (j = 0; j < n; j++) {
            state = state * 1103515245u + 12345u;
            strcat(word, syll[(state >> 16) % 12]);
        }
        lookup(&t, word, 1)->count++;
    }
    printf("distinct %u buckets %u resizes %u\n", t.size, t.nbuckets, t.resizes);
    for (i = 0; i < (int)t.nbuckets; i++) {
        int len = 0;
        for (e = t.buckets[i]; e; e = e->next)
            len++;
        if (len > longest)
            longest = len;
        if (len)
            used++;
    }
    printf("longest chain %d, used buckets %u\n", longest, used);
    all = malloc(t.size * sizeof *all);
    j = 0;
    for (i = 0; i < (int)t.nbuckets; i++)
        for (e = t.buckets[i]; e; e = e->next)
            all[j++] = e;
    qsort(all, t.size, sizeof *all, by_count);
    for (i = 0; i < 30; i++)
        printf("%-10s %d\n", all[i]->key, all[i]->count);
    printf("...\n%-10s %d\n", all[t.size - 1]->key, all[t.size - 1]->count);
    free(all);
    {
        const char *probe[] = { "ka", "kalo", "zezeze", "nope", "qu", "xixixi", "" };
        for (i = 0; i < 7; i++) {
            e = lookup(&t, probe[i], 0);
            printf("lookup \"%s\": %d\n", probe[i], e ? e->count : -1);
        }
    }
    /* delete every word that starts with 'k' or 'm' */
    {
        int deleted = 0;
        for (i = 0; i < (int)t.nbuckets; i++) {
            e = t.buckets[i];
            while (e) {
                struct entry *next = e->next;
                if (e->key[0] == 'k' || e->key[0] == 'm') {
                    strcpy(word, e->key);
                    deleted += delete(&t, word);
                }
                e = next;
            }
        }
        printf("deleted %d, left %u, delete again %d\n", deleted, t.size, delete(&t, "kaka"));
    }
    for (i = 0; i < (int)t.nbuckets; i++) {
        e = t.buckets[i];
        while (e) {
            struct entry *next = e->next;
            free(e->key);
            free(e);
            e = next;
        }
    }
    free(t.buckets);
    printf("hash(\"\")=%08x hash(\"hello\")=%08x hash(\"SCMP\")=%08x\n", fnv1a(""), fnv1a("hello"), fnv1a("SCMP"));
    return 0;
}
