/* librrmsg (include/rrmsg.h, docs/t3d-msg.md "RRMSG"): request/response message passing over libshmem.
 *
 * req[s][k] on a receiver is slot k of the ring PE s puts its requests into: {flag, tag, address, words}, one
 * packet of 4 words, which lands whole; flag is the request's sequence number (per pair) + 1, so a slot holds
 * a new request exactly when its flag is the one the receiver expects next. The receiver pulls the words with
 * a get and puts the count of requests it has completed into acked[me] on the sender: that acknowledgement
 * frees both the sender's array and the ring slot. A receive from any source (RR_ANY) looks at every sender's
 * next slot in turn, from the one after the sender it served last. */
#include <rrmsg.h>
#include <shmem.h>

static long req[RR_MAX_PES][RR_SLOTS][4];
/* On a sender: how many of its requests receiver r has completed (r puts it here), and how many it made. */
static volatile long acked[RR_MAX_PES];
static long posted[RR_MAX_PES];
/* On a receiver: how many requests of sender s it has completed, and the sender a wildcard receive took last. */
static long done[RR_MAX_PES];
static int last_any;

static long fresh(volatile long *word) {
    t3d_cache_invalidate((const void *) word, 4);
    return *word;
}

int rr_send(const void *buf, int words, int pe, int tag) {
    if (pe < 0 || pe >= shmem_n_pes() || words < 0 || tag < 0 || ((unsigned long) buf & 3) != 0) {
        return -1;
    }
    while (posted[pe] - fresh(&acked[pe]) >= RR_SLOTS) {
    }
    long request[4] = {posted[pe] + 1, tag, (long) buf, words};
    shmem_put(req[shmem_my_pe()][posted[pe] % RR_SLOTS], request, 4, pe);
    posted[pe]++;
    return 0;
}

int rr_recv(void *buf, int words, int pe, int tag) {
    if (pe < 0 || pe >= shmem_n_pes() || words < 0 || ((unsigned long) buf & 3) != 0) {
        return pe == RR_ANY ? rr_recv_any(buf, words, tag, 0) : -1;
    }
    long *r = req[pe][done[pe] % RR_SLOTS];
    while (fresh(&r[0]) != done[pe] + 1) {
    }
    t3d_cache_invalidate(r, 16);
    if (r[1] != tag) {
        return -2;
    }
    int n = r[3] < words ? (int) r[3] : words;
    if (n > 0) {
        shmem_get((long *) buf, (const long *) r[2], n, pe);
    }
    done[pe]++;
    t3d_put_word((void *) &acked[shmem_my_pe()], done[pe], pe);
    return n;
}

/* Finds the first sender, round robin from the one after the last served, whose next request has landed and
 * carries tag, and receives it by name (rr_recv reads the landed request again). */
int rr_recv_any(void *buf, int words, int tag, int *pe) {
    int p = shmem_n_pes();
    if (words < 0 || ((unsigned long) buf & 3) != 0) {
        return -1;
    }
    for (;;) {
        for (int i = 1; i <= p; i++) {
            int s = (last_any + i) % p;
            long *r = req[s][done[s] % RR_SLOTS];
            if (fresh(&r[0]) == done[s] + 1) {
                t3d_cache_invalidate(r, 16);
                if (r[1] == tag) {
                    last_any = s;
                    if (pe) {
                        *pe = s;
                    }
                    return rr_recv(buf, words, s, tag);
                }
            }
        }
    }
}

void rr_wait_sends(void) {
    int p = shmem_n_pes();
    for (int r = 0; r < p; r++) {
        while (fresh(&acked[r]) != posted[r]) {
        }
    }
}
