/* The checks the standalone MPI test programs of this directory share. A program includes this after <stdio.h>
 * and <mpi.h>, sets rank and size after MPI_Init, counts every failed condition on its process with check() (or
 * errors++), and ends each part with report("what"): the counts are summed over MPI_COMM_WORLD, rank 0 prints
 * "what: ok" or "what: FAILED" and remembers a failure in failed, which the program then returns. spin() keeps a
 * process busy for a while of MPI_Wtime's time, so that the others run ahead of it. */
#ifndef PROGRAMS_MPI_CHECK_H
#define PROGRAMS_MPI_CHECK_H

static int rank, size, errors, failed;

__attribute__((unused)) static void check(int ok)
{
    if (!ok)
        errors++;
}

static void report(const char *what)
{
    int total = 0;
    MPI_Allreduce(&errors, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%s: %s\n", what, total ? "FAILED" : "ok");
        if (total)
            failed = 1;
    }
    errors = 0;
}

__attribute__((unused)) static void spin(double seconds)
{
    double t = MPI_Wtime();
    while (MPI_Wtime() - t < seconds)
        ;
}

#endif
