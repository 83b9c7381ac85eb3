/* libpvm (docs/t3d-msg.md, "PVM") on any number of PEs, every result checked: a ping-pong between PEs 0 and 1
 * over sizes across the fragment size, packed as ints, doubles and bytes (with strides) and by psend/precv;
 * many-to-one, every other PE sending messages of several fragments to PE 0, which takes them with wildcards
 * and checks each arrives once and in its sender's order; tag and wildcard matching with messages received
 * out of their arrival order; exchanges, where PEs send to each other before receiving (the credit waits
 * drain the rings); long messages, one buffer sent twice and to the sender itself. Prints the matching sequence
 * from PE 0 and one line of errors. */
#include <pvm3.h>
#include "check.h"
#include <stdlib.h>

static void pingpong(int me) {
    static const int sizes[] = {0, 2, 25, 128, 129, 700, 1500};
    int other = pvm_gettid(0, 1 - me);
    int ints[1500], back[1500];
    double d[3] = {1.5, -2.25, 1e10}, dback[6];
    char bytes[7] = "abcdef", bback[7];
    for (int n = 0; n < 7; n++) {
        int size = sizes[n];
        for (int k = 0; k < size; k++) {
            ints[k] = value(me, n, k);
        }
        if (me == 0) {
            pvm_initsend(PvmDataRaw);
            pvm_pkint(ints, size, 1);
            pvm_pkdouble(d, 3, 1);
            pvm_pkbyte(bytes, 3, 2);
            pvm_send(other, n);
            int id = pvm_recv(other, n), nb, tag, tid;
            pvm_bufinfo(id, &nb, &tag, &tid);
            expect(nb == 4 * size + 24 + 3 && tag == n && tid == other);
            expect(pvm_upkint(back, size, 1) == PvmOk);
            for (int k = 0; k < size; k++) {
                expect(back[k] == value(1, n, k));
            }
            dback[1] = dback[3] = dback[5] = 7;
            expect(pvm_upkdouble(dback, 3, 2) == PvmOk);
            expect(dback[0] == 1.5 && dback[2] == -2.25 && dback[4] == 1e10 && dback[1] == 7 && dback[5] == 7);
            expect(pvm_upkbyte(bback, 3, 1) == PvmOk && bback[0] == 'a' && bback[1] == 'c' && bback[2] == 'e');
            expect(pvm_upkbyte(bback, 1, 1) == PvmNoData);
            /* the single-call pair, the reply the same size */
            expect(pvm_psend(other, 100 + n, ints, size, PVM_INT) == PvmOk);
            int rtid, rtag, rlen;
            expect(pvm_precv(other, 100 + n, back, 1500, PVM_INT, &rtid, &rtag, &rlen) == PvmOk);
            expect(rtid == other && rtag == 100 + n && rlen == size);
            for (int k = 0; k < size; k++) {
                expect(back[k] == value(1, n, k) + 1);
            }
        } else if (me == 1) {
            pvm_recv(other, n);
            expect(pvm_upkint(back, size, 1) == PvmOk);
            for (int k = 0; k < size; k++) {
                expect(back[k] == value(0, n, k));
            }
            pvm_initsend(PvmDataRaw);
            pvm_pkint(ints, size, 1);
            /* pass the doubles and bytes on as they came */
            expect(pvm_upkdouble(dback, 3, 1) == PvmOk);
            expect(pvm_upkbyte(bback, 3, 1) == PvmOk);
            pvm_pkdouble(dback, 3, 1);
            pvm_pkbyte(bback, 3, 1);
            pvm_send(other, n);
            int rtid, rtag, rlen;
            expect(pvm_precv(-1, -1, back, 1500, PVM_INT, &rtid, &rtag, &rlen) == PvmOk);
            expect(rtid == other && rtag == 100 + n && rlen == size);
            for (int k = 0; k < size; k++) {
                back[k] = value(1, n, k) + 1;
            }
            pvm_psend(other, rtag, back, size, PVM_INT);
        }
    }
}

/* Every PE but 0 sends 6 messages to PE 0, of 1 to about 3 fragments, tag = sequence number. */
static void many_to_one(int me, int p) {
    int buf[1000];
    if (me != 0) {
        for (int i = 0; i < 6; i++) {
            int size = (me * 37 + i * 300) % 1000;
            for (int k = 0; k < size; k++) {
                buf[k] = value(me, i, k);
            }
            pvm_initsend(PvmDataRaw);
            pvm_pkint(&size, 1, 1);
            pvm_pkint(buf, size, 1);
            pvm_send(pvm_gettid(0, 0), i);
        }
        return;
    }
    int next[PVM_MAX_PES] = {0};
    for (int m = 0; m < 6 * (p - 1); m++) {
        int id = pvm_recv(-1, -1), tag, tid, size;
        pvm_bufinfo(id, 0, &tag, &tid);
        int s = pvm_get_PE(tid);
        expect(s > 0 && s < p && tag == next[s]);
        next[s]++;
        pvm_upkint(&size, 1, 1);
        expect(size == (s * 37 + tag * 300) % 1000);
        pvm_upkint(buf, size, 1);
        for (int k = 0; k < size; k++) {
            expect(buf[k] == value(s, tag, k));
        }
    }
    for (int s = 1; s < p; s++) {
        expect(next[s] == 6);
    }
}

