#!/usr/bin/env python3
"""Generates MPI-4's large-count functions (the `_c` bindings) of libmpi (docs/mpi.md, "Large counts"): their
prototypes in mpi/include/mpi.h, between its BEGIN LARGE COUNT and END LARGE COUNT lines, and the wrappers in
mpi/src/large.c, between its BEGIN GENERATED and END GENERATED lines. Each wrapper converts its MPI_Count and
MPI_Aint arguments to the int (or MPI_Aint) ones of the function libmpi has, checking that each value fits, calls
that function, and widens what it gives back. A value that does not fit is an error through the communicator's
(or the window's) handler: MPI_ERR_COUNT for a count, MPI_ERR_ARG for a displacement, a bound, an extent or a
displacement unit. A receive's count is only a limit (no message is larger than a node's memory), so a larger one
is cut to what an int can say of the datatype. The functions written by hand in large.c (MPI_Get_count_c,
MPI_Get_elements_c, MPI_Op_create_c) are listed in HAND. The persistent collectives' `_init_c` forms hand their
converted arrays to the request (pcoll.c's __mpi_pcoll_keep), which keeps copies until it is freed. Run it after changing SPEC, then scripts/gen-pmpi.py:
    scripts/gen-mpi-c.py && scripts/gen-pmpi.py"""
import os
import re

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
header = os.path.join(root, "mpi", "include", "mpi.h")
source = os.path.join(root, "mpi", "src", "large.c")

# The C bindings of MPI-4.0 for the functions libmpi has, in mpi.h's order.
SPEC = """
int MPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Buffer_attach_c(void *buffer, MPI_Count size);
int MPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size);
int MPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int
    recvtag, MPI_Comm comm, MPI_Status *status);
int MPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
int MPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype, MPI_Datatype
    *newtype);
int MPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
    MPI_Datatype *newtype);
int MPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count
    array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count
    array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count
    array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count
    array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
int MPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype);
int MPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
int MPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
int MPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[], const MPI_Count array_of_subsizes[],
    const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
    MPI_Count *position, MPI_Comm comm);
int MPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount,
    MPI_Datatype datatype, MPI_Comm comm);
int MPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size);
int MPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size);
int MPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status
    *status);
int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
    MPI_Request *request);
int MPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request
    *request);
int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void
    *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status
    *status);
int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void
    *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request
    *request);
int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
    int recvtag, MPI_Comm comm, MPI_Request *request);
int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
    MPI_Comm comm);
int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm);
int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count
    recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype
    sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count
    recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
    sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm
    comm);
int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
    MPI_Op op, MPI_Comm comm);
int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm);
int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm);
int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
    MPI_Op op, MPI_Comm comm);
int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype
    sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype
    recvtypes[], MPI_Comm comm);
int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op);
int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request
    *request);
int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
    MPI_Comm comm, MPI_Request *request);
int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm, MPI_Request *request);
int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count
    recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype
    sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request
    *request);
int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
    MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
    sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm
    comm, MPI_Request *request);
int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype
    sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype
    recvtypes[], MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
    MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
    MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm, MPI_Request *request);
int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm, MPI_Request *request);
int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
    MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
    MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype
    recvtype, MPI_Comm comm);
int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
    MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const
    MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
    MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
    MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype
    recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
    MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const
    MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
int MPI_Win_create_c(void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win);
int MPI_Win_allocate_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win
    *win);
int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
    MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win);
int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint
    target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win);
int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
    MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void
    *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
    MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
    MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint
    target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int
    target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
    MPI_Request *request);
int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void
    *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
    MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
int MPI_Win_allocate_shared_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
    MPI_Win *win);
int MPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr);
int MPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[], const int
    array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype,
    MPI_Datatype *newtype);
int MPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count
    array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses, MPI_Count
    *num_large_counts, MPI_Count *num_datatypes, int *combiner);
int MPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses, MPI_Count
    max_large_counts, MPI_Count max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Count
    array_of_large_counts[], MPI_Datatype array_of_datatypes[]);
int MPI_Pack_external_c(const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void
    *outbuf, MPI_Count outsize, MPI_Count *position);
int MPI_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position, void
    *outbuf, MPI_Count outcount, MPI_Datatype datatype);
int MPI_Pack_external_size_c(const char datarep[], MPI_Count incount, MPI_Datatype datatype, MPI_Count *size);
int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status);
int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request);
int MPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op);
int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
    MPI_Request *request);
int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count
    recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
    MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
    MPI_Request *request);
int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const
    MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
    MPI_Request *request);
int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype
    sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
    MPI_Request *request);
int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype
    sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm
    comm, MPI_Info info, MPI_Request *request);
int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const
    MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const
    MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int
    root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
    MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype
    datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm
    comm, MPI_Info info, MPI_Request *request);
int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
    MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
    MPI_Request *request);
int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
    MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype
    recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
    const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const
    MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request);
"""

