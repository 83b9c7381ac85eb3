#include <stdio.h>
#include <string.h>

struct small { char c; };
struct two { short a, b; };
struct three { char a, b, c; };
struct pt { int x, y; };
struct rect { struct pt tl, br; char name[7]; };
struct big { int a[20]; double d; char tail[3]; };
struct mixed { char c; double d; short s; long long ll; float f; };
union u { int i; float f; unsigned char b[4]; short s[2]; };
struct withu { int tag; union u val; struct pt p[2]; };

struct small mk_small(char c) { struct small s; s.c = c; return s; }
struct two mk_two(short a, short b) { struct two t = { a, b }; return t; }
struct three mk_three(int k) { struct three t = { k, k + 1, k + 2 }; return t; }
struct pt add(struct pt a, struct pt b) { a.x += b.x; a.y += b.y; return a; }
struct rect grow(struct rect r, int d) { r.tl.x -= d; r.tl.y -= d; r.br.x += d; r.br.y += d; r.name[0] = 'G'; return r; }
struct big fill(int k) { struct big b; for (int i = 0; i < 20; i++) b.a[i] = k * i; b.d = k / 4.0; strcpy(b.tail, "xy"); return b; }
int sum_big(struct big b) { int s = 0; for (int i = 0; i < 20; i++) s += b.a[i]; b.a[0] = 9999; return s + (int)(b.d * 4); }
struct mixed mk_mixed(char c, double d, short s, long long ll, float f) { struct mixed m = { c, d, s, ll, f }; return m; }
void pr_mixed(struct mixed m) { printf("%c %g %d %lld %g\n", m.c, m.d, m.s, m.ll, m.f); }
struct withu mkw(int tag, float f) { struct withu w; w.tag = tag; w.val.f = f; w.p[0].x = 1; w.p[0].y = 2; w.p[1] = w.p[0]; w.p[1].y = 3; return w; }
int area(const struct rect *r) { return (r->br.x - r->tl.x) * (r->br.y - r->tl.y); }
struct pt many(struct pt a, struct pt b, struct pt c, struct pt d, struct pt e, struct pt f, struct pt g, struct pt h, struct pt i, struct pt j) {
    struct pt r = { a.x + b.x + c.x + d.x + e.x + f.x + g.x + h.x + i.x + j.x, a.y * b.y - c.y + d.y - e.y + f.y - g.y + h.y - i.y + j.y };
    return r;
}
struct pt (*fp_add)(struct pt, struct pt) = add;

struct node { int v; struct node *next; };
struct list { struct node nodes[5]; int n; };
struct list mklist(void) {
    struct list l;
    l.n = 5;
    for (int i = 0; i < 5; i++) { l.nodes[i].v = i * i; l.nodes[i].next = i < 4 ? &l.nodes[i + 1] : 0; }
    return l;
}

int main(void) {
    struct small s = mk_small('q');
    struct two t = mk_two(-3, 40000);
    struct three th = mk_three(65);
    printf("%c %d %d %c%c%c\n", s.c, t.a, t.b, th.a, th.b, th.c);
    struct pt a = { 1, 2 }, b = { 10, 20 };
    struct pt c = add(a, b);
    printf("%d %d %d %d\n", c.x, c.y, a.x, a.y);
    c = fp_add(c, c);
    printf("%d %d\n", c.x, c.y);
    struct rect r = { { 0, 0 }, { 4, 5 }, "box" };
    struct rect r2 = grow(r, 2);
    printf("%d %d %s %s\n", area(&r), area(&r2), r.name, r2.name);
    struct big bg = fill(3);
    printf("%d %d\n", sum_big(bg), bg.a[0]);
    struct big bg2;
    bg2 = bg;
    bg2.a[19] = -1;
    printf("%d %d %s\n", bg.a[19], bg2.a[19], bg2.tail);
    pr_mixed(mk_mixed('z', 2.5, -7, -123456789012LL, 0.25f));
    struct withu w = mkw(4, 1.0f);
    printf("%d %08x %d %d %d\n", w.tag, w.val.i, w.p[1].x, w.p[1].y, w.val.b[3]);
    struct pt ps[10];
    for (int i = 0; i < 10; i++) { ps[i].x = i; ps[i].y = i + 1; }
    struct pt m = many(ps[0], ps[1], ps[2], ps[3], ps[4], ps[5], ps[6], ps[7], ps[8], ps[9]);
    printf("%d %d\n", m.x, m.y);
    struct list l = mklist();
    int sum = 0;
    for (int i = 0; i < l.n; i++) sum += l.nodes[i].v;
    printf("%d\n", sum);
    struct rect arr[3] = { r, r2, { { 1, 1 }, { 2, 2 }, "unit" } };
    for (int i = 0; i < 3; i++) printf("%s:%d ", arr[i].name, area(&arr[i]));
    printf("\n");
    arr[0] = arr[2];
    printf("%s\n", arr[0].name);
    struct pt *pp = &arr[1].br;
    pp->x = 100;
    printf("%d\n", arr[1].br.x);
    union u uu;
    uu.i = 0x01020304;
    printf("%d %d %d %d %d %d\n", uu.b[0], uu.b[1], uu.b[2], uu.b[3], uu.s[0], uu.s[1]);
    uu.f = -2.0f;
    printf("%08x\n", uu.i);
    union u uv = uu;
    printf("%g\n", uv.f);
    struct { int a; char b; } anon = { 5, 'x' };
    printf("%d %c\n", anon.a, anon.b);
    struct two tt[4] = { {1, 2}, {3, 4} };
    printf("%d %d %d\n", tt[1].b, tt[2].a, tt[3].b);
    struct three t3 = th, t4;
    t4 = t3;
    t3.a = 'X';
    printf("%c %c\n", t3.a, t4.a);
    printf("%d %d %d %d\n", (int)sizeof(struct small), (int)sizeof(struct two), (int)sizeof(struct three), (int)sizeof(struct rect));
    printf("%d %d\n", (int)sizeof(union u), (int)sizeof(struct withu));
    struct pt z = {0};
    printf("%d\n", z.x + z.y);
    /* conditional with structs */
    struct pt sel = a.x > 0 ? b : c;
    printf("%d\n", sel.y);
    /* struct assign chains */
    struct pt p1, p2, p3;
    p1 = p2 = p3 = b;
    printf("%d %d %d\n", p1.x, p2.y, p3.x);
    /* comma with structs */
    struct pt q = (a.x++, b);
    printf("%d %d\n", q.x, a.x);
    /* member of returned struct */
    printf("%d %d\n", add(a, b).y, mk_three(1).c);
    printf("%c\n", grow(r, 1).name[1]);
    return 0;
}
