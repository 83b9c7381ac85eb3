# The slot engine's primitives (coll_slot.c, docs/mpi.md "Our collectives"), in assembly because they are
# the whole per-hop cost of our small collectives: no frame, no stack, caller-saved registers only
# (docs/abi.md).
#
# struct __coll_slots (d): rec at 0 (this node's records, one per rank), peer at 4 (peer[j] = address of
# this rank's record in rank j's area), nodes at 8 (rank -> node), rank at 12, size at 16.
# struct __coll_rec (128 bytes): data[28] at 0, seq at 112, cred at 116, out at 120, in at 124.

    .text

# void __slot_put(struct __coll_slots *d, int j, const int *w, int n)
# Sends message ++rec[j].out to rank j: the n words at w (word aligned), then the message number, into the
# n words before seq of this rank's record at j and seq itself, one DATA message. First waits, suspending,
# until j has consumed the previous message (rec[j].cred >= number - 1). Up to 6 words go from registers,
# more by DMA; either way w may be reused when this returns.
    .globl __slot_put
    .type __slot_put, @function
__slot_put:
    lw      t6, 0(a0)
    slli    t7, a1, 7
    add     t6, t6, t7              # t6 = &rec[j]
    slli    t7, a1, 2
    lw      t5, 4(a0)
    add     t5, t5, t7
    lw      t5, 0(t5)               # t5 = peer[j]
    lw      t4, 8(a0)
    add     t4, t4, t7
    lw      t4, 0(t4)               # t4 = nodes[j]
    lw      t0, 120(t6)
    addi    t0, t0, 1
    sw      t0, 120(t6)
    addi    t1, t0, -1
.Lput_credit:
    lw      t2, 116(t6)
    bge     t2, t1, .Lput_go
    suspend
    j       .Lput_credit
.Lput_go:
    addi    t3, t5, 112
    slli    t7, a3, 2
    sub     t3, t3, t7
    li      t7, 1
    sendh_rr t4, DATA, t3, t7
    li      t7, 6
    bgt     a3, t7, .Lput_dma
.Lput_pairs:
    li      t7, 2
    blt     a3, t7, .Lput_last
    lw      t2, 0(a2)
    lw      t3, 4(a2)
    send2   t2, t3
    addi    a2, a2, 8
    addi    a3, a3, -2
    j       .Lput_pairs
.Lput_last:
    beqz    a3, .Lput_end
    lw      t2, 0(a2)
    send2e  t2, t0
    ret
.Lput_dma:
    lui     t7, 1
    or      t7, t7, a3
    sendm   a2, t7
.Lput_end:
    sende   t0
    ret
    .size __slot_put, . - __slot_put

# volatile int *__slot_get(struct __coll_slots *d, int j)
# Waits, suspending, until message rec[j].in + 1 from rank j has landed (its number in rec[j].seq, the
# message's last word); returns &rec[j].seq: a message of n words lies in the n words before it.
    .globl __slot_get
    .type __slot_get, @function
__slot_get:
    lw      t6, 0(a0)
    slli    t7, a1, 7
    add     t6, t6, t7
    lw      t0, 124(t6)
    addi    t0, t0, 1
.Lget_wait:
    lw      t1, 112(t6)
    beq     t1, t0, .Lget_done
    suspend
    j       .Lget_wait
.Lget_done:
    addi    a0, t6, 112
    ret
    .size __slot_get, . - __slot_get

# void __slot_ack(struct __coll_slots *d, int j)
# The message from rank j has been consumed: ++rec[j].in, written into j's credit word for this rank
# (a 3-flit DATA message).
    .globl __slot_ack
    .type __slot_ack, @function
