/* unistd.h - SCMP C library: a minimal POSIX subset over the host calls. */
#ifndef _UNISTD_H
#define _UNISTD_H

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif
#ifndef __SCMP_SSIZE_T
#define __SCMP_SSIZE_T
typedef int ssize_t;
#endif
#ifndef __SCMP_OFF_T
#define __SCMP_OFF_T
typedef long off_t;
#endif

typedef unsigned int useconds_t;

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

ssize_t write(int fd, const void *buf, size_t count);
ssize_t read(int fd, void *buf, size_t count);
int close(int fd);
off_t lseek(int fd, off_t offset, int whence);
void _exit(int status);
int unlink(const char *path);
/* Sleep in simulated time: the calling thread is descheduled (docs/libc.md "Time"). */
unsigned int sleep(unsigned int seconds);
int usleep(useconds_t usec);

/* Short options (POSIX getopt; docs/libc.md). */
int getopt(int argc, char *const argv[], const char *optstring);
extern char *optarg;
extern int optind, opterr, optopt;

extern char **environ;   /* the environment, NAME=VALUE strings (getenv) */

#endif
