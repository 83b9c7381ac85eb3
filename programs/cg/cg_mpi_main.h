/* cg_mpi_main.h - the command line, the thesis's launch form and main() of the MPI CG programs (cg_mpi.c and
 * cg_mpi_faithful.c), which differ only in cg_run(). A program defines CG_PROGRAM (its name, for messages) and
 * cg_run(nnz, n, tol), which sets the static status, and then includes this file. */

/* Parses the command line; returns 0, or prints why not and returns 2. */
static int parse(int argc, char **argv, int *nnz, int *n, double *tol)
{
    struct cg_problem pb;
    const char *why;
    if (argc < 2) {
        fprintf(stderr, "usage: " CG_PROGRAM " NNZ [N] [TOL]\n");
        return 2;
    }
    *nnz = atoi(argv[1]);
    *n = argc > 2 ? atoi(argv[2]) : 1000;
    *tol = argc > 3 ? atof(argv[3]) : CG_TOL;
    why = cg_setup(&pb, *n, *nnz);
    if (why) {
        fprintf(stderr, CG_PROGRAM ": n %d, nnz %d: %s\n", *n, *nnz, why);
        return 2;
    }
    free(pb.dist);
    free(pb.deg);
    return 0;
}

#ifdef __SCMP__
union dw {
    double d;
    int w[2];
};

/* The thesis's launch form: every node runs this (parExecute); the tolerance comes as two words. */
void cg_start(int nnz, int n, int tol_lo, int tol_hi)
{
    union dw u;
    u.w[0] = tol_lo;
    u.w[1] = tol_hi;
    MPI_Init(0, 0);
    cg_run(nnz, n, u.d);
    MPI_Finalize();
}
#endif

int main(int argc, char **argv)
{
    int nnz, n;
    double tol;
#ifdef __SCMP__
    if (!getenv("SCMP_NPROCS")) {
        union dw u;
        if (parse(argc, argv, &nnz, &n, &tol))
            return 2;
        u.d = tol;
        parExecute(getXDim() * getYDim(), (void (*)())cg_start, nnz, n, u.w[0], u.w[1]);
        return status;
    }
#endif
    MPI_Init(&argc, &argv);
    if (parse(argc, argv, &nnz, &n, &tol)) {
        MPI_Finalize();
        return 2;
    }
    cg_run(nnz, n, tol);
    MPI_Finalize();
    return status;
}
