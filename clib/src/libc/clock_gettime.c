/* clock_gettime, clock_getres, timespec_get, gettimeofday: simulated time since the start of the run, in
 * nanoseconds at the machine model's clock (hcall time; docs/libc.md "Time"). CLOCK_REALTIME's epoch is the
 * start of the run, so every run reads the same times. */
#include <time.h>
#include <sys/time.h>
#include <errno.h>
#include "../internal/sys.h"

static void to_timespec(unsigned long long ns, struct timespec *ts)
{
    ts->tv_sec = (time_t)(ns / 1000000000ULL);
    ts->tv_nsec = (long)(ns % 1000000000ULL);
}

int clock_gettime(clockid_t clk, struct timespec *ts)
{
    if (clk < CLOCK_REALTIME || clk > CLOCK_THREAD_CPUTIME_ID) {
        errno = EINVAL;
        return -1;
    }
    to_timespec(__hcall_time(), ts);
    return 0;
}

/* The clocks tick in nanoseconds (a cycle at 1 GHz; the conversion of a slower clock rounds down to them). */
int clock_getres(clockid_t clk, struct timespec *res)
{
    if (clk < CLOCK_REALTIME || clk > CLOCK_THREAD_CPUTIME_ID) {
        errno = EINVAL;
        return -1;
    }
    if (res != NULL) {
        res->tv_sec = 0;
        res->tv_nsec = 1;
    }
    return 0;
}

int timespec_get(struct timespec *ts, int base)
{
    if (base != TIME_UTC)
        return 0;
    to_timespec(__hcall_time(), ts);
    return base;
}

int gettimeofday(struct timeval *tv, void *tz)
{
    unsigned long long ns = __hcall_time();
    if (tv != NULL) {
        tv->tv_sec = (time_t)(ns / 1000000000ULL);
        tv->tv_usec = (suseconds_t)(ns % 1000000000ULL / 1000U);
    }
    if (tz != NULL) {
        struct timezone *z = (struct timezone *)tz;
        z->tz_minuteswest = 0;
        z->tz_dsttime = 0;
    }
    return 0;
}
