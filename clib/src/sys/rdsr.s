# Special registers (docs/isa.md "Special registers"), one C-callable function each:
#   unsigned __rdsr_NAME(void);
# and the consistent 64-bit cycle counter:
#   unsigned long long __scmp_cycles(void);   (a0 = low word, a1 = high word)

    .text

    .globl __rdsr_nodeid
__rdsr_nodeid:
    rdsr a0, nodeid
    ret

    .globl __rdsr_xdim
__rdsr_xdim:
    rdsr a0, xdim
    ret

    .globl __rdsr_ydim
__rdsr_ydim:
    rdsr a0, ydim
    ret

    .globl __rdsr_tid
__rdsr_tid:
    rdsr a0, tid
    ret

    .globl __rdsr_nctx
__rdsr_nctx:
    rdsr a0, nctx
    ret

    .globl __rdsr_cycle
__rdsr_cycle:
    rdsr a0, cycle
    ret

    .globl __rdsr_cycleh
__rdsr_cycleh:
    rdsr a0, cycleh
    ret

    .globl __rdsr_instret
__rdsr_instret:
    rdsr a0, instret
    ret

    .globl __rdsr_memsize
__rdsr_memsize:
    rdsr a0, memsize
    ret

    .globl __rdsr_heapend
__rdsr_heapend:
    rdsr a0, heapend
    ret

# Read cycleh, cycle, cycleh again; retry if the high word changed in between.
    .globl __scmp_cycles
__scmp_cycles:
    rdsr a1, cycleh
    rdsr a0, cycle
    rdsr t0, cycleh
    bne a1, t0, __scmp_cycles
    ret
