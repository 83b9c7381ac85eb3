/* mpi2funcs.c - the MPI-2 and MPI-3 functions ordinary programs call besides collectives and one-sided
 * communication: MPI_Init_thread, MPI_Query_thread, MPI_Is_thread_main, MPI_Get_library_version,
 * MPI_Comm_set_name/get_name, MPI_Comm_split_type, MPI_Reduce_local, MPI_Reduce_scatter_block (and in
 * place), MPI_Exscan, MPI_Type_create_subarray (C and Fortran order) with MPI_Type_get_extent and
 * MPI_Type_get_true_extent, and MPI_IN_PLACE in the blocking collectives that take it. Every process checks
 * what it gets; rank 0 prints one line per case, nothing that differs between implementations (the thread
 * level provided, the library's name). The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"


/* a user operation that is not commutative: 2x2 matrices of ints, multiplied */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, i;
    (void)type;
    for (i = 0; i < *len; i++, a += 4, b += 4) {
        int c0 = a[0] * b[0] + a[1] * b[2], c1 = a[0] * b[1] + a[1] * b[3];
        int c2 = a[2] * b[0] + a[3] * b[2], c3 = a[2] * b[1] + a[3] * b[3];
        b[0] = c0;
        b[1] = c1;
        b[2] = c2;
        b[3] = c3;
    }
}

