/* distgraph.c - distributed graph topologies (MPI-2.2): MPI_Dist_graph_create_adjacent with weights, with
 * MPI_UNWEIGHTED and with MPI_WEIGHTS_EMPTY on a process without neighbours; MPI_Dist_graph_create with edges
 * given by their sources and by other processes (each process's neighbours sorted before printing, as the
 * standard leaves their order open), repeated edges and self loops; MPI_Dist_graph_neighbors_count,
 * MPI_Dist_graph_neighbors, MPI_Topo_test (MPI_DIST_GRAPH), MPI_Comm_dup keeping the topology, and the error
 * classes of graph and Cartesian queries on a distributed graph and of distributed-graph queries elsewhere.
 * Rank 0 prints every process's view; the output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define MAXN 40

/* Every process's in- and out-neighbours (and weights, when weighted), printed by rank 0; sorted first when
 * sort is set. */
static void show(const char *name, MPI_Comm g, int sort)
{
    int line[4 * MAXN + 4], *all, indeg, outdeg, w, i, j, q, per = 4 * MAXN + 4, type;
    int src[MAXN], srcw[MAXN], dst[MAXN], dstw[MAXN];
    MPI_Topo_test(g, &type);
    check(type == MPI_DIST_GRAPH);
    MPI_Dist_graph_neighbors_count(g, &indeg, &outdeg, &w);
    for (i = 0; i < MAXN; i++)
        srcw[i] = dstw[i] = -7;
    MPI_Dist_graph_neighbors(g, indeg, src, w ? srcw : MPI_UNWEIGHTED, outdeg, dst, w ? dstw : MPI_UNWEIGHTED);
    if (sort) {
        for (i = 0; i < indeg; i++)
            for (j = i + 1; j < indeg; j++)
                if (src[j] < src[i] || (src[j] == src[i] && srcw[j] < srcw[i])) {
                    int t = src[i], u = srcw[i];
                    src[i] = src[j], srcw[i] = srcw[j], src[j] = t, srcw[j] = u;
                }
        for (i = 0; i < outdeg; i++)
            for (j = i + 1; j < outdeg; j++)
                if (dst[j] < dst[i] || (dst[j] == dst[i] && dstw[j] < dstw[i])) {
                    int t = dst[i], u = dstw[i];
                    dst[i] = dst[j], dstw[i] = dstw[j], dst[j] = t, dstw[j] = u;
                }
    }
    line[0] = indeg;
    line[1] = outdeg;
    line[2] = w;
    for (i = 0; i < indeg; i++) {
        line[4 + 2 * i] = src[i];
        line[5 + 2 * i] = srcw[i];
    }
    for (i = 0; i < outdeg; i++) {
        line[4 + 2 * MAXN + 2 * i] = dst[i];
        line[5 + 2 * MAXN + 2 * i] = dstw[i];
    }
    all = (int *)malloc(per * size * sizeof(int));
    MPI_Gather(line, per, MPI_INT, all, per, MPI_INT, 0, g);
    if (rank == 0) {
        printf("%s: per rank, in-neighbours <- ; out-neighbours -> (weights in brackets)\n", name);
        for (q = 0; q < size; q++) {
            int *l = all + q * per;
            printf("  %2d: indegree %d outdegree %d weighted %d <-", q, l[0], l[1], l[2]);
            for (i = 0; i < l[0]; i++) {
                printf(" %d", l[4 + 2 * i]);
                if (l[2])
                    printf("[%d]", l[5 + 2 * i]);
            }
            printf(" ->");
            for (i = 0; i < l[1]; i++) {
                printf(" %d", l[4 + 2 * MAXN + 2 * i]);
                if (l[2])
                    printf("[%d]", l[5 + 2 * MAXN + 2 * i]);
            }
            printf("\n");
        }
    }
    free(all);
}

