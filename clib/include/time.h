/* time.h - SCMP C library. Time is simulated time: the cycle counter of the 1 GHz clock (clock, time), or the
 * simulated nanoseconds at the machine model's clock (clock_gettime, nanosleep); docs/libc.md "Time". */
#ifndef _TIME_H
#define _TIME_H

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif

/* clock() counts cycles: 64 bits, so it does not wrap after 2 s as a 32-bit count would. */
typedef long long clock_t;
/* time() counts seconds of simulated time since the start of the simulation, which is the epoch
 * (1970-01-01 00:00:00 UTC) of CLOCK_REALTIME: every run starts at the same instant. */
#ifndef __SCMP_TIME_T
#define __SCMP_TIME_T
typedef long time_t;
#endif
typedef int clockid_t;

#define CLOCKS_PER_SEC 1000000000LL

#ifndef __SCMP_TIMESPEC
#define __SCMP_TIMESPEC
struct timespec {
    time_t tv_sec;
    long tv_nsec;
};
#endif

/* Both clocks read simulated time since the start of the run; REALTIME's epoch is that start. The CPU-time
 * clocks are the same (a thread of a node owns no time of its own the simulator keeps apart). */
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define TIME_UTC 1

clock_t clock(void);
time_t time(time_t *t);
double difftime(time_t time1, time_t time0);
int clock_gettime(clockid_t clk, struct timespec *ts);
int clock_getres(clockid_t clk, struct timespec *res);
int nanosleep(const struct timespec *req, struct timespec *rem);
int timespec_get(struct timespec *ts, int base);

#endif
