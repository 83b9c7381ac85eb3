/* main() of the programs written in the thesis's launch form, included at the end of each (after start(), which
 * calls MPI_Init and MPI_Finalize, and the failed flag it sets), with the program's name in PROGRAM. On SCMP node 0
 * starts start() on every node (parExecute) unless scmpsim -n runs main on every rank; on the other machine models
 * every process runs main, as under mpirun, and start() keeps its rank in MPI_COMM_WORLD in world_rank. */
int main(int argc, char **argv)
{
#ifdef __SCMP__
    /* The thesis's launch form: node 0 starts start() on every node. Run by scmpsim -n, every rank runs main
     * and starts its own. */
    if (getenv("SCMP_NPROCS"))
        start(argc, argv);
    else
        parExecute(getXDim() * getYDim(), start, argc, argv);
    if (getNodeId() == 0)
#else
    /* Elsewhere (the T3D, the SP) every process runs main, as under mpirun. */
    start(argc, argv);
    if (world_rank == 0)
#endif
        printf(PROGRAM ": %s\n", failed ? "FAILED" : "OK");
    return failed;
}