__slot_ack:
    lw      t6, 0(a0)
    slli    t7, a1, 7
    add     t6, t6, t7
    slli    t7, a1, 2
    lw      t5, 4(a0)
    add     t5, t5, t7
    lw      t5, 0(t5)
    lw      t4, 8(a0)
    add     t4, t4, t7
    lw      t4, 0(t4)
    lw      t0, 124(t6)
    addi    t0, t0, 1
    sw      t0, 124(t6)
    addi    t5, t5, 116
    li      t7, 1
    sendh_rr t4, DATA, t5, t7
    sende   t0
    ret
    .size __slot_ack, . - __slot_ack

# void __slot_barrier(struct __coll_slots *d)
# Dissemination: for k = 1, 2, 4, ... < size, an empty message to rank + k, then wait for the one from
# rank - k and acknowledge it (ranks modulo size).
    .globl __slot_barrier
    .type __slot_barrier, @function
__slot_barrier:
    lw      a1, 0(a0)               # rec
    lw      a2, 4(a0)               # peer
    lw      a3, 8(a0)               # nodes
    lw      a4, 12(a0)              # rank
    lw      a5, 16(a0)              # size
    li      a6, 1                   # k
.Lbar_loop:
    bge     a6, a5, .Lbar_end
    add     t0, a4, a6              # dst = rank + k, wrapped
    blt     t0, a5, .Lbar_dst
    sub     t0, t0, a5
.Lbar_dst:
    slli    t1, t0, 7
    add     t1, a1, t1              # &rec[dst]
    slli    t2, t0, 2
    add     t3, a2, t2
    lw      t3, 0(t3)               # peer[dst]
    add     t4, a3, t2
    lw      t4, 0(t4)               # nodes[dst]
    lw      t5, 120(t1)
    addi    t5, t5, 1
    sw      t5, 120(t1)
    addi    t6, t5, -1
.Lbar_credit:
    lw      t7, 116(t1)
    bge     t7, t6, .Lbar_put
    suspend
    j       .Lbar_credit
.Lbar_put:
    addi    t3, t3, 112
    li      t7, 1
    sendh_rr t4, DATA, t3, t7
    sende   t5
    sub     t0, a4, a6              # src = rank - k, wrapped
    bgez    t0, .Lbar_src
    add     t0, t0, a5
.Lbar_src:
    slli    t1, t0, 7
    add     t1, a1, t1              # &rec[src]
    lw      t5, 124(t1)
    addi    t5, t5, 1
.Lbar_wait:
    lw      t6, 112(t1)
    beq     t6, t5, .Lbar_got
    suspend
    j       .Lbar_wait
.Lbar_got:
    sw      t5, 124(t1)
    slli    t2, t0, 2
    add     t3, a2, t2
    lw      t3, 0(t3)
    addi    t3, t3, 116
    add     t4, a3, t2
    lw      t4, 0(t4)
    li      t7, 1
    sendh_rr t4, DATA, t3, t7
    sende   t5
    slli    a6, a6, 1
    j       .Lbar_loop
.Lbar_end:
    ret
    .size __slot_barrier, . - __slot_barrier

# void __copy_words(int *dst, const volatile int *src, int n)
# Copies n words (n >= 0), four at a time: slot payloads into user buffers, where memcpy's set-up would
# cost more than the copy.
    .globl __copy_words
    .type __copy_words, @function
__copy_words:
    li      t4, 4
    blt     a2, t4, .Lcw_one
.Lcw_four:
    lw      t0, 0(a1)
    lw      t1, 4(a1)
    lw      t2, 8(a1)
    lw      t3, 12(a1)
    sw      t0, 0(a0)
    sw      t1, 4(a0)
    sw      t2, 8(a0)
    sw      t3, 12(a0)
    addi    a1, a1, 16
    addi    a0, a0, 16
    addi    a2, a2, -4
    bge     a2, t4, .Lcw_four
.Lcw_one:
    beqz    a2, .Lcw_done
    lw      t0, 0(a1)
    sw      t0, 0(a0)
    addi    a1, a1, 4
    addi    a0, a0, 4
    addi    a2, a2, -1
    j       .Lcw_one
.Lcw_done:
    ret
    .size __copy_words, . - __copy_words
