/* MPI_Type_create_darray (MPI-2 section 4.14.5), MPI_Type_create_hindexed_block (MPI-3) and MPI_Type_match_size:
 * darrays of block (default and given block sizes), cyclic (cyclic(1) and cyclic(k)) and undistributed
 * dimensions, in C and Fortran order, one to three dimensions, for every rank of process grids of 3 to 6 (each
 * type's size, extent, true extent and the elements of a global array it selects, in order, by MPI_Pack; not the
 * true extent of a cyclic(3) dimension in Fortran order, where MPICH 4.0.2 counts bytes before the first
 * element of one process's share: 72, not 76, for elements 19, 21 and 23 of 6x4); their
 * envelopes; a darray sent by every process to rank 0 over the real world; an hindexed_block type's layout and
 * contents; the sizes match_size finds and its error. Prints on rank 0; compared with MPICH's output
 * (typedarray.4.expected, typedarray.16.expected). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, nprocs;

static void show(const char *what, int size, int ndims, const int *gsizes, const int *distribs, const int *dargs,
                 const int *psizes, int order, int true_extent)
{
    int r, i, total = 1, tsize, pos, ni, na, nt, comb;
    int *global, *packed;
    MPI_Aint lb, ext, tlb, text;
    MPI_Datatype t;
    for (i = 0; i < ndims; i++)
        total *= gsizes[i];
    global = (int *)malloc(total * sizeof(int));
    packed = (int *)malloc(total * sizeof(int));
    for (i = 0; i < total; i++)
        global[i] = i;
    if (rank == 0)
        printf("%s (%s order):\n", what, order == MPI_ORDER_C ? "C" : "Fortran");
    for (r = 0; r < size; r++) {
        MPI_Type_create_darray(size, r, ndims, gsizes, distribs, dargs, psizes, order, MPI_INT, &t);
        MPI_Type_commit(&t);
        MPI_Type_size(t, &tsize);
        MPI_Type_get_extent(t, &lb, &ext);
        MPI_Type_get_true_extent(t, &tlb, &text);
        pos = 0;
        MPI_Pack(global, 1, t, packed, total * sizeof(int), &pos, MPI_COMM_SELF);
        if (rank == 0) {
            printf("  rank %d: size %d lb %ld extent %ld", r, tsize, (long)lb, (long)ext);
            if (true_extent)
                printf(" true lb %ld true extent %ld", (long)tlb, (long)text);
            printf(":");
            for (i = 0; i < pos / (int)sizeof(int); i++)
                printf(" %d", packed[i]);
            printf("\n");
        }
        if (r == size - 1) {
            MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
            if (rank == 0)
                printf("  envelope: %s, %d ints, %d addresses, %d types\n",
                       comb == MPI_COMBINER_DARRAY ? "DARRAY" : "other", ni, na, nt);
        }
        MPI_Type_free(&t);
    }
    free(global);
    free(packed);
}

int main(int argc, char **argv)
{
    int g1[1] = { 10 }, d1[1] = { MPI_DISTRIBUTE_BLOCK }, a1[1] = { MPI_DISTRIBUTE_DFLT_DARG }, p1[1] = { 4 };
    int g2[1] = { 11 }, d2[1] = { MPI_DISTRIBUTE_CYCLIC }, a2[1] = { 2 }, p2[1] = { 3 };
    int g3[2] = { 5, 7 }, d3[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC },
        a3[2] = { MPI_DISTRIBUTE_DFLT_DARG, 2 }, p3[2] = { 2, 3 };
    int g4[3] = { 4, 3, 5 }, d4[3] = { MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_BLOCK },
        a4[3] = { MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, 3 }, p4[3] = { 2, 1, 2 };
    int g5[1] = { 10 }, a5[1] = { 4 }, p5[1] = { 3 };
    int g6[2] = { 6, 4 }, d6[2] = { MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC }, a6[2] = { 1, 3 }, p6[2] = { 2, 2 };
    int gw[2], dw[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC }, aw[2] = { MPI_DISTRIBUTE_DFLT_DARG, 2 },
        pw[2] = { 0, 0 };
    int i, j, r, errs = 0, sizes[] = { 1, 2, 4, 8 }, ints[4], ni, na, nt, comb, tsize, pos, err, cls;
    MPI_Aint disps[3] = { 4, 40, 16 }, ad[3], lb, ext;
    MPI_Datatype t, dt[1];
    MPI_Request req;
    float src[32], packed[16];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    show("1-D block of 10 over 4", 4, 1, g1, d1, a1, p1, MPI_ORDER_C, 1);
    show("1-D cyclic(2) of 11 over 3", 3, 1, g2, d2, a2, p2, MPI_ORDER_C, 1);
    show("1-D block(4) of 10 over 3", 3, 1, g5, d1, a5, p5, MPI_ORDER_C, 1);
    show("5x7 block x cyclic(2) over 2x3", 6, 2, g3, d3, a3, p3, MPI_ORDER_C, 1);
    show("5x7 block x cyclic(2) over 2x3", 6, 2, g3, d3, a3, p3, MPI_ORDER_FORTRAN, 1);
    show("4x3x5 cyclic x none x block(3) over 2x1x2", 4, 3, g4, d4, a4, p4, MPI_ORDER_C, 1);
    show("4x3x5 cyclic x none x block(3) over 2x1x2", 4, 3, g4, d4, a4, p4, MPI_ORDER_FORTRAN, 1);
    show("6x4 cyclic x cyclic(3) over 2x2", 4, 2, g6, d6, a6, p6, MPI_ORDER_FORTRAN, 0);

    /* over the world: each process sends its share of a global array to rank 0 */
    MPI_Dims_create(nprocs, 2, pw);
    gw[0] = 2 * pw[0] + 1;
    gw[1] = 3 * pw[1] + 2;
    {
        int total = gw[0] * gw[1], *global = (int *)malloc(total * sizeof(int)), *got = (int *)malloc(total * sizeof(int)),
            *want = (int *)malloc(total * sizeof(int));
        for (i = 0; i < total; i++)
            global[i] = i * 3 + 1;
        MPI_Type_create_darray(nprocs, rank, 2, gw, dw, aw, pw, MPI_ORDER_C, MPI_INT, &t);
        MPI_Type_commit(&t);
        MPI_Isend(global, 1, t, 0, 0, MPI_COMM_WORLD, &req);   /* rank 0 too: not buffered under the thesis family */
        MPI_Type_free(&t);
        if (rank == 0) {
            for (r = 0; r < nprocs; r++) {
                MPI_Status st;
                int n;
                MPI_Type_create_darray(nprocs, r, 2, gw, dw, aw, pw, MPI_ORDER_C, MPI_INT, &t);
                MPI_Type_commit(&t);
                pos = 0;
                MPI_Pack(global, 1, t, want, total * sizeof(int), &pos, MPI_COMM_SELF);
                MPI_Recv(got, total, MPI_INT, r, 0, MPI_COMM_WORLD, &st);
                MPI_Get_count(&st, MPI_INT, &n);
                if (n * (int)sizeof(int) != pos)
                    errs++;
                for (j = 0; j < n; j++)
                    if (got[j] != want[j])
                        errs++;
                MPI_Type_free(&t);
            }
            printf("darray over the world: %s\n", errs ? "FAILED" : "ok");
        }
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        free(global);
        free(got);
        free(want);
    }

    /* hindexed_block */
    for (i = 0; i < 32; i++)
        src[i] = i + 0.5f;
    MPI_Type_create_hindexed_block(3, 2, disps, MPI_FLOAT, &t);
    MPI_Type_commit(&t);
    MPI_Type_size(t, &tsize);
    MPI_Type_get_extent(t, &lb, &ext);
    pos = 0;
    MPI_Pack(src, 2, t, packed, sizeof packed, &pos, MPI_COMM_SELF);
    MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
    MPI_Type_get_contents(t, 4, 3, 1, ints, ad, dt);
    if (rank == 0) {
        printf("hindexed_block: size %d lb %ld extent %ld, packed 2:", tsize, (long)lb, (long)ext);
        for (i = 0; i < pos / 4; i++)
            printf(" %g", packed[i]);
        printf("\n  %s, %d ints (%d %d), %d addresses (%ld %ld %ld), %d types (%s)\n",
               comb == MPI_COMBINER_HINDEXED_BLOCK ? "HINDEXED_BLOCK" : "other", ni, ints[0], ints[1], na,
               (long)ad[0], (long)ad[1], (long)ad[2], nt, dt[0] == MPI_FLOAT ? "MPI_FLOAT" : "other");
    }
    MPI_Type_free(&t);
    MPI_Type_create_hindexed_block(0, 5, disps, MPI_INT, &t);
    MPI_Type_size(t, &tsize);
    if (rank == 0)
        printf("hindexed_block of 0 blocks: size %d\n", tsize);
    MPI_Type_free(&t);

    /* match_size */
    for (i = 0; i < 4; i++) {
        MPI_Type_match_size(MPI_TYPECLASS_INTEGER, sizes[i], &t);
        MPI_Type_size(t, &tsize);
        if (rank == 0)
            printf("match_size integer %d: a type of %d bytes\n", sizes[i], tsize);
    }
    for (i = 2; i < 4; i++) {
        MPI_Type_match_size(MPI_TYPECLASS_REAL, sizes[i], &t);
        MPI_Type_size(t, &tsize);
        if (rank == 0)
            printf("match_size real %d: a type of %d bytes\n", sizes[i], tsize);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Type_match_size(MPI_TYPECLASS_REAL, 3, &t);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("match_size real 3: %s\n", cls == MPI_ERR_ARG ? "MPI_ERR_ARG" : err ? "another error" : "no error");

    if (rank == 0)
        printf("typedarray: OK\n");
    MPI_Finalize();
    return 0;
}
