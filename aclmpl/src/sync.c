/* ACLMPL's synchronous protocol (docs/aclmpl.md, "Synchronous protocol"; paper section 4.1, Figure 1).
 *
 * The receiver writes a 16-byte request block (buffer address, length, flag; a fourth word pads it to the
 * paper's 16 bytes) into the sender's array of request blocks, at its own index, so each block has one writer
 * and needs no lock. The sender spins until the flag says READY, clears it, writes the data straight into the
 * receiver's buffer, and then writes the 8-byte completion block (size, DONE) into the receiver's array of
 * completion blocks at the sender's index. The receiver spins until DONE. The portability layer lands two
 * writes of one PE to another in order, so DONE is seen only after the data. */
#include <aclmpl.h>
#include "internal.h"

#define READY 1
#define DONE 1

/* On a sender: request blocks, indexed by receiver: {address, length, pad, flag}. */
static volatile long requests[ACLMPL_MAX_PES][4];
/* On a receiver: completion blocks, indexed by sender: {size, flag}. */
static volatile long completions[ACLMPL_MAX_PES][2];

/* The receiver's half before the data: the request block to src. */
static void post_request(int src, void *buf, int bytes) {
    long block[4];
    block[0] = (long) buf;
    block[1] = bytes;
    block[2] = 0;
    block[3] = READY;
    acl_put((void *) requests[acl_my_pe()], block, 4, src);
}

/* The receiver's half after the data: waits for DONE, returns the size. */
static int await_completion(int src, void *buf) {
    volatile long *c = completions[src];
    acl_wait_until(&c[1], DONE);
    int size = (int) c[0];
    c[1] = 0;
    acl_invalidate(buf, size);
    return size;
}

/* The sender's side. */
static void transfer(int dst, const void *buf, int bytes) {
    volatile long *r = requests[dst];
    acl_wait_until(&r[3], READY);
    acl_invalidate((const void *) r, 16);
    long *to = (long *) r[0];
    int size = bytes < r[1] ? bytes : (int) r[1];
    r[3] = 0;
    if (size > 0) {
        acl_put(to, buf, size / 4, dst);
    }
    long block[2];
    block[0] = size;
    block[1] = DONE;
    acl_put((void *) completions[acl_my_pe()], block, 2, dst);
}

int aclmpl_send(int dst, const void *buf, int bytes) {
    if (!__aclmpl_valid(dst, bytes)) {
        return -1;
    }
    transfer(dst, buf, bytes);
    return bytes;
}

int aclmpl_receive(int src, void *buf, int bytes) {
    if (!__aclmpl_valid(src, bytes)) {
        return -1;
    }
    post_request(src, buf, bytes);
    return await_completion(src, buf);
}

/* The request to src goes out first, so that PEs in a ring (each sending to one and receiving from another)
 * all find their requests posted and none waits for a sender that waits itself. */
int aclmpl_send_and_receive(int dst, const void *sbuf, int sbytes, int src, void *rbuf, int rbytes) {
    if (!__aclmpl_valid(dst, sbytes) || !__aclmpl_valid(src, rbytes)) {
        return -1;
    }
    post_request(src, rbuf, rbytes);
    transfer(dst, sbuf, sbytes);
    return await_completion(src, rbuf);
}
