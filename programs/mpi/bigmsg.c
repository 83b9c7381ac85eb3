/* bigmsg.c - messages at and beyond the boundaries of the length fields on their way: a DMA block (sendm)
 * carries at most 65535 words, so payloads of 65535, 65536 and 65537 words and of about two and three
 * times 65536 words, as MPI_INT, MPI_DOUBLE and MPI_BYTE (tail bytes, unaligned buffers), with the receive
 * posted first and with the message unexpected; derived types whose runs or strides cover more than 65535
 * words; the synchronous, buffered and nonblocking modes and MPI_Sendrecv_replace; broadcasts and
 * exchanges of 65535 to 65537 words, and every other collective with blocks of 65537 words. Rank 0 and the
 * last rank exchange the point-to-point messages (only the sender fills a buffer it sends and only the
 * receiver one it receives into); every rank checks what it received and rank 0 prints the number of wrong
 * words over all ranks. The point-to-point part runs on up to 4 ranks only: on more, the ranks between 0 and the
 * last would only wait through it, and a message's way across a larger mesh (rank 0 to the far corner) is
 * bigpingpong.c's, with the sizes beside a block's 65535 words; the collectives run on any number of ranks >= 2
 * (a node's memory holds the gathers of 16 ranks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static int me, np, last, failed;
static int seeds;               /* every message has its own contents: no buffer needs clearing */

/* Word i of a message with this seed (a macro: scmpcc does not inline, and the checks touch every word). */
#define value(seed, i) (((seed) << 20) + (i))

static void fill(int *p, int n, int seed)
{
    int v = value(seed, 0), *end = p + n;
    while (p < end)
        *p++ = v++;
}

static int wrong_words(const int *p, int n, int seed)
{
    int v = value(seed, 0), bad = 0;
    const int *end = p + n;
    while (p < end)
        bad += *p++ != v++;
    return bad;
}

/* Prints on rank 0 the wrong words of every rank together. */
static void verdict(const char *what, int wrong)
{
    int total = 0;
    MPI_Allreduce(&wrong, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total)
        failed = 1;
    if (me == 0)
        printf("%s: wrong %d\n", what, total);
}

/* Rank 0 sends n items of type t at sbuf to the last rank, which receives into rbuf (rn items of rt), with
 * the receive posted before the send starts (posted != 0) or after the message has been announced. */
