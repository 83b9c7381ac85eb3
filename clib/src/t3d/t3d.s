# libt3d: the Cray T3D shell's primitives for C (include/t3d.h), one function each. Every function drives the
# shell with the network instructions docs/t3d.md ("The guest interface") specifies: the head's type field
# selects the operation (1 put, 2 get, 3 swap, 4 fetch-and-increment, 5 its set, 6 barrier arrival, 7 wait,
# 8 cache), and a wait (type 7) with mask 1 blocks until this PE's operations are complete, with mask 2 until
# the barrier has released it. Results of swaps and fetch-and-increments land in a stack slot. What the shell
# writes into this PE's memory (a get's words, those results) bypasses the data cache, so the functions
# invalidate those bytes (type 8) before the program reads them.

    .text

    .globl t3d_my_pe
t3d_my_pe:
    rdsr a0, nodeid
    ret

    .globl t3d_n_pes
t3d_n_pes:
    rdsr a0, xdim
    ret

    .globl t3d_status
t3d_status:
    rdsr a0, niustat
    ret

# void t3d_put(void *remote, const void *local, int words, int pe): a put per 32768 words at most (sendme
# counts in 16 bits), each the head and one DMA block of stride 1 on both sides.
    .globl t3d_put
t3d_put:
    li t0, 0x8000
1:
    blez a2, 3f
    mv t1, a2
    blt a2, t0, 2f
    mv t1, t0
2:
    sendh_r a3, 1, a0, 1
    lui t2, 1
    or t2, t2, t1
    sendme a1, t2
    slli t3, t1, 2
    add a0, a0, t3
    add a1, a1, t3
    sub a2, a2, t1
    j 1b
3:
    ret

# void t3d_put_word(void *remote, long value, int pe)
    .globl t3d_put_word
t3d_put_word:
    sendh_r a2, 1, a0, 1
    sende a1
    ret

# void t3d_get(void *local, const void *remote, int words, int pe): returns once the words have landed.
    .globl t3d_get
t3d_get:
    blez a2, 1f
    sendh_r a3, 2, a1, 1
    send2e a0, a2
    sendh_i zero, 7, 1
    slli t0, a2, 2
    sendh_r zero, 8, a0, 0
    sende t0
1:
    ret

# long t3d_swap(void *remote, long value, int pe)
    .globl t3d_swap
t3d_swap:
    addi sp, sp, -8
    sendh_r a2, 3, a0, 0
    send2e a1, sp
    j 1f

# long t3d_fetch_inc(int pe)
    .globl t3d_fetch_inc
t3d_fetch_inc:
    addi sp, sp, -8
    sendh_i a0, 4, 0
    sende sp
# both: wait for the result in the stack slot, invalidate it in the cache, return it
1:
    sendh_i zero, 7, 1
    li t0, 4
    sendh_r zero, 8, sp, 0
    sende t0
    lw a0, 0(sp)
    addi sp, sp, 8
    ret

# void t3d_fetch_inc_set(long value, int pe): returns once the register is set.
    .globl t3d_fetch_inc_set
t3d_fetch_inc_set:
    sendh_i a1, 5, 0
    sende a0
    sendh_i zero, 7, 1
    ret

    .globl t3d_quiet
t3d_quiet:
    sendh_i zero, 7, 1
    ret

    .globl t3d_barrier_arrive
t3d_barrier_arrive:
    sendh_i zero, 6, 0
    ret

    .globl t3d_barrier_wait
t3d_barrier_wait:
    sendh_i zero, 7, 2
    ret

    .globl t3d_barrier
t3d_barrier:
    sendh_i zero, 6, 0
    sendh_i zero, 7, 2
    ret

# void t3d_cache_flush(void): every line (a byte count of 0)
    .globl t3d_cache_flush
t3d_cache_flush:
    sendh_r zero, 8, zero, 0
    sende zero
    ret

# void t3d_cache_invalidate(const void *addr, int bytes)
    .globl t3d_cache_invalidate
t3d_cache_invalidate:
    sendh_r zero, 8, a0, 0
    sende a1
    ret
