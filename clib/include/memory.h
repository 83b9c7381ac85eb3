/* memory.h - SCMP C library: the old System V name of the memory functions, kept by glibc and the BSDs for
 * programs that still include it (MPICH's tests do); it is <string.h>. */
#ifndef _MEMORY_H
#define _MEMORY_H

#include <string.h>

#endif