static void matching(int me) {
    static const int tags[] = {3, 1, 2, 7};
    if (me == 1) {
        for (int i = 0; i < 4; i++) {
            pvm_psend(pvm_gettid(0, 0), tags[i], &tags[i], 1, PVM_INT);
        }
    } else if (me == 0) {
        static const int want[][2] = {{1, 2}, {-1, -1}, {-1, 1}, {-1, 9}, {1, -1}};
        for (int i = 0; i < 5; i++) {
            int tid = want[i][0] == -1 ? -1 : pvm_gettid(0, want[i][0]), tag = want[i][1], v = -1;
            int id = tag == 9 ? pvm_nrecv(tid, tag) : pvm_recv(tid, tag);
            if (id > 0) {
                pvm_upkint(&v, 1, 1);
            }
            printf("recv(%s, %d) -> %d\n", tid == -1 ? "any" : "PE 1", tag, v);
        }
    }
}

/* Each PE sends 3 messages of 5 fragments to its right neighbour before receiving from its left one: more
 * than the ring holds, so the senders drain their rings while waiting for credit. */
static void exchange(int me, int p) {
    static int out[640], in[640];
    int right = pvm_gettid(0, (me + 1) % p), left = pvm_gettid(0, (me + p - 1) % p);
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < 640; k++) {
            out[k] = value(me, i, k);
        }
        pvm_psend(right, i, out, 640, PVM_INT);
    }
    for (int i = 0; i < 3; i++) {
        int rlen;
        pvm_precv(left, i, in, 640, PVM_INT, 0, 0, &rlen);
        expect(rlen == 640);
        for (int k = 0; k < 640; k++) {
            expect(in[k] == value(pvm_get_PE(left), i, k));
        }
    }
}

/* Long messages (PVM_DATA_MAX, default 2048 bytes: here 8000): one packed buffer sent twice, to the right
 * neighbour and to this PE itself, then changed by a new pack while the first sends may not have been got; and a
 * long psend to itself. The receiver gets each from the sender's kept buffer. */
static void long_messages(int me, int p) {
    static int out[2000], in[2000];
    int self = pvm_gettid(0, me), right = pvm_gettid(0, (me + 1) % p), left = (me + p - 1) % p;
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 2000; k++) {
            out[k] = value(me, 10 + i, k);
        }
        pvm_initsend(PvmDataRaw);
        pvm_pkint(out, 2000, 1);
        pvm_send(right, 20 + i);
        pvm_send(self, 30 + i);
    }
    pvm_psend(self, 40, out, 2000, PVM_INT);
    for (int i = 0; i < 2; i++) {
        int bytes, tag, tid;
        expect(pvm_bufinfo(pvm_recv(-1, 20 + i), &bytes, &tag, &tid) == PvmOk);
        expect(bytes == 8000 && tag == 20 + i && tid == pvm_gettid(0, left) && pvm_upkint(in, 2000, 1) == PvmOk);
        for (int k = 0; k < 2000; k++) {
            expect(in[k] == value(left, 10 + i, k));
        }
        expect(pvm_bufinfo(pvm_recv(self, 30 + i), &bytes, &tag, &tid) == PvmOk);
        expect(bytes == 8000 && tag == 30 + i && tid == self && pvm_upkint(in, 2000, 1) == PvmOk);
        for (int k = 0; k < 2000; k++) {
            expect(in[k] == value(me, 10 + i, k));
        }
    }
    pvm_precv(self, 40, in, 2000, PVM_INT, 0, 0, 0);
    for (int k = 0; k < 2000; k++) {
        expect(in[k] == value(me, 11, k));
    }
}

int main(void) {
    int me = pvm_get_PE(pvm_mytid()), p = shmem_n_pes();
    expect(pvm_parent() == PvmNoParent && pvm_gettid(0, p) == PvmBadParam && pvm_get_PE(5) == PvmBadParam);
    expect(pvm_send(pvm_gettid(0, 0), -1) == PvmBadParam);
    if (p >= 2) {
        pingpong(me);
    }
    /* the barriers keep each part's messages out of the next part's wildcard receives */
    shmem_barrier_all();
    many_to_one(me, p);
    shmem_barrier_all();
    if (p >= 2) {
        matching(me);   /* PE 0 receives from PE 1: on 1 PE its wildcard receive would wait for ever */
    }
    exchange(me, p);
    shmem_barrier_all();
    long_messages(me, p);
    pvm_exit();
    return check_report("pvm", errors);
}
