/* comms.c - communicators: MPI_Comm_dup, MPI_Comm_split into the rows and columns of a grid (with
 * collectives on them), splits with keys that reverse the order and with MPI_UNDEFINED, MPI_Comm_create,
 * MPI_Comm_compare, MPI_Comm_test_inter, MPI_Comm_free, and many communicators alive at once and made and
 * freed in a loop (contexts are handed out and taken back). Messages on different communicators with the
 * same tag never mix. Rank 0 prints what it gathers; same output under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


static const char *cmp_name(int c)
{
    return c == MPI_IDENT ? "ident" : c == MPI_CONGRUENT ? "congruent" : c == MPI_SIMILAR ? "similar"
         : c == MPI_UNEQUAL ? "unequal" : "?";
}

/* Rank 0 prints, for every world rank, the pair (a, b) each one contributes. */
static void table(const char *what, int a, int b)
{
    int mine[2], *all = (int *)malloc(2 * size * sizeof(int)), q;
    mine[0] = a;
    mine[1] = b;
    MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%s:", what);
        for (q = 0; q < size; q++)
            printf(" %d/%d", all[2 * q], all[2 * q + 1]);
        printf("\n");
    }
    free(all);
}

static int run(void)
{
    MPI_Comm dup, row, col, rev, some, evens, many[12];
    MPI_Group world_group, even_group;
    int w, c, i, n, r, flag, sum, x, *list;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (w = 1; w * w < size; w++)
        ;
    if (rank == 0)
        printf("comms: %d processes, grid %d x %d\n", size, size / w, w);

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &c);
    if (rank == 0)
        printf("compare world, world: %s\n", cmp_name(c));
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &c);
    if (rank == 0)
        printf("compare world, dup: %s\n", cmp_name(c));
    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_SELF, &c);
    if (rank == 0)
        printf("compare world, self: %s\n", cmp_name(c));
    MPI_Comm_test_inter(dup, &flag);
    if (rank == 0)
        printf("dup is an intercommunicator: %s\n", flag ? "yes" : "no");

    /* the same tag on two communicators: each receive gets its own communicator's message */
    {
        int a = 100 + rank, b = 200 + rank, ga = -1, gb = -1, to = (rank + 1) % size, from = (rank + size - 1) % size;
        MPI_Request q[4];
        MPI_Irecv(&gb, 1, MPI_INT, from, 7, dup, &q[0]);
        MPI_Irecv(&ga, 1, MPI_INT, from, 7, MPI_COMM_WORLD, &q[1]);
        MPI_Isend(&b, 1, MPI_INT, to, 7, dup, &q[2]);
        MPI_Isend(&a, 1, MPI_INT, to, 7, MPI_COMM_WORLD, &q[3]);
        MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
        if (ga != 100 + from || gb != 200 + from)
            errors++;
        report("same tag on world and dup kept apart");
    }

    /* rows and columns of the grid */
    MPI_Comm_split(MPI_COMM_WORLD, rank / w, rank, &row);
    MPI_Comm_split(MPI_COMM_WORLD, rank % w, rank, &col);
    MPI_Comm_rank(row, &r);
    MPI_Comm_size(row, &n);
    table("row rank/size", r, n);
    MPI_Comm_rank(col, &r);
    MPI_Comm_size(col, &n);
    table("column rank/size", r, n);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, row);
    MPI_Allreduce(&rank, &x, 1, MPI_INT, MPI_MAX, col);
    table("row sum/column max of world ranks", sum, x);
    x = rank * 10;
    MPI_Bcast(&x, 1, MPI_INT, 1 % w, row);
    MPI_Comm_size(col, &n);
    MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, n - 1, col);
    MPI_Comm_rank(col, &r);
    table("row bcast from row rank 1/column sum at last", x, r == n - 1 ? sum : -1);
    {
        int out[64], in[64];
        MPI_Comm_size(row, &n);
        for (i = 0; i < n; i++)
            out[i] = rank * 100 + i;
        MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, row);
        MPI_Comm_rank(row, &r);
        for (i = 0; i < n; i++)
            if (in[i] != (rank / w * w + i) * 100 + r)
                errors++;
        MPI_Gather(&rank, 1, MPI_INT, in, 1, MPI_INT, 0, col);
        MPI_Comm_rank(col, &r);
        MPI_Comm_size(col, &n);
        if (r == 0)
            for (i = 0; i < n; i++)
                if (in[i] != rank + i * w)
                    errors++;
        MPI_Barrier(row);
        MPI_Barrier(col);
        report("alltoall on rows, gather on columns, barriers");
    }

    /* reversed order, and only some ranks */
    MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &rev);
    MPI_Comm_rank(rev, &r);
    MPI_Comm_compare(MPI_COMM_WORLD, rev, &c);
    table("reversed rank/compare with world (3 = unequal)", r, c == MPI_SIMILAR ? 2 : c);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 2 ? MPI_UNDEFINED : rank % 3, rank, &some);
    if (some == MPI_COMM_NULL) {
        table("split by rank % 3, none for 2: rank/sum of world ranks", -1, -1);
    } else {
        MPI_Comm_rank(some, &r);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, some);
        table("split by rank % 3, none for 2: rank/sum of world ranks", r, sum);
    }

    /* create from the group of even ranks */
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    list = (int *)malloc(size * sizeof(int));
    for (i = 0, n = 0; i < size; i += 2)
        list[n++] = i;
    MPI_Group_incl(world_group, n, list, &even_group);
    MPI_Comm_create(MPI_COMM_WORLD, even_group, &evens);
    if (evens == MPI_COMM_NULL) {
        table("create evens: rank/sum of world ranks", -1, -1);
    } else {
        MPI_Comm_rank(evens, &r);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, evens);
        table("create evens: rank/sum of world ranks", r, sum);
    }
    MPI_Group_free(&even_group);
    MPI_Group_free(&world_group);
    free(list);

    /* many at once, then many one after another */
    for (i = 0; i < 12; i++)
        MPI_Comm_dup(i == 0 ? MPI_COMM_WORLD : many[i - 1], &many[i]);
    for (i = 0; i < 12; i++) {
        x = i + rank;
        MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, many[i]);
        if (sum != i * size + size * (size - 1) / 2)
            errors++;
    }
    for (i = 11; i >= 0; i--)
        MPI_Comm_free(&many[i]);
    if (many[0] != MPI_COMM_NULL)
        errors++;
    report("12 communicators alive at once");
    for (i = 0; i < 30; i++) {
        MPI_Comm t;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &t);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_MAX, t);
        if (sum != ((size - 1) % 2 == rank % 2 ? size - 1 : size - 2))
            errors++;
        MPI_Comm_free(&t);
    }
    report("30 splits made and freed");

    MPI_Comm_free(&dup);
    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    MPI_Comm_free(&rev);
    if (some != MPI_COMM_NULL)
        MPI_Comm_free(&some);
    if (evens != MPI_COMM_NULL)
        MPI_Comm_free(&evens);
    report("freed");
    if (rank == 0)
        printf("comms: %s\n", failed ? "FAILED" : "OK");
    return failed;
}

int main(int argc, char **argv)
{
    int status;
    MPI_Init(&argc, &argv);
    status = run();
    MPI_Finalize();
    return status;
}
