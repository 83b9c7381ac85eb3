/* malloc-heavy singly and doubly linked lists: build, insert sorted, delete, reverse, merge sort, splice,
 * free everything; a freelist-recycling allocator pattern; realloc-grown arrays of list heads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    char *label;
    struct node *next;
};

static unsigned int rng = 2024u;
static int rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 16) % (unsigned)n);
}

static int live_nodes;

static struct node *new_node(int key)
{
    struct node *n = malloc(sizeof *n);
    char tmp[32];
    if (!n) {
        printf("out of memory\n");
        exit(2);
    }
    n->key = key;
    sprintf(tmp, "node-%d", key);
    n->label = malloc(strlen(tmp) + 1);
    strcpy(n->label, tmp);
    n->next = NULL;
    live_nodes++;
    return n;
}

static void free_node(struct node *n)
{
    free(n->label);
    free(n);
    live_nodes--;
}

static struct node *push(struct node *head, int key)
{
    struct node *n = new_node(key);
    n->next = head;
    return n;
}

static struct node *insert_sorted(struct node *head, int key)
{
    struct node **pp = &head, *n = new_node(key);
    while (*pp && (*pp)->key < key)
        pp = &(*pp)->next;
    n->next = *pp;
    *pp = n;
    return head;
}

static struct node *remove_key(struct node *head, int key, int *removed)
{
    struct node **pp = &head;
    *removed = 0;
    while (*pp) {
        if ((*pp)->key == key) {
            struct node *dead = *pp;
            *pp = dead->next;
            free_node(dead);
            (*removed)++;
        } else {
            pp = &(*pp)->next;
        }
    }
    return head;
}

static struct node *reverse(struct node *head)
{
    struct node *prev = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node dummy, *t = &dummy;
    while (a && b) {
        if (a->key <= b->key) {
            t->next = a;
            a = a->next;
        } else {
            t->next = b;
            b = b->next;
        }
        t = t->next;
    }
    t->next = a ? a : b;
    return dummy.next;
}

static struct node *merge_sort(struct node *head)
{
    struct node *slow, *fast, *mid;
    if (!head || !head->next)
        return head;
    slow = head;
    fast = head->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    mid = slow->next;
    slow->next = NULL;
    return merge(merge_sort(head), merge_sort(mid));
}

static int length(const struct node *n)
{
    int k = 0;
    for (; n; n = n->next)
        k++;
    return k;
}

static void print_list(const char *name, const struct node *n, int max)
{
    printf("%s (%d):", name, length(n));
    for (; n && max-- > 0; n = n->next)
        printf(" %d", n->key);
    if (n)
        printf(" ...");
    printf("\n");
}

static void free_list(struct node *n)
{
    while (n) {
        struct node *next = n->next;
        free_node(n);
        n = next;
    }
}

/* a doubly linked circular list with a sentinel */
struct dnode { struct dnode *prev, *next; double value; };

static void dinsert_after(struct dnode *at, double v)
{
    struct dnode *n = malloc(sizeof *n);
    n->value = v;
    n->prev = at;
    n->next = at->next;
    at->next->prev = n;
    at->next = n;
}

static void dremove(struct dnode *n)
{
    n->prev->next = n->next;
    n->next->prev = n->prev;
    free(n);
}

int main(void)
{
    struct node *a = NULL, *b = NULL, *p;
    struct node **buckets = NULL;
    int i, removed, total = 0, nb = 0;
    struct dnode sentinel, *d;

    for (i = 0; i < 200; i++)
        a = push(a, rnd(100));
    print_list("pushed", a, 30);
    a = merge_sort(a);
    print_list("sorted", a, 30);
    for (p = a; p && p->next; p = p->next)
        if (p->key > p->next->key)
            printf("ORDER ERROR\n");
    for (i = 0; i < 100; i += 7) {
        a = remove_key(a, i, &removed);
        total += removed;
    }
    printf("removed %d, left %d\n", total, length(a));
    a = reverse(a);
    print_list("reversed", a, 20);
    for (i = 0; i < 150; i++)
        b = insert_sorted(b, rnd(1000) - 500);
    print_list("insert_sorted", b, 25);
    a = merge(merge_sort(a), b);
    b = NULL;
    print_list("merged", a, 40);
    printf("labels: %s %s\n", a->label, a->next->next->label);
    printf("live nodes %d\n", live_nodes);

    /* distribute into buckets held in a realloc-grown array */
    while (a) {
        struct node *n = a;
        int k = (n->key + 500) / 100;
        a = a->next;
        if (k >= nb) {
            int old = nb;
            nb = k + 1;
            buckets = realloc(buckets, (size_t)nb * sizeof *buckets);
            while (old < nb)
                buckets[old++] = NULL;
        }
        n->next = buckets[k];
        buckets[k] = n;
    }
    for (i = 0; i < nb; i++) {
        char name[20];
        buckets[i] = merge_sort(buckets[i]);
        sprintf(name, "bucket %d", i);
        print_list(name, buckets[i], 8);
        free_list(buckets[i]);
    }
    free(buckets);
    printf("live nodes after free %d\n", live_nodes);

    sentinel.next = sentinel.prev = &sentinel;
    for (i = 0; i < 20; i++)
        dinsert_after(i % 2 ? &sentinel : sentinel.prev, i * 1.5);
    for (d = sentinel.next; d != &sentinel; d = d->next)
        printf("%.1f ", d->value);
    printf("\n");
    for (d = sentinel.next; d != &sentinel;) {
        struct dnode *next = d->next;
        if ((int)d->value % 3 == 0)
            dremove(d);
        d = next;
    }
    for (d = sentinel.prev; d != &sentinel; d = d->prev)
        printf("%.1f ", d->value);
    printf("\n");
    while (sentinel.next != &sentinel)
        dremove(sentinel.next);

    /* churn: many allocations of varying sizes, freed in a scrambled order */
    {
        void *blocks[300];
        long long check = 0;
        for (i = 0; i < 300; i++) {
            size_t sz = (size_t)(1 + rnd(2000));
            blocks[i] = malloc(sz);
            memset(blocks[i], i & 0xff, sz);
            check += (long long)sz;
        }
        for (i = 0; i < 300; i++) {
            int j = (i * 37) % 300;
            if (blocks[j]) {
                unsigned char *c = blocks[j];
                if (c[0] != (unsigned char)(j & 0xff))
                    printf("CORRUPT %d\n", j);
                if (i % 3 == 0) {
                    blocks[j] = realloc(blocks[j], 3000);
                    c = blocks[j];
                    if (c[0] != (unsigned char)(j & 0xff))
                        printf("REALLOC LOST %d\n", j);
                }
                free(blocks[j]);
                blocks[j] = NULL;
            }
        }
        printf("churned %lld bytes\n", check);
    }
    return live_nodes;
}
