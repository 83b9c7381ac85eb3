/* t3d.h: the Cray T3D shell's primitives (libt3d), the T3D sysroot's own (scmpcc -mmachine=t3d).
 * docs/t3d.md specifies each: the network instructions behind it, its timing and what the program sees.
 * Counts are in words of 4 bytes; addresses name the same object on every PE (symmetric data: globals,
 * or memory every PE allocated alike). */
#ifndef _T3D_H
#define _T3D_H

/* This PE's number, 0..t3d_n_pes()-1, and the number of PEs of the partition. */
int t3d_my_pe(void);
int t3d_n_pes(void);

/* The cycle counter (libc's consistent 64-bit read) and the clock it counts: cycles / T3D_CLOCK_MHZ is us. */
unsigned long long __scmp_cycles(void);
#define t3d_cycles() __scmp_cycles()
#define T3D_CLOCK_MHZ 150

/* The shell's status (niustat): bit 0 operations outstanding, bit 1 waiting at the barrier, bit 2 a request
 * open. */
#define T3D_OUTSTANDING 1
#define T3D_AT_BARRIER 2
unsigned t3d_status(void);

/* Remote write of `words` words from local to remote on PE `pe`. It returns at once; the shell reads the
 * local words later, so they must not change before t3d_quiet(). */
void t3d_put(void *remote, const void *local, int words, int pe);
/* Remote write of one word from a register. */
void t3d_put_word(void *remote, long value, int pe);
/* Remote read of `words` words of PE `pe` into local; returns when they have landed (after this PE's earlier
 * operations too). */
void t3d_get(void *local, const void *remote, int words, int pe);
/* Atomically writes `value` at remote on PE `pe` and returns the word it replaced. */
long t3d_swap(void *remote, long value, int pe);
/* Returns PE `pe`'s fetch-and-increment register and adds 1 to it, atomically. */
long t3d_fetch_inc(int pe);
/* Sets PE `pe`'s fetch-and-increment register to `value`; returns when it is set. */
void t3d_fetch_inc_set(long value, int pe);
/* Returns when every operation of this PE has completed: puts landed (and acknowledged), replies in. */
void t3d_quiet(void);

/* The hardware barrier over the partition's PEs: arrive, then wait for the release; or both. */
void t3d_barrier_arrive(void);
void t3d_barrier_wait(void);
void t3d_barrier(void);

/* The data cache, which remote writes do not update: invalidate every line, or the lines over
 * [addr, addr + bytes). The cache is write-through, so invalidating is flushing. */
void t3d_cache_flush(void);
void t3d_cache_invalidate(const void *addr, int bytes);

#endif
