/* scmp.h - SCMP machine interface for C programs: special registers (docs/isa.md, rdsr) and libscmp, the
 * native network library of the thesis's Tables 2.2 and 2.3 (docs/libscmp.md). scmpcc links libscmp.a by
 * default.
 *
 * The machine in one paragraph: a 2D mesh of nodes, each with its own memory holding the same program image
 * at the same addresses (so the address of a function or of a global variable means the same thing on every
 * node), a few hardware thread contexts scheduled cooperatively (a thread runs until it suspends, ends, or
 * blocks on the network), and an NIU that sends two kinds of messages: THREAD (start a new thread on the
 * target node, its data words in a0, a1, ...) and DATA (write words into the target's memory by DMA, a
 * stride apart). Only node 0 runs main; the other nodes run what THREAD messages start there. */
#ifndef _SCMP_H
#define _SCMP_H

/* The thesis's programs include "scmp.h" and nothing else, and use printf and MPI through it (section 6.2:
 * main calls parExecute to run the MPI program's old main, renamed start, on every node). So scmp.h brings
 * in <stdio.h> and, unless SCMP_NO_MPI is defined before it, <mpi.h>; MPI_STATUS_NULL is that
 * implementation's name for MPI_STATUS_IGNORE. (SCMP_NO_MPI is for code compiled without MPI's header on
 * the include path, such as libscmp itself.) */
#include <stdio.h>
#ifndef SCMP_NO_MPI
#include <mpi.h>
#ifndef MPI_STATUS_NULL
#define MPI_STATUS_NULL MPI_STATUS_IGNORE
#endif
#endif

/* ---- Special registers ------------------------------------------------------------------------------ */

unsigned int __rdsr_nodeid(void);   /* this node's number, y * xdim + x */
unsigned int __rdsr_xdim(void);     /* mesh width */
unsigned int __rdsr_ydim(void);     /* mesh height */
unsigned int __rdsr_tid(void);      /* running thread context, 0..nctx-1 */
unsigned int __rdsr_nctx(void);     /* thread contexts per node */
unsigned int __rdsr_cycle(void);    /* cycle counter, low 32 bits */
unsigned int __rdsr_cycleh(void);   /* cycle counter, high 32 bits */
unsigned int __rdsr_instret(void);  /* instructions retired on this node, low 32 bits */
unsigned int __rdsr_memsize(void);  /* bytes of local memory */
unsigned int __rdsr_heapend(void);  /* first byte above the heap */
unsigned long long __scmp_cycles(void); /* the 64-bit cycle counter, read consistently */

#define scmp_nodeid() __rdsr_nodeid()
#define scmp_xdim() __rdsr_xdim()
#define scmp_ydim() __rdsr_ydim()
#define scmp_tid() __rdsr_tid()
#define scmp_nctx() __rdsr_nctx()
#define scmp_memsize() __rdsr_memsize()
#define scmp_cycles() __scmp_cycles()

/* ---- Nodes and threads ------------------------------------------------------------------------------ */

int getNodeId(void);        /* this node's number, 0 .. getXDim()*getYDim()-1, = y * getXDim() + x */
int getXDim(void);          /* mesh width in nodes */
int getYDim(void);          /* mesh height in nodes */

/* Gives up the core so the other ready threads of this node run (cooperative multitasking); the caller
 * continues when its turn comes again, at once if nothing else is ready. Every loop that waits for a
 * message must call it, or the threads the messages start never run. */
void suspendThread(void);

/* Ends the calling thread and frees its context; does not return. Returning from a function that a THREAD
 * message started does the same. (Ending main's thread this way skips exit(): stdout is not flushed and the
 * run ends with status 0 once every node is idle.) */
void endThread(void);

/* ---- THREAD functions (thesis Table 2.2) ----------------------------------------------------------- */

/* How many words createThread and parExecute forward to the function they start: the first
 * SCMP_THREAD_ARGS arguments after the named ones, each an int, unsigned, long, pointer, or a char/short
 * (promoted to int). double, float and long long arguments are not supported (the called function would
 * expect them in FP registers or register pairs). Passing fewer is fine: the function receives leftover
 * words in the parameters it does not use. */
#define SCMP_THREAD_ARGS 5

/* Starts addr(args...) as a new thread on dst_node (which may be this node), then, when addr has returned
 * there, starts callback(result, dst_node) as a new thread on this node, where result is addr's int-class
 * return value (meaningless if addr returns void). callback may be NULL: nothing is reported back. Returns
 * as soon as the request is on its way; it does not wait for addr or callback. */
void createThread(int dst_node, void (*addr)(), void (*callback)(), ...);

/* Runs addr(args...) on nodes 0 .. num_nodes-1, this node included (called directly on this node, as a
 * new thread on the others), and returns when every one of those calls has returned, suspending while it
 * waits. num_nodes must not exceed getXDim()*getYDim(). The thesis's way to start an SPMD program:
 *     int main(int argc, char *argv) { parExecute(getXDim()*getYDim(), start, argc, argv); return 0; }  */
void parExecute(int num_nodes, void (*addr)(), ...);