static void one_way(void *sbuf, int n, MPI_Datatype t, void *rbuf, int rn, MPI_Datatype rt, int posted)
{
    MPI_Request r;
    if (me == last && posted) {
        MPI_Irecv(rbuf, rn, rt, 0, 5, MPI_COMM_WORLD, &r);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (me == last) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(rbuf, rn, rt, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (me == 0 && posted) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(sbuf, n, t, last, 5, MPI_COMM_WORLD);
    } else if (me == 0) {
        MPI_Isend(sbuf, n, t, last, 5, MPI_COMM_WORLD, &r);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
}

/* words ints, the receive posted first, and also unexpected when both != 0 */
static void ints(int words, int both)
{
    char what[96];
    int posted;
    int *s = (int *)malloc(words * 4), *r = (int *)malloc(words * 4);
    for (posted = 1; posted >= !both; posted--) {
        int wrong = 0, seed = ++seeds;
        if (me == 0)
            fill(s, words, seed);
        one_way(s, words, MPI_INT, r, words, MPI_INT, posted);
        if (me == last)
            wrong = wrong_words(r, words, seed);
        sprintf(what, "%d ints, %s", words, posted ? "receive posted first" : "unexpected");
        verdict(what, wrong);
    }
    free(s);
    free(r);
}

static void doubles(int n)
{
    char what[64];
    int i, wrong = 0, seed = ++seeds;
    double *s = (double *)malloc(n * 8), *r = (double *)malloc(n * 8);
    if (me == 0)
        for (i = 0; i < n; i++)
            s[i] = seed + i * 0.5;
    one_way(s, n, MPI_DOUBLE, r, n, MPI_DOUBLE, 1);
    if (me == last)
        for (i = 0; i < n; i++)
            wrong += r[i] != seed + i * 0.5;
    sprintf(what, "%d doubles", n);
    verdict(what, wrong);
    free(s);
    free(r);
}

/* n bytes from sbuf + soff to rbuf + roff (offsets 0..3: unaligned buffers); the byte after the message
 * must stay as it was. */
static void bytes(int n, int soff, int roff)
{
    char what[96];
    int i, wrong = 0, seed = ++seeds;
    unsigned char *s = (unsigned char *)malloc(n + 4), *r = (unsigned char *)malloc(n + 8);
    if (me == 0)
        for (i = 0; i < n; i++)
            s[soff + i] = (unsigned char)(i * 7 + seed);
    r[roff + n] = 0xee;
    one_way(s + soff, n, MPI_BYTE, r + roff, n, MPI_BYTE, 1);
    if (me == last) {
        for (i = 0; i < n; i++)
            wrong += r[roff + i] != (unsigned char)(i * 7 + seed);
        wrong += r[roff + n] != 0xee;
    }
    sprintf(what, "%d bytes, buffers at offsets %d and %d", n, soff, roff);
    verdict(what, wrong);
    free(s);
    free(r);
}

/* Derived types: a column of n ints (every other int: MPI_INT resized to an extent of two ints); two runs
 * of n ints with a gap of 3. The words in between must keep what they held. */
static void derived(int n)
{
    char what[96];
    int i, wrong, s1 = ++seeds, s2 = ++seeds;
    MPI_Datatype column, runs;
    int *a = (int *)malloc(2 * n * 4 + 64), *b = (int *)malloc(2 * n * 4 + 64);
    MPI_Type_create_resized(MPI_INT, 0, 8, &column);
    MPI_Type_commit(&column);
    MPI_Type_vector(2, n, n + 3, MPI_INT, &runs);
    MPI_Type_commit(&runs);

    /* a column sent, received contiguous */
    if (me == 0)
        fill(a, 2 * n, s1);
    one_way(a, n, column, b, n, MPI_INT, 1);
    wrong = 0;
    if (me == last)
        for (i = 0; i < n; i++)
            wrong += b[i] != value(s1, 2 * i);
    sprintf(what, "a column of %d ints into contiguous ints", n);
    verdict(what, wrong);

    /* contiguous sent, received as a column */
    if (me == 0)
        fill(a, n, s2);
    if (me == last)
        fill(b, 2 * n, s1);
    one_way(a, n, MPI_INT, b, n, column, 0);
    wrong = 0;
    if (me == last)
        for (i = 0; i < n; i++)
            wrong += b[2 * i] != value(s2, i) || b[2 * i + 1] != value(s1, 2 * i + 1);
    sprintf(what, "%d contiguous ints into a column", n);
    verdict(what, wrong);

    /* two runs of n ints three apart, on both sides */
    if (me == 0)
        fill(a, 2 * n + 3, s1);
    if (me == last)
        fill(b, 2 * n + 3, s2);
    one_way(a, 1, runs, b, 1, runs, 0);
    wrong = 0;
    if (me == last)
        for (i = 0; i < 2 * n + 3; i++)
            wrong += b[i] != (i >= n && i < n + 3 ? value(s2, i) : value(s1, i));
    sprintf(what, "two runs of %d ints, both sides", n);
    verdict(what, wrong);

    MPI_Type_free(&column);
    MPI_Type_free(&runs);
    free(a);
    free(b);
}

/* The other send modes and MPI_Sendrecv_replace, n ints each. */
static void modes(int n)
{
    char what[96];
    int wrong = 0, size, seed = ++seeds, peer = last - me;
    int *s = (int *)malloc(n * 4), *r = (int *)malloc(n * 4);
    void *attached;
    MPI_Request req[2];

    if (me == 0)
        fill(s, n, seed);
    if (me == 0)
        MPI_Ssend(s, n, MPI_INT, last, 6, MPI_COMM_WORLD);
    else if (me == last)
        MPI_Recv(r, n, MPI_INT, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (me == last)
        wrong = wrong_words(r, n, seed);
    sprintf(what, "MPI_Ssend of %d ints", n);
    verdict(what, wrong);

    /* exactly the room MPI promises a buffered message */
    MPI_Pack_size(n, MPI_INT, MPI_COMM_WORLD, &size);
    size += MPI_BSEND_OVERHEAD;
    attached = malloc(size);
    MPI_Buffer_attach(attached, size);
    seed = ++seeds;
    if (me == 0)
        fill(s, n, seed);
    if (me == 0) {
        MPI_Bsend(s, n, MPI_INT, last, 7, MPI_COMM_WORLD);
        fill(s, n, seed + 1);   /* the buffered copy went, not this */
    } else if (me == last) {
        MPI_Recv(r, n, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Buffer_detach(&attached, &size);
    free(attached);
    wrong = me == last ? wrong_words(r, n, seed) : 0;
    sprintf(what, "MPI_Bsend of %d ints", n);
    verdict(what, wrong);
    seed = ++seeds;

    /* both ways at once, nonblocking */
    wrong = 0;
    if (me == 0 || me == last) {
        fill(s, n, seed * 16 + me);
        MPI_Irecv(r, n, MPI_INT, peer, 8, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(s, n, MPI_INT, peer, 8, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        wrong = wrong_words(r, n, seed * 16 + peer);
    }
    sprintf(what, "MPI_Isend and MPI_Irecv of %d ints both ways", n);
    verdict(what, wrong);

    seed = ++seeds;
    wrong = 0;
    if (me == 0 || me == last) {
        fill(s, n, seed * 16 + me);
        MPI_Sendrecv_replace(s, n, MPI_INT, peer, 9, peer, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        wrong = wrong_words(s, n, seed * 16 + peer);
    }
    sprintf(what, "MPI_Sendrecv_replace of %d ints", n);
    verdict(what, wrong);
    free(s);
    free(r);
}

/* The collectives with blocks of n ints: a broadcast and an exchange with the next rank, and when
 * all_to_all != 0 the reductions and the ones that move a block between the root and every rank or
 * between every pair of ranks. */
static void collectives(int n, int all_to_all)
{
    char what[96];
    int i, j, wrong, seed = ++seeds * 16;
    int *a = (int *)malloc(n * 4), *b = (int *)malloc(n * 4);
    int *all = all_to_all ? (int *)malloc(n * 4 * np) : 0;
    int *scounts = (int *)calloc(np, 4), *sdispls = (int *)calloc(np, 4);
    int *rcounts = (int *)calloc(np, 4), *rdispls = (int *)calloc(np, 4);

    fill(a, n, me == last ? seed : seed + 1);
    MPI_Bcast(a, n, MPI_INT, last, MPI_COMM_WORLD);
    sprintf(what, "MPI_Bcast of %d ints", n);
    verdict(what, wrong_words(a, n, seed));

    /* each rank sends n ints to the next and takes n from the previous */
    seed = ++seeds * 16;
    scounts[(me + 1) % np] = n;
    rcounts[(me + np - 1) % np] = n;
    fill(a, n, seed + me);
    MPI_Alltoallv(a, scounts, sdispls, MPI_INT, b, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);
    sprintf(what, "MPI_Alltoallv of %d ints to the next rank", n);
    verdict(what, wrong_words(b, n, seed + (me + np - 1) % np));

    if (all_to_all) {
        for (i = 0; i < n; i++)
            a[i] = (i & 0xfff) + me;
        MPI_Reduce(a, b, n, MPI_INT, MPI_SUM, 1 % np, MPI_COMM_WORLD);
        wrong = 0;
        if (me == 1 % np)
            for (i = 0; i < n; i++)
                wrong += b[i] != (i & 0xfff) * np + np * (np - 1) / 2;
        sprintf(what, "MPI_Reduce of %d ints", n);
        verdict(what, wrong);

        MPI_Allreduce(a, b, n, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        wrong = 0;
        for (i = 0; i < n; i++)
            wrong += b[i] != (i & 0xfff) + np - 1;
        sprintf(what, "MPI_Allreduce of %d ints", n);
        verdict(what, wrong);

        seed = ++seeds * 16;
        fill(a, n, seed + me);
        MPI_Gather(a, n, MPI_INT, all, n, MPI_INT, 0, MPI_COMM_WORLD);
        wrong = 0;
        if (me == 0)
            for (j = 0; j < np; j++)
                wrong += wrong_words(all + j * n, n, seed + j);
        sprintf(what, "MPI_Gather of %d ints", n);
        verdict(what, wrong);

        seed = ++seeds * 16;
        if (me == last)
            for (j = 0; j < np; j++)
                fill(all + j * n, n, seed + j);
        MPI_Scatter(all, n, MPI_INT, b, n, MPI_INT, last, MPI_COMM_WORLD);
        sprintf(what, "MPI_Scatter of %d ints", n);
        verdict(what, wrong_words(b, n, seed + me));

        seed = ++seeds * 16;
        fill(a, n, seed + me);
        MPI_Allgather(a, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD);
        wrong = 0;
        for (j = 0; j < np; j++)
            wrong += wrong_words(all + j * n, n, seed + j);
        sprintf(what, "MPI_Allgather of %d ints", n);
        verdict(what, wrong);
        free(all);
    }
    free(a);
    free(b);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    last = np - 1;
    if (me == 0 && np <= 4)
        printf("bigmsg: %d processes, rank 0 and rank %d\n", np, last);
    else if (me == 0)
        printf("bigmsg: %d processes, the collectives\n", np);
    if (np <= 4) {
        ints(65535, 1);
        ints(65536, 1);
        ints(65537, 1);
        ints(131072, 0);
        ints(196609, 0);
        doubles(32769);
        bytes(262147, 0, 0);
        bytes(262144, 1, 3);
        derived(65537);
        modes(65536);
        modes(65537);
    }
    collectives(65535, 0);
    collectives(65536, 0);
    collectives(65537, 1);
    if (me == 0)
        printf("bigmsg: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
