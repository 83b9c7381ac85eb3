/* stdlib.h - SCMP C library. */
#ifndef _STDLIB_H
#define _STDLIB_H

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif
#ifndef __SCMP_WCHAR_T
#define __SCMP_WCHAR_T
/* wchar_t is long, as in gcc's i386 ABI (signed, 32 bits): L'x' and L"..." elements have this type. */
typedef long wchar_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
/* rand() is the C standard's example generator, not glibc's: RAND_MAX is 32767. */
#define RAND_MAX 32767
#define MB_CUR_MAX 1

typedef struct {
    int quot;
    int rem;
} div_t;
typedef struct {
    long quot;
    long rem;
} ldiv_t;
typedef struct {
    long long quot;
    long long rem;
} lldiv_t;

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);

int atoi(const char *nptr);
long atol(const char *nptr);
long long atoll(const char *nptr);
double atof(const char *nptr);
long strtol(const char *nptr, char **endptr, int base);
unsigned long strtoul(const char *nptr, char **endptr, int base);
long long strtoll(const char *nptr, char **endptr, int base);
unsigned long long strtoull(const char *nptr, char **endptr, int base);
double strtod(const char *nptr, char **endptr);
float strtof(const char *nptr, char **endptr);
long double strtold(const char *nptr, char **endptr);

int abs(int j);
long labs(long j);
long long llabs(long long j);
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);

void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));

/* Multibyte characters of the "C" locale: ASCII, one byte each; a byte above 127 is an encoding error
 * (EILSEQ), as in glibc's "C" locale. */
int mblen(const char *s, size_t n);
int mbtowc(wchar_t *pwc, const char *s, size_t n);
int wctomb(char *s, wchar_t wc);
size_t mbstowcs(wchar_t *dest, const char *src, size_t n);
size_t wcstombs(char *dest, const wchar_t *src, size_t n);

int rand(void);
void srand(unsigned int seed);

void exit(int status);
void _Exit(int status);
void _exit_all(int status);   /* SCMP: ends the whole run, every node (also with scmpsim -n) */
void abort(void);
int atexit(void (*function)(void));
char *getenv(const char *name);
int system(const char *command);

#endif
