/* memory_h.c - <memory.h>, the old System V header of the memory functions that glibc and the BSDs keep and
 * programs still include (MPICH's tests do): it must declare what <string.h> declares. memcpy, memmove in
 * both directions, memset, memcmp, memchr and a string function through it alone. */
#include <memory.h>
#include <stdio.h>

static void show(const char *what, const unsigned char *p, int n)
{
    int i;
    printf("%-22s", what);
    for (i = 0; i < n; i++)
        printf(" %02x", p[i]);
    printf("\n");
}

int main(void)
{
    unsigned char a[16], b[16];
    const char *s = "memory.h is string.h";
    int i;
    for (i = 0; i < 16; i++)
        a[i] = (unsigned char)(i * 17 + 3);
    memcpy(b, a, sizeof b);
    show("memcpy", b, 16);
    memmove(b + 3, b, 10);
    show("memmove up", b, 16);
    memmove(b, b + 5, 11);
    show("memmove down", b, 16);
    memset(b + 4, 0xa5, 6);
    show("memset", b, 16);
    printf("memcmp equal %d, less %d, greater %d\n", memcmp(a, a, 16), memcmp(a, b, 16) < 0,
           memcmp(b, a, 16) > 0);
    printf("memchr finds 0x%02x at %d\n", a[9], (int)((unsigned char *)memchr(a, a[9], 16) - a));
    printf("memchr misses: %s\n", memchr(a, 0xff, 16) ? "found" : "null");
    printf("strlen %d, strchr at %d\n", (int)strlen(s), (int)(strchr(s, 'h') - s));
    return 0;
}