HAND = {"MPI_Get_count_c", "MPI_Get_elements_c", "MPI_Op_create_c", "MPI_Type_get_envelope_c",
        "MPI_Type_get_contents_c"}

# Receive counts: a limit, cut to what fits (the function, the count, its datatype).
RECV = {("MPI_Recv_c", "count"): "datatype", ("MPI_Irecv_c", "count"): "datatype",
        ("MPI_Recv_init_c", "count"): "datatype", ("MPI_Sendrecv_c", "recvcount"): "recvtype",
        ("MPI_Isendrecv_c", "recvcount"): "recvtype", ("MPI_Mrecv_c", "count"): "datatype",
        ("MPI_Imrecv_c", "count"): "datatype"}
# Sizes of buffers that are only limits likewise (bytes).
LIMIT = {("MPI_Pack_c", "outsize"), ("MPI_Unpack_c", "insize"), ("MPI_Pack_external_c", "outsize"),
         ("MPI_Unpack_external_c", "insize")}
# In-out scalars.
INOUT = {"position"}
# Counts significant only at a rooted collective's root: elsewhere ignored (passed on as 0), as the standard says.
ROOTED = {("MPI_Gather_c", "recvcount"), ("MPI_Igather_c", "recvcount"), ("MPI_Scatter_c", "sendcount"),
          ("MPI_Iscatter_c", "sendcount"), ("MPI_Gather_init_c", "recvcount"), ("MPI_Scatter_init_c", "sendcount")}

# The length of each array argument, and when it is significant (else it is passed on as a null pointer).
V = "__lc_peers(comm)"
ROOT = "__lc_root(comm, root)"
NOTINPLACE = "sendbuf != MPI_IN_PLACE"
ARRAYS = {}
for f in ("MPI_Gatherv_c", "MPI_Igatherv_c", "MPI_Scatterv_c", "MPI_Iscatterv_c", "MPI_Gatherv_init_c",
          "MPI_Scatterv_init_c"):
    ARRAYS[f] = {"recvcounts": (V, ROOT), "sendcounts": (V, ROOT), "displs": (V, ROOT)}
for f in ("MPI_Allgatherv_c", "MPI_Iallgatherv_c", "MPI_Allgatherv_init_c"):
    ARRAYS[f] = {"recvcounts": (V, None), "displs": (V, None)}
for f in ("MPI_Alltoallv_c", "MPI_Ialltoallv_c", "MPI_Alltoallw_c", "MPI_Ialltoallw_c", "MPI_Alltoallv_init_c",
          "MPI_Alltoallw_init_c"):
    ARRAYS[f] = {"sendcounts": (V, NOTINPLACE), "sdispls": (V, NOTINPLACE), "recvcounts": (V, None),
                 "rdispls": (V, None)}
for f in ("MPI_Reduce_scatter_c", "MPI_Ireduce_scatter_c", "MPI_Reduce_scatter_init_c"):
    ARRAYS[f] = {"recvcounts": ("__lc_local(comm)", None)}
