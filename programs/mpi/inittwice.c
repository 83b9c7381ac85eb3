/* inittwice.c - a program in the thesis's launch form only (main starts the MPI part on every node with
 * parExecute). Run as the thesis runs it (scmpsim --mesh XxY) it prints "inittwice: OK". Run by scmpsim -n N,
 * every rank runs main, so every node is asked N times to start MPI: libmpi ends the run at the second
 * MPI_Init of a node with MPI_ERR_OTHER and a line that says why, one whole line per rank that gets there. */
#include <stdio.h>
#include <scmp.h>
#include <mpi.h>

void start(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
}

int main(int argc, char **argv)
{
    parExecute(getXDim() * getYDim(), start, argc, argv);
    printf("inittwice: OK\n");
    return 0;
}
