/* spmd.h - lets an unmodified MPI program (main calls MPI_Init) run on every node of SCMP, and the same
 * source run under any other MPI (mpicc, mpiexec), where this header does nothing.
 *
 * On SCMP a program starts on node 0 only unless it is launched SPMD (scmpsim -n N sets SCMP_NPROCS); then
 * the program's main is started on every node with parExecute, the thesis's launch form (section 6.2), and
 * the run's exit status is rank 0's. Include it after <mpi.h>, before main. */
#ifndef SPMD_H
#define SPMD_H
#ifdef __SCMP__
#include <stdlib.h>
#include <scmp.h>

int spmd_main(int argc, char **argv);
static int spmd_status;

static void spmd_start(int argc, char **argv)
{
    int status = spmd_main(argc, argv);
    if (getNodeId() == 0)
        spmd_status = status;
}

int main(int argc, char **argv)
{
    if (getenv("SCMP_NPROCS"))
        return spmd_main(argc, argv);       /* already SPMD */
    parExecute(getXDim() * getYDim(), (void (*)())spmd_start, argc, argv);
    return spmd_status;
}

#define main spmd_main
#endif
#endif
