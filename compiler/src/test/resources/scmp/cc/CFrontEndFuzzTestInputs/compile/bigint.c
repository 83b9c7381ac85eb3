int printf(const char *, ...); void *malloc(unsigned); void free(void *); int strcmp(const char *, const char *);
/* Arbitrary precision arithmetic on arrays of base-10^4 limbs: factorials up to 120!, Fibonacci numbers up to
 * F(500), powers of 2 and 3, digit sums, and long division of a big number by small divisors. */

#define MAXL 120
#define BASE 10000

typedef struct { int n; int d[MAXL]; } big;   /* little-endian limbs */

static void set(big *a, int v)
{
    a->n = 0;
    do {
        a->d[a->n++] = v % BASE;
        v /= BASE;
    } while (v);
}

static void mul_small(big *a, int m)
{
    int i, carry = 0;
    for (i = 0; i < a->n; i++) {
        int t = a->d[i] * m + carry;
        a->d[i] = t % BASE;
        carry = t / BASE;
    }
    while (carry) {
        a->d[a->n++] = carry % BASE;
        carry /= BASE;
    }
}

static big add(const big *a, const big *b)
{
    big r;
    int i, carry = 0, n = a->n > b->n ? a->n : b->n;
    for (i = 0; i < n; i++) {
        int t = (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0) + carry;
        r.d[i] = t % BASE;
        carry = t / BASE;
    }
    r.n = n;
    if (carry)
        r.d[r.n++] = carry;
    return r;
}

static big mul(const big *a, const big *b)
{
    big r;
    int i, j;
    long long acc[2 * MAXL];
    memset(acc, 0, sizeof acc);
    for (i = 0; i < a->n; i++)
        for (j = 0; j < b->n; j++)
            acc[i + j] += (long long)a->d[i] * b->d[j];
    r.n = a->n + b->n;
    for (i = 0; i < r.n; i++) {
        if (i + 1 < 2 * MAXL)
            acc[i + 1] += acc[i] / BASE;
        r.d[i] = (int)(acc[i] % BASE);
    }
    while (r.n > 1 && r.d[r.n - 1] == 0)
        r.n--;
    return r;
}

static int div_small(big *a, int m)
{
    int i, rem = 0;
    for (i = a->n - 1; i >= 0; i--) {
        int t = rem * BASE + a->d[i];
        a->d[i] = t / m;
        rem = t % m;
    }
    while (a->n > 1 && a->d[a->n - 1] == 0)
        a->n--;
    return rem;
}

static int to_string(const big *a, char *out)
{
    int i, len = sprintf(out, "%d", a->d[a->n - 1]);
    for (i = a->n - 2; i >= 0; i--)
        len += sprintf(out + len, "%04d", a->d[i]);
    return len;
}

static void print(const char *label, const big *a)
{
    static char s[MAXL * 4 + 8];
    int len = to_string(a, s), sum = 0, i;
    for (i = 0; i < len; i++)
        sum += s[i] - '0';
    printf("%s = %s\n  (%d digits, digit sum %d)\n", label, s, len, sum);
}

int main(void)
{
    big f, a, b, t;
    int i;
    char label[32];
    set(&f, 1);
    for (i = 1; i <= 120; i++) {
        mul_small(&f, i);
        if (i % 20 == 0 || i == 25) {
            sprintf(label, "%d!", i);
            print(label, &f);
        }
    }
    set(&a, 0);
    set(&b, 1);
    for (i = 1; i <= 500; i++) {
        t = add(&a, &b);
        a = b;
        b = t;
        if (i % 100 == 0) {
            sprintf(label, "F(%d)", i + 1);
            print(label, &b);
        }
    }
    set(&a, 2);
    set(&b, 1);
    for (i = 0; i < 10; i++)
        b = mul(&b, &a);                   /* 2^10 */
    t = b;
    for (i = 0; i < 3; i++)
        t = mul(&t, &t);                   /* 2^80 */
    print("2^80", &t);
    t = mul(&t, &t);
    t = mul(&t, &b);
    print("2^170", &t);
    set(&a, 3);
    set(&b, 1);
    for (i = 0; i < 200; i++)
        mul_small(&b, 3);
    print("3^200", &b);
    {
        static const int ds[] = { 7, 11, 13, 9999, 2, 3 };
        for (i = 0; i < 6; i++) {
            big c = b;
            int r = div_small(&c, ds[i]);
            printf("3^200 mod %d = %d\n", ds[i], r);
        }
    }
    set(&t, 1);
    for (i = 1; i <= 60; i++)
        mul_small(&t, i);
    for (i = 60; i >= 1; i--)
        if (div_small(&t, i) != 0)
            printf("60! not divisible by %d?\n", i);
    print("60!/60!", &t);
    return 0;
}
