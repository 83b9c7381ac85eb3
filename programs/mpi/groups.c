/* groups.c - every group operation (MPI-1.2 section 5.3, thesis 3.1): the group of MPI_COMM_WORLD, size and
 * rank, translate_ranks, compare, union, intersection, difference, incl, excl, range_incl, range_excl,
 * MPI_GROUP_EMPTY and free. Groups are local, so every rank computes the same tables; rank 0 prints them and
 * every rank checks its own rank in each group against the table. Same output under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int rank, size, errors, failed;

static const char *cmp_name(int c)
{
    return c == MPI_IDENT ? "ident" : c == MPI_SIMILAR ? "similar" : c == MPI_UNEQUAL ? "unequal" : "?";
}

/* Prints a group as the world ranks of its members, and checks MPI_Group_rank on every process. */
static void show(const char *name, MPI_Group g, MPI_Group world)
{
    int n, i, r, *ranks, *wr;
    MPI_Group_size(g, &n);
    ranks = (int *)malloc((n + 1) * sizeof(int));
    wr = (int *)malloc((n + 1) * sizeof(int));
    for (i = 0; i < n; i++)
        ranks[i] = i;
    MPI_Group_translate_ranks(g, n, ranks, world, wr);
    MPI_Group_rank(g, &r);
    if (r == MPI_UNDEFINED) {
        for (i = 0; i < n; i++)
            if (wr[i] == rank)
                errors++;
    } else if (r < 0 || r >= n || wr[r] != rank) {
        errors++;
    }
    if (rank == 0) {
        printf("%-28s size %2d:", name, n);
        for (i = 0; i < n; i++)
            printf(" %d", wr[i]);
        printf("\n");
    }
    free(ranks);
    free(wr);
}

static int run(void)
{
    MPI_Group world, evens, odds, firsthalf, u, x, d, e, rev, r1, r2, empty;
    int i, n, *list, c, total, ranges[2][3];
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("groups: %d processes\n", size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    show("world", world, world);

    list = (int *)malloc(size * sizeof(int));
    for (i = 0, n = 0; i < size; i += 2)
        list[n++] = i;
    MPI_Group_incl(world, n, list, &evens);
    show("incl evens", evens, world);
    MPI_Group_excl(world, n, list, &odds);
    show("excl evens (odds)", odds, world);
    for (i = 0; i < size; i++)
        list[i] = size - 1 - i;
    MPI_Group_incl(world, size, list, &rev);
    show("incl reversed", rev, world);

    ranges[0][0] = 0;
    ranges[0][1] = size / 2 - 1;
    ranges[0][2] = 1;
    MPI_Group_range_incl(world, 1, ranges, &firsthalf);
    show("range_incl first half", firsthalf, world);
    ranges[0][0] = size - 1;
    ranges[0][1] = 0;
    ranges[0][2] = -3;
    ranges[1][0] = 1;
    ranges[1][1] = 2;
    ranges[1][2] = 1;
    MPI_Group_range_incl(world, 1 + (size > 4), ranges, &r1);
    show("range_incl down by 3, more", r1, world);
    MPI_Group_range_excl(world, 1, ranges, &r2);
    show("range_excl down by 3", r2, world);

    MPI_Group_union(evens, firsthalf, &u);
    show("union evens, first half", u, world);
    MPI_Group_free(&u);
    MPI_Group_union(firsthalf, evens, &u);
    show("union first half, evens", u, world);
    MPI_Group_intersection(odds, firsthalf, &x);
    show("intersection odds, half", x, world);
    MPI_Group_difference(firsthalf, odds, &d);
    show("difference half, odds", d, world);
    MPI_Group_intersection(evens, odds, &e);
    show("intersection evens, odds", e, world);

    MPI_Group_compare(world, world, &c);
    if (rank == 0)
        printf("compare world, world: %s\n", cmp_name(c));
    MPI_Group_compare(world, rev, &c);
    if (rank == 0)
        printf("compare world, reversed: %s\n", cmp_name(c));
    MPI_Group_compare(evens, odds, &c);
    if (rank == 0)
        printf("compare evens, odds: %s\n", cmp_name(c));
    MPI_Group_compare(u, world, &c);
    if (rank == 0)
        printf("compare union, world: %s\n", cmp_name(c));
    MPI_Group_compare(e, MPI_GROUP_EMPTY, &c);
    if (rank == 0)
        printf("compare empty intersection, MPI_GROUP_EMPTY: %s\n", cmp_name(c));
    MPI_Group_size(MPI_GROUP_EMPTY, &n);
    MPI_Group_rank(MPI_GROUP_EMPTY, &c);
    if (rank == 0)
        printf("MPI_GROUP_EMPTY: size %d, rank undefined: %s\n", n, c == MPI_UNDEFINED ? "yes" : "no");

    /* translate ranks between two orders, with MPI_PROC_NULL */
    {
        int in[3], out[3];
        in[0] = 0;
        in[1] = size - 1;
        in[2] = MPI_PROC_NULL;
        MPI_Group_translate_ranks(world, 3, in, rev, out);
        if (rank == 0)
            printf("translate 0, %d, PROC_NULL to reversed: %d, %d, %s\n", size - 1, out[0], out[1],
                   out[2] == MPI_PROC_NULL ? "PROC_NULL" : "?");
        MPI_Group_translate_ranks(world, 2, in, odds, out);
        if (rank == 0)
            printf("translate 0, %d to odds: %s, %d\n", size - 1, out[0] == MPI_UNDEFINED ? "undefined" : "?",
                   out[1]);
    }

    MPI_Group_free(&evens);
    MPI_Group_free(&odds);
    MPI_Group_free(&rev);
    MPI_Group_free(&firsthalf);
    MPI_Group_free(&r1);
    MPI_Group_free(&r2);
    MPI_Group_free(&u);
    MPI_Group_free(&x);
    MPI_Group_free(&d);
    MPI_Group_free(&e);
    empty = MPI_GROUP_EMPTY;
    if (evens != MPI_GROUP_NULL)
        errors++;
    MPI_Group_free(&world);
    (void)empty;
    free(list);

    MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        failed = total != 0;
        printf("group ranks checked on every process: %s\n", total ? "FAILED" : "ok");
        printf("groups: %s\n", failed ? "FAILED" : "OK");
    }
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
