/* aclmpl.h: ACLMPL, the ACL message passing library (Painter, McCormick, Krogh, Hansen, Colin de Verdiere,
 * "ACLMPL: portable and efficient message passing for MPPs", LA-UR 95-3386), modelled after CMMD: a
 * synchronous protocol (send, receive, send_and_receive), an asynchronous one with a fetch-and-increment buffer
 * pool, and tree broadcast and reduce with binary-swap reduction for long arrays. The protocols are machine
 * independent, written over the portability layer of aclport.h. docs/aclmpl.md is the specification.
 *
 * Buffers are word aligned and lengths are bytes, a multiple of 4 (a word); other lengths are refused (-1).
 */
#ifndef ACLMPL_H
#define ACLMPL_H

#include <aclport.h>

#define ACLMPL_MAX_PES ACL_MAX_PES     /* the largest partition */
#define ACLMPL_ANY (-1)                /* any source or any tag, for the asynchronous receives */
#define ACLMPL_SLOTS 16                /* buffers in each PE's asynchronous pool */
#define ACLMPL_SLOT_BYTES 8192         /* the largest asynchronous message */
#define ACLMPL_SWAP_MIN 1024           /* reduce switches to binary swap at this many elements (seed: N >= 1024) */

/* Starts ACLMPL on every PE and runs body there (acl_run); returns PE 0's result, or 1 when another PE's
 * result is not 0. */
int aclmpl_run(int argc, char **argv, int (*body)(int, char **));
int aclmpl_self(void);                 /* this PE */
int aclmpl_npes(void);                 /* the partition size */
void aclmpl_sync(void);                /* barrier */

/* Synchronous protocol (paper Figure 1). Each call returns when the message has been transferred; the
 * receive returns the number of bytes received: min(sender's length, receiver's length). */
int aclmpl_send(int dst, const void *buf, int bytes);
int aclmpl_receive(int src, void *buf, int bytes);
int aclmpl_send_and_receive(int dst, const void *sbuf, int sbytes, int src, void *rbuf, int rbytes);

/* Asynchronous protocol (paper Figure 2). The send returns once the message is in the receiver's pool (it
 * blocks while that pool is full); messages of one sender with one tag are received in the order they were
 * sent. aclmpl_receive_async returns -1 at once when no matching message is there; aclmpl_receive_block
 * waits for one. Both return the message's length in bytes (at most `bytes` are copied) and, if source or
 * tag is not NULL, its sender and tag. src and tag may be ACLMPL_ANY. */
int aclmpl_send_async(int dst, int tag, const void *buf, int bytes);
int aclmpl_receive_async(int src, int tag, void *buf, int bytes, int *source, int *tagp);
int aclmpl_receive_block(int src, int tag, void *buf, int bytes, int *source, int *tagp);
/* Counters of the asynchronous protocol on this PE, for tests and measurements. */
struct aclmpl_async_stats {
    int resets;        /* register resets (pool overflows handled) */
    int listed;        /* messages copied from the pool into the linked list */
    int from_list;     /* messages received from the linked list */
    int blocked;       /* fetch-and-increments that found the receiver's pool full */
};
void aclmpl_async_stats(struct aclmpl_async_stats *out);

/* Global operations, on top of the synchronous protocol; every PE calls them with the same arguments. */
/* A reduction operator: combines in[0..count) into inout[0..count), element by element. */
typedef void (*aclmpl_op)(void *inout, const void *in, int count);
void aclmpl_broadcast(void *buf, int bytes, int root);
/* Reduces count elements of elem_bytes each into root's buf; other PEs' buffers are left undefined. Tree
 * below ACLMPL_SWAP_MIN elements, binary swap with a final gather from there on when the partition size is a
 * power of two. */
void aclmpl_reduce(void *buf, int count, int elem_bytes, aclmpl_op op, int root);
void aclmpl_reduce_tree(void *buf, int count, int elem_bytes, aclmpl_op op, int root);
void aclmpl_reduce_swap(void *buf, int count, int elem_bytes, aclmpl_op op, int root);
/* Predefined operators. */
void aclmpl_sum_int(void *inout, const void *in, int count);
void aclmpl_max_int(void *inout, const void *in, int count);
void aclmpl_sum_double(void *inout, const void *in, int count);

#endif
