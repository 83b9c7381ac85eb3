/* ACLMPL's synchronous protocol on any number of PEs (docs/aclmpl.md): send and receive of 0 to 4 KB between
 * PEs 1, 2, P/2 and P-1 apart, a receiver shorter than the message (the message is cut), send_and_receive
 * around a ring in both directions and with the PE itself. Prints "p2p: OK" on PE 0 and exits 0, or the failed checks
 * and "p2p: FAILED". */
#include <stdlib.h>
#include "check.h"

static int value(int from, int to, int i) {
    return from * 1000003 + to * 7919 + i * 31 + 1;
}

static int body(int argc, char **argv) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    int *buf = malloc(4096 + 16);
    int lengths[4] = {0, 4, 64, 4096};
    /* Ordered pairs (a, a + d) for d = 1, 2, p / 2 and p - 1, one pair after another in this order on every
     * PE (so the earliest pair not yet done always has both its PEs ready), every length. */
    int dist[4] = {1, 2, p / 2, p - 1};
    for (int a = 0; a < p; a++) {
        for (int k = 0; k < 4; k++) {
            int b = (a + dist[k]) % p;
            int repeated = 0;
            for (int j = 0; j < k; j++) {
                repeated |= dist[j] % p == dist[k] % p;
            }
            if (a == b || repeated || (me != a && me != b)) {
                continue;
            }
            for (int l = 0; l < 4; l++) {
                int words = lengths[l] / 4;
                if (me == a) {
                    for (int i = 0; i < words; i++) {
                        buf[i] = value(a, b, i + l);
                    }
                    CHECK(aclmpl_send(b, buf, lengths[l]) == lengths[l], "send length");
                } else {
                    for (int i = 0; i <= words; i++) {
                        buf[i] = -7;
                    }
                    int got = aclmpl_receive(a, buf, lengths[l]);
                    CHECK(got == lengths[l], "received %d bytes from %d, expected %d", got, a, lengths[l]);
                    for (int i = 0; i < words; i++) {
                        CHECK(buf[i] == value(a, b, i + l), "word %d from %d", i, a);
                    }
                    CHECK(buf[words] == -7, "the word after the message from %d was written", a);
                }
            }
        }
    }
    aclmpl_sync();
    /* A receiver that posts 8 bytes for a 64-byte message gets the first 8. */
    if (p > 1 && (me == 0 || me == 1)) {
        if (me == 0) {
            for (int i = 0; i < 16; i++) {
                buf[i] = 500 + i;
            }
            aclmpl_send(1, buf, 64);
        } else {
            buf[2] = -1;
            int got = aclmpl_receive(0, buf, 8);
            CHECK(got == 8 && buf[0] == 500 && buf[1] == 501 && buf[2] == -1, "cut message: %d bytes", got);
        }
    }
    /* Around the ring, one way and the other, then with the PE itself. */
    for (int dir = 1; dir <= 2; dir++) {
        int to = dir == 1 ? (me + 1) % p : (me + p - 1) % p;
        int from = dir == 1 ? (me + p - 1) % p : (me + 1) % p;
        int out[32];
        for (int i = 0; i < 32; i++) {
            out[i] = value(me, to, i * dir);
        }
        int got = aclmpl_send_and_receive(to, out, 128, from, buf, 128);
        CHECK(got == 128, "ring %d: %d bytes", dir, got);
        for (int i = 0; i < 32; i++) {
            CHECK(buf[i] == value(from, me, i * dir), "ring %d word %d", dir, i);
        }
    }
    int self[3] = {me, me * 2, me * 3};
    int back[3] = {0, 0, 0};
    CHECK(aclmpl_send_and_receive(me, self, 12, me, back, 12) == 12 && back[0] == me && back[2] == me * 3,
          "send_and_receive with itself");
    /* Bad arguments are refused. */
    CHECK(aclmpl_send(p, buf, 4) == -1 && aclmpl_receive(-1, buf, 4) == -1 && aclmpl_send(0, buf, 3) == -1,
          "bad arguments accepted");
    free(buf);
    return failures != 0;
}

int main(int argc, char **argv) {
    return report("p2p", aclmpl_run(argc, argv, body));
}
