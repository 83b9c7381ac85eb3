#include <time.h>
#include "../internal/sys.h"

/* The cycle counter of the 1 GHz clock: CLOCKS_PER_SEC is 10^9, so clock() is the cycle count. */
clock_t clock(void)
{
    return (clock_t)__scmp_cycles();
}

/* Seconds of simulated time since the simulation started. */
time_t time(time_t *t)
{
    unsigned long long c = __scmp_cycles();
    union {
        unsigned long long ull;
        struct {
            unsigned int lo;
            unsigned int hi;
        } w;
    } u;
    double secs;
    time_t r;

    u.ull = c;
    secs = ((double)u.w.hi * 4294967296.0 + (double)u.w.lo) / 1e9;
    r = (time_t)secs;
    if (t != NULL)
        *t = r;
    return r;
}

double difftime(time_t time1, time_t time0)
{
    return (double)time1 - (double)time0;
}
