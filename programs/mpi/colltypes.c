/* colltypes.c - collectives whose two sides describe the same data with different datatypes: a strided
 * vector at the root against contiguous ints at the others (MPI_Scatter, MPI_Gather, their v forms with
 * indexed types, MPI_Bcast), a resized vector as the receive type of MPI_Allgather and as both types of
 * MPI_Alltoall, a struct with a gap. Only the type signatures have to match (MPI-1.2 4.1); what travels is
 * the data, never the gaps. Small blocks (which our collectives carry in slots) and large ones. Every rank
 * checks what it got; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int rank, size, errors, failed;

#define val(r, i) ((r) * 1000 + (i))

static void check(int ok)
{
    if (!ok)
        errors++;
}

static void report(const char *what, int n)
{
    int total = 0;
    MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%s, %d ints per rank: %s\n", what, n, total ? "FAILED" : "ok");
        if (total)
            failed = 1;
    }
    errors = 0;
}

/* every other int: element i of a block at 2 * i */
static MPI_Datatype strided(int n)
{
    MPI_Datatype v;
    MPI_Type_vector(n, 1, 2, MPI_INT, &v);
    MPI_Type_commit(&v);
    return v;
}

/* one int every other int, resized so that consecutive items interleave: item k at 2 * k ints */
static MPI_Datatype every_other(void)
{
    MPI_Datatype v, r;
    MPI_Type_vector(1, 1, 2, MPI_INT, &v);
    MPI_Type_create_resized(v, 0, 2 * sizeof(int), &r);
    MPI_Type_commit(&r);
    MPI_Type_free(&v);
    return r;
}

static void scatter_gather(int n)
{
    MPI_Datatype v = strided(n);
    int *all = (int *)malloc(2 * n * size * sizeof(int)), *mine = (int *)malloc(n * sizeof(int)), r, i, root;
    for (root = 0; root < size; root += size - 1) {
        /* the root's blocks: rank r's n ints at all[2 * n * r + 2 * i] (the vector's extent is 2n - 1 ints,
         * so block r starts at r * extent: lay them out at that spacing) */
        int ext = 2 * n - 1;
        if (rank == root)
            for (r = 0; r < size; r++)
                for (i = 0; i < n; i++) {
                    all[r * ext + 2 * i] = val(r, i);
                    if (i + 1 < n)
                        all[r * ext + 2 * i + 1] = -1;
                }
        for (i = 0; i < n; i++)
            mine[i] = -7;
        check(MPI_Scatter(all, 1, v, mine, n, MPI_INT, root, MPI_COMM_WORLD) == MPI_SUCCESS);
        for (i = 0; i < n; i++)
            check(mine[i] == val(rank, i));
        /* and back: contiguous at the others, strided at the root */
        for (i = 0; i < n; i++)
            mine[i] = val(rank, i) + 1;
        if (rank == root)
            for (i = 0; i < ext * size; i++)
                all[i] = -5;
        check(MPI_Gather(mine, n, MPI_INT, all, 1, v, root, MPI_COMM_WORLD) == MPI_SUCCESS);
        if (rank == root)
            for (r = 0; r < size; r++)
                for (i = 0; i < ext; i++)
                    check(all[r * ext + i] == (i % 2 ? -5 : val(r, i / 2) + 1));
    }
    report("MPI_Scatter, MPI_Gather: vector at the root", n);
    MPI_Type_free(&v);
    free(all);
    free(mine);
}

