/* commgroup.c - MPI_Comm_create_group (MPI-3): collective over the group only, so the processes outside it
 * go on meanwhile, and two disjoint groups make theirs at once with different tags. The new communicators
 * are used at once: a barrier, a message from the first member to the last (which is late on purpose, so
 * that both arrive before it has made the communicator), an allreduce, a broadcast. Also a group in
 * reverse order, a group of one, and MPI_COMM_NULL for a process that is not in the group it passes.
 * Every process checks what it gets; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


/* uses a communicator of n processes whose rank i is world rank members[i]; me = this process's rank */
static void use(MPI_Comm c, const int *members, int n, int me)
{
    int s, r, v, sum, i;
    MPI_Comm_size(c, &s);
    MPI_Comm_rank(c, &r);
    check(s == n && r == me);
    MPI_Barrier(c);
    if (n > 1) {
        if (r == 0) {
            v = 4242;
            MPI_Send(&v, 1, MPI_INT, n - 1, 3, c);
        } else if (r == n - 1) {
            MPI_Recv(&v, 1, MPI_INT, 0, 3, c, MPI_STATUS_IGNORE);
            check(v == 4242);
        }
    }
    v = rank;
    MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, c);
    for (i = 0, v = 0; i < n; i++)
        v += members[i];
    check(sum == v);
    v = r == n - 1 ? rank : -1;
    MPI_Bcast(&v, 1, MPI_INT, n - 1, c);
    check(v == members[n - 1]);
}

/* the members of a group, in order: every other rank from `first` up (forwards) or down (backwards) */
static int members_of(int first, int step, int *out)
{
    int n = 0, r;
    for (r = first; r >= 0 && r < size; r += step)
        out[n++] = r;
    return n;
}

static void groups(int late)
{
    MPI_Group world, g;
    MPI_Comm c;
    int members[64], n, me, i, parity = rank % 2;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    /* the even ranks and the odd ranks, each its own group and tag, the odd ones in reverse order */
    n = parity == 0 ? members_of(0, 2, members) : members_of(size - 1 - (size % 2 == 0 ? 0 : 1), -2, members);
    MPI_Group_incl(world, n, members, &g);
    for (me = 0, i = 0; i < n; i++)
        if (members[i] == rank)
            me = i;
    /* the last member of each group is late, so that the first one's message and its barrier reach it
     * before it has the communicator */
    if (late && me == n - 1 && n > 1)
        spin(2e-4);
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 10 + parity, &c);
    check(c != MPI_COMM_NULL);
    use(c, members, n, me);
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
}

int main(int argc, char **argv)
{
    MPI_Group world, g;
    MPI_Comm c;
    int members[64], i, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    groups(0);
    report("MPI_Comm_create_group: the even ranks and the odd ranks (reversed) at once, two tags");
    groups(1);
    report("the same, the last member late: used at once (barrier, send, allreduce, bcast)");

    /* only the first half makes one; the others do not call it at all */
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    n = size / 2 > 0 ? size / 2 : 1;
    for (i = 0; i < n; i++)
        members[i] = i;
    MPI_Group_incl(world, n, members, &g);
    if (rank < n) {
        MPI_Comm_create_group(MPI_COMM_WORLD, g, 0, &c);
        use(c, members, n, rank);
        MPI_Comm_free(&c);
    }
    report("a group of the first half only, the others elsewhere");
    MPI_Group_free(&g);

    /* a group of one: this process alone */
    MPI_Group_incl(world, 1, &rank, &g);
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 5, &c);
    members[0] = rank;
    use(c, members, 1, 0);
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    report("a group of one");

    MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_EMPTY, 6, &c);
    check(c == MPI_COMM_NULL);
    report("MPI_GROUP_EMPTY: MPI_COMM_NULL");

    MPI_Group_free(&world);
    if (rank == 0)
        printf("commgroup: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
