/* intercomm.c - intercommunicators (MPI-1.2 5.6): MPI_Intercomm_create between the even and the odd ranks of
 * MPI_COMM_WORLD, its size, rank, remote size and both groups; point to point across (every process to
 * every remote one, MPI_ANY_SOURCE, MPI_Probe, long messages, MPI_Sendrecv), traffic sent to processes that
 * have not yet made the intercommunicator (they are late on purpose), MPI_Comm_dup and MPI_Comm_compare,
 * MPI_Intercomm_merge in both orders with collectives on the result, an intercommunicator between a third
 * of the ranks and the rest with leaders other than rank 0 over a peer communicator of its own, and
 * ranks out of the remote group's range as errors. Every process
 * checks what it gets; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


/* the world rank of rank r of the even (parity 0) or odd group */
static int world_of(int parity, int r)
{
    return 2 * r + parity;
}

static int group_size(int parity)
{
    return (size + 1 - parity) / 2;
}

static int error_class(int code)
{
    int cls;
    MPI_Error_class(code, &cls);
    return cls;
}

/* the groups of an intercommunicator, as world ranks */
static void check_groups(MPI_Comm inter, int parity)
{
    MPI_Group world, local, remote;
    int n, i, *ranks, *wr;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm_group(inter, &local);
    MPI_Comm_remote_group(inter, &remote);
    MPI_Group_size(local, &n);
    check(n == group_size(parity));
    MPI_Group_size(remote, &n);
    check(n == group_size(1 - parity));
    ranks = (int *)malloc(size * sizeof(int));
    wr = (int *)malloc(size * sizeof(int));
    for (i = 0; i < size; i++)
        ranks[i] = i;
    MPI_Group_translate_ranks(remote, n, ranks, world, wr);
    for (i = 0; i < n; i++)
        check(wr[i] == world_of(1 - parity, i));
    MPI_Group_translate_ranks(local, group_size(parity), ranks, world, wr);
    for (i = 0; i < group_size(parity); i++)
        check(wr[i] == world_of(parity, i));
    MPI_Group_free(&world);
    MPI_Group_free(&local);
    MPI_Group_free(&remote);
    free(ranks);
    free(wr);
}

/* every process sends its world rank (and a long message to the remote process of its own rank) to every
 * remote process, and receives theirs */
static void all_to_remote(MPI_Comm inter, int parity, int tag)
{
    int rsize, lrank, i, *got, *long_out, *long_in, n = 3000;
    MPI_Request *reqs;
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Comm_rank(inter, &lrank);
    got = (int *)malloc(rsize * sizeof(int));
    reqs = (MPI_Request *)malloc(2 * (rsize + 1) * sizeof(MPI_Request));
    long_out = (int *)malloc(n * sizeof(int));
    long_in = (int *)malloc(n * sizeof(int));
    for (i = 0; i < n; i++) {
        long_out[i] = rank * 10000 + i;
        long_in[i] = -1;
    }
    for (i = 0; i < rsize; i++) {
        got[i] = -1;
        MPI_Irecv(&got[i], 1, MPI_INT, i, tag, inter, &reqs[i]);
    }
    for (i = 0; i < rsize; i++)
        MPI_Isend(&rank, 1, MPI_INT, i, tag, inter, &reqs[rsize + i]);
    MPI_Waitall(2 * rsize, reqs, MPI_STATUSES_IGNORE);
    for (i = 0; i < rsize; i++)
        check(got[i] == world_of(1 - parity, i));
    if (lrank < rsize) {
        MPI_Sendrecv(long_out, n, MPI_INT, lrank, tag + 1, long_in, n, MPI_INT, lrank, tag + 1, inter,
                     MPI_STATUS_IGNORE);
        for (i = 0; i < n; i++)
            check(long_in[i] == world_of(1 - parity, lrank) * 10000 + i);
    }
    free(got);
    free(reqs);
    free(long_out);
    free(long_in);
}

