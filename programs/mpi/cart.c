/* cart.c - process topologies: MPI_Dims_create (a table of results), MPI_Cart_create with reordering, and
 * what every grid position sees (coordinates, MPI_Cart_shift in each dimension, periodic and not,
 * MPI_Cart_rank), MPI_Cart_get, MPI_Cartdim_get, MPI_Topo_test, MPI_Cart_sub into rows and columns with
 * collectives on them, a 3-D torus, a grid smaller than the communicator, MPI_Cart_map, and graph
 * topologies. Everything printed is given by grid positions, so it does not depend on which process the
 * implementation puts where; the output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"


static void dims_table(void)
{
    static const int nn[] = { 1, 2, 6, 7, 12, 16, 24, 30, 36, 48, 60, 64, 72, 100, 120, 128, 256, 360 };
    int i, d, k, dims[8];
    if (rank != 0)
        return;
    for (d = 1; d <= 4; d++) {
        printf("dims_create %d-d:", d);
        for (i = 0; i < (int)(sizeof nn / sizeof nn[0]); i++) {
            for (k = 0; k < d; k++)
                dims[k] = 0;
            MPI_Dims_create(nn[i], d, dims);
            printf(" %d=", nn[i]);
            for (k = 0; k < d; k++)
                printf("%s%d", k ? "x" : "", dims[k]);
        }
        printf("\n");
    }
    dims[0] = 0;
    dims[1] = 2;
    dims[2] = 0;
    MPI_Dims_create(36, 3, dims);
    printf("dims_create 36 with (0,2,0): %dx%dx%d\n", dims[0], dims[1], dims[2]);
    dims[0] = 3;
    dims[1] = 0;
    dims[2] = 0;
    MPI_Dims_create(72, 3, dims);
    printf("dims_create 72 with (3,0,0): %dx%dx%d\n", dims[0], dims[1], dims[2]);
    /* large node counts return at once (the search visits divisors only), with MPICH's factorisations */
    {
        static const int big[] = { 1000000000, 735134400, 2147483646, 999999937 };
        for (i = 0; i < 4; i++) {
            printf("dims_create %d:", big[i]);
            for (d = 2; d <= 5; d++) {
                for (k = 0; k < d; k++)
                    dims[k] = 0;
                MPI_Dims_create(big[i], d, dims);
                printf(" ");
                for (k = 0; k < d; k++)
                    printf("%s%d", k ? "x" : "", dims[k]);
            }
            printf("\n");
        }
    }
    /* ties of the spread in 5 to 7 dimensions: the larger smallest factor, then second smallest, ... */
    {
        static const int tie[][2] = { { 98784, 5 }, { 958320, 5 }, { 144000, 6 }, { 987840, 6 }, { 450000, 7 },
                                      { 900000, 7 } };
        printf("dims_create ties:");
        for (i = 0; i < 6; i++) {
            for (k = 0; k < tie[i][1]; k++)
                dims[k] = 0;
            MPI_Dims_create(tie[i][0], tie[i][1], dims);
            printf(" %d=", tie[i][0]);
            for (k = 0; k < tie[i][1]; k++)
                printf("%s%d", k ? "x" : "", dims[k]);
        }
        printf("\n");
    }
}

/* For every grid rank, in order: its coordinates and its neighbours in each dimension (source/dest of a
 * shift by disp), printed by cart rank 0. */
