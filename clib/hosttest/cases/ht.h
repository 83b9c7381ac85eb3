/* Host tests of clib: shared declarations. clib's functions carry the prefix scmp_ (see ../build.sh);
 * the unprefixed names are the host's glibc, the reference. */
#ifndef HT_H
#define HT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <stdint.h>
#include <math.h>
#include <errno.h>

/* clib (types are the same on i386: size_t is unsigned int, long is 32 bits) */
int scmp_snprintf(char *str, size_t size, const char *format, ...);
int scmp_sprintf(char *str, const char *format, ...);
int scmp_vsnprintf(char *str, size_t size, const char *format, va_list ap);
int scmp_printf(const char *format, ...);
int scmp_fprintf(void *stream, const char *format, ...);
int scmp_sscanf(const char *str, const char *format, ...);
double scmp_strtod(const char *nptr, char **endptr);
float scmp_strtof(const char *nptr, char **endptr);
long scmp_strtol(const char *nptr, char **endptr, int base);
unsigned long scmp_strtoul(const char *nptr, char **endptr, int base);
long long scmp_strtoll(const char *nptr, char **endptr, int base);
unsigned long long scmp_strtoull(const char *nptr, char **endptr, int base);
int scmp_atoi(const char *nptr);
double scmp_atof(const char *nptr);
extern int scmp_errno;

/* deterministic random numbers (xorshift64*) */
static uint64_t ht_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd64(void)
{
    ht_state ^= ht_state >> 12;
    ht_state ^= ht_state << 25;
    ht_state ^= ht_state >> 27;
    return ht_state * 2685821657736338717ULL;
}
static unsigned rnd(unsigned n) { return (unsigned)(rnd64() % n); }
static double rnd_bits_double(void)
{
    union { uint64_t u; double d; } v;
    v.u = rnd64();
    return v.d;
}
static uint64_t dbits(double d)
{
    union { uint64_t u; double d; } v;
    v.d = d;
    return v.u;
}
static double bitsd(uint64_t u)
{
    union { uint64_t u; double d; } v;
    v.u = u;
    return v.d;
}

/* pass/fail counting; the first failures of each test are shown */
static long ht_pass, ht_fail;
static int ht_shown;
#define HT_SHOW_MAX 15
static void ht_check(int ok, const char *fmt, ...)
{
    if (ok) {
        ht_pass++;
        return;
    }
    ht_fail++;
    if (ht_shown < HT_SHOW_MAX) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "  FAIL: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
        va_end(ap);
        ht_shown++;
    }
}
static void ht_seed(void)
{
    const char *s = getenv("HT_SEED");
    if (s != NULL)
        ht_state = strtoull(s, NULL, 0) | 1;
}
static long ht_count(long dflt)
{
    const char *s = getenv("HT_SCALE");
    double k = s != NULL ? atof(s) : 1.0;
    long n = (long)(dflt * k);
    return n < 1 ? 1 : n;
}
/* the closing line that run.sh adds up */
static int ht_done(const char *name)
{
    printf("%s: %ld passed, %ld failed\n", name, ht_pass, ht_fail);
    return ht_fail != 0;
}

#endif
