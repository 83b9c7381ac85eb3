/* mpi_machine.h - what libmpi's transport-independent files (datatypes, groups, operations, topologies,
 * attributes, error handlers, the collectives' entry points) need of the machine: its size and this
 * process's place in it (docs/mpi-t3d.md, "Sharing"). On SCMP that is libscmp; on the T3D, libt3d, whose
 * partition is one row of PEs; on the SP, libhal's nodes. */
#ifndef MPI_MACHINE_H
#define MPI_MACHINE_H
#ifdef __T3D__
#include <t3d.h>
#define getXDim() t3d_n_pes()
#define getYDim() 1
#define getNodeId() t3d_my_pe()
unsigned int __rdsr_tid(void);          /* libc: the running thread context */
/* A bound for the request-handle check (pt2pt.c): the T3D model's largest memory, 64 MB. */
#define scmp_memsize() 0x4000000u
/* One thread per PE and no handlers: waiting is polling, which the wait loops do through __mpi_ready_now. */
#define suspendThread() ((void)0)
#define __scmp_niustat() t3d_status()
#define SCMP_NIU_DMA_BUSY T3D_OUTSTANDING
#elif defined(__SP__)
/* The SP: libhal's nodes, one MPI process each (docs/mpi-sp.md). */
#include <hal.h>
#define getXDim() hal_nodes()
#define getYDim() 1
#define getNodeId() hal_my_node()
unsigned int __rdsr_tid(void);          /* libc: the running thread context */
/* A bound for the request-handle check (pt2pt.c): the SP model's largest memory, 64 MB. */
#define scmp_memsize() 0x4000000u
/* Progress is polling inside the MPI calls, which the wait loops do through __mpi_ready_now. */
#define suspendThread() ((void)0)
#define __scmp_niustat() hal_status()
#define SCMP_NIU_DMA_BUSY HAL_SENDING
#else
#include <scmp.h>
#endif
#endif
