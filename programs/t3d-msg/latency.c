/* The one-way time of a message between PEs 0 and 1 under each library (docs/t3d-msg.md, "Costs"): a
 * ping-pong of reps round trips, halved, for PVM (pack, send, receive, unpack), PVM's psend/precv, RRMSG
 * (request, pull, acknowledgement) and DMSG (a deposit and the barrier that tells the receiver it is there).
 * Prints: library bytes cycles us MB/s, from PE 0. Usage: latency [reps] [bytes...] (default 10, 8 and
 * 4096; at most 1 MB; messages above 4 KB take fewer round trips, reps * 4096 / bytes and at least 2, as
 * programs/t3d-mpi/comms1.c). Link with -lpvm -lrrmsg -ldmsg. `scmpexp t3d mpi` runs it as COMMS1 under PVM. */
#include <pvm3.h>
#include <rrmsg.h>
#include <dmsg.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXWORDS 262144
static int buf[MAXWORDS];

static void pvm_round(int me, int words) {
    int other = pvm_gettid(0, 1 - me);
    if (me == 1) {
        pvm_recv(other, 1);
        pvm_upkint(buf, words, 1);
    }
    pvm_initsend(PvmDataRaw);
    pvm_pkint(buf, words, 1);
    pvm_send(other, 1);
    if (me == 0) {
        pvm_recv(other, 1);
        pvm_upkint(buf, words, 1);
    }
}

static void psend_round(int me, int words) {
    int other = pvm_gettid(0, 1 - me);
    if (me == 1) {
        pvm_precv(other, 2, buf, words, PVM_INT, 0, 0, 0);
    }
    pvm_psend(other, 2, buf, words, PVM_INT);
    if (me == 0) {
        pvm_precv(other, 2, buf, words, PVM_INT, 0, 0, 0);
    }
}

static void rrmsg_round(int me, int words) {
    if (me == 1) {
        rr_recv(buf, words, 0, 3);
    }
    rr_send(buf, words, 1 - me, 3);
    if (me == 0) {
        rr_recv(buf, words, 1, 3);
    }
}

/* the deposit into the other PE's array, then the barrier that tells it the data is there; both PEs take
 * part in both barriers */
static void dmsg_round(int me, int words) {
    static int in[MAXWORDS];
    if (me == 0) {
        dmsg_put(in, buf, words, 1);
    }
    dmsg_sync();
    if (me == 1) {
        dmsg_put(in, buf, words, 0);
    }
    dmsg_sync();
}

int main(int argc, char **argv) {
    static const char *names[] = {"pvm", "psend", "rrmsg", "dmsg"};
    void (*rounds[])(int, int) = {pvm_round, psend_round, rrmsg_round, dmsg_round};
    int me = shmem_my_pe(), reps = argc > 1 ? atoi(argv[1]) : 10;
    int defaults[] = {8, 4096}, nsizes = argc > 2 ? argc - 2 : 2;
    for (int s = 0; s < nsizes; s++) {
        int bytes = argc > 2 ? atoi(argv[2 + s]) : defaults[s], words = (bytes + 3) / 4;
        if (words > MAXWORDS) {
            words = MAXWORDS;
        }
        int n = bytes <= 4096 ? reps : reps * 4096 / bytes < 2 ? 2 : reps * 4096 / bytes;
        for (int l = 0; l < 4; l++) {
            shmem_barrier_all();
            unsigned long long t0 = t3d_cycles();
            /* DMSG's barriers span every PE, so all take part in its rounds */
            for (int i = 0; i < n && (me < 2 || l == 3); i++) {
                rounds[l](me, words);
            }
            unsigned long long c = (t3d_cycles() - t0) / (2 * n);
            rr_wait_sends();
            if (me == 0) {
                printf("%s %d %llu %.2f %.2f\n", names[l], 4 * words, c, c / 150.0, 4.0 * words * 150.0 / c);
            }
        }
    }
    return 0;
}
