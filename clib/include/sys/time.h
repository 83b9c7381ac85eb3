/* sys/time.h - SCMP C library: gettimeofday in simulated time (docs/libc.md "Time"). */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#ifndef __SCMP_TIME_T
#define __SCMP_TIME_T
typedef long time_t;
#endif
typedef long suseconds_t;

struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};

/* Accepted and filled with zeros (minutes west of Greenwich, no daylight saving time): UTC. */
struct timezone {
    int tz_minuteswest;
    int tz_dsttime;
};

/* The simulated time of CLOCK_REALTIME in microseconds; tz, when not null, is set to UTC. Returns 0. */
int gettimeofday(struct timeval *tv, void *tz);

#define timerisset(tv) ((tv)->tv_sec || (tv)->tv_usec)
#define timerclear(tv) ((tv)->tv_sec = (tv)->tv_usec = 0)
#define timercmp(a, b, CMP) \
    (((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) : ((a)->tv_sec CMP (b)->tv_sec))
#define timeradd(a, b, r) \
    do { \
        (r)->tv_sec = (a)->tv_sec + (b)->tv_sec; \
        (r)->tv_usec = (a)->tv_usec + (b)->tv_usec; \
        if ((r)->tv_usec >= 1000000) { \
            (r)->tv_sec++; \
            (r)->tv_usec -= 1000000; \
        } \
    } while (0)
#define timersub(a, b, r) \
    do { \
        (r)->tv_sec = (a)->tv_sec - (b)->tv_sec; \
        (r)->tv_usec = (a)->tv_usec - (b)->tv_usec; \
        if ((r)->tv_usec < 0) { \
            (r)->tv_sec--; \
            (r)->tv_usec += 1000000; \
        } \
    } while (0)

#endif