static void make_and_talk(void)
{
    MPI_Comm half, inter, dup;
    int parity = rank % 2, lsize, rsize, lrank, flag, res, i, v, sum;
    MPI_Status st;
    MPI_Comm_split(MPI_COMM_WORLD, parity, rank, &half);
    /* the odd processes but their leader are late: the even ones finish first and send at once */
    if (parity == 1 && rank != 1)
        spin(2e-4);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - parity, 7, &inter);
    if (parity == 0) {
        v = 1000 + rank;
        for (i = 0; i < group_size(1); i++)
            MPI_Send(&v, 1, MPI_INT, i, 99, inter);
    } else {
        for (i = 0; i < group_size(0); i++) {
            MPI_Recv(&v, 1, MPI_INT, i, 99, inter, &st);
            check(v == 1000 + world_of(0, i) && st.MPI_SOURCE == i && st.MPI_TAG == 99);
        }
    }
    report("MPI_Intercomm_create of the even and the odd ranks; sent to before they have it");

    MPI_Comm_test_inter(inter, &flag);
    check(flag == 1);
    MPI_Comm_test_inter(half, &flag);
    check(flag == 0);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Comm_rank(inter, &lrank);
    check(lsize == group_size(parity) && rsize == group_size(1 - parity) && lrank == rank / 2);
    check_groups(inter, parity);
    report("MPI_Comm_test_inter, size, rank, MPI_Comm_remote_size, both groups");

    all_to_remote(inter, parity, 11);
    report("point to point: every process to every remote one, long messages, MPI_Sendrecv");

    /* MPI_ANY_SOURCE and MPI_Probe: every odd process sends to even rank 0, which takes them in any order */
    if (parity == 1) {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 20 + lrank, inter);
    } else if (lrank == 0) {
        int seen = 0, count;
        for (i = 0; i < rsize; i++) {
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, inter, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            check(count == 1 && st.MPI_TAG == 20 + st.MPI_SOURCE);
            MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, inter, &st);
            check(v == world_of(1, st.MPI_SOURCE));
            seen += v;
        }
        for (i = 0, sum = 0; i < rsize; i++)
            sum += world_of(1, i);
        check(seen == sum);
    }
    report("MPI_ANY_SOURCE and MPI_Probe across");

    MPI_Comm_dup(inter, &dup);
    MPI_Comm_compare(inter, dup, &res);
    check(res == MPI_CONGRUENT);
    MPI_Comm_compare(inter, inter, &res);
    check(res == MPI_IDENT);
    MPI_Comm_compare(inter, half, &res);
    check(res == MPI_UNEQUAL);
    MPI_Comm_test_inter(dup, &flag);
    check(flag == 1);
    /* the same tag on both: each message stays in its communicator */
    if (lrank < rsize) {
        int a = rank, b = -rank, x, y;
        MPI_Request r[2];
        MPI_Isend(&a, 1, MPI_INT, lrank, 5, inter, &r[0]);
        MPI_Isend(&b, 1, MPI_INT, lrank, 5, dup, &r[1]);
        MPI_Recv(&y, 1, MPI_INT, lrank, 5, dup, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, lrank, 5, inter, MPI_STATUS_IGNORE);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        check(x == world_of(1 - parity, lrank) && y == -world_of(1 - parity, lrank));
    }
    check_groups(dup, parity);
    MPI_Comm_free(&dup);
    check(dup == MPI_COMM_NULL);
    report("MPI_Comm_dup of an intercommunicator, MPI_Comm_compare");

    {
        MPI_Comm merged;
        int mrank, msize, r[2], expect;
        /* high = 1 on the even side: the odd ranks come first */
        MPI_Intercomm_merge(inter, parity == 0, &merged);
        MPI_Comm_size(merged, &msize);
        MPI_Comm_rank(merged, &mrank);
        expect = parity == 1 ? lrank : group_size(1) + lrank;
        check(msize == size && mrank == expect);
        r[0] = rank;
        r[1] = mrank;
        MPI_Allreduce(MPI_IN_PLACE, r, 2, MPI_INT, MPI_SUM, merged);
        check(r[0] == size * (size - 1) / 2 && r[1] == size * (size - 1) / 2);
        v = mrank == 0 ? rank : -1;
        MPI_Bcast(&v, 1, MPI_INT, 0, merged);
        check(v == 1);
        MPI_Barrier(merged);
        MPI_Comm_free(&merged);
        /* high = 0 everywhere... and then the even ranks first */
        MPI_Intercomm_merge(inter, parity == 1, &merged);
        MPI_Comm_rank(merged, &mrank);
        check(mrank == (parity == 0 ? lrank : group_size(0) + lrank));
        /* a ring on the merged communicator: each gets its left neighbour's world rank */
        {
            int left, right, from, wleft;
            MPI_Comm_size(merged, &msize);
            right = (mrank + 1) % msize;
            left = (mrank + msize - 1) % msize;
            MPI_Sendrecv(&rank, 1, MPI_INT, right, 3, &from, 1, MPI_INT, left, 3, merged, MPI_STATUS_IGNORE);
            wleft = left < group_size(0) ? world_of(0, left) : world_of(1, left - group_size(0));
            check(from == wleft);
        }
        MPI_Comm_free(&merged);
    }
    report("MPI_Intercomm_merge, the odd ranks first, then the even ones; collectives and a ring on it");

    {
        int err;
        MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
        err = MPI_Send(&v, 1, MPI_INT, rsize, 0, inter);
        check(error_class(err) == MPI_ERR_RANK);
        err = MPI_Recv(&v, 1, MPI_INT, -5, 0, inter, MPI_STATUS_IGNORE);
        check(error_class(err) == MPI_ERR_RANK);
    }
    report("errors: ranks are the remote group's");

    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    check(inter == MPI_COMM_NULL);
    report("MPI_Comm_free of intercommunicators");
}

