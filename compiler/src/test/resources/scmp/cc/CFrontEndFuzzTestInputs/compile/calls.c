int printf(const char *, ...); void *malloc(unsigned); void free(void *); int strcmp(const char *, const char *);

struct P { int x, y; };
static int g = 7;
static int garr[4] = { 1, 2, 3, 4 };
static int f3(int a, int b, int c) { return a * 100 + b * 10 + c; }
static int f10(int a, int b, int c, int d, int e, int f, int h, int i, int j, int k) {
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * h + 8 * i + 9 * j + 10 * k;
}
static double fd(double a, int b, double c, float d, int e) { return a * b + c * d - e; }
static int fp(int *p, const char *s, struct P q, int (*fn)(int, int, int), char c) { return *p + (int)strlen(s) + q.x * q.y + fn(1, 2, 3) + c; }
static int side = 0;
static int bump(int k) { side = side * 10 + k; return k; }
static long long fl(long long a, int b, long long c) { return a * b + c; }
static unsigned char uc(unsigned char a, signed char b, short c) { return a + b + c; }
typedef int (*f3_t)(int, int, int);
static f3_t pick(int k) { return k ? f3 : 0; }

int main(void) {
    int a = 1, b = 2, c = 3;
    char ch = 'A';
    short sh = -300;
    double d = 2.5;
    float fl1 = 0.5f;
    struct P p = { 3, 4 };
    int local[3] = { 9, 8, 7 };
    printf("%d\n", f3(a, b, c));
    printf("%d\n", f3(c, a + b, bump(4)));
    printf("%d\n", f3(bump(1), bump(2), bump(3)));
    printf("%d\n", side);
    printf("%d\n", f10(a, b, c, 4, g, garr[2], bump(5), a * b, -1, 0x10000));
    printf("%d\n", f10(f3(1, 2, 3), a, f3(c, b, a), b, c, 1, 2, 3, f3(0, 0, 1), g));
    printf("%.17g\n", fd(d, a, 1.25, fl1, c));
    printf("%.17g\n", fd(fd(1, 2, 3, 4, 5), b, d * 2, fl1 * 3, (int)d));
    printf("%d\n", fp(&a, "hello", p, f3, ch));
    printf("%d\n", fp(local + 1, local == 0 ? "x" : "yy", (struct P){ 5, 6 }, pick(1), 'B'));
    printf("%d\n", pick(1)(a, b, garr[3]));
    f3_t fs[2] = { f3, f3 };
    printf("%d\n", fs[a](garr[0], g, c));
    printf("%lld\n", fl(1LL << 40, a, -5));
    printf("%lld\n", fl(a, 3, 1LL << 33));
    printf("%d %d\n", uc(200, -1, 100), uc(ch, ch, sh));
    printf("%d %s %c %g %ld %u %x\n", a, "str", ch, d, 123456789L, 4000000000u, g);
    printf("%s|%5s|%-5s|\n", local[0] > 5 ? "big" : "small", "", "ab");
    int r = 0;
    for (int i = 0; i < 10; i++) r += f3(i, r & 7, i * i);
    printf("%d\n", r);
    char buf[64];
    snprintf(buf, sizeof buf, "%d-%d-%d", a, b, c);
    puts(buf);
    memset(buf, 'z', 3);
    buf[3] = 0;
    puts(buf);
    return 0;
}