int main(int argc, char **argv)
{
    int provided = -1, flag = 0, len, i, j;
    char name[MPI_MAX_OBJECT_NAME], version[MPI_MAX_LIBRARY_VERSION_STRING];
    MPI_Comm dup, shared;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    check(provided >= MPI_THREAD_FUNNELED);
    MPI_Query_thread(&i);
    check(i == provided);
    MPI_Is_thread_main(&flag);
    check(flag);
    len = -1;
    MPI_Get_library_version(version, &len);
    check(len > 0 && len < MPI_MAX_LIBRARY_VERSION_STRING && (int)strlen(version) == len);
    report("MPI_Init_thread (FUNNELED), Query_thread, Is_thread_main, Get_library_version");

    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    check(strcmp(name, "MPI_COMM_WORLD") == 0 && len == 14);
    MPI_Comm_get_name(MPI_COMM_SELF, name, &len);
    check(strcmp(name, "MPI_COMM_SELF") == 0);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_name(dup, name, &len);
    check(len == 0 && name[0] == 0);
    MPI_Comm_set_name(dup, "the duplicate");
    MPI_Comm_get_name(dup, name, &len);
    check(strcmp(name, "the duplicate") == 0 && len == 13);
    MPI_Comm_set_name(dup, "renamed");
    MPI_Comm_get_name(dup, name, &len);
    check(strcmp(name, "renamed") == 0);
    report("MPI_Comm_set_name, MPI_Comm_get_name");

    /* each shared-memory domain: its members share a node; ranks follow the key */
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    {
        int srank, ssize, total = 0;
        MPI_Comm_rank(shared, &srank);
        MPI_Comm_size(shared, &ssize);
        check(ssize >= 1 && srank < ssize);
        MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, shared);
        check(total >= rank);
        MPI_Comm_free(&shared);
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, rank, MPI_INFO_NULL, &shared);
        check(shared == MPI_COMM_NULL);
    }
    report("MPI_Comm_split_type (shared, undefined)");

    {
        int a[6] = { 1, 2, 3, 4, 5, 6 }, b[6] = { 10, 20, 30, 40, 50, 60 };
        int m[8] = { 1, 1, 0, 1, 2, 0, 0, 1 }, n[8] = { 1, 1, 0, 1, 2, 0, 0, 1 };
        MPI_Op mm;
        MPI_Reduce_local(a, b, 6, MPI_INT, MPI_SUM);
        for (i = 0; i < 6; i++)
            check(b[i] == 11 * (i + 1));
        MPI_Reduce_local(a, b, 6, MPI_INT, MPI_MAX);
        check(b[5] == 66);
        /* in = [[1,1],[0,1]], inout = [[2,0],[0,1]]: inout = in * inout */
        MPI_Op_create(matmul, 0, &mm);
        MPI_Reduce_local(m, m + 4, 1, MPI_INT, mm);
        check(m[4] == 2 && m[5] == 1 && m[6] == 0 && m[7] == 1);
        MPI_Reduce_local(n + 4, n, 1, MPI_INT, mm);
        check(n[0] == 2 && n[1] == 2 && n[2] == 0 && n[3] == 1);
        MPI_Op_free(&mm);
    }
    report("MPI_Reduce_local (sum, max, a non-commutative user operation)");

    {
        int per = 3, *in = (int *)malloc(size * per * sizeof(int)), out[3];
        for (i = 0; i < size * per; i++)
            in[i] = rank + i;
        MPI_Reduce_scatter_block(in, out, per, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < per; i++)
            check(out[i] == size * (size - 1) / 2 + size * (rank * per + i));
        MPI_Reduce_scatter_block(MPI_IN_PLACE, in, per, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        for (i = 0; i < per; i++)
            check(in[i] == size - 1 + rank * per + i);
        free(in);
    }
    report("MPI_Reduce_scatter_block, and in place");

    {
        int v = rank + 1, ex = -1, inplace = rank + 1;
        MPI_Exscan(&v, &ex, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (rank > 0)
            check(ex == rank * (rank + 1) / 2);
        MPI_Exscan(MPI_IN_PLACE, &inplace, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
        if (rank > 0) {
            int f = 1;
            for (i = 1; i <= rank; i++)
                f *= i;
            check(inplace == f);
        }
    }
    report("MPI_Exscan, and in place");

    {
        /* a 3x2 block at (1,2) of a 4x5 array of ints, C order; the same block of the transposed array
         * in Fortran order; sent as one and received as ints */
        int sizes[2] = { 4, 5 }, sub[2] = { 3, 2 }, starts[2] = { 1, 2 }, arr[20], got[6], tsize;
        int fs[2] = { 5, 4 }, fsub[2] = { 2, 3 }, fst[2] = { 2, 1 };
        MPI_Datatype t, f;
        MPI_Aint lb, ext, tlb, text;
        for (i = 0; i < 20; i++)
            arr[i] = i;
        MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t);
        MPI_Type_commit(&t);
        MPI_Type_size(t, &tsize);
        MPI_Type_get_extent(t, &lb, &ext);
        MPI_Type_get_true_extent(t, &tlb, &text);
        check(tsize == 24 && lb == 0 && ext == 80 && tlb == 28 && text == 48);
        MPI_Sendrecv(arr, 1, t, rank, 0, got, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 2; j++)
                check(got[i * 2 + j] == (1 + i) * 5 + 2 + j);
        MPI_Type_create_subarray(2, fs, fsub, fst, MPI_ORDER_FORTRAN, MPI_INT, &f);
        MPI_Type_commit(&f);
        MPI_Type_get_extent(f, &lb, &ext);
        check(lb == 0 && ext == 80);
        MPI_Sendrecv(arr, 1, f, rank, 0, got, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        /* Fortran order, dimension 0 fastest: (x, y) at y * 5 + x; x in 2..3, y in 1..3 */
        for (j = 0; j < 3; j++)
            for (i = 0; i < 2; i++)
                check(got[j * 2 + i] == (1 + j) * 5 + 2 + i);
        /* scattered as one subarray per rank: each gets its 3x2 block of a (3 * size)x2 array */
        {
            int big[2 * 3 * 64], mine[6], bs[2] = { 3 * size, 2 }, bsub[2] = { 3, 2 }, bst[2] = { 0, 0 };
            MPI_Datatype blk;
            for (i = 0; i < 6 * size; i++)
                big[i] = i;
            MPI_Type_create_subarray(2, bs, bsub, bst, MPI_ORDER_C, MPI_INT, &blk);
            MPI_Type_create_resized(blk, 0, 6 * sizeof(int), &blk);
            MPI_Type_commit(&blk);
            MPI_Scatter(big, 1, blk, mine, 6, MPI_INT, 0, MPI_COMM_WORLD);
            for (i = 0; i < 6; i++)
                check(mine[i] == rank * 6 + i);
            MPI_Type_free(&blk);
        }
        MPI_Type_free(&t);
        MPI_Type_free(&f);
    }
    report("MPI_Type_create_subarray (C and Fortran order), get_extent, get_true_extent");

    {
        /* MPI_IN_PLACE in the blocking collectives that take it */
        int *g = (int *)malloc(2 * size * sizeof(int)), x[2], *counts = (int *)malloc(2 * size * sizeof(int));
        int *displs = counts + size, ok = 1;
        for (i = 0; i < 2 * size; i++)
            g[i] = rank == 0 ? i : -1;
        g[2 * rank] = 100 + rank;
        g[2 * rank + 1] = 200 + rank;
        MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, g, 2, MPI_INT, MPI_COMM_WORLD);
        for (i = 0; i < size; i++)
            ok &= g[2 * i] == 100 + i && g[2 * i + 1] == 200 + i;
        for (i = 0; i < size; i++) {
            counts[i] = 2;
            displs[i] = 2 * i;
        }
        for (i = 0; i < 2 * size; i++)
            g[i] = i == 2 * rank || i == 2 * rank + 1 ? 7 * i : -1;
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, g, counts, displs, MPI_INT, MPI_COMM_WORLD);
        for (i = 0; i < 2 * size; i++)
            ok &= g[i] == 7 * i;
        for (i = 0; i < 2 * size; i++)
            g[i] = rank == 0 ? i : 3 * i;
        if (rank == 0)
            MPI_Gather(MPI_IN_PLACE, 2, MPI_INT, g, 2, MPI_INT, 0, MPI_COMM_WORLD);
        else
            MPI_Gather(g + 2 * rank, 2, MPI_INT, 0, 0, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (i = 2; i < 2 * size; i++)
                ok &= g[i] == 3 * i;
        if (rank == 0)
            MPI_Scatter(g, 2, MPI_INT, MPI_IN_PLACE, 2, MPI_INT, 0, MPI_COMM_WORLD);
        else
            MPI_Scatter(0, 2, MPI_INT, x, 2, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank != 0)
            ok &= x[0] == 6 * rank && x[1] == 6 * rank + 3;
        x[0] = rank;
        x[1] = -rank;
        MPI_Allreduce(MPI_IN_PLACE, x, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok &= x[0] == size * (size - 1) / 2 && x[1] == -x[0];
        x[0] = rank + 1;
        if (rank == 0)
            MPI_Reduce(MPI_IN_PLACE, x, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
        else
            MPI_Reduce(x, 0, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0)
            ok &= x[0] == size;
        x[0] = 2;
        MPI_Scan(MPI_IN_PLACE, x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok &= x[0] == 2 * (rank + 1);
        for (i = 0; i < 2 * size; i++)
            g[i] = rank * 100 + i / 2;
        MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, g, 2, MPI_INT, MPI_COMM_WORLD);
        for (i = 0; i < 2 * size; i++)
            ok &= g[i] == (i / 2) * 100 + rank;
        check(ok);
        free(g);
        free(counts);
    }
    report("MPI_IN_PLACE: allgather(v), gather, scatter, allreduce, reduce, scan, alltoall");

    MPI_Comm_free(&dup);
    if (rank == 0)
        printf("mpi2funcs: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
