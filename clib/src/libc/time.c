#include <time.h>
#include "../internal/sys.h"

/* Nanoseconds of simulated time at the machine model's clock (hcall time; docs/libc.md "Time"): CLOCKS_PER_SEC
 * is 10^9, so on SCMP's 1 GHz clock clock() is the cycle count, and on the T3D (150 MHz) and the SP (332 MHz)
 * a second of their time is still 10^9. */
clock_t clock(void)
{
    return (clock_t)__hcall_time();
}

/* Seconds of simulated time since the simulation started, at the machine model's clock. */
time_t time(time_t *t)
{
    unsigned long long c = __hcall_time();
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
