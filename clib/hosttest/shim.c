/* Host shim: the machine-dependent layer of clib (src/sys/*.s, src/libm/sqrt.s, fabs.s) implemented with
 * POSIX calls, for the host build in which every clib symbol carries the prefix scmp_. Compiled with the
 * host's own headers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <math.h>
#include <time.h>

#define HEAP_SIZE (16 * 1024 * 1024)

/* The image end and the heap: a static arena standing for [__heap_start, heapend). */
char scmp___heap_start[HEAP_SIZE];
/* Tests may lower heapend to exercise exhaustion (set before the first malloc). */
char *scmp_heap_limit_override = 0;

unsigned int scmp___rdsr_heapend(void)
{
    if (scmp_heap_limit_override != 0)
        return (unsigned int)scmp_heap_limit_override;
    return (unsigned int)(scmp___heap_start + HEAP_SIZE);
}

/* Output written by the library through the write host call can be captured by tests. */
int shim_capture = 0;
char shim_captured[1 << 16];
int shim_captured_len = 0;
int shim_write_calls = 0;

int scmp___hcall_write(int fd, const void *buf, unsigned int n)
{
    shim_write_calls++;
    if (shim_capture) {
        unsigned int k = n;
        if (shim_captured_len + k > sizeof shim_captured)
            k = sizeof shim_captured - shim_captured_len;
        memcpy(shim_captured + shim_captured_len, buf, k);
        shim_captured_len += k;
        return (int)n;
    }
    {
        ssize_t r = write(fd, buf, n);
        return r < 0 ? -errno : (int)r;
    }
}

int scmp___hcall_open(const char *path)
{
    int fd = open(path, O_RDONLY);
    return fd < 0 ? -errno : fd;
}

int scmp___hcall_read(int fd, void *buf, unsigned int n)
{
    ssize_t r = read(fd, buf, n);
    return r < 0 ? -errno : (int)r;
}

int scmp___hcall_close(int fd)
{
    return close(fd) < 0 ? -errno : 0;
}

int scmp___hcall_lseek(int fd, int off, int whence)
{
    off_t r = lseek(fd, off, whence);
    return r < 0 ? -errno : (int)r;
}

void scmp___hcall_exit(int status)
{
    _exit(status);
}

void scmp___hcall_terminate(int status)
{
    _exit(status);
}

void scmp___hcall_abort(const char *msg)
{
    if (msg != NULL)
        fprintf(stderr, "guest abort: %s\n", msg);
    _exit(134);
}

unsigned long long scmp___hcall_cycles(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

unsigned long long scmp___scmp_cycles(void)
{
    return scmp___hcall_cycles();
}

double scmp_sqrt(double x) { return __builtin_sqrt(x); }
float scmp_sqrtf(float x) { return (float)__builtin_sqrt((double)x); }
double scmp_fabs(double x) { return __builtin_fabs(x); }
float scmp_fabsf(float x) { return __builtin_fabsf(x); }

/* Simulated time on SCMP (hcall sleep, hcall time: nanoseconds since the run began); the host's clock here. */
void scmp___hcall_sleep(unsigned long long ns)
{
    struct timespec ts = { (time_t)(ns / 1000000000ULL), (long)(ns % 1000000000ULL) };
    nanosleep(&ts, NULL);
}

unsigned long long scmp___hcall_time(void)
{
    return scmp___hcall_cycles();
}

/* Writable files: scmpsim without --dir (the default) refuses every write, and so does the shim, so that the
 * cases check the default's errors (EROFS). */
int scmp___hcall_openw(const char *path, int flags, int mode)
{
    (void)path; (void)flags; (void)mode;
    return -EROFS;
}

int scmp___hcall_unlink(const char *path)
{
    (void)path;
    return -EROFS;
}

int scmp___hcall_rename(const char *from, const char *to)
{
    (void)from; (void)to;
    return -EROFS;
}
