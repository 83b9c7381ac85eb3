/* dmsg.h: deposit message passing for the T3D model (libdmsg, scmpcc -mmachine=t3d ... -ldmsg), Stricker et
 * al.'s DMSG (docs/t3d-msg.md, "DMSG"): the sender deposits the data with remote writes straight into its final
 * place in the receiver's memory (symmetric addresses: globals, or blocks of shmalloc), without the receiver
 * taking part. Synchronisation is decoupled from the transfers: the hardware barrier says, before a
 * communication step, that every receiver's destination is free and, after it, that every deposit has landed.
 * Counts and strides are in words (4 bytes). */
#ifndef _DMSG_H
#define _DMSG_H

/* Deposits words words from local to remote on PE pe; returns at once (local must not change until
 * dmsg_sync or dmsg_quiet). */
void dmsg_put(void *remote, const void *local, int words, int pe);
/* The same with strides, in words, at both ends (gather and scatter by the shell, no copy): word i goes from
 * local + 4 i lstride to remote + 4 i rstride. 0 < words < 32768, strides -32768..32767 (lstride >= 0). */
void dmsg_put_strided(void *remote, int rstride, const void *local, int lstride, int words, int pe);
/* Returns when this PE's deposits have landed. */
void dmsg_quiet(void);
/* The hardware barrier alone: every PE has reached it (a receiver's "my destination is free"). */
void dmsg_barrier(void);
/* dmsg_quiet, the hardware barrier and a data cache flush: after it every deposit of every PE has landed and
 * is visible to loads. */
void dmsg_sync(void);
/* The personalized all-to-all (the transpose's exchange): the block of words words at src + 4 j words goes to
 * dst + 4 me words on PE j, for every PE j (itself by a local copy), in n-1 steps, step k to PE me XOR k when
 * the PE count is a power of 2 (me + k mod n otherwise). With phase > 0 a barrier follows every phase steps,
 * the congestion control of the paper: no PE runs ahead into a step whose receivers are still busy. Begins with
 * a barrier (every dst is free) and ends with dmsg_sync. */
void dmsg_alltoall(void *dst, const void *src, int words, int phase);

#endif