/* Copies num_words words from node node_id to this node and returns when they have arrived (suspending
 * while it waits): word i is read on node_id at (int *)*src_addr + src_offset + i*src_stride, where
 * *src_addr is the pointer variable src_addr read on node_id (a global: each node's copy may point to
 * its own malloc'd buffer), and written here at (int *)dst_addr + i*dst_stride. src_offset, the strides
 * and num_words are in 32-bit words; strides are taken as signed. Relies on in-order delivery between two
 * nodes (docs/libscmp.md, "Ordering"). */
void getBlock(unsigned node_id, char *dst_addr, unsigned dst_stride, char **src_addr, unsigned src_offset,
              unsigned src_stride, unsigned num_words);

/* ---- DATA functions (thesis Table 2.3) ------------------------------------------------------------- */

/* Writes value at dst_addr on dst_node (one 3-flit DATA message). Returns once the message is queued. */
void sendDataIntValue(int dst_node, int *dst_addr, int value);

/* Writes the 8-byte double value at dst_addr (8-byte aligned) on dst_node, both halves in one 4-flit DATA
 * message. Returns once the message is queued. */
void sendDataFloatValue(int dst_node, double *dst_addr, double value);

/* Sends count words read here at src_addr + i*src_stride to dst_addr + i*dst_stride on dst_node (strides
 * in words, signed; a row sent with src_stride 1 and dst_stride N lands as a column of an N-column matrix).
 * The words are read by the NIU's DMA engine. sendDataBlock returns when the engine has read the whole
 * block, so the source may be changed; sendDataBlockNB returns at once, and the source must then stay
 * unchanged until waitDataBlock() returns. Neither waits for the words to arrive. count <= 0 sends nothing;
 * blocks of more than 65535 words become several messages. */
void sendDataBlock(int dst_node, int *dst_addr, int dst_stride, int *src_addr, int src_stride, int count);
void sendDataBlockNB(int dst_node, int *dst_addr, int dst_stride, int *src_addr, int src_stride, int count);

/* Waits, suspending, until this node's DMA engine has finished reading the blocks being sent. */
void waitDataBlock(void);

/* ---- Waiting and counting -------------------------------------------------------------------------- */

/* Each waits, calling suspendThread() between reads, until the condition holds. */
void waitFlag(volatile int *flag, int value);             /* until *flag == value */
int waitFlagChange(volatile int *flag, int old_value);    /* until *flag != old_value; returns *flag */
void waitCount(volatile int *counter, int target);        /* until *counter >= target (signed) */

/* Adds delta to the int at dst_addr on dst_node, by a 4-flit THREAD message whose handler does the
 * read-modify-write there; additions from many nodes never overwrite each other (unlike DATA writes). */
void sendAddIntValue(int dst_node, volatile int *dst_addr, int delta);

/* sendAddIntValue(dst_node, counter, 1): one completion for a waitCount(counter, n) on dst_node. */
void signalCount(int dst_node, volatile int *counter);

/* ---- Primitives: one network instruction or one whole message per call (docs/libscmp.md) ---------- */

/* niustat bits (docs/isa.md, special registers). */
#define SCMP_NIU_DMA_BUSY 1u        /* the DMA engine is still reading a sendm/sendme block */
#define SCMP_NIU_QUEUE_BUSY 2u      /* the injection queue holds flits not yet in the network */
#define SCMP_NIU_MESSAGE_OPEN 4u    /* a message is open (head sent, tail not yet) */
unsigned __scmp_niustat(void);

void __scmp_suspend(void);                  /* suspend */
void __scmp_endt(void);                     /* endt; does not return */

/* Single instructions. Between a head (__scmp_sendh_*) and the flit that ends the message (__scmp_sende,
 * __scmp_send2e, __scmp_sendme) the NIU belongs to the calling thread: do not suspend or wait in between,
 * and always end the message. stridecount = stride (upper 16 bits, signed, words) : count (lower 16). */
void __scmp_sendh_thread(int node, void (*pc)());           /* sendh_r node, THREAD, pc */
void __scmp_sendh_data(int node, void *addr, int stride);   /* sendh_rr node, DATA, addr, stride */
void __scmp_send2(int w0, int w1);                          /* send2 */
void __scmp_sende(int w);                                   /* sende (ends the message) */
void __scmp_send2e(int w0, int w1);                         /* send2e (ends the message) */
void __scmp_sendm(const void *addr, unsigned stridecount);  /* sendm: DMA, message stays open */
void __scmp_sendme(const void *addr, unsigned stridecount); /* sendme: DMA, ends the message; count >= 1 */

/* Whole THREAD messages: start pc(w0, ...) on node. */
void __scmp_thread1(int node, void (*pc)(), int w0);
void __scmp_thread2(int node, void (*pc)(), int w0, int w1);
void __scmp_thread3(int node, void (*pc)(), int w0, int w1, int w2);
void __scmp_thread4(int node, void (*pc)(), int w0, int w1, int w2, int w3);
void __scmp_thread5(int node, void (*pc)(), int w0, int w1, int w2, int w3, int w4);
void __scmp_thread6(int node, void (*pc)(), int w0, int w1, int w2, int w3, int w4, int w5);
/* n = 1..24 words from memory into a0.. of the new thread (registers r4..r27); words may be reused at once. */
void __scmp_send_thread(int node, void (*pc)(), const int *words, int n);

/* One DATA message of count = 1..65535 words by DMA, strides -32768..32767 words; returns at once. */
void __scmp_sendblock(int node, int *dst, int dst_stride, const int *src, int src_stride, unsigned count);

#endif
