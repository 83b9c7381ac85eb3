/* time.h - SCMP C library. Time is simulated time: the cycle counter of the 1 GHz clock. */
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
/* time() counts seconds of simulated time since the start of the simulation. */
typedef long time_t;

#define CLOCKS_PER_SEC 1000000000LL

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};

clock_t clock(void);
time_t time(time_t *t);
double difftime(time_t time1, time_t time0);

#endif
