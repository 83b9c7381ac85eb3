/* The common part of the application kernels of Stricker et al. (fft2d.c, sor.c): the library named on the
 * command line, the cycle counters of the computation and the communication, and PE 0's report. */
#include <pvm3.h>
#include <rrmsg.h>
#include <dmsg.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

enum { LIB_PVM, LIB_RRMSG, LIB_DMSG };
static const char *lib_names[] = {"pvm", "rrmsg", "dmsg"};

static int lib_of(const char *name) {
    for (int l = 0; l < 3; l++) {
        if (strcmp(name, lib_names[l]) == 0) {
            return l;
        }
    }
    return -1;
}

static unsigned long long comp_cycles, comm_cycles, mark;

static void start(void) {
    mark = t3d_cycles();
}

static void stop(unsigned long long *counter) {
    unsigned long long now = t3d_cycles();
    *counter += now - mark;
    mark = now;
}

/* Every PE's checksum and communication cycles, gathered on PE 0 (each PE has its own slots). */
static double sums[64];
static unsigned long long comms[64];

/* Prints: kernel library PEs N total-cycles computation-cycles communication-cycles MFLOPS/node MB/s/node
 * checksum. The cycles are PE 0's but the communication's, which is the least of any PE's: the PE that waits
 * least for others, whose communication time is the transfers and the synchronisation (PE 0 of SOR, with a
 * boundary row fewer to compute, waits for its neighbour). MFLOPS over the whole run, MB/s over the
 * communication. */
static void report(const char *kernel, int lib, int n, double flops, double bytes_per_pe, double sum) {
    int me = shmem_my_pe(), p = shmem_n_pes();
    shmem_put((long *) &sums[me], (const long *) &sum, 2, 0);
    shmem_put((long *) &comms[me], (const long *) &comm_cycles, 2, 0);
    shmem_barrier_all();
    if (me != 0) {
        return;
    }
    shmem_udcflush();
    double total = 0;
    unsigned long long comm = comms[0];
    for (int i = 0; i < p; i++) {
        total += sums[i];
        comm = comms[i] < comm ? comms[i] : comm;
    }
    unsigned long long all = comp_cycles + comm_cycles;
    printf("%s %s %d %d %llu %llu %llu %.2f %.2f %.6e\n", kernel, lib_names[lib], p, n, all, comp_cycles, comm,
           flops / p / (all / 150.0), bytes_per_pe / (comm / 150.0), total);
}
