# shmem_put (include/shmem.h, docs/t3d.md "libshmem"): Cray's shmem_put returns when the source may change.
# The shell reads a DMA put's source after the request is handed over, so a put of up to packetWords (4)
# words loads them into registers and sends them as the request's data (one packet, nothing left to read:
# the call returns at once); a longer one is libt3d's DMA put followed by a wait for this PE's operations.

    .text

# void shmem_put(long *target, const long *source, int n, int pe)
    .globl shmem_put
shmem_put:
    blez a2, 9f
    li t0, 4
    blt t0, a2, 5f
    sendh_r a3, 1, a0, 1
    lw t1, 0(a1)
    li t0, 1
    beq a2, t0, 1f
    lw t2, 4(a1)
    li t0, 2
    beq a2, t0, 2f
    lw t3, 8(a1)
    li t0, 3
    beq a2, t0, 3f
    lw t4, 12(a1)
    send2 t1, t2
    send2e t3, t4
    ret
1:
    sende t1
    ret
2:
    send2e t1, t2
    ret
3:
    send2 t1, t2
    sende t3
    ret
5:
    addi sp, sp, -8
    sw ra, 0(sp)
    call t3d_put
    lw ra, 0(sp)
    addi sp, sp, 8
    sendh_i zero, 7, 1
9:
    ret