/* the v forms: rank r gets r + 1 items of an indexed type (two ints with a gap of one) */
static void scatterv_gatherv(void)
{
    MPI_Datatype ix;
    int blens[2] = { 1, 1 }, disps[2] = { 0, 2 };
    int *all, *counts = (int *)malloc(size * sizeof(int)), *displs = (int *)malloc(size * sizeof(int));
    int mine[64], r, i, k, total = 0;
    MPI_Type_indexed(2, blens, disps, MPI_INT, &ix);
    MPI_Type_commit(&ix);               /* extent 3 ints */
    for (r = 0; r < size; r++) {
        counts[r] = r % 4 + 1;
        displs[r] = total + r % 2;      /* in items, with gaps between some blocks */
        total += counts[r] + r % 2;
    }
    all = (int *)malloc(3 * total * sizeof(int));
    if (rank == 0)
        for (r = 0; r < size; r++)
            for (k = 0; k < counts[r]; k++) {
                all[3 * (displs[r] + k)] = val(r, 2 * k);
                all[3 * (displs[r] + k) + 1] = -1;
                all[3 * (displs[r] + k) + 2] = val(r, 2 * k + 1);
            }
    for (i = 0; i < 64; i++)
        mine[i] = -7;
    check(MPI_Scatterv(all, counts, displs, ix, mine, 2 * counts[rank], MPI_INT, 0, MPI_COMM_WORLD) == MPI_SUCCESS);
    for (i = 0; i < 2 * counts[rank]; i++)
        check(mine[i] == val(rank, i));
    check(mine[2 * counts[rank]] == -7);
    for (i = 0; i < 2 * counts[rank]; i++)
        mine[i] = -val(rank, i);
    if (rank == 0)
        for (i = 0; i < 3 * total; i++)
            all[i] = 9;
    check(MPI_Gatherv(mine, 2 * counts[rank], MPI_INT, all, counts, displs, ix, 0, MPI_COMM_WORLD) == MPI_SUCCESS);
    if (rank == 0)
        for (r = 0; r < size; r++)
            for (k = 0; k < counts[r]; k++) {
                check(all[3 * (displs[r] + k)] == -val(r, 2 * k));
                check(all[3 * (displs[r] + k) + 1] == 9);
                check(all[3 * (displs[r] + k) + 2] == -val(r, 2 * k + 1));
            }
    report("MPI_Scatterv, MPI_Gatherv: indexed at the root", 2);
    MPI_Type_free(&ix);
    free(all);
    free(counts);
    free(displs);
}

static void bcast(int n)
{
    MPI_Datatype v = strided(n);
    int *buf = (int *)malloc(2 * n * sizeof(int)), i, root;
    for (root = 0; root < size; root += size - 1) {
        for (i = 0; i < 2 * n; i++)
            buf[i] = rank == root ? (i % 2 ? -1 : val(root, i / 2)) : -7;
        if (rank == root)
            check(MPI_Bcast(buf, 1, v, root, MPI_COMM_WORLD) == MPI_SUCCESS);
        else
            check(MPI_Bcast(buf, n, MPI_INT, root, MPI_COMM_WORLD) == MPI_SUCCESS);
        for (i = 0; i < n; i++)
            check(buf[rank == root ? 2 * i : i] == val(root, i));
        if (rank != root)
            check(buf[n] == -7);
    }
    report("MPI_Bcast: vector at the root, contiguous elsewhere", n);
    MPI_Type_free(&v);
    free(buf);
}

/* every rank receives into every other int (a resized vector), the odd ranks send from every other int */
static void allgather(int n)
{
    MPI_Datatype eo = every_other();
    int *send = (int *)malloc(2 * n * sizeof(int)), *recv = (int *)malloc(2 * n * size * sizeof(int)), i, r;
    for (i = 0; i < 2 * n; i++)
        send[i] = rank % 2 ? (i % 2 ? -1 : val(rank, i / 2)) : (i < n ? val(rank, i) : -1);
    for (i = 0; i < 2 * n * size; i++)
        recv[i] = -7;
    if (rank % 2)
        check(MPI_Allgather(send, n, eo, recv, n, eo, MPI_COMM_WORLD) == MPI_SUCCESS);
    else
        check(MPI_Allgather(send, n, MPI_INT, recv, n, eo, MPI_COMM_WORLD) == MPI_SUCCESS);
    for (r = 0; r < size; r++)
        for (i = 0; i < n; i++) {
            check(recv[2 * (r * n + i)] == val(r, i));
            check(recv[2 * (r * n + i) + 1] == -7);
        }
    report("MPI_Allgather: resized vector to receive", n);
    MPI_Type_free(&eo);
    free(send);
    free(recv);
}

