#include <string.h>
#include <errno.h>

/* The messages are glibc's. */
static const char *const messages[] = {
    "Success",                          /* 0 */
    "Operation not permitted",          /* EPERM 1 */
    "No such file or directory",        /* ENOENT 2 */
    "No such process",                  /* ESRCH 3 */
    "Interrupted system call",          /* EINTR 4 */
    "Input/output error",               /* EIO 5 */
    "No such device or address",        /* ENXIO 6 */
    "Argument list too long",           /* E2BIG 7 */
    "Exec format error",                /* ENOEXEC 8 */
    "Bad file descriptor",              /* EBADF 9 */
    "No child processes",               /* ECHILD 10 */
    "Resource temporarily unavailable", /* EAGAIN 11 */
    "Cannot allocate memory",           /* ENOMEM 12 */
    "Permission denied",                /* EACCES 13 */
    "Bad address",                      /* EFAULT 14 */
    "Block device required",            /* 15 */
    "Device or resource busy",          /* EBUSY 16 */
    "File exists",                      /* EEXIST 17 */
    "Invalid cross-device link",        /* EXDEV 18 */
    "No such device",                   /* ENODEV 19 */
    "Not a directory",                  /* ENOTDIR 20 */
    "Is a directory",                   /* EISDIR 21 */
    "Invalid argument",                 /* EINVAL 22 */
    "Too many open files in system",    /* ENFILE 23 */
    "Too many open files",              /* EMFILE 24 */
    "Inappropriate ioctl for device",   /* ENOTTY 25 */
    "Text file busy",                   /* 26 */
    "File too large",                   /* EFBIG 27 */
    "No space left on device",          /* ENOSPC 28 */
    "Illegal seek",                     /* ESPIPE 29 */
    "Read-only file system",            /* EROFS 30 */
    "Too many links",                   /* EMLINK 31 */
    "Broken pipe",                      /* EPIPE 32 */
    "Numerical argument out of domain", /* EDOM 33 */
    "Numerical result out of range",    /* ERANGE 34 */
    "Resource deadlock avoided",        /* EDEADLK 35 */
    "File name too long",               /* ENAMETOOLONG 36 */
    "No locks available",               /* ENOLCK 37 */
    "Function not implemented",         /* ENOSYS 38 */
    "Directory not empty",              /* ENOTEMPTY 39 */
    "Too many levels of symbolic links" /* ELOOP 40 */
};

static char unknown[32];

char *strerror(int errnum)
{
    const char *prefix = "Unknown error ";
    char digits[12];
    unsigned int u;
    int i = 0, n = 0;

    if (errnum >= 0 && errnum < (int)(sizeof(messages) / sizeof(messages[0])))
        return (char *)messages[errnum];
    if (errnum == EOVERFLOW)
        return (char *)"Value too large for defined data type";
    if (errnum == EILSEQ)
        return (char *)"Invalid or incomplete multibyte or wide character";
    if (errnum == ENOTSUP)
        return (char *)"Operation not supported";
    while (prefix[n] != '\0') {
        unknown[n] = prefix[n];
        n++;
    }
    if (errnum < 0) {
        unknown[n++] = '-';
        u = 0u - (unsigned int)errnum;
    } else {
        u = (unsigned int)errnum;
    }
    do {
        digits[i++] = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    while (i > 0)
        unknown[n++] = digits[--i];
    unknown[n] = '\0';
    return unknown;
}
