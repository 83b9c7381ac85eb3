/* cartmesh.c - how MPI_Cart_create with reordering places a grid on the physical mesh (docs/mpi.md,
 * "Topologies"): for several grids on all the processes, rank 0 prints how many mesh hops separate grid
 * neighbours (every pair of positions one step apart in one dimension, the wrap-around pairs of periodic
 * dimensions included): the most and the total, with reordering and without. SCMP only: it reads the node
 * each process runs on (getNodeId). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <scmp.h>

static int rank, size;

static int hops(int a, int b)
{
    int X = getXDim(), dx = a % X - b % X, dy = a / X - b / X;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

/* the most and the total hops between grid neighbours of the grid in cart (called by every process) */
static void measure(MPI_Comm cart, int ndims, const int *dims, const int *periods, int *most, int *total)
{
    int n, me = getNodeId(), *node, r, d;
    MPI_Comm_size(cart, &n);
    node = (int *)malloc(n * sizeof(int));
    MPI_Allgather(&me, 1, MPI_INT, node, 1, MPI_INT, cart);
    *most = *total = 0;
    for (r = 0; r < n; r++) {
        int coords[4], q, h;
        MPI_Cart_coords(cart, r, ndims, coords);
        for (d = 0; d < ndims; d++) {
            int c = coords[d];
            if (c + 1 < dims[d] || (periods[d] && dims[d] > 2)) {
                coords[d] = (c + 1) % dims[d];
                MPI_Cart_rank(cart, coords, &q);
                h = hops(node[r], node[q]);
                *total += h;
                if (h > *most)
                    *most = h;
                coords[d] = c;
            }
        }
    }
    free(node);
}

static void grid(int ndims, int d0, int d1, int d2, int p0, int p1, int p2)
{
    int dims[3], periods[3], reorder, most[2], total[2], d;
    MPI_Comm cart;
    dims[0] = d0;
    dims[1] = d1;
    dims[2] = d2;
    periods[0] = p0;
    periods[1] = p1;
    periods[2] = p2;
    for (reorder = 1; reorder >= 0; reorder--) {
        MPI_Cart_create(MPI_COMM_WORLD, ndims, dims, periods, reorder, &cart);
        measure(cart, ndims, dims, periods, &most[reorder], &total[reorder]);
        MPI_Comm_free(&cart);
    }
    if (rank == 0) {
        printf("grid ");
        for (d = 0; d < ndims; d++)
            printf("%s%d%s", d ? "x" : "", dims[d], periods[d] ? "p" : "");
        printf(": neighbours at most %d hops, %d in all (in rank order: %d, %d)\n", most[1], total[1], most[0],
               total[0]);
    }
}

int main(int argc, char **argv)
{
    int X, Y;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    X = getXDim();
    Y = getYDim();
    if (rank == 0)
        printf("cartmesh: %d processes on a %dx%d mesh\n", size, X, Y);
    grid(2, Y, X, 0, 0, 0, 0);          /* the mesh's own shape */
    grid(2, X, Y, 0, 0, 0, 0);          /* transposed */
    grid(1, size, 0, 0, 0, 0, 0);       /* a line */
    grid(1, size, 0, 0, 1, 0, 0);       /* a ring */
    grid(2, Y, X, 0, 1, 1, 0);          /* a torus of the mesh's shape */
    if (size % 8 == 0)
        grid(2, 2, size / 2, 0, 0, 0, 0);
    if (size >= 8 && X % 2 == 0)
        grid(3, Y, 2, X / 2, 0, 0, 0);
    if (rank == 0)
        printf("cartmesh: OK\n");
    MPI_Finalize();
    return 0;
}