for f in ("MPI_Neighbor_allgatherv_c", "MPI_Neighbor_alltoallv_c", "MPI_Neighbor_alltoallw_c",
          "MPI_Ineighbor_allgatherv_c", "MPI_Ineighbor_alltoallv_c", "MPI_Ineighbor_alltoallw_c",
          "MPI_Neighbor_allgatherv_init_c", "MPI_Neighbor_alltoallv_init_c", "MPI_Neighbor_alltoallw_init_c"):
    ARRAYS[f] = {"recvcounts": ("__lc_degree(comm, 0)", None), "displs": ("__lc_degree(comm, 0)", None),
                 "rdispls": ("__lc_degree(comm, 0)", None), "sendcounts": ("__lc_degree(comm, 1)", None),
                 "sdispls": ("__lc_degree(comm, 1)", None)}
for f in ("MPI_Type_indexed_c", "MPI_Type_create_hindexed_c", "MPI_Type_create_indexed_block_c",
          "MPI_Type_create_struct_c", "MPI_Type_create_hindexed_block_c"):
    ARRAYS[f] = {"array_of_blocklengths": ("count_", None), "array_of_displacements": ("count_", None)}
ARRAYS["MPI_Type_create_darray_c"] = {"array_of_gsizes": ("ndims", None)}
ARRAYS["MPI_Type_create_subarray_c"] = {n: ("ndims", None) for n in
                                        ("array_of_sizes", "array_of_subsizes", "array_of_starts")}
# Arrays of counts (MPI_ERR_COUNT when one does not fit); the others are displacements (MPI_ERR_ARG).
COUNTS = {"recvcounts", "sendcounts", "array_of_blocklengths", "array_of_sizes", "array_of_subsizes",
          "array_of_starts", "array_of_gsizes"}


def params(text):
    """[(type, name, is_array)] of a parameter list; a parameter declared with [] is an array."""
    out = []
    for p in " ".join(text.split()).split(","):
        p = p.strip()
        if p == "void":
            continue
        if p == "...":
            out.append(("...", "...", False))
            continue
        m = re.match(r"(.*?)(\w+)\s*(\[\]\[3\]|\[\])?$", p)
        t, n, arr = m.group(1).strip(), m.group(2), m.group(3)
        t = re.sub(r"\s*\*\s*", " *", t).strip()
        if arr == "[]":
            t += " *"
        elif arr:
            t += " (*)[3]"
        out.append((t, n, bool(arr)))
    return out


def bare(t):
    return t.replace("const ", "").replace(" ", "")


def base_prototypes(src):
    if "/* BEGIN PMPI" in src:
        src = src[:src.index("/* BEGIN PMPI")]
    return {m.group(2): params(re.sub(r"/\*.*?\*/", "", m.group(3), flags=re.S))
            for m in re.finditer(r"^(int|double|MPI_Aint)\s+(MPI_\w+)\((.*?)\);", src, re.M | re.S)}


def declare(t, n):
    if t.endswith("(*)[3]"):
        return t.replace("(*)", "(*%s)" % n)
    return t + ("" if t.endswith("*") else " ") + n


