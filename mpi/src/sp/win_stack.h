/* The SP libmpi's one-sided calls under either stack (docs/mpi-sp.md, "One-sided communication"): win_lapi.c's
 * over LAPI (MPI-LAPI) and win_mpci.c's over MPCI's messages (the native stack). Each file includes this after
 * its other headers, naming its calls' prefix first (WIN_STACK_PREFIX: __lapi_ when it names none), so that its
 * definitions of MPI_Win_create, ... (PMPI_Win_create, ... under pmpi.h) take that prefix: __lapi_Put and
 * __mpci_Put. win_mpci.c also defines the PMPI names (and so, by pmpi.h's weak aliases, the MPI ones), each of
 * which calls one of the two by MP_MPI_STACK (__mpi_sp_native), as p2p_lapi.c's engine entry points do. */
#ifndef SP_WIN_STACK_H
#define SP_WIN_STACK_H

#ifndef WIN_STACK_PREFIX
#define WIN_STACK_PREFIX(name) __lapi_##name
#endif

#define WIN_STACK_CALLS(P)                                                                                     \
    int P##Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win);  \
    int P##Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,            \
                        MPI_Win *win);                                                                        \
    int P##Win_free(MPI_Win *win);                                                                            \
    int P##Put(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,            \
               MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);            \
    int P##Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,            \
               MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);            \
    int P##Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,     \
                      MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,        \
                      MPI_Win win);                                                                           \
    int P##Win_fence(int assert, MPI_Win win);                                                                \
    int P##Win_lock(int lock_type, int rank, int assert, MPI_Win win);                                        \
    int P##Win_unlock(int rank, MPI_Win win);

WIN_STACK_CALLS(__lapi_)
WIN_STACK_CALLS(__mpci_)

/* MPI-3's one-sided calls (and MPI-2's MPI_Win_get_group and general active target), both files' too. */
#define WIN_STACK_MPI3_CALLS(P)                                                                                \
    int P##Win_lock_all(int assert, MPI_Win win);                                                             \
    int P##Win_unlock_all(MPI_Win win);                                                                       \
    int P##Win_flush(int rank, MPI_Win win);                                                                  \
    int P##Win_flush_all(MPI_Win win);                                                                        \
    int P##Win_flush_local(int rank, MPI_Win win);                                                            \
    int P##Win_flush_local_all(MPI_Win win);                                                                  \
    int P##Win_sync(MPI_Win win);                                                                             \
    int P##Win_get_group(MPI_Win win, MPI_Group *group);                                                      \
    int P##Get_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, \
                          int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, \
                          int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);            \
    int P##Fetch_and_op(void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,          \
                        MPI_Aint target_disp, MPI_Op op, MPI_Win win);                                        \
    int P##Compare_and_swap(void *origin_addr, void *compare_addr, void *result_addr, MPI_Datatype datatype,   \
                            int target_rank, MPI_Aint target_disp, MPI_Win win);                              \
    int P##Win_post(MPI_Group group, int assert, MPI_Win win);                                                \
    int P##Win_start(MPI_Group group, int assert, MPI_Win win);                                               \
    int P##Win_complete(MPI_Win win);                                                                         \
    int P##Win_wait(MPI_Win win);                                                                             \
    int P##Win_test(MPI_Win win, int *flag);

WIN_STACK_MPI3_CALLS(__lapi_)
WIN_STACK_MPI3_CALLS(__mpci_)

#undef MPI_Win_create
#undef MPI_Win_allocate
#undef MPI_Win_free
#undef MPI_Put
#undef MPI_Get
#undef MPI_Accumulate
#undef MPI_Win_fence
#undef MPI_Win_lock
#undef MPI_Win_unlock
#define MPI_Win_create WIN_STACK_PREFIX(Win_create)
#define MPI_Win_allocate WIN_STACK_PREFIX(Win_allocate)
#define MPI_Win_free WIN_STACK_PREFIX(Win_free)
#define MPI_Put WIN_STACK_PREFIX(Put)
#define MPI_Get WIN_STACK_PREFIX(Get)
#define MPI_Accumulate WIN_STACK_PREFIX(Accumulate)
#define MPI_Win_fence WIN_STACK_PREFIX(Win_fence)
#define MPI_Win_lock WIN_STACK_PREFIX(Win_lock)
#define MPI_Win_unlock WIN_STACK_PREFIX(Win_unlock)

#undef MPI_Win_lock_all
#undef MPI_Win_unlock_all
#undef MPI_Win_flush
#undef MPI_Win_flush_all
#undef MPI_Win_flush_local
#undef MPI_Win_flush_local_all
#undef MPI_Win_sync
#undef MPI_Win_get_group
#undef MPI_Get_accumulate
#undef MPI_Fetch_and_op
#undef MPI_Compare_and_swap
#undef MPI_Win_post
#undef MPI_Win_start
#undef MPI_Win_complete
#undef MPI_Win_wait
#undef MPI_Win_test
#define MPI_Win_lock_all WIN_STACK_PREFIX(Win_lock_all)
#define MPI_Win_unlock_all WIN_STACK_PREFIX(Win_unlock_all)
#define MPI_Win_flush WIN_STACK_PREFIX(Win_flush)
#define MPI_Win_flush_all WIN_STACK_PREFIX(Win_flush_all)
#define MPI_Win_flush_local WIN_STACK_PREFIX(Win_flush_local)
#define MPI_Win_flush_local_all WIN_STACK_PREFIX(Win_flush_local_all)
#define MPI_Win_sync WIN_STACK_PREFIX(Win_sync)
#define MPI_Win_get_group WIN_STACK_PREFIX(Win_get_group)
#define MPI_Get_accumulate WIN_STACK_PREFIX(Get_accumulate)
#define MPI_Fetch_and_op WIN_STACK_PREFIX(Fetch_and_op)
#define MPI_Compare_and_swap WIN_STACK_PREFIX(Compare_and_swap)
#define MPI_Win_post WIN_STACK_PREFIX(Win_post)
#define MPI_Win_start WIN_STACK_PREFIX(Win_start)
#define MPI_Win_complete WIN_STACK_PREFIX(Win_complete)
#define MPI_Win_wait WIN_STACK_PREFIX(Win_wait)
#define MPI_Win_test WIN_STACK_PREFIX(Win_test)

#endif
