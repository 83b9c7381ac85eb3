/* nbrcoll.c - neighbourhood collectives (MPI-3): MPI_Neighbor_allgather, allgatherv, alltoall, alltoallv and
 * alltoallw, and their nonblocking MPI_Ineighbor_* forms, over Cartesian grids (periodic, non-periodic with
 * MPI_PROC_NULL neighbours whose blocks stay untouched, and periodic dimensions of 2 and 1 where both
 * neighbours of a dimension are the same process or the process itself), a graph and distributed graphs
 * (with an in-degree different from the out-degree, and a process with no neighbours). Every process prints,
 * through rank 0, what it received; each nonblocking form must give what the blocking one gave, also with two
 * of them outstanding at once. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define W 24                    /* ints per process a line shows */
#define UNTOUCHED (-1)

/* Prints, through rank 0, the first n[r] ints of every process r's buf. */
static void show(const char *name, MPI_Comm comm, const int *buf, int n)
{
    int line[W + 1], *all, i, q, r, sz;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &sz);
    line[0] = n;
    for (i = 0; i < W; i++)
        line[1 + i] = i < n ? buf[i] : 0;
    all = (int *)malloc(sz * (W + 1) * sizeof(int));
    MPI_Gather(line, W + 1, MPI_INT, all, W + 1, MPI_INT, 0, comm);
    if (r == 0) {
        printf("%s\n", name);
        for (q = 0; q < sz; q++) {
            printf("  %2d:", q);
            for (i = 0; i < all[q * (W + 1)]; i++)
                printf(" %d", all[q * (W + 1) + 1 + i]);
            printf("\n");
        }
    }
    free(all);
}

static void fill(int *b, int n, int v)
{
    int i;
    for (i = 0; i < n; i++)
        b[i] = v;
}

/* allgather and alltoall of two ints per block, blocking and not, over a communicator with degree deg. */
static void basic(const char *name, MPI_Comm comm, int deg)
{
    int me, sbuf[2 * W], rbuf[W], rbuf2[W], k, i;
    char title[160];
    MPI_Request req[2];
    MPI_Comm_rank(comm, &me);
    sbuf[0] = 100 * me;
    sbuf[1] = 100 * me + 1;
    fill(rbuf, W, UNTOUCHED);
    MPI_Neighbor_allgather(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, comm);
    sprintf(title, "%s: neighbor_allgather of (100r, 100r+1)", name);
    show(title, comm, rbuf, 2 * deg);
    fill(rbuf2, W, UNTOUCHED);
    MPI_Ineighbor_allgather(sbuf, 2, MPI_INT, rbuf2, 2, MPI_INT, comm, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);

    for (k = 0; k < deg; k++)
        for (i = 0; i < 2; i++)
            sbuf[2 * k + i] = 100 * me + 10 * k + i;
    fill(rbuf, W, UNTOUCHED);
    MPI_Neighbor_alltoall(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, comm);
    sprintf(title, "%s: neighbor_alltoall, block k of process r (100r+10k, 100r+10k+1)", name);
    show(title, comm, rbuf, 2 * deg);
    /* the nonblocking form, with a nonblocking allgather outstanding at the same time */
    {
        int g[W], g2[W];
        fill(rbuf2, W, UNTOUCHED);
        fill(g, W, UNTOUCHED);
        fill(g2, W, UNTOUCHED);
        MPI_Ineighbor_alltoall(sbuf, 2, MPI_INT, rbuf2, 2, MPI_INT, comm, &req[0]);
        MPI_Ineighbor_allgather(sbuf, 1, MPI_INT, g, 1, MPI_INT, comm, &req[1]);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);
        MPI_Neighbor_allgather(sbuf, 1, MPI_INT, g2, 1, MPI_INT, comm);
        check(memcmp(g, g2, sizeof g) == 0);
    }
}