/* a third of the ranks (at least one) against the rest, leaders the last of each, over a dup of the world */
static void other_leaders(void)
{
    MPI_Comm part, peer, inter, merged;
    int third = size / 3 > 0 ? size / 3 : 1, mine = rank < third, lsize, rsize, lrank, v, sum, i;
    MPI_Comm_dup(MPI_COMM_WORLD, &peer);
    MPI_Comm_split(MPI_COMM_WORLD, mine, rank, &part);
    MPI_Comm_size(part, &lsize);
    MPI_Intercomm_create(part, lsize - 1, peer, mine ? size - 1 : third - 1, 42, &inter);
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Comm_rank(inter, &lrank);
    check(rsize == (mine ? size - third : third) && lrank == (mine ? rank : rank - third));
    /* every process sends to the remote process of its rank modulo the remote size and receives from all
     * that send to it */
    v = rank;
    {
        MPI_Request s;
        int expect = 0, n = 0;
        MPI_Isend(&v, 1, MPI_INT, lrank % rsize, 1, inter, &s);
        for (i = 0; i < rsize; i++)
            if (i % lsize == lrank) {
                expect += mine ? third + i : i;
                n++;
            }
        for (sum = 0, i = 0; i < n; i++) {
            int got;
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 1, inter, MPI_STATUS_IGNORE);
            sum += got;
        }
        MPI_Wait(&s, MPI_STATUS_IGNORE);
        check(sum == expect);
    }
    /* merged with the same high everywhere: the order is the implementation's; the members are all */
    MPI_Intercomm_merge(inter, 0, &merged);
    MPI_Comm_size(merged, &v);
    check(v == size);
    v = rank;
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, merged);
    check(v == size * (size - 1) / 2);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&part);
    MPI_Comm_free(&peer);
    report("a third against the rest, leaders the last ranks, a peer communicator of its own; merged");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    make_and_talk();
    other_leaders();
    if (rank == 0)
        printf("intercomm: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
