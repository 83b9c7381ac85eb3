/* Time and sleep: clock_gettime (REALTIME, MONOTONIC), clock_getres, gettimeofday and <sys/time.h>'s macros,
 * time, difftime, nanosleep, usleep and sleep. On SCMP time is simulated (docs/libc.md "Time"), on the host
 * it is real, so the program prints only what holds on both: results, errno, ranges, order, and that each sleep
 * lasts at least what it asked and less than 0.4 s more. */
#include <stdio.h>
#include <errno.h>
#include <time.h>
#include <sys/time.h>
#include <unistd.h>

static long long ns_of(const struct timespec *t)
{
    return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

static long long mono(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return ns_of(&t);
}

static void check(const char *what, long long elapsed, long long asked)
{
    printf("%s: at least %lld ns %d, less than 0.4 s more %d\n", what, asked, elapsed >= asked,
           elapsed - asked < 400000000LL);
}

int main(void)
{
    struct timespec a, b, res, req, rem;
    struct timeval tv, tv2, d;
    long long t0, t1, prev;
    int r, i, monotone;
    time_t now;

    r = clock_gettime(CLOCK_REALTIME, &a);
    printf("REALTIME: %d, nsec in range %d\n", r, a.tv_nsec >= 0 && a.tv_nsec < 1000000000L);
    r = clock_gettime(CLOCK_MONOTONIC, &b);
    printf("MONOTONIC: %d, nsec in range %d\n", r, b.tv_nsec >= 0 && b.tv_nsec < 1000000000L);
    errno = 0;
    r = clock_gettime((clockid_t)12345, &a);
    printf("an unknown clock: %d, EINVAL %d\n", r, errno == EINVAL);
    r = clock_getres(CLOCK_MONOTONIC, &res);
    printf("resolution: %d, positive and under 1 ms %d\n", r,
           res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec < 1000000L);

    monotone = 1;
    prev = mono();
    for (i = 0; i < 1000; i++) {
        long long t = mono();
        if (t < prev)
            monotone = 0;
        prev = t;
    }
    printf("MONOTONIC never goes back over 1000 readings: %d\n", monotone);

    t0 = mono();
    req.tv_sec = 0;
    req.tv_nsec = 2500000;
    rem.tv_sec = 7;
    rem.tv_nsec = 7;
    r = nanosleep(&req, &rem);
    t1 = mono();
    printf("nanosleep: %d, remaining time untouched %d\n", r, rem.tv_sec == 7 && rem.tv_nsec == 7);
    check("nanosleep 2.5 ms", t1 - t0, 2500000LL);

    req.tv_sec = 0;
    req.tv_nsec = 1000000000L;
    errno = 0;
    r = nanosleep(&req, NULL);
    printf("nanosleep with tv_nsec 10^9: %d, EINVAL %d\n", r, errno == EINVAL);
    req.tv_sec = -1;
    req.tv_nsec = 0;
    errno = 0;
    r = nanosleep(&req, NULL);
    printf("nanosleep with a negative time: %d, EINVAL %d\n", r, errno == EINVAL);

    t0 = mono();
    r = usleep(1500);
    t1 = mono();
    printf("usleep: %d\n", r);
    check("usleep 1500 us", t1 - t0, 1500000LL);

    t0 = mono();
    r = (int)sleep(1);
    t1 = mono();
    printf("sleep: %d\n", r);
    check("sleep 1 s", t1 - t0, 1000000000LL);

    r = gettimeofday(&tv, NULL);
    clock_gettime(CLOCK_REALTIME, &a);
    printf("gettimeofday: %d, usec in range %d, within a second of REALTIME %d\n", r,
           tv.tv_usec >= 0 && tv.tv_usec < 1000000L, a.tv_sec - tv.tv_sec >= 0 && a.tv_sec - tv.tv_sec <= 1);
    /* a host's time() may read a coarser clock than gettimeofday, a tick behind it at a second's turn */
    now = time(NULL);
    {
        time_t stored = 0;
        time_t returned = time(&stored);
        printf("time: within a second of gettimeofday %d, time(&t) stores what it returns %d\n",
               now - tv.tv_sec >= -1 && now - tv.tv_sec <= 1, returned == stored);
    }
    usleep(3000);
    gettimeofday(&tv2, NULL);
    timersub(&tv2, &tv, &d);
    printf("timersub: at least 3000 us %d, usec in range %d, timercmp %d %d\n",
           d.tv_sec > 0 || d.tv_usec >= 3000, d.tv_usec >= 0 && d.tv_usec < 1000000L, timercmp(&tv2, &tv, >),
           timercmp(&tv, &tv2, >));
    timeradd(&tv, &d, &d);
    printf("timeradd gives back the later time: %d\n", d.tv_sec == tv2.tv_sec && d.tv_usec == tv2.tv_usec);
    timerclear(&d);
    printf("timerisset after timerclear: %d\n", timerisset(&d));
    printf("difftime(100, 40): %.1f\n", difftime((time_t)100, (time_t)40));
    return 0;
}
