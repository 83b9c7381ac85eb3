/* librrmsg (docs/t3d-msg.md, "RRMSG") on any number of PEs, every result checked: a ring shift (every PE sends
 * to its right neighbour, then receives from its left one), the personalized all-to-all (every PE offers a
 * distinct block to every other, then pulls its blocks), a short receive and a tag mismatch (-2, the request
 * stays), and a flood of more requests than a ring holds from every PE to PE 0 (the senders wait for
 * acknowledgements), then the same flood received from any source (RR_ANY, rr_recv_any: every request
 * arrives once, each sender's in order, the sender reported right), with a request of another tag from every
 * sender passed over until it is asked for. Prints one line of errors. */
#include <rrmsg.h>
#include "check.h"

#define BLOCK 40
static int out[64][BLOCK], in[64][BLOCK];

int main(void) {
    int me = shmem_my_pe(), p = shmem_n_pes();
    /* ring shift of 3 sizes */
    static const int sizes[] = {1, 4, 37};
    for (int i = 0; i < 3; i++) {
        int right = (me + 1) % p, left = (me + p - 1) % p;
        for (int k = 0; k < sizes[i]; k++) {
            out[0][k] = value(me, i, k);
        }
        expect(rr_send(out[0], sizes[i], right, i) == 0);
        expect(rr_recv(in[0], BLOCK, left, i) == sizes[i]);
        for (int k = 0; k < sizes[i]; k++) {
            expect(in[0][k] == value(left, i, k));
        }
        rr_wait_sends();
    }
    /* all-to-all */
    for (int j = 0; j < p; j++) {
        for (int k = 0; k < BLOCK; k++) {
            out[j][k] = value(me, j, k);
        }
        expect(rr_send(out[j], BLOCK, j, 7) == 0);
    }
    for (int i = 0; i < p; i++) {
        int j = (me + i) % p;
        expect(rr_recv(in[j], BLOCK, j, 7) == BLOCK);
        for (int k = 0; k < BLOCK; k++) {
            expect(in[j][k] == value(j, me, k));
        }
    }
    rr_wait_sends();
    /* a short receive and a tag mismatch */
    int left = (me + p - 1) % p;
    out[0][0] = value(me, 1, 1);
    out[0][1] = value(me, 1, 2);
    rr_send(out[0], 2, (me + 1) % p, 3);
    expect(rr_recv(in[0], 1, left, 4) == -2);
    in[0][1] = 0;
    expect(rr_recv(in[0], 1, left, 3) == 1 && in[0][0] == value(left, 1, 1) && in[0][1] == 0);
    expect(rr_send(out[0], 1, p, 0) == -1 && rr_send(out[0], 1, 0, -1) == -1);
    rr_wait_sends();
    /* flood: 3 rings' worth of requests from every PE to PE 0 */
    int n = 3 * RR_SLOTS;
    if (me != 0) {
        for (int i = 0; i < n; i++) {
            out[i % 64][0] = value(me, i, 0);
            rr_send(out[i % 64], 1, 0, i);
        }
    } else {
        for (int s = 1; s < p; s++) {
            for (int i = 0; i < n; i++) {
                expect(rr_recv(in[0], 1, s, i) == 1 && in[0][0] == value(s, i, 0));
            }
        }
    }
    rr_wait_sends();
    /* the same flood taken from any source, each sender ending with a request of tag 1000 that the wildcard
     * receives of tag 0 pass over (it stays pending) while other senders still have tag 0; then the tag-1000
     * ones, from any source, each sender's once */
    if (me != 0) {
        for (int i = 0; i < n; i++) {
            out[i % 63][0] = value(me, i, 0);
            rr_send(out[i % 63], 1, 0, 0);
        }
        out[63][0] = value(me, 1000, 0);
        rr_send(out[63], 1, 0, 1000);
    } else {
        int next[64] = {0}, seen[64] = {0};
        for (int i = 0; i < n * (p - 1); i++) {
            int from = -1;
            expect(rr_recv_any(in[0], 1, 0, &from) == 1 && from > 0 && from < p);
            if (from > 0 && from < p) {
                expect(in[0][0] == value(from, next[from], 0));
                next[from]++;
            }
        }
        for (int s = 1; s < p; s++) {
            expect(next[s] == n);
        }
        /* the tag-1000 requests: by rr_recv with RR_ANY (the sender known from the value) and rr_recv_any */
        for (int i = 1; i < p; i++) {
            int from = -1;
            if (i % 2) {
                expect(rr_recv(in[0], 1, RR_ANY, 1000) == 1);
                from = (in[0][0] - value(0, 1000, 0)) / value(1, 0, 0);
            } else {
                expect(rr_recv_any(in[0], 1, 1000, &from) == 1);
            }
            expect(from > 0 && from < p && in[0][0] == value(from, 1000, 0));
            if (from > 0 && from < p) {
                expect(seen[from]++ == 0);
            }
        }
        expect(rr_recv_any(in[0], -1, 0, 0) == -1);
    }
    rr_wait_sends();
    return check_report("rrmsg", errors);
}
