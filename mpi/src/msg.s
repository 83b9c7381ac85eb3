# The eager messages of libmpi's own protocol family (docs/mpi.md, "ours"): an envelope of three words and
# up to 21 payload words in one THREAD message, whose data flits load a0..a7, t0..t7 and s0..s7 (r4..r27)
# of the handler's new thread.
#
#   a0 = source node | sequence << 16    a1 = context | bytes << 16    a2 = tag    a3.. = payload

    .text

# void __mpi_eager_send(int node, void (*pc)(), int w0, int w1, int w2, const int *payload, int n)
# One THREAD message to `node` starting `pc`: w0, w1, w2, then n (0..21) words read from payload by the
# core (so the caller may reuse payload at once). Uses only caller-saved registers and no stack.
    .globl __mpi_eager_send
    .type __mpi_eager_send, @function
__mpi_eager_send:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    bnez a6, .Le_words
    sende a4                    # no payload: the tag ends the message
    ret
.Le_words:
    lw t0, 0(a5)
    addi a6, a6, -1
    bnez a6, .Le_more
    send2e a4, t0               # one word: tag and word end it
    ret
.Le_more:
    send2 a4, t0
    addi a5, a5, 4
.Le_loop:                       # a6 >= 1 words left at a5
    addi t1, a6, -2
    blez t1, .Le_last
    lw t2, 0(a5)
    lw t3, 4(a5)
    send2 t2, t3
    addi a5, a5, 8
    mv a6, t1
    b .Le_loop
.Le_last:
    bnez t1, .Le_one            # t1 = -1: one word left
    lw t2, 0(a5)
    lw t3, 4(a5)
    send2e t2, t3
    ret
.Le_one:
    lw t2, 0(a5)
    sende t2
    ret
    .size __mpi_eager_send, . - __mpi_eager_send

# Handler entries: the payload registers go to the new thread's stack, then
# __mpi_eager_arrived(w0, w1, tag, payload) runs; the thread ends when it returns.

# __mpi_eager5: at most 5 payload words (a3..a7).
    .globl __mpi_eager5
    .type __mpi_eager5, @function
__mpi_eager5:
    addi sp, sp, -24
    sw a3, 0(sp)
    sw a4, 4(sp)
    sw a5, 8(sp)
    sw a6, 12(sp)
    sw a7, 16(sp)
    mv a3, sp
    call __mpi_eager_arrived
    endt
    .size __mpi_eager5, . - __mpi_eager5

# __mpi_eager21: up to 21 payload words (a3..a7, t0..t7, s0..s7).
    .globl __mpi_eager21
    .type __mpi_eager21, @function
__mpi_eager21:
    addi sp, sp, -88
    sw a3, 0(sp)
    sw a4, 4(sp)
    sw a5, 8(sp)
    sw a6, 12(sp)
    sw a7, 16(sp)
    sw t0, 20(sp)
    sw t1, 24(sp)
    sw t2, 28(sp)
    sw t3, 32(sp)
    sw t4, 36(sp)
    sw t5, 40(sp)
    sw t6, 44(sp)
    sw t7, 48(sp)
    sw s0, 52(sp)
    sw s1, 56(sp)
    sw s2, 60(sp)
    sw s3, 64(sp)
    sw s4, 68(sp)
    sw s5, 72(sp)
    sw s6, 76(sp)
    sw s7, 80(sp)
    mv a3, sp
    call __mpi_eager_arrived
    endt
    .size __mpi_eager21, . - __mpi_eager21
