/* A sleeping thread gives its core away (docs/libc.md "Time"): main starts a worker thread on its own node and
 * sleeps 50 us (50,000 cycles at 1 GHz); the worker counts and suspends until main wakes and stops it. The
 * worker ran while main slept (a round is about 21 cycles), and main slept for the time it asked and little more. */
#include <stdio.h>
#include <unistd.h>
#include <time.h>
#include <scmp.h>

static volatile int stop, rounds, done;

static void worker(void)
{
    while (!stop) {
        rounds++;
        suspendThread();
    }
    done = 1;
}

int main(void)
{
    unsigned long long t0, t1;
    createThread(getNodeId(), (void (*)())worker, NULL);
    while (rounds == 0)
        suspendThread();
    t0 = scmp_cycles();
    usleep(50);
    t1 = scmp_cycles();
    stop = 1;
    while (!done)
        suspendThread();
    /* (the call, usleep's arithmetic and the switches take a few hundred cycles more) */
    printf("main slept at least 50000 cycles %d, less than 51000 %d\n", t1 - t0 >= 50000, t1 - t0 < 51000);
    printf("the worker ran meanwhile, more than 2000 rounds %d\n", rounds > 2000);
    return 0;
}
