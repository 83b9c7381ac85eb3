/* libscmp.h - internal declarations shared by the C files of libscmp (not installed). The public API is
 * clib/include/scmp.h; docs/libscmp.md describes both. */
#ifndef _LIBSCMP_INTERNAL_H
#define _LIBSCMP_INTERNAL_H

/* The library is compiled with clib's headers only: scmp.h must not pull in MPI's header. */
#define SCMP_NO_MPI
#include <scmp.h>

/* One past the highest byte of the running thread's stack (api.s). */
unsigned __scmp_stack_top(void);

/* The general cases of api.s's functions: several messages or strides beyond 16 bits (sendDataBlock.c),
 * a block from this node itself (getBlock.c). */
void __scmp_sendblocks(int dst_node, int *dst_addr, int dst_stride, int *src_addr, int src_stride, int count);
void __scmp_getblock_local(unsigned node_id, char *dst_addr, unsigned dst_stride, char **src_addr,
                           unsigned src_offset, unsigned src_stride, unsigned num_words);

/* Entry points of the threads that the library's THREAD messages start (thread.s, api.s). Their
 * parameters are described where they are defined. */
void __scmp_pe_entry(void);
void __scmp_ct_entry(void);
void __scmp_add_handler(void);
void __scmp_getblock_serve(int requester, int *dst, int dst_stride, char **src_addr, int src_offset,
                           int src_stride, int num_words, int *done);

#endif
