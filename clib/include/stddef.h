/* stddef.h - SCMP C library (ILP32). */
#ifndef _STDDEF_H
#define _STDDEF_H

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif
#ifndef __SCMP_PTRDIFF_T
#define __SCMP_PTRDIFF_T
typedef int ptrdiff_t;
#endif
#ifndef __SCMP_WCHAR_T
#define __SCMP_WCHAR_T
/* wchar_t is long, as in gcc's i386 ABI (signed, 32 bits): L'x' and L"..." elements have this type. */
typedef long wchar_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif

/* max_align_t (C11): the strictest alignment, 8 bytes. */
typedef double max_align_t;

#if defined(__scmpcc__) || defined(__GNUC__)
#define offsetof(type, member) __builtin_offsetof(type, member)
#else
#define offsetof(type, member) ((size_t)&((type *)0)->member)
#endif

#endif
