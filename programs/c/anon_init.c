/* Initializers of structs with anonymous struct and union members (C11 6.7.2.1p13, 6.7.9): positional items
 * fill an anonymous member as a whole, with or without its own braces; designators name its members through
 * it, and the items after a designator go on from there (6.7.9p17); empty braces {} zero an object, also in
 * compound literals. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>

struct vec {
    int tag;
    union {
        struct { int x, y, z; };
        int v[3];
    };
    int w;
};

struct message {
    char kind;
    union {
        struct { short code; short detail; };
        unsigned word;
        char bytes[4];
    };
    struct {
        unsigned ready : 1;
        unsigned level : 3;
        int : 0;
        unsigned count : 8;
    };
    const char *text;
};

struct deep {
    int a;
    struct {
        int b;
        union {
            int c;
            struct { short d, e; };
        };
        int f;
    };
    int g;
};

struct plain { int a, b; double c; char name[6]; };

static void show_vec(const char *what, const struct vec *v)
{
    printf("%-12s tag %d xyz %d %d %d v %d %d %d w %d\n", what, v->tag, v->x, v->y, v->z, v->v[0], v->v[1],
           v->v[2], v->w);
}

static void show_msg(const char *what, const struct message *m)
{
    printf("%-12s kind %c code %d detail %d ready %u level %u count %u text %s\n", what, m->kind, m->code,
           m->detail, m->ready, m->level, m->count, m->text ? m->text : "(none)");
}

static void show_deep(const char *what, const struct deep *p)
{
    printf("%-12s a %d b %d c %d d %d e %d f %d g %d\n", what, p->a, p->b, p->c, p->d, p->e, p->f, p->g);
}

static struct vec gv1 = {1, {{2, 3, 4}}, 5};
static struct vec gv2 = {1, 2, 3, 4, 5};
static struct vec gv3 = {.w = 9, .y = 8, 7, .tag = 6};
static struct vec gv4 = {.v = {10, 20}, .w = 30};
static struct vec gv5 = {.v[2] = 33, .tag = -1};
static struct message gm1 = {'A', {{100, 200}}, {1, 5, 42}, "first"};
static struct message gm2 = {.kind = 'B', .detail = 7, .count = 3, .text = "second"};
static struct deep gd1 = {1, {2, {3}, 4}, 5};
static struct deep gd2 = {1, 2, 3, 4, 5};
static struct deep gd3 = {.d = 7, 8, 9, .g = 10, .a = 11};
static struct deep gd4 = {.b = 1, 2, 3, 4};
static struct plain gz = {};
static int garr[4] = {};
static struct vec gvz = {};

int main(void)
{
    show_vec("static 1", &gv1);
    show_vec("static 2", &gv2);
    show_vec("static 3", &gv3);
    show_vec("static 4", &gv4);
    show_vec("static 5", &gv5);
    show_msg("static m1", &gm1);
    show_msg("static m2", &gm2);
    show_deep("static d1", &gd1);
    show_deep("static d2", &gd2);
    show_deep("static d3", &gd3);
    show_deep("static d4", &gd4);

    int k = 3;
    struct vec lv1 = {k, {{k + 1, k + 2, k + 3}}, k * 10};
    struct vec lv2 = {k, k * 2, k * 3, k * 4, k * 5};
    struct vec lv3 = {.z = k, k + 1, .tag = k - 1};
    struct vec lv4 = {.y = k, .v[0] = 1};
    show_vec("auto 1", &lv1);
    show_vec("auto 2", &lv2);
    show_vec("auto 3", &lv3);
    show_vec("auto 4", &lv4);
    struct message lm = {'C', .word = 0, .detail = (short)k, .level = 7, .ready = 1, 6, .text = "third"};
    show_msg("auto m", &lm);
    struct deep ld = {.c = k, .f = k + 1, k + 2};
    show_deep("auto d", &ld);
    struct deep lde = {.e = 5, .b = 6, 7, .d = 8, 9};
    show_deep("auto e", &lde);

    struct vec arr[3] = {{1, 2, 3, 4, 5}, [2] = {.x = 9}, [1].w = 6};
    for (int i = 0; i < 3; i++)
        show_vec("array", &arr[i]);

    struct vec *cl = &(struct vec){.tag = 4, .v = {1, 2, 3}};
    show_vec("literal", cl);
    show_deep("literal d", &(struct deep){1, {2, {.d = 3, 4}}});

    printf("offsets %u %u %u %u %u\n", (unsigned)offsetof(struct vec, x), (unsigned)offsetof(struct vec, z),
           (unsigned)offsetof(struct vec, w), (unsigned)offsetof(struct deep, e), (unsigned)offsetof(struct deep, g));
    printf("sizes %u %u %u\n", (unsigned)sizeof(struct vec), (unsigned)sizeof(struct deep),
           (unsigned)sizeof(struct message) - (unsigned)sizeof(const char *));

    struct plain z1 = {};
    int za[5] = {};
    char zs[8] = {};
    struct plain zarr[2] = {{}, {1}};
    struct vec zv = {};
    union { int i; char c[4]; } zu = {};
    printf("empty %d %d %g %d | %d %d | %d %d | %d %d %d | %d %d | %d\n", z1.a, z1.b, z1.c, (int)strlen(z1.name),
           za[0], za[4], zs[0], zs[7], zarr[0].a, zarr[1].a, zarr[1].b, zv.tag, zv.w, zu.i);
    printf("static empty %d %d %g %d %d\n", gz.a, gz.b, gz.c, garr[3], gvz.y);
    int *ip = (int[4]){};
    struct plain *pp = &(struct plain){};
    printf("literal empty %d %d %d %g %d\n", ip[0], ip[3], pp->a, pp->c, (int)sizeof((int[]){}));
    for (int i = 0; i < 3; i++) {
        struct plain *q = &(struct plain){};
        printf("fresh %d %d\n", q->a, q->b);
        q->a = i + 1;
        q->b = 2 * i;
    }
    struct plain filled = {1, 2, 3.5, "abc"};
    filled = (struct plain){};
    printf("reset %d %d %g [%s]\n", filled.a, filled.b, filled.c, filled.name);
    return 0;
}