static void show_grid(const char *name, MPI_Comm cart, int disp)
{
    int nd, r, n, d, q, k, line[24], *all, per;
    MPI_Cartdim_get(cart, &nd);
    MPI_Comm_rank(cart, &r);
    MPI_Comm_size(cart, &n);
    per = 1 + 3 * nd;
    line[0] = r;
    {
        int coords[8], back;
        MPI_Cart_coords(cart, r, nd, coords);
        MPI_Cart_rank(cart, coords, &back);
        if (back != r)
            errors++;
        for (d = 0; d < nd; d++) {
            int src, dst;
            MPI_Cart_shift(cart, d, disp, &src, &dst);
            line[1 + 3 * d] = coords[d];
            line[2 + 3 * d] = src;
            line[3 + 3 * d] = dst;
        }
    }
    all = (int *)malloc(per * n * sizeof(int));
    MPI_Gather(line, per, MPI_INT, all, per, MPI_INT, 0, cart);
    if (r == 0) {
        printf("%s (shift by %d), per rank: coordinates, then source<dest per dimension\n", name, disp);
        for (q = 0; q < n; q++) {
            printf("  %2d (", q);
            for (d = 0; d < nd; d++)
                printf("%s%d", d ? "," : "", all[q * per + 1 + 3 * d]);
            printf("):");
            for (d = 0; d < nd; d++) {
                for (k = 0; k < 2; k++) {
                    int v = all[q * per + 2 + 3 * d + k];
                    if (v == MPI_PROC_NULL)
                        printf("%s-", k ? "<" : " ");
                    else
                        printf("%s%d", k ? "<" : " ", v);
                }
            }
            printf("\n");
        }
    }
    free(all);
}

