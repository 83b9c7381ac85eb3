/* nanosleep, usleep, sleep in simulated time: hcall sleep, then suspend, keeps the calling thread out of its
 * node's ready queue for the time asked, so the node's other threads run meanwhile (docs/libc.md "Time",
 * docs/timing.md "Sleeping"). Nothing interrupts a sleep, so nanosleep never writes the remaining time (Linux
 * writes it only when a signal cuts the sleep short). */
#include <time.h>
#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

int nanosleep(const struct timespec *req, struct timespec *rem)
{
    if (req == NULL || req->tv_sec < 0 || req->tv_nsec < 0 || req->tv_nsec > 999999999L) {
        errno = EINVAL;
        return -1;
    }
    (void)rem;
    __hcall_sleep((unsigned long long)req->tv_sec * 1000000000ULL + (unsigned long long)req->tv_nsec);
    return 0;
}

int usleep(useconds_t usec)
{
    __hcall_sleep((unsigned long long)usec * 1000ULL);
    return 0;
}

unsigned int sleep(unsigned int seconds)
{
    __hcall_sleep((unsigned long long)seconds * 1000000000ULL);
    return 0;
}
