/* stdlib: strtol family against glibc (value, end, errno), malloc/calloc/realloc/free under a random
 * workload with content and overlap checks and exhaustion, qsort and bsearch, rand, div, abs. */
#include "ht.h"

void *scmp_malloc(size_t);
void *scmp_calloc(size_t, size_t);
void *scmp_realloc(void *, size_t);
void scmp_free(void *);
void scmp_qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *scmp_bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
int scmp_rand(void);
void scmp_srand(unsigned);
long scmp_atol(const char *);
long long scmp_atoll(const char *);
int scmp_abs(int);
long long scmp_llabs(long long);
char *scmp_getenv(const char *);
extern char *scmp_heap_limit_override;
extern char scmp___heap_start[];

static char buf[256];

static void cmp_strtol(const char *s, int base)
{
    char *ew, *eg;
    long w, g;
    unsigned long uw, ug;
    long long lw, lg;
    unsigned long long luw, lug;
    int errw, errg;
    errno = 0; w = strtol(s, &ew, base); errw = errno;
    scmp_errno = 0; g = scmp_strtol(s, &eg, base); errg = scmp_errno;
    ht_check(w == g && ew == eg && errw == errg, "strtol(\"%s\", %d): %ld/%d/%d vs %ld/%d/%d", s, base, w,
             (int)(ew - s), errw, g, (int)(eg - s), errg);
    errno = 0; uw = strtoul(s, &ew, base); errw = errno;
    scmp_errno = 0; ug = scmp_strtoul(s, &eg, base); errg = scmp_errno;
    ht_check(uw == ug && ew == eg && errw == errg, "strtoul(\"%s\", %d): %lu/%d/%d vs %lu/%d/%d", s, base, uw,
             (int)(ew - s), errw, ug, (int)(eg - s), errg);
    errno = 0; lw = strtoll(s, &ew, base); errw = errno;
    scmp_errno = 0; lg = scmp_strtoll(s, &eg, base); errg = scmp_errno;
    ht_check(lw == lg && ew == eg && errw == errg, "strtoll(\"%s\", %d): %lld vs %lld", s, base, lw, lg);
    errno = 0; luw = strtoull(s, &ew, base); errw = errno;
    scmp_errno = 0; lug = scmp_strtoull(s, &eg, base); errg = scmp_errno;
    ht_check(luw == lug && ew == eg && errw == errg, "strtoull(\"%s\", %d): %llu vs %llu", s, base, luw, lug);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

struct rec {
    int key;
    char pad[9];
};

static int cmp_rec(const void *a, const void *b)
{
    return cmp_int(&((const struct rec *)a)->key, &((const struct rec *)b)->key);
}

int main(void)
{
    static const char *strs[] = {
        "0", "123", "-123", "+42", "  \t 77abc", "0x1f", "0X1F", "0x", "0xg", "017", "08", "0b101", "zz", "ZZ",
        "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296", "-4294967295",
        "-4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "-18446744073709551615",
        "99999999999999999999999", "", "-", "+", " ", "-0", "1e5", "12 34", "0x7fffffff", "0xffffffffffffffff",
        "0x10000000000000000", "  -0x80000000", "077777777777"
    };
    static const int bases[] = { 0, 2, 8, 10, 16, 36, 7 };
    size_t i, j;
    long n, k;

    ht_seed();
    for (i = 0; i < sizeof strs / sizeof strs[0]; i++)
        for (j = 0; j < sizeof bases / sizeof bases[0]; j++)
            cmp_strtol(strs[i], bases[j]);
    n = ht_count(50000);
    for (k = 0; k < n; k++) {
        int base = (int)rnd(37), len = (int)rnd(25) + 1, t;
        char *p = buf;
        if (base == 1)
            base = 0;
        if (rnd(3) == 0)
            *p++ = rnd(2) ? '-' : '+';
        if (rnd(5) == 0) {
            *p++ = '0';
            *p++ = 'x';
        }
        for (t = 0; t < len; t++)
            *p++ = "0123456789abcdefghijklmnopqrstuvwxyzABCXYZ"[rnd(rnd(2) ? 10 : 42)];
        *p = '\0';
        cmp_strtol(buf, base);
    }
    ht_check(scmp_atoi("  -42x") == -42 && scmp_atol("99") == 99 && scmp_atoll("-9000000000") == -9000000000LL,
             "atoi/atol/atoll");
    ht_check(scmp_atof("2.5e3") == 2500.0, "atof");
    ht_check(scmp_abs(-5) == 5 && scmp_llabs(-5000000000LL) == 5000000000LL, "abs/llabs");
    ht_check(scmp_getenv("PATH") == NULL, "getenv");
    ht_done("strtol");

    /* rand: the C standard's example generator; srand(1) is the default */
    {
        static const int first[] = { 16838, 5758, 10113, 17515, 31051, 5627, 23010, 7419, 16212, 4086 };
        ht_pass = ht_fail = 0;
        for (i = 0; i < 10; i++)
            ht_check(scmp_rand() == first[i], "rand #%u", (unsigned)i);
        scmp_srand(1);
        ht_check(scmp_rand() == 16838, "srand(1)");
        scmp_srand(12345);
        for (i = 0; i < 1000; i++) {
            int r = scmp_rand();
            ht_check(r >= 0 && r <= 32767, "rand range");
        }
        ht_done("rand");
    }

    /* malloc: random workload */
    {
        enum { SLOTS = 1000 };
        static unsigned char *ptr[SLOTS];
        static size_t size[SLOTS];
        static unsigned char tag[SLOTS];
        long bad = 0;
        ht_pass = ht_fail = 0;
        n = ht_count(400000);
        for (k = 0; k < n; k++) {
            int s = (int)rnd(SLOTS);
            if (ptr[s] != NULL) {
                /* verify contents */
                size_t q;
                for (q = 0; q < size[s]; q++)
                    if (ptr[s][q] != tag[s]) {
                        bad++;
                        break;
                    }
                if (rnd(3) == 0) {
                    size_t ns = rnd(4) == 0 ? rnd(20000) : rnd(300);
                    unsigned char *np = scmp_realloc(ptr[s], ns);
                    if (ns == 0) {
                        ptr[s] = NULL;
                        continue;
                    }
                    ht_check(np != NULL, "realloc");
                    ptr[s] = np;
                    for (q = 0; q < (ns < size[s] ? ns : size[s]); q++)
                        if (np[q] != tag[s]) {
                            bad++;
                            break;
                        }
                    size[s] = ns;
                    memset(np, tag[s], ns);
                } else {
                    scmp_free(ptr[s]);
                    ptr[s] = NULL;
                }
            } else {
                size_t sz = rnd(10) == 0 ? rnd(50000) : rnd(200);
                unsigned char *p = rnd(5) == 0 ? scmp_calloc(1, sz) : scmp_malloc(sz);
                ht_check(p != NULL, "malloc(%u)", (unsigned)sz);
                if (p == NULL)
                    continue;
                ht_check(((unsigned)p & 7) == 0, "alignment");
                ht_check(p >= (unsigned char *)scmp___heap_start && p + sz <= (unsigned char *)scmp___heap_start + 16 * 1024 * 1024,
                         "inside the heap");
                ptr[s] = p;
                size[s] = sz;
                tag[s] = (unsigned char)rnd(256);
                memset(p, tag[s], sz);
            }
        }
        ht_check(bad == 0, "malloc: %ld blocks with corrupted contents", bad);
        for (i = 0; i < SLOTS; i++) {
            scmp_free(ptr[i]);
            ptr[i] = NULL;
        }
        /* after freeing everything, coalescing gives back one big block */
        {
            void *big = scmp_malloc(15 * 1024 * 1024);
            ht_check(big != NULL, "coalescing: 15 MiB after freeing all");
            scmp_free(big);
        }
        /* exhaustion: NULL and ENOMEM, then recovery */
        {
            void *blocks[64];
            int nb = 0;
            scmp_errno = 0;
            while (nb < 64 && (blocks[nb] = scmp_malloc(1024 * 1024)) != NULL)
                nb++;
            ht_check(nb > 10 && nb < 17 && scmp_errno == ENOMEM, "exhaustion after %d MiB", nb);
            ht_check(scmp_malloc(0xfffffff0u) == NULL, "huge malloc");
            ht_check(scmp_calloc(0x10000, 0x10000) == NULL, "calloc overflow");
            while (nb > 0)
                scmp_free(blocks[--nb]);
            ht_check(scmp_malloc(8 * 1024 * 1024) != NULL, "recovery");
        }
        /* realloc growth in place (the block at the top), growth with a neighbour in the way (a move),
         * and shrinking: the contents up to the smaller size survive every step */
        {
            unsigned char *a = scmp_malloc(1), *b = scmp_malloc(1), *c;
            size_t sa = 1, sb = 1, ns, q;
            long lost = 0;
            a[0] = 1;
            b[0] = 2;
            for (ns = 2; ns <= 2 * 1024 * 1024; ns = ns * 3 / 2 + 5) {
                c = scmp_realloc(a, ns);
                lost += c == NULL;
                if (c == NULL)
                    break;
                for (q = 0; q < sa; q++)
                    lost += c[q] != (unsigned char)(q * 7 + 1);
                for (q = 0; q < ns; q++)
                    c[q] = (unsigned char)(q * 7 + 1);
                a = c;
                sa = ns;
                c = scmp_realloc(b, ns / 3 + 1);
                lost += c == NULL;
                if (c == NULL)
                    break;
                for (q = 0; q < (sb < ns / 3 + 1 ? sb : ns / 3 + 1); q++)
                    lost += c[q] != (unsigned char)(q * 5 + 2);
                sb = ns / 3 + 1;
                for (q = 0; q < sb; q++)
                    c[q] = (unsigned char)(q * 5 + 2);
                b = c;
            }
            for (ns = sa; ns > 0; ns /= 3) {
                c = scmp_realloc(a, ns);
                lost += c != a;             /* shrinking never moves */
                for (q = 0; q < ns; q++)
                    lost += c[q] != (unsigned char)(q * 7 + 1);
            }
            ht_check(lost == 0, "realloc growth and shrinking: %ld problems", lost);
            scmp_free(a);
            scmp_free(b);
        }
        /* fragmentation: after freeing every other small block, blocks of the same sizes fill the holes
         * instead of claiming new space above them; freeing everything coalesces back to one free space */
        {
            enum { NF = 4000 };
            static unsigned char *f[NF];
            unsigned char *high = NULL, *p;
            int i2, above = 0;
            for (i2 = 0; i2 < NF; i2++) {
                f[i2] = scmp_malloc(16 + (size_t)(i2 % 5) * 8);
                if (f[i2] > high)
                    high = f[i2];
            }
            for (i2 = 1; i2 < NF; i2 += 2) {
                scmp_free(f[i2]);
                f[i2] = NULL;
            }
            for (i2 = 1; i2 < NF; i2 += 2) {
                p = scmp_malloc(16 + (size_t)(i2 % 5) * 8);
                above += p > high;
                f[i2] = p;
            }
            /* (first fit may give a request a larger hole than its own, leaving a later one none) */
            ht_check(above <= NF / 200, "fragmentation: %d blocks placed above the old top instead of in holes", above);
            for (i2 = 0; i2 < NF; i2++)
                scmp_free(f[i2]);
            p = scmp_malloc(8 * 1024 * 1024 - 64 * 1024);  /* 8 MiB of the 16 are still allocated above; the
                                                            * 4000 blocks took about 150 KiB */
            ht_check(p != NULL, "coalescing after fragmentation");
            scmp_free(p);
        }
        /* malloc(0) and realloc edge cases, as glibc */
        {
            void *z1 = scmp_malloc(0), *z2 = scmp_malloc(0), *r;
            ht_check(z1 != NULL && z2 != NULL && z1 != z2, "malloc(0) gives distinct non-NULL pointers");
            scmp_free(z1);
            scmp_free(z2);
            scmp_free(NULL);
            r = scmp_realloc(NULL, 24);
            ht_check(r != NULL, "realloc(NULL, n) allocates");
            ht_check(scmp_realloc(r, 0) == NULL, "realloc(p, 0) frees and returns NULL");
            scmp_errno = 0;
            r = scmp_malloc(100);
            ht_check(scmp_realloc(r, 0xfffffff0u) == NULL && scmp_errno == ENOMEM, "realloc too big: NULL, ENOMEM");
            ht_check(((unsigned char *)r)[0] == ((unsigned char *)r)[0], "the old block stays");
            scmp_free(r);
        }
        {
            unsigned char *z = scmp_calloc(100, 7);
            int allz = 1;
            for (i = 0; i < 700; i++)
                allz &= z[i] == 0;
            ht_check(allz, "calloc zeroes");
        }
        ht_done("malloc");
    }

    /* qsort and bsearch */
    {
        ht_pass = ht_fail = 0;
        for (k = 0; k < 300; k++) {
            size_t cnt = rnd(5) == 0 ? rnd(5000) : rnd(50);
            int *a = malloc(cnt * sizeof(int) + 1), *b = malloc(cnt * sizeof(int) + 1);
            struct rec *r = malloc(cnt * sizeof(struct rec) + 1);
            int mode = (int)rnd(4), ok = 1;
            for (i = 0; i < cnt; i++) {
                a[i] = mode == 0 ? (int)rnd64() : mode == 1 ? (int)rnd(5) : mode == 2 ? (int)i : (int)(cnt - i);
                r[i].key = a[i];
            }
            memcpy(b, a, cnt * sizeof(int));
            scmp_qsort(a, cnt, sizeof(int), cmp_int);
            qsort(b, cnt, sizeof(int), cmp_int);
            ht_check(memcmp(a, b, cnt * sizeof(int)) == 0, "qsort ints n=%u mode %d", (unsigned)cnt, mode);
            scmp_qsort(r, cnt, sizeof(struct rec), cmp_rec);
            for (i = 1; i < cnt; i++)
                ok &= r[i - 1].key <= r[i].key;
            ht_check(ok, "qsort 13-byte records");
            for (i = 0; i < cnt && i < 50; i++) {
                int key = a[rnd((unsigned)cnt)];
                int *f = scmp_bsearch(&key, a, cnt, sizeof(int), cmp_int);
                ht_check(f != NULL && *f == key, "bsearch hit");
            }
            {
                int key = 0x7fffffff;
                int *f = scmp_bsearch(&key, a, cnt, sizeof(int), cmp_int);
                ht_check(f == NULL || *f == key, "bsearch miss");
            }
            free(a);
            free(b);
            free(r);
        }
        ht_done("qsort");
    }
    return 0;
}
