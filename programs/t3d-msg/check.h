/* The test programs' checks: expect counts the failed ones, value is the word a test sends (s, i: sender and
 * message or receiver; k: the index in the message), and the common end, check_report: every PE's error count
 * is put into PE 0's table, PE 0 prints one line and returns the total (the program's exit status). */
#include <shmem.h>
#include <stdio.h>

static int errors;

static void expect(int cond) {
    if (!cond) {
        errors++;
    }
}

static int value(int s, int i, int k) {
    return s * 100003 + i * 1009 + k;
}

static long check_errors[64];

static int check_report(const char *name, int errors) {
    int me = shmem_my_pe(), p = shmem_n_pes(), total = 0;
    t3d_put_word(&check_errors[me], errors, 0);
    shmem_barrier_all();
    if (me != 0) {
        return 0;
    }
    shmem_udcflush();
    for (int i = 0; i < p; i++) {
        total += (int) check_errors[i];
    }
    printf("%s: %d PEs, %d error(s)\n", name, p, total);
    return total != 0;
}
