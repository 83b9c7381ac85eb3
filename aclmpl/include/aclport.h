/* aclport.h: the portability layer that ACLMPL is written against (docs/aclmpl.md, "The portability layer").
 *
 * ACLMPL's protocols (aclmpl.h) use nothing of a machine but these operations; each machine model implements
 * them in its own libaclport.a (the SCMP chip's over libscmp: docs/aclmpl.md says how each one maps to DATA
 * and THREAD messages). The names and argument orders follow the Cray SMA library (shmem_put(target, source,
 * words, pe)); counts are in words, a word is a long (4 bytes).
 *
 * Symmetric data: every PE runs the same program image, so a global or static variable has the same address on
 * every PE; remote addresses given to these functions are such addresses (or addresses another PE has sent).
 * Stack and heap addresses are valid only on the PE that owns them.
 */
#ifndef ACLPORT_H
#define ACLPORT_H

#define ACL_MAX_PES 1024    /* the largest partition */

/* This PE's number, 0 .. acl_n_pes() - 1, and the number of PEs that run the program. */
int acl_my_pe(void);
int acl_n_pes(void);

/* Remote write of a block: words [local, local + words) to [remote, remote + words) on PE pe (pe may be this
 * PE). Returns when `local` may be changed; the words land later, in no particular order with respect to other
 * writes. */
void acl_put(void *remote, const void *local, int words, int pe);
/* A remote write of one word from a register. */
void acl_put_word(void *remote, long value, int pe);
/* A block and a signal: writes the block as acl_put does and the signal's sigwords words (1 to 4) at signal on
 * PE pe, so that a PE that sees the signal's word 0 changed sees the whole signal and the whole block: the
 * signal's word 0 lands last. This is the one ordering that ACLMPL's protocols need (data, then the flag that
 * says it is there). A signal placed right before the block (signal + sigwords == remote) may cost less. */
void acl_put_signal(void *remote, const void *local, int words, void *signal, const long *sig, int sigwords,
                    int pe);
/* Remote read: `words` words from [remote ...) on PE pe to [local ...); returns when they have landed. */
void acl_get(void *local, const void *remote, int words, int pe);
/* Atomic swap: writes value at `remote` on PE pe and returns the word that was there. */
long acl_swap(void *remote, long value, int pe);
/* Fetch-and-increment of PE pe's register: returns the old value; the register is incremented atomically
 * with respect to every other PE's fetch-and-increment of it. Every register starts at 0. */
long acl_fetch_inc(int pe);
/* Sets this PE's own fetch-and-increment register to 0 (ACLMPL's "register reset"). */
void acl_fetch_inc_reset(void);
/* Returns when this PE's earlier writes have landed, where the machine can tell (the T3D's shell acknowledges
 * every write); on the SCMP chip, which cannot, when its DMA engine has read them. Orderings that a protocol
 * needs go through acl_put_signal. */
void acl_quiet(void);
/* Barrier over all the PEs of the program. */
void acl_barrier(void);

/* Waiting on words that other PEs write. Every spin loop of ACLMPL waits through these, so that a machine whose
 * remote operations need code on the owner (the SCMP chip's THREAD messages) serves them meanwhile, and a
 * machine with a data cache that remote writes do not update (the T3D) reads memory. */
long acl_wait_change(volatile long *addr, long old);    /* until *addr != old; returns the new value */
void acl_wait_until(volatile long *addr, long value);   /* until *addr == value */
void acl_poll(void);                                    /* one turn of a spin loop that tests something else */
/* Makes loads of [addr, addr + bytes) see what remote writes have put there. */
void acl_invalidate(const void *addr, int bytes);

/* The cycle counter and the clock, for timing. */
unsigned long long acl_cycles(void);
int acl_clock_mhz(void);

/* Runs body(argc, argv, word) on every PE (SPMD) and returns PE 0's result, or 1 when another PE's result is
 * not 0. `word` (a function's address, say) reaches every PE unchanged. Call it from main: on machines where
 * only PE 0 runs main (the SCMP chip), it starts the other PEs, copying the arguments (at most ACL_ARGS_BYTES
 * of strings) to them; where every PE runs main it calls body. */
#define ACL_ARGS_BYTES 1024
int acl_run(int argc, char **argv, int (*body)(int, char **, long), long word);

#endif
