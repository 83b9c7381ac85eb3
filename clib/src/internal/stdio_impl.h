/* Internal: the FILE structure and the stdio primitives shared by the stdio members. */
#ifndef _SCMP_INTERNAL_STDIO_IMPL_H
#define _SCMP_INTERNAL_STDIO_IMPL_H

#include <stdio.h>

#define F_READ 1     /* open for reading (stdin and fopen'd host files) */
#define F_WRITE 2    /* open for writing (stdout, stderr, files in scmpsim's --dir) */
#define F_EOF 4      /* end-of-file indicator */
#define F_ERR 8      /* error indicator */
#define F_LBF 16     /* line buffered: flushed after a write containing '\n' */
#define F_NBF 32     /* unbuffered */
#define F_STR 64     /* a string (sprintf family): buf is the destination */
#define F_ALLOC 128  /* buf came from malloc (freed by fclose) */
#define F_OPEN 256   /* slot in use (fopen table) */
#define F_UPD 512    /* opened for update ("r+", "w+", "a+"): F_READ or F_WRITE tells which way it goes now, the
                        buffer holding unread input or unwritten output; the first write after reading or read
                        after writing switches (stdio_write.c, stdio_fill.c), off the paths other streams take */

struct __scmp_file {
    int fd;
    int flags;
    unsigned char *buf;
    unsigned int bufsize;  /* capacity of buf; for F_STR the room for characters (excluding the NUL) */
    unsigned int wpos;     /* write: bytes waiting in buf; F_STR: characters stored so far */
    unsigned int rpos;     /* read: next byte of buf */
    unsigned int rend;     /* read: end of valid bytes in buf */
    int ungot;             /* a character pushed back by ungetc, or -1 */
    unsigned int count;    /* F_STR: characters written in all (may exceed bufsize) */
};

/* Writes n bytes to f (buffering as f says). Returns n, or fewer on a write error (F_ERR is set). */
unsigned int __stdio_write(FILE *f, const char *s, unsigned int n);
/* Writes out f's buffered output. Returns 0, or EOF on error. */
int __stdio_flushbuf(FILE *f);
/* Turns an update stream (F_UPD) to reading or writing (to = F_READ or F_WRITE): returns 0. Any other stream
 * cannot go that way: sets F_ERR and errno EBADF and returns EOF. */
int __stdio_switch(FILE *f, int to);
/* Refills f's read buffer. Returns the number of bytes now available; 0 at end of file or error. */
int __stdio_fill(FILE *f);
/* Writes out every file open for writing (fflush.c; fopen sets it when it first opens one), or NULL. */
extern void (*__stdio_flush_files)(void);
/* Flushes stdout and stderr (exit calls this). */
void __stdio_exit(void);
/* The formatting engine behind the printf family. */
int __vformat(FILE *f, const char *fmt, va_list ap);
/* Formats a double for %e %f %g %a (and upper-case forms). flags are the FMT_* bits of vfprintf.c. */
int __format_fp(FILE *f, double x, int width, int prec, int flags, int conv);
/* The scanf engine: reads from the FILE (a string FILE for sscanf). */
int __vscan(FILE *f, const char *fmt, va_list ap);

/* printf flags shared by vfprintf.c and printf_fp.c */
#define FMT_MINUS 1
#define FMT_PLUS 2
#define FMT_SPACE 4
#define FMT_HASH 8
#define FMT_ZERO 16

/* Writes n copies of c (padding). */
void __stdio_pad(FILE *f, int c, int n);

#endif
