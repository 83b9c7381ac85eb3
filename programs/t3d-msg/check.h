/* The test programs' common end: every PE's error count is put into PE 0's table, PE 0 prints one line and
 * returns the total (the program's exit status). */
#include <shmem.h>
#include <stdio.h>

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
