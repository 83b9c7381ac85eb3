/* libscmp.h - internal declarations shared by the C files of libscmp (not installed). The public API is
 * clib/include/scmp.h; docs/libscmp.md describes both. */
#ifndef _LIBSCMP_INTERNAL_H
#define _LIBSCMP_INTERNAL_H

/* One past the highest byte of the running thread's stack (thread.s). */
unsigned __scmp_stack_top(void);

/* Copies the first n words of a variadic argument area (a va_list just after va_start) into w. Words that
 * would lie at or above the running thread's stack top are not read (they may be the next context's stack
 * guard, where a load faults) and are stored as 0 instead. A caller that passes fewer than n arguments thus
 * sends some leftover stack words, which the called function ignores. */
void __scmp_va_words(const char *ap, int *w, int n);

/* Entry points of the threads that the library's THREAD messages start (thread.s, getBlock.c). Their
 * parameters are described where they are defined. */
void __scmp_pe_entry(void);
void __scmp_ct_entry(void);
void __scmp_add_handler(void);
void __scmp_getblock_serve(int requester, int *dst, int dst_stride, char **src_addr, int src_offset,
                           int src_stride, int num_words, int *done);

#endif
