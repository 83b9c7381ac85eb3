/* rrmsg.h: request/response message passing for the T3D model (librrmsg, scmpcc -mmachine=t3d ... -lrrmsg),
 * Stricker et al.'s RRMSG (docs/t3d-msg.md, "RRMSG"): the data stays in the sender's array until the receiver
 * pulls it. Synchronisation is by control messages between the pair alone, never the hardware barrier:
 *   request  (sender -> receiver): rr_send puts a descriptor {tag, address, words} into the receiver's ring;
 *   response (receiver <- sender): rr_recv pulls the words with a get, straight into the receiver's array;
 *   acknowledgement (receiver -> sender): one put tells the sender its array is free again.
 * No copy is made at either end. Counts are in words (4 bytes); arrays are word aligned. */
#ifndef _RRMSG_H
#define _RRMSG_H

/* The most PEs the library serves, and the requests one PE may have outstanding to one receiver (rr_send
 * waits for an acknowledgement when it has this many). */
#define RR_MAX_PES 64
#define RR_SLOTS 8

/* Offers words words at buf to PE pe under tag (tag >= 0) and returns: buf must not change until
 * rr_wait_sends (or a later acknowledgement) says the receiver has it. Returns 0, or -1 for a bad argument. */
int rr_send(const void *buf, int words, int pe, int tag);
/* Waits for PE pe's next request, which must carry tag, pulls at most words words of it into buf and
 * acknowledges it. Returns the words received; -1 for a bad argument, -2 when pe's next request has another
 * tag (it stays pending). Requests of one sender are taken in the order they were made. */
int rr_recv(void *buf, int words, int pe, int tag);
/* The source wildcard: rr_recv(buf, words, RR_ANY, tag) takes the first request with tag that is next in its
 * sender's order, from any PE (a sender whose next request has another tag is passed over: it stays pending);
 * rr_recv_any does the same and stores the sender's PE in *pe (when pe is not null). The senders are looked at
 * round robin from the one after the last served, so none is starved. Returns as rr_recv does (-1: a bad
 * argument). */
#define RR_ANY (-1)
int rr_recv_any(void *buf, int words, int tag, int *pe);
/* Returns when every request this PE made has been acknowledged: its arrays may change. */
void rr_wait_sends(void);

#endif
