/* stdarg.h - SCMP C library. docs/abi.md: every unnamed argument is on the stack (4-byte slots, 8-byte
 * aligned 8-byte slots for double and long long); a va_list is a pointer into that area. scmpcc implements
 * the builtins. */
#ifndef _STDARG_H
#define _STDARG_H

#if defined(__scmpcc__) || !defined(__GNUC__)
typedef char *va_list;
#else
/* Host gcc (clib/hosttest only): use the host's own va_list. */
typedef __builtin_va_list va_list;
#endif
#ifndef __GNUC_VA_LIST
#define __GNUC_VA_LIST
typedef va_list __gnuc_va_list;
#endif

#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, T) __builtin_va_arg(ap, T)
#if defined(__scmpcc__) || !defined(__GNUC__)
#define va_end(ap) ((void)0)
#define va_copy(d, s) ((d) = (s))
#else
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(d, s) __builtin_va_copy(d, s)
#endif

#endif
