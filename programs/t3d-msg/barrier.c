/* PVM's barrier against processes, as seed 001's Figure 8 measures it beside MPI's (docs/t3d-msg.md, "Barrier"):
 * pvm_barrier over the tasks on PEs 0 .. n-2, one less than the partition, as collbench.c times MPI_Barrier
 * (so that neither is the hardware barrier; on 2 PEs all of them). First a check: each task waits a time of
 * its own before the barrier, and no task may leave it before the last has come. Then reps calls back to back
 * after an untimed one; the figure is the slowest task's time per call.
 * Prints: "barrier: check ok" (or what failed) and "pvm_barrier TASKS cycles us". Usage: barrier [reps]
 * (default 4). Link with -lpvm. */
#include <pvm3.h>
#include <shmem.h>
#include <t3d.h>
#include <stdio.h>
#include <stdlib.h>

static long entered[PVM_MAX_PES], left[PVM_MAX_PES], took[PVM_MAX_PES];

int main(int argc, char **argv) {
    int me = shmem_my_pe(), n = shmem_n_pes(), reps = argc > 1 ? atoi(argv[1]) : 4;
    int count = n > 2 ? n - 1 : n, bad = 0;
    long t;

    if (me < count) {
        /* the tasks come at different times, the last (the highest PE) 2000 cycles after the first */
        unsigned long long until = t3d_cycles() + 2000 * (me + 1) / count;
        while (t3d_cycles() < until) {
        }
        t = (long) t3d_cycles();
        shmem_put(&entered[me], &t, 1, 0);
        if (pvm_barrier(0, count) != PvmOk) {
            bad++;
        }
        t = (long) t3d_cycles();
        shmem_put(&left[me], &t, 1, 0);
    } else if (pvm_barrier(0, count) != PvmNotInGroup) {
        bad++;
    }
    shmem_barrier_all();
    if (me == 0) {
        long last_in = 0, first_out = left[0];
        for (int i = 0; i < count; i++) {
            last_in = entered[i] > last_in ? entered[i] : last_in;
            first_out = left[i] < first_out ? left[i] : first_out;
        }
        if (first_out < last_in) {
            printf("barrier: a task left at cycle %ld before the last came at %ld\n", first_out, last_in);
        } else if (bad) {
            printf("barrier: a call returned the wrong code\n");
        } else {
            printf("barrier: check ok\n");
        }
    }

    /* Sends before the barrier, received after it: every task but 0 sends task 0 six messages, more than its
     * ring holds, so the last waits for a credit that task 0 gives only while it takes arrivals, in the barrier
     * too; and none of the barrier's own messages is taken by a receive of any source and tag. */
    shmem_barrier_all();
    if (me < count) {
        int v[16], got = 0, wrong = 0;
        for (int i = 0; me > 0 && i < 6; i++) {
            for (int j = 0; j < 16; j++) {
                v[j] = me * 100 + i * 16 + j;
            }
            pvm_psend(pvm_gettid(0, 0), 7, v, 16, PVM_INT);
        }
        pvm_barrier(0, count);
        if (me == 0) {
            int next[PVM_MAX_PES] = {0}, tid, tag, len;
            for (int k = 0; k < 6 * (count - 1); k++) {
                pvm_precv(-1, -1, v, 16, PVM_INT, &tid, &tag, &len);
                int src = pvm_get_PE(tid), i = next[src]++;
                for (int j = 0; j < 16; j++) {
                    wrong += v[j] != src * 100 + i * 16 + j;
                }
                wrong += tag != 7 || len != 16;
                got++;
            }
            if (pvm_nrecv(-1, -1) != 0) {
                wrong++;
            }
            printf(wrong ? "barrier: sends before it wrong (%d of %d)\n" : "barrier: sends before it ok\n", wrong,
                   got);
        }
    }

    shmem_barrier_all();
    if (me < count) {
        pvm_barrier(0, count);
        unsigned long long t0 = t3d_cycles();
        for (int i = 0; i < reps; i++) {
            pvm_barrier(0, count);
        }
        t = (long) ((t3d_cycles() - t0) / reps);
        shmem_put(&took[me], &t, 1, 0);
    }
    shmem_barrier_all();
    if (me == 0) {
        long slowest = 0;
        for (int i = 0; i < count; i++) {
            slowest = took[i] > slowest ? took[i] : slowest;
        }
        printf("pvm_barrier %d %ld %.2f\n", count, slowest, slowest / 150.0);
    }
    return 0;
}