def wrapper(name, cparams, bparams):
    fn = '"%s"' % name
    names = [p[1] for p in cparams]
    if "comm" in names:
        err, nomem = "__mpi_error(comm, %s, " + fn + ")", "__mpi_no_mem(comm, " + fn + ", %s)"
    elif "win" in names:
        err, nomem = "__mpi_win_error(win, %s, " + fn + ")", "__mpi_win_no_mem(win, " + fn + ", %s)"
    else:
        err, nomem = ("__mpi_error(MPI_COMM_WORLD, %s, " + fn + ")",
                      "__mpi_no_mem(MPI_COMM_WORLD, " + fn + ", %s)")
    decl, pre, arrays, args, post, frees = [], [], [], [], [], []
    for (ct, n, carr), (bt, bn, barr) in zip(cparams, bparams):
        c, b = bare(ct), bare(bt)
        if c == b:
            args.append("(%s)%s" % (bt, n) if "*" in bt and ct != bt else n)
        elif c == "MPI_Count" and b == "int":
            decl.append("int %s_;" % n)
            if (name, n) in RECV:
                pre.append("%s_ = __lc_recv_count(%s, %s);" % (n, n, RECV[(name, n)]))
            elif (name, n) in ROOTED:
                pre.append("%s_ = 0;" % n)
                pre.append("if (__lc_root(comm, root)) {")
                pre.append("    if (!__lc_int(%s))\n            return %s;" % (n, err % "MPI_ERR_COUNT"))
                pre.append("    %s_ = (int)%s;" % (n, n))
                pre.append("}")
            elif (name, n) in LIMIT:
                pre.append("if (%s < INT_MIN)\n        return %s;" % (n, err % "MPI_ERR_COUNT"))
                pre.append("%s_ = %s > INT_MAX ? INT_MAX : (int)%s;" % (n, n, n))
            else:
                pre.append("if (!__lc_int(%s))\n        return %s;" % (n, err % "MPI_ERR_COUNT"))
                pre.append("%s_ = (int)%s;" % (n, n))
            args.append(n + "_")
        elif (c, b) in (("MPI_Count", "MPI_Aint"), ("MPI_Aint", "int")):
            decl.append("%s %s_;" % (b, n))
            test = "__lc_int" if b == "int" else "__lc_aint"
            if (name, n) in LIMIT and b == "MPI_Aint":
                pre.append("if (%s < LONG_MIN)\n        return %s;" % (n, err % "MPI_ERR_ARG"))
                pre.append("%s_ = %s > LONG_MAX ? LONG_MAX : (MPI_Aint)%s;" % (n, n, n))
            else:
                pre.append("if (!%s(%s))\n        return %s;" % (test, n, err % "MPI_ERR_ARG"))
                pre.append("%s_ = (%s)%s;" % (n, b, n))
            args.append(n + "_")
        elif carr:
            length, when = ARRAYS[name][n]
            to = b.rstrip("*")
            code = "MPI_ERR_COUNT" if n in COUNTS else "MPI_ERR_ARG"
            conv = {("MPI_Count", "int"): "__lc_count_ints", ("MPI_Aint", "int"): "__lc_aint_ints",
                    ("MPI_Count", "MPI_Aint"): "__lc_count_aints"}[(c.rstrip("*"), to)]
            decl.append("%s *%s_ = 0;" % (to, n))
            cond = "" if when is None else "%s && " % when
            arrays.append("if (err == MPI_SUCCESS && %s%s)\n        err = %s(&%s_, %s, %s, %s);"
                          % (cond, n, conv, n, n, length, code))
            args.append(n + "_")
            frees.append("free(%s_);" % n)
        elif c.endswith("*") and b.endswith("*"):
            to = b.rstrip("*")
            decl.append("%s %s_;" % (to, n))
            if n in INOUT:
                test = "__lc_int" if to == "int" else "__lc_aint"
                pre.append("if (%s && !%s(*%s))\n        return %s;" % (n, test, n, err % "MPI_ERR_ARG"))
                pre.append("if (%s)\n        %s_ = (%s)*%s;" % (n, n, to, n))
            args.append("%s ? &%s_ : 0" % (n, n))
            post.append("if (err == MPI_SUCCESS && %s)\n        *%s = %s_;" % (n, n, n))
        else:
            raise SystemExit("%s: no conversion from %s to %s" % (name, ct, bt))
    base = name[:-2]
    body = ["int %s(%s)" % (name, ", ".join(declare(t, n) for t, n, _ in cparams)), "{"]
    if arrays or post:
        decl.append("int err = MPI_SUCCESS;")
    body += ["    " + d for d in decl]
    body += ["    " + p for p in pre]
    body += ["    " + a for a in arrays]
    call = "%s(%s)" % (base, ", ".join(args))
    if arrays:
        body.append("    if (err != MPI_SUCCESS) {")
        body += ["        " + f for f in frees]
        body.append("        if (err == MPI_ERR_NO_MEM)")
        body.append("            return %s;" % (nomem % "__lc_asked"))
        body.append("        return %s;" % (err % "err"))
        body.append("    }")
    if arrays or post:
        body.append("    err = %s;" % call)
        if arrays and name.endswith("_init_c"):
            # a persistent collective keeps its arrays until it is freed: it takes copies of the converted ones
            # (pcoll.c) before they are freed here; the lengths of its send side and its receive side
            side = {"send": "0", "recv": "0"}
            for n, (length, _) in ARRAYS[name].items():
                if n in names:
                    s_ = "send" if n.startswith("send") or n == "sdispls" or (n == "displs" and "sendcounts" in names) \
                        else "recv"
                    side[s_] = length
            body.append("    if (err == MPI_SUCCESS)")
            body.append("        err = __mpi_pcoll_keep(request, %s, %s, %s);" % (side["send"], side["recv"], fn))
        body += ["    " + f for f in frees]
        body += ["    " + p for p in post]
        body.append("    return err;")
    else:
        body.append("    return %s;" % call)
    body.append("}")
    return "\n".join(wrap(line) for line in "\n".join(body).split("\n"))


