/* stdarg.h for the compiler's own tests, the same definitions as the C library's (docs/abi.md). */
#ifndef _STDARG_H
#define _STDARG_H
typedef char *va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, T) __builtin_va_arg(ap, T)
#define va_end(ap) ((void)0)
#define va_copy(d, s) ((d) = (s))
#endif