/* allgatherv and alltoallv with block sizes that depend on the sender and the block; the neighbours given. */
static void vector(const char *name, MPI_Comm comm, int indeg, const int *in, int outdeg, const int *out)
{
    int me, sbuf[4 * W], rbuf[4 * W], rbuf2[4 * W], sc[W], sd[W], rc[W], rd[W], k, i, at;
    char title[160];
    MPI_Request req;
    MPI_Comm_rank(comm, &me);
    /* allgatherv: process r gives r % 3 + 1 ints; block k lands at 4k + 1 */
    for (i = 0; i < 4; i++)
        sbuf[i] = 100 * me + i;
    for (k = 0; k < indeg; k++) {
        rc[k] = in[k] == MPI_PROC_NULL ? 0 : in[k] % 3 + 1;
        rd[k] = 4 * k + 1;
    }
    fill(rbuf, 4 * W, UNTOUCHED);
    MPI_Neighbor_allgatherv(sbuf, me % 3 + 1, MPI_INT, rbuf, rc, rd, MPI_INT, comm);
    sprintf(title, "%s: neighbor_allgatherv, r %% 3 + 1 ints from process r, block k at 4k+1", name);
    show(title, comm, rbuf, 4 * indeg + 1 > W ? W : 4 * indeg + 1);
    fill(rbuf2, 4 * W, UNTOUCHED);
    MPI_Ineighbor_allgatherv(sbuf, me % 3 + 1, MPI_INT, rbuf2, rc, rd, MPI_INT, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);

    /* alltoallv: block k of process r carries (r + k) % 3 + 1 ints, packed in reverse order of k */
    at = 0;
    for (k = outdeg - 1; k >= 0; k--) {
        sc[k] = (me + k) % 3 + 1;
        sd[k] = at;
        for (i = 0; i < sc[k]; i++)
            sbuf[at + i] = 100 * me + 10 * k + i;
        at += sc[k];
    }
    /* the receiver knows which of the sender's blocks is its own: the sender's position of it in out */
    for (k = 0; k < indeg; k++) {
        rc[k] = 0;
        rd[k] = 4 * k;
    }
    {
        /* every process tells its in-neighbours' counts by a first exchange of the counts themselves */
        int cnt[W];
        MPI_Neighbor_alltoall(sc, 1, MPI_INT, cnt, 1, MPI_INT, comm);
        for (k = 0; k < indeg; k++)
            rc[k] = in[k] == MPI_PROC_NULL ? 0 : cnt[k];
    }
    fill(rbuf, 4 * W, UNTOUCHED);
    MPI_Neighbor_alltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, MPI_INT, comm);
    sprintf(title, "%s: neighbor_alltoallv, block k of process r (r+k)%%3+1 ints 100r+10k+i, at 4k", name);
    show(title, comm, rbuf, 4 * indeg > W ? W : 4 * indeg);
    fill(rbuf2, 4 * W, UNTOUCHED);
    MPI_Ineighbor_alltoallv(sbuf, sc, sd, MPI_INT, rbuf2, rc, rd, MPI_INT, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);
    (void)out;
}

/* alltoallw: a block between processes whose ranks sum to an odd number is one int, else a vector of two
 * ints with a gap (received as two contiguous ints); displacements in bytes, the send side's from the end of
 * the buffer backwards. (With the rule the other way round, MPICH 4.0.2 delivers two ints into the one-int
 * block rank 1 of the distributed graph below receives from the last rank after two vector blocks.) */
static void wtypes(const char *name, MPI_Comm comm, int indeg, const int *in, int outdeg, const int *out)
{
    int me, sbuf[4 * W], rbuf[4 * W], rbuf2[4 * W], sc[W], rc[W], k;
    MPI_Aint sd[W], rd[W];
    MPI_Datatype st[W], rt[W], vec;
    char title[160];
    MPI_Request req;
    MPI_Comm_rank(comm, &me);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    for (k = 0; k < 4 * W; k++)
        sbuf[k] = 1000 * me + k;
    for (k = 0; k < outdeg; k++) {
        sc[k] = 1;
        st[k] = (me + out[k]) % 2 ? MPI_INT : vec;
        sd[k] = (MPI_Aint)((4 * W - 4 * (k + 1)) * sizeof(int));
    }
    for (k = 0; k < indeg; k++) {
        rc[k] = (me + in[k]) % 2 ? 1 : 2;
        rt[k] = MPI_INT;
        rd[k] = (MPI_Aint)(3 * k * sizeof(int));
    }
    fill(rbuf, 4 * W, UNTOUCHED);
    MPI_Neighbor_alltoallw(sbuf, sc, sd, st, rbuf, rc, rd, rt, comm);
    sprintf(title, "%s: neighbor_alltoallw, int and vector blocks at byte displacements", name);
    show(title, comm, rbuf, 3 * indeg > W ? W : 3 * indeg);
    fill(rbuf2, 4 * W, UNTOUCHED);
    MPI_Ineighbor_alltoallw(sbuf, sc, sd, st, rbuf2, rc, rd, rt, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);
    MPI_Type_free(&vec);
}

static void cartesian(const char *name, int ndims, int *dims, int *periods)
{
    MPI_Comm cart;
    int in[W], k, d, me;
    MPI_Cart_create(MPI_COMM_WORLD, ndims, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &me);
    for (d = 0; d < ndims; d++)
        MPI_Cart_shift(cart, d, 1, &in[2 * d], &in[2 * d + 1]);
    basic(name, cart, 2 * ndims);
    /* the vector forms where no process is a neighbour twice: MPICH 4.0.2 matches the vector forms' messages
     * in the order posted when both neighbours of a dimension are one process (a periodic dimension of 1 or
     * 2), so that block 2d takes what that process sent towards -1; MPICH's later versions, and libmpi, give
     * what it sent towards +1, as alltoall does in both */
    {
        int twice = 0, any, j;
        for (k = 0; k < 2 * ndims; k++)
            for (j = 0; j < k; j++)
                if (in[k] != MPI_PROC_NULL && in[k] == in[j])
                    twice = 1;
        MPI_Allreduce(&twice, &any, 1, MPI_INT, MPI_MAX, cart);
        if (!any) {
            vector(name, cart, 2 * ndims, in, 2 * ndims, in);
            wtypes(name, cart, 2 * ndims, in, 2 * ndims, in);
        } else if (me == 0) {
            printf("%s: a process is a neighbour twice: the vector forms left out\n", name);
        }
    }
    report(name);
    MPI_Comm_free(&cart);
}

