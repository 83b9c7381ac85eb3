/* intercomm_split.c - MPI_Comm_split and MPI_Comm_create of an intercommunicator (MPI-2, 7.2 of MPI-2.2):
 * the intercommunicator between the low and the high half of MPI_COMM_WORLD is split by rank parity with
 * reversed keys (each new local group in reversed order), with MPI_UNDEFINED for some processes and with a
 * colour only one group passes (MPI_COMM_NULL: no remote group), made again by MPI_Comm_create from a
 * subgroup on each side, and split as a duplicate, as MPICH's test suite does with every intercommunicator
 * it tests. On each result, every process checks its rank, the sizes and both groups and exchanges a message
 * with every remote process. Rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


/* Checks an intercommunicator whose local group, in order, is the world ranks mine[0..nmine-1] and whose
 * remote group is theirs[0..ntheirs-1], and sends every remote process a message carrying both world ranks. */
static void check_inter(MPI_Comm ic, const int *mine, int nmine, const int *theirs, int ntheirs)
{
    int flag = 0, n = -1, r = -1, i, cmp;
    MPI_Group g, wg, rg;
    int *ranks, *got;
    MPI_Request *reqs;
    MPI_Comm_test_inter(ic, &flag);
    check(flag);
    MPI_Comm_size(ic, &n);
    check(n == nmine);
    MPI_Comm_remote_size(ic, &n);
    check(n == ntheirs);
    MPI_Comm_rank(ic, &r);
    check(r >= 0 && r < nmine && mine[r] == rank);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_incl(wg, nmine, (int *)mine, &g);
    MPI_Comm_group(ic, &rg);
    MPI_Group_compare(g, rg, &cmp);
    check(cmp == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&rg);
    MPI_Group_incl(wg, ntheirs, (int *)theirs, &g);
    MPI_Comm_remote_group(ic, &rg);
    MPI_Group_compare(g, rg, &cmp);
    check(cmp == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&rg);
    MPI_Group_free(&wg);
    ranks = (int *)malloc(2 * ntheirs * sizeof(int));
    got = (int *)malloc(2 * ntheirs * sizeof(int));
    reqs = (MPI_Request *)malloc(2 * ntheirs * sizeof(MPI_Request));
    for (i = 0; i < ntheirs; i++) {
        ranks[2 * i] = rank;
        ranks[2 * i + 1] = theirs[i];
        MPI_Irecv(&got[2 * i], 2, MPI_INT, i, 7, ic, &reqs[i]);
        MPI_Isend(&ranks[2 * i], 2, MPI_INT, i, 7, ic, &reqs[ntheirs + i]);
    }
    MPI_Waitall(2 * ntheirs, reqs, MPI_STATUSES_IGNORE);
    for (i = 0; i < ntheirs; i++)
        check(got[2 * i] == theirs[i] && got[2 * i + 1] == rank);
    free(ranks);
    free(got);
    free(reqs);
}

/* The world ranks of half h (0 low, 1 high) that pass colour c (-1: all), in the order of keys k(rank). */
static int members(int h, int c, int reversed, int *out)
{
    int n = 0, lo = h ? size / 2 : 0, hi = h ? size : size / 2, i;
    for (i = lo; i < hi; i++)
        if (c < 0 || i % 2 == c)
            out[n++] = i;
    if (reversed)
        for (i = 0; i < n / 2; i++) {
            int t = out[i];
            out[i] = out[n - 1 - i];
            out[n - 1 - i] = t;
        }
    return n;
}

