/* ACLMPL's synchronous protocol (docs/aclmpl.md, "Synchronous protocol"; paper section 4.1, Figure 1).
 *
 * The receiver writes a 16-byte request block (flag, buffer address, length, and a word that pads it to the
 * paper's 16 bytes) into the sender's array of request blocks, at its own index, so each block has one writer
 * and needs no lock. The sender spins until the flag says READY, clears it, writes the data straight into the
 * receiver's buffer and then the 8-byte completion block (DONE, size) into the receiver's array of completion
 * blocks at the sender's index; the receiver spins until DONE. Both blocks are signals of acl_put_signal, whose
 * word 0, the flag, lands last: DONE is seen only once the data is there. */
#include <aclmpl.h>
#include "internal.h"

#define READY 1
#define DONE 1

/* On a sender: request blocks, indexed by receiver: {flag, address, length, pad}. */
static volatile long requests[ACLMPL_MAX_PES][4];
/* On a receiver: completion blocks, indexed by sender: {flag, size}. */
static volatile long completions[ACLMPL_MAX_PES][2];

/* The receiver's half before the data: the request block to src. */
static void post_request(int src, void *buf, int bytes) {
    long block[4];
    block[0] = READY;
    block[1] = (long) buf;
    block[2] = bytes;
    block[3] = 0;
    acl_put_signal(0, 0, 0, (void *) requests[acl_my_pe()], block, 4, src);
}

/* The receiver's half after the data: waits for DONE, returns the size. */
static int await_completion(int src, void *buf) {
    volatile long *c = completions[src];
    acl_wait_until(&c[0], DONE);
    int size = (int) c[1];
    c[0] = 0;
    acl_invalidate(buf, size);
    return size;
}

/* The sender's side. */
static void transfer(int dst, const void *buf, int bytes) {
    volatile long *r = requests[dst];
    acl_wait_until(&r[0], READY);
    acl_invalidate((const void *) r, 16);
    long *to = (long *) r[1];
    int size = bytes < r[2] ? bytes : (int) r[2];
    r[0] = 0;
    long block[2];
    block[0] = DONE;
    block[1] = size;
    acl_put_signal(to, buf, size / 4, (void *) completions[acl_my_pe()], block, 2, dst);
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
