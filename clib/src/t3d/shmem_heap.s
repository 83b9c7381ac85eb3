# The symmetric heap's default arena (include/shmem.h, docs/t3d.md "libshmem"): weak definitions, so that a
# program's SHMEM_SYMMETRIC_HEAP(bytes), which defines both symbols, replaces them. It is .bss, so it is at the
# same address on every PE (they run one image) and costs no file space.

    .bss
    .align 8
    .weak __shmem_heap
__shmem_heap:
    .space 65536

    .data
    .align 4
    .weak __shmem_heap_bytes
__shmem_heap_bytes:
    .word 65536
