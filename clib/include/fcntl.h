/* fcntl.h - SCMP C library: open() of host files: read-only, or writable inside scmpsim's --dir. */
#ifndef _FCNTL_H
#define _FCNTL_H

#define O_RDONLY 0
#define O_WRONLY 1
#define O_RDWR 2
#define O_ACCMODE 3
#define O_CREAT 0100
#define O_EXCL 0200
#define O_TRUNC 01000
#define O_APPEND 02000

/* O_RDONLY opens a file named on scmpsim's command line or inside its --dir; any other flags need the file
 * inside --dir (else EROFS without --dir, EACCES outside it). The mode argument, if any, is ignored. */
int open(const char *path, int flags, ...);

#endif