static int run(void)
{
    int dims[3], periods[3];
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("nbrcoll: %d processes\n", size);

    dims[0] = dims[1] = 0;
    MPI_Dims_create(size, 2, dims);
    periods[0] = periods[1] = 1;
    cartesian("cart 2-d periodic", 2, dims, periods);
    periods[0] = periods[1] = 0;
    cartesian("cart 2-d not periodic", 2, dims, periods);
    dims[0] = size / 2;
    dims[1] = 2;
    dims[2] = 1;
    periods[0] = 0;
    periods[1] = periods[2] = 1;
    cartesian("cart (n/2)x2x1, dims of 2 and 1 periodic", 3, dims, periods);
    dims[0] = size;
    periods[0] = 1;
    cartesian("cart ring", 1, dims, periods);

    {
        /* a graph: a ring with chords to the opposite process (symmetric) */
        int *index = (int *)malloc(size * sizeof(int)), *edges = (int *)malloc(3 * size * sizeof(int));
        int i, e = 0, nb[W], deg;
        MPI_Comm graph;
        for (i = 0; i < size; i++) {
            edges[e++] = (i + size - 1) % size;
            edges[e++] = (i + 1) % size;
            edges[e++] = (i + size / 2) % size;
            index[i] = e;
        }
        MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
        MPI_Graph_neighbors_count(graph, rank, &deg);
        MPI_Graph_neighbors(graph, rank, W, nb);
        basic("graph", graph, deg);
        vector("graph", graph, deg, nb, deg, nb);
        wtypes("graph", graph, deg, nb, deg, nb);
        report("graph");
        MPI_Comm_free(&graph);
        free(index);
        free(edges);
    }
    {
        /* a distributed graph: process r sends to r+1 and r+3 and receives from r-1 and r-3; the last
         * process also sends to rank 1, which receives from it */
        int in[4], out[4], indeg = 2, outdeg = 2;
        MPI_Comm dg;
        in[0] = (rank + size - 1) % size;
        in[1] = (rank + size - 3) % size;
        out[0] = (rank + 1) % size;
        out[1] = (rank + 3) % size;
        if (rank == size - 1)
            out[outdeg++] = 1;
        if (rank == 1)
            in[indeg++] = size - 1;
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, indeg, in, MPI_UNWEIGHTED, outdeg, out, MPI_UNWEIGHTED,
                                       MPI_INFO_NULL, 0, &dg);
        {
            /* allgather only for a graph whose in- and out-neighbours differ (the block counts are the
             * in-degree) */
            int sbuf[2 * W], rbuf[W], rbuf2[W], k;
            MPI_Request req;
            sbuf[0] = 100 * rank;
            sbuf[1] = 100 * rank + 1;
            fill(rbuf, W, UNTOUCHED);
            MPI_Neighbor_allgather(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, dg);
            show("dist graph: neighbor_allgather of (100r, 100r+1)", dg, rbuf, 2 * indeg);
            for (k = 0; k < outdeg; k++)
                sbuf[k] = 100 * rank + k;
            fill(rbuf, W, UNTOUCHED);
            MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, dg);
            show("dist graph: neighbor_alltoall, block k of process r 100r+k", dg, rbuf, indeg);
            fill(rbuf2, W, UNTOUCHED);
            MPI_Ineighbor_alltoall(sbuf, 1, MPI_INT, rbuf2, 1, MPI_INT, dg, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            check(memcmp(rbuf, rbuf2, sizeof rbuf) == 0);
        }
        vector("dist graph", dg, indeg, in, outdeg, out);
        wtypes("dist graph", dg, indeg, in, outdeg, out);
        report("dist graph");
        MPI_Comm_free(&dg);
    }
    {
        /* a distributed graph in which only rank 0 sends, to every other process; the others have no
         * out-neighbours and rank 0 no in-neighbours */
        int out[W], in0 = 0, i, n = 0, v = 7, r = UNTOUCHED;
        MPI_Comm dg;
        MPI_Request req;
        for (i = 1; i < size && n < W; i++)
            out[n++] = i;
        if (rank == 0)
            MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, 0, MPI_UNWEIGHTED, n, out, MPI_UNWEIGHTED,
                                           MPI_INFO_NULL, 0, &dg);
        else
            MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, rank < W + 1, &in0, MPI_UNWEIGHTED, 0, 0,
                                           MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dg);
        MPI_Ineighbor_allgather(&v, 1, MPI_INT, &r, 1, MPI_INT, dg, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        check(r == (rank == 0 ? UNTOUCHED : 7));
        MPI_Comm_free(&dg);
        report("dist graph from rank 0 to all");
    }
    if (rank == 0)
        printf("nbrcoll: %s\n", failed ? "FAILED" : "OK");
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
