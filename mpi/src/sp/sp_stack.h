/* The SP libmpi's two stacks (docs/mpi-sp.md): MPI-LAPI (p2p_lapi.c, the default) and the native stack, MPCI over
 * Pipes over HAL (p2p_mpci.c). MP_MPI_STACK chooses one at MPI_Init; p2p_lapi.c's engine entry points hand every
 * call to the native stack's when __mpi_sp_native is set. */
#ifndef SP_STACK_H
#define SP_STACK_H

struct __mpi_request;

extern int __mpi_sp_native;             /* MP_MPI_STACK=native */
extern int __mpi_sp_eager;              /* MP_EAGER_LIMIT: shorter standard sends are eager (both stacks) */
extern int __mpi_sp_interrupts;         /* MP_CSS_INTERRUPT=yes: interrupt mode (both stacks) */

void __mpi_sp_fence(void);              /* p2p_lapi.c: every message sent is complete at its target */

void __mpci_setup(void);
int __mpci_start_send(struct __mpi_request *r);
int __mpci_start_recv(struct __mpi_request *r);
void __mpci_take_in(void);
void __mpci_flush_sends(void);
void __mpci_comm_ready(void);
void __mpci_fence(void);
void __mpci_barrier_end(void);
void __mpci_get_contexts(int k, int *out);

/* One-sided communication under the native stack (win_mpci.c over p2p_mpci.c): MPCI messages whose kind (word 0's
 * top byte) is MPCI_K_RMA or above. p2p_mpci.c's reader gives their headers (four words) to __mpci_rma_in, which
 * returns how many data bytes follow and sets where they go, and calls __mpci_rma_end when they are all in;
 * both are set when the first window is made. __mpci_rma_send sends a header (word 0: kc) and its data (bytes of them, none when data is 0) now,
 * __mpci_rma_reply leaves it to the list the next MPI call sends (the reader may not write to a stream). */
#define MPCI_K_RMA 7
#define MPCI_RMA_FREE 0x800000          /* an answer's word 0: its data were malloc'd, freed once it has gone */
extern int (*__mpci_rma_in)(int src, const int *h, char **to);
extern void (*__mpci_rma_end)(int src);
void __mpci_rma_send(int node, int kc, int tag, int bytes, int req, const char *data);
void __mpci_rma_reply(int node, int kc, int tag, int bytes, int req, const char *data);

#endif
