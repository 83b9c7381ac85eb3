#include <stdlib.h>

/* The example generator of the C standard (C99 7.20.2.2), so RAND_MAX is 32767. glibc's rand() is a
 * different generator: the sequences differ from glibc's for every seed. */
static unsigned long next = 1;

int rand(void)
{
    next = next * 1103515245UL + 12345UL;
    return (int)((unsigned int)(next / 65536UL) % 32768U);
}

void srand(unsigned int seed)
{
    next = seed;
}
