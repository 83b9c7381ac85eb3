/* The MPI program of the thesis's section 6.2 in its SCMP form, exactly as the thesis prints it: main runs
 * only on node 0, so it runs the old main, renamed start, on every node with parExecute. Only "scmp.h" is
 * included; it brings in printf and MPI. MPI_Init is passed argc and argv themselves rather than their
 * addresses (scmpcc warns); libmpi's MPI_Init does not use its arguments. Rank 0 sends 5 to rank 1, which
 * prints
 *     Value received: 5
 * (tests: ScmpLibraryTest). Below this comment, the thesis's text unchanged. */

#include "scmp.h"
void start(int argc, char *argv) {
    int rank;
    int val;
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank==0) {
        val = 5;
        MPI_Send(&val, 1, MPI_INT, 1, 99, MPI_COMM_WORLD);
    } else if (rank==1) {
        MPI_Recv(&val, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, MPI_STATUS_NULL);
        printf("Value received: %u\n", val);
    }
    MPI_Finalize();
}
int main(int argc, char *argv) {
    parExecute(getXDim()*getYDim(), start, argc, argv);
    return(0);
}
