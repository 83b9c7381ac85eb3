/* HAL over the SP switch (docs/sp.md, "HAL"). First node 0 sends PACKETS packets to every other node, numbered by
 * their user word, with payloads of 4 to 64 bytes; then every other node sends node 0 PACKETS packets of 256 bytes
 * at once, and reports the order its own packets arrived in. Node 0 checks every payload and prints, per node,
 * the arrival order and how many packets arrived after a later-numbered one of the same sender: the switch's four
 * routes are of different lengths, so a packet on a shorter route can overtake the one sent before it (HAL itself
 * does not reorder). Last, nodes 0 and 1 time a one-word
 * ping-pong. Run: scmpcc -mmachine=sp hal_packets.c -o p && scmpsim -n 4 p */
#include <hal.h>
#include <stdio.h>

#define PACKETS 12
#define REPORT 0x10000
#define MAX_NODES 128

static int payload(int seq, int k) {
    return seq * 1000 + k;
}

/* Notes packet `seq` of a sender whose highest so far is *highest; returns 1 when it arrived late. */
static int late(int seq, int *highest) {
    if (seq < *highest) {
        return 1;
    }
    *highest = seq;
    return 0;
}

static int small[PACKETS][16];
static int big[PACKETS][64];
static int reports[MAX_NODES][PACKETS + 2];
static int highest[MAX_NODES], lates[MAX_NODES];
static int orders[MAX_NODES][PACKETS];

int main(void) {
    int me = hal_my_node(), n = hal_nodes();
    int buf[64];
    hal_packet_t info;
    hal_init();
    if (me == 0) {
        for (int dst = 1; dst < n; dst++) {
            for (int s = 0; s < PACKETS; s++) {
                int words = 1 + (s * 5) % 16;
                for (int k = 0; k < words; k++) {
                    small[s][k] = payload(s, k);
                }
                hal_send(dst, s, small[s], 4 * words);
            }
            hal_send_wait();
        }
        int got = 0, bad = 0, count[MAX_NODES] = {0};
        for (int i = 0; i < n; i++) {
            highest[i] = -1;
        }
        while (got < (n - 1) * (PACKETS + 1)) {
            hal_recv(&info, buf, sizeof buf);
            got++;
            if (info.user == REPORT) {
                for (int k = 0; k < PACKETS + 2; k++) {
                    reports[info.src][k] = buf[k];
                }
                continue;
            }
            bad += info.bytes != sizeof big[0];
            for (int k = 0; k < 64; k++) {
                bad += buf[k] != payload(info.user, info.src + k);
            }
            orders[info.src][count[info.src]++] = info.user;
            lates[info.src] += late(info.user, &highest[info.src]);
        }
        for (int i = 1; i < n; i++) {
            printf("node %d got:", i);
            for (int s = 0; s < PACKETS; s++) {
                printf(" %d", reports[i][s]);
            }
            printf("; late %d, bad %d\n", reports[i][PACKETS], reports[i][PACKETS + 1]);
        }
        for (int i = 1; i < n; i++) {
            printf("from node %d:", i);
            for (int s = 0; s < PACKETS; s++) {
                printf(" %d", orders[i][s]);
            }
            printf("; late %d\n", lates[i]);
        }
        printf("bad payloads at node 0: %d\n", bad);
        if (n > 1) {
            unsigned long long t0 = hal_cycles();
            hal_send(1, 77, &me, 4);
            hal_recv(&info, buf, sizeof buf);
            unsigned long long t = hal_cycles() - t0;
            printf("ping-pong of one word with node 1: %llu cycles (%llu.%02llu us round trip)\n", t,
                   t / SP_CLOCK_MHZ, t % SP_CLOCK_MHZ * 100 / SP_CLOCK_MHZ);
        }
    } else {
        int order[PACKETS + 2], highest_seen = -1, nlate = 0, nbad = 0;
        for (int i = 0; i < PACKETS; i++) {
            hal_recv(&info, buf, sizeof buf);
            int s = info.user;
            int words = 1 + (s * 5) % 16;
            nbad += info.src != 0 || info.bytes != 4 * words;
            for (int k = 0; k < words; k++) {
                nbad += buf[k] != payload(s, k);
            }
            order[i] = s;
            nlate += late(s, &highest_seen);
        }
        order[PACKETS] = nlate;
        order[PACKETS + 1] = nbad;
        for (int s = 0; s < PACKETS; s++) {
            for (int k = 0; k < 64; k++) {
                big[s][k] = payload(s, me + k);
            }
            hal_send(0, s, big[s], sizeof big[s]);
        }
        hal_send(0, REPORT, order, sizeof order);
        hal_send_wait();
        if (me == 1) {
            hal_recv(&info, buf, sizeof buf);
            hal_send(0, 78, buf, 4);
            hal_send_wait();
        }
    }
    return 0;
}