/* to rank r: n ints, sent from every other int and received contiguous on even ranks, the reverse on odd */
static void alltoall(int n)
{
    MPI_Datatype eo = every_other();
    int *send = (int *)malloc(2 * n * size * sizeof(int)), *recv = (int *)malloc(2 * n * size * sizeof(int));
    int i, r, even = rank % 2 == 0;
    for (r = 0; r < size; r++)
        for (i = 0; i < n; i++) {
            if (even) {
                send[2 * (r * n + i)] = val(rank, r * n + i);
                send[2 * (r * n + i) + 1] = -1;
            } else {
                send[r * n + i] = val(rank, r * n + i);
            }
        }
    for (i = 0; i < 2 * n * size; i++)
        recv[i] = -7;
    if (even)
        check(MPI_Alltoall(send, n, eo, recv, n, MPI_INT, MPI_COMM_WORLD) == MPI_SUCCESS);
    else
        check(MPI_Alltoall(send, n, MPI_INT, recv, n, eo, MPI_COMM_WORLD) == MPI_SUCCESS);
    for (r = 0; r < size; r++)
        for (i = 0; i < n; i++)
            check(recv[even ? r * n + i : 2 * (r * n + i)] == val(r, rank * n + i));
    report("MPI_Alltoall: resized vector on one side", n);
    MPI_Type_free(&eo);
    free(send);
    free(recv);
}

/* a struct {int; gap; double} as the root's type, received as MPI_PACKED by the others (a message of any
 * type may be received so) and unpacked */
static void struct_bcast(void)
{
    struct s {
        int i;
        int pad[3];
        double d;
    } item[4];
    int blens[2] = { 1, 1 }, k, root = size - 1;
    MPI_Aint disps[2] = { 0, 16 };
    MPI_Datatype types[2] = { MPI_INT, MPI_DOUBLE }, st;
    char packed[4 * 12];
    MPI_Type_create_struct(2, blens, disps, types, &st);
    MPI_Type_commit(&st);
    for (k = 0; k < 4; k++) {
        item[k].i = rank == root ? val(k, 1) : -7;
        item[k].pad[0] = item[k].pad[1] = item[k].pad[2] = -9;
        item[k].d = rank == root ? k + 0.25 : -7.0;
    }
    if (rank == root) {
        check(MPI_Bcast(item, 4, st, root, MPI_COMM_WORLD) == MPI_SUCCESS);
    } else {
        int pos = 0, ii;
        double dd;
        check(MPI_Bcast(packed, 48, MPI_PACKED, root, MPI_COMM_WORLD) == MPI_SUCCESS);
        for (k = 0; k < 4; k++) {
            MPI_Unpack(packed, 48, &pos, &ii, 1, MPI_INT, MPI_COMM_WORLD);
            MPI_Unpack(packed, 48, &pos, &dd, 1, MPI_DOUBLE, MPI_COMM_WORLD);
            check(ii == val(k, 1) && dd == k + 0.25);
        }
    }
    report("MPI_Bcast: struct with a gap at the root, MPI_PACKED elsewhere", 4);
    MPI_Type_free(&st);
}

int main(int argc, char **argv)
{
    static const int ns[] = { 3, 20, 600 };
    int k;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (k = 0; k < 3; k++) {
        scatter_gather(ns[k]);
        bcast(ns[k]);
        allgather(ns[k]);
        alltoall(ns[k]);
    }
    scatterv_gatherv();
    struct_bcast();
    if (rank == 0)
        printf("colltypes: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
