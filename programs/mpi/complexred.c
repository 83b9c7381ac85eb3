/* complexred.c - MPI-2.2's C99 complex datatypes: MPI_C_COMPLEX (MPI_C_FLOAT_COMPLEX), MPI_C_DOUBLE_COMPLEX and
 * MPI_C_LONG_DOUBLE_COMPLEX in MPI_Reduce and MPI_Allreduce with MPI_SUM and MPI_PROD, in point-to-point
 * messages, and as MPI_Type_size, MPI_Type_get_name, MPI_Type_get_envelope and MPI_Type_match_size describe
 * them. Every rank's values are small Gaussian integers (and halves), so that sums and products are exact
 * whatever order the reduction combines them in. Rank 0 prints. The output is the same under MPICH. */
#include <complex.h>
#include <stdio.h>
#include <mpi.h>

static int rank, size;

static void show(const char *what, double complex z)
{
    if (rank == 0)
        printf("%s: %g %+gi\n", what, creal(z) + 0.0, cimag(z) + 0.0);   /* (no signed zeros) */
}

static void describe(MPI_Datatype t)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len, ni, na, nd, combiner, tsize;
    MPI_Aint lb, extent;
    MPI_Type_get_name(t, name, &len);
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    MPI_Type_size(t, &tsize);
    MPI_Type_get_extent(t, &lb, &extent);
    if (rank == 0)
        printf("%s (%d chars): named %d, %d %d %d; size %d, lb %ld, extent %ld\n", name, len,
               combiner == MPI_COMBINER_NAMED, ni, na, nd, tsize, (long)lb, (long)extent);
}

int main(int argc, char **argv)
{
    enum { N = 5 };
    float complex fv[N], fs[N], fp[N];
    double complex dv[N], ds[N], pv[2], dp[2];
    long double complex lv[N], ls[N], lp[N];
    double complex ring[2];
    MPI_Datatype t;
    MPI_Status st;
    int i, len;
    char name[MPI_MAX_OBJECT_NAME];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    describe(MPI_C_FLOAT_COMPLEX);
    describe(MPI_C_DOUBLE_COMPLEX);
    MPI_Type_get_name(MPI_C_LONG_DOUBLE_COMPLEX, name, &len);
    if (rank == 0)
        printf("%s\n", name);
    if (MPI_Type_match_size(MPI_TYPECLASS_COMPLEX, sizeof(double complex), &t) == MPI_SUCCESS) {
        MPI_Type_size(t, &len);
        if (rank == 0)
            printf("match_size(complex, %d): a type of size %d\n", (int)sizeof(double complex), len);
    }

    for (i = 0; i < N; i++) {
        /* products of 16 of these stay well inside 24 bits */
        int a = (rank + i) % 3 == 0 ? 1 : 0, b = (rank * 7 + i) % 4 == 1 ? 1 : 0;
        fv[i] = (a ? 1.0f : 0.5f) + (b ? -1.0f : 0.0f) * I;
        dv[i] = (double)(rank + 1) * (i + 1) + (double)(rank - i) * 0.5 * I;
        if (i < 2)
            pv[i] = (rank % 2 ? 1.0 : 0.5) + (rank % 4 == i ? 1.0 : 0.0) * I;
        lv[i] = (i % 2 ? 1.0L : 2.0L) + (rank % 3 == i % 3 ? 1.0L : 0.0L) * I;
    }
    MPI_Reduce(fv, fs, N, MPI_C_COMPLEX, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(fv, fp, N, MPI_C_FLOAT_COMPLEX, MPI_PROD, 0, MPI_COMM_WORLD);
    MPI_Allreduce(dv, ds, N, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(pv, dp, 2, MPI_C_DOUBLE_COMPLEX, MPI_PROD, MPI_COMM_WORLD);
    MPI_Reduce(lv, ls, N, MPI_C_LONG_DOUBLE_COMPLEX, MPI_SUM, size - 1, MPI_COMM_WORLD);
    MPI_Reduce(lv, lp, N, MPI_C_LONG_DOUBLE_COMPLEX, MPI_PROD, size - 1, MPI_COMM_WORLD);
    if (rank == size - 1) {
        MPI_Send(ls, N, MPI_C_LONG_DOUBLE_COMPLEX, 0, 1, MPI_COMM_WORLD);
        MPI_Send(lp, N, MPI_C_LONG_DOUBLE_COMPLEX, 0, 2, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        MPI_Recv(ls, N, MPI_C_LONG_DOUBLE_COMPLEX, size - 1, 1, MPI_COMM_WORLD, &st);
        MPI_Recv(lp, N, MPI_C_LONG_DOUBLE_COMPLEX, size - 1, 2, MPI_COMM_WORLD, &st);
    }
    for (i = 0; i < N; i++) {
        show("float sum", fs[i]);
        show("float prod", fp[i]);
        show("double sum", ds[i]);
        show("long double sum", ls[i]);
        show("long double prod", lp[i]);
    }
    show("double prod", dp[0]);
    show("double prod", dp[1]);

    /* a ring of complex values: each rank sends its own to the next */
    ring[0] = rank + 0.25 * rank * I;
    MPI_Sendrecv(&ring[0], 1, MPI_C_DOUBLE_COMPLEX, (rank + 1) % size, 3, &ring[1], 1, MPI_C_DOUBLE_COMPLEX,
                 (rank + size - 1) % size, 3, MPI_COMM_WORLD, &st);
    show("from the left", ring[1]);
    {
        double complex all = 0;
        MPI_Allreduce(&ring[1], &all, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
        show("ring sum", all);
    }
    MPI_Finalize();
    return 0;
}
