/* The slot engine of our collectives (docs/mpi.md, "Our collectives"): small messages written straight
 * into the receiver's memory by one DATA message, with no handshake and no code run on the receiver.
 *
 * Every member of a communicator has an area of one record per rank of the communicator, at an address
 * every other member knows (MPI_COMM_WORLD's is a static array, the same address on every node; a created
 * communicator's areas are exchanged when it is made, comm.c). Record i of node j holds the last message
 * rank i sent to j and a credit word:
 *
 *   sender i                                        receiver j, record i
 *   s = ++out; wait until cred >= s - 1             (j has consumed message s - 1)
 *   DATA to j: payload words, then s  --------->    data[SLOTW - n .. SLOTW - 1], seq
 *                                                   waits until seq == in + 1: the last word of the
 *                                                   message has landed, so the payload has too
 *                                                   ... consumes the payload ...
 *   cred on i  <----------- DATA: ++in              (3 flits)
 *
 * One message per pair is in flight at a time; messages between a pair are consumed in the order they are
 * sent, which every algorithm keeps (collectives on a communicator run in the same order everywhere). The
 * primitives __slot_put, __slot_get and __slot_ack are in coll_slot_asm.s. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

typedef char record_is_128_bytes[sizeof(struct __coll_rec) == 128 ? 1 : -1];

/* MPI_COMM_WORLD's records, up to 64 ranks (an 8x8 mesh): static, so at the same address on every node
 * and usable before this node has set anything up. A larger world's collectives use the point-to-point
 * algorithms. */
#define WORLD_RECS 64
static double world_store[WORLD_RECS * sizeof(struct __coll_rec) / sizeof(double)];   /* 8-byte aligned */
#define world_recs ((struct __coll_rec *)world_store)

struct __coll_rec *__coll_area_alloc(int size)
{
    return (struct __coll_rec *)__mpi_xcalloc(size, sizeof(struct __coll_rec), "a communicator's slot area");
}

/* Before a communicator's area is freed: waits until every peer has taken this rank's last message (its
 * credit has come back), so that no credit lands in memory that has been freed. Every message of a
 * collective is taken within that collective, so this ends; usually at once. */
static void quiesce(struct __mpi_comm *c)
{
    int j;
    for (j = 0; j < c->size; j++)
        while (c->slots.rec[j].cred != c->slots.rec[j].out)
            suspendThread();
}

void __coll_area_free(struct __mpi_comm *c)
{
    if (c->slots.rec)
        quiesce(c);
    if (c->slots.rec && c->slots.rec != world_recs)
        free(c->slots.rec);
    free(c->slots.peer);
    c->slots.rec = 0;
    c->slots.peer = 0;
}

/* This rank's records are `area`; bases[j] is the address of rank j's (of the members of c, in rank
 * order). */
void __coll_area_set(struct __mpi_comm *c, struct __coll_rec *area, const int *bases)
{
    int j;
    c->slots.peer = (int *)__mpi_xmalloc(c->size * sizeof(int), "a communicator's slot area");
    for (j = 0; j < c->size; j++)
        c->slots.peer[j] = bases[j] + c->rank * (int)sizeof(struct __coll_rec);
    c->slots.nodes = c->nodes;
    c->slots.rank = c->rank;
    c->slots.size = c->size;
    c->slots.rec = area;
}

void __coll_area_world(struct __mpi_comm *w)
{
    int j, *bases;
    if (w->size > WORLD_RECS || w->rank == MPI_UNDEFINED)
        return;
    bases = (int *)__mpi_xmalloc(w->size * sizeof(int), "MPI_Init");
    for (j = 0; j < w->size; j++)
        bases[j] = (int)world_recs;
    __coll_area_set(w, world_recs, bases);
    free(bases);
}

int __slot_ready(struct __mpi_comm *c)
{
    return c->slots.rec != 0;
}

/* Any length, in pieces of SLOTW words; bytes that do not fill a word, or an unaligned buffer, go through
 * a copy. */
void __slot_send(struct __mpi_comm *c, int dst, const void *buf, int bytes)
{
    const char *p = (const char *)buf;
    int tmp[SLOTW];
    do {
        int b = bytes < 4 * SLOTW ? bytes : 4 * SLOTW;
        const int *w = (const int *)p;
        if (((unsigned)p & 3) != 0 || (b & 3) != 0) {
            memcpy(tmp, p, b);
            w = tmp;
        }
        SLOT_PUT(c, dst, w, (b + 3) >> 2);
        p += b;
        bytes -= b;
    } while (bytes > 0);
}

/* A word loop: memcpy's set-up costs more than a slot's worth of words. */
void __slot_copy(void *dst, const volatile int *src, int bytes)
{
    if (((unsigned)dst & 3) == 0 && (bytes & 3) == 0) {
        __copy_words((int *)dst, src, bytes >> 2);
    } else {
        memcpy(dst, (const void *)src, bytes);
    }
}

void __slot_recv(struct __mpi_comm *c, int src, void *buf, int bytes)
{
    char *p = (char *)buf;
    do {
        int b = bytes < 4 * SLOTW ? bytes : 4 * SLOTW;
        volatile int *in = SLOT_GET(c, src, (b + 3) >> 2);
        __slot_copy(p, in, b);
        SLOT_ACK(c, src);
        p += b;
        bytes -= b;
    } while (bytes > 0);
}

/* Sends to dst and receives from src at once, a piece of each in turn, so that two ranks exchanging long
 * messages never both wait for the other to take their second piece. dst or src may be -1 (none). */
void __slot_exchange(struct __mpi_comm *c, int dst, const void *sbuf, int sbytes, int src, void *rbuf,
                     int rbytes)
{
    const char *sp = (const char *)sbuf;
    char *rp = (char *)rbuf;
    int ns = dst < 0 ? 0 : sbytes == 0 ? 1 : (sbytes + 4 * SLOTW - 1) / (4 * SLOTW);
    int nr = src < 0 ? 0 : rbytes == 0 ? 1 : (rbytes + 4 * SLOTW - 1) / (4 * SLOTW);
    while (ns > 0 || nr > 0) {
        if (ns > 0) {
            int b = sbytes < 4 * SLOTW ? sbytes : 4 * SLOTW;
            __slot_send(c, dst, sp, b);
            sp += b;
            sbytes -= b;
            ns--;
        }
        if (nr > 0) {
            int b = rbytes < 4 * SLOTW ? rbytes : 4 * SLOTW;
            __slot_recv(c, src, rp, b);
            rp += b;
            rbytes -= b;
            nr--;
        }
    }
}
