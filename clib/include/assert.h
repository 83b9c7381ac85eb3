/* assert.h - SCMP C library. No include guard: NDEBUG is looked at on every inclusion (C99 7.2).
 * A failed assertion prints, as glibc does,
 *   prog: file:line: function: Assertion `expr' failed.
 * to stderr and calls abort(). */
#undef assert

#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func);
#define assert(expr) ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#ifndef static_assert
#define static_assert _Static_assert
#endif
