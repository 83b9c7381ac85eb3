/* COMMS2 (GENESIS exchange, seed 001 section 4.1, Figure 7) under PVM, as programs/t3d-mpi/comms2.c times it under
 * MPI (docs/t3d-msg.md, "Costs"): PEs 0 and 1 send each other a message of each size at the same time, then
 * receive it; one iteration is one transfer, so the iteration time is the latency. With pack, send, receive and
 * unpack ("pvm") and with psend/precv ("psend"); every received byte is checked.
 * Prints: library bytes cycles-per-transfer us MB/s, from PE 0, then "exchange: N error(s)".
 * Usage: exchange [reps] [maxbytes] (default 4 and 65536). Link with -lpvm. */
#include <pvm3.h>
#include <shmem.h>
#include <t3d.h>
#include <stdio.h>
#include <stdlib.h>

static int errors;

static void fill(int *b, int words, int who, int bytes)
{
    for (int i = 0; i < words; i++)
        b[i] = who * 1000003 + bytes + i;
}

static void check(const int *b, int words, int who, int bytes)
{
    for (int i = 0; i < words; i++)
        if (b[i] != who * 1000003 + bytes + i) {
            errors++;
            return;
        }
}

int main(int argc, char **argv)
{
    static const char *names[] = {"pvm", "psend"};
    int me = shmem_my_pe(), reps = argc > 1 ? atoi(argv[1]) : 4, max = argc > 2 ? atoi(argv[2]) : 65536;
    int *out = (int *)malloc(max + 8), *in = (int *)malloc(max + 8);
    for (int l = 0; l < 2; l++)
        for (int bytes = 8; bytes <= max; bytes = bytes < 64 ? bytes + 8 : bytes * 2) {
            int words = bytes / 4, other = pvm_gettid(0, 1 - me);
            /* fewer repetitions of the long messages, as comms2.c */
            int n = bytes <= 4096 ? reps : reps * 4096 / bytes < 2 ? 2 : reps * 4096 / bytes;
            fill(out, words, me, bytes);
            shmem_barrier_all();
            unsigned long long t0 = t3d_cycles();
            for (int i = 0; i < n && me < 2; i++) {
                if (l == 0) {
                    pvm_initsend(PvmDataRaw);
                    pvm_pkint(out, words, 1);
                    pvm_send(other, 5);
                    pvm_recv(other, 5);
                    pvm_upkint(in, words, 1);
                } else {
                    pvm_psend(other, 6, out, words, PVM_INT);
                    pvm_precv(other, 6, in, words, PVM_INT, 0, 0, 0);
                }
            }
            unsigned long long c = (t3d_cycles() - t0) / n;
            if (me < 2)
                check(in, words, 1 - me, bytes);
            if (me == 0)
                printf("%s %d %llu %.2f %.2f\n", names[l], bytes, c, c / 150.0, bytes * 150.0 / c);
        }
    shmem_barrier_all();
    if (me < 2) {
        long e = errors, sum = 0;
        static long all[2];
        shmem_put(&all[me], &e, 1, 0);
        shmem_barrier_all();
        if (me == 0) {
            sum = all[0] + all[1];
            printf("exchange: %ld error(s)\n", sum);
        }
    } else {
        shmem_barrier_all();
    }
    return 0;
}
