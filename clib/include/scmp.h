/* scmp.h - SCMP machine interface: special registers (docs/isa.md, rdsr) for C programs. */
#ifndef _SCMP_H
#define _SCMP_H

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

#endif
