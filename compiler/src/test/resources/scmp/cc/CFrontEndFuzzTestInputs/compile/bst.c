int printf(const char *, ...); void *malloc(unsigned); void free(void *); int strcmp(const char *, const char *);
/* Binary trees on the heap: an AVL tree with insertions and deletions (checked for balance and order after
 * every phase), traversals, height and size statistics, and an expression tree evaluated recursively. */

struct avl {
    int key, height, count;
    struct avl *left, *right;
};

static int allocated;

static int h(struct avl *t) { return t ? t->height : 0; }
static int max(int a, int b) { return a > b ? a : b; }
static void fix(struct avl *t) { t->height = 1 + max(h(t->left), h(t->right)); }

static struct avl *rot_right(struct avl *t)
{
    struct avl *l = t->left;
    t->left = l->right;
    l->right = t;
    fix(t);
    fix(l);
    return l;
}

static struct avl *rot_left(struct avl *t)
{
    struct avl *r = t->right;
    t->right = r->left;
    r->left = t;
    fix(t);
    fix(r);
    return r;
}

static struct avl *balance(struct avl *t)
{
    int bf;
    fix(t);
    bf = h(t->left) - h(t->right);
    if (bf > 1) {
        if (h(t->left->left) < h(t->left->right))
            t->left = rot_left(t->left);
        return rot_right(t);
    }
    if (bf < -1) {
        if (h(t->right->right) < h(t->right->left))
            t->right = rot_right(t->right);
        return rot_left(t);
    }
    return t;
}

static struct avl *insert(struct avl *t, int key)
{
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = key;
        t->height = 1;
        t->count = 1;
        allocated++;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    else
        t->count++;
    return balance(t);
}

static struct avl *remove_min(struct avl *t, struct avl **min)
{
    if (!t->left) {
        *min = t;
        return t->right;
    }
    t->left = remove_min(t->left, min);
    return balance(t);
}

static struct avl *erase(struct avl *t, int key)
{
    if (!t)
        return NULL;
    if (key < t->key)
        t->left = erase(t->left, key);
    else if (key > t->key)
        t->right = erase(t->right, key);
    else {
        struct avl *l = t->left, *r = t->right, *m;
        free(t);
        allocated--;
        if (!r)
            return l;
        r = remove_min(r, &m);
        m->left = l;
        m->right = r;
        return balance(m);
    }
    return balance(t);
}

static int check(struct avl *t, int lo, int hi, int *ok)
{
    int lh, rh;
    if (!t)
        return 0;
    if (t->key < lo || t->key > hi)
        *ok = 0;
    lh = check(t->left, lo, t->key - 1, ok);
    rh = check(t->right, t->key + 1, hi, ok);
    if (lh - rh > 1 || rh - lh > 1 || t->height != 1 + max(lh, rh))
        *ok = 0;
    return 1 + max(lh, rh);
}

static int size(struct avl *t) { return t ? 1 + size(t->left) + size(t->right) : 0; }
static long long total(struct avl *t) { return t ? (long long)t->key * t->count + total(t->left) + total(t->right) : 0; }

static int printed;
static void inorder(struct avl *t, int limit)
{
    if (!t || printed >= limit)
        return;
    inorder(t->left, limit);
    if (printed < limit) {
        printf(" %d", t->key);
        if (t->count > 1)
            printf("x%d", t->count);
        printed++;
    }
    inorder(t->right, limit);
}

static void preorder_shape(struct avl *t, int depth)
{
    if (!t || depth > 3)
        return;
    printf("%*s%d (h%d)\n", depth * 2, "", t->key, t->height);
    preorder_shape(t->left, depth + 1);
    preorder_shape(t->right, depth + 1);
}

static void destroy(struct avl *t)
{
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
    allocated--;
}

/* expression trees */
struct expr {
    char op;            /* '+', '-', '*', '/', or 'n' for a number */
    double value;
    struct expr *l, *r;
};

static struct expr *num(double v)
{
    struct expr *e = malloc(sizeof *e);
    e->op = 'n';
    e->value = v;
    e->l = e->r = NULL;
    return e;
}

static struct expr *bin(char op, struct expr *l, struct expr *r)
{
    struct expr *e = malloc(sizeof *e);
    e->op = op;
    e->value = 0;
    e->l = l;
    e->r = r;
    return e;
}

static double eval(const struct expr *e)
{
    switch (e->op) {
    case '+': return eval(e->l) + eval(e->r);
    case '-': return eval(e->l) - eval(e->r);
    case '*': return eval(e->l) * eval(e->r);
    case '/': return eval(e->l) / eval(e->r);
    default: return e->value;
    }
}

static void show(const struct expr *e)
{
    if (e->op == 'n') {
        printf("%g", e->value);
        return;
    }
    printf("(");
    show(e->l);
    printf(" %c ", e->op);
    show(e->r);
    printf(")");
}

static void free_expr(struct expr *e)
{
    if (e) {
        free_expr(e->l);
        free_expr(e->r);
        free(e);
    }
}

static struct expr *build(int depth, int *counter)
{
    static const char ops[] = "+-*/";
    if (depth <= 0)
        return num((double)(++*counter % 9 + 1));
    {
        struct expr *l = build(depth - 1, counter);
        struct expr *r = build(depth - 1 - (*counter % 2), counter);
        return bin(ops[*counter % 4], l, r);
    }
}

int main(void)
{
    struct avl *t = NULL;
    int i, ok;
    unsigned int x = 7;
    for (i = 0; i < 2000; i++) {
        x = x * 69069u + 1u;
        t = insert(t, (int)(x >> 20) % 5000);
    }
    ok = 1;
    printf("after inserts: size %d height %d total %lld nodes %d\n", size(t), check(t, -1000000, 1000000, &ok),
           total(t), allocated);
    printf("valid %d\n", ok);
    printed = 0;
    printf("first:");
    inorder(t, 25);
    printf("\n");
    preorder_shape(t, 0);
    for (i = 0; i < 5000; i += 3)
        t = erase(t, i);
    ok = 1;
    printf("after erases: size %d height %d total %lld nodes %d valid %d\n", size(t),
           check(t, -1000000, 1000000, &ok), total(t), allocated, ok);
    for (i = 0; i < 1000; i++)
        t = insert(t, i * 5);
    ok = 1;
    printf("after sequential inserts: size %d height %d valid %d\n", size(t), check(t, -1000000, 1000000, &ok), ok);
    printed = 0;
    printf("first:");
    inorder(t, 25);
    printf("\n");
    destroy(t);
    printf("nodes left %d\n", allocated);

    for (i = 1; i <= 5; i++) {
        int counter = i;
        struct expr *e = build(i, &counter);
        if (i <= 3) {
            show(e);
            printf("\n");
        }
        printf("depth %d = %.10g\n", i, eval(e));
        free_expr(e);
    }
    return 0;
}