def wrap(line, width=118):
    """A line longer than width broken after commas, continued under the character after its first '('."""
    if len(line) <= width or "(" not in line:
        return line
    indent = " " * (line.index("(") + 1)
    out, cur = [], ""
    for word in re.split(r"(?<=,) ", line):
        if cur and len(cur) + 1 + len(word) > width:
            out.append(cur)
            cur = indent + word
        else:
            cur = cur + " " + word if cur else word
    out.append(cur)
    return "\n".join(out)


def main():
    hsrc = open(header).read()
    begin, end = "/* BEGIN LARGE COUNT", "/* END LARGE COUNT */\n"
    if begin in hsrc:      # the block and the blank line after it
        hsrc = hsrc[:hsrc.index(begin)] + hsrc[hsrc.index(end) + len(end) + 1:]
    bases = base_prototypes(hsrc)
    decls = [d.strip() for d in " ".join(SPEC.split("\n")).split(";") if d.strip()]
    protos, funcs = [], []
    for d in decls:
        m = re.match(r"int (MPI_\w+_c)\((.*)\)$", " ".join(d.split()))
        name, cp = m.group(1), params(m.group(2))
        base = name[:-2]
        if base not in bases:
            raise SystemExit("%s: libmpi has no %s" % (name, base))
        if len(bases[base]) != len(cp) and name not in HAND:
            raise SystemExit("%s: %d parameters, %s has %d" % (name, len(cp), base, len(bases[base])))
        protos.append(" ".join(d.split()).replace("( ", "(") + ";")
        if name not in HAND:
            funcs.append(wrapper(name, cp, bases[base]))
    # mpi.h: the prototypes, wrapped at 118 columns
    lines = ["/* BEGIN LARGE COUNT: MPI-4's large-count functions (large.c; scripts/gen-mpi-c.py) */",
             "typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len, MPI_Datatype *datatype);"]
    for p in protos:
        line, indent = "", " " * (p.index("(") + 1)
        for word in re.split(r"(?<=,) ", p):
            if line and len(line) + 1 + len(word) > 118:
                lines.append(line)
                line = indent + word
            else:
                line = line + " " + word if line else word
        lines.append(line)
    lines.append(end)
    at = hsrc.index("/* ---- Info objects")
    hsrc = hsrc[:at] + "\n".join(lines) + "\n" + hsrc[at:]
    open(header, "w").write(hsrc)
    # large.c: the wrappers
    csrc = open(source).read()
    gb, ge = "/* BEGIN GENERATED", "/* END GENERATED */\n"
    block = gb + " by scripts/gen-mpi-c.py: do not edit */\n\n" + "\n\n".join(funcs) + "\n\n" + ge
    csrc = csrc[:csrc.index(gb)] + block + csrc[csrc.index(ge) + len(ge):]
    open(source, "w").write(csrc)
    print("%d functions, %d generated" % (len(protos), len(funcs)))


main()
