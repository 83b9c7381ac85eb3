/* mpi_compute.c - ranks that compute long between rare messages: the case for parallel nodes (scmpsim --threads,
 * docs/performance.md, "Parallel nodes").
 *
 *   ROUNDS times: every rank runs ITER iterations of an integer loop (about four instructions each), then the ranks
 *   sum their values with MPI_Allreduce; rank 0 prints each round's sum.
 *
 * Usage: mpi_compute ITER ROUNDS
 * Launch: `scmpsim -n 16 mpi_compute 200000 4`. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, i, r, iter, rounds;
    unsigned v = 1, w = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    iter = argc > 1 ? atoi(argv[1]) : 200000;
    rounds = argc > 2 ? atoi(argv[2]) : 4;
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < iter; i++) {
            v = v * 3 + i + rank;
        }
        MPI_Allreduce(&v, &w, 1, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("round %d: %u\n", r, w);
        }
    }
    MPI_Finalize();
    return 0;
}