static int run(void)
{
    MPI_Comm ring, plain, empty, made, dup, cart;
    int type, err, cls;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("distgraph: %d processes\n", size);

    MPI_Topo_test(MPI_COMM_WORLD, &type);
    check(type == MPI_UNDEFINED);
    report("topo_test of MPI_COMM_WORLD: MPI_UNDEFINED");

    {
        /* a ring: in from the left and the right, out to the right and the left, weighted by distance */
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        int in[2], inw[2], out[2], outw[2];
        in[0] = left, in[1] = right, inw[0] = 10 + rank, inw[1] = 20 + rank;
        out[0] = right, out[1] = left, outw[0] = 30 + rank, outw[1] = 40 + rank;
        err = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, in, inw, 2, out, outw, MPI_INFO_NULL, 0, &ring);
        check(err == MPI_SUCCESS);
        show("adjacent ring, weighted", ring, 0);
        report("dist_graph_create_adjacent, weighted");
    }
    {
        /* unweighted: rank r hears from every rank below it and speaks to rank 0 */
        int in[MAXN], i, n = 0, zero = 0;
        for (i = 0; i < rank && i < MAXN; i++)
            in[n++] = i;
        err = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, n, in, MPI_UNWEIGHTED, 1, &zero, MPI_UNWEIGHTED,
                                             MPI_INFO_NULL, 1, &plain);
        check(err == MPI_SUCCESS);
        show("adjacent, MPI_UNWEIGHTED", plain, 0);
        report("dist_graph_create_adjacent, unweighted");
    }
    {
        /* weighted, with MPI_WEIGHTS_EMPTY where a process has no neighbours: only rank 0 hears from rank 1 */
        int one = 1, zero = 0, w5 = 5, w6 = 6;
        if (rank == 0)
            err = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &one, &w5, 0, 0, MPI_WEIGHTS_EMPTY,
                                                 MPI_INFO_NULL, 0, &empty);
        else if (rank == 1)
            err = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, 0, MPI_WEIGHTS_EMPTY, 1, &zero, &w6,
                                                 MPI_INFO_NULL, 0, &empty);
        else
            err = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, 0, MPI_WEIGHTS_EMPTY, 0, 0, MPI_WEIGHTS_EMPTY,
                                                 MPI_INFO_NULL, 0, &empty);
        check(err == MPI_SUCCESS);
        show("adjacent, MPI_WEIGHTS_EMPTY", empty, 0);
        report("dist_graph_create_adjacent, MPI_WEIGHTS_EMPTY");
    }
    {
        /* Dist_graph_create: each process gives its own edges to rank+1 and rank+3 (weights 100*rank+k), and
         * rank 0 also gives an edge from every rank to rank 0 (weight 7); rank 1 gives a self loop of rank 2
         * twice (weights 8 and 9) when there is a rank 2 */
        int srcs[MAXN + 4], degs[MAXN + 4], dsts[2 * MAXN + 8], ws[2 * MAXN + 8], n = 0, k = 0, i;
        srcs[n] = rank;
        degs[n++] = 2;
        dsts[k] = (rank + 1) % size;
        ws[k++] = 100 * rank + 1;
        dsts[k] = (rank + 3) % size;
        ws[k++] = 100 * rank + 3;
        if (rank == 0)
            for (i = 0; i < size && i < MAXN - 4; i++) {
                srcs[n] = i;
                degs[n++] = 1;
                dsts[k] = 0;
                ws[k++] = 7;
            }
        if (rank == 1 && size > 2) {
            srcs[n] = 2;
            degs[n++] = 2;
            dsts[k] = 2;
            ws[k++] = 8;
            dsts[k] = 2;
            ws[k++] = 9;
        }
        err = MPI_Dist_graph_create(MPI_COMM_WORLD, n, srcs, degs, dsts, ws, MPI_INFO_NULL, 0, &made);
        check(err == MPI_SUCCESS);
        show("dist_graph_create, weighted (sorted)", made, 1);
        report("dist_graph_create");
        MPI_Comm_free(&made);
        /* the same edges, unweighted, and none on the odd ranks */
        err = MPI_Dist_graph_create(MPI_COMM_WORLD, rank % 2 ? 0 : n, srcs, degs, dsts, MPI_UNWEIGHTED,
                                    MPI_INFO_NULL, 1, &made);
        check(err == MPI_SUCCESS);
        show("dist_graph_create, unweighted, even ranks' edges (sorted)", made, 1);
        report("dist_graph_create, unweighted");
    }
    {
        /* MPI_Comm_dup keeps the topology */
        MPI_Comm_dup(ring, &dup);
        show("dup of the ring", dup, 0);
        report("comm_dup keeps the distributed graph");
    }
    {
        /* the wrong kind of query: MPI_ERR_TOPOLOGY */
        int nn, ne, nd, a, b, c;
        MPI_Comm_set_errhandler(ring, MPI_ERRORS_RETURN);
        err = MPI_Graphdims_get(ring, &nn, &ne);
        MPI_Error_class(err, &cls);
        check(cls == MPI_ERR_TOPOLOGY);
        err = MPI_Cartdim_get(ring, &nd);
        MPI_Error_class(err, &cls);
        check(cls == MPI_ERR_TOPOLOGY);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        err = MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, &a, &b, &c);
        MPI_Error_class(err, &cls);
        check(cls == MPI_ERR_TOPOLOGY);
        {
            int dims[1] = { 0 }, per[1] = { 1 };
            dims[0] = size;
            MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &cart);
            MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
            err = MPI_Dist_graph_neighbors_count(cart, &a, &b, &c);
            MPI_Error_class(err, &cls);
            check(cls == MPI_ERR_TOPOLOGY);
            MPI_Comm_free(&cart);
        }
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        report("queries of the wrong topology: MPI_ERR_TOPOLOGY");
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&made);
    MPI_Comm_free(&empty);
    MPI_Comm_free(&plain);
    MPI_Comm_free(&ring);
    if (rank == 0)
        printf("distgraph: %s\n", failed ? "FAILED" : "OK");
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