static int run(void)
{
    MPI_Comm cart, row, col, torus, ring, small, graph;
    int dims[3], periods[3], remain[2], status, r, n, sum, nd, i, coords[3], newrank, count;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("cart: %d processes\n", size);
    dims_table();

    MPI_Topo_test(MPI_COMM_WORLD, &status);
    if (rank == 0)
        printf("topo_test world: %s\n", status == MPI_UNDEFINED ? "undefined" : "?");

    dims[0] = dims[1] = 0;
    MPI_Dims_create(size, 2, dims);
    periods[0] = 1;
    periods[1] = 0;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    MPI_Topo_test(cart, &status);
    MPI_Cartdim_get(cart, &nd);
    if (rank == 0)
        printf("cart %dx%d, periodic in dimension 0: topo_test %s, %d dimensions\n", dims[0], dims[1],
               status == MPI_CART ? "cart" : "?", nd);
    {
        int gd[2], gp[2], gc[2];
        MPI_Comm_rank(cart, &r);
        MPI_Cart_get(cart, 2, gd, gp, gc);
        MPI_Cart_coords(cart, r, 2, coords);
        if (gd[0] != dims[0] || gd[1] != dims[1] || gp[0] != 1 || gp[1] != 0 || gc[0] != coords[0]
            || gc[1] != coords[1] || r != coords[0] * dims[1] + coords[1])
            errors++;
        report("cart_get, cart_coords agree, row-major ranks");
    }
    show_grid("cart 2-d", cart, 1);

    remain[0] = 0;
    remain[1] = 1;
    MPI_Cart_sub(cart, remain, &row);
    remain[0] = 1;
    remain[1] = 0;
    MPI_Cart_sub(cart, remain, &col);
    MPI_Comm_rank(cart, &r);
    MPI_Cart_coords(cart, r, 2, coords);
    {
        int rr, cr, rn, cn, rsum, csum, rd;
        MPI_Comm_rank(row, &rr);
        MPI_Comm_rank(col, &cr);
        MPI_Comm_size(row, &rn);
        MPI_Comm_size(col, &cn);
        MPI_Allreduce(&r, &rsum, 1, MPI_INT, MPI_SUM, row);
        MPI_Allreduce(&r, &csum, 1, MPI_INT, MPI_SUM, col);
        MPI_Cartdim_get(row, &rd);
        if (rr != coords[1] || cr != coords[0] || rn != dims[1] || cn != dims[0] || rd != 1
            || rsum != coords[0] * dims[1] * dims[1] + dims[1] * (dims[1] - 1) / 2
            || csum != dims[1] * dims[0] * (dims[0] - 1) / 2 + dims[0] * coords[1])
            errors++;
        report("cart_sub rows and columns: ranks, sizes, sums of cart ranks");
    }

    dims[0] = dims[1] = dims[2] = 0;
    MPI_Dims_create(size, 3, dims);
    periods[0] = periods[1] = periods[2] = 1;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 1, &torus);
    show_grid("torus 3-d", torus, 2);

    dims[0] = size;
    periods[0] = 1;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &ring);
    {
        int src, dst, token, got;
        MPI_Comm_rank(ring, &r);
        MPI_Cart_shift(ring, 0, 1, &src, &dst);
        token = r;
        MPI_Sendrecv(&token, 1, MPI_INT, dst, 5, &got, 1, MPI_INT, src, 5, ring, MPI_STATUS_IGNORE);
        if (got != (r + size - 1) % size)
            errors++;
        report("ring: a shift round the periodic 1-d grid");
    }

    dims[0] = size / 2;
    periods[0] = 0;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &small);
    count = small == MPI_COMM_NULL;
    MPI_Reduce(&count, &n, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("cart of %d on %d processes: %d get MPI_COMM_NULL\n", size / 2, size, n);

    dims[0] = dims[1] = 0;
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &newrank);
    {
        int *all = (int *)malloc(size * sizeof(int)), *seen = (int *)calloc(size, sizeof(int)), ok = 1;
        MPI_Gather(&newrank, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            for (i = 0; i < size; i++) {
                if (all[i] < 0 || all[i] >= size || seen[all[i]])
                    ok = 0;
                else
                    seen[all[i]] = 1;
            }
            printf("cart_map %dx%d: every process a distinct rank: %s\n", dims[0], dims[1], ok ? "yes" : "no");
        }
        free(all);
        free(seen);
    }

    /* a graph: a ring in which rank 0 also links to every other rank */
    {
        int *index = (int *)malloc(size * sizeof(int)), *edges = (int *)malloc(4 * size * sizeof(int));
        int ne = 0, nn, nedges, nb, nbrs[64];
        for (i = 0; i < size; i++) {
            if (i == 0) {
                int j;
                for (j = 1; j < size; j++)
                    edges[ne++] = j;
            } else {
                edges[ne++] = (i + size - 1) % size;
                edges[ne++] = (i + 1) % size;
                if (i != 1 && i != size - 1)
                    edges[ne++] = 0;
            }
            index[i] = ne;
        }
        MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
        MPI_Topo_test(graph, &status);
        MPI_Graphdims_get(graph, &nn, &nedges);
        MPI_Comm_rank(graph, &r);
        MPI_Graph_neighbors_count(graph, r, &nb);
        MPI_Graph_neighbors(graph, r, 64, nbrs);
        sum = 0;
        for (i = 0; i < nb; i++)
            sum += nbrs[i];
        {
            int line[2], *all = (int *)malloc(2 * size * sizeof(int)), q;
            line[0] = nb;
            line[1] = sum;
            MPI_Gather(line, 2, MPI_INT, all, 2, MPI_INT, 0, graph);
            if (r == 0) {
                int gi[64], ge[256];
                MPI_Graph_get(graph, 64, 256, gi, ge);
                printf("graph: topo_test %s, %d nodes, %d edges, index[last] %d; neighbours count/sum:",
                       status == MPI_GRAPH ? "graph" : "?", nn, nedges, gi[nn - 1]);
                for (q = 0; q < size; q++)
                    printf(" %d/%d", all[2 * q], all[2 * q + 1]);
                printf("\n");
            }
            free(all);
        }
        free(index);
        free(edges);
    }
    {
        /* an empty graph: MPI_COMM_NULL on every process (MPI-2.2) */
        MPI_Comm none = MPI_COMM_WORLD;
        int idx[1] = { 0 }, edg[1] = { 0 }, err = MPI_Graph_create(MPI_COMM_WORLD, 0, idx, edg, 0, &none);
        if (err != MPI_SUCCESS || none != MPI_COMM_NULL)
            errors++;
        report("graph_create with nnodes 0: MPI_COMM_NULL");
    }

    MPI_Comm_free(&cart);
    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    MPI_Comm_free(&torus);
    MPI_Comm_free(&ring);
    if (small != MPI_COMM_NULL)
        MPI_Comm_free(&small);
    MPI_Comm_free(&graph);
    if (rank == 0)
        printf("cart: %s\n", failed ? "FAILED" : "OK");
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
