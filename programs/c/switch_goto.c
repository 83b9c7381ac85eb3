#include <stdio.h>

static int classify(int c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
    case '0' ... '9': return 2;
    case ' ': case '\t': case '\n': return 3;
    default:
        if (c >= 'a' && c <= 'z') return 4;
        return 0;
    }
}

static const char *sparse(long x) {
    switch (x) {
    case -1000000: return "neg million";
    case -1: return "minus one";
    case 0: return "zero";
    case 7: return "seven";
    case 1 << 20: return "2^20";
    case 0x7fffffff: return "max";
    case -2147483647 - 1: return "min";
    }
    return "other";
}

static int dense(unsigned x) {
    int r = 0;
    switch (x) {
    case 0: r += 1;
    case 1: r += 2;
    case 2: r += 4; break;
    case 3: r += 8;
    case 4: r += 16;
    case 5: r += 32; break;
    case 6: return 100;
    case 7: case 8: case 9: r = -1; break;
    case 10: { int k = 5; r = k * k; } break;
    case 11: r = 11;
    default: r += 1000;
    case 12: r += 12;
    }
    return r;
}

static int ll_switch(long long v) {
    switch (v) {
    case 1LL << 40: return 40;
    case -(1LL << 33): return -33;
    case 5: return 5;
    default: return 0;
    }
}

static int char_switch(signed char c) {
    switch (c) {
    case -128: return 1;
    case -1: return 2;
    case 127: return 3;
    default: return 0;
    }
}

static int uchar_switch(unsigned char c) {
    switch (c) {
    case 255: return 1;
    case 128: return 2;
    default: return 0;
    }
}

static int duff(char *to, const char *from, int count) {
    int n = (count + 7) / 8;
    if (count == 0) return 0;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7: *to++ = *from++;
    case 6: *to++ = *from++;
    case 5: *to++ = *from++;
    case 4: *to++ = *from++;
    case 3: *to++ = *from++;
    case 2: *to++ = *from++;
    case 1: *to++ = *from++;
            } while (--n > 0);
    }
    return count;
}

static int gcd_goto(int a, int b) {
top:
    if (b == 0) goto done;
    {
        int t = a % b;
        a = b;
        b = t;
    }
    goto top;
done:
    return a;
}

static int state_machine(const char *s) {
    int count = 0;
    const char *p = s;
start:
    if (!*p) goto end;
    if (*p == '"') { p++; goto in_string; }
    if (*p == '/' && p[1] == '*') { p += 2; goto in_comment; }
    p++;
    goto start;
in_string:
    if (!*p) goto end;
    if (*p == '\\') { p += 2; goto in_string; }
    if (*p == '"') { p++; count++; goto start; }
    p++;
    goto in_string;
in_comment:
    if (!*p) goto end;
    if (*p == '*' && p[1] == '/') { p += 2; count += 100; goto start; }
    p++;
    goto in_comment;
end:
    return count;
}

static int nested_loops(int n) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            if (j > i) break;
            if ((i + j) % 3 == 0) continue;
            int k = 0;
            while (1) {
                if (++k > j) break;
                if (k % 2) continue;
                count += k;
            }
            do {
                count++;
                if (count % 7 == 0) break;
            } while (count % 5);
        }
    }
    return count;
}

static int sc_count;
static int side(int v) { sc_count++; return v; }

int main(void) {
    const char *text = "hello world 42\tfoo\n";
    int counts[5] = { 0 };
    for (const char *p = text; *p; p++) counts[classify(*p)]++;
    printf("%d %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3], counts[4]);
    long xs[] = { -1000000, -1, 0, 7, 1 << 20, 0x7fffffff, -2147483647 - 1, 8, -7 };
    for (int i = 0; i < 9; i++) printf("%s, ", sparse(xs[i]));
    printf("\n");
    for (unsigned i = 0; i < 15; i++) printf("%d ", dense(i));
    printf("%d\n", dense(0xffffffffu));
    printf("%d %d %d %d\n", ll_switch(1LL << 40), ll_switch(-(1LL << 33)), ll_switch(5), ll_switch(1LL << 32 | 5));
    printf("%d %d %d %d\n", char_switch(-128), char_switch(-1), char_switch(127), char_switch(0));
    printf("%d %d %d\n", uchar_switch(255), uchar_switch(128), uchar_switch(0));
    char buf[64] = { 0 };
    for (int n = 0; n < 20; n++) {
        duff(buf, "abcdefghijklmnopqrstuvwxyz", n);
        buf[n] = 0;
        printf("%s|", buf);
    }
    printf("\n%d %d\n", gcd_goto(1071, 462), gcd_goto(17, 5));
    printf("%d\n", state_machine("x = \"a\\\"b\" /* c */ \"d\" /* e"));
    printf("%d\n", nested_loops(12));
    sc_count = 0;
    int r = side(0) && side(1);
    r += side(1) || side(0);
    r += side(0) || side(0) || side(1);
    r += (side(1) && side(1)) && side(0);
    r += !side(0) && (side(2) > 1 || side(3));
    printf("%d %d\n", r, sc_count);
    int i = 0, j = 10;
    while (i < j) { i += 2; j--; }
    printf("%d %d\n", i, j);
    for (i = 0, j = 0; i < 10; i++, j += i) ;
    printf("%d %d\n", i, j);
    int k = 0;
    do k += 3; while (k < 10);
    printf("%d\n", k);
    for (;;) { if (++k > 20) break; }
    printf("%d\n", k);
    int x = 5;
    int y = x > 3 ? x < 10 ? 1 : 2 : 3;
    printf("%d\n", y);
    int z = (x++, x++, x);
    printf("%d %d\n", z, x);
    int a = 1, b = 2, c = 3;
    a += b -= c *= 2;
    printf("%d %d %d\n", a, b, c);
    a = b = c = 7;
    printf("%d %d %d\n", a, b, c);
    unsigned u = 10;
    while (u--) if (u == 5) break;
    printf("%u\n", u);
    int m = 0;
    for (int q = 0; q < 5; q++) {
        switch (q) {
        case 1: continue;
        case 3: m += 100; break;
        default: m += q;
        }
        m *= 2;
    }
    printf("%d\n", m);
    if (x) if (y == 2) printf("inner\n"); else printf("dangling else binds inner\n");
    goto skip;
    printf("not printed\n");
skip:;
    int lbl = 0;
again:
    if (lbl++ < 3) goto again;
    printf("%d\n", lbl);
    return 0;
}
