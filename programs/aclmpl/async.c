/* ACLMPL's asynchronous protocol on any number of PEs (docs/aclmpl.md, "Asynchronous protocol"):
 * 1. the non-blocking receive finds nothing before anything was sent;
 * 2. every PE but 0 sends PE 0 M messages with tag 1 and then one with tag 2, more than PE 0's pool holds;
 *    PE 0 first takes the tag-2 messages, so the pool overflows: the tag-1 messages go to the linked list, the
 *    register is reset, blocked senders go on; then PE 0 takes the tag-1 messages of each sender, in order;
 * 3. every PE sends M messages to the next PE before receiving any: each pool overflows while its owner is
 *    itself a blocked sender, which serves its own pool meanwhile;
 * 4. a message to itself, and any-source receives with the source and tag reported.
 * Prints "async: OK" on PE 0 and exits 0, or the failed checks and "async: FAILED". */
#include "check.h"

#define M 24

static int value(int from, int seq, int i) {
    return from * 65536 + seq * 256 + i;
}

static void fill(int *buf, int from, int seq, int words) {
    for (int i = 0; i < words; i++) {
        buf[i] = value(from, seq, i);
    }
}

static int check_message(int *buf, int from, int seq, int words) {
    for (int i = 0; i < words; i++) {
        if (buf[i] != value(from, seq, i)) {
            return 0;
        }
    }
    return 1;
}

static int buf[ACLMPL_SLOT_BYTES / 4];

static int body(int argc, char **argv) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    int src;
    int tag;
    CHECK(aclmpl_receive_async(ACLMPL_ANY, ACLMPL_ANY, buf, 64, &src, &tag) == -1, "a message out of nowhere");
    aclmpl_sync();

    /* 2. Many senders, one receiver that takes the last messages first. */
    if (me != 0) {
        for (int s = 0; s < M; s++) {
            int words = 1 + (s * 7 + me) % 40;
            fill(buf, me, s, words);
            CHECK(aclmpl_send_async(0, 1, buf, words * 4) == words * 4, "send");
        }
        fill(buf, me, 99, 8);
        aclmpl_send_async(0, 2, buf, 32);
    } else {
        for (int k = 1; k < p; k++) {
            int got = aclmpl_receive_block(ACLMPL_ANY, 2, buf, 64, &src, &tag);
            CHECK(got == 32 && tag == 2 && src > 0 && src < p && check_message(buf, src, 99, 8),
                  "tag-2 message %d: %d bytes from %d", k, got, src);
        }
        for (int from = 1; from < p; from++) {
            for (int s = 0; s < M; s++) {
                int words = 1 + (s * 7 + from) % 40;
                int got = aclmpl_receive_block(from, 1, buf, ACLMPL_SLOT_BYTES, &src, &tag);
                CHECK(got == words * 4 && src == from && tag == 1 && check_message(buf, from, s, words),
                      "message %d of PE %d: %d bytes", s, from, got);
            }
        }
        struct aclmpl_async_stats st;
        aclmpl_async_stats(&st);
        if (p > 1 && (p - 1) * (M + 1) > ACLMPL_SLOTS) {
            CHECK(st.resets > 0 && st.listed > 0 && st.from_list > 0, "no overflow: %d resets, %d listed, %d from the list",
                  st.resets, st.listed, st.from_list);
        }
    }
    aclmpl_sync();

    /* 3. Everybody sends to the next PE first. */
    int next = (me + 1) % p;
    int prev = (me + p - 1) % p;
    for (int s = 0; s < M; s++) {
        fill(buf, me, s, 16);
        aclmpl_send_async(next, 5, buf, 64);
    }
    for (int s = 0; s < M; s++) {
        int got = aclmpl_receive_block(prev, 5, buf, 64, 0, 0);
        CHECK(got == 64 && check_message(buf, prev, s, 16), "ring message %d: %d bytes", s, got);
    }
    CHECK(aclmpl_receive_async(ACLMPL_ANY, ACLMPL_ANY, buf, 64, 0, 0) == -1, "a message left over");

    /* 4. To itself, the largest message, and a receive that takes only part of it. */
    fill(buf, me, 7, ACLMPL_SLOT_BYTES / 4);
    CHECK(aclmpl_send_async(me, 9, buf, ACLMPL_SLOT_BYTES) == ACLMPL_SLOT_BYTES, "send to itself");
    CHECK(aclmpl_send_async(me, 9, buf, ACLMPL_SLOT_BYTES + 4) == -1, "a message larger than a buffer");
    buf[0] = 0;
    buf[4] = -3;
    int got = aclmpl_receive_async(me, ACLMPL_ANY, buf, 16, &src, &tag);
    CHECK(got == ACLMPL_SLOT_BYTES && src == me && tag == 9 && buf[0] == value(me, 7, 0) && buf[4] == -3,
          "message to itself: %d bytes, tag %d", got, tag);
    return failures != 0;
}

int main(int argc, char **argv) {
    return report("async", aclmpl_run(argc, argv, body));
}
