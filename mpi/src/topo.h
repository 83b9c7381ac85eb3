/* A communicator's process topology (topo.c: Cartesian grids and graphs; distgraph.c: distributed graphs,
 * MPI-2.2; neighbor.c: the neighbourhood collectives over all three). */
#ifndef MPI_TOPO_H
#define MPI_TOPO_H

struct __mpi_topo {
    int kind;               /* MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH */
    int ndims;              /* Cartesian; a distributed graph: whether it is weighted */
    int *dims;
    int *periods;
    int nnodes;             /* graph; a distributed graph: the in-degree */
    int nedges;             /* graph; a distributed graph: the out-degree */
    int *index;             /* graph; a distributed graph: sources, their weights, destinations, their weights */
    int *edges;
};

/* How MPI_Comm_dup copies a distributed graph (set by distgraph.c when it makes one; topo.c calls it). */
extern struct __mpi_topo *(*__mpi_dist_graph_dup)(struct __mpi_topo *t);

#endif