int main(int argc, char **argv)
{
    MPI_Comm half, ic, nc;
    int high, *mine, *theirs, nm, nt, color, lone;
    MPI_Group lg, sub;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = (int *)malloc(size * sizeof(int));
    theirs = (int *)malloc(size * sizeof(int));
    high = rank >= size / 2;
    MPI_Comm_split(MPI_COMM_WORLD, high, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, high ? 0 : size / 2, 5, &ic);

    /* a split with one colour: a duplicate, in the same order */
    MPI_Comm_split(ic, 0, rank, &nc);
    nm = members(high, -1, 0, mine);
    nt = members(!high, -1, 0, theirs);
    check(nc != MPI_COMM_NULL);
    if (nc != MPI_COMM_NULL) {
        check_inter(nc, mine, nm, theirs, nt);
        MPI_Comm_free(&nc);
    }
    report("MPI_Comm_split of an intercommunicator, one colour: a duplicate");

    /* by parity, keys reversed */
    MPI_Comm_split(ic, rank % 2, -rank, &nc);
    nm = members(high, rank % 2, 1, mine);
    nt = members(!high, rank % 2, 1, theirs);
    check(nc != MPI_COMM_NULL);
    if (nc != MPI_COMM_NULL) {
        check_inter(nc, mine, nm, theirs, nt);
        MPI_Comm_free(&nc);
    }
    report("MPI_Comm_split by parity, keys reversed: two intercommunicators");

    /* the odd ranks pass MPI_UNDEFINED; of the even ones, the low half's last passes a colour of its own */
    lone = (size / 2 - 1) / 2 * 2;
    color = rank % 2 ? MPI_UNDEFINED : rank == lone ? 3 : 1;
    MPI_Comm_split(ic, color, rank, &nc);
    if (color != 1) {
        check(nc == MPI_COMM_NULL);
    } else {
        int i, n = 0;
        nm = members(high, 0, 0, mine);
        for (i = 0; i < nm; i++)
            if (mine[i] != lone)
                mine[n++] = mine[i];
        nm = n;
        nt = members(!high, 0, 0, theirs);
        for (i = n = 0; i < nt; i++)
            if (theirs[i] != lone)
                theirs[n++] = theirs[i];
        nt = n;
        check(nt > 0 ? nc != MPI_COMM_NULL : nc == MPI_COMM_NULL);     /* on 4 ranks no remote group */
        if (nc != MPI_COMM_NULL) {
            check_inter(nc, mine, nm, theirs, nt);
            MPI_Comm_free(&nc);
        }
    }
    report("MPI_Comm_split with MPI_UNDEFINED and a colour without a remote group: MPI_COMM_NULL");

    /* MPI_Comm_create: each side keeps all but its local rank 0, in reverse order */
    MPI_Comm_group(ic, &lg);
    {
        int n, i, *excl;
        MPI_Group rev;
        MPI_Group_size(lg, &n);
        excl = (int *)malloc(n * sizeof(int));
        for (i = 0; i < n - 1; i++)
            excl[i] = n - 1 - i;
        MPI_Group_incl(lg, n - 1, excl, &rev);
        sub = rev;
        free(excl);
    }
    MPI_Comm_create(ic, sub, &nc);
    nm = members(high, -1, 1, mine) - 1;
    nt = members(!high, -1, 1, theirs) - 1;
    if (rank == 0 || rank == size / 2) {
        check(nc == MPI_COMM_NULL);
    } else {
        check(nc != MPI_COMM_NULL);
        if (nc != MPI_COMM_NULL) {
            check_inter(nc, mine, nm, theirs, nt);
            MPI_Comm_free(&nc);
        }
    }
    MPI_Group_free(&sub);
    report("MPI_Comm_create of an intercommunicator from a subgroup of each side, reversed");

    /* MPI_Comm_create with the whole low group facing an empty high one: MPI_COMM_NULL everywhere */
    MPI_Comm_create(ic, high ? MPI_GROUP_EMPTY : lg, &nc);
    check(nc == MPI_COMM_NULL);
    MPI_Group_free(&lg);
    report("MPI_Comm_create facing an empty group: MPI_COMM_NULL");

    MPI_Comm_free(&ic);
    MPI_Comm_free(&half);
    if (rank == 0)
        printf("intercomm_split: done\n");
    MPI_Finalize();
    return 0;
}
