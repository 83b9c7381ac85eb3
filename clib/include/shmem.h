/* shmem.h: the Cray SMA (SHMEM) library for the T3D model (libshmem, part of the T3D sysroot's libt3d;
 * scmpcc -mmachine=t3d). docs/t3d.md ("libshmem") specifies it; it is a thin layer over libt3d (t3d.h), whose
 * primitives docs/t3d.md times.
 *
 * Names and argument orders are Cray's: target first, then source, then the count, then the PE
 * (shmem_put(tgt, src, n, pe)). Counts are in words: a word is a long, 4 bytes. Remote addresses are
 * symmetric: a global or static variable, or a block of the symmetric heap (shmalloc), has the same address
 * on every PE. */
#ifndef _SHMEM_H
#define _SHMEM_H

#include <stddef.h>
#include <t3d.h>

/* This PE's number, 0 .. shmem_n_pes() - 1, and the number of PEs (also by the T3D's older names). */
int shmem_my_pe(void);
int shmem_n_pes(void);
#define _my_pe() shmem_my_pe()
#define _num_pes() shmem_n_pes()

/* Remote write of n words from source (this PE) to target on PE pe. Returns when source may change; the words
 * land later (shmem_quiet waits for them). Puts of one PE to one PE land in the order they were made. */
void shmem_put(long *target, const long *source, int n, int pe);
/* Remote read of n words from source on PE pe to target (this PE); returns when they are here. */
void shmem_get(long *target, const long *source, int n, int pe);
/* Atomically writes value at target on PE pe and returns the word it replaced. */
long shmem_swap(long *target, long value, int pe);

/* The fetch-and-increment register of PE pe (one per PE, 0 at the start): returns its value and adds 1,
 * atomically; sets it (returning when it is set). */
long shmem_fetch_inc(int pe);
void shmem_fetch_inc_set(long value, int pe);

/* Returns when every put, swap and fetch-and-increment of this PE has completed (the puts have landed). */
void shmem_quiet(void);

/* Waiting for a word that other PEs write (each read comes from memory, not the data cache):
 * shmem_wait until *ivar != value; shmem_wait_until until the comparison of *ivar with value holds. */
void shmem_wait(volatile long *ivar, long value);
#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_LE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_GE 5
void shmem_wait_until(volatile long *ivar, int cmp, long value);

/* The hardware barrier over every PE: returns when all have called it. barrier() is the T3D's name;
 * shmem_barrier_all also waits for this PE's puts first (shmem_quiet), so that after it every PE sees them. */
void shmem_barrier_all(void);
void barrier(void);

/* The data cache, which remote writes do not update: flush (invalidate) every line, or the line of one word. */
void shmem_udcflush(void);
void shmem_udcflush_line(const long *addr);

/* The symmetric heap: every PE calls shmalloc with the same size in the same order (collective, a barrier at
 * the end), so a block has the same address everywhere. 8-byte aligned; 0 when the heap is used up. shfree,
 * also collective, gives a block back. The heap is SHMEM_HEAP_BYTES_DEFAULT bytes; a program that needs more
 * writes SHMEM_SYMMETRIC_HEAP(bytes); once at file scope. */
void *shmalloc(size_t bytes);
void shfree(void *ptr);
#define SHMEM_HEAP_BYTES_DEFAULT 65536
#define SHMEM_SYMMETRIC_HEAP(bytes) \
    long long __shmem_heap[((bytes) + 7) / 8]; const long __shmem_heap_bytes = (((bytes) + 7) / 8) * 8

#endif
